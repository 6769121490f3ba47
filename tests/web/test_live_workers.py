"""``bridgescore serve --workers N``: on PostgreSQL every worker hears every change; on SQLite
one process serves."""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from bridgescore.cli.serve import write_stack_on_usr2
from tests.conftest import _postgres_url, auth, catches, run, serving, workers_of
from tests.helpers import holding, port_of, tcp_sockets


def test_more_than_one_worker_on_sqlite_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    code, out = run(runner, "serve", "--workers", "2", "--db", f"sqlite:///{tmp_path}/x.db")
    assert code == 2
    assert "need PostgreSQL" in out


def _worker_of(port: int, workers: list[int]) -> int | None:
    """The worker process holding the server side of the connection from local ``port``."""
    found = holding(workers, tcp_sockets(lambda fields: port_of(fields[2]) == port))
    return found[0] if found else None


@pytest.fixture
def two_workers() -> Iterator[tuple[str, int]]:
    with serving(_postgres_url(), "--workers", "2", "--open-evenings") as (url, pid):
        yield url, pid


class _Stream:
    """An event stream read by hand over a socket, so its local port is known."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        self.lines = self.sock.makefile("rb")

    def event(self) -> dict[str, int]:
        while True:
            line = self.lines.readline().decode()
            if line.startswith("data:"):
                data: dict[str, int] = json.loads(line[5:])
                return data

    def close(self) -> None:
        self.lines.close()
        self.sock.close()


@pytest.mark.slow
@pytest.mark.postgres
def test_an_event_posted_on_one_worker_reaches_streams_on_both(
    two_workers: tuple[str, int],
) -> None:
    base, pid = two_workers
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    created = httpx.post(f"{base}/api/sessions", json={"movement": movement}).json()
    path = f"/api/sessions/{created['id']}/events"
    workers = workers_of(pid)
    assert len(workers) >= 2, workers
    streams: dict[int, _Stream] = {}
    port = int(base.rsplit(":", 1)[1])
    try:
        _one_stream_on_each(port, path, workers, streams)
        result = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N",
                  "tricks": 9}  # fmt: skip
        posted = httpx.post(f"{base}/api/sessions/{created['id']}/results", json=result,
                            headers=auth(created["tables"][0]["token"]))  # fmt: skip
        assert posted.status_code == 201
        for stream in streams.values():
            assert stream.event() == {"version": 2}
    finally:
        for stream in streams.values():
            stream.close()


def _one_stream_on_each(port: int, path: str, workers: list[int],
                        streams: dict[int, _Stream]) -> None:  # fmt: skip
    """Open streams until two workers hold one each (kept in ``streams``, by worker).

    ``serve`` answers ``/health`` once one worker listens; on a loaded machine the other may
    start seconds later, and until then every connection goes to the first. So this waits for
    the condition (within 180 s: under a load of 14 a second worker took 86 s), not for a
    number of tries.
    """
    deadline = time.monotonic() + 180
    while len(streams) < 2:
        assert time.monotonic() < deadline, f"could not reach every worker: {sorted(streams)}"
        stream = _Stream(port, path)
        assert stream.event() == {"version": 1}
        worker = _worker_of(stream.sock.getsockname()[1], workers)
        if worker is not None and worker not in streams:
            streams[worker] = stream
        else:
            stream.close()
            time.sleep(0.05)  # not a wait for the condition: a pause between tries


@pytest.mark.slow
@pytest.mark.postgres
def test_a_worker_sent_sigusr2_goes_on_serving(two_workers: tuple[str, int]) -> None:
    base, pid = two_workers
    workers = workers_of(pid)
    assert len(workers) == 2, workers
    deadline = time.monotonic() + 60  # one may still be starting: /health had an answer
    while not all(catches(w, signal.SIGUSR2) for w in workers):  # (else SIGUSR2 ends it)
        assert time.monotonic() < deadline, "a worker never took SIGUSR2"
        time.sleep(0.1)
    for worker in workers:
        os.kill(worker, signal.SIGUSR2)  # its stacks to the server's standard error
    time.sleep(1)  # (had a worker ended, the supervisor would have started another)
    assert sorted(workers_of(pid)) == sorted(workers)
    assert httpx.get(f"{base}/health").status_code == 200


def test_sigusr2_writes_the_stack_of_the_thread_it_stops(tmp_path: Path) -> None:
    where = tmp_path / "stacks.txt"
    with where.open("w") as file:
        write_stack_on_usr2(file)
        try:
            os.kill(os.getpid(), signal.SIGUSR2)
            time.sleep(0.1)  # (a signal's handler runs soon, not at once)
        finally:
            faulthandler.unregister(signal.SIGUSR2)
    stacks = where.read_text()
    assert "(most recent call first)" in stacks
    assert "test_sigusr2_writes_the_stack_of_the_thread_it_stops" in stacks
