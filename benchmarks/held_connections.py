"""Issue 33, case 8: one client's thousand trickling connections shut no one else out.

Starts ``bridgescore serve`` on a free loopback port with Debian's default open-file limit
(1,024, soft and hard: the server cannot raise it), then, on loopback only, holds ``--held``
connections from 127.0.0.2 that each send a request's first line and then a header byte
every second (a connection the server closes is opened again at once), and once the server
has taken them asks ``GET /health`` from 127.0.0.1 on a new connection every 20 ms. Prints
the /health latencies (p50, p99, max), the failures (no answer within 5 s), and how many of
127.0.0.2's connections the server held at the end. Exits 1 if the p99 is 100 ms or more,
or any /health failed.

    python benchmarks/held_connections.py [--held 1000] [--seconds 20]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ATTACKER = "127.0.0.2"
"""The holding client's address (all of 127.0.0.0/8 is loopback on Linux)."""
FIRST_LINE = b"GET /health HTTP/1.1\r\nHost: x\r\n"
OPEN_FILES = 1_024


@dataclass(frozen=True, slots=True)
class Figures:
    """What the probe measured."""

    times: list[float]
    """Seconds of each /health that answered."""
    failures: int
    """/health requests with no answer (refused, cut, or none within 5 s)."""
    held: int
    """The attacker's connections still open at the end."""

    def quantile(self, q: int) -> float:
        """The ``q``th percentile, in milliseconds (0 without answers)."""
        if len(self.times) < 2:
            return 1000 * max(self.times, default=0.0)
        return 1000 * statistics.quantiles(self.times, n=100)[q - 1]

    def line(self) -> str:
        """The figures, one line."""
        return (
            f"/health from 127.0.0.1: {len(self.times)} answered, p50 {self.quantile(50):.1f} ms, "
            f"p99 {self.quantile(99):.1f} ms, max {1000 * max(self.times, default=0):.1f} ms, "
            f"{self.failures} failed; 127.0.0.2 holds {self.held} connections"
        )


def _connect(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.bind((ATTACKER, 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(FIRST_LINE)
    return sock


def _closed(sock: socket.socket) -> bool:
    """Whether the server has closed the connection (nothing read otherwise)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.settimeout(5)


def hold(port: int, count: int) -> list[socket.socket]:
    """``count`` connections from :data:`ATTACKER`, opened as fast as they go, each with a
    request's first line and no end to its headers. (One refused by a full backlog is left
    out.)"""
    held = []
    for _ in range(count):
        with contextlib.suppress(OSError):
            held.append(_connect(port))
    return held


def trickle(held: list[socket.socket], port: int | None = None) -> int:
    """One more header byte on each connection; those the server closed are closed here, and
    opened again with ``port``. Returns how many the server had closed."""
    closed = 0
    for i, sock in enumerate(held):
        try:
            sock.sendall(b"X")
            gone = _closed(sock)
        except OSError:
            gone = True
        if gone:
            closed += 1
            sock.close()
            if port is not None:
                with contextlib.suppress(OSError):
                    held[i] = _connect(port)
    return closed


def open_count(held: list[socket.socket]) -> int:
    """How many of ``held`` the server still holds (waits until it has taken them all)."""
    before = -1
    while True:
        now = sum(not _closed(s) for s in held if s.fileno() != -1)
        if now == before:
            return now
        before = now
        time.sleep(0.5)


def health(url: str) -> float | None:
    """Seconds for one ``GET /health`` on a new connection; None if it failed."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=5) as answer:
            ok = answer.status == 200 and answer.read() == b"ok"
    except OSError:
        return None
    return time.perf_counter() - start if ok else None


def probe(url: str, held_count: int, seconds: float, *, reopen: bool = True) -> Figures:
    """Hold ``held_count`` trickling connections from :data:`ATTACKER` for ``seconds`` (opened
    again as the server closes them, with ``reopen``) while /health is asked every 20 ms, from
    once the server has taken them."""
    port = int(url.rsplit(":", 1)[1])
    held = hold(port, held_count)
    open_count(held)  # held: the server has taken them all (and closed what it closes)
    times: list[float] = []
    failures = 0
    try:
        end = time.monotonic() + seconds
        next_trickle = time.monotonic() + 1.0
        while time.monotonic() < end:
            answer = health(url)
            if answer is None:
                failures += 1
            else:
                times.append(answer)
            if time.monotonic() >= next_trickle:
                trickle(held, port if reopen else None)
                next_trickle = time.monotonic() + 1.0
            time.sleep(0.02)
        kept = open_count(held)
    finally:
        for sock in held:
            sock.close()
    return Figures(times, failures, kept)


def raise_own_limit(wanted: int) -> None:
    """This process holds the attacker's connections: let it open them."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


@contextlib.contextmanager
def server(command: list[str], database: Path, open_files: int = OPEN_FILES) -> Iterator[str]:
    """``bridgescore serve`` on a free loopback port, its open-file limit ``open_files`` (soft
    and hard): its URL once /health answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    url = f"http://127.0.0.1:{port}"
    argv = [*command, "serve", "--port", str(port), "--db", f"sqlite:///{database}"]
    with subprocess.Popen(argv, stdout=subprocess.DEVNULL, preexec_fn=limit) as process:
        try:
            deadline = time.monotonic() + 60
            while health(url) is None:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start")
                time.sleep(0.1)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--held", type=int, default=1_000, help="connections from 127.0.0.2")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long they are held")
    args = parser.parse_args()
    raise_own_limit(args.held + 200)
    command = [sys.executable, "-m", "bridgescore"]
    env_path = os.environ.get("PYTHONPATH")
    print(f"held connections probe: {args.held} from {ATTACKER}, {args.seconds:.0f} s, "
          f"server open-file limit {OPEN_FILES} (PYTHONPATH={env_path or '-'})")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp, server(command, Path(tmp) / "held.db") as url:
        figures = probe(url, args.held, args.seconds)
    print(figures.line())
    ok = figures.failures == 0 and figures.quantile(99) < 100
    print("ok: p99 under 100 ms, no failure" if ok else "FAILED: p99 100 ms or more, or failures")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
