"""Team events played at the tables: the draw kept in the event's row, the results one row
each, every change a new version of the event.

A team event (:class:`bridgescore.events.Event`) is a row of ``events`` (its definition and
rounds drawn, as JSON, and its version) plus a row of ``event_results`` per board entered at a
table. Every write reads the event inside its transaction (the row locked), asks the core
(:mod:`bridgescore.live.teams`) before it writes, writes and bumps the version; writes are
committed in groups (:class:`~bridgescore.storage.commit.GroupCommit`), so the tables of a
night entering at once wait for one commit. The event is kept in memory per version.

A table's token is derived from the club's key, the event, the match's number and the room
(:func:`~bridgescore.storage.tokens.derived_token`): the club's directors have it again, and
nothing about it is stored.

>>> from bridgescore.events import Entry, Event, EventKind, Room, teams
>>> from bridgescore.model import Result
>>> from bridgescore.live.teams import DIRECTOR, EventTable
>>> from bridgescore.storage.clubs import ClubStore
>>> with Store("sqlite://") as store:
...     club = ClubStore(store).create_club("Club", "1", "EBU")
...     events = TeamEventStore(store)
...     event_id = events.create(club.id, Event(EventKind.SWISS_TEAMS, "Swiss",
...                                              teams("A", "B"), 1, boards_per_match=2))
...     event, version = events.draw(event_id, DIRECTOR)
...     tokens = events.tokens(event_id)
...     table = events.table_of(event_id, tokens[EventTable(1, Room.CLOSED)])
...     entry = Entry(1, 1, 2, Room.CLOSED, Result.parse("3NTN="))
...     event, version = events.enter(event_id, table, entry)
>>> version, str(table), [str(e.result) for e in event.entries]
(3, "match 1's closed room", ['3NTN='])
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from datetime import datetime

from sqlalchemy import Connection, bindparam, insert, select, update

from bridgescore.errors import EventError
from bridgescore.events import Entry, Event, EventKind
from bridgescore.live.teams import (
    DIRECTOR,
    EventTable,
    Who,
    accept_draw,
    accept_entry,
    accept_swap,
    tables,
)
from bridgescore.storage.commit import GroupCommit, Job, States
from bridgescore.storage.errors import GameNotFoundError
from bridgescore.storage.schema import ClubRow, EventResultRow, EventRow
from bridgescore.storage.store import Store
from bridgescore.storage.tokens import derived_token

__all__ = ["TEAM_KINDS", "TeamEventStore"]

_Made = tuple[Event, str]
"""What a write made: the event, and its club."""

TEAM_KINDS = frozenset(k.value for k in EventKind)
"""The kinds of event stored here (a pairs event of several sessions is another)."""


class TeamEventStore:
    """The team-event side of a :class:`~bridgescore.storage.Store`."""

    KEPT = 64
    """The events whose latest state is kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, tuple[int, str, Event]] = OrderedDict()
        """Per event: its version, its club and the event at that version."""
        self._tokens: dict[str, dict[str, EventTable]] = {}
        """Per event, the tables' tokens made so far."""
        self._writer = GroupCommit(store, lambda states: None)

    # -- reading ---------------------------------------------------------------------------

    def create(self, club_id: str, event: Event) -> str:
        """Store a new event of the club (nothing drawn or entered yet); its id."""
        from bridgescore.storage.clubs import ClubStore

        if event.rounds or event.entries:
            raise EventError("a new event has no rounds drawn yet", field="rounds")
        return ClubStore(self.store).create_event(club_id, event.kind.value, event.to_dict()).id

    def state(self, event_id: str) -> tuple[Event, int]:
        """The event as stored now, and its version.

        :raises GameNotFoundError: if there is no such team event.
        """
        with self.store._transaction() as conn:
            version, _, event = self._read(conn, event_id)
        return event, version

    def club_of(self, event_id: str) -> str:
        """The club the event belongs to.

        :raises GameNotFoundError: if there is no such team event.
        """
        with self.store._transaction() as conn:
            return self._read(conn, event_id)[1]

    def tokens(self, event_id: str) -> dict[EventTable, str]:
        """Every drawn table's token (the director's to give out), from the club's key."""
        with self.store._transaction() as conn:
            _, club, event = self._read(conn, event_id)
            key = conn.execute(select(ClubRow.key).where(ClubRow.id == club)).scalar_one()
        made = {
            t: _token(key, event_id, t)
            for n in range(1, len(event.rounds) + 1)
            for t in tables(event, n)
        }  # each table (match number, room) once: the same token every round
        with self._lock:
            self._tokens[event_id] = {token: table for table, token in made.items()}
        return made

    def table_of(self, event_id: str, token: str) -> EventTable | None:
        """The table whose token this is; None if it is none of the event's (the tokens
        made before are looked up first: a token never changes)."""
        with self._lock:
            found = self._tokens.get(event_id, {}).get(token)
        if found is not None:
            return found
        for table, known in self.tokens(event_id).items():
            if _same(known, token):
                return table
        return None

    # -- writing ---------------------------------------------------------------------------

    def draw(self, event_id: str, who: Who) -> tuple[Event, int]:
        """Draw the next round if :func:`~bridgescore.live.teams.accept_draw` lets ``who``;
        the event and its new version."""

        def job(conn: Connection, now: datetime, states: States) -> tuple[_Made, int]:
            version, club, event = self._read(conn, event_id, lock=True)
            return self._save(conn, now, event_id, club, version, accept_draw(event, who))

        return self._run(event_id, job)

    def swap(
        self, event_id: str, who: Who, number: int, first: str, second: str
    ) -> tuple[Event, int]:
        """Swap two entrants in a round's draw if
        :func:`~bridgescore.live.teams.accept_swap` lets ``who``; the event and its new
        version."""

        def job(conn: Connection, now: datetime, states: States) -> tuple[_Made, int]:
            version, club, event = self._read(conn, event_id, lock=True)
            new = accept_swap(event, who, number, first, second)
            return self._save(conn, now, event_id, club, version, new)

        return self._run(event_id, job)

    def enter(
        self, event_id: str, who: Who, entry: Entry, *, change: bool = False
    ) -> tuple[Event, int]:
        """Store a board's result at a table (``change``: in place of the table's own) if
        :func:`~bridgescore.live.teams.accept_entry` lets ``who`` (the director replaces
        any); the event and its new version."""
        number, match, board = entry.round, entry.match, entry.board

        def job(conn: Connection, now: datetime, states: States) -> tuple[_Made, int]:
            version, club, event = self._read(conn, event_id, lock=True)
            new = accept_entry(event, who, entry, change=change)
            values = {"event_id": event_id, "round": number, "match": match, "board": board,
                      "room": entry.room.value, "result": str(entry.result), "who": str(who),
                      "created_at": now}  # fmt: skip
            changing = {f"b_{k}": v for k, v in values.items()}
            replacing = who == DIRECTOR or change
            if not replacing or not conn.execute(_CHANGE, changing).rowcount:
                conn.execute(_ADD, values)
            return self._bump(conn, now, event_id, club, version, new, None)

        return self._run(event_id, job)

    def _run(self, event_id: str, job: Job[_Made]) -> tuple[Event, int]:
        """Do a write in the next group; once committed, keep the event it made."""
        (event, club), version = self._writer.run(event_id, job)
        self._keep(event_id, version, club, event)
        return event, version

    def _save(
        self, conn: Connection, now: datetime, event_id: str, club: str, version: int, event: Event
    ) -> tuple[_Made, int]:
        """Write the event's definition and draw (its entries are rows of their own)."""
        definition = {**event.to_dict(), "entries": []}
        return self._bump(conn, now, event_id, club, version, event, json.dumps(definition))

    def _bump(
        self,
        conn: Connection,
        now: datetime,
        event_id: str,
        club: str,
        version: int,
        event: Event,
        definition: str | None,
    ) -> tuple[_Made, int]:
        values = {"b_id": event_id, "b_version": version + 1, "b_now": now}
        if definition is None:
            conn.execute(_BUMP, values)
        else:
            conn.execute(_BUMP.values(definition=bindparam("b_definition")),
                         {**values, "b_definition": definition})  # fmt: skip
        return (event, club), version + 1

    # -- the event, read inside a transaction ----------------------------------------------

    def _read(
        self, conn: Connection, event_id: str, *, lock: bool = False
    ) -> tuple[int, str, Event]:
        statement = _LOCK if lock else _HEAD
        head = conn.execute(statement, {"event_id": event_id}).one_or_none()
        if head is None or head.kind not in TEAM_KINDS:
            raise GameNotFoundError(f"there is no team event with id {event_id!r}")
        with self._lock:
            known = self._kept.get(event_id)
        if known is not None and known[0] == head.version:
            return known
        data = json.loads(conn.execute(_DEFINITION, {"event_id": event_id}).scalar_one())
        rows = conn.execute(_RESULTS, {"event_id": event_id}).all()
        data["entries"] = [{"round": r.round, "match": r.match, "board": r.board,
                            "room": r.room, "result": r.result} for r in rows]  # fmt: skip
        event = Event.from_dict(data)
        self._keep(event_id, head.version, head.club_id, event)
        return head.version, head.club_id, event

    def _keep(self, event_id: str, version: int, club: str, event: Event) -> None:
        with self._lock:
            known = self._kept.get(event_id)
            if known is None or known[0] <= version:
                self._kept[event_id] = (version, club, event)
            self._kept.move_to_end(event_id)
            while len(self._kept) > self.KEPT:
                gone, _ = self._kept.popitem(last=False)
                self._tokens.pop(gone, None)


def _token(key: str, event_id: str, table: EventTable) -> str:
    return derived_token(key, "event-table", f"{event_id}/{table.match}/{table.room.value}")[:24]


def _same(a: str, b: str) -> bool:
    import hmac

    return isinstance(b, str) and hmac.compare_digest(a.encode(), b.encode())


_HEAD = select(EventRow.version, EventRow.club_id, EventRow.kind).where(
    EventRow.id == bindparam("event_id")
)
_LOCK = _HEAD.with_for_update()
_BUMP = (
    update(EventRow)
    .where(EventRow.id == bindparam("b_id"))
    .values(version=bindparam("b_version"), updated_at=bindparam("b_now"))
)
_ADD = insert(EventResultRow)
_CHANGE = (
    update(EventResultRow)
    .where(EventResultRow.event_id == bindparam("b_event_id"),
           EventResultRow.round == bindparam("b_round"),
           EventResultRow.match == bindparam("b_match"),
           EventResultRow.board == bindparam("b_board"),
           EventResultRow.room == bindparam("b_room"))
    .values(result=bindparam("b_result"), who=bindparam("b_who"),
            created_at=bindparam("b_created_at"))
)  # fmt: skip
_DEFINITION = select(EventRow.definition).where(EventRow.id == bindparam("event_id"))
_RESULTS = (
    select(EventResultRow.round, EventResultRow.match, EventResultRow.board,
           EventResultRow.room, EventResultRow.result)
    .where(EventResultRow.event_id == bindparam("event_id"))
    .order_by(EventResultRow.id)
)  # fmt: skip
