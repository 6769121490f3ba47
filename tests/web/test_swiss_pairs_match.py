"""A Swiss pairs match as the API answers it (issue 31, item 2: "Swiss pairs shown in
matchpoints and percentages"): its score in the event's method (the home and away pairs'
percentages by matchpoints; Butler IMPs), and each board's one result (the pair's table has
no closed room) once every table of the round has entered it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web.settings import Settings
from tests.conftest import auth, create_app, make_club


@pytest.fixture
def club() -> Iterator[tuple[TestClient, str]]:
    """A client of a fresh app on an in-memory database and a logged-in director's token."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as c:
        yield c, make_club(c, "Club", "1", "td@example.org")


def swiss_pairs(c: TestClient, token: str, scoring: str) -> tuple[str, list[dict[str, Any]]]:
    """A Swiss pairs event of four pairs with round 1 drawn: its id and the round's matches."""
    scale = "ebu-swiss-pairs-7" if scoring == "mp" else "wbf-2013"
    body = {"kind": "swiss-pairs", "name": "SP", "rounds": 2, "boards_per_match": 7,
            "scale": scale, "scoring": scoring,
            "entrants": [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")]}  # fmt: skip
    answer = c.post("/api/events", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    event_id: str = answer.json()["id"]
    drawn = c.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
    return event_id, drawn["matches"]


def enter(c: TestClient, event_id: str, match: dict[str, Any], tricks: int) -> None:
    (table,) = match["tables"]  # one table a match: no closed room
    body = {"round": 1, "match": match["match"], "room": table["room"], "board": 1,
            "contract": "3N", "declarer": "N", "tricks": tricks}  # fmt: skip
    r = c.post(f"/api/events/{event_id}/results", json=body, headers=auth(table["token"]))
    assert r.status_code == 201, r.text


def test_a_swiss_pairs_match_answers_percentages_and_one_result_a_board(
    club: tuple[TestClient, str],
) -> None:
    c, token = club
    event_id, matches = swiss_pairs(c, token, "mp")
    url = f"/api/events/{event_id}/rounds/1/matches/1"
    enter(c, event_id, matches[0], 9)  # 3NT= at table 1: NS +400
    first = c.get(url).json()
    assert first["method"] == "mp"
    assert first["boards"][0]["open_in"] is True
    assert first["boards"][0]["open"] is None  # table 2 has not played it yet: not shown
    enter(c, event_id, matches[1], 8)  # 3NT-1 at table 2: NS -50
    match = c.get(url).json()
    assert match["percent"] == [100.0, 0.0]  # the home pair (NS) topped board 1
    assert match["boards"][0]["open"] == "3NTN="
    assert match["boards"][0]["imps"] is None
    assert c.get(f"/api/events/{event_id}/rounds/1/matches/2").json()["percent"] == [0.0, 100.0]


def test_a_butler_swiss_pairs_match_answers_imps_and_no_percentage(
    club: tuple[TestClient, str],
) -> None:
    c, token = club
    event_id, matches = swiss_pairs(c, token, "butler")
    enter(c, event_id, matches[0], 9)
    enter(c, event_id, matches[1], 8)
    match = c.get(f"/api/events/{event_id}/rounds/1/matches/1").json()
    assert (match["method"], match["percent"]) == ("butler", None)
    assert match["imps"][0] > 0
    assert match["boards"][0]["open"] == "3NTN="


def test_a_teams_match_answers_its_method_and_no_percentage(club: tuple[TestClient, str]) -> None:
    c, token = club
    body = {"kind": "swiss-teams", "name": "T", "rounds": 1, "boards_per_match": 2,
            "entrants": [{"name": n} for n in ("A", "B")]}  # fmt: skip
    event_id = c.post("/api/events", json=body, headers=auth(token)).json()["id"]
    c.post(f"/api/events/{event_id}/rounds", headers=auth(token))
    match = c.get(f"/api/events/{event_id}/rounds/1/matches/1").json()
    assert (match["method"], match["percent"]) == ("imps", None)
