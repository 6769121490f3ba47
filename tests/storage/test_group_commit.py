"""The group commit (bridgescore.storage.commit): the writes waiting at one moment are done in
one transaction, and a write the core refuses, even after it has written, fails alone."""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, text

from bridgescore.errors import SessionError
from bridgescore.storage import Store
from bridgescore.storage.commit import GroupCommit, Job, States
from tests.conftest import _postgres_url


def test_a_refused_write_fails_alone_and_takes_back_what_it_wrote(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'g.db'}") as store:
        with store.transaction(write=True) as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
        kept: list[States] = []
        writes = GroupCommit(store, kept.append)
        busy, go = threading.Event(), threading.Event()

        def write(x: int, *, refuse: bool = False, wait: bool = False) -> Job[int]:
            def job(conn: Connection, now: datetime, states: States) -> tuple[int, int]:
                if wait:  # holds the writer while the next writes queue up: one group
                    busy.set()
                    go.wait(10)
                conn.execute(text("INSERT INTO t VALUES (:x)"), {"x": x})
                if refuse:  # refused after writing
                    raise SessionError(f"write {x} refused", field="x", value=x)
                return x, x

            return job

        first = writes.submit("a", write(1, wait=True))
        assert busy.wait(10)
        later = [writes.submit("a", write(2)), writes.submit("a", write(3, refuse=True)),
                 writes.submit("b", write(4))]  # fmt: skip
        go.set()
        assert first.result(10) == (1, 1)
        assert [later[0].result(10), later[2].result(10)] == [(2, 2), (4, 4)]
        with pytest.raises(SessionError, match="write 3 refused"):
            later[1].result(10)
        with store.transaction() as conn:
            stored: list[Any] = [r.x for r in conn.execute(text("SELECT x FROM t ORDER BY x"))]
        assert stored == [1, 2, 4]
        assert len(kept) == 2  # one group for the first write, one for the three after it


@pytest.mark.postgres
def test_a_group_that_finds_its_held_connection_dropped_is_done_on_a_new_one() -> None:
    """The writer holds one connection while writes keep coming; PostgreSQL restarted (here:
    that connection ended by the server) drops it, and the next group finds out at its first
    statement, before anything was sent for committing: it is done again on a new connection,
    not failed (it failed, 503 to the tables, before)."""
    with Store(_postgres_url()) as store:
        with store.transaction(write=True) as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
        writes = GroupCommit(store, lambda states: None)

        def write(x: int) -> Job[int]:
            def job(conn: Connection, now: datetime, states: States) -> tuple[int, int]:
                conn.execute(text("INSERT INTO t VALUES (:x)"), {"x": x})
                return x, x

            return job

        assert writes.run("a", write(1)) == (1, 1)  # the writer holds its connection now
        with store.transaction() as conn:
            cut = conn.execute(text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND usename = current_user"  # (not autovacuum's, which it may not end)
            )).scalar_one()  # fmt: skip
        assert cut >= 1
        assert writes.run("a", write(2)) == (2, 2)
        with store.transaction() as conn:
            stored = [r.x for r in conn.execute(text("SELECT x FROM t ORDER BY x"))]
        assert stored == [1, 2]
