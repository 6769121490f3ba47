"""Hand-records benchmark: does ``GET /health`` stay fast while an evening's deals are solved?

Starts ``bridgescore serve`` (uvicorn, one process) on a free loopback port and starts a club
evening; asks ``GET /health`` every 10 ms for ``--idle`` seconds with nothing to do (the
yardstick), then again while the evening's ``--boards`` deals, attached with ``PUT
/api/sessions/{id}/deals``, are solved by the double-dummy worker process (DDS through
endplay: the ``dd`` extra) until ``GET /deals`` says ``done``. Prints both rows, their ratio,
and how long the boards took (the worker's start included).

    python benchmarks/health_during_dd.py [--boards 12] [--idle 5]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from health_during_upload import health_during, percentile, server

from bridgescore.deals import deal_set, to_bytes


def call(port: int, method: str, path: str, body: object = None, token: str = "") -> object:
    """A JSON call: its answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        answer = conn.getresponse()
        data = answer.read()
        if answer.status >= 300:
            raise RuntimeError(f"{method} {path}: {answer.status} {data[:200]!r}")
        return json.loads(data)
    finally:
        conn.close()


def director_login(database: Path) -> tuple[str, str]:
    """A club with one director on the database, before the server opens it: the email and
    password to log in with (starting an evening needs a director's login)."""
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    email, password = "director@example.org", "correct horse battery"
    with Store(f"sqlite:///{database}") as store:
        clubs = ClubStore(store)
        club = clubs.create_club("Benchmark BC", "9999", "EBU")
        clubs.add_director(club.id, email, password)
    return email, password


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=12, help="boards to solve (3 to 30)")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of the idle row")
    args = parser.parse_args()
    boards = min(30, max(3, args.boards))
    command = [sys.executable, "-m", "bridgescore"]
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "bench.db"
        email, password = director_login(database)
        with server(command, database) as port:
            for _ in range(600):  # a loaded machine starts the server slowly
                try:
                    http.client.HTTPConnection("127.0.0.1", port, timeout=5).connect()
                    break
                except OSError:
                    time.sleep(0.1)
            login = call(port, "POST", "/api/login", {"email": email, "password": password})
            assert isinstance(login, dict)
            movement = {"movement": "mitchell", "tables": boards, "boards_per_round": 1}
            evening = call(port, "POST", "/api/sessions", {"movement": movement}, login["token"])
            assert isinstance(evening, dict)
            base = f"/api/sessions/{evening['id']}/deals"
            idle, _ = health_during(port, lambda: time.sleep(args.idle))
            pbn = to_bytes(deal_set(f"1-{boards}").boards, "set.pbn").decode()

            def solve() -> None:
                call(port, "PUT", base, {"pbn": pbn}, evening["edit_token"])
                while True:
                    progress = call(port, "GET", base)
                    assert isinstance(progress, dict)
                    if progress["analysis"] != "working":
                        break
                    time.sleep(0.2)
                if progress["analysis"] != "done":
                    raise SystemExit(f"not solved: {progress}")

            busy, seconds = health_during(port, solve)
    print(f"GET /health every 10 ms, idle and while the DD worker solves {boards} boards "
          "(uvicorn, one process; the worker is a process of its own)")  # fmt: skip
    print(f"{'':<22}{'answers':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    rows = [("idle", idle), ("while solving", busy)]
    for name, values in rows:
        p50, p99, top = (percentile(values, q) * 1000 for q in (0.5, 0.99, 1.0))
        print(f"{name:<22}{len(values):>9}{p50:>9.1f}{p99:>9.1f}{top:>9.1f}")
    ratio = statistics.median(busy) / statistics.median(idle)
    p99_ratio = percentile(busy, 0.99) / percentile(idle, 0.99)
    print(f"solving / idle: p50 x{ratio:.2f}, p99 x{p99_ratio:.2f}; {boards} boards solved and "
          f"stored in {seconds:.1f} s (the worker's start included)")  # fmt: skip


if __name__ == "__main__":
    main()
