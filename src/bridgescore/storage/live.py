"""Live nights: a club's pairs evening or team night whose tables enter their own results, one
row each.

A live night is a stored ``session`` (a pairs evening's definition: pairs, boards, movement)
or ``teams`` game (a team night's event: entrants, rounds drawn), plus a token per table
(only their SHA-256 kept) and its results as rows of their own, so tables entering at once
never conflict: each write inserts or changes one row and bumps the night's version (the
streams carry it), in one transaction. Every change is kept in an audit trail, and an
entry the session could not take from a table (the board held another result, or the session
was closed) is kept as a conflict for the director.

Every write reads the session's :class:`~bridgescore.live.LiveState` inside its transaction
(the session's row locked) and asks the core's :func:`~bridgescore.live.accept` before it
writes: the rule is checked inside the write it guards. The state is kept in memory per
version, so a write or a read at the version already known reads only the session's head.

Writes are committed in groups: the writes waiting at the same moment (thirty tables posting at
once) are made by one thread in one transaction, so they wait for one commit instead of for
each other's; each still checks before it writes, and a refused one fails alone.

>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> with Store("sqlite://") as store:
...     live = LiveStore(store)
...     stored, tokens = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
...     entry = live.state(stored.id).entry(1, 1, 1, result="4HS=")
...     added, version = live.add(stored.id, entry, 1)
...     again = live.state(stored.id)
>>> version, added.entry.board, len(again.results), sorted(tokens)
(2, 1, 1, [1, 2, 3])
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypeVar

from sqlalchemy import Connection, Table, delete, insert, select, update

from bridgescore.duplicate.session import Pair, Session
from bridgescore.errors import BridgeError
from bridgescore.events import Event
from bridgescore.live import (
    DIRECTOR,
    Add,
    Delete,
    Edit,
    LiveResult,
    LiveState,
    NotAllowedError,
    TableEntry,
    UnknownResultError,
    Who,
    accept,
    accept_request,
    check_director,
    substitute,
)
from bridgescore.live.definition import Redefinition, redefine
from bridgescore.live.night import Night, Seating
from bridgescore.players import Player
from bridgescore.storage._live_write import (
    _CHANGES,
    _LAST_CHANGE,
    _RESULTS,
    _TOKENS,
    Presumed,
    _adding,
    _answer,
    _editing,
    _head,
    _result,
    _Write,
    heard_result,
)
from bridgescore.storage.commit import GroupCommit, Job, States
from bridgescore.storage.errors import DatabaseError, GameNotFoundError
from bridgescore.storage.schema import (
    ConflictRow,
    LiveResultRow,
    ResultChangeRow,
    TableTokenRow,
)
from bridgescore.storage.store import Store, StoredGame
from bridgescore.storage.tokens import hash_token, token_matches

__all__ = [
    "Also",
    "Change",
    "Conflict",
    "LiveStore",
    "table_token",
]

T = TypeVar("T")

Also = Callable[[Connection, datetime], None]  # more writes of a change, in its transaction
Kept = Literal["stored", "entry"]
"""What the director keeps of a conflict: the stored result, or the refused entry."""


@dataclass(frozen=True, slots=True)
class Change:
    """One change in the audit trail: who, when, what (add, edit, delete), old and new."""

    result_id: int
    """The id of the result it changed (``result_id`` in the API); 0 for a substitute, which
    changes a pair's players."""
    at: datetime
    who: str
    """``director``, or the table that made it (``table 3``)."""
    action: str
    """``add``, ``edit`` or ``delete`` of a result; ``players`` for a substitute (the pair's
    players before and after)."""
    old: dict[str, Any] | None
    """What it was (a result's entry as the API gives it), None for an ``add``."""
    new: dict[str, Any] | None
    """What it became, None for a ``delete``."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"result_id": self.result_id, "at": self.at.isoformat(), "who": self.who,
                "action": self.action, "old": self.old, "new": self.new}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Conflict:
    """A table's entry the session could not take, kept for the director: ``different`` (the
    board held another result: :attr:`result_id`) or ``closed`` (sent after closing, as a
    correction request)."""

    id: int
    entry: TableEntry
    reason: str
    result_id: int | None
    at: datetime

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the refused entry, where it is, when, and the result it disagrees with."""
        return {"id": self.id, "table": self.entry.table, "round": self.entry.round,
                "board": self.entry.board, "reason": self.reason, "result_id": self.result_id,
                "at": self.at.isoformat(), "entry": self.entry.to_dict(),
                "text": self.entry.describe()}  # fmt: skip


def table_token(edit_token: str, game_id: str, table: int) -> str:
    """A table's token: an HMAC-SHA256 of the session and table, keyed by the director's token
    (so the director can have it again, and it tells nothing of the director's token).

    >>> table_token("secret", "abc", 1) == table_token("secret", "abc", 1) != table_token(
    ...     "secret", "abc", 2)
    True
    >>> len(table_token("secret", "abc", 1))
    24
    """
    digest = hmac.digest(edit_token.encode(), f"{game_id}/{table}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest[:18]).decode()


_CONFLICTS: Table = ConflictRow.__table__  # type: ignore[assignment]


class LiveStore:
    """The live-session side of a :class:`~bridgescore.storage.Store`."""

    KEPT = 256
    """The sessions whose latest state is kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._states: OrderedDict[str, LiveState] = OrderedDict()
        self._definitions: dict[str, tuple[str, Night]] = {}
        """Per night, its definition's JSON as last read or written, and the night."""
        self._marks: dict[str, tuple[int, int]] = {}
        """Per night, a version read from the database and the last line of the audit trail
        it had (each result's change writes one, under the night's lock): a state kept at
        that version or later reads only the results changed since (:meth:`_changed`)."""
        self._writer = GroupCommit(store, self._keep)

    # -- reading ---------------------------------------------------------------------------

    def start(
        self,
        night: Night,
        tables: int | None = None,
        club: tuple[str, str] | None = None,
        also: Callable[[Connection, str], None] | None = None,
        game_id: str | None = None,
    ) -> tuple[StoredGame, dict[int, str]]:
        """Store a new night (a pairs evening's session, a team night's event) and make a
        token for each of its tables (``tables``: its seating's, unless given), in one
        transaction; ``club``: the id and key of the club that owns it (see
        :meth:`Store.create`); ``also``: more rows of the night, written in that transaction;
        ``game_id``: an id the night has already (a team event made a live night).

        The director's token is the stored game's edit token; each table's token is derived
        from it (:func:`table_token`), and only their hashes are kept: the director can have
        them again (:meth:`tokens_for`), nobody else.

        :raises SessionError: if a session is not one section with a movement.
        """
        count = Seating.of(night).tables if tables is None else tables
        tokens: dict[int, str] = {}

        def rows(conn: Connection, game_id: str, edit_token: str) -> None:
            tokens.update({t: table_token(edit_token, game_id, t) for t in range(1, count + 1)})
            if tokens:
                conn.execute(insert(TableTokenRow), [
                    {"game_id": game_id, "table": t, "token_hash": hash_token(tok)}
                    for t, tok in tokens.items()
                ])  # fmt: skip
            if also is not None:
                also(conn, game_id)

        stored = self.store.create(night, club=club, also=rows, game_id=game_id)
        self._keep({stored.id: LiveState.start(night, stored.id)})
        return stored, tokens

    def tokens_for(self, game_id: str, edit_token: str) -> dict[int, str]:
        """The tables' tokens again, from the director's token (a lost table card is printed
        again); checked against the hashes kept.

        :raises NotAllowedError: if they do not match (not the director's token).
        :raises GameNotFoundError: if the session has no tables.
        """
        rows = self.store.rows(
            select(TableTokenRow.table, TableTokenRow.token_hash)
            .where(TableTokenRow.game_id == game_id)
            .order_by(TableTokenRow.table)
        )
        if not rows:
            raise GameNotFoundError.coded("no_live_session", game=game_id)
        tokens = {row.table: table_token(edit_token, game_id, row.table) for row in rows}
        if any(not token_matches(tokens[r.table], r.token_hash) for r in rows):
            raise NotAllowedError.coded("tokens_not_session", field="token")
        return tokens

    def table_of(self, game_id: str, token: str) -> int | None:
        """The table whose token this is; None if it is none of this session's."""
        with self.store.transaction() as conn:
            found = conn.execute(
                select(TableTokenRow.table).where(
                    TableTokenRow.game_id == game_id,
                    TableTokenRow.token_hash == hash_token(token),
                )
            ).scalar_one_or_none()
        return found

    def tables_by_token(self, game_id: str) -> dict[str, int]:
        """The session's tables by their tokens' hashes (:func:`hash_token`), read at once: a
        server checks a table's token once, and every table's first result then asks no
        more (empty: not a live session's)."""
        rows = self.store.rows(
            select(TableTokenRow.token_hash, TableTokenRow.table).where(
                TableTokenRow.game_id == game_id
            )
        )
        return {row.token_hash: row.table for row in rows}

    def is_live(self, game_id: str) -> bool:
        """Whether the session has table tokens (it was started as a live session)."""
        if self.known(game_id) is not None:
            return True
        with self.store.transaction() as conn:
            return bool(conn.execute(_TOKENS, {"game_id": game_id}).scalar_one())

    def forget(self, game_id: str) -> None:
        """Drop the state kept in memory of a night whose rows were written outside a live
        write (a team event made a live night): the next read reads them."""
        with self._lock:
            self._states.pop(game_id, None)
            self._marks.pop(game_id, None)

    def known(self, game_id: str) -> LiveState | None:
        """The latest state of the session kept in memory (perhaps not the newest stored)."""
        with self._lock:
            return self._states.get(game_id)

    def heard(self, game_id: str, version: int, told: str) -> None:
        """What another process announced of a night (:func:`~bridgescore.storage.store.
        heard`): a table's new result is added to the state kept in memory if that is at the
        version before it, so that this process's next write of the night begins on the
        stored night (one statement) instead of finding it moved on (the result written
        again after reading the night under its lock). Anything else is left: the next
        write reads what it needs."""
        known = self.known(game_id)
        if known is None or known.version != version - 1:  # (this process's own, often)
            return
        added = heard_result(told)
        if added is None:
            return
        state = known.added(added, version)
        with self._lock:
            if self._states.get(game_id) is known:  # not moved on meanwhile
                self._states[game_id] = state

    def state(self, game_id: str) -> LiveState:
        """The session as stored now: its definition, version, whether it is closed, its
        results and open conflicts (read in one snapshot; only the head if the version is the
        one kept in memory).

        :raises GameNotFoundError: if there is no such live session.
        """
        with self.store.transaction() as conn:
            state = self._read(conn, game_id)
        self._keep({game_id: state})
        return state

    def state_within(self, conn: Connection, game_id: str) -> LiveState:
        """The session as stored, read in the caller's transaction (one snapshot with
        whatever else it reads).

        :raises GameNotFoundError: if there is no such live session.
        """
        return self._read(conn, game_id)

    def version(self, game_id: str) -> int:
        """The session's version.

        :raises GameNotFoundError: if there is no such session.
        """
        with self.store.transaction() as conn:
            return _head(conn, game_id)[0]

    def changes(self, game_id: str) -> list[Change]:
        """The audit trail, oldest first."""
        with self.store.transaction() as conn:
            rows = conn.execute(
                select(ResultChangeRow.__table__)
                .where(ResultChangeRow.game_id == game_id)
                .order_by(ResultChangeRow.id)
            ).all()
            return [
                Change(r.result_id, r.at, r.who, r.action, _renamed(r.old), _renamed(r.new))
                for r in rows
            ]

    def conflicts(self, game_id: str) -> list[Conflict]:
        """The conflicts not yet settled, oldest first."""
        rows = self.store.rows(
            select(_CONFLICTS)
            .where(ConflictRow.game_id == game_id, ConflictRow.settled.is_(None))
            .order_by(ConflictRow.id)
        )
        return [
            Conflict(r.id, TableEntry.from_dict(json.loads(r.entry)), r.reason, r.result_id, r.at)
            for r in rows
        ]

    # -- writing ---------------------------------------------------------------------------

    def add(
        self, game_id: str, entry: TableEntry, who: Who, via: str | None = None
    ) -> tuple[LiveResult, int]:
        """Store one result if :func:`~bridgescore.live.accept` lets ``who`` add it; the
        stored result and the session's new version. A table's entry for a board that holds
        another result is kept as a conflict (see :meth:`conflicts`) before it is refused.
        ``via``: what the table entered it on when not a phone (``Bridgemate``), in the audit.

        :raises AlreadyEnteredError: if the table has this board of this round already.
        :raises NotAllowedError: if ``who`` may not add it (see :func:`~bridgescore.live.accept`).
        :raises SessionError: if it does not fit the movement.
        :raises GameNotFoundError: if there is no such session.
        """
        job = self._job(game_id, who, _adding(entry), via, presume=True)
        return _answer(self._writer.run(game_id, job))

    async def add_async(self, game_id: str, entry: TableEntry, who: Who) -> tuple[LiveResult, int]:
        """:meth:`add`, awaited (the event loop goes on meanwhile)."""
        job = self._job(game_id, who, _adding(entry), presume=True)
        return _answer(await asyncio.wrap_future(self._writer.submit(game_id, job)))

    def add_all(self, game_id: str, entries: list[TableEntry], who: Who) -> int:
        """Store several results at once (a whole round's averages), all or none: each is
        accepted as if those before it were stored; the session's new version.

        :raises AlreadyEnteredError, NotAllowedError, SessionError: as :meth:`add`, for the
            first entry refused (nothing is stored then).
        """

        def job(w: _Write) -> tuple[None, int]:
            trial = w.state
            for n, entry in enumerate(entries):
                accept(trial, who, Add(entry))
                trial = trial.added(LiveResult(-n - 1, entry, w.now, w.now))
            version = w.state.version
            for entry in entries:
                version = w.insert(entry)[1]
            return None, version

        return self._run(game_id, who, job)

    def request(self, game_id: str, entry: TableEntry, who: Who, via: str | None = None) -> int:
        """Keep a table's entry as a correction request for the director (an entry or a fix
        made after the session closed), with the result it would replace; the session's new
        version.

        :raises NotAllowedError: if it is not the table's own entry.
        :raises SessionError: if it does not fit the movement.
        """

        def job(w: _Write) -> tuple[None, int]:
            accept_request(w.state, who, entry, w.kept(entry))
            return None, w.conflict(entry, "closed", None)[1]

        return self._writer.run(game_id, self._job(game_id, who, job, via))[1]

    def settle(self, game_id: str, conflict_id: int, keep: Kept, who: Who = DIRECTOR) -> int:
        """Settle a conflict (the director): keep the stored result, or put the refused entry
        in its place (added if the board has none now); the session's new version.

        :raises NotAllowedError: if ``who`` is not the director.
        :raises UnknownResultError: if the session has no open conflict with this id.
        """

        def job(w: _Write) -> tuple[None, int]:
            check_director(who, "director_settles", "conflict_id")
            row = w.conn.execute(
                select(_CONFLICTS).where(
                    ConflictRow.game_id == game_id,
                    ConflictRow.id == conflict_id,
                    ConflictRow.settled.is_(None),
                )
            ).one_or_none()
            if row is None:
                raise UnknownResultError.coded("no_open_conflict", field="conflict_id",
                                               value=conflict_id, conflict=conflict_id)  # fmt: skip
            entry = TableEntry.from_dict(json.loads(row.entry))
            w.conn.execute(update(ConflictRow).where(ConflictRow.id == conflict_id)
                           .values(settled=keep))  # fmt: skip
            if keep == "entry":
                there = w.state.at(entry.table, entry.round, entry.board)
                if there is None:
                    accept(w.state, DIRECTOR, Add(entry))
                    return None, w.insert(entry)[1]
                accept(w.state, DIRECTOR, Edit(there.id, entry))
                return None, w.update(there, entry)[1]
            return None, w.moved_on(w.state.closed)

        return self._run(game_id, DIRECTOR, job)

    def edit(
        self,
        game_id: str,
        result_id: int,
        entry: TableEntry,
        who: Who,
        replaces: str | None = None,
        via: str | None = None,
    ) -> tuple[LiveResult, int]:
        """Change a stored result if :func:`~bridgescore.live.accept` lets ``who``; the new
        one and the session's new version. A table names the version it replaces
        (``replaces``, :attr:`~bridgescore.live.LiveResult.version`): a change naming none or
        an older one, and different from the stored result, is kept as a conflict (see
        :meth:`conflicts`) before it is refused, all in the write's transaction.

        :raises UnknownResultError: if the session has no result with this id.
        :raises OutdatedError: if a table's change does not name the stored version.
        :raises AlreadyEnteredError: if the change moves it onto another stored result.
        :raises NotAllowedError: if ``who`` may not change it.
        """
        job = self._job(game_id, who, _editing(result_id, entry, replaces), via)
        return _answer(self._writer.run(game_id, job))

    def remove(
        self, game_id: str, result_id: int, who: Who, via: str | None = None
    ) -> tuple[LiveResult, int]:
        """Delete a stored result if :func:`~bridgescore.live.accept` lets ``who``; the
        deleted one and the session's new version (``via``: as :meth:`add`).

        :raises UnknownResultError: if the session has no result with this id.
        :raises NotAllowedError: if ``who`` may not delete it.
        """

        def job(w: _Write) -> tuple[LiveResult, int]:
            accept(w.state, who, Delete(result_id))
            old = w.state.result(result_id)
            version = w.bump()
            w.conn.execute(delete(LiveResultRow).where(LiveResultRow.id == result_id))
            w.audit(result_id, "delete", old.entry, None)
            w.states[game_id] = w.state.deleted(result_id, version)
            return old, version

        return self._writer.run(game_id, self._job(game_id, who, job, via))

    def redefine(
        self, game_id: str, change: Redefinition, who: Who, also: Also | None = None
    ) -> int:
        """Change the night's definition (a late pair, a withdrawal, a fouled board's
        versions; a round drawn, a swap, a carry-over) if
        :func:`~bridgescore.live.definition.redefine` lets ``who`` make it, inside the write: the
        definition is kept in the night's row (``games.settings``); the new version.

        :raises NotAllowedError: if ``who`` is not the director.
        :raises SessionError: for a change that does not fit the movement or the results.
        """

        def job(w: _Write) -> tuple[None, int]:
            night = redefine(w.state, who, change)
            if also is not None:  # the change's own rows, in the same transaction
                also(w.conn, w.now)
            return None, w.redefined(night)

        return self._run(game_id, who, job)

    def close(self, game_id: str, closed: bool = True, who: Who = DIRECTOR) -> int:
        """Close the session (results published; tables may no longer enter) or reopen it;
        the new version.

        :raises NotAllowedError: if ``who`` is not the director.
        """

        def job(w: _Write) -> tuple[None, int]:
            check_director(who, "director_closes", "closed")
            return None, w.moved_on(closed, ended=closed, closed_at=w.now if closed else None)

        return self._run(game_id, who, job)

    def substitute(self, game_id: str, label: str, players: tuple[Player, ...], who: Who) -> int:
        """Change a pair's players (a substitute; a table's own pairs' at the start) if
        :func:`~bridgescore.live.substitute` lets ``who``: the session's definition changes in
        a versioned write (the tables hear it), kept in the audit trail; the session's new
        version.

        :raises NotAllowedError: for what ``who`` may not change.
        :raises SessionError: for a pair the session does not have.
        """

        def job(w: _Write) -> tuple[None, int]:
            session = substitute(w.state, who, label, players)
            old = next(p for p in w.state.definition.pairs if p.label == label)
            w.audit(0, "players",
                    {"pair": label, "players": [p.to_dict() for p in old.players],
                     "names": old.names},
                    {"pair": label, "players": [p.to_dict() for p in players]})  # fmt: skip
            return None, w.redefined(session)

        return self._run(game_id, who, job)

    def _job(
        self,
        game_id: str,
        who: Who,
        write: Callable[[_Write], tuple[T, int]],
        via: str | None = None,
        *,
        presume: bool = False,
    ) -> Job[T]:
        """The group commit's job for ``write``, given the session's state as this write's
        group has it (the session's row locked). ``presume``: begin on the state kept in
        memory, not read first (see :attr:`_Write.presumed`): a table's result, the evening's
        most frequent write, is then one statement on PostgreSQL, not four; where the night
        has moved on, or the core refused on that state, it is done again on the stored one."""

        def job(conn: Connection, now: datetime, states: States) -> tuple[T, int]:
            known = self.known(game_id) if presume and game_id not in states else None
            if known is not None:
                states[game_id] = known
                w = _Write(self._define, conn, now, states, game_id, who, via, presumed=True)
                try:
                    return write(w)
                except (Presumed, BridgeError) as failed:  # nothing written while presumed
                    if isinstance(failed, DatabaseError) or not w.presumed:
                        raise
                del states[game_id]
            self._locked(conn, game_id, states)
            return write(_Write(self._define, conn, now, states, game_id, who, via))

        return job

    def _define(self, game_id: str, settings: str, night: Night) -> None:
        """Keep a night's definition as just written (its settings' JSON, and the night)."""
        with self._lock:
            self._definitions[game_id] = (settings, night)

    def _run(self, game_id: str, who: Who, write: Callable[[_Write], tuple[None, int]]) -> int:
        """Run a write that answers only the session's new version."""
        return self._writer.run(game_id, self._job(game_id, who, write))[1]

    # -- the state, read inside a transaction ------------------------------------------------

    def _locked(self, conn: Connection, game_id: str, states: States) -> LiveState:
        """The state as this write's group has it (the session's row locked)."""
        found = states.get(game_id)
        if found is None:
            found = states[game_id] = self._read(conn, game_id, lock=True)
        return found

    def _read(self, conn: Connection, game_id: str, *, lock: bool = False) -> LiveState:
        version, closed, settings = _head(conn, game_id, lock=lock)
        known = self.known(game_id)
        if known is not None and (known.version, known.closed) == (version, closed):
            return known
        with self._lock:
            defined = self._definitions.get(game_id)
        if defined is not None and defined[0] == settings:
            night = defined[1]
        else:
            games = self.store.load(conn, [game_id])
            count = conn.execute(_TOKENS, {"game_id": game_id}).scalar_one()
            if not games or not count or not isinstance(games[0].game, Session | Event):
                raise GameNotFoundError.coded("no_live_night", game=game_id)
            night = games[0].game
            with self._lock:
                self._definitions[game_id] = (settings, night)
        results = self._changed(conn, game_id, version, known)
        if known is not None and known.night is night:  # its seating worked out once
            return known.reread(version, closed, results)
        return LiveState(night, version, closed, results, game_id)

    def _changed(
        self, conn: Connection, game_id: str, version: int, known: LiveState | None
    ) -> tuple[LiveResult, ...]:
        """The night's results at ``version``: those ``known`` has, with the ones changed
        since its mark read again (another process wrote the night: two workers sharing an
        evening read back a row or two a write, not all of them), else all of them."""
        with self._lock:
            mark = self._marks.get(game_id)
        if known is None or mark is None or mark[0] > known.version:
            rows = conn.execute(_RESULTS, {"game_id": game_id}).all()
            last = conn.execute(_LAST_CHANGE, {"game_id": game_id}).scalar_one_or_none()
            results = tuple(map(_result, rows))
        else:
            changes = conn.execute(_CHANGES, {"game_id": game_id, "mark": mark[1]}).all()
            last = max((change.change for change in changes), default=mark[1])
            ids = {change.changed for change in changes}
            kept = {r.id: r for r in known.results if r.id not in ids}
            kept.update((row.id, _result(row)) for row in changes if row.id is not None)
            results = tuple(kept[n] for n in sorted(kept))
        with self._lock:
            if game_id not in self._marks or self._marks[game_id][0] < version:
                self._marks[game_id] = (version, last or 0)
        return results

    def _keep(self, states: States) -> None:
        """Keep these states in memory (the newest version of each)."""
        with self._lock:
            for game_id, state in states.items():
                known = self._states.get(game_id)
                if known is None or known.version <= state.version:
                    self._states[game_id] = state
                self._states.move_to_end(game_id)
            while len(self._states) > self.KEPT:
                gone, _ = self._states.popitem(last=False)
                self._definitions.pop(gone, None)
                self._marks.pop(gone, None)


def _renamed(data: str | None) -> dict[str, Any] | None:
    """An audit row's entry in today's words (rows kept before the renames: ``adjusted``,
    pairs as labels)."""
    if data is None:
        return None
    loaded: dict[str, Any] = json.loads(data)
    if "adjusted" in loaded:
        loaded["artificial"] = loaded.pop("adjusted")
    for side in ("ns", "ew"):
        if isinstance(loaded.get(side), str):
            loaded[side] = Pair.parse(loaded[side]).number
    return loaded
