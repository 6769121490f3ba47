"""A live write's steps, inside the group commit's transaction: the night's row bumped to
its next version, results inserted and updated, conflicts kept, the audit trail written, the
new state kept for the group (:class:`_Write`, used by :class:`~bridgescore.storage.live.
LiveStore`'s jobs); and the statements they run."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Executable,
    Row,
    String,
    Table,
    bindparam,
    func,
    insert,
    literal,
    null,
    or_,
    select,
    update,
)

from bridgescore.errors import BridgeError
from bridgescore.live import (
    DIRECTOR,
    Add,
    AlreadyEnteredError,
    Edit,
    LiveResult,
    LiveState,
    OutdatedError,
    TableEntry,
    Who,
    accept,
    check_kept,
)
from bridgescore.live.night import Night
from bridgescore.storage.commit import States
from bridgescore.storage.errors import GameNotFoundError
from bridgescore.storage.rows import night_settings
from bridgescore.storage.schema import (
    ConflictRow,
    GameRow,
    LiveResultRow,
    ResultChangeRow,
    TableTokenRow,
)
from bridgescore.storage.store import CHANNEL, notice

_TABLE: Table = LiveResultRow.__table__  # type: ignore[assignment]
_RESULT_COLUMNS = ("round", "table", "board", "contract", "declarer", "tricks", "lead",
                   "artificial", "weighted", "split")  # fmt: skip


def _who(who: Who, via: str | None = None) -> str:
    """The audit's ``who``: ``director``, ``table 3``, or ``table 3 via Bridgemate`` (a
    table's handset through a bridge: :mod:`bridgescore.bridgemate`)."""
    said = DIRECTOR if who == DIRECTOR else f"table {who}"
    return said if via is None else f"{said} via {via}"


@dataclass(frozen=True, slots=True)
class _Kept:
    """A write that kept a conflict and then refuses (raised once committed)."""

    refused: AlreadyEnteredError | None


class Presumed(Exception):
    """A write began on the night's state kept in memory and the stored night has moved on
    since (another process wrote it): nothing was written, the write is done again on the
    state read under the night's lock."""


@dataclass(slots=True)
class _Write:
    """One write job's context: the transaction, its time, the group's states, the session
    (its row locked) and who writes; the steps every write is made of, each moving the
    session's version on and keeping the new state for the group."""

    define: Callable[[str, str, Night], None]
    """Keeps a night's new definition (its id, settings JSON and night) in memory."""
    conn: Connection
    now: datetime
    states: States
    game_id: str
    who: Who
    via: str | None = None
    """What the table entered it on, when not a phone (``Bridgemate``): the audit says so."""
    presumed: bool = False
    """Whether :attr:`state` is the one kept in memory, not read under the night's lock (no
    statement to read it first): the first statement that writes, :meth:`bump`, then writes only
    if the stored version is the state's, else raises :class:`Presumed` (nothing written).
    What the core decided on that state is thus decided on the stored one, inside the write."""

    @property
    def state(self) -> LiveState:
        """The session as this write's group has it now."""
        return self.states[self.game_id]

    def bump(self, **values: Any) -> int:
        """Set the session's version to the next (and ``values`` of its row); the new one,
        announced by the same statement on PostgreSQL (``NOTIFY``, delivered on commit: see
        :func:`~bridgescore.storage.store.announce`)."""
        params = self._next()
        statement = _BUMPS[self.conn.dialect.name == "postgresql", self.presumed]
        bumped = self.conn.execute(statement.values(**values) if values else statement, params)
        self._wrote(bumped.rowcount == 1)
        return int(params["version"])

    def _next(self) -> dict[str, Any]:
        """The bump's parameters: the night's next version (and the one presumed before it),
        the time, and on PostgreSQL the notice announcing it."""
        version = self.state.version + 1
        params = {"game_id": self.game_id, "version": version, "was": version - 1, "now": self.now}
        if self.conn.dialect.name == "postgresql":
            params["payload"] = notice(self.game_id, version)
        return params

    def _wrote(self, bumped: bool) -> None:
        """After the first statement that writes: whether it bumped the night.

        :raises Presumed: if the state was presumed and the night had moved on.
        """
        if self.presumed:
            if not bumped:
                raise Presumed(self.game_id)
            self.presumed = False  # the stored night is the state: its row is locked now

    def audit(self, result_id: int, action: str, old: Audited, new: Audited) -> None:
        """A line of the audit trail, by this write's ``who``."""
        self.conn.execute(_AUDIT, {
            "game_id": self.game_id, "result_id": result_id, "at": self.now,
            "who": _who(self.who, self.via), "action": action, "old": _audited(old),
            "new": _audited(new),
        })  # fmt: skip

    def insert(self, entry: TableEntry) -> tuple[LiveResult, int]:
        """Store a new result (accepted already): on PostgreSQL the bump, the result's row and
        its audit line in one statement (:data:`_ADDED`), elsewhere one after the other."""
        state = self.state
        if self.conn.dialect.name == "postgresql":
            params = self._next() | _values(state, entry)
            new = _audited(entry)  # the audit line's entry, which the notice carries too
            params |= {"who": _who(self.who, self.via), "new": new}
            params |= {"told": f"{params['payload']} ", "row": _told(new, self.now)}
            found = self.conn.execute(_ADDED[self.presumed], params).scalar_one_or_none()
            self._wrote(found is not None)
            assert found is not None  # read under the night's lock: its row is there
            version, added = params["version"], LiveResult(found, entry, self.now, self.now)
        else:
            version = self.bump()
            values = {"game_id": self.game_id, "created_at": self.now, "updated_at": self.now,
                      **_values(state, entry)}  # fmt: skip
            key = self.conn.execute(_INSERT, values).inserted_primary_key
            assert key is not None
            added = LiveResult(int(key[0]), entry, self.now, self.now)
            self.audit(added.id, "add", None, entry)
        self.states[self.game_id] = state.added(added, version)
        return added, version

    def update(self, old: LiveResult, entry: TableEntry) -> tuple[LiveResult, int]:
        """Put ``entry`` in a stored result's place (accepted already)."""
        state, version = self.state, self.bump()
        self.conn.execute(
            update(LiveResultRow)
            .where(LiveResultRow.id == old.id)
            .values(updated_at=self.now, **_values(state, entry))
        )
        self.audit(old.id, "edit", old.entry, entry)
        changed = LiveResult(old.id, entry, old.created_at, self.now)
        self.states[self.game_id] = state.edited(changed, version)
        return changed, version

    def conflict(
        self, entry: TableEntry, reason: str, refused: AlreadyEnteredError | None
    ) -> tuple[_Kept, int]:
        """Keep a refused entry as a conflict (the session's version moves on, so the
        director's page hears of it), with the result stored in its place if any; the refusal
        to raise once committed.

        :raises TooManyRequestsError: if the table has as many kept on the board as it may
            (:func:`~bridgescore.live.check_kept`, counted in this transaction).
        """
        check_kept(self.who, entry, self.kept(entry))
        there = (
            refused.existing if refused else self.state.at(entry.table, entry.round, entry.board)
        )
        existing = there.id if there else None
        version = self.moved_on(self.state.closed)  # the bump first: nothing written before it
        self.conn.execute(_CONFLICT, {
            "game_id": self.game_id, "table": entry.table, "round": entry.round,
            "board": entry.board, "entry": json.dumps(entry.to_dict()), "reason": reason,
            "result_id": existing, "at": self.now, "settled": None,
        })  # fmt: skip
        return _Kept(refused), version

    def kept(self, entry: TableEntry) -> int:
        """How many of this table's entries for the entry's board are kept as conflicts
        (settled or not)."""
        found = self.conn.execute(_KEPT, {"game_id": self.game_id, "table": entry.table,
                                          "board": entry.board}).scalar_one()  # fmt: skip
        return int(found)

    def moved_on(self, closed: bool, **values: Any) -> int:
        """Move the version on with no result changed (closed or not as given)."""
        version = self.bump(**values)
        self.states[self.game_id] = self.state.with_closed(closed, version)
        return version

    def redefined(self, night: Night) -> int:
        """Keep the night's new definition in its row (``games.settings``)."""
        settings = night_settings(night)
        version = self.bump(settings=settings)
        self.define(self.game_id, settings, night)
        self.states[self.game_id] = self.state.redefined(night, version)
        return version


def _adding(entry: TableEntry) -> Callable[[_Write], tuple[Any, int]]:
    """The write that adds ``entry`` (a table's different entry kept as a conflict)."""

    def write(w: _Write) -> tuple[Any, int]:
        try:
            accept(w.state, w.who, Add(entry))
        except AlreadyEnteredError as refused:
            if w.who == DIRECTOR or refused.existing.entry.same_score(entry):
                raise
            return w.conflict(entry, "different", refused)
        return w.insert(entry)

    return write


def _editing(
    result_id: int, entry: TableEntry, replaces: str | None
) -> Callable[[_Write], tuple[Any, int]]:
    """The write that changes a stored result (a table's change that does not name the stored
    result's version, and differs from it, kept as a conflict: never applied, never lost)."""

    def write(w: _Write) -> tuple[Any, int]:
        try:
            accept(w.state, w.who, Edit(result_id, entry, replaces))
        except OutdatedError as refused:
            if refused.existing.entry.same_score(entry):
                raise
            return w.conflict(entry, "different", refused)
        return w.update(w.state.result(result_id), entry)

    return write


Audited = TableEntry | dict[str, Any] | None
"""What an audit line keeps of before and after: an entry, or (for players) a mapping."""


def _audited(value: Audited) -> str | None:
    if value is None:
        return None
    return json.dumps(value.to_dict() if isinstance(value, TableEntry) else value)


def _answer(answer: tuple[Any, int]) -> tuple[LiveResult, int]:
    if isinstance(answer[0], _Kept):
        assert answer[0].refused is not None
        raise answer[0].refused
    result: tuple[LiveResult, int] = answer
    return result


_INSERT = insert(LiveResultRow)
_CONFLICT = insert(ConflictRow)
_AUDIT = insert(ResultChangeRow)
NIGHTS = ("session", "teams")
"""The kinds of stored game a live night is (a pairs evening, a team night)."""
_HEAD = select(GameRow.version, GameRow.ended, GameRow.settings).where(
    GameRow.id == bindparam("game_id"),
    # each kind its own bound value: an IN list would be rendered again at every write
    or_(*(GameRow.kind == kind for kind in NIGHTS)),
)
"""A night's head: its version, whether it is closed, and its definition's JSON (read with
them, not after: a night another process wrote is read back without one more statement)."""
_LOCK = _HEAD.with_for_update()
_BUMP = (
    update(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    .values(version=bindparam("version"), updated_at=bindparam("now"))
)
_BUMP_PRESUMED = _BUMP.where(GameRow.version == bindparam("was"))


def _announce(payload: Any) -> Any:
    """``pg_notify`` on :data:`CHANNEL` (delivered on commit, to every listening process)."""
    return func.pg_notify(CHANNEL, payload)


_ANNOUNCE = _announce(bindparam("payload"))
_BUMPS = {
    (False, False): _BUMP,
    (False, True): _BUMP_PRESUMED,
    (True, False): _BUMP.returning(_ANNOUNCE),
    (True, True): _BUMP_PRESUMED.returning(_ANNOUNCE),
}
"""The bump, by (announced on PostgreSQL, the state presumed)."""


def _adding_all(presumed: bool) -> Executable:
    """A new result's whole write on PostgreSQL, in one statement: the night's bump (only
    from the presumed version if ``presumed``), then the result's row, then its audit line,
    each made only if the one before it was; announced with the result's row (:func:`_told`).
    It returns the result's id, or no row if the night was not at the presumed version
    (nothing written, nothing announced)."""
    bump = (_BUMP_PRESUMED if presumed else _BUMP).returning(GameRow.version).cte("bump")
    columns = [c for c in _TABLE.c if c.name != "id"]
    now = bindparam("now", type_=_TABLE.c.created_at.type)
    values = (now if c.name.endswith("_at") else bindparam(c.name, type_=c.type) for c in columns)
    row = (
        insert(_TABLE)
        .from_select([c.name for c in columns], select(*values).select_from(bump))
        .returning(_TABLE.c.id)
        .cte("added")
    )
    audit = ResultChangeRow.__table__.c
    line = select(bindparam("game_id", type_=audit.game_id.type), row.c.id, now,
                  bindparam("who", type_=audit.who.type), literal("add", audit.action.type),
                  null(), bindparam("new", type_=audit.new.type))  # fmt: skip
    names = ["game_id", "result_id", "at", "who", "action", "old", "new"]
    told = func.concat(bindparam("told", type_=String), audit.result_id,
                       bindparam("row", type_=String))  # fmt: skip
    added = ResultChangeRow.result_id
    return insert(ResultChangeRow).from_select(names, line).returning(added, _announce(told))


def _told(entry: str | None, now: datetime) -> str:
    """What a new result's notice carries after its id (``' <time> <entry JSON>'``, the entry
    as its audit line has it), for the other processes to add it to the night they keep
    (:func:`heard_result`); nothing if it were long (a notice holds under 8,000 bytes)."""
    return f" {now.isoformat()} {entry}" if entry and len(entry) < 4000 else ""


def heard_result(told: str) -> LiveResult | None:
    """The new result a notice tells after its version (``'<id> <time> <entry JSON>'``, see
    :func:`_told`); None if it tells none (or none this process can read).

    >>> from bridgescore.live.state import NOW
    >>> from bridgescore.model import Result
    >>> entry = TableEntry(1, 2, 3, 2, 2, result=Result.parse("3NTN="))
    >>> heard_result("12" + _told(_audited(entry), NOW)) == LiveResult(12, entry, NOW, NOW)
    True
    >>> heard_result(""), heard_result("12"), heard_result("12 x {}")
    (None, None, None)
    """
    number, _, rest = told.partition(" ")
    at, _, data = rest.partition(" ")
    if not (number.isascii() and number.isdigit() and data):
        return None
    try:
        when = datetime.fromisoformat(at)
        return LiveResult(int(number), TableEntry.from_dict(json.loads(data)), when, when)
    except (ValueError, KeyError, TypeError, BridgeError):
        return None


_ADDED = {presumed: _adding_all(presumed) for presumed in (False, True)}
"""A new result's write on PostgreSQL, by whether the state is presumed."""
_RESULTS = (
    select(_TABLE).where(LiveResultRow.game_id == bindparam("game_id")).order_by(LiveResultRow.id)
)
_CHANGES = (
    select(ResultChangeRow.id.label("change"), ResultChangeRow.result_id.label("changed"), _TABLE)
    .select_from(
        ResultChangeRow.__table__.outerjoin(_TABLE, _TABLE.c.id == ResultChangeRow.result_id)
    )
    .where(ResultChangeRow.game_id == bindparam("game_id"), ResultChangeRow.id > bindparam("mark"))
)
"""A night's lines of the audit trail after a mark, each with its result's row as it is now
(none if deleted): the results changed since, in one statement."""
_LAST_CHANGE = select(func.max(ResultChangeRow.id)).where(
    ResultChangeRow.game_id == bindparam("game_id")
)
_KEPT = select(func.count()).where(
    ConflictRow.game_id == bindparam("game_id"),
    ConflictRow.table == bindparam("table"),
    ConflictRow.board == bindparam("board"),
)
_TOKENS = select(func.count()).where(TableTokenRow.game_id == bindparam("game_id"))


def _head(conn: Connection, game_id: str, *, lock: bool = False) -> tuple[int, bool, str]:
    """The session's version, whether it is closed (``ended``) and its definition's JSON
    (``settings``); ``lock``: lock its row until the transaction ends (PostgreSQL; SQLite's
    writer holds the whole file).

    :raises GameNotFoundError: if there is no such session.
    """
    head = conn.execute(_LOCK if lock else _HEAD, {"game_id": game_id}).one_or_none()
    if head is None:
        raise GameNotFoundError.coded("live_session_missing", game=game_id)
    return head.version, bool(head.ended), head.settings or ""


def _values(state: LiveState, entry: TableEntry) -> dict[str, Any]:
    """The row's values: the entry's, with the sides' labels as the movement writes them (a
    team night's: the entrants' numbers)."""
    data = entry.to_dict()
    split = data.pop("split", None)
    data["split"] = None if split is None else f"{split['ns']} {split['ew']}"
    values = {name: data[name] for name in _RESULT_COLUMNS}
    if values["contract"] == "Pass":
        values["declarer"] = None
    plain = state.seating.kind == "teams" or state.definition.kind == "howell"
    values["ns"] = str(entry.ns) if plain else f"NS {entry.ns}"
    values["ew"] = str(entry.ew) if plain else f"EW {entry.ew}"
    return values


def _result(row: Row[Any]) -> LiveResult:
    values = row._mapping
    entry = TableEntry.from_dict({k: v for k, v in values.items() if k != "split" or v})
    return LiveResult(values["id"], entry, values["created_at"], values["updated_at"])
