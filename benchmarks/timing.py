"""What every part of `make bench` shares: the median of timed runs, and a printed table."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence


def median_seconds(fn: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """The median time of ``repeats`` calls, after ``warmup`` calls; no garbage collection."""
    for _ in range(warmup):
        fn()
    times = []
    collecting = gc.isenabled()
    gc.disable()  # as timeit does: a collection would land on whichever call is running
    try:
        for _ in range(repeats):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
    finally:
        if collecting:
            gc.enable()
    return statistics.median(times)


def table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(c) for c in headers], *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    line = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    print(f"\n{title}")
    print(line)
    for k, row in enumerate(cells):
        left = (0, 1)
        print(
            "| "
            + " | ".join(
                c.ljust(w) if i in left else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
            + " |"
        )
        if k == 0:
            print(line)
    print(line)


def median_cpu_seconds(fn: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """As :func:`median_seconds`, in this process's CPU time: on a busy machine a long run
    is paused more often than a short one, which wall time would count against it."""
    for _ in range(warmup):
        fn()
    times = []
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.process_time()
            fn()
            times.append(time.process_time() - start)
    finally:
        if collecting:
            gc.enable()
    return statistics.median(times)
