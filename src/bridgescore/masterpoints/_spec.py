"""The values of masterpoints: a scheme, the spec of an event's awards, an award, and the one
reader of ``--masterpoints SCHEME[:WEIGHT]`` (SCORING.md §25)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from typing import Final

from bridgescore.errors import N_, MasterpointError
from bridgescore.masterpoints.ebu import SCALES

__all__ = ["KINDS", "Award", "MasterpointSpec", "Scheme", "parse_spec", "round_to"]


class Scheme(StrEnum):
    """A federation's masterpoint scheme."""

    ABF = "abf"
    """The Australian Bridge Federation's Masterpoint Manual (§25.1)."""
    ACBL = "acbl"
    """The ACBL's club game awards (§25.2)."""
    EBU = "ebu"
    """The English Bridge Union's master point scales (§25.3)."""

    @property
    def unit(self) -> Decimal:
        """The smallest award, in which USEBIO's ``MASTER_POINTS_AWARDED`` counts: a hundredth
        of a masterpoint (the ABF's, as Compscore writes it; the ACBL's), a whole master point
        (the EBU's).

        >>> Scheme.ABF.unit, Scheme.EBU.unit
        (Decimal('0.01'), Decimal('1'))
        """
        return Decimal(1) if self is Scheme.EBU else Decimal("0.01")


CLUB_WEIGHT: dict[Scheme, Fraction] = {
    Scheme.ABF: Fraction(3, 2),
    Scheme.ACBL: Fraction(1),
    Scheme.EBU: Fraction(1),
}
"""Each scheme's weight for a club session (§25: ABF green points at 1.5; the ACBL's and the
EBU's club charts as published, factor 1)."""


@dataclass(frozen=True, slots=True)
class MasterpointSpec:
    """Which scheme awards an event's masterpoints, and at which weight (the multiplying
    factor of the event's grade).

    >>> MasterpointSpec(Scheme.ABF, Fraction(5, 2)).text
    'abf:2.5'
    """

    scheme: Scheme
    weight: Fraction

    @property
    def text(self) -> str:
        """The spec as ``parse_spec`` reads it and a director writes it: the scheme alone at its
        club session's weight, a weight in decimals where it has them.

        >>> [MasterpointSpec(Scheme.ABF, w).text for w in (Fraction(3, 2), Fraction(2))]
        ['abf', 'abf:2']
        >>> MasterpointSpec(Scheme.ACBL, Fraction(1, 3)).text
        'acbl:1/3'
        """
        if self.weight == CLUB_WEIGHT[self.scheme]:
            return self.scheme.value
        weight = self.weight
        rest = weight.denominator
        for factor in (2, 5):
            while rest % factor == 0:
                rest //= factor
        if rest != 1:  # no finite decimal
            return f"{self.scheme.value}:{weight}"
        decimal = Decimal(weight.numerator) / Decimal(weight.denominator)
        return f"{self.scheme.value}:{decimal.normalize():f}"


@dataclass(frozen=True, slots=True)
class Award:
    """What each player of a pair earns: ``points`` in the scheme's own unit, rounded as the
    federation rounds, and ``kind``, the ``MASTER_POINT_TYPE`` of USEBIO.

    >>> Award(Decimal("0.24"), "GREEN").points
    Decimal('0.24')
    """

    points: Decimal
    kind: str

    @property
    def colour(self) -> str:
        """The kind as a letter writes it, in English (:data:`KINDS`; another kind, lower case).

        >>> Award(Decimal("0.24"), "GREEN").colour, Award(Decimal(1), "Silver").colour
        ('green', 'silver')
        """
        return KINDS.get(self.kind.lower(), self.kind.lower())


# TRANSLATORS: the colour (kind) of masterpoints, in brackets after their number in a letter.
KINDS: Final[Mapping[str, str]] = {"green": N_("green"), "red": N_("red"), "gold": N_("gold"),
                                   "black": N_("black"), "local": N_("local")}  # fmt: skip
"""The kinds of points the schemes award (ABF green and red, gold; ACBL black; EBU local), by
their lower case, as words: marked for the catalogues, said in the reader's language."""


_WEIGHT = re.compile(r"\d{1,3}(\.\d{1,4})?|\d{1,3}/\d{1,3}")


def parse_spec(text: str) -> MasterpointSpec:
    """Read ``SCHEME[:WEIGHT]``: ``abf``, ``acbl:1.5``, ``ebu:2``, ``abf:5/2``; the weight
    defaults to the scheme's club session, and the EBU's is one of its scales
    (:data:`bridgescore.masterpoints.ebu.SCALES`).

    >>> parse_spec("abf"), parse_spec(" ACBL:1.5 ").weight
    (MasterpointSpec(scheme=<Scheme.ABF: 'abf'>, weight=Fraction(3, 2)), Fraction(3, 2))
    >>> parse_spec("fide")
    Traceback (most recent call last):
    ...
    bridgescore.errors.MasterpointError: masterpoints 'fide': the scheme is abf, acbl or ebu
    """
    if not isinstance(text, str) or len(text) > 20:
        raise MasterpointError.coded("masterpoints_notation", field="masterpoints", value=text,
                                     text=text)  # fmt: skip
    name, colon, weight = text.strip().lower().partition(":")
    try:
        scheme = Scheme(name)
    except ValueError:
        raise MasterpointError.coded("masterpoints_scheme", field="masterpoints", value=text,
                                     text=text) from None  # fmt: skip
    if not colon:
        return MasterpointSpec(scheme, CLUB_WEIGHT[scheme])
    if not _WEIGHT.fullmatch(weight) or Fraction(weight) <= 0 or Fraction(weight) > 100:
        raise MasterpointError.coded("masterpoints_weight", field="masterpoints", value=text,
                                     text=text)  # fmt: skip
    if scheme is Scheme.EBU and Fraction(weight) not in SCALES:
        raise MasterpointError.coded("ebu_scale", field="masterpoints", value=text, text=text)
    return MasterpointSpec(scheme, Fraction(weight))


def round_to(value: Decimal | Fraction, quantum: Decimal, rounding: str = ROUND_HALF_UP
             ) -> Decimal:  # fmt: skip
    """``value`` to a multiple of ``quantum``, halves up (or by ``rounding``, a
    :mod:`decimal` rounding such as ``ROUND_CEILING``).

    >>> round_to(Fraction(1, 8), Decimal("0.01")), round_to(Decimal("2.5"), Decimal(1))
    (Decimal('0.13'), Decimal('3'))
    >>> round_to(Fraction(7, 3), Decimal(1), "ROUND_CEILING")
    Decimal('3')
    """
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = 28
            value = Decimal(value.numerator) / Decimal(value.denominator)
    return value.quantize(quantum, rounding=rounding)
