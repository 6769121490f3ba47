"""The server's CPU for one table's result POST, cold and back to back (issue 33), per thread.

At a club's real rate each result reaches a server that was idle: its whole path runs cold (a
post every 50 ms costs about twice what the same posts cost back to back). This starts
``bridgescore serve`` (one worker unless ``--workers``) on ``--db``, opens a 15-table
evening, and posts its results from their tables' connections, ``--gap`` seconds apart, then
back to back; then asks ``/health``, spaced the same way. It prints the server's CPU a request (from
``/proc``, so Linux only) in all and per thread: the event loop (``python``, the process's
first thread) and the live writer (the other ``python`` thread that used CPU).

With ``--against REV`` it runs REV (a git worktree) and this tree in turn, ``--repeat`` times
each, and prints the medians and new / old.

    python benchmarks/live_cold.py --db postgresql+psycopg://... [--against d7bf48c --repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from live import HERE, _evening, _free_port, _json, _post, _start

TICK = os.sysconf("SC_CLK_TCK")


def _threads(pid: int) -> dict[int, float]:
    """CPU seconds so far of each of the process's threads."""
    used = {}
    for task in glob.glob(f"/proc/{pid}/task/*/stat"):
        with open(task) as f:
            fields = f.read().rpartition(")")[2].split()
        used[int(task.split("/")[4])] = (int(fields[11]) + int(fields[12])) / TICK
    return used


def _per_request(pid: int, before: dict[int, float], count: int) -> dict[str, float]:
    """Milliseconds of CPU a request since ``before``: in all, the loop's, the writer's."""
    after = _threads(pid)
    spent = {tid: after[tid] - before.get(tid, 0.0) for tid in after}
    loop = spent.pop(pid, 0.0)
    writer = max(spent.values(), default=0.0)
    return {"all": (loop + sum(spent.values())) / count * 1000, "loop": loop / count * 1000,
            "writer": writer / count * 1000}  # fmt: skip


async def _measure(port: int, pid: int, gap: float, count: int) -> dict[str, float]:
    created = await asyncio.to_thread(_json, port, "POST", "/api/sessions", {
        "event": "Cold", "movement": {"movement": "mitchell", "tables": 15,
                                      "boards_per_round": 3, "rounds": 9}})  # fmt: skip
    path = f"/api/sessions/{created['id']}/results"
    posts = sorted(_evening(15, 5, 9), key=lambda p: p["round"])
    tables = {t: await asyncio.open_connection("127.0.0.1", port) for t in range(1, 16)}

    async def post_all(bodies: list[dict[str, object]], wait: float) -> None:
        for body in bodies:
            table = int(str(body["table"]))
            token = created["tables"][table - 1]["token"]
            try:
                status, answer = await _post(*tables[table], path, token, body)
            except (OSError, asyncio.IncompleteReadError):  # closed after its keep-alive
                tables[table] = await asyncio.open_connection("127.0.0.1", port)
                status, answer = await _post(*tables[table], path, token, body)
            if status != 201:
                raise SystemExit(f"a result was refused: {status} {answer}")
            await asyncio.sleep(wait)

    await post_all(posts[:30], 0.0)  # the first results of a worker are not its usual ones
    figures: dict[str, float] = {}
    spaced, packed = posts[30 : 30 + count], posts[30 + count : 30 + 2 * count]
    for name, wait, bodies in (("posted", gap, spaced), ("back to back", 0.0, packed)):
        before = _threads(pid)
        await post_all(bodies, wait)
        figures |= {f"{name}: {k}": v for k, v in _per_request(pid, before, len(bodies)).items()}
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    before = _threads(pid)
    for _ in range(count):
        writer.write(b"GET /health HTTP/1.1\r\nHost: bench\r\n\r\n")
        await writer.drain()
        await reader.readuntil(b"ok")
        await asyncio.sleep(gap)
    figures["/health, spaced: all"] = _per_request(pid, before, count)["all"]
    return figures


def _one(args: argparse.Namespace, src: Path) -> dict[str, float]:
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        process = _start(port, args.db or f"sqlite:///{tmp}/cold.db", args.workers, src)
        try:
            return asyncio.run(_measure(port, process.pid, args.gap, args.count))
        finally:
            process.terminate()
            process.wait(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="", help="database URL (default: a new SQLite file)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--gap", type=float, default=0.05, help="seconds between posts")
    parser.add_argument("--count", type=int, default=150, help="posts measured each way")
    parser.add_argument("--against", default="", help="a git revision to compare with")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if not 0 < args.count <= 187:
        raise SystemExit("--count: 1 to 187 (an evening has 405 results; 30 go first)")
    if args.workers != 1:
        raise SystemExit("the figures per thread are one worker's: --workers 1")
    trees = {"new": HERE / "src"}
    with tempfile.TemporaryDirectory() as tmp:
        if args.against:
            old = Path(tmp) / "old"
            subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(old),
                            args.against], check=True, capture_output=True)  # fmt: skip
            trees = {"old": old / "src", **trees}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        try:
            for n in range(args.repeat):
                for name, src in trees.items():
                    runs[name].append(_one(args, src))
                    print(f"run {n + 1} of {args.repeat}: {name} done", file=sys.stderr)
        finally:
            if args.against:
                remove = ["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)]
                subprocess.run(remove, check=False, capture_output=True)
    print(f"One worker, a result every {args.gap * 1000:g} ms then back to back, "
          f"{args.count} each; ms of server CPU a request; "
          f"medians of {args.repeat} run(s); {time.strftime('%Y-%m-%d %H:%M')}")  # fmt: skip
    names = list(trees)
    head = "".join(f" | {n:>7}" for n in names) + (" | new/old" if len(names) == 2 else "")
    print(f"| {'figure':<22}{head} |")
    for figure in runs["new"][0]:
        values = [statistics.median(r[figure] for r in runs[n]) for n in names]
        row = "".join(f" | {v:>7.2f}" for v in values)
        if len(values) == 2:
            row += f" | {values[1] / values[0]:>7.2f}" if values[0] else " |       -"
        print(f"| {figure:<22}{row} |")


if __name__ == "__main__":
    main()
