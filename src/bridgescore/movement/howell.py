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
from functools import cache

from bridgescore.errors import MovementError
from bridgescore.movement._howells import DESIGNS
from bridgescore.movement.model import Movement, Play, Relay, Share

__all__ = ["howell", "howell_rounds"]

_MAX_BOARDS_PER_ROUND = 36


def _whole(value: object, name: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MovementError(f"{what}, got {value!r}", field=name, value=value)
    return value


def howell_rounds(pairs: int) -> tuple[int, ...]:
    """The rounds a Howell of ``pairs`` pairs can have: 1 to a complete one's, and twice that
    where the data has a Howell in which pairs meet twice.

    >>> howell_rounds(6), howell_rounds(8)[-1]
    ((1, 2, 3, 4, 5, 10), 7)
    """
    tables = (pairs + 1) // 2
    full = 2 * tables - 1
    return tuple(range(1, full + 1)) + ((2 * full,) if (tables, 2 * full) in DESIGNS else ())


def howell(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """A Howell: every pair meets every other (an odd number with a sit-out each round).

    One pair stays NS at table 1; every table sends its NS pair, its EW pair and its boards to
    the same place each round; each other pair sits NS in about half its rounds. Manning's
    balance is the best a 1-rotational Howell has: perfect at 2, 4, 6, 8 and 10 tables.
    ``rounds`` plays the first rounds only, or twice the complete Howell's where pairs meet
    twice (2 and 3 tables).

    >>> m = howell(10, 3)
    >>> m.rounds, m.tables, m.boards, len(m.plays), m.shares
    (9, 5, 27, 45, ())
    >>> howell(6, 3, rounds=10).meetings
    2

    :raises MovementError: fewer than 4 or more than 20 pairs, 0 boards, a number of rounds
        the data has no Howell for.
    """
    n = _whole(pairs, "pairs", 4, 20, "a Howell needs 4 to 20 pairs (for more, use a Mitchell)")
    bpr = _whole(
        boards_per_round,
        "boards_per_round",
        1,
        _MAX_BOARDS_PER_ROUND,
        f"boards_per_round must be 1 to {_MAX_BOARDS_PER_ROUND}",
    )
    choices = howell_rounds(n)
    full = 2 * ((n + 1) // 2) - 1
    count = full if rounds is None else rounds
    if isinstance(count, bool) or not isinstance(count, int) or count not in choices:
        twice = f", or {choices[-1]} (pairs meet twice)" if choices[-1] > full else ""
        raise MovementError(
            f"a Howell of {n} pairs has 1 to {full} rounds{twice}, got {rounds!r}",
            field="rounds",
            value=rounds,
        )
    return _build(n, bpr, count)


@cache
def _build(n: int, bpr: int, rounds: int) -> Movement:
    tables = (n + 1) // 2
    m = 2 * tables - 1
    design = DESIGNS[tables, max(rounds, m)]
    phantom = n % 2 == 1  # the stationary pair is missing: its opponent sits out
    number: dict[int, int] = {}  # sets renumbered in the order they are first played
    rows: list[tuple[int, int, int, int, int]] = []  # round, table, ns, ew, set
    for r in range(rounds):
        for t, (a, b, s, turn) in enumerate(design):
            if phantom and t == 0:
                continue
            ns, ew = (m + 1 if a < 0 else (a + r) % m + 1), (b + r) % m + 1
            if turn and (r // m) % 2:
                ns, ew = ew, ns
            board_set = (s + r) % m + m * (r // m)
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
        plays=tuple(Play(r, t, str(ns), str(ew), boards(s)) for r, t, ns, ew, s in rows),
        shares=shares,
        relays=_relays(design, rounds, phantom, number, bpr),
        tables=tables - phantom,
        meetings=2 if rounds > m else 1,
    )


def _relays(
    design: tuple[tuple[int, int, int, int], ...],
    rounds: int,
    phantom: bool,
    number: dict[int, int],
    bpr: int,
) -> tuple[Relay, ...]:
    """The sets played this pass but not this round, and the table they go to next.

    A set is at slot ``set - r`` (mod m) in round ``r`` and moves down one slot a round; a slot
    no table plays is a relay stand before the first table down the line.
    """
    m = 2 * len(design) - 1
    table_at: dict[int, int] = {}
    for t, (_, _, s, _) in enumerate(design):
        if t or not phantom:
            table_at.setdefault(s, t + 1 - phantom)
    relays: list[Relay] = []
    for r in range(rounds):
        base = m * (r // m)
        for q in range(m):
            if q in table_at:
                continue
            board_set = base + (q + r) % m
            if board_set not in number:
                continue
            ahead = next(table_at[(q - k) % m] for k in range(1, m + 1) if (q - k) % m in table_at)
            first = (number[board_set] - 1) * bpr + 1
            relays.append(
                Relay(r + 1, tuple(range(first, first + bpr)), f"relay stand before table {ahead}")
            )
    return tuple(relays)
