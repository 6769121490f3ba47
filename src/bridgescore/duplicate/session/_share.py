"""The minimum share of boards for a ranking: who is ranked, and the share as typed.

A section's pairs are ranked only if each played at least ``share`` of the boards that the
pair who played the most in the section played (SCORING.md, "A minimum share of boards"); the
others are listed after them, not ranked, with their percentage. Off (``None``) unless the
director or ``--min-share`` sets it.

>>> read_share("50%"), read_share("0.5"), read_share("2/3")
(Fraction(1, 2), Fraction(1, 2), Fraction(2, 3))
>>> qualifies(5, 18, Fraction(1, 2)), qualifies(9, 18, Fraction(1, 2))
(False, True)
"""

from __future__ import annotations

import re
from fractions import Fraction

from bridgescore.errors import N_, SessionError

__all__ = ["NOT_RANKED", "qualifies", "read_share", "share_text"]

NOT_RANKED = N_("not ranked")
"""How a pair below the minimum share is shown where a rank would be."""

_NUMBER = re.compile(r"(\d{1,3})(?:\.(\d{1,6}))?")
_RATIO = re.compile(r"(\d{1,4})/(\d{1,4})")


def read_share(text: str, field: str = "min_share") -> Fraction:
    """A share of boards as typed: a percentage (``70%``), a decimal (``0.7``) or a fraction
    (``2/3``), above 0 and at most 1.

    >>> read_share(" 66.5 % ")
    Fraction(133, 200)
    >>> read_share("70")
    Traceback (most recent call last):
    ...
    bridgescore.errors.SessionError: a share of boards is above 0 and at most 1 (or 100%): \
write 70% or 0.7, not '70'

    :raises SessionError: for anything else, naming ``field``.
    """
    given = text.strip()
    percent = given.endswith("%")
    body = given.removesuffix("%").strip()
    value: Fraction | None = None
    if (ratio := _RATIO.fullmatch(body)) and not percent and int(ratio[2]):
        value = Fraction(int(ratio[1]), int(ratio[2]))
    elif number := _NUMBER.fullmatch(body):
        value = Fraction(f"{number[1]}.{number[2] or 0}") / (100 if percent else 1)
    if value is None or not 0 < value <= 1:
        if value is not None and not percent and 1 < value <= 100:
            raise SessionError.coded("share_percent", field=field, value=text[:40],
                                     percent=f"{body}%", decimal=f"{float(value / 100):g}",
                                     text=text)  # fmt: skip
        raise SessionError.coded("share_notation", field=field, value=text[:40], text=text[:40])
    return value


def share_text(share: Fraction) -> str:
    """A share as a percentage, as the pages show it.

    >>> share_text(Fraction(1, 2)), share_text(Fraction(2, 3))
    ('50%', '66.67%')
    """
    percent = round(float(share * 100), 2)
    return f"{percent:g}%"


def qualifies(boards: int, most: int, share: Fraction | None) -> bool:
    """Whether a pair that played ``boards`` is ranked, when the section's busiest pair played
    ``most``: always with no minimum share, else if ``boards`` is at least ``share`` of
    ``most`` (exactly: 9 of 18 is a half)."""
    return share is None or boards * share.denominator >= share.numerator * most
