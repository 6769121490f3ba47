"""The live evening's rules in one place (issue 18): ``bridgescore.live.accept`` decides every
entry, change and deletion; storage calls it inside the write; the API only maps its errors.
The same refused cases give the same error and field through the library, storage and the API,
on a pairs evening and on a team night alike (issue 30: one live model).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore import BridgeError, Result, SessionError, Weighted
from bridgescore.duplicate import MAX_COMBINATIONS
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session, score_session
from bridgescore.events import Event, EventKind, teams
from bridgescore.live import (
    DIRECTOR,
    MOST_WEIGHTED_WORK,
    NOW,
    Add,
    AlreadyEnteredError,
    Change,
    Delete,
    Edit,
    LiveResult,
    LiveState,
    NotAllowedError,
    TableEntry,
    UnknownResultError,
    Who,
    accept,
)
from bridgescore.live.definition import Draw, Withdrawal, redefine
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club
from tests.helpers import apply_change, entry_body

MOVEMENT = mitchell(3, 2)  # rounds 1-3; table 1 plays boards 1-2 in round 1, 3-4 in round 2
SEEN = NOW.isoformat()  # the version of a result stored at NOW, as a table names it


def fresh() -> LiveState:
    return LiveState.start(Session((Section.from_movement(MOVEMENT),)))


def entry(round_number: int, table: int, board: int, text: str = "4HS=", **kw: Any) -> TableEntry:
    return dataclasses.replace(fresh().entry(round_number, table, board, result=text), **kw)


def stored(*entries: TableEntry, closed: bool = False) -> LiveState:
    state = fresh()
    for n, e in enumerate(entries, start=1):
        state = state.added(LiveResult(n, e, NOW, NOW))
    return state.with_closed(closed)


ARTIFICIAL = dataclasses.replace(entry(1, 1, 1), result=None, artificial=fresh().entry(
    1, 1, 1, artificial="A+/A-").artificial)  # fmt: skip
WEIGHTED = fresh().entry(1, 1, 1, weighted="50% 4SN=, 50% 4SN-1")

# (name, results stored, closed, who, change, error, field)
Case = tuple[str, tuple[TableEntry, ...], bool, Who, Change, type[BridgeError], str]
"""A refused change: its name, the results stored, closed or not, who, the change, the error
and its field."""

REFUSED: list[Case] = [
    ("another table's", (), False, 2, Add(entry(1, 1, 1)), NotAllowedError, "table"),
    ("closed", (), True, 1, Add(entry(1, 1, 1)), NotAllowedError, "closed"),
    ("artificial from a table", (), False, 1, Add(ARTIFICIAL), NotAllowedError, "artificial"),
    ("weighted from a table", (), False, 1, Add(WEIGHTED), NotAllowedError, "weighted"),
    ("a past round", (entry(2, 1, 3),), False, 1, Add(entry(1, 1, 1)), NotAllowedError, "round"),
    ("entered already", (entry(1, 1, 1),), False, 1, Add(entry(1, 1, 1, "4HS+1")),
     AlreadyEnteredError, "board"),
    ("not its board", (), False, 1, Add(dataclasses.replace(entry(1, 1, 1), board=3)),
     SessionError, "board"),
    ("not its pairs", (), False, 1, Add(dataclasses.replace(entry(1, 1, 1), ew=2)),
     SessionError, "ns"),
    ("a lead without play", (), False, 1,
     Add(dataclasses.replace(entry(1, 1, 1, "Pass"), lead="SK")), SessionError, "lead"),
    ("no such table", (), False, DIRECTOR, Add(dataclasses.replace(entry(1, 1, 1), table=9)),
     SessionError, "table"),
    ("change a past round", (entry(1, 1, 1), entry(2, 1, 3)), False, 1,
     Edit(1, entry(1, 1, 1, "4HS-1")), NotAllowedError, "round"),
    ("change after closing", (entry(1, 1, 1),), True, 1, Edit(1, entry(1, 1, 1, "4HS-1")),
     NotAllowedError, "closed"),
    ("delete after closing", (entry(1, 1, 1),), True, 1, Delete(1), NotAllowedError, "closed"),
    ("delete another's", (entry(1, 1, 1),), False, 2, Delete(1), NotAllowedError, "table"),
    ("delete a director's score", (ARTIFICIAL,), False, 1, Delete(1), NotAllowedError,
     "artificial"),
    ("no such result", (), False, DIRECTOR, Delete(7), UnknownResultError, "result_id"),
]  # fmt: skip


def team_night() -> LiveState:
    """A Swiss of four teams, two boards a match, its first round drawn: match 1 (T1 home
    against T2) at tables 1 (the open room) and 2 (the closed room)."""
    state = LiveState.start(Event(EventKind.SWISS_TEAMS, "S", teams(*TEAMS), 3,
                                  boards_per_match=2))  # fmt: skip
    return state.redefined(redefine(state, DIRECTOR, Draw()))


TEAMS = ("T1", "T2", "T3", "T4")
TEAM = team_night()
TEAM_ARTIFICIAL = TEAM.entry(1, 1, 1, artificial="A+/A-")


def team_entry(round_number: int, table: int, board: int, text: str = "4SN=") -> TableEntry:
    return TEAM.entry(round_number, table, board, result=text)


# A team night's refusals: the same names, errors and fields as a pairs evening's
TEAM_REFUSED: list[Case] = [
    ("another table's", (), False, 2, Add(team_entry(1, 1, 1)), NotAllowedError, "table"),
    ("closed", (), True, 1, Add(team_entry(1, 1, 1)), NotAllowedError, "closed"),
    ("artificial from a table", (), False, 1, Add(TEAM_ARTIFICIAL), NotAllowedError,
     "artificial"),
    ("entered already", (team_entry(1, 1, 1),), False, 1, Add(team_entry(1, 1, 1, "4SN+1")),
     AlreadyEnteredError, "board"),
    ("not its board", (), False, 1, Add(dataclasses.replace(team_entry(1, 1, 1), board=3)),
     SessionError, "board"),
    ("no such table", (), False, DIRECTOR,
     Add(dataclasses.replace(team_entry(1, 1, 1), table=9)), SessionError, "table"),
    ("change once the other room is in", (team_entry(1, 1, 1), team_entry(1, 2, 1)), False, 1,
     Edit(1, team_entry(1, 1, 1, "4SN-1")), NotAllowedError, "board"),
    ("change after closing", (team_entry(1, 1, 1),), True, 1,
     Edit(1, team_entry(1, 1, 1, "4SN-1")), NotAllowedError, "closed"),
    ("delete another's", (team_entry(1, 1, 1),), False, 2, Delete(1), NotAllowedError, "table"),
    ("delete a director's score", (TEAM_ARTIFICIAL,), False, 1, Delete(1), NotAllowedError,
     "artificial"),
]  # fmt: skip

NIGHTS = {"pairs": fresh, "teams": team_night}
"""Each kind of night as it starts, by the name its cases carry."""


@pytest.mark.parametrize(
    ("kind", "results", "closed", "who", "change", "error", "field"),
    [("pairs", *case[1:]) for case in REFUSED] + [("teams", *case[1:]) for case in TEAM_REFUSED],
    ids=[f"pairs: {case[0]}" for case in REFUSED] + [f"teams: {case[0]}" for case in TEAM_REFUSED],
)
def test_the_same_refusal_through_the_library_storage_and_the_api(
    tmp_path: Path,
    kind: str,
    results: tuple[TableEntry, ...],
    closed: bool,
    who: Who,
    change: Change,
    error: type[BridgeError],
    field: str,
) -> None:
    """On every kind of night: one accept() decides, storage asks it inside the write, the API
    answers its error's status naming the same field (a 409: the same keys for every kind)."""
    night = NIGHTS[kind]()
    state = night
    for n, e in enumerate(results, start=1):
        state = state.added(LiveResult(n, e, NOW, NOW))
    # the library
    with pytest.raises(error) as in_core:
        accept(state.with_closed(closed), who, change)
    assert in_core.value.field == field
    # storage: the same state made by writes, the same change refused inside the write
    with Store(f"sqlite:///{tmp_path / 's.db'}") as store:
        live = LiveStore(store)
        game, _ = live.start(night.night)
        for e in results:
            live.add(game.id, e, DIRECTOR)
        if closed:
            live.close(game.id)
        with pytest.raises(error) as in_storage:
            apply_change(live, game.id, who, change)
        assert (type(in_storage.value), in_storage.value.field) == (error, field)
        assert str(in_storage.value) == str(in_core.value)
    if change == Add(dataclasses.replace(entry(1, 1, 1), ew=2)):
        return  # the API takes no pairs: it has them from the movement
    # the API: the status of the error's class, naming the same field
    with _client(tmp_path) as c:
        base, director, tables = (_evening if kind == "pairs" else _team_night)(c)
        for e in results:
            posted = c.post(f"{base}/results", json=entry_body(e), headers=director)
            assert posted.status_code == 201, posted.text
        if closed:
            c.post(f"{base}/close", json={"closed": True}, headers=director)
        headers = director if who == DIRECTOR else tables[int(who)]
        if isinstance(change, Delete):
            answer = c.delete(f"{base}/results/{change.result_id}", headers=headers)
        elif isinstance(change, Edit):
            answer = c.put(f"{base}/results/{change.result_id}", json=entry_body(change.entry),
                           headers=headers)  # fmt: skip
        else:
            answer = c.post(f"{base}/results", json=entry_body(change.entry), headers=headers)
        status = {NotAllowedError: 403, AlreadyEnteredError: 409, SessionError: 422,
                  UnknownResultError: 404}[error]  # fmt: skip
        assert answer.status_code == status, answer.text
        body = answer.json()
        if status == 422:
            assert body["detail"][0]["loc"] == ["body", field]
        elif status == 403:
            assert body["field"] == field
        elif status == 409:  # the stored result as GET gives it, and the conflict kept
            assert set(body) == {"detail", "result", "conflict"}
            assert [body["result"]] == c.get(base, headers=headers).json()["results"]
            assert body["conflict"] is True
        assert str(in_core.value) in str(body["detail"])


Api = tuple[str, dict[str, str], dict[int, dict[str, str]]]
"""A night started through the API: its base URL, the director's header, each table's."""


def _evening(c: TestClient) -> Api:
    created = c.post("/api/sessions", json={"movement": {
        "movement": "mitchell", "tables": 3, "boards_per_round": 2}}).json()  # fmt: skip
    tables = {t["table"]: auth(t["token"]) for t in created["tables"]}
    return f"/api/sessions/{created['id']}", auth(created["edit_token"]), tables


def _team_night(c: TestClient) -> Api:
    """The same Swiss as :func:`team_night`, made and drawn by a club's director."""
    login = auth(make_club(c, "Club", "1", "td@example.org"))
    body = {"kind": "swiss-teams", "name": "S", "rounds": 3, "boards_per_match": 2,
            "entrants": [{"name": n} for n in TEAMS]}  # fmt: skip
    event_id = c.post("/api/events", json=body, headers=login).json()["id"]
    drawn = c.post(f"/api/events/{event_id}/rounds", headers=login).json()
    tables = {t["table"]: auth(t["token"]) for m in drawn["matches"] for t in m["tables"]}
    return f"/api/sessions/{event_id}", login, tables


def _client(tmp_path: Path) -> TestClient:
    """A client of the app on a SQLite file of its own, anyone may start an evening."""
    database = tmp_path / f"{len(list(tmp_path.glob('*.db')))}.db"
    return TestClient(create_app(Settings(database_url=f"sqlite:///{database}",
                                          open_evenings=True)))  # fmt: skip


def test_a_table_fixes_the_round_it_plays_and_the_last_one_until_it_starts_the_next() -> None:
    state = fresh()
    assert state.position(1).current_round == 1
    state = stored(entry(1, 1, 1), entry(1, 1, 2))
    position = state.position(1)
    assert (position.current_round, position.fix_round, position.finished) == (2, 1, False)
    accept(state, 1, Edit(2, entry(1, 1, 2, "4HS-1"), SEEN))  # round 1's last: still its own
    state = stored(entry(1, 1, 1), entry(1, 1, 2), entry(2, 1, 3))
    with pytest.raises(NotAllowedError):
        accept(state, 1, Edit(2, entry(1, 1, 2, "4HS-1"), SEEN))
    every = [entry(p.round, p.table, b) for p in MOVEMENT.plays if p.table == 1 for b in p.boards]
    assert stored(*every).position(1).finished


def test_a_board_is_shown_at_a_table_once_both_pairs_sitting_there_have_played_it() -> None:
    """The issue's case: a 7-table Mitchell of 3 boards a round; in round 4 table 4 has NS 4
    (who played boards 10-12 there in round 1) against an EW pair who plays them later."""
    m = mitchell(7, 3)
    state = LiveState.start(Session((Section.from_movement(m),)))
    n = 0
    for p in m.plays:
        if p.round <= 3 or (p.round == 4 and p.table != 4):
            for b in p.boards:
                n += 1
                e = state.entry(p.round, p.table, b, result="3NTN=")
                state = state.added(LiveResult(n, e, NOW, NOW))
    (now,) = [p for p in m.plays if p.round == 4 and p.table == 4]
    n += 1  # table 4 is in round 4: it has entered its first board
    state = state.added(LiveResult(n, state.entry(4, 4, now.boards[0], result="3NTN="), NOW, NOW))
    first = next(p for p in m.plays if p.round == 1 and p.table == 4)
    assert state.played("NS 4", first.boards[0])
    assert not state.played(now.ew, first.boards[0])
    assert not state.may_see(4, first.boards[0])
    assert state.may_see(4, now.boards[0])
    assert state.may_see(DIRECTOR, first.boards[0])
    assert state.with_closed(True).may_see(None, first.boards[0])


@pytest.mark.timing
def test_weighted_scores_are_bounded_so_that_scoring_stays_quick() -> None:
    """At the bound, the whole session scores in under 100 ms (the slowest method)."""
    m = mitchell(15, 2)
    state = LiveState.start(Session((Section.from_movement(m),)))
    ten = ", ".join(f"10% {r}" for r in ("4SN=", "4SN-1", "4SN+1", "3NTN=", "3NTN+1", "3NTN-1",
                                         "5HXE-2", "5HXE-1", "4SN-2", "6SN-1"))  # fmt: skip
    n = 0
    fields: set[str | None] = set()
    for p in m.plays:
        for b in p.boards:
            n += 1
            plain = state.entry(p.round, p.table, b, result="4SN=")
            weighted = state.entry(p.round, p.table, b, weighted=ten if b == 1 else
                                   "50% 4SN=, 30% 4SN-1, 20% 4SN+1")  # fmt: skip
            try:
                accept(state, DIRECTOR, Add(weighted))
            except SessionError as exc:
                fields.add(exc.field)
                state = state.added(LiveResult(n, plain, NOW, NOW))
            else:
                state = state.added(LiveResult(n, weighted, NOW, NOW))
    work = sum(c * state.scheduled(b) for b, c in state.combinations().items())
    assert MOST_WEIGHTED_WORK - 45 < work <= MOST_WEIGHTED_WORK
    assert fields == {"weighted"}
    assert max(state.combinations().values()) <= MAX_COMBINATIONS
    for method in ("mp", "butler", "cross-imps"):
        session = dataclasses.replace(state.current, method=method)
        best = min(_timed(lambda s=session: score_session(s)) for _ in range(3))  # type: ignore[misc]
        assert best < 0.1, (method, best)


def _timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _race(live: LiveStore, game_id: str, result_id: int, change: Change) -> dict[str, Any]:
    """A table's change and the director's close, at once: their versions (or the refusal)."""
    results: dict[str, Any] = {}

    def table() -> None:
        try:
            if isinstance(change, Delete):
                results["table"] = live.remove(game_id, result_id, 1)[1]
            else:
                assert isinstance(change, Edit)
                seen = live.state(game_id).result(result_id).version
                results["table"] = live.edit(game_id, result_id, change.entry, 1, seen)[1]
        except NotAllowedError as exc:
            results["refused"] = exc

    def director() -> None:
        results["close"] = live.close(game_id)

    threads = [threading.Thread(target=table), threading.Thread(target=director)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_no_table_change_is_committed_after_the_close(store: Store) -> None:
    """200 races of a table's change (an edit or a delete) against the director's close: the
    change lands before the close or is refused, never after it."""
    live = LiveStore(store)
    game, _ = live.start(Session((Section.from_movement(MOVEMENT),)), 3)
    added, _ = live.add(game.id, entry(1, 1, 1), 1)
    for race in range(200):
        change: Change = (
            Delete(added.id) if race % 2 else Edit(added.id, entry(1, 1, 1, f"4HS {9 + race % 3}"))
        )
        results = _race(live, game.id, added.id, change)
        if "table" in results:
            assert results["table"] < results["close"]
        else:
            assert results["refused"].field == "closed"
        live.close(game.id, False)
        if isinstance(change, Delete) and "table" in results:
            added, _ = live.add(game.id, entry(1, 1, 1), 1)
    assert len(live.state(game.id).results) == 1


def test_a_tables_different_entry_is_kept_for_the_director(tmp_path: Path) -> None:
    with _client(tmp_path) as c:
        created = c.post("/api/sessions", json={"movement": {
            "movement": "mitchell", "tables": 3, "boards_per_round": 2}}).json()  # fmt: skip
        base = f"/api/sessions/{created['id']}"
        director = auth(created["edit_token"])
        table = auth(created["tables"][0]["token"])
        first = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S",
                 "tricks": 10}  # fmt: skip
        stored_id = c.post(f"{base}/results", json=first, headers=table).json()["id"]
        same = c.post(f"{base}/results", json=first, headers=table)
        assert (same.status_code, same.json()["conflict"]) == (409, False)
        other = c.post(f"{base}/results", json={**first, "tricks": 9}, headers=table)
        assert (other.status_code, other.json()["conflict"]) == (409, True)
        assert "4H by S, 10 tricks" in other.json()["detail"]
        assert c.get(base, headers=table).json().get("conflicts") is None  # the director's
        (conflict,) = c.get(base, headers=director).json()["conflicts"]
        assert (conflict["table"], conflict["round"], conflict["board"]) == (1, 1, 1)
        assert (conflict["result_id"], conflict["reason"]) == (stored_id, "different")
        assert conflict["entry"]["tricks"] == 9
        assert c.post(f"{base}/conflicts/{conflict['id']}", json={"keep": "entry"},
                      headers=table).status_code == 403  # fmt: skip
        settled = c.post(f"{base}/conflicts/{conflict['id']}", json={"keep": "entry"},
                         headers=director)  # fmt: skip
        assert settled.status_code == 200
        session = c.get(base, headers=director).json()
        assert session["conflicts"] == []
        assert [r["tricks"] for r in session["results"]] == [9]
        # after closing, a table's entry is refused and sent to the director on request
        c.post(f"{base}/close", json={"closed": True}, headers=director)
        late = {**first, "board": 2, "tricks": 8}
        refused = c.post(f"{base}/results", json=late, headers=table)
        assert (refused.status_code, refused.json()["field"]) == (403, "closed")
        assert c.post(f"{base}/conflicts", json=late, headers=table).status_code == 201
        (request,) = c.get(base, headers=director).json()["conflicts"]
        assert (request["reason"], request["result_id"], request["board"]) == ("closed", None, 2)
        c.post(f"{base}/conflicts/{request['id']}", json={"keep": "entry"}, headers=director)
        assert len(c.get(base, headers=director).json()["results"]) == 2
        # a fix of a stored board asked for after closing names the result it would replace
        fix = {**first, "tricks": 11}
        assert c.put(f"{base}/results/{stored_id}", json=fix, headers=table).status_code == 403
        assert c.post(f"{base}/conflicts", json=fix, headers=table).status_code == 201
        (request,) = c.get(base, headers=director).json()["conflicts"]
        assert (request["reason"], request["result_id"]) == ("closed", stored_id)
        c.post(f"{base}/conflicts/{request['id']}", json={"keep": "entry"}, headers=director)
        results = c.get(base, headers=director).json()["results"]
        assert sorted((r["board"], r["tricks"]) for r in results) == [(1, 11), (2, 8)]


def test_the_api_coerces_nothing_and_names_unknown_fields(tmp_path: Path) -> None:
    with _client(tmp_path) as c:
        movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
        created = c.post("/api/sessions", json={"movement": movement}).json()
        base = f"/api/sessions/{created['id']}"
        director = auth(created["edit_token"])
        body = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N"}
        for bad, field in [({**body, "tricks": True}, "tricks"),
                           ({**body, "tricks": "9"}, "tricks"),
                           ({**body, "tricks": 9, "colour": "red"}, "colour")]:  # fmt: skip
            answer = c.post(f"{base}/results", json=bad, headers=director)
            assert answer.status_code == 422
            assert answer.json()["detail"][0]["loc"][-1] == field
        for closing in ({"closed": "yes"}, {"closed": 1}, {}):
            assert c.post(f"{base}/close", json=closing, headers=director).status_code == 422
        assert not c.get(base).json()["closed"]
        for bad_movement in ({**movement, "arrow_switch": 0}, {**movement, "tables": "3"}):
            assert c.post("/api/sessions", json={"movement": bad_movement}).status_code == 422
        big = {"movement": "mitchell", "tables": 30, "boards_per_round": 36}
        answer = c.post("/api/sessions", json={"movement": big})
        assert answer.status_code == 422
        assert answer.json()["detail"][0]["loc"] == ["body", "boards_per_round"]
        options = c.options(f"{base}/results/1")
        assert set(options.headers["allow"].split(", ")) == {"PUT", "DELETE"}


def test_the_old_names_are_still_taken_and_answered_with_the_new(tmp_path: Path) -> None:
    with _client(tmp_path) as c:
        movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
        created = c.post("/api/sessions", json={"movement": movement, "scoring": "butler"})
        base = f"/api/sessions/{created.json()['id']}"
        director = auth(created.json()["edit_token"])
        session = c.get(base).json()
        assert session["method"] == "butler"
        assert "scoring" not in session
        old = {"round": 1, "table": 1, "board": 1, "adjusted": "A+/A-"}
        answer = c.post(f"{base}/results", json=old, headers=director)
        assert answer.status_code == 201
        assert answer.json()["artificial"] == "A+/A-"
        assert "adjusted" not in answer.json()


def test_a_tables_round_of_averages_in_one_step(tmp_path: Path) -> None:
    with _client(tmp_path) as c:
        movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
        created = c.post("/api/sessions", json={"movement": movement}).json()
        base = f"/api/sessions/{created['id']}"
        director = auth(created["edit_token"])
        one = {"round": 1, "table": 2, "board": 3, "contract": "Pass"}
        c.post(f"{base}/results", json=one, headers=director)
        answer = c.post(f"{base}/artificial", json={"artificial": "A/A", "table": 2, "round": 1},
                        headers=director)  # fmt: skip
        assert answer.json()["entered"] == 1
        pair = c.post(f"{base}/artificial", json={"artificial": "A-/A+", "pair": "NS 3"},
                      headers=director)  # fmt: skip
        assert pair.json()["entered"] == 6
        results = c.get(base, headers=director).json()["results"]
        assert sorted((r["round"], r["table"], r["board"]) for r in results if r["artificial"]) \
            == sorted([(1, 2, 4)] + [(r, 3, b) for r in (1, 2, 3) for b in
                                     next(p.boards for p in MOVEMENT.plays
                                          if p.round == r and p.table == 3)])  # fmt: skip
        again = c.post(f"{base}/artificial", json={"artificial": "A/A", "table": 2, "round": 1},
                       headers=director)  # fmt: skip
        assert again.status_code == 422
        table = auth(created["tables"][0]["token"])
        assert c.post(f"{base}/artificial", json={"artificial": "A/A", "table": 1, "round": 1},
                      headers=table).status_code == 403  # fmt: skip


def test_a_weighted_score_refused_past_the_bound_names_the_field() -> None:
    state = stored()
    heavy = fresh().entry(1, 1, 1, weighted=", ".join(f"10% 4SN {t}" for t in range(4, 14)))
    accept(state, DIRECTOR, Add(heavy))
    state = state.added(LiveResult(1, heavy, NOW, NOW))
    more = fresh().entry(2, 3, 1, weighted=", ".join(f"10% 4SN {t}" for t in range(3, 13)))
    accept(state, DIRECTOR, Add(more))  # 10 x 10 combinations, board 1 played 3 times: 300
    state = state.added(LiveResult(2, more, NOW, NOW))
    more = fresh().entry(3, 2, 1, weighted="50% 4SN=, 50% 4SN-1")
    with pytest.raises(SessionError) as refused:
        accept(state, DIRECTOR, Add(more))
    assert refused.value.field == "weighted"
    assert Weighted.parse(str(more.weighted)) == more.weighted
    assert Result.parse("4SN=") in [r for _, r in heavy.weighted.components]  # type: ignore[union-attr]


def test_a_nights_seating_is_worked_out_once_while_its_results_change() -> None:
    """A new state of the same night shares its seating (a 30-table night's took 4 ms to work
    out, at every result: ``make bench-live`` found it); a redefined night has its own."""
    state = fresh()
    seating = state.seating
    later = state.added(LiveResult(1, entry(1, 1, 1), NOW, NOW)).deleted(1).with_closed(False)
    assert later.added(LiveResult(2, entry(1, 1, 1), NOW, NOW)).seating is seating
    assert state.redefined(state.night).seating is not seating


def _played(state: LiveState, *, upto: int, but: tuple[int, int, int] | None = None) -> LiveState:
    """Every board of rounds up to ``upto`` entered (``but`` one), then a board of the next."""
    n = len(state.results)
    slots = [s for s in state.missing() if s[0] <= upto and s != but]
    slots.append(next(s for s in state.missing() if s[0] == upto + 1))
    for r, t, b in slots:
        n += 1
        state = state.added(LiveResult(n, state.entry(r, t, b, result="3NTN="), NOW, NOW))
    return state


def test_missing_on_the_director_page_is_due_and_not_in_and_a_sit_out_is_never_late() -> None:
    """Issue 31: a 7-table Mitchell for 13 pairs showed "Missing boards · 126" right after the
    start and "Late: table 7" for the half table (and for a withdrawn pair's table): the boards
    due are those of rounds the room has left; a table nobody plays at is never late."""
    state = LiveState.start(Session((Section.from_movement(mitchell(7, 3, half_table=True)),)))
    assert len(state.missing()) == 6 * 7 * 3
    assert state.due() == []
    assert state.late() == []
    state = state.redefined(redefine(state, DIRECTOR, Withdrawal("EW 1", 2)))
    assert state.late() == []
    state = _played(state, upto=2)
    assert state.room_round == 3
    assert state.due() == []
    assert state.late() == []
    assert {2, 3, 7} <= {p.table for p in state.positions() if p.sit_out}  # EW 1 gone, half
    left = next(s for s in state.missing() if s[0] == 3 and s[1] == 4)
    state = _played(state, upto=3, but=left)
    assert state.due() == [left]
    assert state.late() == [4]
    assert state.with_closed(True).late() == []
    assert len(state.with_closed(True).due()) == len(state.missing())
