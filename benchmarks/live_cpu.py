"""CPU time of one table's result POST, in process (issue 33: at most 3 ms a result).

Builds the app on a fresh SQLite file (or ``--db URL``), starts a 13-table Mitchell (27 boards
at each table) and posts every result through the ASGI app (httpx, no sockets), round by
round; the first round is not measured. Prints the process CPU time (``time.process_time``:
the app, its write thread and the in-process client) per post; ``--profile`` adds cProfile's
figures (per thread CPU time, the write thread included) of the project's modules.

    python benchmarks/live_cpu.py [--tables 13] [--db URL] [--profile] [--sort tottime]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from live import _evening

from bridgescore.web.app import create_app
from bridgescore.web.settings import Settings

PROFILES: list[cProfile.Profile] = []


def _profile_threads() -> None:
    run = threading.Thread.run

    def profiled(self: threading.Thread) -> None:
        profile = cProfile.Profile(time.thread_time)
        PROFILES.append(profile)
        profile.enable()
        try:
            run(self)
        finally:
            profile.disable()

    threading.Thread.run = profiled  # type: ignore[method-assign]


async def _posts(db: str, tables: int, profile: bool) -> float:
    app = create_app(Settings(database_url=db, open_evenings=True))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5555))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            movement = {"movement": "mitchell", "tables": tables, "boards_per_round": 3,
                        "rounds": 9}  # fmt: skip
            answer = await client.post("/api/sessions", json={"event": "CPU", "movement": movement})
            created = answer.json()
            posts = sorted(_evening(tables), key=lambda p: (p["round"], p["table"], p["board"]))
            warm = [p for p in posts if p["round"] == 1]

            async def post(body: dict[str, object]) -> None:
                token = created["tables"][int(str(body["table"])) - 1]["token"]
                sent = await client.post(f"/api/sessions/{created['id']}/results", json=body,
                                         headers={"Authorization": f"Bearer {token}"})  # fmt: skip
                assert sent.status_code == 201, sent.text

            for body in warm:
                await post(body)
            main = cProfile.Profile(time.thread_time)
            if profile:
                PROFILES.append(main)
                main.enable()
            start = time.process_time()
            for body in posts[len(warm) :]:
                await post(body)
            cpu = time.process_time() - start
            main.disable()
            return cpu / (len(posts) - len(warm))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=13)
    parser.add_argument("--db", default="")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--sort", default="cumulative")
    args = parser.parse_args()
    if args.profile:
        _profile_threads()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/live.db"
        per_post = asyncio.run(_posts(db, args.tables, args.profile))
    print(f"{args.tables} tables: process CPU per result POST {per_post * 1000:.2f} ms")
    if PROFILES:
        stats = pstats.Stats(PROFILES[0])
        for profile in PROFILES[1:]:
            stats.add(profile)
        stats.sort_stats(args.sort).print_stats("bridgescore/", 40)


if __name__ == "__main__":
    main()
