"""Strata: A/B/C fields by masterpoints (or grade), each ranked on its own, as the ACBL's
stratified club games rank them (SCORING.md §28).

The director sets the limits: ``Strata((750, 300))`` is the common "Open/750/300" game, where
stratum A is the whole field, B the pairs whose stronger player holds fewer than 750 and C
those under 300. A pair's stratum comes from its players' holdings: the higher of the two
(the ACBL's club rule), or their average when the director picks it; a pair with a player of
unknown holding is put in A. A pair competes in its own stratum and in every one above it, so
the B ranking holds the B and C pairs, ranked among themselves, ties sharing a rank.

>>> strata = Strata((750, 300))
>>> strata.names
('A', 'B', 'C')
>>> strata.stratum([1200, 40]), strata.stratum([500, 299]), strata.stratum([120, 40])
('A', 'B', 'C')
>>> Strata((750, 300), by="average").stratum([1200, 40])
'B'
>>> strata.stratum([100, None]), strata.competes_in("C")
('A', ('A', 'B', 'C'))
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Final, Literal

from bridgescore.duplicate.session import RankRow, SectionScores, SessionError, rank_to_dict

__all__ = [
    "MOST_STRATA",
    "Strata",
    "StrataBy",
    "StrataError",
    "pair_holdings",
    "rank_strata",
    "read_holdings",
    "strata_to_dict",
]

MOST_STRATA: Final = 6
"""The most strata a game may have (A to F)."""

_NAMES: Final = "ABCDEF"

StrataBy = Literal["higher", "average"]
"""How a pair's holding is taken from its players': the higher, or their average."""


class StrataError(SessionError):
    """Strata or holdings that cannot be used as given (the error names the field)."""


def _clip(value: object) -> str:
    """A value as the error shows it: its repr, at most 160 characters."""
    return repr(value)[:160]


@dataclass(frozen=True, slots=True)
class Strata:
    """The strata of a game: the upper limits (exclusive) of B, C ... in descending order
    (A has none), and how a pair's holding is taken from its players'."""

    limits: tuple[float, ...]
    by: StrataBy = "higher"

    def __post_init__(self) -> None:
        limits = self.limits
        if not isinstance(limits, tuple) or not 1 <= len(limits) < MOST_STRATA:
            raise StrataError.coded("strata_count", field="strata", value=str(limits)[:100],
                                    most=MOST_STRATA - 1, limits=_clip(limits))  # fmt: skip
        for limit in limits:
            if isinstance(limit, bool) or not isinstance(limit, int | float):
                raise StrataError.coded("stratum_limit_number", field="strata",
                                        value=str(limit)[:100], limit=_clip(limit))  # fmt: skip
            if not math.isfinite(limit) or limit <= 0:
                raise StrataError.coded("stratum_limit_above_0", field="strata", value=limit,
                                        limit=repr(limit))  # fmt: skip
        if any(a <= b for a, b in pairwise(limits)):
            raise StrataError.coded("strata_order", field="strata", value=str(limits),
                                    limits=repr(limits))  # fmt: skip
        if self.by not in ("higher", "average"):
            raise StrataError.coded("strata_by", field="by", value=str(self.by)[:100],
                                    by=_clip(self.by))  # fmt: skip

    @classmethod
    def parse(cls, text: str, by: StrataBy = "higher") -> Strata:
        """Limits as typed: ``750,300`` (or ``750/300``, or ``open/750/300``).

        >>> Strata.parse("Open/750/300").limits
        (750, 300)
        >>> Strata.parse("750,x")
        Traceback (most recent call last):
        ...
        bridgescore.duplicate.strata.StrataError: a stratum's limit is a number, not 'x'
        """
        parts = [p.strip() for p in text[:200].replace("/", ",").split(",")]
        if parts and parts[0].lower() == "open":
            parts = parts[1:]
        limits: list[float] = []
        for part in parts[:MOST_STRATA]:
            try:
                limits.append(int(part) if part.isdigit() else float(part))
            except ValueError:
                raise StrataError.coded("stratum_limit_number", field="strata",
                    value=part[:20], limit=repr(part[:20])) from None  # fmt: skip
        return cls(tuple(limits), by)

    @property
    def names(self) -> tuple[str, ...]:
        """The strata's names, the strongest first."""
        return tuple(_NAMES[: len(self.limits) + 1])

    def stratum(self, holdings: Sequence[float | None]) -> str:
        """A pair's stratum from its players' holdings (None: not known, so stratum A)."""
        if not holdings or any(h is None for h in holdings):
            return "A"
        known = [float(h) for h in holdings if h is not None]
        value = max(known) if self.by == "higher" else sum(known) / len(known)
        name = "A"
        for limit, lower in zip(self.limits, self.names[1:], strict=True):
            if value < limit:
                name = lower
        return name

    def competes_in(self, stratum: str) -> tuple[str, ...]:
        """The strata a pair of ``stratum`` is ranked in: its own and those above."""
        return self.names[: self.names.index(stratum) + 1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"limits": list(self.limits), "by": self.by, "names": list(self.names)}


def _key(row: RankRow) -> float:
    return row.percent if row.percent is not None else row.total


def rank_strata(
    strata: Strata, rows: Iterable[RankRow], holding: Callable[[RankRow], Sequence[float | None]]
) -> dict[str, list[RankRow]]:
    """Each stratum's ranking of a field's ranked rows (the pairs not ranked stay out): the
    pairs that compete in it, in the field's order, ranked again among themselves (ties
    share a rank, ``2=``). ``holding`` gives a row's players' holdings.

    >>> from bridgescore.duplicate.session import Pair
    >>> def row(n, pct):
    ...     return RankRow("", Pair(n, names=f"P{n}"), pct, pct, 10)
    >>> points = {1: [900, 10], 2: [200, 100], 3: [500, 600], 4: [50, 20], 5: [250, 299]}
    >>> found = rank_strata(Strata((750, 300)),
    ...                     [row(1, 60.0), row(2, 55.0), row(3, 55.0), row(4, 50.0), row(5, 45.0)],
    ...                     lambda r: points[r.pair.number])
    >>> {name: [(r.rank, r.pair.number) for r in rs] for name, rs in found.items()}
    {'A': [('1', 1), ('2=', 2), ('2=', 3), ('4', 4), ('5', 5)], 'B': [('1=', 2), ('1=', 3), \
('3', 4), ('4', 5)], 'C': [('1', 2), ('2', 4), ('3', 5)]}
    """
    ranked = [r for r in rows if r.ranked]
    where = {id(r): strata.stratum(holding(r)) for r in ranked}
    found: dict[str, list[RankRow]] = {}
    for name in strata.names:
        members = sorted((r for r in ranked if name in strata.competes_in(where[id(r)])),
                         key=lambda r: -_key(r))  # fmt: skip
        counts = Counter(_key(r) for r in members)
        first: dict[float, int] = {}
        for place, r in enumerate(members, 1):
            first.setdefault(_key(r), place)
        found[name] = [
            replace(r, rank=f"{first[_key(r)]}{'=' if counts[_key(r)] > 1 else ''}")
            for r in members
        ]
    return found


def pair_holdings(
    holdings: Mapping[str, float],
) -> Callable[[RankRow], Sequence[float | None]]:
    """A row's players' holdings looked up by national number (None for a player without a
    number or not in ``holdings``; a pair without players gives ``[None]``).

    >>> from bridgescore.duplicate.session import Pair
    >>> from bridgescore.players import Player
    >>> pair = Pair(1, names="A & B", players=(Player("A", "11"), Player("B")))
    >>> pair_holdings({"11": 300.0})(RankRow("1", pair, 60.0, 60.0, 10))
    [300.0, None]
    """

    def holding(row: RankRow) -> Sequence[float | None]:
        players = row.pair.players
        if not players:
            return [None]
        return [holdings.get(p.number) if p.number else None for p in players]

    return holding


def read_holdings(text: str, source: str = "holdings") -> dict[str, float]:
    """Each player's holding (masterpoints, or a grade) by national number, from lines of
    ``number,holding`` (a national body's list saved as CSV; a first line that does not end
    in a number is a heading, blank lines are skipped).

    >>> read_holdings("number,masterpoints\\n870153,1250.5\\n922821, 40\\n")
    {'870153': 1250.5, '922821': 40.0}
    >>> read_holdings("870153;12")
    Traceback (most recent call last):
    ...
    bridgescore.duplicate.strata.StrataError: holdings line 1: expected number,holding, got \
'870153;12'
    """
    found: dict[str, float] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        number, comma, value = (part.strip() for part in line.partition(","))
        try:
            holding = float(value) if comma else math.nan
        except ValueError:
            if n == 1:
                continue  # a heading
            holding = math.nan
        if not (number.isascii() and number.isalnum() and len(number) <= 20) or not (
            math.isfinite(holding) and holding >= 0
        ):
            raise StrataError.coded("holdings_line", field=source, value=line[:60],
                                    source=source, line=n, text=line[:60])  # fmt: skip
        found[number] = holding
    return found


def strata_to_dict(
    strata: Strata, scored: SectionScores, holdings: Mapping[str, float]
) -> dict[str, Any]:
    """A scored section's strata as JSON: the strata (limits, ``by``, names), each pair's
    stratum (by label), and each field's rankings by stratum (rows as in the rankings)."""
    holding = pair_holdings(holdings)
    mp = scored.method == "mp"
    fields = {
        (side.value if side else "all"): {
            name: [rank_to_dict(r, mp=mp) for r in rows]
            for name, rows in rank_strata(strata, field, holding).items()
        }
        for side, field in scored.rankings.items()
    }
    pairs = {row.pair.label: strata.stratum(holding(row))
             for rows in scored.rankings.values() for row in rows}  # fmt: skip
    return {**strata.to_dict(), "pairs": pairs, "rankings": fields}
