"""Comparing results across a field: matchpoints, Butler and cross-IMPs, and victory points.

Every function takes one board's NS scores (SCORING.md §5-7), in any order, as plain integers,
:class:`Adjusted` artificial scores or weighted scores (Law 12C1(c): a
:class:`~bridgescore.duplicate.weighted.WeightedScore`), and answers in the same order.

A weighted score is a real result: it counts among the board's results, and every figure that
depends on it is the weighted average of that figure with each of its results in its place.
With several on a board, the average is over every combination of their results (each
combination's weight the product of its results' weights; at most :data:`MAX_COMBINATIONS`).
The table's own matchpoints are thus ``Σ wᵢ · MP(resultᵢ)``, and another result's matchpoints
against it ``Σ wᵢ · MP(against resultᵢ)``; IMPs (Butler, datum included, and cross-IMPs) are
worked out for each result and then weighted, not worked out from a weighted score. Figures are
exact fractions until they are given back as floats, as the Neuberg formula's are.

>>> matchpoints([420, 420, 450, 170, -50, 420, 620])
[6.0, 6.0, 10.0, 2.0, 0.0, 6.0, 12.0]
>>> butler([420, 420, 450, 170, -50, 420, 620]).datum
380
>>> cross_imps([420, 450, -100, -200, 400, 590])[0]
3.6
>>> victory_points(12, 16)
(13.28, 6.72)
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final, Literal

from bridgescore.duplicate.weighted import Weighted, WeightedScore
from bridgescore.errors import NotationError, RulesError
from bridgescore.scoring import imps

__all__ = [
    "ARTIFICIAL",
    "ARTIFICIAL_ACBL",
    "ARTIFICIAL_EBU",
    "ARTIFICIAL_PRESETS",
    "MAX_COMBINATIONS",
    "Adjusted",
    "Artificial",
    "BoardScore",
    "Butler",
    "Weighted",
    "WeightedScore",
    "butler",
    "cross_imps",
    "datum",
    "dropped_count",
    "matchpoints",
    "matchpoints_ew",
    "mp2",
    "percentages",
    "points_text",
    "shown_points",
    "top",
    "victory_points",
]

Award = Literal["A+", "A", "A-"]


@dataclass(frozen=True, slots=True)
class Artificial:
    """What artificial adjusted scores are worth (Law 12C2, Law 86A; SCORING.md §5.3, V13)."""

    plus: Fraction | float = 60
    """Average plus, as a percentage of the board's top."""
    average: Fraction | float = 50
    """Average, as a percentage."""
    minus: Fraction | float = 40
    """Average minus, as a percentage."""
    imps: int = 3
    """IMPs for average plus (minus for average minus) in Butler and cross-IMP scoring."""
    plus_rule: Literal["fixed", "if-better"] = "fixed"
    """``'if-better'``: average plus is the pair's own percentage on the boards it played
    when that is better (EBU White Book, ACBL; SCORING.md §19); ``'fixed'``: :attr:`plus`."""
    minus_rule: Literal["fixed", "if-worse"] = "fixed"
    """``'if-worse'``: average minus is the pair's own percentage when that is worse (ACBL);
    ``'fixed'``: :attr:`minus`."""

    def percent(self, award: Award) -> Fraction:
        """An award as a percentage of the top."""
        value = {"A+": self.plus, "A": self.average, "A-": self.minus}[award]
        return Fraction(value).limit_denominator(10_000)

    def imps_of(self, award: Award) -> int:
        """An award in IMPs: +3, 0 or -3 by default."""
        return {"A+": self.imps, "A": 0, "A-": -self.imps}[award]


ARTIFICIAL: Final = Artificial()
"""The default: A+ 60 %, A 50 %, A- 40 %, and ±3 IMPs."""
ARTIFICIAL_EBU: Final = Artificial(plus_rule="if-better")
"""The EBU's: 60/50/40 %, average plus the pair's percentage on the boards it played if better."""
ARTIFICIAL_ACBL: Final = Artificial(plus_rule="if-better", minus_rule="if-worse")
"""The ACBL's: average plus the greater of 60 % and the pair's session percentage, average
minus the lesser of 40 % and its session percentage; average 50 %."""
ARTIFICIAL_PRESETS: Final = {"default": ARTIFICIAL, "ebu": ARTIFICIAL_EBU, "acbl": ARTIFICIAL_ACBL}
"""The artificial-score presets by name (SCORING.md §10, §19)."""


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: what each side gets when no result could be obtained.

    >>> Adjusted.parse("A+/A-"), str(Adjusted("A", "A"))
    (Adjusted(ns='A+', ew='A-'), 'A')
    """

    ns: Award
    """NS's award."""
    ew: Award
    """EW's award."""

    def __post_init__(self) -> None:
        for award in (self.ns, self.ew):
            if award not in ("A+", "A", "A-"):
                raise NotationError.coded("artificial_award", field="score", value=award,
                                          award=award)  # fmt: skip

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """Read ``A+/A-`` (NS/EW), ``A`` (average to both) or ``A+`` (NS A+, EW A-).

        ``Ave+``, ``Ave-``, ``Ave`` and ``AVE+`` are read too.

        :raises NotationError: for anything else.
        """
        words = [_award(part) for part in str(text).split("/")]
        if len(words) == 1:
            ns = words[0]
            opposite: dict[Award, Award] = {"A+": "A-", "A": "A", "A-": "A+"}
            return cls(ns, opposite[ns])
        if len(words) == 2:
            return cls(words[0], words[1])
        raise NotationError.coded("artificial_split_notation", field="score", value=text, text=text)

    def __str__(self) -> str:
        return self.ns if self.ns == self.ew == "A" else f"{self.ns}/{self.ew}"


def _award(text: str) -> Award:
    key = text.strip().upper().replace("AVE", "A").replace("VG", "")
    if key == "A+":
        return "A+"
    if key == "A":
        return "A"
    if key == "A-":
        return "A-"
    raise NotationError.coded("artificial_notation", field="score", value=text, text=text)


BoardScore = int | Adjusted | WeightedScore
"""One result on a board: the NS score, an artificial score, or a weighted score's NS scores."""

_Plain = int | Adjusted
"""A board score other than a weighted one."""

MAX_COMBINATIONS: Final = 1000
"""The most combinations of weighted scores' results one board may have."""


def top(results: int) -> int:
    """The matchpoint top (MP1: 2 for each result beaten) of a board with this many results.

    >>> top(7)
    12
    """
    return 2 * (results - 1)


def _check(scores: Sequence[BoardScore], expected: int | None) -> int:
    for s in scores:
        if isinstance(s, bool) or not isinstance(s, int | Adjusted | WeightedScore):
            raise RulesError.coded("board_score_type", field="score", value=s, got=repr(s))
    n = len(scores) if expected is None else expected
    if n < len(scores):
        raise RulesError.coded("board_results_over", field="scores", count=len(scores),
                               expected=expected)  # fmt: skip
    return n


def _expect(
    scores: Sequence[BoardScore], score_board: Callable[[list[_Plain]], list[list[Fraction]]]
) -> list[list[Fraction]]:
    """``score_board``'s figures averaged over the combinations of the weighted scores' results.

    :raises RulesError: (field ``weighted``) for more than :data:`MAX_COMBINATIONS` of them.
    """
    plain = [s for s in scores if not isinstance(s, WeightedScore)]
    if len(plain) == len(scores):
        return score_board(plain)
    options = [
        s.components if isinstance(s, WeightedScore) else ((Fraction(100), s),) for s in scores
    ]
    count = math.prod(len(o) for o in options)
    if count > MAX_COMBINATIONS:
        raise RulesError.coded("weighted_combinations", field="weighted", value=count,
                               count=count, most=MAX_COMBINATIONS)  # fmt: skip
    total: list[list[Fraction]] = []
    for combination in itertools.product(*options):
        p = math.prod((w / 100 for w, _ in combination), start=Fraction(1))
        figures = score_board([s for _, s in combination])
        if not total:
            total = [[Fraction(0)] * len(f) for f in figures]
        total = [[t + p * x for t, x in zip(ts, xs, strict=True)]
                 for ts, xs in zip(total, figures, strict=True)]  # fmt: skip
    return total


def _raw_matchpoints(real: Sequence[int]) -> list[int]:
    """MP1 among the real scores: 2 for each score beaten, 1 for each tie (Law 78A)."""
    ordered = sorted(real)
    return [
        2 * bisect.bisect_left(ordered, s) + (bisect.bisect_right(ordered, s) - bisect.bisect_left(
            ordered, s) - 1) for s in real
    ]  # fmt: skip


def _matchpoint(
    scores: Sequence[BoardScore], expected: int | None, artificial: Artificial
) -> tuple[list[Fraction], list[Fraction]]:
    """NS and EW matchpoints (MP1), Neuberg-scaled to ``expected`` results (SCORING.md §5.2)."""
    big_n = _check(scores, expected)
    if any(isinstance(s, WeightedScore) for s in scores):
        ns_mp, ew_mp = _expect(scores, lambda plain: list(_matchpoint(plain, big_n, artificial)))
        return ns_mp, ew_mp
    real = [s for s in scores if isinstance(s, int)]
    n = len(real)
    full = Fraction(top(big_n))
    raw = iter(_raw_matchpoints(real))
    ns: list[Fraction] = []
    ew: list[Fraction] = []
    for s in scores:
        if isinstance(s, Adjusted):
            ns.append(full * artificial.percent(s.ns) / 100)
            ew.append(full * artificial.percent(s.ew) / 100)
            continue
        assert isinstance(s, int)
        mp = Fraction(next(raw))
        if n < big_n:  # Neuberg: S = (s + 1) N / n - 1
            mp = (mp + 1) * big_n / n - 1
        ns.append(mp)
        ew.append(full - mp)
    return ns, ew


def matchpoints(
    ns_scores: Sequence[BoardScore],
    *,
    expected: int | None = None,
    artificial: Artificial = ARTIFICIAL,
) -> list[float]:
    """NS matchpoints on one board (MP1: 2 a score beaten, 1 a tie; Law 78A).

    With ``expected`` results where fewer were played (or some are artificial), the real ones
    are scaled by the Neuberg formula to the top of ``expected`` results.

    >>> matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], expected=11)
    [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    >>> matchpoints([450, Adjusted.parse("A+/A-"), 170], expected=3)
    [3.5, 2.4, 0.5]
    >>> matchpoints([420, 170, Weighted.parse("50% 4SN=, 50% 2SN+2").ns_scores("None")])
    [3.5, 0.5, 2.0]

    :raises RulesError: for a score that is not an integer, :class:`Adjusted` or
        :class:`WeightedScore`, more results than ``expected``, or too many combinations of
        weighted scores' results.
    """
    return [float(mp) for mp in _matchpoint(ns_scores, expected, artificial)[0]]


def matchpoints_ew(
    ns_scores: Sequence[BoardScore],
    *,
    expected: int | None = None,
    artificial: Artificial = ARTIFICIAL,
) -> list[float]:
    """EW matchpoints on one board: the top less NS's, or EW's own artificial award.

    >>> matchpoints_ew([420, 420, 450, 170, -50, 420, 620])
    [6.0, 6.0, 2.0, 10.0, 12.0, 6.0, 0.0]
    """
    return [float(mp) for mp in _matchpoint(ns_scores, expected, artificial)[1]]


def mp2(mps: Sequence[float]) -> list[float]:
    """Matchpoints on the MP2 scale (1 a score beaten, ½ a tie): half the MP1 figures.

    >>> mp2(matchpoints([420, 420, 450, 170, -50, 420, 620]))
    [3.0, 3.0, 5.0, 1.0, 0.0, 3.0, 6.0]
    """
    return [mp / 2 for mp in mps]


def percentages(mps: Sequence[float], results: int) -> list[float]:
    """Matchpoints as percentages of the top of a board with this many results.

    >>> percentages([10.0, 6.0], 7)
    [83.33333333333333, 50.0]
    """
    full = top(results)
    return [100 * mp / full if full else 50.0 for mp in mps]


Rounding = Literal["half-even", "half-up"]


def _round_to_ten(value: Fraction, rounding: Rounding) -> int:
    """Round to the nearest 10: half to even (ACBLscore), or half away from zero."""
    tens = value / 10
    if rounding == "half-even":
        return 10 * round(tens)
    if rounding == "half-up":
        return int(10 * math.copysign(math.floor(abs(tens) + Fraction(1, 2)), tens))
    raise RulesError.coded("rounding_unknown", field="rounding", value=rounding,
                           got=repr(rounding))  # fmt: skip


def dropped_count(n: int, drop: int | str) -> int:
    """How many of ``n`` scores to drop at each end (a count, or a percentage such as
    ``'5%'``); never so many that nothing is left.

    >>> dropped_count(10, 1), dropped_count(40, "5%"), dropped_count(2, 1)
    (1, 2, 0)

    :raises RulesError: if ``drop`` is neither.
    """
    if isinstance(drop, str):
        text = drop.strip()
        digits = text[:-1].replace(".", "", 1)
        if not text.endswith("%") or not (digits.isascii() and digits.isdigit()) or len(text) > 12:
            raise RulesError.coded("drop_notation", field="drop", value=drop, got=repr(drop))
        k = math.floor(n * Fraction(text[:-1]) / 100)
    elif isinstance(drop, bool) or not isinstance(drop, int) or drop < 0:
        raise RulesError.coded("drop_count", field="drop", value=drop, got=repr(drop))
    else:
        k = drop
    return min(k, (n - 1) // 2)


def datum(
    ns_scores: Sequence[int], *, drop: int | str = 1, rounding: Rounding = "half-even"
) -> int:
    """The Butler datum: the mean NS score without the ``drop`` highest and lowest, to the ten.

    ``drop`` is a number of scores at each end, or a percentage (``'5%'``, rounded down); no
    more are dropped than leaves one score. ``rounding`` settles a mean ending in 5.

    >>> datum([800, 470, 380, -300]), datum([800, 470, 380, -300], rounding="half-up")
    (420, 430)

    :raises RulesError: for no scores, or a bad ``drop`` or ``rounding``.
    """
    if not ns_scores:
        raise RulesError.coded("datum_no_score", field="scores")
    k = dropped_count(len(ns_scores), drop)
    kept = sorted(ns_scores)[k : len(ns_scores) - k]
    return _round_to_ten(Fraction(sum(kept), len(kept)), rounding)


@dataclass(frozen=True, slots=True)
class Butler:
    """One board scored Butler-style: the datum and each result's IMPs against it."""

    datum: float | None
    """The datum (an ``int``); None if the board has no real result. With weighted scores, the
    weighted average of the datums of their combinations of results (a ``float``)."""
    imps: list[float]
    """NS's IMPs for each result, in order: whole numbers, but on a board with weighted scores."""
    imps_ew: list[float]
    """EW's IMPs for each result: NS's negated, or EW's own artificial award."""


def butler(
    ns_scores: Sequence[BoardScore],
    *,
    drop: int | str = 1,
    rounding: Rounding = "half-even",
    artificial: Artificial = ARTIFICIAL,
) -> Butler:
    """IMPs against a datum (SCORING.md §7.1); artificial scores stay out of the datum.

    >>> b = butler([980] * 3 + [480] * 11 + [450] * 7 + [-50], drop=0)
    >>> b.datum, sorted(set(b.imps), reverse=True)
    (510, [10, -1, -2, -11])

    :raises RulesError: for a bad score, ``drop`` or ``rounding``.
    """
    _check(ns_scores, None)
    if any(isinstance(s, WeightedScore) for s in ns_scores):

        def board(plain: list[_Plain]) -> list[list[Fraction]]:
            b = butler(plain, drop=drop, rounding=rounding, artificial=artificial)
            return [[Fraction(i) for i in b.imps], [Fraction(i) for i in b.imps_ew],
                    [Fraction(b.datum or 0)]]  # fmt: skip

        ns_imps, ew_imps, (mean,) = _expect(ns_scores, board)
        return Butler(float(mean), [float(i) for i in ns_imps], [float(i) for i in ew_imps])
    real = [s for s in ns_scores if isinstance(s, int)]
    d = datum(real, drop=drop, rounding=rounding) if real else None
    ns: list[float] = []
    ew: list[float] = []
    for s in ns_scores:
        if isinstance(s, Adjusted):
            ns.append(artificial.imps_of(s.ns))
            ew.append(artificial.imps_of(s.ew))
        else:
            assert isinstance(s, int)
            ns.append(imps(s - (d or 0)))
            ew.append(-ns[-1])
    return Butler(d, ns, ew)


Divisor = Literal["n-1", "n", "raw"]


def cross_imps(
    ns_scores: Sequence[BoardScore],
    *,
    divisor: Divisor = "n-1",
    expected: int | None = None,
    artificial: Artificial = ARTIFICIAL,
) -> list[float]:
    """NS cross-IMPs: each result IMPed against every other real result (SCORING.md §7.2).

    ``divisor``: ``'n-1'`` averages over the comparisons (PBN ``Cross2``, ACBLscore), ``'n'``
    over the results (``Cross1``), ``'raw'`` keeps the sum. With ``expected`` results where
    ``m`` were played, the ``n-1`` average is ``raw × (N/m) / (N-1)`` (EBU White Book 4.2.4).
    EW's cross-IMPs are NS's negated; artificial scores get ±3 or 0.

    >>> cross_imps([400, -50])
    [10.0, -10.0]

    :raises RulesError: for a bad score or ``divisor``.
    """
    big_n = _check(ns_scores, expected)
    (exact,) = _expect(ns_scores, lambda plain: [_cross_imps(plain, divisor, big_n, artificial)])
    return [float(x) for x in exact]


def _cross_imps(
    ns_scores: Sequence[_Plain], divisor: Divisor, big_n: int, artificial: Artificial
) -> list[Fraction]:
    """:func:`cross_imps` of plain scores, as exact fractions."""
    real = [s for s in ns_scores if isinstance(s, int)]
    m = len(real)
    if divisor == "n-1":
        scale = Fraction(big_n, m * (big_n - 1)) if m > 1 and big_n > 1 else Fraction(0)
    elif divisor == "n":
        scale = Fraction(1, m) if m else Fraction(0)
    elif divisor == "raw":
        scale = Fraction(1)
    else:
        raise RulesError.coded("cross_imp_divisor", field="divisor", value=divisor,
                               got=repr(divisor))  # fmt: skip
    return [
        Fraction(artificial.imps_of(s.ns))
        if isinstance(s, Adjusted)
        else sum(imps(s - t) for t in real) * scale
        for s in ns_scores
    ]


_TAU: Final = (math.sqrt(5) - 1) / 2


@cache
def _vp_table(boards: int) -> tuple[int, ...]:
    """The winner's VPs, in hundredths, for each IMP margin up to the blitz (WBF 2013).

    The WBF scoring panel's continuous scale: ``10 + 10 (1 - τ^(3M/B)) / (1 - τ³)`` with
    ``τ = (√5 - 1)/2`` and the blitz ``B = 15 √N`` for ``N`` boards, rounded to hundredths and
    capped at 20; then each value is raised a hundredth at a time until no IMP is worth more
    than the one before it (the scale stays concave after rounding).
    """
    blitz = 15 * math.sqrt(boards)
    table = [
        min(2000, round(1000 + 1000 * (1 - _TAU ** (3 * m / blitz)) / (1 - _TAU**3)))
        for m in range(math.ceil(blitz) + 1)
    ]
    changed = True
    while changed:
        changed = False
        for i in range(1, len(table) - 1):
            if table[i + 1] - table[i] > table[i] - table[i - 1]:
                table[i] += 1
                changed = True
    return tuple(table)


def victory_points(margin: int, boards: int) -> tuple[float, float]:
    """Victory points on the WBF continuous 20-point scale for an IMP margin over ``boards``.

    Returns (this team's VPs, the opponents'), which add up to 20.

    >>> victory_points(0, 16), victory_points(-70, 16)
    ((10.0, 10.0), (0.0, 20.0))

    :raises RulesError: if ``boards`` is not a positive whole number.
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise RulesError.coded("vp_boards", field="boards", value=boards, got=repr(boards))
    table = _vp_table(boards)
    won = table[min(abs(margin), len(table) - 1)]
    ours = won if margin >= 0 else 2000 - won
    return ours / 100, (2000 - ours) / 100


def shown_points(points: float) -> float:
    """Matchpoints (or IMPs) as players read them: to two decimals at most. The stored value
    stays exact; every page, file, letter and API answer shows this (or :func:`points_text`).

    >>> shown_points(4 / 3), shown_points(101.33333333333333), shown_points(-0.001)
    (1.33, 101.33, 0.0)
    """
    return round(points, 2) + 0.0  # + 0.0: never -0.0


def points_text(points: float) -> str:
    """Matchpoints (or IMPs) as text, to two decimals at most, trailing zeros left out.

    >>> points_text(4 / 3), points_text(101.33333333333333), points_text(6.0), points_text(2.5)
    ('1.33', '101.33', '6', '2.5')
    >>> points_text(-0.001), points_text(-3.25)
    ('0', '-3.25')
    """
    return f"{shown_points(points):.2f}".rstrip("0").rstrip(".")
