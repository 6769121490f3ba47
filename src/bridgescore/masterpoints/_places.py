"""What every scheme shares: the fields of a scored session, and a field's place awards shared
among its ranked pairs, tied places sharing the awards of the places they fill (SCORING.md
§25.4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import groupby

from bridgescore.duplicate.session import Pair, RankRow, SectionScores
from bridgescore.masterpoints._spec import round_to

__all__ = ["Field", "fields_of", "share"]


@dataclass(frozen=True, slots=True)
class Field:
    """One ranking of a section: the pairs whose scores are compared with each other."""

    rows: tuple[RankRow, ...]
    """The ranking, best first (pairs not ranked last)."""
    tables: int
    """The section's tables, a half table counted as a whole one."""
    one_winner: bool
    """True for a Howell (one field); False for each direction of a Mitchell."""

    @property
    def size(self) -> int:
        """The pairs of the field, ranked or not."""
        return len(self.rows)


def fields_of(sections: Sequence[SectionScores]) -> list[Field]:
    """Each section's fields: NS and EW of a Mitchell (two winners, the tables being the
    larger direction's pairs), or the one field of a Howell (its pairs over two, rounded up).

    >>> fields_of([])
    []
    """
    out = []
    for scores in sections:
        rankings = scores.rankings
        if None in rankings:
            rows = tuple(rankings[None])
            out.append(Field(rows, (len(rows) + 1) // 2, True))
            continue
        tables = max((len(rows) for rows in rankings.values()), default=0)
        out.extend(Field(tuple(rows), tables, False) for rows in rankings.values())
    return out


def share(rows: Sequence[RankRow], places: Sequence[Decimal], quantum: Decimal, *,
          up: bool = False, minimum: Decimal = Decimal(0)) -> dict[Pair, Decimal]:  # fmt: skip
    """Each pair's award: the award of its place (``places[0]`` the winner's), a tie sharing
    equally the awards of the places it fills, rounded to ``quantum`` (a half up, or ``up``
    to the next multiple) and, when above 0, at least ``minimum``; 0 past the awards and for a
    pair not ranked.

    >>> rows = [RankRow("1=", Pair(1), 60, 60.0, 2), RankRow("1=", Pair(2), 60, 60.0, 2),
    ...         RankRow("3", Pair(3), 30, 30.0, 2), RankRow("", Pair(4), 0, 0.0, 1, False)]
    >>> [str(v) for v in share(rows, [Decimal("1.00"), Decimal("0.70")], Decimal("0.01")).values()]
    ['0.85', '0.85', '0.00', '0.00']
    >>> [str(v) for v in share(rows, [Decimal(6)], Decimal(1), up=True, minimum=Decimal(6)
    ...                          ).values()]  # (6 + 0) / 2 = 3, raised to the minimum
    ['6', '6', '0', '0']
    """
    out: dict[Pair, Decimal] = {}
    place = 0
    ranked = [row for row in rows if row.ranked]
    for _, group in groupby(ranked, key=lambda row: row.rank):
        tied = list(group)
        pot = sum((places[i] for i in range(place, min(place + len(tied), len(places)))),
                  Decimal(0))  # fmt: skip
        each = round_to(Fraction(pot) / len(tied), quantum, ROUND_CEILING if up else ROUND_HALF_UP)
        if each > 0:
            each = max(each, minimum)
        for row in tied:
            out[row.pair] = each
        place += len(tied)
    for row in rows:
        out.setdefault(row.pair, round_to(Decimal(0), quantum))
    return out
