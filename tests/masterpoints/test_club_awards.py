"""Each player's award for a club's live evening, as the core gives it, on the director's page
(the live API's rankings), the results page, the club's site and the letters; none for a
club without a scheme, or whose awards the core does not have (the EBU's club scales)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.club.mail import plan_letters
from bridgescore.duplicate.session import score_session
from bridgescore.locale import use
from bridgescore.masterpoints import awards, parse_spec
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings
from bridgescore.web.mail import letter_words
from bridgescore.web.site import club_slug
from tests.conftest import auth, club_evenings, create_app, give_emails


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    """A club's closed evening (Mitchell of 3 tables): the database, the club, the evening."""
    path = tmp_path_factory.mktemp("awards") / "awards.db"
    club_id, (game_id,) = club_evenings(f"sqlite:///{path}", 1, dd=False)
    return f"sqlite:///{path}", club_id, game_id


def _expected(url: str, game_id: str, scheme: str) -> dict[str, str]:
    """The core's awards of the evening, by pair label: what the pages must show."""
    with Store(url) as store:
        session = LiveStore(store).state(game_id).current
    found = awards(parse_spec(scheme), score_session(session))
    return {pair.label: str(award.points) for pair, award in found.items()}


@pytest.mark.parametrize("scheme", ["abf", "acbl:2"])
def test_the_pages_show_the_cores_award_for_each_pair(
    evening: tuple[str, str, str], scheme: str
) -> None:
    url, club_id, game_id = evening
    expected = _expected(url, game_id, scheme)
    assert any(float(x) > 0 for x in expected.values())
    with Store(url) as store:
        clubs = ClubStore(store)
        club = clubs.set_masterpoints(club_id, scheme)
        token = clubs.edit_token(game_id)
    with TestClient(create_app(Settings(database_url=url))) as client:
        api = client.get(f"/api/sessions/{game_id}", headers=auth(token)).json()
        rows = [row for field in api["rankings"].values() for row in field]
        assert {r["pair"]: r["masterpoints"] for r in rows} == {
            k: float(v) for k, v in expected.items()
        }
        public = client.get(f"/api/sessions/{game_id}").json()  # anyone, once closed
        assert all("masterpoints" in r for f in public["rankings"].values() for r in f)
        assert "filing" not in public  # the director's alone
        page = client.get(f"/session/{game_id}").text
        site = client.get(f"/clubs/{club_slug(club)}/evenings/{game_id}/").text
    for shown in (page, site):
        assert ">Award</th>" in shown
        cells = re.findall(r'<td class="num mp">([0-9.]*)</td>', shown)
        assert len(cells) == len(expected)  # a cell a pair
        assert sorted(c for c in cells if c) == sorted(v for v in expected.values() if float(v) > 0)


@pytest.mark.parametrize("scheme", ["", "ebu"])
def test_no_awards_are_shown_without_the_cores_scheme(
    evening: tuple[str, str, str], scheme: str
) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        club = clubs.set_masterpoints(club_id, scheme)
        token = clubs.edit_token(game_id)
    with TestClient(create_app(Settings(database_url=url))) as client:
        api = client.get(f"/api/sessions/{game_id}", headers=auth(token)).json()
        assert not any("masterpoints" in r for f in api["rankings"].values() for r in f)
        assert ("filing" in api) is (scheme == "ebu")
        page = client.get(f"/session/{game_id}").text
        site = client.get(f"/clubs/{club_slug(club)}/evenings/{game_id}/").text
    assert ">Award</th>" not in page
    assert ">Award</th>" not in site


def test_each_letter_says_its_pairs_award(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        session = LiveStore(store).state(game_id).current
        roster = [
            replace(e, email=f"p{e.player.number}@example.org") for e in clubs.roster(club_id)
        ]
    scored = score_session(session)
    found = awards(parse_spec("abf"), scored)
    plan = plan_letters(session, scored, roster, link="https://x.example/s", provisional=False,
                        awards=found)  # fmt: skip
    assert plan.letters
    by_label = {pair.label: award for pair, award in found.items()}
    for letter in plan.letters:
        award = by_label[letter.pair]
        line = (f"Masterpoints: {award.points} green points each." if award.points > 0
                else "Masterpoints: none this time.")  # fmt: skip
        assert line in letter.text
        assert line in letter.html
    plain = plan_letters(session, scored, roster, link="https://x.example/s", provisional=False)
    assert not any("Masterpoints" in x.text for x in plain.letters)


@pytest.mark.parametrize(
    ("language", "scheme", "line"),
    [("fr", "abf", "Points d'expert : {points} (verts) chacun."),
     ("de", "acbl:2", "Meisterpunkte: {points} (schwarz) je Spieler."),
     ("en", "acbl:2", "Masterpoints: {points} black points each.")],
)  # fmt: skip
def test_the_letters_say_the_points_colour_in_the_clubs_language(
    evening: tuple[str, str, str], language: str, scheme: str, line: str
) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        session = LiveStore(store).state(game_id).current
        roster = [replace(e, email=f"p{e.player.number}@example.org")
                  for e in ClubStore(store).roster(club_id)]  # fmt: skip
    scored = score_session(session)
    found = awards(parse_spec(scheme), scored)
    with use(language):
        words = letter_words()
        plan = plan_letters(session, scored, roster, link="https://x.example/s",
                            provisional=False, awards=found, words=words)  # fmt: skip
        by_label = {x.label: words.decimal(a.points) for x, a in found.items() if a.points > 0}
    said = [x for x in plan.letters if x.pair in by_label]
    assert said
    for letter in said:
        assert line.format(points=by_label[letter.pair]) in letter.text


def test_the_emails_preview_carries_the_awards(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'mail.db'}"
    club_id, (game_id,) = club_evenings(url, 1, dd=False)
    with Store(url) as store:
        clubs = ClubStore(store)
        give_emails(clubs, club_id)
        clubs.set_masterpoints(club_id, "abf")
        token = clubs.edit_token(game_id)
    with TestClient(create_app(Settings(database_url=url))) as client:
        answer = client.get(f"/api/sessions/{game_id}/emails", headers=auth(token))
        assert answer.status_code == 200, answer.text
        letters = answer.json()["letters"]
    assert letters
    assert all("Masterpoints: " in x["text"] for x in letters)


def test_an_event_of_four_sessions_shows_its_outright_awards(tmp_path: Path) -> None:
    from bridgescore.events.pairs import EventRules, PairsEvent, rank_event
    from bridgescore.masterpoints import event_awards

    url = f"sqlite:///{tmp_path / 'event.db'}"
    club_id, ids = club_evenings(url, 4, dd=False)
    with Store(url) as store:
        clubs = ClubStore(store)
        event = PairsEvent("Winter pairs", tuple(ids), EventRules.preset("none"))
        stored = clubs.create_event(club_id, "pairs", event.to_dict())
        club = clubs.set_masterpoints(club_id, "abf")
        live = LiveStore(store)
        scored = [score_session(live.state(game_id).current) for game_id in ids]
    found = event_awards(parse_spec("abf"), rank_event(event.rules, scored), 4)
    expected = sorted(str(a.points) for a in found.values() if a.points > 0)
    assert expected
    with TestClient(create_app(Settings(database_url=url))) as client:
        page = client.get(f"/clubs/{club_slug(club)}/events/{stored.id}/").text
        api = client.get(f"/api/events/{stored.id}").json()
        own = client.get(f"/event/{stored.id}").text
        clubs_page = ClubStore(client.app.state.store)  # type: ignore[attr-defined]
        clubs_page.set_masterpoints(club_id, "acbl")  # no outright awards in the core
        other = client.get(f"/clubs/{club_slug(club)}/events/{stored.id}/").text
    for shown in (page, own):
        cells = re.findall(r'<td class="num mp">([0-9.]*)</td>', shown)
        assert sorted(c for c in cells if c) == expected
    given = [r["masterpoints"] for r in api["rankings"] if r["masterpoints"]]
    assert sorted(given) == sorted(float(x) for x in expected)
    assert ">Award</th>" not in other
