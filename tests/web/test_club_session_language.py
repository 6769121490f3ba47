"""A club's session in the club's default language (issue 35): its results page
``/session/{id}`` and its API's error ``detail`` speak it to a reader who has chosen none and
whose browser asks for none of ours; the reader's own choice, then the browser's, come first
(``language_of_scope``'s order)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.web import Settings
from tests.conftest import club_evenings, create_app
from tests.helpers import html_lang


@pytest.fixture
def german_club(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """The app, and a closed evening of a club whose default language is German."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    club_id, (game_id,) = club_evenings(url, 1, dd=False)
    with Store(url) as store:
        ClubStore(store).set_language(club_id, "de")
    with TestClient(create_app(Settings(database_url=url))) as client:
        yield client, game_id


def test_the_session_page_falls_back_to_the_clubs_language(
    german_club: tuple[TestClient, str],
) -> None:
    client, game_id = german_club
    page = client.get(f"/session/{game_id}")
    assert page.status_code == 200
    assert html_lang(page.text) == "de"
    assert "PBN herunterladen" in page.text
    assert "Download PBN" not in page.text
    assert "<th>OW</th>" in page.text
    assert "<th>EW</th>" not in page.text
    recap = client.get(f"/session/{game_id}?recap=A:EW:1").text
    assert "Paar OW 1" in recap
    assert "Paar EW 1" not in recap
    assert (
        html_lang(client.get(f"/session/{game_id}", headers={"Accept-Language": "es"}).text) == "es"
    )
    assert (
        html_lang(client.get(f"/session/{game_id}", headers={"Accept-Language": "xx"}).text) == "de"
    )
    client.cookies.set("bs_lang", "en")
    assert (
        html_lang(client.get(f"/session/{game_id}", headers={"Accept-Language": "fr"}).text) == "en"
    )


def test_the_api_says_a_clubs_sessions_errors_in_its_language(
    german_club: tuple[TestClient, str],
) -> None:
    client, game_id = german_club
    missing = client.get(f"/api/sessions/{game_id}/recaps/NS9")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "kein Paar 'NS9' in dieser Sitzung"
    french = client.get(f"/api/sessions/{game_id}/recaps/NS9", headers={"Accept-Language": "fr"})
    assert french.json()["detail"] == "pas de paire 'NS9' dans cette séance"
    assert client.get(f"/api/sessions/{game_id}/recaps/NS1").status_code == 200


def test_a_page_of_no_club_stays_in_the_readers_language(
    german_club: tuple[TestClient, str],
) -> None:
    client, _ = german_club
    assert html_lang(client.get("/").text) == "en"
    assert html_lang(client.get("/session/no-such-game").text) == "en"
