"""Handicapped results beside the scratch ones (SCORING.md §27): each pair's percentage plus
its *allowance*, a handicap in percentage points (negative for a strong pair), then ranked again.

A player's allowance comes from their grade or from the director:

* ``grade``: ``50 - grade`` (ScoreBridge's handicap file of NGS grades, Pianola's average);
* ``card``: the grade's card rank, one point a band of 2 %: an eight (49-51 %) 0, an Ace
  (61 % and over) -6, a two (under 39 %) +6 (EBUScore's handicaps from NGS ranks);
* ``set``: what the director types for the player (a club's own handicaps).

A pair's allowance is the mean of its players' (ScoreBridge), or their sum (``combine="sum"``,
as some clubs add the card-rank handicaps). A player with no grade or none set has 0 (Pianola).

>>> rules = HandicapRules("grade")
>>> rules.player_allowance(54.5), rules.player_allowance(None)
(-4.5, 0.0)
>>> rows = handicapped_ranking([(49.0, 4.0), (60.0, -6.0), (52.0, 2.0)])
>>> [(r.index, r.rank, r.handicapped) for r in rows]
[(1, '1=', 54.0), (2, '1=', 54.0), (0, '3', 53.0)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bridgescore.grades.ngs import GradeError

__all__ = [
    "LIMIT",
    "METHODS",
    "HandicapRow",
    "HandicapRules",
    "card_allowance",
    "handicapped_ranking",
]

Method = Literal["grade", "card", "set"]
METHODS: tuple[Method, ...] = ("grade", "card", "set")
LIMIT = 30.0
"""The largest allowance, either way, a player's or a pair's (a typing slip of 300 refused)."""
MOST_SET = 2000
"""The most players the director sets a handicap for."""


def _allowance(value: float, name: str) -> float:
    if not (isinstance(value, int | float) and math.isfinite(value) and abs(value) <= LIMIT):
        raise GradeError.coded("handicap_range", field=name, value=value, limit=LIMIT,
                               got=repr(value))  # fmt: skip
    return float(value)


def card_allowance(grade: float) -> float:
    """The allowance of a grade's card rank: an eight (49-51 %) 0, each band of 2 % one point
    more or less, down to -6 for an Ace and up to +6 for a two.

    >>> [card_allowance(g) for g in (50.0, 51.0, 61.5, 70.0, 48.9, 39.5, 30.0)]
    [0.0, -1.0, -6.0, -6.0, 1.0, 5.0, 6.0]
    """
    return float(-max(-6, min(6, math.floor((grade - 49.0) / 2.0))))


@dataclass(frozen=True, slots=True)
class HandicapRules:
    """How allowances are found: the method, how a pair's is made of its players', and for
    ``set`` the director's allowance by national number."""

    method: Method = "grade"
    combine: Literal["mean", "sum"] = "mean"
    set: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise GradeError.coded("handicap_method", field="method", value=self.method,
                                   got=repr(self.method), methods=", ".join(METHODS))  # fmt: skip
        if self.combine not in ("mean", "sum"):
            raise GradeError.coded("handicap_combine", field="combine", value=self.combine,
                                   got=repr(self.combine))  # fmt: skip
        if len(self.set) > MOST_SET:
            raise GradeError.coded("handicaps_most", field="handicap", value=len(self.set),
                                   most=MOST_SET, count=len(self.set))  # fmt: skip
        for number, value in self.set.items():
            if not (isinstance(number, str) and 0 < len(number) <= 20 and number.isascii()
                    and number.isalnum()):  # fmt: skip
                raise GradeError.coded("player_number", field="number", value=str(number)[:40],
                                       number=str(number)[:40])  # fmt: skip
            _allowance(value, "handicap")

    def to_dict(self) -> dict[str, Any]:
        """``{"method", "combine", "set"}`` (``set`` only for the director's own).

        >>> HandicapRules.from_dict(HandicapRules("set", set={"7": 2.5}).to_dict()).set
        {'7': 2.5}
        """
        return {"method": self.method, "combine": self.combine} | (
            {"set": dict(self.set)} if self.method == "set" else {}
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandicapRules:
        """From :meth:`to_dict`'s shape (an allowance as a number or its text).

        :raises GradeError: naming ``method``, ``combine``, ``number`` or ``handicap``.
        """
        given = data.get("set") or {}
        if not isinstance(given, Mapping):
            raise GradeError.coded("handicaps_map", field="handicap", value=type(given).__name__)
        allowances = {}
        for number, value in list(given.items())[: MOST_SET + 1]:
            try:
                allowances[number] = float(value)
            except (TypeError, ValueError):
                raise GradeError.coded("handicap_number", field="handicap", value=str(value)[:40],
                                       got=repr(str(value)[:40])) from None  # fmt: skip
        return cls(data.get("method", "grade"), data.get("combine", "mean"), allowances)

    def player_allowance(self, grade: float | None, number: str | None = None) -> float:
        """A player's allowance from their grade (None: no grade), or the director's."""
        if self.method == "set":
            return float(self.set.get(number, 0.0)) if number is not None else 0.0
        if grade is None:
            return 0.0
        return card_allowance(grade) if self.method == "card" else 50.0 - grade

    def pair_allowance(self, players: Sequence[tuple[str | None, float | None]]) -> float:
        """A pair's allowance from its players' (number, grade).

        >>> HandicapRules("card", "sum").pair_allowance([("1", 62.0), ("2", 45.0)])
        -4.0
        """
        each = [self.player_allowance(g, n) for n, g in players]
        if not each:
            return 0.0
        total = sum(each) if self.combine == "sum" else sum(each) / len(each)
        return _allowance(max(-LIMIT, min(LIMIT, total)), "handicap")


@dataclass(frozen=True, slots=True)
class HandicapRow:
    """A line of the handicapped ranking: which pair (its place in the input), its rank, its
    scratch percentage, its allowance and its handicapped percentage."""

    index: int
    rank: str
    percent: float
    allowance: float
    handicapped: float


def handicapped_ranking(pairs: Sequence[tuple[float, float]]) -> list[HandicapRow]:
    """Pairs given as (scratch percentage, allowance), ranked by percentage plus allowance
    (to two decimals; equal ones share a rank, ``'2='``), ties in input order.

    >>> [(r.rank, r.handicapped) for r in handicapped_ranking([(45.0, 3.0), (55.0, -3.0)])]
    [('1', 52.0), ('2', 48.0)]
    """
    scored = [(round(p + a, 2), i, p, a) for i, (p, a) in enumerate(pairs)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    counts: dict[float, int] = {}
    for h, *_ in scored:
        counts[h] = counts.get(h, 0) + 1
    rows, place = [], 0
    for n, (h, i, p, a) in enumerate(scored):
        if n == 0 or h != scored[n - 1][0]:
            place = n + 1
        rank = f"{place}=" if counts[h] > 1 else str(place)
        rows.append(HandicapRow(i, rank, p, a, h))
    return rows
