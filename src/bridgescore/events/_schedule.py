"""Fixed schedules: a round robin by the circle method, and a knockout's seeded bracket."""

from __future__ import annotations

from bridgescore.errors import EventError
from bridgescore.events._score import match_scores
from bridgescore.events._values import EventBase, Match, Round

__all__ = [
    "bracket",
    "knockout_round",
    "knockout_rounds",
    "round_robin",
    "round_robin_round",
    "round_robin_rounds",
]


def round_robin_rounds(n: int) -> int:
    """Rounds of a complete round robin of ``n`` entrants: n-1, or n when one sits out.

    >>> round_robin_rounds(8), round_robin_rounds(7)
    (7, 7)
    """
    return n - 1 + n % 2


def round_robin(n: int) -> list[list[tuple[int, int | None]]]:
    """A complete round robin of entrants 0 .. n-1 by the circle method: each round's
    (home, away) pairs, away None for a bye (odd n). Each pair meets once; each entrant is at
    home in half its matches, to within one.

    >>> round_robin(4)
    [[(0, 3), (1, 2)], [(3, 1), (2, 0)], [(2, 3), (0, 1)]]
    """
    m = n + n % 2
    rounds: list[list[tuple[int, int | None]]] = []
    for r in range(m - 1):
        pairs = [(r, m - 1) if r % 2 == 0 else (m - 1, r)]
        for k in range(1, m // 2):
            x, y = (r + k) % (m - 1), (r - k) % (m - 1)
            pairs.append((x, y) if k % 2 else (y, x))
        played: list[tuple[int, int | None]] = []
        for home, away in pairs:
            if home == n:
                played.append((away, None))
            elif away == n:
                played.append((home, None))
            else:
                played.append((home, away))
        rounds.append(sorted(played, key=lambda p: p[1] is None))
    return rounds


def round_robin_round(event: EventBase, number: int) -> Round:
    """Round ``number`` of the event's round robin (entrants in seeding order)."""
    names = event.names
    boards = event.boards_of_round(number)
    matches: list[Match] = []
    byes = []
    for home, away in round_robin(len(names))[number - 1]:
        if away is None:
            byes.append(names[home])
        else:
            matches.append(Match(len(matches) + 1, names[home], names[away], boards))
    return Round(number, tuple(matches), tuple(byes))


def knockout_rounds(n: int) -> int:
    """Rounds of a knockout of ``n`` entrants: log2 of the bracket, a power of two.

    >>> knockout_rounds(8), knockout_rounds(9)
    (3, 4)
    """
    return max(1, (n - 1).bit_length())


def bracket(size: int) -> list[int]:
    """The seeds (1 = the top) in bracket order for a bracket of ``size`` (a power of two):
    neighbours meet in the first round, and seeds 1 and 2 only in the final.

    >>> bracket(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_round(event: EventBase, number: int) -> Round:
    """Round ``number`` of the event's knockout: the first from the bracket of seeds (the top
    seeds have the byes when the field is not a power of two), the next from the winners.

    :raises EventError: for a match of the round before without a winner yet (unfinished or
        tied, carry-over included).
    """
    boards = event.boards_of_round(number)
    names = event.names
    if number == 1:
        size = 1 << knockout_rounds(len(names))
        order = bracket(size)
        matches: list[Match] = []
        byes: list[str] = []
        for a, b in zip(order[::2], order[1::2], strict=True):
            if b > len(names):
                byes.append(names[a - 1])
            else:
                matches.append(Match(len(matches) + 1, names[a - 1], names[b - 1], boards))
        return Round(1, tuple(matches), tuple(byes))
    through = advancing(event, number - 1)
    pairs = zip(through[::2], through[1::2], strict=True)
    return Round(number, tuple(Match(i + 1, a, b, boards) for i, (a, b) in enumerate(pairs)), ())


def advancing(event: EventBase, number: int) -> list[str]:
    """Who goes through from knockout round ``number``, in bracket order.

    :raises EventError: (field ``match``) for a match not finished or tied.
    """
    rnd = event.round(number)
    scores = {(s.round, s.match): s for s in match_scores(event, number)}
    winners: dict[int, str] = {}
    for m in rnd.matches:
        s = scores[(number, m.number)]
        if s.boards < len(m.boards):
            raise EventError.coded("match_boards_scored", field="match", value=m.number,
                                   round=number, match=m.number, home=m.home, away=m.away,
                                   scored=s.boards, boards=len(m.boards))  # fmt: skip
        if s.margin == 0:
            raise EventError.coded("match_tied", field="match", value=m.number, round=number,
                                   match=m.number, home=m.home, away=m.away)  # fmt: skip
        winners[m.number] = m.home if s.margin > 0 else m.away
    if number > 1:
        return [winners[m.number] for m in rnd.matches]
    order = bracket(1 << knockout_rounds(len(event.names)))
    matches = iter(rnd.matches)
    byes = iter(rnd.byes)
    return [next(byes) if b > len(event.names) else winners[next(matches).number]
            for b in order[1::2]]  # fmt: skip
