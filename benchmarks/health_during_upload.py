"""Hardening benchmark: does ``GET /health`` stay fast while a large PBN file is uploaded?

Starts ``bridgescore serve`` (uvicorn, one process) on a free loopback port, then uploads a
valid PBN file of ``--size`` bytes (a game per table with a long comment, so a 5 MB file holds
about 6,500 results) and opens the new session's page (scoring it), while another thread asks
``GET /health`` every 10 ms on a keep-alive connection. Prints the /health latencies during the
work (p50, p99, max) and how long the upload and the first view took.

    python benchmarks/health_during_upload.py [--size 5000000] [--rounds 3] [--file PBN]

``--file`` uploads a file of your own instead (for example one of ``pbn_bench.py``'s: a game
per table of 5 MB holds about 16,000 results, the most a 5 MB upload can hold).
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WORDS = ["the", "lead", "of", "a", "trump", "squeeze", "finesse", "ruff", "declarer", "defence"]


def big_pbn(size: int, tables: int = 12, seed: int = 1) -> bytes:
    """A valid PBN file of about ``size`` bytes: a game per table, each with a comment."""
    rng = random.Random(seed)
    deck = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    contracts = ["4S", "3NT", "4H", "2S", "5D", "1NT", "4SX"]
    note = "{ " + " ".join(rng.choice(WORDS) for _ in range(90)) + " }"
    parts = ["% PBN 2.1\r\n% EXPORT\r\n"]
    total, board = len(parts[0]), 0
    while total < size:
        board += 1
        rng.shuffle(deck)
        hands = " ".join(
            ".".join("".join(c[1] for c in deck[h * 13 : h * 13 + 13] if c[0] == s) for s in "SHDC")
            for h in range(4)
        )
        for t in range(1, tables + 1):
            game = (
                f'[Event "Big pairs"]\r\n[Board "{board}"]\r\n[Deal "N:{hands}"]\r\n'
                f'[Contract "{rng.choice(contracts)}"]\r\n[Declarer "{rng.choice("NESW")}"]\r\n'
                f'[Result "{rng.randint(6, 12)}"]\r\n[PairNS "{t}"]\r\n'
                f'[PairEW "{(t + board - 2) % tables + 1}"]\r\n{note}\r\n\r\n'
            )
            parts.append(game)
            total += len(game)
    return "".join(parts)[:size].rsplit("\r\n\r\n", 1)[0].encode() + b"\r\n"


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(command: list[str], database: Path) -> Iterator[int]:
    """``bridgescore serve`` on a free loopback port, stopped at the end; yields the port."""
    port = free_port()
    args = [*command, "serve", "--port", str(port), "--db", f"sqlite:///{database}"]
    with subprocess.Popen(args, stdout=subprocess.DEVNULL) as process:
        try:
            for _ in range(200):
                try:
                    get(port, "/health")
                    break
                except OSError:
                    time.sleep(0.05)
            yield port
        finally:
            process.terminate()
            process.wait(10)


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """GET a path: the status, the Set-Cookie header and the body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.getheader("set-cookie") or "", response.read().decode()
    finally:
        conn.close()


def upload(port: int, name: str, data: bytes) -> tuple[int, str, str]:
    """Post the file to ``/session/new`` as a browser does: the status, location and cookies."""
    _, cookie, page = get(port, "/session/new")
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token, page
    cookie = cookie.split(";")[0]
    boundary = uuid.uuid4().hex
    body = b"".join(
        [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token[1]}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\nmp\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="pbn"; filename="{name}"\r\n'
            "Content-Type: text/plain\r\n\r\n".encode(),
            data,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie}
        conn.request("POST", "/session/new", body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        edit = [c.split(";")[0] for c in response.headers.get_all("set-cookie") or []]
        return response.status, response.getheader("location") or "", "; ".join([cookie, *edit])
    finally:
        conn.close()


def health_during(port: int, work: object) -> tuple[list[float], float]:
    """Ask /health every 10 ms while ``work()`` runs: the latencies, and the work's seconds."""
    latencies: list[float] = []
    done = threading.Event()

    def poll() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while not done.is_set():
            start = time.perf_counter()
            conn.request("GET", "/health")
            conn.getresponse().read()
            latencies.append(time.perf_counter() - start)
            time.sleep(0.01)
        conn.close()

    poller = threading.Thread(target=poll)
    poller.start()
    start = time.perf_counter()
    try:
        work()  # type: ignore[operator]
    finally:
        seconds = time.perf_counter() - start
        done.set()
        poller.join()
    return latencies, seconds


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5_000_000, help="bytes in the PBN file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--file", type=Path, help="upload this PBN file instead")
    args = parser.parse_args()
    data = args.file.read_bytes() if args.file else big_pbn(args.size)
    command = [sys.executable, "-m", "bridgescore"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp, server(command, Path(tmp) / "bench.db") as port:
        for _ in range(args.rounds):
            answer: dict[str, object] = {}

            def work(answer: dict[str, object] = answer) -> None:
                status, location, cookies = upload(port, "big.pbn", data)
                answer["upload"] = status
                if status == 303:
                    answer["view"] = get(port, location, {"Cookie": cookies})[0]

            latencies, seconds = health_during(port, work)
            rows.append((latencies, seconds, answer))
    print(f"GET /health every 10 ms while a {len(data):,}-byte PBN file is uploaded and its "
          f"session viewed ({args.rounds} rounds; uvicorn, one process)")  # fmt: skip
    print(f"{'round':<7}{'answers':>9}{'work s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for i, (latencies, seconds, answer) in enumerate(rows, 1):
        shown = f"{answer.get('upload', '?')}/{answer.get('view', '-')}"
        p50, p99, top = (percentile(latencies, q) * 1000 for q in (0.5, 0.99, 1.0))
        print(f"{i:<7}{shown:>9}{seconds:>9.2f}{p50:>9.1f}{p99:>9.1f}{top:>9.1f}")
    every = [x for latencies, _, _ in rows for x in latencies]
    print(f"all rounds: p50 {statistics.median(every) * 1000:.1f} ms, "
          f"p99 {percentile(every, 0.99) * 1000:.1f} ms (aim: under 100 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
