"""(g) The Swiss draw (``bridgescore.events.draw.best_pairing``): seconds to draw a round of
50, 200 and 1,000 teams, round by round of a simulated Swiss (random 8-board results on the
WBF scale, the same seed every run), against the classic greedy draw of the club programs (the
top team against the first it has not met) and, for 50 and 200 teams, one exact matching of
networkx on the complete graph (the yardstick the pruning avoids). Each of our draws is
checked to be no worse than the greedy one under the draw's measure."""

from __future__ import annotations

import random
import statistics
import time

from timing import table

from bridgescore.events import VpScale, draw_key
from bridgescore.events.draw import _exact, best_pairing


def greedy(vps: list[int], met: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
    free = list(range(len(vps)))
    pairs = []
    while free:
        i = free.pop(0)
        j = next((j for j in free if (i, j) not in met), None)
        if j is None:
            return None
        free.remove(j)
        pairs.append((i, j))
    return pairs


def simulate(n: int, rounds: int, dense: bool) -> list[object]:
    rng = random.Random(n)
    vp = [0] * n
    met: set[frozenset[int]] = set()
    ours, theirs, excess, dense_time = [], [], [], None
    for r in range(rounds):
        order = sorted(range(n), key=lambda t: (-vp[t], t))
        place = {t: i for i, t in enumerate(order)}
        seen = {(min(place[a], place[b]), max(place[a], place[b])) for a, b in map(tuple, met)}
        vps = [vp[t] for t in order]
        start = time.perf_counter()
        pairs = best_pairing(vps, seen)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        classic = greedy(vps, seen)
        theirs.append(time.perf_counter() - start)
        mine = draw_key(pairs, vps, seen)
        if classic is not None:
            other = draw_key(classic, vps, seen)
            assert mine <= other, (n, r)
            excess.append(other[1] / mine[1] if mine[1] else 1.0)
        if dense and r == rounds - 1:
            every = [(i, j) for i in range(n) for j in range(i + 1, n)]
            start = time.perf_counter()
            assert draw_key(_exact(vps, seen, every), vps, seen) == mine
            dense_time = time.perf_counter() - start
        for i, j in pairs:
            a, b = order[i], order[j]
            met.add(frozenset((a, b)))
            home, away = VpScale.WBF_2013.imps(rng.randint(-45, 45), 8)
            vp[a] += home
            vp[b] += away
    return [
        f"{n:,}", rounds, f"{statistics.median(ours):.3f} s", f"{max(ours):.3f} s",
        f"{statistics.median(theirs) * 1e3:.2f} ms",
        f"{max(excess):.2f}x" if excess else "-",
        "-" if dense_time is None else f"{dense_time:.2f} s",
        "-" if dense_time is None else f"{dense_time / max(ours[-1], 1e-6):,.0f}x",
    ]  # fmt: skip


def run(quick: bool) -> None:
    rounds = 3 if quick else 7
    rows = [simulate(n, rounds, dense=n <= (50 if quick else 200)) for n in (50, 200, 1_000)]
    table(
        f"(g) The Swiss draw: seconds a round over {rounds} rounds (aim: 200 teams within 5 s)",
        ["teams", "rounds", "median", "worst", "greedy draw", "greedy's mismatch",
         "complete graph (last round)", "ratio"],
        rows,
    )  # fmt: skip
    print(
        "greedy's mismatch: its sum of squared VP differences over ours, worst round "
        "(ours is the optimum; the greedy draw may also repeat meetings)"
    )
