"""Mitchell and Howell movements, built by rule (see the package's docs for the sources)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from typing import Literal

from bridgescore.errors import MovementError
from bridgescore.movement.model import Movement, Play, Relay, Share

__all__ = ["MAX_BOARDS_PER_ROUND", "howell", "mitchell", "switched_rounds"]

MAX_BOARDS_PER_ROUND = 36
"""The most boards a round this module builds movements for."""

Even = Literal["skip", "relay"]


def _per_round(boards_per_round: int) -> int:
    """Check the boards each table plays a round.

    :raises MovementError: for anything but a whole number from 1 to the most allowed.
    """
    most = MAX_BOARDS_PER_ROUND
    return _whole(boards_per_round, "boards_per_round", 1, most,
                  f"boards_per_round must be 1 to {most}")  # fmt: skip


def _whole(value: object, name: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MovementError(f"{what}, got {value!r}", field=name, value=value)
    return value


def _boards(board_set: int, bpr: int) -> tuple[int, ...]:
    """The boards of a set, sets numbered from 1: set 2 of 3-board rounds is 4-6."""
    return tuple(range((board_set - 1) * bpr + 1, board_set * bpr + 1))


def switched_rounds(rounds: int) -> tuple[int, ...]:
    """The rounds to arrow-switch so that a Mitchell gives one winner: the last eighth or so.

    Manning's analysis, as the EBU gives it: switch about one round in eight, the last round
    of up to 9 rounds, the last two of 12 or more.

    >>> switched_rounds(7), switched_rounds(9), switched_rounds(12), switched_rounds(20)
    ((7,), (9,), (11, 12), (18, 19, 20))
    """
    count = max(1, (rounds + 4) // 8)
    return tuple(range(rounds - count + 1, rounds + 1))


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    even: Even = "skip",
    arrow_switch: bool | Iterable[int] = False,
    half_table: bool = False,
) -> Movement:
    """A Mitchell: NS pairs stay, EW pairs move up a table, boards move down a table.

    Table ``t`` starts with EW pair ``t`` and board set ``t``. An even number of tables needs
    ``even='skip'`` (EW pairs skip a table after half the rounds; at most ``tables - 1`` rounds,
    since the last would meet round 1's opponents again) or ``even='relay'`` (tables 1 and
    ``tables`` share a set, a relay stand between the middle tables holds one; all rounds).
    ``arrow_switch=True`` turns the boards in :func:`switched_rounds` (or give the rounds), so
    that NS and EW pairs can be ranked together. ``half_table=True`` leaves out NS pair
    ``tables``: the EW pair reaching that table sits out.

    >>> m = mitchell(7, 3)
    >>> m.rounds, m.boards, m.plays[7]
    (7, 21, Play(round=2, table=1, ns='NS 1', ew='EW 7', boards=(4, 5, 6)))
    >>> mitchell(8, 3, even="relay").shares[0]
    Share(round=1, tables=(1, 8), boards=(1, 2, 3))

    :raises MovementError: a size no Mitchell has (1 table, 0 boards, more rounds than fit).
    """
    n = _whole(tables, "tables", 2, 30, "a Mitchell needs 2 to 30 tables")
    bpr = _per_round(boards_per_round)
    if even not in ("skip", "relay"):
        raise MovementError(
            f"even must be 'skip' or 'relay', got {even!r}", field="even", value=even
        )
    skip = n % 2 == 0 and even == "skip"
    relay = n % 2 == 0 and even == "relay"
    most = n - 1 if skip else n
    why = (
        " (a skip Mitchell stops before EW pairs meet their first opponents again)" if skip else ""
    )
    if rounds is None:
        rounds = most
    count = _whole(rounds, "rounds", 1, most, f"a {n}-table Mitchell has 1 to {most} rounds{why}")
    switched = _switched(arrow_switch, count)
    half = n // 2

    def slot(table: int) -> int:
        """Where a table is on the boards' path (0 to n-1; the relay stand is slot n/2)."""
        if not relay:
            return table - 1
        return 0 if table == n else table - 1 if table <= half else table

    def board_set(position: int, r: int) -> int:
        return (position + r - 1) % n + 1

    plays: list[Play] = []
    shares: list[Share] = []
    relays: list[Relay] = []
    for r in range(1, count + 1):
        moved = r - 1 + (1 if skip and r > half else 0)
        for t in range(1, n + 1):
            ew = (t - 1 - moved) % n + 1
            boards = _boards(board_set(slot(t), r), bpr)
            if half_table and t == n:
                if not relay:  # with a relay, the last table's boards are table 1's
                    relays.append(Relay(r, boards, f"half table {n}"))
                continue
            pair_ns, pair_ew = f"NS {t}", f"EW {ew}"
            if r in switched:
                pair_ns, pair_ew = pair_ew, pair_ns
            plays.append(Play(r, t, pair_ns, pair_ew, boards))
        if relay:
            stand = _boards(board_set(half, r), bpr)
            relays.append(Relay(r, stand, f"relay stand between tables {half} and {half + 1}"))
            if not half_table:
                shares.append(Share(r, (1, n), _boards(board_set(0, r), bpr)))
    ns_pairs = [f"NS {t}" for t in range(1, n + 1) if not (half_table and t == n)]
    played = {p.boards for p in plays}
    relays = [x for x in relays if x.boards in played]  # a set nobody plays is not put out
    return Movement(
        kind="mitchell",
        pairs=(*ns_pairs, *(f"EW {t}" for t in range(1, n + 1))),
        boards_per_round=bpr,
        plays=tuple(plays),
        shares=tuple(shares),
        relays=tuple(sorted(relays, key=lambda x: x.round)),
        tables=n,
        arrow_switched=switched,
    )


def _switched(arrow_switch: bool | Iterable[int], rounds: int) -> tuple[int, ...]:
    if arrow_switch is True:
        return switched_rounds(rounds)
    if arrow_switch is False:
        return ()
    chosen = tuple(arrow_switch)
    for r in chosen:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= rounds:
            raise MovementError(
                f"arrow_switch names rounds 1 to {rounds}, got {r!r}", field="arrow_switch", value=r
            )
    return tuple(sorted(set(chosen)))


# -- Howell ---------------------------------------------------------------------------------

# Board sets of the complete Howells the cyclic construction cannot give: a Howell in which every
# table plays its own set each round is a Room square, and none exists of side 3 or 5 (Mullin
# and Wallis, 1975), so 4, 5 and 6 pairs share a set; side 9 has no cyclic one, so the sets for
# 9 and 10 pairs were found by a search (a Room square of side 9) and checked by the rules. Row r
# is round r+1, entry k the set of the k-th meeting of _meetings(n) (0-based).
_SETS: dict[int, tuple[tuple[int, ...], ...]] = {
    4: ((0, 0), (1, 1), (2, 2)),
    5: ((0, 0), (1, 2), (1, 3), (4, 2), (4, 3)),
    6: ((0, 0, 0), (1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4)),
    10: (
        (0, 1, 2, 3, 4), (2, 3, 0, 5, 1), (8, 5, 7, 6, 4), (4, 6, 7, 2, 3), (1, 2, 7, 0, 4),
        (3, 0, 7, 5, 8), (5, 8, 2, 6, 4), (6, 8, 5, 3, 1), (7, 1, 6, 0, 8),
    ),
}  # fmt: skip
_SETS[9] = tuple(row[1:] for row in _SETS[10])


def _meetings(n: int) -> list[list[tuple[int, int]]]:
    """The circle method: pair n-1 (0-based; a phantom if n is odd) stays, the others rotate.

    In round r the stationary pair meets pair r, and pairs r-k and r+k (mod m) meet at the k-th
    table; the phantom's opponent sits out, so an odd n leaves that meeting out.
    """
    m = n - 1 if n % 2 == 0 else n
    stay = m
    out = []
    for r in range(m):
        row = [(stay, r)] + [((r - k) % m, (r + k) % m) for k in range(1, (m - 1) // 2 + 1)]
        out.append(row if n % 2 == 0 else row[1:])
    return out


@cache
def _starter(m: int) -> tuple[int, ...] | None:
    """Offsets c_0..c_h, all different, with {c_0} and c_k - k, c_k + k covering 0..m-1 once.

    The stationary pair then plays set r + c_0 in round r and the k-th table set r + c_k, so that
    the tables of a round play different sets and each pair plays every set once.
    """
    h = (m - 1) // 2
    used = [False] * m
    used[0] = True
    offsets = [0] * (h + 1)
    taken = {0}

    def place(k: int) -> bool:
        if k == 0:
            return True
        for x in range(m):
            low, high = (x - k) % m, (x + k) % m
            if x in taken or used[low] or used[high]:
                continue
            used[low] = used[high] = True
            taken.add(x)
            offsets[k] = x
            if place(k - 1):
                return True
            used[low] = used[high] = False
            taken.discard(x)
        return False

    return tuple(offsets) if place(h) else None


def _sets(n: int) -> list[list[int]]:
    if n in _SETS:
        return [list(row) for row in _SETS[n]]
    m = n - 1 if n % 2 == 0 else n
    offsets = _starter(m)
    assert offsets is not None  # every odd side from 7 on but 9 has a cyclic Room square
    rows = [[(r + c) % m for c in offsets] for r in range(m)]
    return rows if n % 2 == 0 else [row[1:] for row in rows]


def howell(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """A Howell: every pair meets every other (an odd number with a sit-out each round).

    The pairs move by the circle method (the last pair stays at table 1, the others rotate);
    every pair plays every set of boards once, and the tables of a round play different sets
    (4, 5 and 6 pairs must share one, as the published 2- and 3-table Howells do). Who sits NS
    is chosen to balance the comparisons. ``rounds`` plays the first rounds only.

    >>> m = howell(10, 3)
    >>> m.rounds, m.tables, m.boards, len(m.plays)
    (9, 5, 27, 45)
    >>> howell(8, 2, rounds=5).rounds
    5

    :raises MovementError: fewer than 4 or more than 20 pairs, 0 boards, too many rounds.
    """
    n = _whole(pairs, "pairs", 4, 20, "a Howell needs 4 to 20 pairs (for more, use a Mitchell)")
    bpr = _per_round(boards_per_round)
    most = n - 1 if n % 2 == 0 else n
    if rounds is None:
        rounds = most
    count = _whole(rounds, "rounds", 1, most, f"a Howell of {n} pairs has 1 to {most} rounds")
    meetings, sets = _meetings(n)[:count], _sets(n)[:count]
    flips = _orientation(n, count)
    number: dict[int, int] = {}  # sets renumbered in the order they are first played
    plays: list[Play] = []
    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r, (row, row_sets) in enumerate(zip(meetings, sets, strict=True), start=1):
        for k, ((a, b), s) in enumerate(zip(row, row_sets, strict=True)):
            number.setdefault(s, len(number) + 1)
            if flips[r - 1][k]:
                a, b = b, a
            plays.append(Play(r, k + 1, str(a + 1), str(b + 1), _boards(number[s], bpr)))
            at[r, s].append(k + 1)
    shares = tuple(
        Share(r, tuple(tables), _boards(number[s], bpr))
        for (r, s), tables in sorted(at.items())
        if len(tables) > 1
    )
    return Movement(
        kind="howell",
        pairs=tuple(str(i) for i in range(1, n + 1)),
        boards_per_round=bpr,
        plays=tuple(plays),
        shares=shares,
    )


@cache
def _orientation(n: int, rounds: int) -> tuple[tuple[bool, ...], ...]:
    """Who sits NS at each table: a local search lowering Manning's sum of squares.

    From alternating seats and from a few seeded random ones, turn one table at a time while
    that makes the pairwise competition scores (:class:`~bridgescore.movement.report.Fairness`)
    more even; keep the most even. The seeds are fixed, so a Howell is always the same.
    """
    meetings, sets = _meetings(n)[:rounds], _sets(n)[:rounds]
    base = [
        (a, b, s)
        for row, row_sets in zip(meetings, sets, strict=True)
        for (a, b), s in zip(row, row_sets, strict=True)
    ]
    alternate = [bool((r + k) % 2) for r, row in enumerate(meetings) for k in range(len(row))]
    rng = random.Random(n * 100 + rounds)
    starts = [alternate] + [[rng.random() < 0.5 for _ in base] for _ in range(_STARTS)]
    best = min((_descend(base, start) for start in starts), key=lambda x: x[0])[1]
    flips: list[tuple[bool, ...]] = []
    i = 0
    for row in meetings:
        flips.append(tuple(best[i : i + len(row)]))
        i += len(row)
    return tuple(flips)


_STARTS = 12
"""Random starting seatings tried by :func:`_orientation`, besides alternating seats."""


def _descend(base: list[tuple[int, int, int]], start: list[bool]) -> tuple[int, list[bool]]:
    """Turn tables while that lowers the sum of squares; return it and the turned tables."""
    flipped = list(start)
    plays = [(b, a, s) if f else (a, b, s) for (a, b, s), f in zip(base, flipped, strict=True)]
    on_set: dict[int, list[int]] = defaultdict(list)
    for i, (_, _, s) in enumerate(plays):
        on_set[s].append(i)
    score: dict[tuple[int, int], int] = defaultdict(int)

    def key(x: int, y: int) -> tuple[int, int]:
        return (x, y) if x < y else (y, x)

    for group in on_set.values():
        for i in group:
            x, y, _ = plays[i]
            score[key(x, y)] += len(group) - 1
            for j in group:
                if j > i:
                    u, v, _ = plays[j]
                    for p, q, d in ((x, u, 1), (y, v, 1), (x, v, -1), (y, u, -1)):
                        score[key(p, q)] += d

    def changes(i: int) -> list[tuple[tuple[int, int], int]]:
        x, y, s = plays[i]
        out = []
        for j in on_set[s]:
            if j != i:
                u, v, _ = plays[j]
                out += [(key(x, u), -2), (key(y, v), -2), (key(x, v), 2), (key(y, u), 2)]
        return out

    improved = True
    while improved:
        improved = False
        for i in range(len(plays)):
            delta = changes(i)
            if sum(2 * score[k] * d + d * d for k, d in delta) < 0:
                for k, d in delta:
                    score[k] += d
                x, y, s = plays[i]
                plays[i] = (y, x, s)
                flipped[i] = not flipped[i]
                improved = True
    return sum(v * v for v in score.values()), flipped
