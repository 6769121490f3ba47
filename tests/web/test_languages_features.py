"""The features written in English before the languages (masterpoints, grades, strata and
ladders, the season, individuals) speak the reader's language too (issue 35): their pages'
words from the catalogues, ``<html lang>`` right, numbers in the language's own forms."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.season import LadderStore
from bridgescore.web.site import club_slug
from tests.conftest import PASSWORD, csrf
from tests.helpers import html_lang, season_club, season_evening

FRENCH = {"Accept-Language": "fr"}
GERMAN = {"Accept-Language": "de"}


def _director(client: TestClient, store: Store) -> tuple[str, ClubStore]:
    club_id = season_club(store, "Acol BC", "1234")
    clubs = ClubStore(store)
    clubs.add_director(club_id, "td@acol.example", PASSWORD)
    for title, date in [("First", "2026.11.02"), ("Second", "2026.11.09")]:
        season_evening(store, club_id, title, date)
    token = csrf(client, "/login")
    logged = client.post("/login", data={"csrf": token, "email": "td@acol.example",
                                         "password": PASSWORD}, follow_redirects=False)  # fmt: skip
    assert logged.status_code == 303
    return club_id, clubs


def test_the_season_page_speaks_french_and_german(client: TestClient) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id = season_club(store, "Acol BC", "1234")
    season_evening(store, club_id, "Acol Monday", "2026.11.02")
    english = client.get("/players/2001/").text
    french = client.get("/players/2001/", headers=FRENCH).text
    german = client.get("/players/2001/", headers=GERMAN).text
    assert (html_lang(english), html_lang(french), html_lang(german)) == ("en", "fr", "de")
    assert "Percentages over the season" in english
    assert "Pourcentages au fil de la saison" in french
    assert "Prozente über die Saison" in german
    percents = re.findall(r'<td class="num">([0-9.,]+)%</td>', french)
    assert percents
    assert all("," in p and "." not in p for p in percents)
    assert "Percentages over the season" not in french + german


def test_the_club_page_ladders_and_masterpoints_in_french(client: TestClient) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id, clubs = _director(client, store)
    page = client.get("/club", headers=FRENCH).text
    assert "Points d&#39;expert" in page or "Points d'expert" in page
    assert "Challenges et compétitions" in page
    assert "Masterpoints" not in page
    assert "Ladders and competitions" not in page
    token = csrf(client, "/club")
    made = client.post("/club/ladders", headers=FRENCH, data={
        "csrf": token, "name": "Hiver", "kind": "best", "count": "2"})  # fmt: skip
    assert made.status_code == 200
    assert "2 meilleures séances" in made.text
    (stored,) = LadderStore(store).ladders(club_id)
    ladder = f"/clubs/{club_slug(clubs.club(club_id))}/ladders/{stored.id}/"
    french = client.get(ladder, headers=FRENCH).text
    german = client.get(ladder, headers=GERMAN).text
    assert "2 meilleures séances, sur 2 séances publiées" in french
    assert "Beste 2 Sitzungen, über 2 veröffentlichte Sitzungen" in german
    assert "Best 2 sessions" in client.get(ladder).text  # English stays


def test_the_new_evening_page_offers_an_individual_in_french(client: TestClient) -> None:
    french = client.get("/live/new", headers=FRENCH).text
    assert "<span>Individuel</span>" in french
    assert "les téléphones montrent les quatre joueurs de chaque table" in french
    assert "<span>Individual</span>" in client.get("/live/new").text
