"""The Swiss draw's rules, in pure Python: who has the bye, what a draw costs, who is at home.

The matching itself (:func:`bridgescore.events.draw.best_pairing`) needs networkx; it is
imported only when a round is drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from bridgescore.events._score import standings
from bridgescore.events._values import EventBase, Match, Round

__all__ = ["draw_key", "swiss_round"]


def draw_key(
    pairs: Collection[tuple[int, int]], vps: Sequence[int], met: Collection[tuple[int, int]]
) -> tuple[int, int, tuple[int, ...]]:
    """What a draw costs, in the order the draw minimises it: the repeat meetings; the sum of
    the squared VP differences (hundredths); the opponents of the teams in standings order.

    ``vps`` are in standings order; a pair is (i, j) with i < j, positions in that order.

    >>> draw_key([(0, 1), (2, 3)], [3000, 2500, 2500, 1000], {(0, 1)})
    (1, 2500000, (1, 0, 3, 2))
    """
    opponent = [0] * len(vps)
    repeats = mismatch = 0
    for i, j in pairs:
        opponent[i], opponent[j] = j, i
        repeats += (min(i, j), max(i, j)) in met
        mismatch += (vps[i] - vps[j]) ** 2
    return repeats, mismatch, tuple(opponent)


def swiss_round(event: EventBase, number: int) -> Round:
    """Round ``number`` of a Swiss, drawn from the standings after the round before (or the
    one before that, ``arrears``): the bye to the lowest-ranked entrant with the fewest byes
    (none, while any has had none), then the best pairing of the others
    (:func:`~bridgescore.events.draw.best_pairing`). In each match the entrant with fewer
    home matches so far is at home (the higher-ranked when equal); matches are numbered from
    the top of the standings.
    """
    from bridgescore.events.draw import best_pairing

    through = max(0, number - 1 - (1 if event.arrears else 0))
    order = [s.entrant for s in standings(event, through)]
    vp = {s.entrant: s.vp for s in standings(event, through)}
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    home: Counter[str] = Counter()
    for rnd in event.rounds:
        byes.update(rnd.byes)
        for m in rnd.matches:
            met[frozenset((m.home, m.away))] += 1
            home[m.home] += 1
    bye: tuple[str, ...] = ()
    if len(order) % 2:
        fewest = min(byes[n] for n in order)
        chosen = next(n for n in reversed(order) if byes[n] == fewest)
        bye = (chosen,)
        order.remove(chosen)
    place = {name: i for i, name in enumerate(order)}
    repeats = {
        (min(place[a], place[b]), max(place[a], place[b]))
        for pair in met
        for a, b in [tuple(pair)]
        if a in place and b in place
    }
    pairs = best_pairing([vp[n] for n in order], repeats)
    boards = event.boards_of_round(number)
    matches: list[Match] = []
    for i, j in sorted(pairs):
        a, b = order[i], order[j]
        if home[b] < home[a]:
            a, b = b, a
        matches.append(Match(len(matches) + 1, a, b, boards))
    return Round(number, tuple(matches), bye)
