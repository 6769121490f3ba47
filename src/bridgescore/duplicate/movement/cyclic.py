"""Howell movements, served from the designs the offline search found (:mod:`.search`).

A design (:data:`~._howells.DESIGNS`) gives each table its NS position, EW position and board
set offset. The pair at position ``p`` in round ``r`` (from 0) is pair ``(p + r) mod m + 1``
(``m = 2T - 1``), and pair ``2T`` stays NS at table 1; table ``t`` plays set ``s_t + r mod m``.
So every table sends its NS pair, its EW pair and its boards to the same place each round.
An odd number of pairs plays the design of one more, the missing pair being the stationary one:
whoever would meet it sits out, and table 1 is not used (tables are numbered from the next).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cache

from bridgescore.duplicate.movement._howells import DESIGNS, PLAIN
from bridgescore.duplicate.movement._sentences import Sentence
from bridgescore.duplicate.movement._values import whole
from bridgescore.duplicate.movement.model import Movement, Relay, Share, TableRound
from bridgescore.errors import MovementError

__all__ = ["every_board_everywhere", "howell", "howell_rounds"]

_MAX_BOARDS_PER_ROUND = 36


def howell_rounds(pairs: int) -> tuple[int, ...]:
    """The rounds a Howell of ``pairs`` pairs can have: 1 to a complete one's, and twice that
    where the data has a Howell in which pairs meet twice.

    >>> howell_rounds(6), howell_rounds(10)[-1]
    ((1, 2, 3, 4, 5, 10), 9)
    """
    tables = (pairs + 1) // 2
    full = 2 * tables - 1
    return tuple(range(1, full + 1)) + ((2 * full,) if (tables, 2 * full) in DESIGNS else ())


def every_board_everywhere(pairs: int, rounds: int) -> bool:
    """Whether a Howell of so many rounds plays every board at every table (a complete Howell,
    one in which pairs meet twice, or a 3/4 Howell the search found), rather than being the
    first rounds of the complete one.

    >>> every_board_everywhere(16, 11), every_board_everywhere(16, 3)
    (True, False)
    """
    return ((pairs + 1) // 2, rounds) in DESIGNS


def howell(
    pairs: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    arrow_switches: bool = True,
) -> Movement:
    """A Howell: every pair meets every other (an odd number with a sit-out each round).

    One pair stays NS at table 1; every table sends its NS pair, its EW pair and its boards to
    the same place each round; each other pair sits NS in about half its rounds. Manning's
    balance is the best a 1-rotational Howell has: perfect at 2, 4, 6, 8 and 10 tables.
    ``rounds`` plays the first rounds only, a 3/4 Howell where the search found one (every
    board at every table), or twice the complete Howell's where pairs meet twice (2 to 4
    tables). Some of those are most balanced with arrow switches at single tables (on the
    cards); ``arrow_switches=False`` gives one without any, less balanced.

    >>> m = howell(10, 3)
    >>> m.rounds, m.tables, m.boards, len(m.plays), m.shares
    (9, 5, 27, 45, ())
    >>> howell(6, 3, rounds=10).meetings
    2

    :raises MovementError: fewer than 4 or more than 20 pairs, 0 boards, a number of rounds
        the data has no Howell for.
    """
    n = whole(pairs, "pairs", 4, 20, "howell_pairs")
    most = _MAX_BOARDS_PER_ROUND
    bpr = whole(boards_per_round, "boards_per_round", 1, most, "boards_per_round", most=most)
    choices = howell_rounds(n)
    full = 2 * ((n + 1) // 2) - 1
    count = full if rounds is None else rounds
    if isinstance(count, bool) or not isinstance(count, int) or count not in choices:
        code = "howell_rounds_twice" if choices[-1] > full else "howell_rounds"
        raise MovementError.coded(code, field="rounds", value=rounds, pairs=n, full=full,
                                  twice=choices[-1], got=rounds)  # fmt: skip
    if not isinstance(arrow_switches, bool):
        raise MovementError.coded("arrow_switches_flag", field="arrow_switches",
                                  value=arrow_switches, got=repr(arrow_switches))  # fmt: skip
    return _build(n, bpr, count, arrow_switches)


@cache
def _build(n: int, bpr: int, rounds: int, switches: bool = True) -> Movement:
    tables = (n + 1) // 2
    full = 2 * tables - 1
    design = DESIGNS.get((tables, rounds)) or DESIGNS[tables, max(rounds, full)]
    if not switches:
        design = PLAIN.get((tables, rounds), design)
    phantom = n % 2 == 1  # table 1's stationary pair is missing: its opponent sits out
    moving = 2 * tables - sum(1 for a, b, _, _ in design if min(a, b) < 0)
    labels = iter(range(moving + 1, n + 1))  # the stationary pairs, in table order
    stays = [
        0 if min(a, b) >= 0 or (phantom and t == 0) else next(labels)
        for t, (a, b, _, _) in enumerate(design)
    ]
    number: dict[int, int] = {}  # sets renumbered in the order they are first played
    rows: list[tuple[int, int, int, int, int]] = []  # round, table, ns, ew, set
    turned: list[tuple[int, int]] = []
    for r in range(rounds):
        for t, ((a, b, s, mask), stay) in enumerate(zip(design, stays, strict=True)):
            if phantom and t == 0:
                continue
            ns = stay if a < 0 else (a + r) % moving + 1
            ew = stay if b < 0 else (b + r) % moving + 1
            if mask >> r & 1:
                ns, ew = ew, ns
                turned.append((r + 1, t + 1 - phantom))
            board_set = (s + r) % moving + moving * (r // moving)
            number.setdefault(board_set, len(number) + 1)
            rows.append((r + 1, t + 1 - phantom, ns, ew, board_set))

    def boards(board_set: int) -> tuple[int, ...]:
        first = (number[board_set] - 1) * bpr + 1
        return tuple(range(first, first + bpr))

    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r, t, _, _, board_set in rows:
        at[r, board_set].append(t)
    shares = tuple(
        Share(r, tuple(ts), boards(board_set))
        for (r, board_set), ts in sorted(at.items())
        if len(ts) > 1
    )
    return Movement(
        kind="howell",
        pairs=tuple(str(i) for i in range(1, n + 1)),
        boards_per_round=bpr,
        plays=tuple(TableRound(r, t, str(ns), str(ew), boards(s)) for r, t, ns, ew, s in rows),
        shares=shares,
        relays=_relays(design, moving, rounds, phantom, boards, number),
        tables=tables - phantom,
        meetings=2 if rounds > moving else 1,
        turned=tuple(turned),
    )


def _relays(
    design: tuple[tuple[int, int, int, int], ...],
    moving: int,
    rounds: int,
    phantom: bool,
    boards: Callable[[int], tuple[int, ...]],
    number: dict[int, int],
) -> tuple[Relay, ...]:
    """The sets played this pass but not this round, and the table they go to next.

    A set is at slot ``set - r`` (mod the moving pairs) in round ``r`` and moves down one slot
    a round; a slot no table plays is a relay stand before the first table down the line.
    """
    table_at: dict[int, int] = {}
    for t, (_, _, s, _) in enumerate(design):
        if t or not phantom:
            table_at.setdefault(s, t + 1 - phantom)
    relays: list[Relay] = []
    for r in range(rounds):
        base = moving * (r // moving)
        for q in range(moving):
            board_set = base + (q + r) % moving
            if q in table_at or board_set not in number:
                continue
            ahead = next(
                table_at[(q - k) % moving]
                for k in range(1, moving + 1)
                if (q - k) % moving in table_at
            )
            before = Sentence("relay_before", {"table": ahead})
            relays.append(Relay(r + 1, boards(board_set), str(before)))
    return tuple(relays)
