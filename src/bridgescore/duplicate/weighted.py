"""Weighted adjusted scores (Law 12C1(c)): a ruling that a table scores several results, each
with a weight.

Law 12C1(c) (2017): "In order to do equity, and unless the Regulating Authority forbids it, an
adjusted score may be weighted to reflect the probabilities of a number of potential results."
A :class:`Weighted` is the director's ruling, such as 50 % of 4S by North making, 30 % of 4S
one down and 20 % of 5HX by East two down. It is a real result on the board (counted in the
results a board is scored to, not an artificial score): every figure that depends on it is the
weighted average of that figure with each of its results in its place, as
:mod:`bridgescore.duplicate` works out (SCORING.md §5.4).

>>> w = Weighted.parse("50% 4SN=, 30% 4sn-1, 20% 5HX E -2")
>>> str(w)
'50% 4SN=, 30% 4SN-1, 20% 5HXE-2'
>>> str(w.ns_scores("None"))
'50% +420, 30% -50, 20% +300'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from bridgescore.errors import BridgeError, NotationError, RulesError
from bridgescore.model import Result, Side, Vulnerability
from bridgescore.scoring import UndertrickRule, score_result

__all__ = ["MAX_COMPONENTS", "Weighted", "WeightedScore"]

MAX_COMPONENTS: Final = 12
"""The most results one weighted score may have."""
_MAX_TEXT: Final = 400
"""The longest text :meth:`Weighted.parse` reads."""


def _shown(value: object) -> str:
    return repr(value) if len(repr(value)) <= 60 else f"{repr(value)[:52]}... "


def _coded(
    code: str, value: object, cls: type[BridgeError] = NotationError, **params: object
) -> BridgeError:
    """The error of ``code`` (its template in :data:`bridgescore.errors.MESSAGES` ends with
    the weighted score as given, ``shown``, and what is expected)."""
    return cls.coded(code, field="weighted", value=value, shown=_shown(value), **params)


def _percent(text: str, whole: str) -> Fraction:
    """A weight: a whole number of percent or one with up to 2 decimals, above 0."""
    digits, dot, decimals = text.partition(".")
    if not (
        digits.isascii()
        and digits.isdigit()
        and len(digits) <= 3
        and (not dot or (decimals.isascii() and decimals.isdigit() and len(decimals) <= 2))
    ):
        raise _coded("weighted_weight", whole, weight=text)
    return Fraction(text)


def _format_percent(weight: Fraction) -> str:
    """``50``, ``33.33``, ``12.5``: at most two decimals, no trailing zeros."""
    hundredths = weight * 100
    assert hundredths.denominator == 1
    whole, part = divmod(hundredths.numerator, 100)
    return str(whole) if not part else f"{whole}.{part:02d}".rstrip("0")


def _fractions(components: object) -> tuple[tuple[Fraction, Any], ...]:
    """The components with their weights as fractions."""
    try:
        return tuple((Fraction(w), x) for w, x in components)  # type: ignore[attr-defined]
    except (TypeError, ValueError) as exc:
        raise _coded("weighted_pairs", components, RulesError) from exc


def _check_weights(weights: list[Fraction], value: object) -> None:
    for weight in weights:
        if weight <= 0 or (weight * 100).denominator != 1:
            raise _coded("weighted_weight_range", value, RulesError, weight=f"{float(weight):g}")
    total = sum(weights, Fraction(0))
    if total != 100:
        raise _coded("weighted_total", value, RulesError, total=_format_percent(total))
    if not 1 <= len(weights) <= MAX_COMPONENTS:
        raise _coded("weighted_count", value, RulesError, most=MAX_COMPONENTS)


def _check_results(components: Sequence[tuple[Fraction, object]], value: str) -> None:
    """Check the weights, and that each result is a result with its declarer."""
    _check_weights([w for w, _ in components], value)
    for _, r in components:
        if not isinstance(r, Result):
            raise _coded("weighted_result_type", value, RulesError)
        if r.declarer is None and not r.is_pass_out:
            raise _coded("weighted_declarer", value, RulesError, result=str(r))


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted adjusted score (Law 12C1(c)): results, each with its weight in percent.

    The weights are above 0, have at most two decimals and add up to exactly 100; each result
    is a real one with its declarer (or a pass-out), scored on the board's vulnerability.

    >>> Weighted(((Fraction(100), Result.parse("3NTS+1")),))
    Weighted.parse('100% 3NTS+1')

    :raises RulesError: (field ``weighted``) for weights that do not add up to 100, or a result
        with no declarer.
    """

    components: tuple[tuple[Fraction, Result], ...]
    """Each weight (percent) and its result, in the director's order."""

    def __post_init__(self) -> None:
        components = _fractions(self.components)
        _check_results(components, ", ".join(f"{float(w):g}% {r}" for w, r in components))
        object.__setattr__(self, "components", components)

    @classmethod
    def parse(cls, text: str) -> Weighted:
        """Read ``50% 4SN=, 30% 4SN-1, 20% 5HXE-2``: weights and results, split by commas.

        A weight is a whole number of percent or one with up to two decimals (``33.33%``); a
        result is written as :meth:`Result.parse <bridgescore.model.Result.parse>` reads it,
        with its declarer, or ``Pass``. Semicolons separate results too. The text is read in
        time linear in its length; more than 400 characters are refused.

        >>> Weighted.parse("60%3NTS+1; 40% Pass")
        Weighted.parse('60% 3NTS+1, 40% Pass')

        :raises NotationError: (field ``weighted``) for text that is not a weighted score.
        :raises RulesError: (field ``weighted``) for weights that do not add up to 100.
        """
        if not isinstance(text, str):
            raise _coded("weighted_text", text)
        if len(text) > _MAX_TEXT:
            raise NotationError.coded("weighted_length", field="weighted",
                value=text[:_MAX_TEXT], most=_MAX_TEXT, length=len(text))  # fmt: skip
        parts = text.replace(";", ",").split(",")
        if len(parts) > MAX_COMPONENTS:
            raise _coded("weighted_at_most", text, most=MAX_COMPONENTS)
        components = []
        for part in parts:
            weight, percent, result = part.partition("%")
            if not percent or not result.strip():
                raise _coded("weighted_needs_weight", text, part=part.strip())
            try:
                parsed = Result.parse(result)
            except BridgeError as exc:
                raise _coded("weighted_result", text, result=result.strip(), why=exc) from exc
            components.append((_percent(weight.strip(), text), parsed))
        _check_results(components, text)
        return cls(tuple(components))

    def __str__(self) -> str:
        return ", ".join(f"{_format_percent(w)}% {r}" for w, r in self.components)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    def ns_scores(
        self,
        vulnerability: Vulnerability | str,
        undertrick_rule: UndertrickRule = "modern",
    ) -> WeightedScore:
        """The NS score of each result on a board of this vulnerability, with its weight."""
        return WeightedScore(
            tuple(
                (w, score_result(r, vulnerability, undertrick_rule=undertrick_rule).for_side(
                    Side.NS))
                for w, r in self.components
            )
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted score's scores on its board: each weight (percent) and its NS score.

    This is what the functions of :mod:`bridgescore.duplicate` take, beside plain scores and
    artificial ones. ``-score`` is the same from EW's view.

    >>> w = WeightedScore(((Fraction(70), 420), (Fraction(30), -50)))
    >>> str(-w), float(w.mean)
    ('70% -420, 30% +50', 279.0)
    """

    components: tuple[tuple[Fraction, int], ...]
    """Each weight (percent) and its score."""

    def __post_init__(self) -> None:
        components = _fractions(self.components)
        _check_weights([w for w, _ in components], self.components)
        for _, s in components:
            if isinstance(s, bool) or not isinstance(s, int):
                raise _coded("weighted_score_type", s, RulesError)
        object.__setattr__(self, "components", components)

    @property
    def mean(self) -> Fraction:
        """The weighted mean score (shown for information; it is not what is scored)."""
        return sum((w * s for w, s in self.components), Fraction(0)) / 100

    def __neg__(self) -> WeightedScore:
        return WeightedScore(tuple((w, -s) for w, s in self.components))

    def __str__(self) -> str:
        return ", ".join(f"{_format_percent(w)}% {s:+d}" for w, s in self.components)
