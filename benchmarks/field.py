"""`make bench`, part (d): a whole field scored at once, against the pure functions board by board.

1,000,000 results over 10,000 boards (100 a board), the rows in random order, with realistic
NS scores (each board has a contract most tables reach, played by one side, with tricks around
it; some tables bid something else, double, or pass out; scored by ``batch.score_many``).
``batch.matchpoints_many``, ``butler_many`` and ``cross_imps_many`` are timed on the whole field
(median of several runs) and printed as time and results/s, against ``duplicate.matchpoints``,
``butler`` and ``cross_imps`` called board by board on the same boards. Where the pure run of
the whole field would be long, a subset of boards is timed and scaled to the field; the table
says so. Every vectorised answer is checked equal (``==``, not approximately) to the pure one
before anything is timed. Then a whole ``Section`` (Mitchell): ``session.score_section``
against ``batch.score_section_fast``, their results compared first.

Run alone: ``python benchmarks/field.py [--quick]``; ``make bench`` runs it as part (d).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds, table

from bridgescore import Contract, Doubling, Result, Seat, Strain
from bridgescore import batch as bb
from bridgescore.duplicate import butler, cross_imps, matchpoints
from bridgescore.duplicate.session import BoardResult, Method, Section, Session, score_section


def random_field(results: int, boards: int, seed: int = 2026) -> tuple[np.ndarray, np.ndarray]:
    """Board numbers and NS scores, ``results // boards`` a board, the rows shuffled."""
    rng = np.random.default_rng(seed)
    per_board = results // boards
    board = np.repeat(np.arange(1, boards + 1, dtype=np.int32), per_board)
    n = len(board)
    usual = rng.choice(7, size=boards, p=[0.15, 0.2, 0.25, 0.3, 0.05, 0.04, 0.01]) + 1
    level = usual[board - 1]
    other = rng.random(n) < 0.25  # a quarter of the tables bid something else
    level = np.where(other, np.clip(level + rng.integers(-1, 2, n), 1, 7), level)
    strain = np.where(other, rng.integers(0, 5, n), rng.integers(0, 5, boards)[board - 1])
    doubling = rng.choice(3, size=n, p=[0.9, 0.08, 0.02])
    vulnerable = rng.integers(0, 2, boards)[board - 1]
    tricks = np.clip(level + 6 + rng.choice(5, size=n, p=[0.05, 0.2, 0.45, 0.25, 0.05]) - 2, 0, 13)
    level = np.where(rng.random(n) < 0.01, 0, level)  # passed out
    ns_declares = np.where(rng.random(n) < 0.85, 1, -1) * rng.choice([1, -1], boards)[board - 1]
    scores = bb.score_many(level, strain, doubling, vulnerable, tricks, dtype=np.int64)
    shuffled = rng.permutation(n)
    return board[shuffled], (scores * ns_declares)[shuffled]


def rows_by_board(board: np.ndarray) -> dict[int, list[int]]:
    rows: dict[int, list[int]] = defaultdict(list)
    for i, b in enumerate(board.tolist()):
        rows[b].append(i)
    return rows


def check_equal(
    name: str, got: Sequence[Any], rows: dict[int, list[int]], pure: dict[int, list[Any]]
) -> None:
    """Every board's vectorised values equal the pure function's, exactly."""
    values = list(got)
    for b, own in pure.items():
        mine = [values[i] for i in rows[b]]
        if mine != own:
            raise SystemExit(f"{name}: board {b} differs: {mine[:5]}... against {own[:5]}...")


def pure_seconds(fn: Callable[[list[int]], object], boards: list[list[int]], repeats: int) -> float:
    """The median time of scoring these boards one by one with a pure function."""
    return median_seconds(lambda: [fn(scores) for scores in boards], repeats, warmup=0)


def part_d(results: int, boards: int, repeats: int, pure_boards: dict[str, int]) -> None:
    board, scores = random_field(results, boards)
    n = len(board)
    rows = rows_by_board(board)
    score_list = scores.tolist()
    boards_scores = {b: [score_list[i] for i in r] for b, r in rows.items()}
    order = sorted(boards_scores)
    # (call, the vectorised call, what of its answer to compare, the pure call, the pure function)
    cases: list[tuple[str, Callable[[], Any], Callable[[Any], Any], str, Callable[[Any], Any]]] = [
        (
            "matchpoints_many (NS and EW)",
            lambda: bb.matchpoints_many(board, scores),
            lambda got: got[0],
            "matchpoints (NS only)",
            matchpoints,
        ),
        (
            "butler_many (drop 1)",
            lambda: bb.butler_many(board, scores),
            lambda got: got[1],
            "butler (drop 1)",
            lambda s: butler(s).imps,
        ),
        (
            "butler_many (drop '5%')",
            lambda: bb.butler_many(board, scores, drop="5%"),
            lambda got: got[1],
            "butler (drop '5%')",
            lambda s: butler(s, drop="5%").imps,
        ),
        (
            "cross_imps_many (n-1)",
            lambda: bb.cross_imps_many(board, scores),
            lambda got: got,
            "cross_imps (n-1)",
            cross_imps,
        ),
    ]
    printed: list[list[object]] = []
    notes: list[str] = []
    for name, vectorised, pick, pure_name, pure in cases:
        subset = order[: pure_boards.get(name.split()[0], boards)]
        pure_answers = {b: pure(boards_scores[b]) for b in subset}
        check_equal(name, pick(vectorised()).tolist(), rows, pure_answers)
        seconds = median_seconds(vectorised, repeats)
        slow = pure_seconds(pure, [boards_scores[b] for b in subset], max(1, repeats // 2))
        per_result = slow / sum(len(boards_scores[b]) for b in subset)
        whole = per_result * n
        scaled = "" if len(subset) == len(order) else f" (x{len(order) / len(subset):,.0f})"
        printed.append(
            [
                f"batch.{name}",
                f"duplicate.{pure_name}",
                f"{seconds * 1e3:,.1f}",
                f"{n / seconds / 1e6:,.2f}",
                f"{whole:,.2f}{scaled}",
                f"{1 / per_result / 1e6:,.3f}",
                f"{whole / seconds:,.0f}x",
                f"equal on {len(subset):,} boards",
            ]
        )
        if scaled:
            notes.append(
                f"{pure_name}: timed on the first {len(subset):,} boards "
                f"({sum(len(boards_scores[b]) for b in subset):,} results) and scaled to the field"
            )
    table(
        f"(d) A field scored at once: {n:,} results over {boards:,} boards ({n // boards} a board, "
        f"rows in random order), vectorised median of {repeats} runs",
        [
            "vectorised call",
            "pure Python, board by board",
            "ms",
            "M results/s",
            "pure s",
            "pure M results/s",
            "speed-up",
            "cross-check before timing",
        ],
        printed,
    )
    print("  matchpoints_many returns NS and EW; the pure time is matchpoints() alone (NS)")
    for note in notes:
        print(f"  note: {note}")
    part_d_sections(repeats)


CONTRACTS = [Contract(level, strain) for level in (1, 2, 3, 4, 6) for strain in Strain]


def random_section(tables: int, boards: int, seed: int = 7) -> Section:
    """A Mitchell section: every table plays every board, the EW pairs moving up one a board."""
    rng = random.Random(seed)
    results = []
    for number in range(1, boards + 1):
        usual = rng.choice(CONTRACTS)
        declarer = rng.choice(list(Seat))
        for table_ in range(1, tables + 1):
            contract = usual if rng.random() < 0.7 else rng.choice(CONTRACTS)
            if rng.random() < 0.05:
                contract = Contract(contract.level, contract.strain, Doubling.DOUBLED)
            tricks = min(13, max(0, contract.level + 6 + rng.choice((-2, -1, 0, 0, 0, 1, 1, 2))))
            seat = declarer if rng.random() < 0.85 else declarer.lho
            ew = (table_ + number - 2) % tables + 1
            results.append(BoardResult(number, table_, ew, Result(contract, seat, tricks)))
    return Section("A", "mitchell", results=results)


def part_d_sections(repeats: int) -> None:
    printed: list[list[object]] = []
    for tables, boards in ((13, 26), (50, 100)):
        section = random_section(tables, boards)
        methods: list[Method] = ["mp", "butler", "cross-imps"]
        for method in methods:
            session = Session((section,), method)
            pure = score_section(section, session)
            fast = bb.score_section_fast(section, session)
            same = (fast.travellers, fast.pairs, fast.rankings) == (
                pure.travellers,
                pure.pairs,
                pure.rankings,
            )
            if not same:
                raise SystemExit(f"score_section_fast differs: {tables} tables, {method}")
            slow = median_seconds(lambda c=section, s=session: score_section(c, s), repeats)
            quick = median_seconds(
                lambda c=section, s=session: bb.score_section_fast(c, s), repeats
            )
            printed.append(
                [
                    f"{tables} tables x {boards} boards ({len(section.results):,} results)",
                    method,
                    f"{slow * 1e3:,.1f}",
                    f"{quick * 1e3:,.1f}",
                    f"{slow / quick:.1f}x",
                    "same SectionScores",
                ]
            )
    table(
        f"(d) A whole Mitchell section: session.score_section against batch.score_section_fast "
        f"(ms, median of {repeats})",
        ["section", "method", "pure ms", "fast ms", "speed-up", "cross-check"],
        printed,
    )
    print(
        "  both include what they share: each result's score (the core's score(), cached) and "
        "the travellers, totals and rankings built in Python"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100,000 results: a check")
    args = parser.parse_args()
    quick = args.quick or os.environ.get("BENCH_QUICK") == "1"
    start = time.perf_counter()
    run(quick)
    print(f"part (d) took {time.perf_counter() - start:.0f} s")


def run(quick: bool) -> None:
    """Part (d) at the size ``make bench`` (or ``make bench-quick``) runs it."""
    if quick:
        part_d(100_000, 1_000, 3, {"matchpoints_many": 200, "cross_imps_many": 50})
    else:
        part_d(1_000_000, 10_000, 7, {"cross_imps_many": 200})


if __name__ == "__main__":
    main()
