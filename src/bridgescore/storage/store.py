"""The :class:`Store`: games saved as their settings plus their ordered deals.

Every change is one transaction, so a crash (or a kill) leaves the game as it was before the
change or as it is after it, never half a deal. Reading a game rebuilds the core object from its
deals, so it compares equal to the game that was saved.
"""

from __future__ import annotations

import base64
import builtins
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Final, Self

from sqlalchemy import (
    Connection,
    Executable,
    Row,
    delete,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bridgescore.duplicate.session import Session
from bridgescore.events import Event
from bridgescore.storage.database import WRITE, database_error, is_memory, open_engine
from bridgescore.storage.errors import GameNotFoundError, StorageError, VersionConflictError
from bridgescore.storage.places import default_database_url
from bridgescore.storage.rows import (
    NAME_KEYS,
    DealValues,
    Dumped,
    Game,
    GameKind,
    HomeGame,
    build,
    dump,
    merged_names,
    read_names,
    to_json,
)
from bridgescore.storage.schema import (
    HEAD_REVISION,
    ClubGameRow,
    DealRow,
    EventRow,
    GameRow,
    alembic_config,
    current_revision,
)
from bridgescore.storage.tokens import derived_token, hash_token, token_matches

__all__ = ["Game", "GameKind", "HomeGame", "Store", "StoredGame", "default_database_url"]


MIN_PREFIX: Final = 4
"""The shortest id prefix :meth:`Store.resolve` accepts."""

_KINDS: Final[Mapping[str, GameKind]] = {"rubber": "rubber", "chicago": "chicago",
                                          "session": "session", "teams": "teams"}  # fmt: skip
_PG_LOCK: Final = 0x6272_6964_6765  # advisory lock key that serialises concurrent upgrades


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its id, the game itself, the sides' names and its version."""

    id: str
    """Unguessable and URL-safe: 26 lower-case letters and digits."""
    kind: GameKind
    """``'rubber'``, ``'chicago'``, ``'session'`` (a duplicate session, live or read from a
    file) or ``'teams'`` (a team night)."""
    game: Game
    """The game, rebuilt from its stored deals."""
    names: dict[str, str]
    """``{"we": ..., "they": ...}`` for a rubber, ``{"ns": ..., "ew": ...}`` for a Chicago."""
    version: int
    """1 when created, one more on every save or rename."""
    created_at: datetime
    """When it was created (UTC)."""
    updated_at: datetime
    """When it was last changed (UTC)."""
    edit_token: str | None = None
    """The edit token in plain text, only in the value :meth:`Store.create` returns."""

    @property
    def home_game(self) -> HomeGame:
        """The game as a rubber or a Chicago.

        :raises StorageError: if it is a night at the club (a session or a team night).
        """
        if isinstance(self.game, Session | Event):
            raise StorageError.coded("game_is_night", game=self.id)
        return self.game

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state: id, kind, names, version and times, then the game's own data
        (the CLI's ``show --json`` and the web API's answer). The edit token is left out."""
        return {
            "id": self.id,
            "kind": self.kind,
            "names": self.names,
            "version": self.version,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            **self.game.to_dict(),
        }


def utcnow() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=").lower()


class Store:
    """Games in a database: SQLite by default, or any SQLAlchemy URL (PostgreSQL is tested).

    Opening a store creates the schema, or upgrades it to the newest revision. ``sqlite://``
    is an in-memory database, kept for as long as the store is open. Several stores, in threads
    or processes, may share one database: writes queue (see :mod:`.database`), and
    :meth:`update` changes a game on top of every change made before it.
    """

    def __init__(self, url: str | None = None) -> None:
        """Open (and create or upgrade) the database at ``url``; see :func:`default_database_url`.

        :raises StorageError: for a URL that cannot be read, or a database that cannot be opened.
        """
        self._url = default_database_url() if url is None else url
        try:  # no message quotes the URL: it may hold a password, or a path
            parsed = make_url(self._url)
        except (ArgumentError, ValueError) as exc:
            raise StorageError.coded("database_url", field="database_url") from exc
        self._safe_url = parsed.render_as_string(hide_password=True)
        self.listeners: builtins.list[Callable[[str, int], None]] = []
        """Called with a game's id and new version after each change this store commits (in
        the writer's thread). Changes made by other processes reach PostgreSQL's
        :data:`CHANNEL` instead."""
        self._parsed = parsed
        self._writers = threading.RLock()  # a nested transaction fails, never hangs
        self._closing = threading.Lock()
        self._closed = False
        try:
            self._engine = open_engine(parsed)
        except (ArgumentError, ImportError) as exc:
            raise StorageError.coded("database_driver", field="database_url",
                                     driver=parsed.drivername, why=str(exc)) from exc  # fmt: skip
        try:
            with self.transaction(write=True) as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
                revision = current_revision(conn)
                if revision != HEAD_REVISION:
                    self._upgrade(conn, revision)
        except BaseException:
            self._engine.dispose()
            raise

    def _upgrade(self, conn: Connection, revision: str | None) -> None:
        """Create the schema, or upgrade it from ``revision``, inside ``conn``'s transaction.

        :raises StorageError: for a schema newer than this bridgescore knows.
        """
        from alembic import command  # loaded only when a schema must be made or changed
        from alembic.util import CommandError

        try:
            command.upgrade(alembic_config(conn), "head")
        except CommandError as exc:
            raise StorageError.coded("database_revision", revision=repr(revision),
                                     why=str(exc)) from exc  # fmt: skip

    @property
    def url(self) -> str:
        """The database URL, as given."""
        return self._url

    def create(
        self,
        game: Game,
        *,
        names: Mapping[str, str] | None = None,
        club: tuple[str, str] | None = None,
        also: Callable[[Connection, str, str], None] | None = None,
        game_id: str | None = None,
    ) -> StoredGame:
        """Store a new game; the result alone carries its :attr:`~StoredGame.edit_token`.

        ``club``: the id and key of the club that owns it; its edit token is then derived
        from the club's key (:func:`~bridgescore.storage.tokens.derived_token`), so the
        club's directors have it again. ``also(conn, game_id, edit_token)`` writes the
        game's other rows in the same transaction (a night's tables' tokens); ``game_id``
        keeps an id the game already has (a team event made a live night).

        :raises StorageError: for names other than the game's sides, or rules that are not a
            preset with options (they could not be read back).
        """
        kind, rules, settings, ended, deals = dump(game)
        full_names = merged_names(kind, {}, names or {})
        game_id, token, now = game_id or _new_id(), secrets.token_urlsafe(32), utcnow()
        if club is not None:
            token = derived_token(club[1], "edit", game_id)
        with self.transaction(write=True) as conn:
            conn.execute(
                insert(GameRow).values(
                    id=game_id,
                    kind=kind,
                    rules=rules,
                    settings=settings,
                    names=to_json(full_names),
                    ended=ended,
                    version=1,
                    token_hash=hash_token(token),
                    created_at=now,
                    updated_at=now,
                )
            )
            if club is not None:
                conn.execute(insert(ClubGameRow).values(game_id=game_id, club_id=club[0]))
            _insert_deals(conn, game_id, 1, deals)
            if also is not None:
                also(conn, game_id, token)
            announce(conn, notice(game_id, 1))
        return self._changed(StoredGame(game_id, kind, game, full_names, 1, now, now, token))

    def get(self, game_id: str, *, kind: str | None = None) -> StoredGame:
        """The stored game with this id (with ``kind``: a game of that kind, such as
        ``'rubber'``; one of another kind is not found).

        :raises GameNotFoundError: if there is none.
        """
        with self.transaction() as conn:
            found = self.load(conn, [game_id])
        if not found:
            raise GameNotFoundError.coded("no_game", game=game_id)
        if kind not in (None, found[0].kind):
            raise GameNotFoundError.coded("no_game_of_kind", kind=kind, game=game_id)
        return found[0]

    def resolve(self, prefix: str) -> str:
        """The full id of the one game whose id starts with ``prefix`` (at least 4 characters).

        :raises GameNotFoundError: if no id starts with it.
        :raises StorageError: if the prefix is too short, or more than one id starts with it.
        """
        wanted = prefix.strip().lower()
        if len(wanted) < MIN_PREFIX:
            raise StorageError.coded("game_prefix_short", prefix=prefix, least=MIN_PREFIX)
        with self.transaction() as conn:
            ids = (
                conn.execute(
                    select(GameRow.id)
                    .where(GameRow.id.startswith(wanted, autoescape=True))
                    .order_by(GameRow.id)
                    .limit(11)
                )
                .scalars()
                .all()
            )
        if not ids:
            raise GameNotFoundError.coded("no_game_prefix", prefix=prefix)
        if len(ids) > 1:
            more = ", ..." if len(ids) > 10 else ""
            raise StorageError.coded("game_prefix_ambiguous", prefix=prefix,
                                     ids=", ".join(ids[:10]) + more)  # fmt: skip
        return ids[0]

    def save(self, game_id: str, game: Game, *, expected_version: int | None = None) -> StoredGame:
        """Replace the stored game with ``game`` (rules, deals, ended) and bump its version.

        With ``expected_version``, the save is refused unless the stored game is at that version:
        someone else changed it in between.

        :raises GameNotFoundError: if there is no such game.
        :raises VersionConflictError: if the stored version is not ``expected_version``.
        :raises StorageError: if ``game`` is of another kind than the stored game.
        """
        dumped = dump(game)
        with self.transaction(write=True) as conn:
            stored = _save_in(conn, game_id, game, dumped, expected_version)
        return self._changed(stored)

    def update(
        self,
        game_id: str,
        change: Callable[[Game], Game],
        *,
        expected_version: int | None = None,
    ) -> StoredGame:
        """Save ``change(game)``, where ``game`` is the stored game read under a lock.

        The read and the save are one transaction that holds the game's row (``SELECT ... FOR
        UPDATE`` on PostgreSQL, the write lock on SQLite), so concurrent updates never refuse
        each other: each applies to the game as the one before left it. ``change`` runs while
        the game is locked: keep it quick, and leave the store alone in it. If it raises,
        nothing is saved and the error propagates.

        >>> from bridgescore.home.rubber import Rubber
        >>> with Store("sqlite://") as store:
        ...     game_id = store.create(Rubber()).id
        ...     first = store.update(game_id, lambda game: game.record("4H", "we", 10))
        ...     second = store.update(game_id, lambda game: game.record("2S", "they", 8))
        >>> second.version, len(second.game.deals)
        (3, 2)

        :raises GameNotFoundError: if there is no such game.
        :raises VersionConflictError: if ``expected_version`` is given and is not the stored one.
        :raises StorageError: if ``change`` returns a game of another kind.
        """
        with self.transaction(write=True) as conn:
            row = _lock(conn, game_id)
            if expected_version is not None and row.version != expected_version:
                raise _conflict(game_id, expected_version, row.version)
            (stored,) = self.load(conn, [game_id])
            game = change(stored.game)
            stored = _save_in(conn, game_id, game, dump(game), stored.version)
        return self._changed(stored)

    def rename(
        self, game_id: str, names: Mapping[str, str], *, expected_version: int | None = None
    ) -> StoredGame:
        """Change the names of the sides given in ``names`` (the others keep theirs).

        :raises GameNotFoundError: if there is no such game.
        :raises VersionConflictError: if the stored version is not ``expected_version``.
        :raises StorageError: for keys other than the game's sides.
        """
        now = utcnow()
        with self.transaction(write=True) as conn:
            row = _lock(conn, game_id)
            if expected_version is not None and row.version != expected_version:
                raise _conflict(game_id, expected_version, row.version)
            new_names = merged_names(row.kind, read_names(game_id, row.kind, row.names), names)
            result = conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.version == row.version)
                .values(names=to_json(new_names), version=row.version + 1, updated_at=now)
            )
            if result.rowcount != 1:  # cannot happen: the row is locked
                _refuse(conn, game_id, row.kind, row.version)
            announce(conn, notice(game_id, row.version + 1))
            (stored,) = self.load(conn, [game_id])
        return self._changed(stored)

    def list(
        self, *, kind: str | None = None, ids: Iterable[str] | None = None, limit: int = 100
    ) -> builtins.list[StoredGame]:
        """Stored games, the most recently changed first: all, of one kind, or those in ``ids``.

        Ids that are not stored are left out.

        :raises StorageError: for an unknown kind or a negative limit.
        """
        if kind is not None and kind not in NAME_KEYS:
            raise StorageError.coded("game_kind", got=repr(kind), kinds=", ".join(NAME_KEYS))
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise StorageError.coded("limit_whole", got=repr(limit))
        wanted = None if ids is None else list(dict.fromkeys(ids))
        if wanted == [] or limit == 0:
            return []
        stmt = select(GameRow.id)
        if kind is not None:
            stmt = stmt.where(GameRow.kind == kind)
        if wanted is not None:
            stmt = stmt.where(GameRow.id.in_(wanted))
        stmt = stmt.order_by(
            GameRow.updated_at.desc(), GameRow.created_at.desc(), GameRow.id
        ).limit(limit)
        with self.transaction() as conn:
            return self.load(conn, conn.execute(stmt).scalars().all())

    def delete(self, game_id: str) -> None:
        """Delete a game and its deals.

        :raises GameNotFoundError: if there is no such game.
        """
        with self.transaction(write=True) as conn:
            if conn.execute(delete(GameRow).where(GameRow.id == game_id)).rowcount != 1:
                raise GameNotFoundError.coded("no_game", game=game_id)

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The current version of each of ``game_ids`` that exists (games and live sessions
        alike), read in one query: how live updates catch up after a lost connection."""
        wanted = sorted(set(game_ids))
        if not wanted:
            return {}
        with self.transaction() as conn:
            rows = [
                # a team event stored before team nights were live nights is watched by its
                # id too (a team night's game row, of the same id, comes after: it is the one)
                *conn.execute(select(EventRow.id, EventRow.version).where(EventRow.id.in_(wanted))),
                *conn.execute(select(GameRow.id, GameRow.version).where(GameRow.id.in_(wanted))),
            ]
        return {row.id: row.version for row in rows}

    def check_token(self, game_id: str, token: str) -> bool:
        """Whether ``token`` is the edit token of the game (False for an unknown id)."""
        if not isinstance(token, str):
            return False
        with self.transaction() as conn:
            stored = conn.execute(
                select(GameRow.token_hash).where(GameRow.id == game_id)
            ).scalar_one_or_none()
        return stored is not None and token_matches(token, stored)

    def close(self) -> None:
        """Close the database connections (an in-memory database is gone after this; one
        :meth:`holding` keeps is closed when it is let go)."""
        with self._closing:
            self._closed = True
            self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._safe_url!r})"

    def _changed(self, stored: StoredGame) -> StoredGame:
        """Tell :attr:`listeners` of a change this store has committed; return ``stored``."""
        for listener in self.listeners:
            listener(stored.id, stored.version)
        return stored

    def rows(self, statement: Executable) -> Sequence[Row[Any]]:
        """The rows a query gives, read in one snapshot."""
        with self.transaction() as conn:
            return conn.execute(statement).all()

    @contextmanager
    def holding(self) -> Iterator[Connection | None]:
        """A connection for several transactions (:meth:`transaction`'s ``on``) on PostgreSQL:
        the live writer's, checked out once rather than for each of its groups (each checkout
        asks the server whether the connection still works: a round trip a result). None on
        SQLite, whose writes each take the file's lock.

        :raises DatabaseError: as :meth:`transaction`.
        """
        if self._parsed.get_backend_name() == "sqlite":
            yield None
            return
        try:
            conn = self._engine.connect()
        except SQLAlchemyError as exc:
            raise database_error(exc, self._parsed) from exc
        try:
            yield conn
        finally:
            with self._closing:
                if self._closed:  # its pool is gone: closed, not put back
                    conn.invalidate()
                conn.close()

    @contextmanager
    def transaction(
        self, *, write: bool = False, on: Connection | None = None
    ) -> Iterator[Connection]:
        """One transaction: committed if the block ends normally, rolled back if it raises.
        The storage modules (clubs, live sessions, the outbox ...) read and write through it,
        so every database error is told the same way.

        >>> with Store("sqlite://") as store, store.transaction() as conn:
        ...     conn.exec_driver_sql("SELECT 1").scalar()
        1

        Reads see one snapshot (REPEATABLE READ on PostgreSQL, a plain BEGIN on SQLite); on
        SQLite a write takes the write lock at once (BEGIN IMMEDIATE), after this process's
        other writers (SQLite's own busy wait sleeps up to 100 ms a try: with many writers at
        once some waited seconds).

        ``on``: a connection :meth:`holding` gave, used rather than one from the pool (one the
        database dropped is replaced at its next use).

        :raises DatabaseError: when the database fails (busy, unreachable, full, read-only),
            told without its URL or password.
        """
        sqlite = self._parsed.get_backend_name() == "sqlite"
        # an in-memory database is one connection shared by every thread: each transaction,
        # read or write, has it alone (the app's workers read it as the requests write it)
        queue = self._writers if sqlite and (write or is_memory(self._parsed)) else None
        try:
            with queue or nullcontext(), nullcontext(on) if on else self._engine.connect() as conn:
                if write:
                    conn.execution_options(**{WRITE: True})
                elif conn.dialect.name == "postgresql":
                    conn.execution_options(isolation_level="REPEATABLE READ")
                with conn.begin():
                    yield conn
        except SQLAlchemyError as exc:
            raise database_error(exc, self._parsed) from exc

    def load(self, conn: Connection, game_ids: Sequence[str]) -> builtins.list[StoredGame]:
        """The games with these ids, in this order (missing ones left out), read inside
        ``conn``'s transaction (:meth:`transaction`)."""
        if not game_ids:
            return []
        rows = conn.execute(
            select(
                GameRow.id,
                GameRow.kind,
                GameRow.rules,
                GameRow.settings,
                GameRow.names,
                GameRow.ended,
                GameRow.version,
                GameRow.created_at,
                GameRow.updated_at,
            ).where(GameRow.id.in_(game_ids))
        ).all()
        deals: dict[str, builtins.list[DealValues]] = {row.id: [] for row in rows}
        for deal in conn.execute(
            select(
                DealRow.game_id,
                DealRow.contract,
                DealRow.declarer,
                DealRow.tricks,
                DealRow.honors_by,
                DealRow.honors,
            )
            .where(DealRow.game_id.in_(deals))
            .order_by(DealRow.game_id, DealRow.seq)
        ):
            deals[deal.game_id].append(
                (deal.contract, deal.declarer, deal.tricks, deal.honors_by, deal.honors)
            )
        by_id = {}
        for row in rows:
            kind = _KINDS.get(row.kind)
            if kind is None:
                raise StorageError.coded("game_unknown_kind", game=row.id, kind=row.kind)
            game = build(row.id, kind, row.rules, row.settings, row.ended, deals[row.id])
            names = read_names(row.id, row.kind, row.names)
            by_id[row.id] = StoredGame(
                row.id, kind, game, names, row.version, row.created_at, row.updated_at
            )
        return [by_id[game_id] for game_id in game_ids if game_id in by_id]


CHANNEL: Final = "bridgescore_changes"
"""The PostgreSQL channel every change is announced on (``NOTIFY``), as ``'<id> <version>'``,
when its transaction commits."""


def notice(game_id: str, version: int) -> str:
    """What a change is announced as on :data:`CHANNEL` (the listeners read it back).

    >>> notice("g1", 7)
    'g1 7'
    """
    return f"{game_id} {version}"


def heard(payload: str) -> tuple[str, int, str] | None:
    """A notice read back (:func:`notice`): the game, its version, and what follows them (a
    table's new result on a live night: :meth:`~bridgescore.storage.live.LiveStore.heard`);
    None if it is not a notice.

    >>> heard("g1 7"), heard("g1 7 12 {}"), heard("g1 x")
    (('g1', 7, ''), ('g1', 7, '12 {}'), None)
    """
    game_id, _, rest = payload.partition(" ")
    version, _, rest = rest.partition(" ")
    if not (version.isascii() and version.isdigit()):
        return None
    return game_id, int(version), rest


def announce(conn: Connection, payload: str) -> None:
    """Announce a change on PostgreSQL (delivered on commit, to every listening process): a
    game's (:func:`notice`) or a club's (:func:`~bridgescore.storage.clubs.club_notice`)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": payload})


def _save_in(
    conn: Connection,
    game_id: str,
    game: Game,
    dumped: Dumped,
    expected_version: int | None,
) -> StoredGame:
    """Replace the stored game, inside ``conn``'s transaction (see :meth:`Store.save`)."""
    kind, rules, settings, ended, deals = dumped
    now = utcnow()
    stmt = update(GameRow).where(GameRow.id == game_id, GameRow.kind == kind)
    if expected_version is not None:
        stmt = stmt.where(GameRow.version == expected_version)
    stmt = stmt.values(
        version=GameRow.version + 1,
        rules=rules,
        settings=settings,
        ended=ended,
        updated_at=now,
    )
    if conn.execute(stmt).rowcount != 1:
        _refuse(conn, game_id, kind, expected_version)
    stored = conn.execute(
        select(
            DealRow.contract,
            DealRow.declarer,
            DealRow.tricks,
            DealRow.honors_by,
            DealRow.honors,
        )
        .where(DealRow.game_id == game_id)
        .order_by(DealRow.seq)
    ).all()
    keep = 0  # deals unchanged at the start are left alone: a new deal is one INSERT
    while keep < min(len(stored), len(deals)) and tuple(stored[keep]) == deals[keep]:
        keep += 1
    if keep < len(stored):
        conn.execute(delete(DealRow).where(DealRow.game_id == game_id, DealRow.seq > keep))
    _insert_deals(conn, game_id, keep + 1, deals[keep:])
    head = conn.execute(
        select(GameRow.names, GameRow.version, GameRow.created_at).where(GameRow.id == game_id)
    ).one()
    announce(conn, notice(game_id, head.version))
    return StoredGame(
        game_id,
        kind,
        game,
        read_names(game_id, kind, head.names),
        head.version,
        head.created_at,
        now,
    )


def _insert_deals(conn: Connection, game_id: str, first: int, deals: Sequence[DealValues]) -> None:
    """Insert ``deals`` as deals ``first``, ``first + 1``... of the game."""
    if not deals:
        return
    conn.execute(
        insert(DealRow),
        [
            {
                "game_id": game_id,
                "seq": seq,
                "contract": contract,
                "declarer": declarer,
                "tricks": tricks,
                "honors_by": honors_by,
                "honors": honors,
            }
            for seq, (contract, declarer, tricks, honors_by, honors) in enumerate(deals, first)
        ],
    )


def _lock(conn: Connection, game_id: str) -> Row[str, str, int]:
    """The game's kind, names and version, its row locked until the transaction ends.

    :raises GameNotFoundError: if there is no such game.
    """
    row = conn.execute(
        select(GameRow.kind, GameRow.names, GameRow.version)
        .where(GameRow.id == game_id)
        .with_for_update()
    ).one_or_none()
    if row is None:
        raise GameNotFoundError.coded("no_game", game=game_id)
    return row


def _refuse(conn: Connection, game_id: str, kind: str, expected_version: int | None) -> None:
    """Raise the reason why an update guarded by id, kind and version changed no row."""
    row = conn.execute(
        select(GameRow.kind, GameRow.version).where(GameRow.id == game_id)
    ).one_or_none()
    if row is None:
        raise GameNotFoundError.coded("no_game", game=game_id)
    if row.kind != kind:
        raise StorageError.coded("game_saved_as", game=game_id, kind=row.kind, other=kind)
    raise _conflict(game_id, expected_version, row.version)


def _conflict(game_id: str, expected: int | None, current: int) -> VersionConflictError:
    return VersionConflictError.coded("game_changed", game=game_id, expected=expected,
                                      current=current)  # fmt: skip
