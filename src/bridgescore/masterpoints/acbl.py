"""The ACBL's awards for an open club game (ACBL Handbook, *Calculating the awards*; SCORING.md
§25.2): section awards in each group (each direction of a Mitchell, the one field of a Howell).

First place in a group earns 0.10 masterpoint a table, at most 1.50; second 70 %, third 50 %,
fourth 35 %, fifth 1/5, sixth 1/6 and so on, to 40 % of the group's pairs:

>>> [str(a) for a in placings(section_first(8, Fraction(1)), 8)]
['0.80', '0.56', '0.40']
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bridgescore.errors import MasterpointError
from bridgescore.masterpoints._spec import round_to

__all__ = ["KIND", "QUANTUM", "depth", "placings", "section_first"]

QUANTUM = Decimal("0.01")
"""Awards are kept to the hundredth of a masterpoint."""

KIND = "black"
"""A club game's points."""

_PER_TABLE = Fraction(1, 10)
_MAXIMUM = Fraction(3, 2)
_SHARES = (Fraction(1), Fraction(7, 10), Fraction(1, 2), Fraction(35, 100))


def section_first(tables: int, weight: Fraction) -> Decimal:
    """First place's award in a group of a section of ``tables`` tables (a half table counted
    whole): 0.10 a table, at most 1.50, times the game's weight.

    >>> section_first(20, Fraction(1))
    Decimal('1.50')
    """
    if tables < 1:
        raise MasterpointError.coded("acbl_section_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    return round_to(min(_PER_TABLE * tables, _MAXIMUM) * weight, QUANTUM)


def depth(pairs: int) -> int:
    """How many places earn an award: 40 % of the group's pairs, to the nearest whole number,
    a half rounded up.

    >>> depth(8), depth(9), depth(10), depth(11)
    (3, 4, 4, 4)
    """
    return int(round_to(Fraction(2 * pairs, 5), Decimal(1)))


def placings(first: Decimal, pairs: int) -> list[Decimal]:
    """The awards of the places of a group of ``pairs`` pairs.

    >>> [str(a) for a in placings(Decimal("1.00"), 15)]
    ['1.00', '0.70', '0.50', '0.35', '0.20', '0.17']
    """
    out = []
    for place in range(1, depth(pairs) + 1):
        factor = _SHARES[place - 1] if place <= len(_SHARES) else Fraction(1, place)
        out.append(round_to(Fraction(first) * factor, QUANTUM))
    return out
