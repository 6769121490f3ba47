"""A knockout's tie settled from the API (a carry-over before the match, extra boards once it
ends tied) and a swap that would make a repeat meeting (issue 31, item 2)."""

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


def new_event(c: TestClient, token: str, kind: str, names: list[str], **extra: Any) -> str:
    body = {"kind": kind, "name": "Cup", "entrants": [{"name": n} for n in names], **extra}
    answer = c.post("/api/events", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    event_id: str = answer.json()["id"]
    return event_id


def enter(c: TestClient, event_id: str, table: dict[str, str], board: int, tricks: int) -> None:
    body = {"round": 1, "match": 1, "room": table["room"], "board": board, "contract": "3N",
            "declarer": "N", "tricks": tricks}  # fmt: skip
    r = c.post(f"/api/events/{event_id}/results", json=body, headers=auth(table["token"]))
    assert r.status_code == 201, r.text


def test_a_tied_knockout_match_is_settled_by_extra_boards(
    club: tuple[TestClient, str],
) -> None:
    c, token = club
    event_id = new_event(c, token, "knockout", ["A", "B"], boards_per_match=2)
    rnd = c.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
    tables = rnd["matches"][0]["tables"]
    match = f"/api/events/{event_id}/rounds/1/matches/1"
    # a carry-over before the match starts (the usual time), then back to none
    r = c.put(f"{match}/carry-over", json={"imps": 0.5}, headers=auth(token))
    assert r.status_code == 200, r.text
    assert r.json()["carry_over"] == 0.5
    assert r.json() == c.get(match).json()
    assert c.put(f"{match}/carry-over", json={"imps": 0}).status_code == 401
    assert c.put(f"{match}/carry-over", json={"imps": 0}, headers=auth(token)).status_code == 200
    # extra boards refused before the match is over (409), and the carry-over once it begun
    enter(c, event_id, tables[0], 1, 9)
    r = c.post(f"{match}/extra-boards", json={"boards": 2}, headers=auth(token))
    assert r.status_code == 409, r.text
    r = c.put(f"{match}/carry-over", json={"imps": 1}, headers=auth(token))
    assert r.status_code == 409
    assert "has begun" in r.json()["detail"]
    # a match under way: no team has played it yet, both are marked in progress
    enter(c, event_id, tables[1], 1, 9)
    summary = c.get(f"/api/events/{event_id}").json()
    assert [(s["played"], s["in_progress"]) for s in summary["standings"]] == [(0, True)] * 2
    assert (summary["over"], summary["winner"]) == (False, None)
    for table, board in ((tables[0], 2), (tables[1], 2)):  # 3NT made: tied
        enter(c, event_id, table, board, 9)
    assert c.get(match).json()["imps"] == [0, 0]
    r = c.post(f"{match}/extra-boards", json={"boards": 0}, headers=auth(token))
    assert r.status_code == 422
    r = c.post(f"{match}/extra-boards", json={"boards": 2}, headers=auth(token))
    assert r.status_code == 200, r.text
    assert [b["board"] for b in r.json()["boards"]] == [1, 2, 3, 4]
    assert r.json() == {**c.get(match).json(), "version": r.json()["version"]}
    # the tables' phones see the extra boards
    mine = c.get(f"/api/events/{event_id}/table", headers=auth(tables[0]["token"])).json()
    assert [b["board"] for b in mine["boards"]] == [1, 2, 3, 4]
    # the extra boards decide: the open room makes an overtrick on board 3
    enter(c, event_id, tables[0], 3, 10)
    enter(c, event_id, tables[1], 3, 9)
    r = c.post(f"{match}/extra-boards", json={"boards": 2}, headers=auth(token))
    assert r.status_code == 409  # not over: board 4 is out
    enter(c, event_id, tables[0], 4, 9)
    enter(c, event_id, tables[1], 4, 9)
    assert c.get(match).json()["imps"] == [1, 0]
    # the final decided: the event is over, A won and goes through
    for url in (f"/api/events/{event_id}", f"/api/sessions/{event_id}"):
        summary = c.get(url).json()
        assert (summary["over"], summary["winner"]) == (True, "A"), url
        assert [(s["played"], s["in_progress"]) for s in summary["standings"]] == [(1, False)] * 2
        assert summary["rounds"][0]["matches"][0]["through"] == "A"
    r = c.post(f"{match}/extra-boards", json={"boards": 2}, headers=auth(token))
    assert r.status_code == 409
    assert "not tied" in r.json()["detail"]
    r = c.put(f"{match}/carry-over", json={"imps": -1}, headers=auth(token))
    assert r.status_code == 409


def test_only_a_knockout_has_a_carry_over_or_extra_boards(club: tuple[TestClient, str]) -> None:
    c, token = club
    event_id = new_event(c, token, "swiss-teams", ["A", "B", "C", "D"], rounds=3,
                         boards_per_match=2)  # fmt: skip
    c.post(f"/api/events/{event_id}/rounds", headers=auth(token))
    match = f"/api/events/{event_id}/rounds/1/matches/1"
    r = c.put(f"{match}/carry-over", json={"imps": 1}, headers=auth(token))
    assert r.status_code == 422
    r = c.post(f"{match}/extra-boards", json={"boards": 1}, headers=auth(token))
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"][-1] == "match"
    r = c.post(f"{match[:-1]}9/extra-boards", json={"boards": 1}, headers=auth(token))
    assert r.status_code == 422


def play_flat(c: TestClient, event_id: str, rnd: dict[str, Any]) -> None:
    for m in rnd["matches"]:
        for t in m["tables"]:
            for board in m["boards"]:
                body = {"round": rnd["round"], "match": m["match"], "room": t["room"],
                        "board": board, "contract": "Pass"}  # fmt: skip
                r = c.post(f"/api/events/{event_id}/results", json=body,
                           headers=auth(t["token"]))  # fmt: skip
                assert r.status_code == 201, r.text


def test_a_swap_that_makes_a_repeat_meeting_warns_and_asks(club: tuple[TestClient, str]) -> None:
    c, token = club
    event_id = new_event(c, token, "swiss-teams", ["A", "B", "C", "D"], rounds=3,
                         boards_per_match=1)  # fmt: skip
    first = c.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
    met = {frozenset((m["home"], m["away"])) for m in first["matches"]}
    play_flat(c, event_id, first)
    second = c.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
    pairs = [(m["home"], m["away"]) for m in second["matches"]]
    assert not {frozenset(p) for p in pairs} & met
    (a, b), (x, y) = pairs
    # swapping b and x would make a-x and b-y meet: one of them (at least) met in round 1
    after = {frozenset((a, x)), frozenset((b, y))}
    swap = f"/api/events/{event_id}/rounds/2/swap"
    body = {"entrants": [b, x], "confirm": False}
    r = c.post(swap, json=body, headers=auth(token))
    assert r.status_code == 409, r.text
    assert {frozenset(p) for p in r.json()["repeat"]} == after & met
    assert "round 1" in r.json()["detail"]
    again = c.get(f"/api/events/{event_id}/rounds/2").json()
    assert [(m["home"], m["away"]) for m in again["matches"]] == pairs  # nothing swapped
    r = c.post(swap, json={**body, "confirm": True}, headers=auth(token))
    assert r.status_code == 200, r.text
    assert [(m["home"], m["away"]) for m in r.json()["matches"]] == [(a, x), (b, y)]
    # a swap without a repeat needs no confirm (the old body still works)
    r = c.post(swap, json={"entrants": [x, b]}, headers=auth(token))
    assert r.status_code == 200, r.text
