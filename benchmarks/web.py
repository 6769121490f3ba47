"""Web benchmark: ``POST /api/score`` against a trivial endpoint of the same app, in one run.

Starts ``bridgescore serve`` (uvicorn, one process) on a free loopback port, then drives it with
N concurrent keep-alive HTTP/1.1 clients (plain asyncio sockets, so the client costs little) for
a fixed time per endpoint, and prints p50/p99 latency and requests/s side by side. The ratio of
the two throughputs is the figure: how much scoring costs on top of the framework.

    python benchmarks/web.py [--clients 32] [--seconds 5] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CONTRACTS = [
    f"{level}{strain}{dbl}"
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for dbl in ("", "X", "XX")
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _score_request(rng: random.Random) -> bytes:
    body = json.dumps(
        {
            "contract": rng.choice(CONTRACTS),
            "tricks": rng.randint(0, 13),
            "vulnerable": rng.random() < 0.5,
        }
    ).encode()
    head = (
        "POST /api/score HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    return head + body


TRIVIAL = b"GET /health HTTP/1.1\r\nHost: bench\r\n\r\n"


async def _client(
    port: int, make: object, until: float, latencies: list[float], rng: random.Random
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.perf_counter() < until:
            request = make(rng) if callable(make) else make
            start = time.perf_counter()
            writer.write(request)
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = await reader.readexactly(length)
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"unexpected answer: {head[:60]!r} {body[:200]!r}")
            latencies.append(time.perf_counter() - start)
    finally:
        writer.close()


async def _drive(
    port: int, make: object, clients: int, seconds: float
) -> tuple[float, list[float]]:
    latencies: list[float] = []
    until = time.perf_counter() + seconds
    start = time.perf_counter()
    await asyncio.gather(
        *(_client(port, make, until, latencies, random.Random(i)) for i in range(clients))
    )
    return len(latencies) / (time.perf_counter() - start), latencies


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3, help="rounds per endpoint; medians")
    args = parser.parse_args()

    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        command = [sys.executable, "-m", "bridgescore", "serve", "--port", str(port), "--db", db]
        with subprocess.Popen(command, stdout=subprocess.DEVNULL) as server:
            try:
                for _ in range(100):
                    try:
                        urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                        break
                    except OSError:
                        time.sleep(0.1)
                results = {}
                for name, make in (
                    ("GET /health (trivial)", TRIVIAL),
                    ("POST /api/score", _score_request),
                ):
                    asyncio.run(_drive(port, make, args.clients, 1.0))  # warm up
                    rounds = [
                        asyncio.run(_drive(port, make, args.clients, args.seconds))
                        for _ in range(args.rounds)
                    ]
                    results[name] = (
                        statistics.median(r[0] for r in rounds),
                        statistics.median(_percentile(r[1], 0.50) for r in rounds),
                        statistics.median(_percentile(r[1], 0.99) for r in rounds),
                    )
            finally:
                server.terminate()
    print(
        f"Web: {args.clients} concurrent keep-alive clients on loopback, uvicorn with one "
        f"process, {args.rounds} rounds of {args.seconds:g} s each (medians)"
    )
    print(f"{'endpoint':<24}{'requests/s':>12}{'p50 ms':>10}{'p99 ms':>10}")
    for name, (rate, p50, p99) in results.items():
        print(f"{name:<24}{rate:>12.0f}{p50 * 1000:>10.2f}{p99 * 1000:>10.2f}")
    trivial = results["GET /health (trivial)"][0]
    score = results["POST /api/score"][0]
    print(f"throughput ratio /api/score : trivial = {score / trivial:.2f} (aim: at least 0.70)")
    p99 = results["POST /api/score"][2] * 1000
    print(f"/api/score p99 = {p99:.1f} ms (aim: under 20 ms)")


if __name__ == "__main__":
    main()
