"""Part (h) of `make bench`: building each Howell, served from the searched data.

``howell(pairs, b, rounds=r)`` reads its design from ``bridgescore.duplicate.movement._howells`` and
builds the movement (plays, shares, relays, the rules checked). This part times that build
without its cache for every size the data holds (complete Howells of 2 to 10 tables, 3/4
Howells, pairs meeting twice), and, as the yardstick it avoids, the search run again at request
time: ``search.complete`` for a complete Howell, one of the 12 tries of
``search.three_quarter`` for a 3/4 Howell (not with ``--quick``).
"""

from __future__ import annotations

from timing import median_seconds, table

from bridgescore.duplicate.movement import cyclic, search
from bridgescore.duplicate.movement._howells import DESIGNS


def run(quick: bool) -> dict[str, float]:
    repeats = 3 if quick else 7
    rows = []
    worst = 0.0
    build = cyclic._build.__wrapped__  # the build itself, not its cache
    for tables, rounds in sorted(DESIGNS):
        pairs = 2 * tables

        def built(p: int = pairs, r: int = rounds) -> object:
            return build(p, 3, r)

        def searched_again(t: int = tables, r: int = rounds) -> object:
            if r == 2 * t - 1:
                return search.complete(t)
            return search.three_quarter(t, r, tries=1)  # one of the search's 12 tries

        seconds = median_seconds(built, repeats)
        worst = max(worst, seconds)
        kind = (
            "complete"
            if rounds == 2 * tables - 1
            else "meet twice"
            if rounds > 2 * tables - 1
            else "3/4"
        )
        searched = ""
        ratio = ""
        if kind == "complete" or (kind == "3/4" and not quick):
            found = median_seconds(searched_again, 1 if quick or kind == "3/4" else 3, warmup=0)
            searched = f"{found * 1e3:.1f}"
            ratio = f"{found / seconds:.1f}x"
        rows.append(
            (f"{tables} tables, {rounds} rounds", kind, f"{seconds * 1e3:.2f}", searched, ratio)
        )
    table(
        "(h) Howells built from the data (3 boards a round, no cache), against searching again",
        ("size", "kind", "build ms", "search ms", "search / build"),
        rows,
    )
    print(f"slowest build {worst * 1e3:.2f} ms (aim: well under a second)")
    return {"slowest_build_seconds": worst}


if __name__ == "__main__":
    run(quick=True)
