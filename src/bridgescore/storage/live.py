"""Live sessions: a club evening whose tables enter their own results, one row each.

A live session is a stored ``session`` (its definition: pairs, boards, movement) plus a token
per table (only their SHA-256 kept) and its results as rows of their own, so tables entering
at once never conflict: each write inserts or changes one row and bumps the session's version
(the events carry it), in one transaction. Every change is kept in an audit trail.

Writes are committed in groups: the writes waiting at the same moment (thirty tables posting at
once) are made by one thread in one transaction, so they wait for one commit instead of for
each other's; each still checks before it writes, and a refused one fails alone.

>>> from bridgescore.movement import mitchell
>>> from bridgescore.session import Section, Session
>>> with Store("sqlite://") as store:
...     live = LiveStore(store)
...     stored, tokens = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
...     entry = Entry(1, 1, 1, "NS 1", "EW 1", contract="4H", declarer="S", tricks=10)
...     added, version = live.add(stored.id, entry, "table 1")
...     again = live.results(stored.id)
>>> version, added.entry.board, len(again.results), live_table(tokens)
(2, 1, 1, [1, 2, 3])
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import logging
import queue
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Row, Table, bindparam, delete, func, insert, select, update

from bridgescore.session import Session
from bridgescore.storage.errors import GameNotFoundError, StorageError
from bridgescore.storage.schema import GameRow, LiveResultRow, ResultChangeRow, TableTokenRow
from bridgescore.storage.store import Store, StoredGame, _announce, _hash_token, _utcnow

__all__ = [
    "Change",
    "DuplicateResultError",
    "Entry",
    "LiveResult",
    "LiveState",
    "LiveStore",
    "RefusedError",
    "ResultNotFoundError",
    "live_table",
    "table_token",
]


@dataclass(frozen=True, slots=True)
class Entry:
    """What a table enters for one board: where, who, and the result, an artificial score or
    (the director) a weighted score."""

    round: int
    table: int
    board: int
    ns: str
    """The NS pair's label in the movement (``NS 3``; ``3`` in a Howell)."""
    ew: str
    contract: str | None = None
    """``4HX``, ``Pass``; None for an artificial score."""
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None
    """``A+/A-`` and the like, instead of a result."""
    weighted: str | None = None
    """A weighted score's canonical text (``50% 4SN=, 50% 4SN-1``; Law 12C1(c)), instead of a
    result."""


@dataclass(frozen=True, slots=True)
class LiveResult:
    """A stored result: its id, the entry, and when it was entered and last changed."""

    id: int
    entry: Entry
    created_at: datetime
    updated_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``id``, the entry's fields, and the times."""
        return {"id": self.id, **asdict(self.entry), "created_at": self.created_at.isoformat(),
                "updated_at": self.updated_at.isoformat()}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Change:
    """One change in the audit trail: who, when, what (add, edit, delete), old and new."""

    result_id: int
    at: datetime
    who: str
    action: str
    old: dict[str, Any] | None
    new: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"result_id": self.result_id, "at": self.at.isoformat(), "who": self.who,
                "action": self.action, "old": self.old, "new": self.new}  # fmt: skip


@dataclass(frozen=True, slots=True)
class LiveState:
    """A live session's results as of one version (read in one snapshot)."""

    version: int
    closed: bool
    results: tuple[LiveResult, ...]


class DuplicateResultError(StorageError):
    """The table has already entered this board this round; :attr:`existing` is that result."""

    def __init__(self, message: str, existing: LiveResult) -> None:
        super().__init__(message, field="board", value=existing.entry.board)
        self.existing = existing


class RefusedError(StorageError):
    """A table may not make this change (the session is closed, or the round is past)."""


class ResultNotFoundError(GameNotFoundError):
    """No result of this session has the id."""


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


def live_table(tokens: Mapping[int, str]) -> list[int]:
    """The table numbers of a token map, in order (a doctest helper)."""
    return sorted(tokens)


_TABLE: Table = LiveResultRow.__table__  # type: ignore[assignment]
_ENTRY_COLUMNS = ("round", "table", "board", "ns", "ew", "contract", "declarer", "tricks",
                  "lead", "adjusted", "weighted")  # fmt: skip


class LiveStore:
    """The live-session side of a :class:`~bridgescore.storage.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._writer = _GroupCommit(store)

    def start(self, session: Session, tables: int) -> tuple[StoredGame, dict[int, str]]:
        """Store a new session and make a token for each of its ``tables``.

        The director's token is the stored game's edit token; each table's token is derived
        from it (:func:`table_token`), and only their hashes are kept: the director can have
        them again (:meth:`tokens_for`), nobody else.
        """
        stored = self.store.create(session)
        assert stored.edit_token is not None
        tokens = {t: table_token(stored.edit_token, stored.id, t) for t in range(1, tables + 1)}
        with self.store._transaction(write=True) as conn:
            if tokens:
                conn.execute(insert(TableTokenRow), [
                    {"game_id": stored.id, "table": t, "token_hash": _hash_token(tok)}
                    for t, tok in tokens.items()
                ])  # fmt: skip
        return stored, tokens

    def tokens_for(self, game_id: str, edit_token: str) -> dict[int, str]:
        """The tables' tokens again, from the director's token (a lost table card is printed
        again); checked against the hashes kept.

        :raises RefusedError: if they do not match (not the director's token).
        :raises GameNotFoundError: if the session has no tables.
        """
        with self.store._transaction() as conn:
            rows = conn.execute(
                select(TableTokenRow.table, TableTokenRow.token_hash)
                .where(TableTokenRow.game_id == game_id)
                .order_by(TableTokenRow.table)
            ).all()
        if not rows:
            raise GameNotFoundError(f"no live session with id {game_id!r}")
        tokens = {row.table: table_token(edit_token, game_id, row.table) for row in rows}
        if any(not hmac.compare_digest(_hash_token(tokens[r.table]), r.token_hash) for r in rows):
            raise RefusedError("these are not this session's tables' tokens")
        return tokens

    def is_live(self, game_id: str) -> bool:
        """Whether the session has table tokens (it was started as a live session)."""
        with self.store._transaction() as conn:
            count = conn.execute(
                select(func.count()).where(TableTokenRow.game_id == game_id)
            ).scalar_one()
        return bool(count)

    def table_of(self, game_id: str, token: str) -> int | None:
        """The table whose token this is; None if it is none of this session's."""
        with self.store._transaction() as conn:
            found = conn.execute(
                select(TableTokenRow.table).where(
                    TableTokenRow.game_id == game_id,
                    TableTokenRow.token_hash == _hash_token(token),
                )
            ).scalar_one_or_none()
        return found

    def results(self, game_id: str) -> LiveState:
        """The session's version, whether it is closed, and its results in order of entry.

        :raises GameNotFoundError: if there is no such session.
        """
        with self.store._transaction() as conn:
            version, closed = _head(conn, game_id)
            rows = conn.execute(
                select(_TABLE).where(LiveResultRow.game_id == game_id).order_by(LiveResultRow.id)
            ).all()
            results = tuple(_result(row) for row in rows)
        return LiveState(version, closed, results)

    def position(self, game_id: str, table: int) -> tuple[bool, int]:
        """Whether the session is closed, and the table's current round (the latest round it
        has a result in; 1 before its first).

        :raises GameNotFoundError: if there is no such session.
        """
        with self.store._transaction() as conn:
            closed = _head(conn, game_id)[1]
            latest = conn.execute(
                select(func.max(LiveResultRow.round)).where(
                    LiveResultRow.game_id == game_id, LiveResultRow.table == table
                )
            ).scalar_one_or_none()
        return bool(closed), latest or 1

    def result(self, game_id: str, result_id: int) -> LiveResult:
        """One stored result.

        :raises ResultNotFoundError: if the session has no result with this id.
        """
        with self.store._transaction() as conn:
            return _get(conn, game_id, result_id)

    def version(self, game_id: str) -> int:
        """The session's version.

        :raises GameNotFoundError: if there is no such session.
        """
        with self.store._transaction() as conn:
            return _head(conn, game_id)[0]

    def changes(self, game_id: str) -> list[Change]:
        """The audit trail, oldest first."""
        with self.store._transaction() as conn:
            rows = conn.execute(
                select(ResultChangeRow.__table__)
                .where(ResultChangeRow.game_id == game_id)
                .order_by(ResultChangeRow.id)
            ).all()
            return [
                Change(r.result_id, r.at, r.who, r.action, _load(r.old), _load(r.new)) for r in rows
            ]

    def add(
        self, game_id: str, entry: Entry, who: str, *, by_table: bool = False
    ) -> tuple[LiveResult, int]:
        """Store one result; the stored result and the session's new version.

        ``by_table``: the table enters it, so the session must be open and the round the
        table's current one or a later one (see :meth:`position`), checked in the same
        transaction.

        :raises DuplicateResultError: if the table has this board of this round already.
        :raises RefusedError: if ``by_table`` and the session is closed or the round past.
        :raises GameNotFoundError: if there is no such session.
        """
        return self._writer.run(game_id, self._adding(game_id, entry, who, by_table))

    async def add_async(
        self, game_id: str, entry: Entry, who: str, *, by_table: bool = False
    ) -> tuple[LiveResult, int]:
        """:meth:`add`, awaited (the event loop goes on meanwhile)."""
        job = self._adding(game_id, entry, who, by_table)
        return await asyncio.wrap_future(self._writer.submit(game_id, job))

    def _adding(self, game_id: str, entry: Entry, who: str, by_table: bool) -> _Job[LiveResult]:
        def job(conn: Connection, now: datetime) -> tuple[LiveResult, int]:
            version, closed = _head(conn, game_id, lock=True)
            if by_table:
                _check_table(conn, game_id, entry, closed)
            _refuse_another(conn, game_id, entry, "; change that result instead")
            version = _bump(conn, game_id, version, now)
            key = conn.execute(
                _INSERT,
                {
                    "game_id": game_id,
                    "created_at": now,
                    "updated_at": now,
                    **_values(entry),
                },
            ).inserted_primary_key
            assert key is not None
            result_id = int(key[0])
            _audit(conn, game_id, result_id, now, who, "add", None, entry)
            return LiveResult(result_id, entry, now, now), version

        return job

    def edit(self, game_id: str, result_id: int, entry: Entry, who: str) -> tuple[LiveResult, int]:
        """Change a stored result; the new one and the session's new version.

        :raises ResultNotFoundError: if the session has no result with this id.
        :raises DuplicateResultError: if the change moves it onto another stored result.
        """

        def job(conn: Connection, now: datetime) -> tuple[LiveResult, int]:
            version = _head(conn, game_id, lock=True)[0]
            old = _get(conn, game_id, result_id)
            _refuse_another(conn, game_id, entry, besides=result_id)
            version = _bump(conn, game_id, version, now)
            conn.execute(
                update(LiveResultRow)
                .where(LiveResultRow.id == result_id)
                .values(updated_at=now, **_values(entry))
            )
            _audit(conn, game_id, result_id, now, who, "edit", old.entry, entry)
            return LiveResult(result_id, entry, old.created_at, now), version

        return self._writer.run(game_id, job)

    def remove(self, game_id: str, result_id: int, who: str) -> tuple[LiveResult, int]:
        """Delete a stored result; the deleted one and the session's new version.

        :raises ResultNotFoundError: if the session has no result with this id.
        """

        def job(conn: Connection, now: datetime) -> tuple[LiveResult, int]:
            version = _head(conn, game_id, lock=True)[0]
            old = _get(conn, game_id, result_id)
            version = _bump(conn, game_id, version, now)
            conn.execute(delete(LiveResultRow).where(LiveResultRow.id == result_id))
            _audit(conn, game_id, result_id, now, who, "delete", old.entry, None)
            return old, version

        return self._writer.run(game_id, job)

    def close(self, game_id: str, closed: bool = True) -> int:
        """Close the session (results published; tables may no longer enter) or reopen it;
        the new version."""

        def job(conn: Connection, now: datetime) -> tuple[None, int]:
            version = _head(conn, game_id, lock=True)[0]
            return None, _bump(conn, game_id, version, now, ended=closed)

        return self._writer.run(game_id, job)[1]


log = logging.getLogger(__name__)

_T = TypeVar("_T")
_Job = Callable[[Connection, datetime], tuple[_T, int]]
"""A write: given the transaction and the time, it checks (raising before it writes, if it
refuses), writes, and returns what it made and the session's new version."""

_REFUSALS = (DuplicateResultError, RefusedError, GameNotFoundError)
"""What a write raises before it has written anything (it fails alone in its group)."""


class _GroupCommit:
    """Writes done one group at a time, by one thread, one transaction and commit a group.

    The thread starts with the first write and ends after a second with none.
    """

    MOST = 100
    """The most writes in one group."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._waiting: queue.SimpleQueue[tuple[str, _Job[Any], Future[Any]]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def run(self, game_id: str, job: _Job[_T]) -> tuple[_T, int]:
        """Do ``job`` for ``game_id`` in the next group; its answer, once committed."""
        return self.submit(game_id, job).result()

    def submit(self, game_id: str, job: _Job[_T]) -> Future[tuple[_T, int]]:
        """Put ``job`` for ``game_id`` in the next group; its answer, once committed."""
        future: Future[tuple[_T, int]] = Future()
        self._waiting.put((game_id, job, future))
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="live-writes", daemon=True)
                self._thread.start()
        return future

    def _work(self) -> None:
        while True:
            try:
                group = [self._waiting.get(timeout=1.0)]
            except queue.Empty:
                with self._lock:
                    if self._waiting.empty():
                        self._thread = None
                        return
                continue
            while len(group) < self.MOST and not self._waiting.empty():
                group.append(self._waiting.get_nowait())
            self._commit(group)

    def _commit(self, group: list[tuple[str, _Job[Any], Future[Any]]]) -> None:
        # One game's writes in the order they came; games in one order (no two PostgreSQL
        # workers lock two sessions' rows the other way round).
        group.sort(key=lambda item: item[0])
        done: list[tuple[str, Future[Any], Any]] = []
        refused: list[tuple[Future[Any], Exception]] = []
        now = _utcnow()
        try:
            with self._store._transaction(write=True) as conn:
                for game_id, job, future in group:
                    try:
                        answer = job(conn, now)
                    except _REFUSALS as refusal:
                        refused.append((future, refusal))
                        continue
                    _announce(conn, game_id, answer[1])
                    done.append((game_id, future, answer))
        except Exception as failure:  # rolled back: none of the group is stored
            for _, _, future in group:
                future.set_exception(failure)
            return
        # answered once the transaction has ended (an in-memory database has one connection)
        for future, reason in refused:
            future.set_exception(reason)
        for _, future, answer in done:
            future.set_result(answer)
        for game_id, _, answer in done:
            for listener in self._store.listeners:
                try:
                    listener(game_id, answer[1])
                except Exception:  # a listener's failure is not the writes'
                    log.exception("a listener failed on session %s version %s", game_id, answer[1])


_INSERT = insert(LiveResultRow)
_AUDIT = insert(ResultChangeRow)
_HEAD = select(GameRow.version, GameRow.ended).where(
    GameRow.id == bindparam("game_id"), GameRow.kind == "session"
)
_LOCK = _HEAD.with_for_update()
_BUMP = (
    update(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    .values(version=bindparam("version"), updated_at=bindparam("now"))
)
_AT = select(_TABLE).where(
    LiveResultRow.game_id == bindparam("game_id"),
    LiveResultRow.table == bindparam("table"),
    LiveResultRow.round == bindparam("round"),
    LiveResultRow.board == bindparam("board"),
    LiveResultRow.id != bindparam("besides"),
)
_CURRENT = select(func.max(LiveResultRow.round)).where(
    LiveResultRow.game_id == bindparam("game_id"), LiveResultRow.table == bindparam("table")
)


def _at(conn: Connection, game_id: str, entry: Entry, besides: int = 0) -> LiveResult | None:
    """The stored result for the entry's table, round and board (other than ``besides``)."""
    row = conn.execute(_AT, {"game_id": game_id, "table": entry.table, "round": entry.round,
                             "board": entry.board, "besides": besides}).one_or_none()  # fmt: skip
    return None if row is None else _result(row)


def _refuse_another(
    conn: Connection, game_id: str, entry: Entry, advice: str = "", besides: int = 0
) -> None:
    """Refuse an entry for a table, round and board that has a stored result already (other
    than ``besides``, the one being changed).

    :raises DuplicateResultError: with that result.
    """
    found = _at(conn, game_id, entry, besides)
    if found is not None:
        raise DuplicateResultError(
            f"table {entry.table} has already entered board {entry.board} in round "
            f"{entry.round}: {_describe(found.entry)}{advice}",
            found,
        )


def _head(conn: Connection, game_id: str, *, lock: bool = False) -> tuple[int, bool]:
    """The session's version and whether it is closed (``ended``); ``lock``: lock its row
    until the transaction ends (PostgreSQL; SQLite's writer holds the whole file).

    :raises GameNotFoundError: if there is no such session.
    """
    head = conn.execute(_LOCK if lock else _HEAD, {"game_id": game_id}).one_or_none()
    if head is None:
        raise GameNotFoundError(f"no session with id {game_id!r}")
    return head.version, bool(head.ended)


def _bump(conn: Connection, game_id: str, version: int, now: datetime, **values: Any) -> int:
    """Set the (locked) session's version to the next after ``version``; the new version."""
    statement = _BUMP.values(**values) if values else _BUMP
    conn.execute(statement, {"game_id": game_id, "version": version + 1, "now": now})
    return version + 1


def _check_table(conn: Connection, game_id: str, entry: Entry, closed: bool) -> None:
    """Refuse a table's entry in a closed session, or for a round before its current one."""
    if closed:
        raise RefusedError("the session is closed: ask the director to change results")
    current = conn.execute(
        _CURRENT, {"game_id": game_id, "table": entry.table}
    ).scalar_one_or_none()
    if current is not None and entry.round < current:
        raise RefusedError(
            f"table {entry.table} is in round {current}: ask the director to change round "
            f"{entry.round}"
        )


def _get(conn: Connection, game_id: str, result_id: int) -> LiveResult:
    row = conn.execute(
        select(_TABLE).where(LiveResultRow.game_id == game_id, LiveResultRow.id == result_id)
    ).one_or_none()
    if row is None:
        raise ResultNotFoundError(f"session {game_id!r} has no result {result_id!r}")
    return _result(row)


def _values(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in _ENTRY_COLUMNS}


def _result(row: Row[Any]) -> LiveResult:
    values = row._mapping
    entry = Entry(**{name: values[name] for name in _ENTRY_COLUMNS})
    return LiveResult(values["id"], entry, values["created_at"], values["updated_at"])


def _describe(entry: Entry) -> str:
    if entry.adjusted is not None:
        return f"an artificial score {entry.adjusted}"
    if entry.weighted is not None:
        return f"a weighted score {entry.weighted}"
    if entry.contract == "Pass":
        return "passed out"
    return f"{entry.contract} by {entry.declarer}, {entry.tricks} tricks"


def _audit(
    conn: Connection,
    game_id: str,
    result_id: int,
    at: datetime,
    who: str,
    action: str,
    old: Entry | None,
    new: Entry | None,
) -> None:
    conn.execute(_AUDIT, {
        "game_id": game_id, "result_id": result_id, "at": at, "who": who, "action": action,
        "old": None if old is None else json.dumps(asdict(old)),
        "new": None if new is None else json.dumps(asdict(new)),
    })  # fmt: skip


def _load(data: str | None) -> dict[str, Any] | None:
    if data is None:
        return None
    loaded: dict[str, Any] = json.loads(data)
    return loaded
