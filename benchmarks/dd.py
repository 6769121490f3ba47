"""`make bench`, part (e): double-dummy tables and par, against calling endplay directly.

1. Tables: ``bridgescore.boards.dd.dd_tables`` on PBN text against endplay's ``calc_all_tables`` on
the
   same deals (endplay ``Deal`` objects built beforehand, 40 a call), in deals a second per core.
2. A Dask cluster: ``batch.analyse_partition`` by ``map_partitions`` on a LocalCluster of 1 and
   of 2 worker processes (one thread each, DDS held to one thread each), the speed-up.
3. Par from a table, per deal: ``bridgescore.boards.par`` against endplay's ``par`` (DDS's
   ``DealerParBin``) on the same tables, vulnerabilities and dealers; and in bulk,
   ``batch.par_many`` on those tables as columns (and repeated to 100,000 rows).

Every answer is checked equal to the other's before anything is timed.
Run alone: ``python benchmarks/dd.py [--quick]``; ``make bench`` runs it as part (e).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_cpu_seconds, median_seconds, table

from bridgescore import Deal, Seat, Vulnerability
from bridgescore.boards.dd import dd_tables, dds_par, from_endplay
from bridgescore.boards.par import par

CORES = os.cpu_count() or 1


def random_deals(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [str(Deal.random(rng)) for _ in range(n)]


def tables_part(deals: list[str], repeats: int) -> tuple[list[Any], list[Any]]:
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    objects = [Deal(d) for d in deals]

    def theirs() -> list[Any]:
        out: list[Any] = []
        for i in range(0, len(objects), 40):
            out.extend(calc_all_tables(objects[i : i + 40]))
        return out

    def ours() -> list[Any]:
        return list(dd_tables(deals))

    endplay_tables = theirs()
    mine = ours()
    assert [from_endplay(t) for t in endplay_tables] == mine, "tables differ"
    t_theirs = median_seconds(theirs, repeats, warmup=0)
    t_ours = median_seconds(ours, repeats, warmup=0)
    n = len(deals)
    table(
        f"(e1) Double-dummy tables: {n:,} random deals, {CORES} cores, median of {repeats}",
        ["call", "s", "deals/s", "deals/s/core", "/ endplay", "cross-check"],
        [
            ["endplay calc_all_tables(40 Deal objects a call)", f"{t_theirs:.2f}",
             f"{n / t_theirs:,.1f}", f"{n / t_theirs / CORES:,.1f}", "1.00", f"equal on all {n:,}"],
            ["bridgescore dd_tables(PBN text)", f"{t_ours:.2f}", f"{n / t_ours:,.1f}",
             f"{n / t_ours / CORES:,.1f}", f"{t_theirs / t_ours:.2f}", f"equal on all {n:,}"],
        ],
    )  # fmt: skip
    return endplay_tables, mine


def dask_part(deals: list[str], expected: list[Any]) -> None:
    import dask.dataframe as ddf
    import pandas as pd
    from distributed import Client, LocalCluster

    from bridgescore import batch as bb
    from bridgescore.boards.dd import set_threads

    frame = pd.DataFrame({"deal": deals, "vulnerability": "None", "dealer": "N"})
    flat = [[t for row in tbl for t in row] for tbl in expected]
    rows = []
    seconds = {}
    for workers in (1, 2):
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,  # fmt: skip
            Client(cluster) as client,
        ):
            client.run(set_threads, 1)
            parts = ddf.from_pandas(frame, npartitions=8)
            job = parts.map_partitions(bb.analyse_partition, meta=bb.analysis_meta())
            got = job.compute()  # the first run checks the answer and warms the workers
            assert got[list(bb.DD_COLUMNS)].values.tolist() == flat, "Dask tables differ"
            # A frame of its own for the timed run: the same keys again could be answered from
            # results the workers still hold from the first run.
            timed = ddf.from_pandas(frame.assign(run=workers), npartitions=8)
            again = timed.map_partitions(bb.analyse_partition, meta=bb.analysis_meta())
            start = time.perf_counter()
            again.compute()
            seconds[workers] = time.perf_counter() - start
        speed = f"{seconds[1] / seconds[workers]:.2f}x"
        rows.append([f"{workers} worker{'s' if workers > 1 else ''}, 1 thread each",
                     f"{seconds[workers]:.2f}", f"{len(deals) / seconds[workers]:,.1f}",
                     speed, f"equal on all {len(deals):,}"])  # fmt: skip
    table(
        f"(e2) Dask LocalCluster, map_partitions(analyse_partition): {len(deals):,} deals, "
        "8 partitions",
        ["cluster", "s", "deals/s", "speed-up", "cross-check"],
        rows,
    )


def par_part(endplay_tables: list[Any], mine: list[Any], repeats: int) -> None:
    from endplay.dds import par as endplay_par
    from endplay.types import Player, Vul

    rng = random.Random(5)
    cases = [(rng.randrange(4), rng.randrange(4)) for _ in mine]
    vuls = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)
    for t, (v, d) in zip(mine, cases, strict=True):
        assert par(t, vuls[v], tuple(Seat)[d]) == dds_par(t, vuls[v], tuple(Seat)[d]), "par differs"
    scores = [
        endplay_par(e, Vul(v), Player(d)).score
        for e, (v, d) in zip(endplay_tables, cases, strict=True)
    ]
    assert scores == [
        par(t, vuls[v], tuple(Seat)[d]).score for t, (v, d) in zip(mine, cases, strict=True)
    ]

    def theirs() -> None:
        for e, (v, d) in zip(endplay_tables, cases, strict=True):
            list(endplay_par(e, Vul(v), Player(d)))

    seats = tuple(Seat)

    def ours() -> None:
        for t, (v, d) in zip(mine, cases, strict=True):
            par(t, vuls[v], seats[d])

    t_theirs = median_seconds(theirs, repeats)
    t_ours = median_seconds(ours, repeats)
    n = len(mine)
    # In bulk: the same tables as columns, then repeated to 100,000 rows (par_many's use).
    import numpy as np

    from bridgescore.batch import par_many

    codes = np.array([(0, 3, 1, 2)[v] for v, _ in cases])  # endplay's order: None All NS EW
    dealers = np.array([d for _, d in cases])
    tricks = np.array(mine)
    bulk = par_many(tricks, codes, dealers)
    for i, (t, (v, d)) in enumerate(zip(mine, cases, strict=True)):
        assert bulk.par(i) == par(t, vuls[v], seats[d]), "par_many differs"
    assert bulk.score.tolist() == scores
    rows = 100_000
    many = [np.resize(a, (rows, *a.shape[1:])) for a in (tricks, codes, dealers)]
    t_bulk = median_seconds(lambda: par_many(tricks, codes, dealers), repeats)
    t_many = median_seconds(lambda: par_many(*many), repeats)
    # CPU time too: on a busy machine the longer runs are paused more often than the short.
    cpu = {
        "theirs": median_cpu_seconds(theirs, repeats) / n,
        "ours": median_cpu_seconds(ours, repeats) / n,
        "small": median_cpu_seconds(lambda: par_many(tricks, codes, dealers), repeats) / n,
        "many": median_cpu_seconds(lambda: par_many(*many), repeats) / rows,
    }
    per = {"small": t_bulk / n, "many": t_many / rows}
    table(
        f"(e3) Par from a table: {n:,} tables, median of {repeats}",
        ["call", "us/deal", "deals/s", "time / ours", "x endplay", "CPU us/deal", "CPU x endplay",
         "cross-check"],
        [
            ["endplay par(DDTable, vul, dealer), contracts listed", f"{t_theirs / n * 1e6:.1f}",
             f"{n / t_theirs:,.0f}", f"{t_theirs / t_ours:.2f}", "1.00",
             f"{cpu['theirs'] * 1e6:.2f}", "1.00", f"equal on all {n:,}"],
            ["bridgescore par(table, vulnerability, dealer)", f"{t_ours / n * 1e6:.1f}",
             f"{n / t_ours:,.0f}", "1.00", f"{t_theirs / t_ours:.2f}",
             f"{cpu['ours'] * 1e6:.2f}", f"{cpu['theirs'] / cpu['ours']:.2f}",
             f"equal on all {n:,}"],
            [f"bridgescore batch.par_many, the {n:,} tables as columns",
             f"{per['small'] * 1e6:.2f}", f"{1 / per['small']:,.0f}",
             f"{per['small'] * n / t_ours:.3f}", f"{t_theirs / n / per['small']:.1f}",
             f"{cpu['small'] * 1e6:.2f}", f"{cpu['theirs'] / cpu['small']:.1f}",
             f"equal on all {n:,} (contracts too)"],
            [f"bridgescore batch.par_many, repeated to {rows:,} rows",
             f"{per['many'] * 1e6:.2f}", f"{1 / per['many']:,.0f}",
             f"{per['many'] * n / t_ours:.3f}", f"{t_theirs / n / per['many']:.1f}",
             f"{cpu['many'] * 1e6:.2f}", f"{cpu['theirs'] / cpu['many']:.1f}",
             "the same tables"],
        ],
    )  # fmt: skip
    x, x_cpu = t_theirs / n / per["many"], cpu["theirs"] / cpu["many"]
    met = "met" if min(x, x_cpu) >= 10 else "met in CPU time" if x_cpu >= 10 else "NO"
    print(f"  aim: par_many >= 10x endplay's par a deal: {x:.1f}x (CPU time {x_cpu:.1f}x), {met}")


def run(quick: bool) -> None:
    n = 80 if quick else 400
    deals = random_deals(n, 2026)
    endplay_tables, mine = tables_part(deals, 1 if quick else 3)
    dask_part(deals, mine)
    par_part(endplay_tables, mine, 3 if quick else 7)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a check")
    run(parser.parse_args().quick)
