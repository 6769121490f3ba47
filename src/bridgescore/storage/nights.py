"""A club's team nights: live nights (:class:`~bridgescore.storage.live.LiveStore`) that are
also the club's events.

A team night is a stored ``teams`` game (its event's definition, rounds drawn; its results
rows of the live store, with the same tokens, audit trail and conflicts as a pairs evening)
and a row of the club's ``events`` with the same id, which lists it among the club's events.

A team event stored by an earlier version (its results in ``event_results``, its tables'
tokens derived from the club's key) is made a live night the first time it is read
(:func:`adopt`), in one transaction; its tables get new tokens, which the director prints
again.

>>> from bridgescore.events import Event, EventKind, teams
>>> from bridgescore.storage import Store
>>> from bridgescore.storage.clubs import ClubStore
>>> with Store("sqlite://") as store:
...     club = ClubStore(store).create_club("Club", "1", "EBU")
...     live = LiveStore(store)
...     night_id, tokens = start_team_night(live, club.id, Event(
...         EventKind.SWISS_TEAMS, "Swiss", teams("A", "B"), 1, boards_per_match=2))
...     kinds = [e.kind for e in ClubStore(store).events(club.id)]
>>> sorted(tokens), kinds
([1, 2], ['swiss-teams'])
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Final

from sqlalchemy import Connection, delete, insert, select

from bridgescore.events import Event, EventKind
from bridgescore.live import LiveState
from bridgescore.live.night import table_of
from bridgescore.model import Result
from bridgescore.storage._live_write import _values
from bridgescore.storage.errors import ConstraintError
from bridgescore.storage.live import LiveStore
from bridgescore.storage.schema import ClubRow, EventResultRow, EventRow, GameRow, LiveResultRow
from bridgescore.storage.store import utcnow

__all__ = ["TEAM_KINDS", "adopt", "start_team_night"]

TEAM_KINDS: Final = frozenset(k.value for k in EventKind)
"""The kinds of event that are team nights (a pairs event of several sessions is another)."""


def start_team_night(live: LiveStore, club_id: str, event: Event) -> tuple[str, dict[int, str]]:
    """Store a new team night of the club (nothing drawn or entered yet), listed among its
    events: its id and its tables' tokens.

    :raises EventError: if the event has rounds or entries already.
    """
    from bridgescore.errors import EventError

    if event.rounds or event.entries:
        raise EventError.coded("new_event_drawn", field="rounds")
    key = _club_key(live, club_id)

    def listed(conn: Connection, night_id: str) -> None:
        now = utcnow()
        conn.execute(insert(EventRow).values(
            id=night_id, club_id=club_id, kind=event.kind.value,
            definition=json.dumps(event.to_dict()), created_at=now, updated_at=now))  # fmt: skip

    stored, tokens = live.start(event, club=(club_id, key), also=listed)
    return stored.id, tokens


def _club_key(live: LiveStore, club_id: str) -> str:
    key: str = live.store.rows(select(ClubRow.key).where(ClubRow.id == club_id))[0].key
    return key


def adopt(live: LiveStore, event_id: str) -> bool:
    """Make a team event stored by an earlier version a live night (nothing if it is one
    already); whether it is a team night now.

    Its draw becomes the night's definition, each ``event_results`` row a result of the
    live store (at the table of its match's room; an artificial score as such), and the
    event's tables get tokens of the night's own, all in one transaction.
    """
    with live.store.transaction() as conn:
        if conn.execute(select(GameRow.id).where(GameRow.id == event_id)).first() is not None:
            return True
        row = conn.execute(select(EventRow).where(EventRow.id == event_id)).first()
        if row is None or row.kind not in TEAM_KINDS:
            return False
        results = conn.execute(
            select(EventResultRow).where(EventResultRow.event_id == event_id)
            .order_by(EventResultRow.id)
        ).all()  # fmt: skip
    definition: dict[str, Any] = json.loads(row.definition)
    definition["entries"] = [{"round": r.round, "match": r.match, "board": r.board,
                              "room": r.room, "result": r.result} for r in results]  # fmt: skip
    event = Event.from_dict(definition)
    state = LiveState.start(replace(event, entries=()), event_id)
    rooms = state.seating.rooms
    values = []
    for r, e in zip(results, event.entries, strict=True):
        table = table_of(e.match, e.room, rooms)
        if isinstance(e.result, Result):
            entry = state.entry(e.round, table, e.board, result=e.result)
        else:
            entry = state.entry(e.round, table, e.board, artificial=str(e.result))
        values.append({"game_id": event_id, "created_at": r.created_at,
                       "updated_at": r.created_at, **_values(state, entry)})  # fmt: skip

    def rows(conn: Connection, night_id: str) -> None:
        if values:
            conn.execute(insert(LiveResultRow), values)
        conn.execute(delete(EventResultRow).where(EventResultRow.event_id == event_id))

    try:
        live.start(state.night, club=(row.club_id, _club_key(live, row.club_id)), also=rows,
                   game_id=event_id)  # fmt: skip
    except ConstraintError:  # another reader made it a live night meanwhile
        if not live.store.rows(select(GameRow.id).where(GameRow.id == event_id)):
            raise
    live.forget(event_id)  # its results were written beside the start
    return True
