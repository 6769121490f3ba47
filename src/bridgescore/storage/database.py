"""The engine under a :class:`~bridgescore.storage.Store`, and its errors told without secrets.

A SQLite file is opened for several processes at once: write-ahead logging (readers never wait
for the writer), a busy timeout (a writer waits for the one before it instead of failing with
"database is locked"), and a write transaction that takes the write lock at its BEGIN, so two
writers queue rather than deadlock when both would upgrade a read lock.

A database error becomes a :class:`~bridgescore.storage.DatabaseError` whose message never shows
the URL, the file's path, the host or the password: it says what went wrong in general terms
(the original exception stays chained, as ``__cause__``, for logs).
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from functools import partial
from typing import Any, Final

from sqlalchemy import URL, Connection, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.pool import StaticPool

from bridgescore.storage.errors import ConstraintError, DatabaseError

__all__ = [
    "BUSY_MESSAGE",
    "BUSY_TIMEOUT_MS",
    "WRITE",
    "database_error",
    "is_memory",
    "open_engine",
]

BUSY_TIMEOUT_MS: Final = 30_000
"""How long a SQLite connection waits for another's lock before it gives up (milliseconds)."""

BUSY_MESSAGE: Final = "the database is busy, try again"

WRITE: Final = "bridgescore_write"
"""The execution option of a write transaction: on SQLite it begins with BEGIN IMMEDIATE."""

_BUSY_SQLSTATES: Final = frozenset(
    {
        "40001",  # serialization_failure
        "40P01",  # deadlock_detected
        "55P03",  # lock_not_available
        "57014",  # query_canceled (statement_timeout)
        "53300",  # too_many_connections
        "57P03",  # cannot_connect_now (starting up)
    }
)
_SQLITE_BUSY: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED (primary result codes)


def is_memory(url: URL) -> bool:
    """Whether ``url`` is an in-memory SQLite database.

    >>> from sqlalchemy import make_url
    >>> is_memory(make_url("sqlite://")), is_memory(make_url("sqlite:///games.db"))
    (True, False)
    """
    if url.get_backend_name() != "sqlite":
        return False
    return url.database in (None, "", ":memory:") or url.query.get("mode") == "memory"


def open_engine(url: URL) -> Engine:
    """An engine for ``url``; a SQLite one is set up as the module docstring says."""
    if url.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    memory = is_memory(url)
    if memory:  # one connection for the store's life, or the database would vanish
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url)
    event.listen(engine, "connect", partial(_sqlite_connect, wal=not memory))
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, _record: object, *, wal: bool) -> None:
    """Wait for locks, enforce foreign keys, log ahead (a file), and leave BEGIN to us.

    pysqlite's own BEGIN is deferred and partial; :func:`_sqlite_begin` emits it instead.
    """
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_MS)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if wal:
            # Kept in the file: only the first connection ever switches it. A read-only file
            # keeps its mode (its writes fail with a clear error).
            with suppress(sqlite3.OperationalError):
                cursor.execute("PRAGMA journal_mode = WAL")
    finally:
        cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


def database_error(exc: BaseException, url: URL) -> DatabaseError:
    """The :class:`DatabaseError` to raise for ``exc``, an error of the database at ``url``.

    Its message names the kind of failure only: never the URL, a path, a host or a password
    (should a driver's text ever quote one, the message falls back to the error's class).

    >>> from sqlalchemy import make_url
    >>> url = make_url("sqlite:////srv/games.db")

    >>> database_error(sqlite3.OperationalError("database is locked"), url)
    DatabaseError('the database is busy, try again')
    >>> database_error(sqlite3.OperationalError("disk I/O error"), url)
    DatabaseError('the database failed: disk I/O error')
    >>> database_error(sqlite3.OperationalError("cannot open /srv/games.db"), url)
    DatabaseError('the database failed (OperationalError)')
    >>> database_error(PoolTimeoutError("QueuePool limit of size 5 reached"), url)
    DatabaseError('the database is busy, try again')
    """
    error = _database_error(exc, url.get_backend_name())
    shown = str(error)
    secrets = (url.password, url.database, url.host, url.username, url.render_as_string())
    if any(isinstance(s, str) and len(s) >= 3 and s in shown for s in secrets):
        orig = exc.orig if isinstance(exc, DBAPIError) else exc
        return DatabaseError.coded("db_failed", kind=type(orig).__name__)
    return error


def _database_error(exc: BaseException, backend: str) -> DatabaseError:
    """:func:`database_error`, the message before it is checked for secrets."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    if isinstance(exc, PoolTimeoutError) or _busy(orig):  # no connection free, or a lock
        return DatabaseError.coded("db_busy")
    if isinstance(exc, IntegrityError):
        return ConstraintError.coded("db_refused_write", kind=type(orig).__name__)
    if isinstance(orig, sqlite3.Error):
        # SQLite's own messages name no file ("unable to open database file", "attempt to
        # write a readonly database", "database or disk is full"...): they are kept.
        detail = " ".join(str(orig).split())[:200]
        return DatabaseError.coded("db_failed_detail", detail=detail)
    code = _sqlstate(orig)
    if code is None and type(orig).__name__ == "OperationalError" and backend != "sqlite":
        text = str(orig)
        if "authentication failed" in text:
            return DatabaseError.coded("db_login")
        if "does not exist" in text:
            return DatabaseError.coded("db_missing")
        return DatabaseError.coded("db_connect")
    if code is not None and code.startswith("28"):
        return DatabaseError.coded("db_login")
    if code is not None and code.startswith("53"):
        return DatabaseError.coded("db_resources")
    if code:
        return DatabaseError.coded("db_failed_state", kind=type(orig).__name__, state=code)
    return DatabaseError.coded("db_failed", kind=type(orig).__name__)


def _sqlstate(orig: object) -> str | None:
    """The SQLSTATE of a PostgreSQL error (psycopg 3 or psycopg2), else None."""
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    return code if isinstance(code, str) else None


def _busy(orig: object) -> bool:
    """Whether ``orig`` says the database is locked by someone else (wait and try again)."""
    if isinstance(orig, sqlite3.Error):
        code = getattr(orig, "sqlite_errorcode", None)
        if isinstance(code, int):
            return code & 0xFF in _SQLITE_BUSY
        return "locked" in str(orig) or "busy" in str(orig)
    return _sqlstate(orig) in _BUSY_SQLSTATES
