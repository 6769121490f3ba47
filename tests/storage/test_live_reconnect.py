"""No viewer misses a change when the live updates' PostgreSQL connection is lost: the listener
catches up when it listens again (the connection cut, and a real restart of PostgreSQL)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from bridgescore.duplicate.movement import mitchell
from tests.conftest import _postgres_url, auth, serving

TABLES = 15


class _Stream:
    """A session's event stream, read over a socket: the versions and event ids it has had."""

    def __init__(self, base: str, game: str) -> None:
        port = int(base.rsplit(":", 1)[1])
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        path = f"/api/sessions/{game}/events"
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.lines = self.sock.makefile("rb")
        self.ids: list[int] = []

    def until(self, version: int) -> list[int]:
        """The versions received until ``version`` arrives (not within 30 s: fails)."""
        versions: list[int] = []
        deadline = time.monotonic() + 30
        while not versions or versions[-1] < version:
            assert time.monotonic() < deadline, f"version {version} never came: {versions}"
            line = self.lines.readline().decode()
            if line.startswith("id:"):
                self.ids.append(int(line[3:]))
            elif line.startswith("data:"):
                versions.append(json.loads(line[5:])["version"])
        return versions

    def close(self) -> None:
        self.lines.close()
        self.sock.close()


def _round_one(base: str) -> tuple[str, list[tuple[str, dict[str, object]]]]:
    """A new 15-table session, and its first round's 30 results with their tables' tokens."""
    movement = {"movement": "mitchell", "tables": TABLES, "boards_per_round": 2}
    created = httpx.post(f"{base}/api/sessions", json={"movement": movement}, timeout=20).json()
    posts = []
    for play in mitchell(TABLES, 2).plays:
        if play.round == 1:
            for board in play.boards:
                body = {"round": 1, "table": play.table, "board": board, "contract": "3NT",
                        "declarer": "N", "tricks": 9}  # fmt: skip
                posts.append((created["tables"][play.table - 1]["token"], body))
    return created["id"], posts


def _post_all(base: str, game: str, posts: list[tuple[str, dict[str, object]]]) -> int:
    """Post them all at once (30 tables at a round's end), each until stored; the last version."""

    def one(post: tuple[str, dict[str, object]]) -> int:
        token, body = post
        deadline = time.monotonic() + 30
        while True:
            try:
                answer = httpx.post(f"{base}/api/sessions/{game}/results", json=body,
                                    headers=auth(token), timeout=20)  # fmt: skip
            except httpx.HTTPError:
                answer = None
            if answer is not None and answer.status_code == 201:
                version: int = answer.json()["version"]
                return version
            assert answer is None or answer.status_code == 503, answer.text
            assert time.monotonic() < deadline, "the server did not come back"
            time.sleep(0.1)

    with ThreadPoolExecutor(len(posts)) as pool:
        return max(pool.map(one, posts))


def _terminate_listeners(url: str) -> int:
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            cut = conn.exec_driver_sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE starts_with(query, 'LISTEN ') AND pid <> pg_backend_pid() "
                "AND datname = current_database()"
            ).scalar_one()
    finally:
        engine.dispose()
    return int(cut)


@pytest.mark.postgres
@pytest.mark.slow
def test_a_cut_listener_catches_up() -> None:
    database = _postgres_url()
    with serving(database, "--open-evenings") as (base, _):
        game, posts = _round_one(base)
        stream = _Stream(base, game)
        try:
            assert stream.until(1) == [1]
            assert _terminate_listeners(database) == 1
            with ThreadPoolExecutor(1) as cutter:  # the listener kept down while they post
                posting = True

                def cut() -> None:
                    while posting:
                        _terminate_listeners(database)
                        time.sleep(0.05)

                cutting = cutter.submit(cut)
                try:
                    last = _post_all(base, game, posts)  # told to nobody
                finally:
                    posting = False
                cutting.result()
            assert last == 1 + len(posts)
            versions = stream.until(last)
            assert versions[-1] == last
            assert stream.ids[-1] == last  # each event's id is its version
        finally:
            stream.close()


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts)
    if not found:
        if os.environ.get("CI") == "true":
            pytest.fail("no PostgreSQL server binaries under /usr/lib/postgresql")
        pytest.skip("no PostgreSQL server binaries under /usr/lib/postgresql (apt postgresql)")
    return found[-1].parent


class _Cluster:
    """A throwaway PostgreSQL cluster on a free loopback port (as ``postgres`` when root)."""

    def __init__(self, root: Path) -> None:
        self.bin = _pg_bin()
        self.root = root
        self.data = root / "data"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        if os.geteuid() == 0:
            shutil.chown(root, "postgres")
        self.run("initdb", "-D", str(self.data), "-U", "postgres", "-E", "UTF8", "--locale=C",
                 "--auth=trust")  # fmt: skip
        self.start()

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        # never a pipe: the server it starts would hold it open
        subprocess.run(command, cwd=self.root, check=True, timeout=120,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} -c fsync=off"
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                 options, "start")  # fmt: skip

    def restart(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-m", "fast", "-w",
                 "restart")  # fmt: skip

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")


@pytest.fixture
def cluster() -> Iterator[_Cluster]:
    with tempfile.TemporaryDirectory(prefix="bridgescore-pg-") as tmp:
        made = _Cluster(Path(tmp))
        try:
            yield made
        finally:
            made.stop()


@pytest.mark.postgres
@pytest.mark.slow
def test_viewers_catch_up_after_postgresql_restarts(cluster: _Cluster) -> None:
    with serving(cluster.url, "--workers", "2", "--open-evenings") as (base, _):
        game, posts = _round_one(base)
        streams = [_Stream(base, game) for _ in range(6)]  # on either worker
        try:
            for stream in streams:
                assert stream.until(1) == [1]
            cluster.restart()
            last = _post_all(base, game, posts)
            assert last == 1 + len(posts)
            for stream in streams:
                assert stream.until(last)[-1] == last
        finally:
            for stream in streams:
                stream.close()
