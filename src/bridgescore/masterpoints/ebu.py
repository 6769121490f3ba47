"""The EBU's master points (SCORING.md §25.3): Scale F, for single-winner individual events.

Only the column of Scale F for 18 to 35 boards is available here: the top third of the players
earn awards, going down from the top in steps of 3 master points, none below the club minimum of
6. A 6-table individual (24 players) gives 8 awards:

>>> scale_f(6, 24)
[24, 21, 18, 15, 12, 9, 6, 6]
"""

from __future__ import annotations

from decimal import Decimal

from bridgescore.errors import MasterpointError

__all__ = ["KIND", "MINIMUM", "QUANTUM", "STEP", "scale_f"]

QUANTUM = Decimal(1)
"""Master points are whole numbers."""

KIND = "local"
"""A club session's points (the EBU's local, or black, points)."""

STEP = 3
"""Scale F's decrement from one place to the next."""

MINIMUM = 6
"""The smallest club award."""


def scale_f(tables: int, boards: int) -> list[int]:
    """Scale F's awards for a single-winner individual of ``tables`` full tables (a half
    table does not count) playing ``boards`` boards: one for each of the top third of the
    players (4 a table, rounded down), from ``3 × awards`` down in steps of 3, none below 6.

    >>> scale_f(4, 20), scale_f(5, 30)
    ([15, 12, 9, 6, 6], [18, 15, 12, 9, 6, 6])
    >>> scale_f(6, 12)
    Traceback (most recent call last):
    ...
    bridgescore.errors.MasterpointError: boards 12: only Scale F's column for 18 to 35 boards \
is available to bridgescore
    """
    if not 18 <= boards <= 35:
        raise MasterpointError.coded("scale_f_boards", field="boards", value=boards,
                                     boards=boards)  # fmt: skip
    if not 1 <= tables <= 1000:
        raise MasterpointError.coded("scale_f_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    count = 4 * tables // 3
    return [max(STEP * (count - place), MINIMUM) for place in range(count)]
