"""A server a club can leave running: held connections do not stop it, and killing the
supervisor of ``serve --workers`` leaves nothing serving."""

from __future__ import annotations

import os
import signal
import socket
import statistics
import time
import urllib.request
from pathlib import Path

import pytest

from bridgescore.web.connections import raise_open_files
from tests.conftest import _postgres_url, serving
from tests.helpers import holding, port_of, tcp_sockets

HELD = 1_010


def _health(url: str) -> float:
    """Seconds for one ``/health`` on a new connection (refused or failed: a minute)."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=5) as answer:
            ok = answer.status == 200 and answer.read() == b"ok"
    except OSError:
        ok = False
    return time.perf_counter() - start if ok else 60.0


def _hold(port: int, count: int) -> list[socket.socket]:
    """``count`` connections that start a request and never finish it: a third idle, a third
    sending their headers slowly, a third with a body that never ends."""
    held = []
    for i in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        if i % 3 == 1:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        elif i % 3 == 2:
            sock.sendall(b"POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n\r\n{")
        held.append(sock)
    return held


def _trickle(held: list[socket.socket]) -> int:
    """One more header byte on each slow connection; how many the server has closed."""
    closed = 0
    for i, sock in enumerate(held):
        try:
            if i % 3 == 1:
                sock.sendall(b"X")
            sock.setblocking(False)
            try:
                closed += sock.recv(1) == b""
            except BlockingIOError:
                pass
            finally:
                sock.setblocking(True)
        except OSError:
            closed += 1
    return closed


@pytest.mark.slow
@pytest.mark.timing
def test_health_answers_while_a_client_holds_a_thousand_connections(tmp_path: Path) -> None:
    raise_open_files()  # this process holds them all
    with serving(f"sqlite:///{tmp_path}/games.db", open_files=1024) as (url, _):
        port = int(url.rsplit(":", 1)[1])
        held = _hold(port, HELD)
        try:
            closed, before = _trickle(held), -1
            while closed != before:  # until the server has taken them all
                time.sleep(0.5)
                closed, before = _trickle(held), closed
            times: list[float] = []
            for _ in range(10):
                _trickle(held)
                times.extend(_health(url) for _ in range(15))
                time.sleep(0.2)
            deadline = time.monotonic() + 20  # the header and body timeouts: 10 s and 60 s
            while _trickle(held) < 2 * HELD // 3 and time.monotonic() < deadline:
                time.sleep(1.0)
            closed = _trickle(held)
        finally:
            for sock in held:
                sock.close()
        p99 = statistics.quantiles(times, n=100)[98]
        assert max(times) < 60, "a /health request failed"
        assert p99 < 0.1, f"/health p99 {p99 * 1000:.0f} ms"
        # the idle and the trickling were closed (by the per-client bound, or their timeout)
        assert closed >= 2 * HELD // 3, closed


def _serving_processes(port: int) -> list[int]:
    """The processes holding a listening socket on ``port``."""
    listening = tcp_sockets(lambda fields: port_of(fields[1]) == port and fields[3] == "0A")
    pids = (int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit())
    return holding(pids, listening)


@pytest.mark.slow
@pytest.mark.postgres
def test_killing_the_supervisor_ends_its_workers() -> None:
    database = _postgres_url()
    with serving(database, "--workers", "2") as (url, pid):
        port = int(url.rsplit(":", 1)[1])
        assert len(_serving_processes(port)) >= 2
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 15
        while _serving_processes(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _serving_processes(port) == []
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", port)) != 0  # nothing answers
    with socket.socket() as again:  # nor holds the port: a server started again can take it
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds it
        again.bind(("127.0.0.1", port))
