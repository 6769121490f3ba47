"""A team night's outputs through ``/api/sessions/{id}`` (issue 31): its PBN export and its
players' letters, as a pairs evening's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.errors import MESSAGES
from bridgescore.live.teams import board_lines
from bridgescore.pbn import read_event
from bridgescore.web.settings import Settings
from tests.conftest import auth, create_app, make_club
from tests.helpers import Night, swiss_night
from tests.helpers import round_one as result


@pytest.fixture
def night() -> Iterator[Night]:
    """A Swiss of four teams, two boards a match, round 1 drawn (tests.helpers.swiss_night)."""
    with swiss_night() as n:
        yield n


def test_a_team_nights_pbn_reads_back_as_the_api_shows_it(night: Night) -> None:
    """Each room's result a game: the teams, the contract, NS's score and the IMPs; the
    project's reader reads the file back to the same contracts and results (404 before)."""
    c, _, event_id, tables = night
    base = f"/api/sessions/{event_id}"
    for table, board, contract, tricks in ((1, 1, "4S", 11), (2, 1, "4S", 9), (1, 2, "3NT", 9),
                                           (2, 2, "3NT", 9), (3, 1, "2H", 8)):  # fmt: skip
        added = c.post(f"{base}/results", json=result(table, board, contract, tricks),
                       headers=tables[table])  # fmt: skip
        assert added.status_code == 201, added.text
    got = c.get(f"{base}/export?format=pbn")  # anyone, as GET /api/events/{id}
    assert got.status_code == 200, got.text
    assert got.headers["content-type"].startswith("application/x-pbn")
    text = got.text
    for tag in (
        '[Scoring "IMP"]',
        '[Event "Swiss"]',
        '[Room "Open"]',
        '[HomeTeam "Lions"]',
        '[Score "NS 450"]',
        '[ScoreIMP "11"]',
    ):  # 450 + 50: 11 IMPs
        assert tag in text
    assert '[Date "?"]' not in text
    assert '[ScoreIMP "-11"]' in text  # the closed room's NS are the visitors
    read = read_event(text)
    api = c.get(f"/api/events/{event_id}/rounds/1/matches/1").json()
    mine = {(e.board, e.room.value): str(e.result) for e in read.entries if e.match == 1}
    assert mine == {(b["board"], room): b[room] for b in api["boards"]
                    for room in ("open", "closed")}  # fmt: skip
    assert [b.to_dict()["imps"] for b in board_lines(read, 1, 1)] == [
        b["imps"] for b in api["boards"]]  # fmt: skip
    assert {e.match for e in read.entries} == {1}  # match 2's board 1: one room in, left out


@pytest.mark.parametrize("kind", ["swiss-teams", "round-robin", "knockout"])
def test_every_team_night_exports_open_or_closed(kind: str) -> None:
    """200, empty or with an artificial score, open or closed; CSV is a 422, never a 500."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as c:
        login = auth(make_club(c, "Club", "1", "td@example.org"))
        body = {"kind": kind, "name": "Cup", "boards_per_match": 2,
                "entrants": [{"name": n} for n in ("Lions", "Bears", "Owls", "Cats")]}  # fmt: skip
        if kind == "swiss-teams":
            body["rounds"] = 2
        made = c.post("/api/events", json=body, headers=login)
        assert made.status_code == 201, made.text
        event_id = made.json()["id"]
        base = f"/api/sessions/{event_id}"
        assert c.get(f"{base}/export?format=pbn").status_code == 200
        if not c.get(f"/api/events/{event_id}").json()["rounds"]:
            c.post(f"/api/events/{event_id}/rounds", headers=login)
        given = c.post(f"{base}/artificial", json={"artificial": "A-/A+", "pair": "Bears"},
                       headers=login)  # fmt: skip
        assert given.status_code == 200, given.text
        for closed in (False, True):
            if closed:
                c.post(f"{base}/close", json={"closed": True}, headers=login)
            for fmt in ("pbn", "usebio"):
                got = c.get(f"{base}/export?format={fmt}")
                assert got.status_code == 200, (fmt, got.text)
            assert "^A-" in got.text or fmt == "usebio"
            assert c.get(f"{base}/export?format=csv").status_code == 422
            assert read_event(c.get(f"{base}/export?format=pbn").text).entries


def test_a_team_nights_letters_give_each_member_the_teams_matches() -> None:
    """Each team member with an email on the roster gets the team's matches (opponents,
    IMPs, VPs) and the standings; the others are listed unreached (a 422 before)."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as c:
        login = auth(make_club(c, "Club", "1", "td@example.org"))
        roster = (("Ann Smith", "101", "ann@example.org"), ("Bob Jones", "102", "ann@example.org"),
                  ("Cy Young", "103", None), ("Di Lane", "201", "di@example.org"))  # fmt: skip
        for name, number, email in roster:
            entry = {"name": name, "number": number, **({"email": email} if email else {})}
            assert c.post("/api/roster", json=entry, headers=login).status_code == 201

        def team(name: str, first: int) -> dict[str, Any]:
            named = {101: "Ann Smith", 102: "Bob Jones", 103: "Cy Young", 201: "Di Lane"}
            return {"name": name, "players": [{"name": named.get(n, f"P {n}"), "number": str(n)}
                                              for n in range(first, first + 4)]}  # fmt: skip

        body = {"kind": "swiss-teams", "name": "Swiss", "rounds": 3, "boards_per_match": 2,
                "entrants": [team("Lions", 101), team("Bears", 201), team("Owls", 301),
                             team("Cats", 401)]}  # fmt: skip
        event_id = c.post("/api/events", json=body, headers=login).json()["id"]
        drawn = c.post(f"/api/events/{event_id}/rounds", headers=login).json()
        tables = {t["table"]: auth(t["token"]) for m in drawn["matches"] for t in m["tables"]}
        base = f"/api/sessions/{event_id}"
        for table, board, tricks in ((1, 1, 11), (2, 1, 9), (1, 2, 10), (2, 2, 10)):
            assert c.post(f"{base}/results", json=result(table, board, tricks=tricks),
                          headers=tables[table]).status_code == 201  # fmt: skip
        got = c.get(f"{base}/emails", headers=login)
        assert got.status_code == 200, got.text
        answer = got.json()
        assert answer["closed"] is False
        letters = {x["to"]: x for x in answer["letters"]}
        assert set(letters) == {"ann@example.org", "di@example.org"}
        ann = letters["ann@example.org"]  # partners sharing an address: one letter
        assert [p["name"] for p in ann["players"]] == ["Ann Smith", "Bob Jones"]
        assert ann["pair"] == "Lions"
        assert "Swiss" in ann["subject"]
        api = c.get(f"/api/events/{event_id}").json()
        lions = next(s for s in api["standings"] if s["entrant"] == "Lions")
        for shown in ("Bears", "11", f"{lions['vp']:.2f}", "Owls", "Cats"):
            assert shown in ann["text"]  # the opponents, the IMPs, the VPs, the standings
        assert "Lions" in letters["di@example.org"]["text"]
        assert letters["di@example.org"]["pair"] == "Bears"
        unreached = {(u["name"], u["reason"]) for u in answer["unreached"]}
        assert ("Cy Young", "no email") in unreached
        assert ("P 104", "not on the roster") in unreached
        assert c.get(f"{base}/emails", headers=tables[1]).status_code == 403
        sent = c.post(f"{base}/emails", json={"again": True}, headers=tables[1])
        assert sent.status_code == 403  # refused inside the outbox's write, by the core's rule
        assert sent.json()["detail"] == MESSAGES["director_emails"]
        assert c.get(f"{base}/emails", headers=login).json()["sent"] == []
