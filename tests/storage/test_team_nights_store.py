"""Team nights in the one live store: started with the club's event listed, written through the
same group commit as a pairs evening, and a team event stored by an earlier version (its
results in ``event_results``) made a live night on first read, with the same standings."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from sqlalchemy import insert, select

from bridgescore.events import Entry, Event, EventKind, Room, teams
from bridgescore.live import DIRECTOR, AlreadyEnteredError, NotAllowedError
from bridgescore.live.definition import Draw
from bridgescore.model import Result
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.nights import adopt, start_team_night
from bridgescore.storage.schema import EventResultRow, EventRow, GameRow, LiveResultRow
from bridgescore.storage.store import utcnow


def _swiss(boards: int = 2) -> Event:
    return Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C", "D"), 2,
                 boards_per_match=boards)  # fmt: skip


def test_a_team_night_is_a_live_night_and_one_of_the_clubs_events(store: Store) -> None:
    club = ClubStore(store).create_club("Club", "1", "EBU")
    live = LiveStore(store)
    night_id, tokens = start_team_night(live, club.id, _swiss())
    assert sorted(tokens) == [1, 2, 3, 4]
    assert [e.id for e in ClubStore(store).events(club.id)] == [night_id]
    live.redefine(night_id, Draw(), DIRECTOR)
    state = live.state(night_id)
    assert live.table_of(night_id, tokens[2]) == 2
    entry = state.entry(1, 2, 1, result="4SN=")
    live.add(night_id, entry, 2)
    with pytest.raises(NotAllowedError) as refused:  # the director's score, from a table
        live.add(night_id, state.entry(1, 1, 1, artificial="A+/A-"), 1)
    assert refused.value.field == "artificial"
    other = state.entry(1, 2, 1, result="4SN-1")
    with pytest.raises(AlreadyEnteredError):  # a second phone's different entry: kept
        live.add(night_id, other, 2)
    assert [(c.reason, c.entry.result) for c in live.conflicts(night_id)] == [
        ("different", Result.parse("4SN-1"))]  # fmt: skip
    assert [c.action for c in live.changes(night_id)] == ["add"]
    assert len(live.state(night_id).event.entries) == 1


def test_a_team_event_stored_before_is_made_a_live_night_on_first_read(store: Store) -> None:
    """Stored as the earlier version did: the draw in the event's row, the results in
    ``event_results``; read once, it is a live night with the same results and standings,
    new table tokens, and nothing left in ``event_results``."""
    club = ClubStore(store).create_club("Club", "1", "EBU")
    drawn = _swiss().draw_next()
    m = drawn.rounds[0].matches[0]
    entries = [Entry(1, m.number, m.boards[0], Room.OPEN, Result.parse("4SN=")),
               Entry(1, m.number, m.boards[0], Room.CLOSED, Result.parse("4SN-1")),
               Entry(1, 2, m.boards[1], Room.OPEN, Result.parse("3NTS+1"))]  # fmt: skip
    legacy = replace(drawn, entries=tuple(entries))
    now = utcnow()
    with store.transaction(write=True) as conn:
        conn.execute(insert(EventRow).values(
            id="legacy1", club_id=club.id, kind="swiss-teams", version=5, created_at=now,
            updated_at=now, definition=json.dumps({**drawn.to_dict(), "entries": []})))  # fmt: skip
        conn.execute(insert(EventResultRow), [
            {"event_id": "legacy1", "round": e.round, "match": e.match, "board": e.board,
             "room": e.room.value, "result": str(e.result), "who": "director", "created_at": now}
            for e in entries])  # fmt: skip
    live = LiveStore(store)
    assert adopt(live, "legacy1")
    assert adopt(live, "legacy1")  # once only: a live night already
    state = live.state("legacy1")
    assert state.event.entries == legacy.entries
    assert state.event.standings() == legacy.standings()
    assert [(r.entry.table, r.entry.board) for r in state.results] == [(1, 1), (2, 1), (3, 2)]
    assert store.rows(select(EventResultRow.id)) == []
    assert len(store.rows(select(LiveResultRow.id))) == 3
    assert store.rows(select(GameRow.kind).where(GameRow.id == "legacy1"))[0].kind == "teams"
    assert not adopt(live, "nothing-here")
