"""`make bench`, part (g): dealing to order against Hans van Staveren's dealer (C).

For each condition, written in both languages:

1. Cross-check: dealer deals 2,000 deals and prints, for each, whether its condition holds;
   bridgescore's :class:`~bridgescore.boards.condition.Condition` must say the same on every one.
2. Throughput: deals dealt and tested a second. dealer ``generate``s N deals (its own clock,
   ``Time needed``, and the command's wall time); bridgescore deals N deals with
   ``batch.deal_batches`` and tests each block with ``DealBatch.where``. Both count the deals
   that meet the condition; the two shares must agree within 5 standard errors.
3. Dealing to order: the seconds to 1,000 deals that meet the condition, as files of deals:
   dealer (``produce 1000``, ``printoneline``) against ``batch.deal_where`` (``Deal`` objects).

dealer is the Debian package ``dealer`` (``apt-get install dealer``); without it the table
says so and only bridgescore's rows are timed. Every time is one core's.
Run alone: ``python benchmarks/dealgen.py [--quick]``.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import table

from bridgescore import Deal, Hand
from bridgescore.batch import deal_batches, deal_where
from bridgescore.boards.condition import Condition

CONDITIONS = [
    ("every deal", "hcp(N) >= 0", "hcp(north) >= 0"),
    ("1NT opening", "hcp(N) in 15..17 and balanced(N)",
     "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"),
    ("1NT, 5+ spades opposite", "hcp(N) in 15..17 and balanced(N) and spades(S) >= 5",
     "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
     " && spades(south) >= 5"),
    ("slam values", "hcp(NS) >= 30 and controls(NS) >= 9 and ltc(N) <= 6",
     "hcp(north) + hcp(south) >= 30 && control(north) + control(south) >= 9"
     " && loser(north) <= 6"),
    ("weak two in spades", "hcp(E) in 6..10 and spades(E) == 6 and hearts(E) < 4",
     "hcp(east) >= 6 && hcp(east) <= 10 && spades(east) == 6 && hearts(east) < 4"),
]  # fmt: skip


def dealer_program() -> str | None:
    return shutil.which("dealer") or next(
        (p for p in ("/usr/games/dealer", "/usr/local/games/dealer") if Path(p).exists()), None
    )


def run_dealer(program: str, script: str, seed: int) -> tuple[str, float, float]:
    """dealer's output, its wall time and its CPU time (user and system)."""
    with tempfile.NamedTemporaryFile("w", suffix=".dlr", delete=False) as f:
        f.write(script)
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            [program, "-s", str(seed), f.name], capture_output=True, text=True, check=True
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return done.stdout, wall, cpu
    finally:
        Path(f.name).unlink()


def cross_check(program: str, ours: str, theirs: str, n: int) -> str:
    """dealer's deals, its verdict on each, against ours on the same deal."""
    script = (
        f"generate {n}\nproduce {n}\ncondition hcp(north) >= 0\n"
        f"action printoneline ({theirs} ? 1 : 0)\n"
    )
    out, _, _ = run_dealer(program, script, 2026)
    condition = Condition.parse(ours)
    lines = [line for line in out.splitlines() if line.startswith("n ")]
    differ = 0
    for line in lines:
        words = line.split()
        hands = [Hand.parse(words[k]) for k in (1, 3, 5, 7)]
        verdict = words[8] == "1"
        differ += condition.holds(Deal((hands[0], hands[1], hands[2], hands[3]))) != verdict
    if len(lines) != n:
        return f"dealer printed {len(lines)} of {n} deals"
    return f"same on all {n:,}" if not differ else f"DIFFERS on {differ:,} of {n:,}"


def dealer_rate(program: str, theirs: str, n: int, repeats: int) -> tuple[float, float, int]:
    """dealer's best wall and CPU time, and the deals that met the condition."""
    script = f"generate {n}\nproduce {n}\ncondition {theirs}\naction average hcp(north)\n"
    runs = [run_dealer(program, script, 7) for _ in range(repeats)]
    produced = next(int(x.split()[1]) for x in runs[0][0].splitlines() if x.startswith("Produced"))
    return min(r[1] for r in runs), min(r[2] for r in runs), produced


def our_rate(ours: str, n: int, repeats: int) -> tuple[float, float, int]:
    """Our best wall and CPU time for n deals, and the deals that met the condition."""
    condition = Condition.parse(ours)
    wall = cpu = float("inf")
    met = dealt = 0
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        dealt = met = 0
        for batch in deal_batches(seed=7):
            met += int(batch.where(condition).sum())
            dealt += len(batch)
            if dealt >= n:
                break
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall * n / dealt, cpu * n / dealt, met * n // dealt


def to_order(program: str | None, ours: str, theirs: str, k: int) -> tuple[float | None, float]:
    start = time.perf_counter()
    deals = deal_where(ours, k, seed=11)
    mine = time.perf_counter() - start
    assert len(deals) == k
    if program is None:
        return None, mine
    script = f"generate 100000000\nproduce {k}\ncondition {theirs}\naction printoneline\n"
    _, wall, _ = run_dealer(program, script, 11)
    return wall, mine


def run(quick: bool) -> dict[str, float]:
    n = 200_000 if quick else 2_000_000
    k = 200 if quick else 1_000
    program = dealer_program()
    rows = []
    ratios: dict[str, float] = {}
    repeats = 1 if quick else 3
    for name, ours, theirs in CONDITIONS:
        mine, mine_cpu, met = our_rate(ours, n, repeats)
        check = "dealer not installed"
        their_cells = ["-"] * 5
        their_order, my_order = to_order(program, ours, theirs, k)
        if program is not None:
            check = cross_check(program, ours, theirs, 2_000)
            wall, cpu, produced = dealer_rate(program, theirs, n, repeats)
            p = (met + produced) / (2 * n)
            spread = 5 * (2 * p * (1 - p) / n) ** 0.5
            if abs(met - produced) / n > spread + 1 / n:
                check += f"; shares DIFFER: {met / n:.4%} vs {produced / n:.4%}"
            their_cells = [
                f"{n / wall / 1e6:.2f}",
                f"{wall / mine:.2f}",
                f"{n / cpu / 1e6:.2f}",
                f"{cpu / mine_cpu:.2f}",
                f"{produced / n:.3%}",
            ]
            ratios[name] = min(wall / mine, cpu / mine_cpu)
        order_cells = (
            ["-", "-"]
            if their_order is None
            else [f"{their_order:.3f}", f"{their_order / my_order:.2f}"]
        )
        speeds = [f"{n / mine / 1e6:.2f}", f"{n / mine_cpu / 1e6:.2f}"]
        rows.append([name, ours, *speeds, *their_cells, f"{met / n:.3%}", f"{my_order:.3f}",
                     *order_cells, check])  # fmt: skip
    table(
        f"(g) Dealing to order: {n:,} deals dealt and tested per condition, one core, best of "
        f"{repeats}; then {k:,} deals that meet it",
        ["condition", "bridgescore", "ours M/s", "ours M/s CPU", "dealer M/s", "x dealer",
         "dealer M/s CPU", "x dealer CPU", "dealer met", "ours met", f"ours: {k:,} (s)",
         f"dealer: {k:,} (s)", "x dealer", "cross-check"],
        rows,
    )  # fmt: skip
    print(
        "  M/s: million deals dealt and tested a second, in wall time and in CPU time (user "
        "and system; a busy machine pauses the longer runs more often)"
    )
    print(
        f"  {k:,} deals: batch.deal_where (Deal objects) vs dealer produce {k:,} with "
        "printoneline (wall time, start-up included)"
    )
    if program is None:
        print("  note: dealer is not installed (apt-get install dealer): its columns are empty")
    else:
        worst = min(ratios.values())
        print(f"  aim: faster than dealer on every condition: at least {worst:.2f}x, "
              f"{'met' if worst > 1 else 'NO'}")  # fmt: skip
    return ratios


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a check")
    run(parser.parse_args().quick)
