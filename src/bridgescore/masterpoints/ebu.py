"""The EBU's master points (SCORING.md §25.3): the local point scales of a one-winner pairs
session (club, district, county, regional and national), and Scale F for single-winner
individual events.

A one-winner pairs session at the club scale awards 6 master points a place to the top third of
its pairs (18 to 35 boards: a quarter below, a half above), counted on its full tables and
rounded up, from the top down in steps of 6. Eight pairs playing 24 boards give 3 awards, as
ScoreBridge awarded them at an EBU club:

>>> pairs_scale(4, 24)
[18, 12, 6]

Only the column of Scale F for 18 to 35 boards is available here: the top third of the players
earn awards, going down from the top in steps of 3 master points, none below the club minimum of
6. A 6-table individual (24 players) gives 8 awards:

>>> scale_f(6, 24)
[24, 21, 18, 15, 12, 9, 6, 6]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Final

from bridgescore.errors import MasterpointError

__all__ = [
    "KIND",
    "MINIMUM",
    "QUANTUM",
    "RATE",
    "SCALES",
    "STEP",
    "award_count",
    "minimum",
    "pairs_scale",
    "scale_f",
]

QUANTUM = Decimal(1)
"""Master points are whole numbers."""

KIND = "black"
"""A club session's points, pairs' and individuals' (the EBU's local, or black, points), as
ScoreBridge writes their ``MASTER_POINT_TYPE``."""

STEP = 3
"""Scale F's decrement from one place to the next."""

MINIMUM = 6
"""The smallest club award."""

RATE = 6
"""The club scale's award a place for pairs (6, 12, 18 ... from the last award up)."""

SCALES: Final[Mapping[Fraction, str]] = {
    Fraction(1): "club",
    Fraction(3, 2): "district",
    Fraction(2): "county",
    Fraction(3): "regional",
    Fraction(4): "national",
}
"""The local point scales by their factor over the club scale (the weight of ``ebu:W``)."""

_MOST_TABLES = 1000
_FEWEST_TABLES = 3
_FEWEST_BOARDS = 12
_CLUB_MAXIMUM = ((18, 75), (36, 100), (None, 300))  # boards below, the club scale's top award


def minimum(weight: Fraction) -> int:
    """The smallest award of a scale: 6 at the club scale, 9, 12, 18 and 24 above.

    >>> [minimum(w) for w in SCALES]
    [6, 9, 12, 18, 24]

    :raises MasterpointError: for a weight that is none of :data:`SCALES` (field
        ``masterpoints``).
    """
    if weight not in SCALES:
        text = f"ebu:{weight}"
        raise MasterpointError.coded("ebu_scale", field="masterpoints", value=text, text=text)
    return int(MINIMUM * weight)


def award_count(tables: int, boards: int) -> int:
    """How many places of a one-winner pairs session earn an award: a quarter of the pairs of
    its ``tables`` full tables below 18 boards, a third from 18 to 35, a half from 36, rounded
    up; none below 3 full tables or 12 boards.

    >>> award_count(4, 24), award_count(4, 12), award_count(4, 36), award_count(27, 12)
    (3, 2, 4, 14)

    :raises MasterpointError: for tables outside 0 to 1000 (field ``tables``).
    """
    if not 0 <= tables <= _MOST_TABLES:
        raise MasterpointError.coded("scale_f_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    if tables < _FEWEST_TABLES or boards < _FEWEST_BOARDS:
        return 0
    share = Fraction(1, 4) if boards < 18 else Fraction(1, 3) if boards < 36 else Fraction(1, 2)
    return math.ceil(2 * tables * share)


def pairs_scale(tables: int, boards: int, weight: Fraction = Fraction(1)) -> list[int]:
    """The awards of a one-winner pairs session of ``tables`` full tables (a half table does
    not count) playing ``boards`` boards, at the scale of ``weight`` (:data:`SCALES`): awards to
    a quarter of the pairs below 18 boards, a third from 18 to 35, a half from 36, rounded up;
    from ``RATE × weight × awards`` down in steps of ``RATE × weight``. Below 3 full tables or
    12 boards there are none.

    >>> pairs_scale(13, 36), pairs_scale(19, 24), pairs_scale(2, 24), pairs_scale(9, 10)
    ([78, 72, 66, 60, 54, 48, 42, 36, 30, 24, 18, 12, 6], [78, 72, 66, 60, 54, 48, 42, 36, \
30, 24, 18, 12, 6], [], [])
    >>> pairs_scale(4, 24, Fraction(2))
    [36, 24, 12]
    >>> pairs_scale(60, 24)
    Traceback (most recent call last):
    ...
    bridgescore.errors.MasterpointError: tables 60: a top award of 240 is above the scale's \
maximum of 100 for 24 boards, which the EBU's handbook (4.4) rules and bridgescore does not have

    :raises MasterpointError: for a weight that is none of :data:`SCALES` (field
        ``masterpoints``), for more than 1000 tables, and for a field whose top award would pass
        the scale's maximum (field ``tables``).
    """
    rate = minimum(weight)
    count = award_count(tables, boards)
    if not count:
        return []
    club = next(top for below, top in _CLUB_MAXIMUM if below is None or boards < below)
    most = math.ceil(club * weight)
    if rate * count > most:
        raise MasterpointError.coded("ebu_maximum", field="tables", value=tables, tables=tables,
                                     top=rate * count, most=most, boards=boards)  # fmt: skip
    return [rate * (count - place) for place in range(count)]


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
    if not 1 <= tables <= _MOST_TABLES:
        raise MasterpointError.coded("scale_f_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    count = 4 * tables // 3
    return [max(STEP * (count - place), MINIMUM) for place in range(count)]
