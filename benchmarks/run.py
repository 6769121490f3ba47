"""`make bench`: bridgescore side by side with its peers and with the yardsticks that bound it.

(a) ``score()`` per deal against the Python peers (bridgebots, endplay, bridgeobjects, from PyPI)
    and the npm package bridge-scorer under node, on the same random deals; every scorer's
    results are checked equal to bridgescore's before anything is timed.
(b) ``bridgescore.batch.score_many`` in deals per second against a plain numpy copy of the same
    input bytes (the memory-bandwidth yardstick), and against the per-deal scorers of (a).
(c) ``bridgescore batch`` on a Parquet file against merely reading it with pyarrow, and the
    command's peak memory, on 1 M and 10 M rows.
(d) A field scored at once (``benchmarks/field.py``): ``batch.matchpoints_many``, ``butler_many``
    and ``cross_imps_many`` on 1 M results over 10,000 boards against the pure functions board by
    board, and a whole section through ``score_section`` and ``batch.score_section_fast``.
(e) Double-dummy tables and par (``benchmarks/dd.py``): ``dd_tables`` against endplay's
    ``calc_all_tables`` in deals a second per core, the speed-up from 1 to 2 Dask workers, and
    ``par`` from a table against endplay's ``par``.
(f) Parsers on hostile input (``benchmarks/hostile.py``): the notation parser's worst time on
    inputs up to 10 kB shaped against backtracking, against the pattern it replaced.
(g) Dealing to order (``benchmarks/dealgen.py``): ``batch.deal_where`` and ``DealBatch.where``
    against Hans van Staveren's dealer (C, Debian's ``dealer``) on the same conditions, in deals
    a second, with dealer's verdicts cross-checked deal by deal; skipped if it is not installed.
(h) The Swiss draw (``benchmarks/swiss.py``): seconds to draw a round of 50, 200 and 1,000
    teams, against the greedy draw of the club programs and networkx on the complete graph.
(l) Reading BBO's LIN (``benchmarks/lin_bench.py``): ``bridgescore.lin.read_lin`` a board
    against endplay's LIN reader on real files, and its time a character on hostile LIN.
(m) Howells (``benchmarks/movements.py``): the time to build each Howell from the searched data,
    against running the search again.
(p) Reading PBN (``benchmarks/pbn_bench.py``): ``bridgescore.pbn.read`` in result lines a
    second against endplay's and bridgebots' PBN readers, on a ScoreTable file and a file of a
    game per table of 5 MB each.
(u) USEBIO (``benchmarks/usebio_bench.py``): ``bridgescore.usebio.read`` of real files against
    the standard library's bare parse and bridgescore's PBN reader of the same session, and its
    read and write time a traveller line at growing sizes.

Every time is the median of several runs. ``--quick`` runs smaller sizes (for a check, not for
figures). Run by ``make bench`` (or ``make bench-quick``) in the bench environment it creates.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, str(Path(__file__).resolve().parent))

import dd as dd_part
import dealgen
import field
import hostile
import lin_bench
import movements
import pbn_bench
import peers
import swiss
import usebio_bench
from timing import median_seconds, table

import bridgescore as bs
from bridgescore import batch as bb
from bridgescore.cli import cli

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "benchmarks" / "node"
DATA = ROOT / "bench-data"


def last_level_cache() -> int:
    """The size of the CPU's last-level cache in bytes (32 MiB if it cannot be read)."""
    sizes = []
    for index in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*/size"):
        text = index.read_text().strip().upper()
        scale = {"K": 1 << 10, "M": 1 << 20}.get(text[-1:], 1)
        sizes.append(int(text.rstrip("KM")) * scale)
    return max(sizes, default=32 << 20)


def random_deals(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    highs = (8, 5, 3, 2, 14)
    deals = np.stack([rng.integers(0, h, n) for h in highs], axis=1)
    deals[:, 0] = rng.integers(1, 8, n)  # part (a) scores contracts; pass-outs are in (b)
    return deals


# --- (a) one deal per call ---------------------------------------------------------------------


def part_a(n: int, repeats: int) -> dict[str, float]:
    """Per-deal seconds: ``peer`` (the fastest Python peer), ``node``, and bridgescore's kinds."""
    deals = random_deals(n, seed=2026)
    entries = peers.ours(deals) + peers.peers(deals)
    reference = entries[0].run
    assert reference is not None
    expected = reference()
    rows: list[list[object]] = []
    best: dict[str, float] = {}
    notes: list[str] = []
    for entry in entries:
        if entry.run is None:
            rows.append([entry.name, entry.call, None, "not installed"])
            notes.append(f"{entry.name}: {entry.note}")
            continue
        got = entry.run()
        totals = [s.total if isinstance(s, bs.Score) else s for s in got]
        if totals != expected:
            bad = [i for i, (x, y) in enumerate(zip(totals, expected, strict=True)) if x != y]
            rows.append([entry.name, entry.call, None, f"DIFFERS on {len(bad):,} deals"])
            notes.append(f"{entry.name}: first difference on deal {deals[bad[0]].tolist()}")
            continue
        per_deal = median_seconds(entry.run, repeats) / n
        best[entry.kind] = min(best.get(entry.kind, per_deal), per_deal)
        rows.append([entry.name, entry.call, per_deal, f"equal on all {n:,}"])
        if entry.note:
            notes.append(f"{entry.call}: {entry.note}")
    few = min(n, 5_000)  # also a set small enough to stay in the CPU cache: node's best case
    for subset, key in ((n, "node"), (few, "node in cache")):
        per_deal_node, status, node_version = _node(deals[:subset], expected[:subset], repeats)
        if per_deal_node is not None:
            best[key] = per_deal_node
        call = f"contractTricks() under node {node_version}"
        if key == "node in cache":
            call += f", first {subset:,} deals, over and over"
        rows.append([f"bridge-scorer {_npm_version()}", call, per_deal_node, status])
    ours = best["totals"]
    printed = [
        [name, call, *_speeds(t, ours), status]
        if t is not None
        else [name, call, "-", "-", "-", status]
        for name, call, t, status in rows
    ]
    table(
        f"(a) One deal per call: {n:,} random deals (level 1-7), median of {repeats} passes",
        ["scorer", "call", "us/deal", "deals/s", "time / ours", "cross-check before timing"],
        printed,
    )
    cold = statistics.median(peers.first_sight() for _ in range(repeats))
    print("  time / ours: against bridgescore's fastest totals call; above 1 is slower than ours")
    print(
        "  bridgescore keeps each distinct deal's Score; the first sight of a deal (all 2,940,"
        f" caches cleared) costs {cold * 1e6:.1f} us: every part and its label are built"
    )
    for note in notes:
        print(f"  note: {note}")
    return best


def _speeds(seconds: float, ours: float) -> list[str]:
    return [f"{seconds * 1e6:.3f}", f"{1 / seconds:,.0f}", f"{seconds / ours:.2f}"]


def _npm_version() -> str:
    try:
        package = json.loads((NODE / "node_modules" / "bridge-scorer" / "package.json").read_text())
        return str(package["version"])
    except OSError:
        return "(not installed)"


def _node(deals: np.ndarray, expected: list[int], repeats: int) -> tuple[float | None, str, str]:
    node = shutil.which("node")
    if node is None:
        return None, "node not found", "-"
    if not (NODE / "node_modules" / "bridge-scorer").is_dir():
        return None, "not installed (npm ci in benchmarks/node)", "-"
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(deals.tolist(), f)
    try:
        done = subprocess.run(
            [node, str(NODE / "bench.js"), f.name, str(repeats)],
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        os.unlink(f.name)
    out = json.loads(done.stdout)
    if out["scores"] != expected:
        bad = sum(a != b for a, b in zip(out["scores"], expected, strict=True))
        return None, f"DIFFERS on {bad} deals", out["node"]
    return (
        statistics.median(out["times_ns"]) / 1e9 / len(deals),
        f"equal on all {len(deals):,}",
        out["node"],
    )


# --- (b) batches ---------------------------------------------------------------------------------


def part_b(n: int, repeats: int, per_deal: dict[str, float]) -> dict[str, float]:
    rng = np.random.default_rng(7)
    highs = {"level": 8, "strain": 5, "doubling": 3, "vulnerable": 2, "tricks": 14}
    cols = [rng.integers(0, h, n, dtype=np.uint8) for h in highs.values()]
    wide = [c.astype(np.int64) for c in cols]
    arrow = [pa.array(c.astype(np.int8)) for c in cols]
    codes = bb.pack(*cols)
    declarer = rng.integers(0, 4, n, dtype=np.uint8)
    board_vul = rng.integers(0, 4, n, dtype=np.uint8)
    ns_cols = [*cols[:3], cols[4], declarer, board_vul]

    def copy_of(arrays: Sequence[np.ndarray]) -> Callable[[], object]:
        return lambda: [a.copy() for a in arrays]

    cases: list[tuple[str, Callable[[], object], Sequence[np.ndarray]]] = [
        ("score_many, 5 uint8 columns", lambda: bb.score_many(*cols), cols),
        ("score_many, 5 int8 Arrow arrays", lambda: bb.score_many(*arrow), cols),
        ("score_many, 5 int64 columns (as from lists)", lambda: bb.score_many(*wide), wide),
        ("score_packed, 1 uint16 code per deal", lambda: bb.score_packed(codes), [codes]),
        ("score_many_ns, 6 uint8 columns (NS view)", lambda: bb.score_many_ns(*ns_cols), ns_cols),
    ]
    fastest_peer = per_deal.get("peer")
    node = per_deal.get("node in cache")
    rows: list[list[object]] = []
    rates: dict[str, float] = {}
    for name, fn, inputs in cases:
        seconds = median_seconds(fn, repeats)
        yardstick = median_seconds(copy_of(inputs), repeats)
        rate = n / seconds
        rates[name] = rate
        rates[name + " / copy"] = yardstick / seconds
        rows.append(
            [
                name,
                f"{seconds / n * 1e9:.2f}",
                f"{rate / 1e6:,.0f}",
                f"{n / yardstick / 1e6:,.0f}",
                f"{yardstick / seconds:.2f}",
                f"{rate * fastest_peer:,.0f}x" if fastest_peer else "-",
                f"{rate * node:,.0f}x" if node else "-",
            ]
        )
    assert np.array_equal(bb.score_many(*wide), bb.score_many(*cols))
    assert np.array_equal(bb.score_packed(codes), bb.score_many(*cols))
    table(
        f"(b) Batches: {n:,} random deals (levels 0-7), median of {repeats} runs; "
        "yardstick = numpy copy of the same input arrays",
        [
            "call",
            "ns/deal",
            "M deals/s",
            "copy M rows/s",
            "/ copy",
            "x fastest Python peer",
            "x bridge-scorer (node, in cache)",
        ],
        rows,
    )
    if n * 5 <= last_level_cache():
        print(
            f"  note: {n:,} rows of 5 bytes are too few to overflow the CPU's last-level cache"
            f" ({last_level_cache() >> 20} MiB): the copy is not bound by memory bandwidth here,"
            " so the '/ copy' column means little"
        )
    return rates


# --- (c) the command on Parquet files ------------------------------------------------------------


def parquet_file(n: int) -> Path:
    DATA.mkdir(exist_ok=True)
    path = DATA / f"deals-{n}.parquet"
    if not path.exists():
        rng = np.random.default_rng(n)
        highs = {"level": 8, "strain": 5, "doubling": 3, "tricks": 14}
        columns = {k: rng.integers(0, h, n, dtype=np.int8) for k, h in highs.items()}
        columns["vulnerable"] = rng.integers(0, 2, n).astype(bool)
        tmp = path.with_suffix(".tmp")
        pq.write_table(pa.table(columns), tmp)
        tmp.replace(path)
    return path


# Runs one command and reports its wall time and peak memory. A small launcher process does it:
# the child of a big process (this one, after parts (a) and (b)) would count the parent's pages
# as its own peak until it calls exec.
LAUNCHER = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
wall = time.perf_counter() - start
if done.returncode:
    sys.exit(done.stderr)
print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
"""


def run_command(args: list[str]) -> tuple[float, int]:
    """Wall time (seconds) and peak resident memory (bytes) of one command."""
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *args], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr}")
    wall, peak = done.stdout.split()
    return float(wall), int(peak)


def part_c(sizes: list[int], repeats: int) -> dict[str, float]:
    exe = shutil.which("bridgescore") or str(Path(sys.executable).parent / "bridgescore")
    read_code = "import sys, pyarrow.parquet as pq; pq.read_table(sys.argv[1])"
    rows: list[list[object]] = []
    out: dict[str, float] = {}
    for n in sizes:
        path = parquet_file(n)
        target = DATA / f"scores-{n}.parquet"
        read_runs = [
            run_command([sys.executable, "-c", read_code, str(path)]) for _ in range(repeats)
        ]
        batch_runs = [
            run_command([exe, "batch", str(path), "-o", str(target)]) for _ in range(repeats)
        ]
        read_s = statistics.median(r[0] for r in read_runs)
        batch_s = statistics.median(r[0] for r in batch_runs)
        read_rss = max(r[1] for r in read_runs)
        batch_rss = max(r[1] for r in batch_runs)
        in_read = median_seconds(lambda p=path: pq.read_table(p), repeats)
        argv = ["batch", str(path), "-o", str(target)]
        in_batch = median_seconds(lambda a=argv: cli.main(a, standalone_mode=False), repeats)
        assert pq.read_table(target).num_rows == n
        out[f"ratio {n}"] = batch_s / read_s
        out[f"in-process ratio {n}"] = in_batch / in_read
        out[f"rss {n}"] = batch_rss
        rows.append(
            [
                f"{n:,} rows ({path.stat().st_size / 1e6:.1f} MB)",
                f"{read_s:.3f}",
                f"{batch_s:.3f}",
                f"{batch_s / read_s:.2f}",
                f"{in_read:.3f}",
                f"{in_batch:.3f}",
                f"{in_batch / in_read:.2f}",
                f"{read_rss / 2**20:.0f}",
                f"{batch_rss / 2**20:.0f}",
            ]
        )
    table(
        f"(c) `bridgescore batch IN.parquet -o OUT.parquet` vs reading IN with pyarrow "
        f"(seconds, median of {repeats}; peak RSS in MiB, highest of {repeats})",
        [
            "file (5 code columns)",
            "read: command",
            "batch: command",
            "ratio",
            "read_table in-process",
            "batch in-process",
            "ratio",
            "RSS read",
            "RSS batch",
        ],
        rows,
    )
    print(
        "  read: command = python -c 'pq.read_table(IN)'; batch: command = bridgescore batch "
        "(both include interpreter start-up and imports)"
    )
    stage_rows = [
        [f"{n:,} rows", *(f"{t:.3f}" for t in stages(parquet_file(n), repeats))] for n in sizes
    ]
    table(
        "(c) Where the in-process time goes (seconds, median of "
        f"{repeats}): the stages one after the other, each alone",
        ["file", "read in chunks", "score the chunks", "write the scores", "sum", "batch"],
        stage_rows,
    )
    return out


def stages(path: Path, repeats: int) -> list[float]:
    """The command's three stages, each timed alone, their sum, and the whole command."""
    from bridgescore.batch import _frames, _io

    def read() -> list[Any]:
        parquet = pq.ParquetFile(path, pre_buffer=True)
        return list(parquet.iter_batches(batch_size=1 << 20))

    batches = read()
    tables = []
    for b in batches:
        scores = _frames.read_deals(b).score()
        arrays = [_frames.arrow_int16(v) for v in scores.values()]
        tables.append(pa.table(arrays, names=list(scores)))
    target = DATA / "stage.parquet"

    def write() -> None:
        writer = _io._Writer(target, "parquet", tables[0].schema, [])
        for t in tables:
            writer.write(t)
        writer.close()

    times = [
        median_seconds(read, repeats),
        median_seconds(lambda: [_frames.read_deals(b).score() for b in batches], repeats),
        median_seconds(write, repeats),
    ]
    argv = ["batch", str(path), "-o", str(DATA / "stage-out.parquet")]
    whole = median_seconds(lambda: cli.main(argv, standalone_mode=False), repeats)
    return [*times, sum(times), whole]


# --- the aims ------------------------------------------------------------------------------------


def aims(a: dict[str, float], b: dict[str, float], c: dict[str, float], sizes: list[int]) -> None:
    checks: list[tuple[str, str, bool]] = []
    peer = a.get("peer")
    rate = b.get("score_many, 5 uint8 columns", 0.0)
    if peer and "breakdown" in a:
        speed = peer / a["breakdown"]
        checks.append(
            (
                "score() with all its parts no slower than the fastest Python peer",
                f"{speed:.2f}x the peer's deals/s",
                speed >= 1,
            )
        )
    if peer and "totals" in a:
        speed = peer / a["totals"]
        checks.append(("a totals path >= 3x the fastest Python peer", f"{speed:.2f}x", speed >= 3))
    if peer and rate:
        checks.append(
            (
                "score_many >= 100x the fastest Python peer",
                f"{rate * peer:,.0f}x",
                rate * peer >= 100,
            )
        )
    for key, how in (("node in cache", "5,000 deals in cache"), ("node", "same 100,000 deals")):
        if key in a and rate:
            x = rate * a[key]
            checks.append(
                (f"score_many >= 10x bridge-scorer on node, {how}", f"{x:,.1f}x", x >= 10)
            )
    if "node in cache" in a and "score_packed, 1 uint16 code per deal" in b:
        x = b["score_packed, 1 uint16 code per deal"] * a["node in cache"]
        checks.append(("  the same for score_packed (in cache)", f"{x:,.1f}x", x >= 10))
    if rate:
        five = b["score_many, 5 uint8 columns / copy"]
        packed = b["score_packed, 1 uint16 code per deal"]
        checks.append(
            (
                "score_many >= 1/4 of the copy yardstick, five columns",
                f"{five:.2f} of it",
                five >= 0.25,
            )
        )
        checks.append(
            (
                "the packed path faster still",
                f"{packed / 1e6:,.0f} vs {rate / 1e6:,.0f} M deals/s",
                packed > rate,
            )
        )
    for n in sizes:
        if f"ratio {n}" in c:
            ratio, inner = c[f"ratio {n}"], c[f"in-process ratio {n}"]
            checks.append(
                (f"batch <= 1.25x reading, {n:,} rows, as commands", f"{ratio:.2f}x", ratio <= 1.25)
            )
            checks.append(
                (
                    f"batch <= 1.25x reading, {n:,} rows, in one process",
                    f"{inner:.2f}x",
                    inner <= 1.25,
                )
            )
    if all(f"rss {n}" in c for n in sizes):
        small, big = c[f"rss {sizes[0]}"], c[f"rss {sizes[-1]}"]
        checks.append(
            (
                f"batch peak memory within 2x, {sizes[0]:,} to {sizes[-1]:,} rows",
                f"{big / small:.2f}x",
                big <= 2 * small,
            )
        )
    table(
        "Aims", ["aim", "measured", "met"], [[k, v, "yes" if ok else "NO"] for k, v, ok in checks]
    )


def environment() -> None:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"bridgescore {bs.__version__}; Python {platform.python_version()}; "
        f"numpy {np.__version__}; pyarrow {pa.__version__}; {cpu}, {os.cpu_count()} cores; "
        f"load average {load:.2f} when starting"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a check, not figures")
    parser.add_argument("--parts", default="abcdefghlmpu", help="which parts to run, e.g. 'ab'")
    args = parser.parse_args()
    quick = args.quick or os.environ.get("BENCH_QUICK") == "1"
    deals_a, rows_b = (5_000, 1_000_000) if quick else (100_000, 10_000_000)
    sizes = [100_000, 1_000_000] if quick else [1_000_000, 10_000_000]
    repeats = 3 if quick else 7
    environment()
    a = part_a(deals_a, repeats) if "a" in args.parts else {}
    b = part_b(rows_b, repeats, a) if "b" in args.parts else {}
    c = part_c(sizes, 3 if quick else 5) if "c" in args.parts else {}
    if "d" in args.parts:
        field.run(quick)
    if "e" in args.parts:
        dd_part.run(quick)
    if "f" in args.parts:
        hostile.run(quick)
    if "g" in args.parts:
        dealgen.run(quick)
    if "h" in args.parts:
        swiss.run(quick)
    if "l" in args.parts:
        lin_bench.run(quick)
    if "m" in args.parts:
        movements.run(quick)
    if "p" in args.parts:
        pbn_bench.run(quick)
    if "u" in args.parts:
        usebio_bench.run(quick)
    if a or b or c:
        aims(a, b, c, sizes)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} at the end (2 cores: other work on the machine slows all rows)")


if __name__ == "__main__":
    main()
