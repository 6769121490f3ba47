"""A club's default language (issue 35): set through the API and the club page's form (the
core refuses a code that is not one of ours, naming ``language``), kept by a backup, taken by
the club's pages for a browser that asks for none of ours, by its published site and by its
letters of results."""

from __future__ import annotations

import json
import re
import socket
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.club import ClubError, RosterEntry, check_language
from bridgescore.club.mail import SmtpSettings, plan_team_letters
from bridgescore.events import Entrant, Event, EventKind
from bridgescore.locale import LANGUAGES, use
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.backup import BackupError, export_club, import_club
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.outbox import OutboxStore
from bridgescore.web import Settings
from bridgescore.web.mail import letter_words
from bridgescore.web.site import club_slug
from tests.conftest import (
    PASSWORD,
    auth,
    club_evenings,
    create_app,
    csrf,
    give_emails,
    make_club,
    run,
)
from tests.helpers import html_lang


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}")))


def test_every_language_of_ours_is_a_clubs_language_and_nothing_else_is() -> None:
    assert {check_language(code) for code in LANGUAGES} == set(LANGUAGES)
    for bad in ("xx", "fr-FR", "f", " ", 7, "en" * 500):
        if bad == " ":
            assert check_language(bad) is None
            continue
        with pytest.raises(ClubError) as caught:
            check_language(bad)
        assert caught.value.field == "language"


def test_the_api_sets_the_language_and_names_the_field_it_refuses(client: TestClient) -> None:
    with client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        head = auth(token)
        assert client.get("/api/club/public", headers=head).json()["language"] is None
        body = {"players": "names", "correction_hours": 24}
        put = client.put("/api/club/public", headers=head, json={**body, "language": "fr"})
        assert put.status_code == 200, put.text
        assert client.get("/api/club/public", headers=head).json()["language"] == "fr"
        bad = client.put("/api/club/public", headers=head, json={**body, "language": "xx"})
        assert bad.status_code == 422
        assert "language" in json.dumps(bad.json()["detail"])
        assert client.get("/api/club/public", headers=head).json()["language"] == "fr"
        cleared = client.put("/api/club/public", headers=head,
                             json={"players": "names", "correction_hours": 24})  # fmt: skip
        assert cleared.json()["language"] is None


def test_the_club_page_sets_the_language_and_speaks_it_to_a_browser_asking_none(
    client: TestClient,
) -> None:
    with client:
        make_club(client, "Acol BC", "1234", "td@acol.example")
        client.post("/login", data={"email": "td@acol.example", "password": PASSWORD,
                                    "csrf": csrf(client, "/login")})  # fmt: skip
        assert html_lang(client.get("/club").text) == "en"
        token = csrf(client, "/club")
        done = client.post("/club/language", data={"language": "fr", "csrf": token},
                           follow_redirects=False)  # fmt: skip
        assert done.status_code == 303
        page = client.get("/club").text
        assert html_lang(page) == "fr"
        assert '<option value="fr" lang="fr" selected>' in page
        assert "Langue par défaut" in page
        # the browser's own language first, then its switch above all
        assert html_lang(client.get("/club", headers={"Accept-Language": "de"}).text) == "de"
        client.cookies.set("bs_lang", "nl")
        assert html_lang(client.get("/club", headers={"Accept-Language": "de"}).text) == "nl"
        client.cookies.delete("bs_lang")
        bad = client.post("/club/language", data={"language": "xx", "csrf": token})
        assert bad.status_code == 422
        assert 'id="language-problem"' in bad.text
        assert "langue &#39;xx&#39; : une de de, en" in bad.text  # the page's language
        assert html_lang(client.get("/").text) == "en"  # a page of no club: English still


def test_a_backup_keeps_the_language_and_refuses_one_that_is_not_ours(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'a.db'}") as store:
        clubs = ClubStore(store)
        club = clubs.create_club("Acol BC", "1234", "EBU")
        clubs.set_language(club.id, "pl")
        data = json.loads(json.dumps(export_club(store, club.id)))
    assert data["club"]["language"] == "pl"
    with Store(f"sqlite:///{tmp_path / 'b.db'}") as store:
        imported = import_club(store, data)
        assert ClubStore(store).club(imported.club.id).language == "pl"
    older = json.loads(json.dumps(data))
    del older["club"]["language"]  # a file written before the column
    with Store(f"sqlite:///{tmp_path / 'c.db'}") as store:
        assert ClubStore(store).club(import_club(store, older).club.id).language is None
    for bad in ("xx", 12):
        data["club"]["language"] = bad
        url = f"sqlite:///{tmp_path / f'd{bad}.db'}"
        with Store(url) as store, pytest.raises(BackupError) as caught:
            import_club(store, data)
        assert caught.value.field == "club.language"


@pytest.fixture
def evening(tmp_path: Path) -> tuple[str, str, str]:
    """A club's closed evening, every player on the roster with an email."""
    url = f"sqlite:///{tmp_path / 'e.db'}"
    club_id, (game_id,) = club_evenings(url, 1, dd=False)
    with Store(url) as store:
        clubs = ClubStore(store)
        give_emails(clubs, club_id)
    return url, club_id, game_id


def test_the_clubs_pages_fall_back_to_its_language(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        club = ClubStore(store).set_language(club_id, "fr")
    with TestClient(create_app(Settings(database_url=url))) as client:
        site = client.get(f"/clubs/{club_slug(club)}/")
        assert site.status_code == 200
        assert html_lang(site.text) == "fr"
        assert html_lang(client.get(f"/clubs/{club_slug(club)}/evenings/{game_id}/").text) == "fr"
        assert html_lang(client.get(f"/live/{game_id}/table").text) == "fr"
        assert html_lang(client.get(f"/live/{game_id}/director").text) == "fr"
        asked = client.get(f"/live/{game_id}/table", headers={"Accept-Language": "es"})
        assert html_lang(asked.text) == "es"
        assert html_lang(client.get("/calculator").text) == "en"  # no club's page


def test_the_letters_are_in_the_clubs_language(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        token = clubs.edit_token(game_id)
        with TestClient(create_app(Settings(database_url=url))) as client:
            english = client.get(f"/api/sessions/{game_id}/emails", headers=auth(token)).json()
            clubs.set_language(club_id, "de")
            # the club's language, whatever the director's browser asks for
            asking = {**auth(token), "Accept-Language": "fr"}
            german = client.get(f"/api/sessions/{game_id}/emails", headers=asking).json()
    assert english["letters"]
    assert len(english["letters"]) == len(german["letters"])
    for en, de in zip(english["letters"], german["letters"], strict=True):
        assert en["text"].startswith("Dear ")
        assert "Your scorecard for" in en["text"]
        assert de["text"].startswith("Liebe ")
        assert "Ihre Scorekarte" in de["subject"]
        assert "Ihre Scorekarte für" in de["text"]
        assert "Alle Ergebnisse: http" in de["text"]
        assert "Dear" not in de["text"]
        assert "scorecard" not in de["text"]
        percent = re.search(r"\((\d+),(\d\d) %\)", de["text"])  # a German decimal comma
        assert percent, de["text"]
        english_percent = re.search(r"\((\d+)\.(\d\d)%\)", en["text"])
        assert english_percent
        assert english_percent.groups() == percent.groups()
        assert "Board  Saß  Gegen" in de["text"]
        assert de["pair"] == en["pair"]  # the API's label stays the movement's
        assert "OW " in de["text"]  # every letter meets or is an EW pair: said OW in German
        assert "EW " not in de["text"]
        assert "EW " in en["text"]


def test_a_team_letter_in_german_says_its_matches_and_standings() -> None:
    team = Entrant(
        "A", tuple(Player(n, str(i)) for i, n in enumerate(("Pia", "Quin", "R", "S"), 1))
    )
    event = Event(EventKind.ROUND_ROBIN, "RR", (team, Entrant("B")), 1, 2).draw_next()
    roster = [RosterEntry(1, Player("Pia", "1"), email="p@example.org"),
              RosterEntry(2, Player("Quin", "2"), email="p@example.org")]  # fmt: skip
    with use("de"):
        words = letter_words()
        plan = plan_team_letters(event, roster, link="https://x.example/event/1",
                                 provisional=True, date="2026-12-02", words=words)  # fmt: skip
    (letter,) = plan.letters
    assert letter.subject == "RR 2. Dezember 2026: die Teamkämpfe von A (vorläufig)"
    assert letter.text.startswith("Liebe Pia und Quin,")
    assert "Runde 1 gegen B: kein Board gespielt" in letter.text
    assert "Zwischenstand:\n1= A  0,00 VP" in letter.text
    assert "Diese Ergebnisse sind vorläufig" in letter.text


def test_the_published_site_is_in_the_clubs_language(
    evening: tuple[str, str, str], tmp_path: Path
) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        ClubStore(store).set_language(club_id, "nl")
    code, out = run(CliRunner(), "publish", "--club", "1234", "-o", str(tmp_path / "s"),
                    "--db", url)  # fmt: skip
    assert code == 0, out
    pages = sorted((tmp_path / "s").rglob("index.html"))
    assert len(pages) > 2
    for page in pages:
        assert html_lang(page.read_text()) == "nl", page
    front = (tmp_path / "s" / "index.html").read_text()
    assert "Uitslagen" in front
    evening_page = (tmp_path / "s" / "evenings" / game_id / "index.html").read_text()
    assert "Spel" in evening_page


def test_what_went_wrong_with_a_letter_is_said_in_the_readers_language(
    evening: tuple[str, str, str],
) -> None:
    """The outbox keeps a letter's failure in English (the server's log says the same); the
    report says it in the director's language (before: English on every page)."""
    url, club_id, game_id = evening
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with Store(url) as store:
        outbox = OutboxStore(store)
        outbox.set_smtp(club_id, SmtpSettings("127.0.0.1", port, "none", "results@acol.example"))
        token = ClubStore(store).edit_token(game_id)
        settings = Settings(database_url=url, smtp_local=True)
        with TestClient(create_app(settings)) as client:  # its sender sends them
            queued = client.post(f"/api/sessions/{game_id}/emails", json={}, headers=auth(token))
            assert queued.status_code == 202, queued.text
            german = {**auth(token), "Accept-Language": "de"}
            for _ in range(100):
                sent = client.get(f"/api/sessions/{game_id}/emails", headers=german).json()["sent"]
                if all(x["error"] for x in sent):
                    break
                time.sleep(0.1)
            english = client.get(f"/api/sessions/{game_id}/emails", headers=auth(token)).json()
        kept = {x.error for x in outbox.report(game_id)}
    assert sent
    assert {x["error"] for x in sent} == {"an Adresse und Port des Mailservers antwortet nichts"}
    assert {x["error"] for x in english["sent"]} == {
        "nothing answers at the mail server's address and port"
    }
    assert kept == {"nothing answers at the mail server's address and port"}  # in English
