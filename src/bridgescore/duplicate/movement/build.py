"""Mitchell movements, built by rule (see the package's docs for the sources); ``howell`` is
:mod:`.cyclic`'s, named here too for the modules that import it from here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from bridgescore.duplicate.movement._sentences import Sentence
from bridgescore.duplicate.movement._values import whole
from bridgescore.duplicate.movement.cyclic import howell
from bridgescore.duplicate.movement.model import Movement, Relay, Share, TableRound
from bridgescore.errors import MovementError

__all__ = ["MAX_BOARDS_PER_ROUND", "howell", "mitchell", "switched_rounds"]

MAX_BOARDS_PER_ROUND = 36
"""The most boards a round this module builds movements for."""

Even = Literal["skip", "relay"]


def _per_round(boards_per_round: int) -> int:
    """Check the boards each table plays a round.

    :raises MovementError: for anything but a whole number from 1 to the most allowed.
    """
    most = MAX_BOARDS_PER_ROUND
    return whole(boards_per_round, "boards_per_round", 1, most, "boards_per_round", most=most)


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
    (7, 21, TableRound(round=2, table=1, ns='NS 1', ew='EW 7', boards=(4, 5, 6)))
    >>> mitchell(8, 3, even="relay").shares[0]
    Share(round=1, tables=(1, 8), boards=(1, 2, 3))

    :raises MovementError: a size no Mitchell has (1 table, 0 boards, more rounds than fit).
    """
    n = whole(tables, "tables", 2, 30, "mitchell_tables")
    bpr = _per_round(boards_per_round)
    if even not in ("skip", "relay"):
        raise MovementError.coded("mitchell_even", field="even", value=even, got=repr(even))
    skip = n % 2 == 0 and even == "skip"
    relay = n % 2 == 0 and even == "relay"
    most = n - 1 if skip else n
    if rounds is None:
        rounds = most
    code = "mitchell_rounds_skip" if skip else "mitchell_rounds"
    count = whole(rounds, "rounds", 1, most, code, tables=n, most=most)
    switched = _switched(arrow_switch, count)
    half = n // 2

    def slot(table: int) -> int:
        """Where a table is on the boards' path (0 to n-1; the relay stand is slot n/2)."""
        if not relay:
            return table - 1
        return 0 if table == n else table - 1 if table <= half else table

    def board_set(position: int, r: int) -> int:
        return (position + r - 1) % n + 1

    plays: list[TableRound] = []
    shares: list[Share] = []
    relays: list[Relay] = []
    for r in range(1, count + 1):
        moved = r - 1 + (1 if skip and r > half else 0)
        for t in range(1, n + 1):
            ew = (t - 1 - moved) % n + 1
            boards = _boards(board_set(slot(t), r), bpr)
            if half_table and t == n:
                if not relay:  # with a relay, the last table's boards are table 1's
                    relays.append(Relay(r, boards, str(Sentence("half_table", {"table": n}))))
                continue
            pair_ns, pair_ew = f"NS {t}", f"EW {ew}"
            if r in switched:
                pair_ns, pair_ew = pair_ew, pair_ns
            plays.append(TableRound(r, t, pair_ns, pair_ew, boards))
        if relay:
            stand = _boards(board_set(half, r), bpr)
            between = Sentence("relay_between", {"first": half, "second": half + 1})
            relays.append(Relay(r, stand, str(between)))
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
            raise MovementError.coded("arrow_switch_round", field="arrow_switch", value=r,
                                      rounds=rounds, got=repr(r))  # fmt: skip
    return tuple(sorted(set(chosen)))
