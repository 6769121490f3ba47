"""A team night's refusals are a pairs evening's (issue 30): one :func:`bridgescore.live.accept`
decides every kind of night, so the same refused cases give the same error and field through
the library, storage (inside the write) and the API (``/api/sessions/{id}``, the calls a pairs
evening's phones use), with the statuses of a pairs evening's."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore import BridgeError, SessionError
from bridgescore.events import Event, EventKind, teams
from bridgescore.live import (
    DIRECTOR,
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
    Who,
    accept,
)
from bridgescore.live.definition import Draw, redefine
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings, create_app
from tests.conftest import auth, make_club
from tests.helpers import apply_change, entry_body

NAMES = ("T1", "T2", "T3", "T4")


def night() -> LiveState:
    """A Swiss of four teams, two boards a match, its first round drawn: match 1 (T1 home
    against T2) at tables 1 (open) and 2 (closed)."""
    state = LiveState.start(Event(EventKind.SWISS_TEAMS, "S", teams(*NAMES), 3,
                                  boards_per_match=2))  # fmt: skip
    return state.redefined(redefine(state, DIRECTOR, Draw()))


def entry(round_number: int, table: int, board: int, text: str = "4SN=") -> TableEntry:
    return night().entry(round_number, table, board, result=text)


def stored(*entries: TableEntry, closed: bool = False) -> LiveState:
    state = night()
    for n, e in enumerate(entries, start=1):
        state = state.added(LiveResult(n, e, NOW, NOW))
    return state.with_closed(closed)


ARTIFICIAL = night().entry(1, 1, 1, artificial="A+/A-")

# (name, results stored, closed, who, change, error, field): named as a pairs evening's cases
REFUSED: list[tuple[str, tuple[TableEntry, ...], bool, Who, Change, type[BridgeError], str]] = [
    ("another table's", (), False, 2, Add(entry(1, 1, 1)), NotAllowedError, "table"),
    ("closed", (), True, 1, Add(entry(1, 1, 1)), NotAllowedError, "closed"),
    ("artificial from a table", (), False, 1, Add(ARTIFICIAL), NotAllowedError, "artificial"),
    ("entered already", (entry(1, 1, 1),), False, 1, Add(entry(1, 1, 1, "4SN+1")),
     AlreadyEnteredError, "board"),
    ("not its board", (), False, 1, Add(dataclasses.replace(entry(1, 1, 1), board=3)),
     SessionError, "board"),
    ("no such table", (), False, DIRECTOR, Add(dataclasses.replace(entry(1, 1, 1), table=9)),
     SessionError, "table"),
    ("change once the other room is in", (entry(1, 1, 1), entry(1, 2, 1)), False, 1,
     Edit(1, entry(1, 1, 1, "4SN-1")), NotAllowedError, "board"),
    ("change after closing", (entry(1, 1, 1),), True, 1, Edit(1, entry(1, 1, 1, "4SN-1")),
     NotAllowedError, "closed"),
    ("delete another's", (entry(1, 1, 1),), False, 2, Delete(1), NotAllowedError, "table"),
    ("delete a director's score", (ARTIFICIAL,), False, 1, Delete(1), NotAllowedError,
     "artificial"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("results", "closed", "who", "change", "error", "field"),
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_the_same_refusal_on_a_team_night_through_the_library_storage_and_the_api(
    tmp_path: Path,
    results: tuple[TableEntry, ...],
    closed: bool,
    who: Who,
    change: Change,
    error: type[BridgeError],
    field: str,
) -> None:
    # the library
    with pytest.raises(error) as in_core:
        accept(stored(*results, closed=closed), who, change)
    assert in_core.value.field == field
    # storage: the same night made by writes, the same change refused inside the write
    with Store(f"sqlite:///{tmp_path / 's.db'}") as store:
        live = LiveStore(store)
        game, _ = live.start(night().night)
        for e in results:
            live.add(game.id, e, DIRECTOR)
        if closed:
            live.close(game.id)
        with pytest.raises(error) as in_storage:
            apply_change(live, game.id, who, change)
        assert (type(in_storage.value), in_storage.value.field) == (error, field)
        assert str(in_storage.value) == str(in_core.value)
    # the API: the event made and drawn by a club's director, the phones on /api/sessions
    with TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'w.db'}"))) as c:
        login = auth(make_club(c, "Club", "1", "td@example.org"))
        body = {"kind": "swiss-teams", "name": "S", "rounds": 3, "boards_per_match": 2,
                "entrants": [{"name": n} for n in NAMES]}  # fmt: skip
        event_id = c.post("/api/events", json=body, headers=login).json()["id"]
        drawn = c.post(f"/api/events/{event_id}/rounds", headers=login).json()
        tokens = {t["table"]: t["token"] for m in drawn["matches"] for t in m["tables"]}
        base = f"/api/sessions/{event_id}"
        for e in results:
            posted = c.post(f"{base}/results", json=entry_body(e), headers=login)
            assert posted.status_code == 201, posted.text
        if closed:
            c.post(f"{base}/close", json={"closed": True}, headers=login)
        headers = login if who == DIRECTOR else auth(tokens[int(who)])
        answer = _send(c, base, change, headers)
        status = {NotAllowedError: 403, AlreadyEnteredError: 409, SessionError: 422}[error]
        assert answer.status_code == status, answer.text
        got = answer.json()
        if status == 422:
            assert got["detail"][0]["loc"] == ["body", field]
        elif status == 403:
            assert got["field"] == field
        else:  # a pairs evening's 409: the stored result as GET gives it, and the conflict
            assert set(got) == {"detail", "result", "conflict"}
            mine = c.get(base, headers=headers).json()["results"]
            assert [got["result"]] == mine
            assert got["conflict"] is True
        assert str(in_core.value) in str(got["detail"])


def _send(c: TestClient, base: str, change: Change, headers: dict[str, str]) -> Any:
    if isinstance(change, Delete):
        return c.delete(f"{base}/results/{change.result_id}", headers=headers)
    if isinstance(change, Edit):
        return c.put(f"{base}/results/{change.result_id}", json=entry_body(change.entry),
                     headers=headers)  # fmt: skip
    return c.post(f"{base}/results", json=entry_body(change.entry), headers=headers)
