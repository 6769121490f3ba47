"""Live-evening benchmark: 30 tables post the 810 results of a 27-board evening as fast as they
can, while 100 viewers hold the session's event stream.

Starts ``bridgescore serve`` on a free loopback port (a fresh SQLite file, or ``--db URL`` with
``--workers N``), starts a 30-table Mitchell (3 boards a round, 9 rounds: 27 boards at each
table), opens 100 event streams, then lets 30 clients (one per table, keep-alive HTTP/1.1 over
plain asyncio sockets, so the client costs little) post their tables' results one after the
other. Prints, as a table: results lost (posted with 201 but not stored, or not accepted), the
p50/p99 of a result POST, and the p50/p99 time from a POST being sent to the last viewer
receiving the event of the version it made.

    python benchmarks/live.py [--tables 30] [--viewers 100] [--db URL --workers N]

A federation's load (``--clubs N``): N evenings of ``--tables`` (default 15) tables, each with
``--viewers`` (default 10) viewers, at once. With ``--round-seconds S`` every table posts each
round's boards at random moments within the same S seconds (a real evening: 120 s, so 50 clubs
post about 20 results a second); with 0 (the default) every table posts as fast as it can.
``--rounds`` bounds the run (default 9: the whole evening). One evening of 15 tables posts a
round first, not measured, so that the figures are those of a server left running.

    python benchmarks/live.py --clubs 50 --round-seconds 120 --rounds 1 --db URL --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

EVENT = re.compile(rb'data: \{"version": (\d+)\}')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


HERE = Path(__file__).resolve().parents[1]


def _start(port: int, db: str, workers: int, src: Path = HERE / "src",
           floor: bool = False) -> subprocess.Popen[bytes]:  # fmt: skip
    """``bridgescore serve`` from ``src`` (or, ``floor``, the bare peer of :mod:`floor`)."""
    command = [sys.executable, "-m", "bridgescore", "serve", "--port", str(port), "--db", db,
               "--workers", str(workers), "--open-evenings"]  # fmt: skip
    if floor:
        command = [sys.executable, str(HERE / "benchmarks" / "floor.py"), "--port", str(port),
                   "--db", db, "--workers", str(workers)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(src)}
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 180  # two workers on a loaded machine took 86 s to answer
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"the server did not start: {process.communicate()[1].decode()[-2000:]}")


def _json(port: int, method: str, path: str, body: object | None = None,
          token: str = "") -> dict:  # type: ignore[type-arg]  # fmt: skip
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers=headers)  # fmt: skip
    with urllib.request.urlopen(request, timeout=60) as response:
        loaded: dict = json.loads(response.read())  # type: ignore[type-arg]
        return loaded


def _room(seed: int) -> str:
    """A club room's own loopback address (its phones and screens behind one router): the
    server bounds streams and connections per address, as it would each club's."""
    return f"127.1.{seed // 200 % 250}.{seed % 200 + 2}"


async def _viewer(port: int, path: str, seen: dict[int, float], ready: asyncio.Event,
                  done: asyncio.Event, host: str = "127.0.0.1") -> None:  # fmt: skip
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(host, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
    await writer.drain()
    buffer = b""
    while not done.is_set():
        chunk = await reader.read(65536)
        if not chunk:
            break
        now = time.perf_counter()
        buffer += chunk
        for m in EVENT.finditer(buffer):
            version = int(m[1])
            seen[version] = now
            ready.set()
        buffer = buffer[buffer.rfind(b"}") + 1 :]
    writer.close()


async def _post(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str,
                token: str, body: dict) -> tuple[int, dict]:  # type: ignore[type-arg]  # fmt: skip
    data = json.dumps(body).encode()
    writer.write(
        (f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
         f"Authorization: Bearer {token}\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data
    )  # fmt: skip
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: (\d+)", head)[1])  # type: ignore[index]
    return status, json.loads(await reader.readexactly(length))


async def _table(
    port: int,
    path: str,
    token: str,
    posts: list[dict[str, object]],
    latencies: list[float],
    sent: dict[int, float],
    failed: list[str],
    at: list[float] | None = None,
    host: str = "127.0.0.1",
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(host, 0))
    began = time.perf_counter()
    for i, body in enumerate(posts):
        if at is not None:  # the moment this result is posted, from the start
            await asyncio.sleep(max(0.0, began + at[i] - time.perf_counter()))
        start = time.perf_counter()
        try:
            try:
                status, answer = await _post(reader, writer, path, token, body)
            except (OSError, asyncio.IncompleteReadError):
                if at is None:
                    raise
                # a phone that waited past the server's keep-alive connects again, as browsers do
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(host, 0)
                )
                start = time.perf_counter()
                status, answer = await _post(reader, writer, path, token, body)
        except (OSError, asyncio.IncompleteReadError) as exc:
            failed.append(repr(exc))
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(host, 0))
            continue
        latencies.append(time.perf_counter() - start)
        if status == 201:
            sent[answer["version"]] = start
        else:
            failed.append(f"{status} {answer}")
    writer.close()


def _evening(tables: int, seed: int = 27, rounds: int = 9) -> list[dict]:  # type: ignore[type-arg]
    from bridgescore.duplicate.movement import mitchell

    rng = random.Random(seed)
    posts = []
    for play in mitchell(tables, 3, rounds=9).plays:
        if play.round > rounds:
            continue
        for board in play.boards:
            level = rng.randint(1, 7)
            posts.append({"round": play.round, "table": play.table, "board": board,
                          "contract": f"{level}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}",
                          "declarer": rng.choice("NESW"),
                          "tricks": max(0, min(13, level + 6 + rng.randint(-2, 1)))})  # fmt: skip
    return posts


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children so far, from /proc (Linux)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def _run(port: int, tables: int, viewers: int, pid: int) -> dict[str, float]:
    created = _json(port, "POST", "/api/sessions", {
        "event": "Benchmark", "movement": {"movement": "mitchell", "tables": tables,
                                           "boards_per_round": 3, "rounds": 9}})  # fmt: skip
    game = created["id"]
    posts = _evening(tables)
    done = asyncio.Event()
    seen: list[dict[int, float]] = [{} for _ in range(viewers)]
    readies = [asyncio.Event() for _ in range(viewers)]
    watchers = [asyncio.create_task(_viewer(port, f"/api/sessions/{game}/events", seen[i],
                                            readies[i], done)) for i in range(viewers)]  # fmt: skip
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 30)
    latencies: list[float] = []
    sent: dict[int, float] = {}
    failed: list[str] = []
    start = time.perf_counter()
    cpu = _cpu_seconds(pid)
    client_cpu = time.process_time()
    await asyncio.gather(*(
        _table(port, f"/api/sessions/{game}/results", created["tables"][t - 1]["token"],
               [p for p in posts if p["table"] == t], latencies, sent, failed)
        for t in range(1, tables + 1)
    ))  # fmt: skip
    elapsed = time.perf_counter() - start
    cpu = _cpu_seconds(pid) - cpu
    client_cpu = time.process_time() - client_cpu
    last = max(sent, default=1)
    deadline = time.perf_counter() + 15
    while time.perf_counter() < deadline and not all(last in s for s in seen):
        await asyncio.sleep(0.05)
    done.set()
    for w in watchers:
        w.cancel()
    stored = _json(port, "GET", f"/api/sessions/{game}", token=created["edit_token"])  # all
    delays = []
    missed = 0
    for version, at in sent.items():
        arrivals = [s.get(version) for s in seen]
        if any(a is None for a in arrivals):
            missed += 1
            continue
        delays.append(max(a for a in arrivals if a is not None) - at)

    def pct(values: list[float], q: int) -> float:
        return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else 0.0

    return {
        "results posted": len(posts),
        "results stored": len(stored["results"]),
        "results lost": len(posts) - len(stored["results"]),
        "POSTs refused or failed": len(failed),
        "events a viewer missed": missed,
        "POST p50 (ms)": pct(latencies, 50),
        "POST p99 (ms)": pct(latencies, 99),
        "POST to last viewer p50 (ms)": pct(delays, 50),
        "POST to last viewer p99 (ms)": pct(delays, 99),
        "results/s": len(latencies) / elapsed,
        "server CPU per result (ms)": cpu / max(len(latencies), 1) * 1000,
        "this client's CPU per result (ms)": client_cpu / max(len(latencies), 1) * 1000,
        "cores": os.cpu_count() or 0,
        "load average (1 min)": os.getloadavg()[0],
    }


def _pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else 0.0


async def _club(port: int, tables: int, viewers: int, rounds: int, round_seconds: float,
                seed: int, figures: dict[str, list[float]],
                gates: tuple[asyncio.Event, asyncio.Event] | None = None) -> None:  # fmt: skip
    """One club's evening: its session, its viewers, its tables posting on their schedule.

    ``gates``: set when every club's viewers are ready (then all post) and when every club's
    viewers have seen its last result (then each reads its session back), so that the CPU
    between the two is the posting's alone."""
    created = await asyncio.to_thread(_json, port, "POST", "/api/sessions", {
        "event": f"Club {seed}", "movement": {"movement": "mitchell", "tables": tables,
                                              "boards_per_round": 3, "rounds": 9}})  # fmt: skip
    game = created["id"]
    posts = _evening(tables, seed, rounds)
    rng = random.Random(seed)
    done = asyncio.Event()
    seen: list[dict[int, float]] = [{} for _ in range(viewers)]
    readies = [asyncio.Event() for _ in range(viewers)]
    room = _room(seed)
    path = f"/api/sessions/{game}/events"
    watchers = [asyncio.create_task(_viewer(port, path, seen[i], readies[i], done, room))
                for i in range(viewers)]  # fmt: skip
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
    figures["ready"].append(time.perf_counter())
    while len(figures["ready"]) < figures["clubs"][0]:  # every club's viewers, then all post
        await asyncio.sleep(0.05)
    if gates:
        await gates[0].wait()
    latencies: list[float] = []
    sent: dict[int, float] = {}
    failed: list[str] = []
    jobs = []
    for t in range(1, tables + 1):
        mine = [p for p in posts if p["table"] == t]
        at = sorted((p["round"] - 1 + rng.random()) * round_seconds for p in mine)
        mine.sort(key=lambda p: p["round"])
        jobs.append(_table(port, f"/api/sessions/{game}/results",
                           created["tables"][t - 1]["token"], mine, latencies, sent, failed,
                           at if round_seconds else None, room))  # fmt: skip
    await asyncio.gather(*jobs)
    last = max(sent, default=1)
    deadline = time.perf_counter() + 15
    while time.perf_counter() < deadline and not all(last in s for s in seen):
        await asyncio.sleep(0.05)
    done.set()
    for w in watchers:
        w.cancel()
    figures["finished"].append(time.perf_counter())
    if gates:
        await gates[1].wait()
    stored = await asyncio.to_thread(_json, port, "GET", f"/api/sessions/{game}",
                                     token=created["edit_token"])  # fmt: skip
    figures["posted"].append(len(posts))
    figures["lost"].append(len(posts) - len(stored["results"]))
    figures["failed"].append(len(failed))
    figures["latency"].extend(latencies)
    for version, sent_at in sent.items():
        arrivals = [s.get(version) for s in seen]
        if any(a is None for a in arrivals):
            figures["missed"].append(1)
        else:
            figures["delay"].append(max(a for a in arrivals if a is not None) - sent_at)


async def _run_clubs(port: int, clubs: int, tables: int, viewers: int, rounds: int,
                     round_seconds: float, pid: int) -> dict[str, float]:  # fmt: skip
    figures: dict[str, list[float]] = {
        k: []
        for k in ("ready", "finished", "posted", "lost", "failed", "latency", "delay", "missed")
    }
    figures["clubs"] = [clubs]
    load = []

    async def sample() -> None:
        while True:
            load.append(os.getloadavg()[0])
            await asyncio.sleep(5)

    # A server a club leaves running is warm: one evening, not measured, posts a round first
    # (else the first POSTs of each worker, a few hundred ms, are the p99 of a small run).
    warm: dict[str, list[float]] = {k: [] for k in figures} | {"clubs": [1]}
    await _club(port, 15, 2, 1, 0, 999, warm)
    # What the server spends doing nothing (its workers' timers, the LISTEN connection): a
    # quiet 10 s measured first, so the figure per result can be given without it.
    idle = _cpu_seconds(pid)
    await asyncio.sleep(10)
    idle = (_cpu_seconds(pid) - idle) / 10
    cpu = _cpu_seconds(pid)
    sampler = asyncio.create_task(sample())
    start = time.perf_counter()
    gates = (asyncio.Event(), asyncio.Event())
    posting: list[float] = []

    async def window() -> None:
        """The server's CPU from every club's viewers ready to every club's last result seen
        (the sessions made, the viewers' first connections and the read-backs left out)."""
        while len(figures["ready"]) < clubs:
            await asyncio.sleep(0.01)
        posting.append(_cpu_seconds(pid))
        gates[0].set()
        while len(figures["finished"]) < clubs:
            await asyncio.sleep(0.01)
        posting.append(_cpu_seconds(pid))
        gates[1].set()

    await asyncio.gather(window(), *(
        _club(port, tables, viewers, rounds, round_seconds, 1000 + c, figures, gates)
        for c in range(clubs)))  # fmt: skip
    elapsed = time.perf_counter() - max(figures["ready"])
    sampler.cancel()
    cpu = _cpu_seconds(pid) - cpu
    results = len(figures["latency"])
    return {
        "results posted": int(sum(figures["posted"])),
        "results lost": int(sum(figures["lost"])),
        "POSTs refused or failed": int(sum(figures["failed"])),
        "events a viewer missed": len(figures["missed"]),
        "POST p50 (ms)": _pct(figures["latency"], 50),
        "POST p99 (ms)": _pct(figures["latency"], 99),
        "POST to last viewer p50 (ms)": _pct(figures["delay"], 50),
        "POST to last viewer p99 (ms)": _pct(figures["delay"], 99),
        "results/s": results / max(elapsed, 1e-9),
        "server CPU per result (ms)": cpu / max(results, 1) * 1000,
        "server CPU per result, posting only (ms)": (posting[1] - posting[0])
        / max(results, 1)
        * 1000,
        "idle server CPU (ms a second)": idle * 1000,
        "server CPU per result, idle taken off (ms)": max(
            0.0, cpu - idle * (time.perf_counter() - start)
        )
        / max(results, 1)
        * 1000,
        "seconds": time.perf_counter() - start,
        "cores": os.cpu_count() or 0,
        "load average (1 min), highest": max(load, default=0.0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=0, help="default 30 (15 with --clubs)")
    parser.add_argument("--viewers", type=int, default=0, help="default 100 (10 with --clubs)")
    parser.add_argument("--clubs", type=int, default=0, help="evenings at once (a federation)")
    parser.add_argument("--round-seconds", type=float, default=0.0,
                        help="with --clubs: each round's results within this many seconds "
                        "(120: a real evening); 0: as fast as they can")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=9, help="with --clubs: rounds played")
    parser.add_argument("--db", default="", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--against",
        default="",
        help="a git revision: the same evening run on "
        "it and on this tree in turn, --repeat times each, with the ratios",
    )
    parser.add_argument("--repeat", type=int, default=3, help="with --against: runs of each")
    parser.add_argument(
        "--floor",
        action="store_true",
        help="with --clubs and a PostgreSQL --db: run the bare peer of "
        "benchmarks/floor.py instead of bridgescore (the floor of a result's cost)",
    )
    args = parser.parse_args()
    if args.clubs:
        _clubs(args)
        return
    args.tables = args.tables or 30
    args.viewers = args.viewers or 100
    if args.against:
        _against(args)
        return
    figures = _one_evening(args, HERE / "src")
    aims = {"results lost": "0", "POST p99 (ms)": "< 50 (SQLite)",
            "POST to last viewer p99 (ms)": "< 1000"}  # fmt: skip
    backend = "PostgreSQL" if args.db.startswith("postgresql") else "SQLite"
    print(
        f"Live evening: {args.tables} tables x 27 boards, {args.viewers} viewers, {backend}, "
        f"{args.workers} worker(s)"
    )
    print(f"| {'figure':<34} | {'value':>9} | {'aim':<14} |")
    print(f"|{'-' * 36}|{'-' * 11}|{'-' * 16}|")
    for name, value in figures.items():
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        print(f"| {name:<34} | {shown:>9} | {aims.get(name, ''):<14} |")


def _one_evening(args: argparse.Namespace, src: Path) -> dict[str, float]:
    """One evening on a fresh server run from ``src``."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/live.db"
        process = _start(port, db, args.workers, src)
        try:
            return asyncio.run(_run(port, args.tables, args.viewers, process.pid))
        finally:
            process.terminate()
            process.wait(20)


def _against(args: argparse.Namespace) -> None:
    """The evening on an older revision and on this tree, interleaved (old, new, old, new...,
    so that the machine's load falls on both alike): each figure's median and new / old."""
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(old),
                        args.against], check=True, capture_output=True)  # fmt: skip
        try:
            for n in range(args.repeat):
                for name, src in (("old", old / "src"), ("new", HERE / "src")):
                    runs[name].append(_one_evening(args, src))
                    print(f"run {n + 1} of {args.repeat}: {name} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)  # fmt: skip
    print(
        f"Live evening: {args.tables} tables x 27 boards, {args.viewers} viewers; "
        f"{args.against} (old) and this tree (new), {args.repeat} runs each, medians"
    )
    print(f"| {'figure':<34} | {'old':>9} | {'new':>9} | {'new/old':>7} |")
    print(f"|{'-' * 36}|{'-' * 11}|{'-' * 11}|{'-' * 9}|")
    for name in runs["new"][0]:
        a = statistics.median(r[name] for r in runs["old"])
        b = statistics.median(r[name] for r in runs["new"])
        ratio = f"{b / a:.2f}" if a else "-"
        print(f"| {name:<34} | {a:>9.1f} | {b:>9.1f} | {ratio:>7} |")


def _clubs(args: argparse.Namespace) -> None:
    tables, viewers = args.tables or 15, args.viewers or 10
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/live.db"
        process = _start(port, db, args.workers, floor=args.floor)
        try:
            figures = asyncio.run(_run_clubs(port, args.clubs, tables, viewers, args.rounds,
                                             args.round_seconds, process.pid))  # fmt: skip
        finally:
            process.terminate()
            process.wait(20)
    rate = (f"each round within {args.round_seconds:g} s" if args.round_seconds
            else "as fast as they can")  # fmt: skip
    backend = "PostgreSQL" if db.startswith("postgresql") else "SQLite"
    server = "the floor (benchmarks/floor.py)" if args.floor else "bridgescore"
    print(f"Federation on {server}: {args.clubs} club(s) x {tables} tables x "
          f"{args.rounds * 3} boards, {viewers} viewers each, {rate}, {backend}, "
          f"{args.workers} worker(s)")  # fmt: skip
    aims = {"results lost": "0", "POST p99 (ms)": "< 50 (real rate)",
            "POST to last viewer p99 (ms)": "< 1000", "server CPU per result (ms)": "<= 3",
            "server CPU per result, idle taken off (ms)": "<= 3",
            "server CPU per result, posting only (ms)": "<= 3"}  # fmt: skip
    print(f"| {'figure':<42} | {'value':>9} | {'aim':<16} |")
    print(f"|{'-' * 44}|{'-' * 11}|{'-' * 18}|")
    for name, value in figures.items():
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        print(f"| {name:<42} | {shown:>9} | {aims.get(name, ''):<16} |")


if __name__ == "__main__":
    main()
