"""Victory-point scales: a match's IMP margin (or a pair's percentage) as victory points.

Every figure is in hundredths of a VP (whole numbers), so totals add up exactly; the two sides
of a match always share the scale's total. SCORING.md §16 cites each table.

>>> VpScale.WBF_2013.imps(12, 16), VpScale.ACBL_30.imps(-5, 7)
((1328, 672), (800, 2200))
>>> VpScale.EBU_SWISS_PAIRS_7.percent(Fraction("58.2"), 7)
(1600, 400)
"""

from __future__ import annotations

import bisect
from enum import StrEnum
from fractions import Fraction
from typing import Final, Literal

from bridgescore.duplicate.field import victory_points
from bridgescore.errors import RulesError

__all__ = ["BYE_PRESETS", "VpScale"]

_ACBL_30: Final = {
    (6, 8): (0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28),
    (9, 11): (0, 1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36),
}
"""The ACBL 30-point scale: the least winning margin for 15, 18, 19, 20 ... 30 VPs."""
_ACBL_30_VPS: Final = (15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30)

_ACBL_20: Final = {
    (6, 8): (0, 1, 3, 5, 8, 11, 14, 17, 20, 24, 28),
    (9, 11): (0, 1, 3, 6, 10, 14, 18, 22, 26, 31, 36),
}
"""The ACBL 20-point scale: the least winning margin for 10, 11, 12 ... 20 VPs."""

_EBU_PAIRS_7: Final = tuple(
    Fraction(x) for x in
    ("50.66", "51.99", "53.34", "54.75", "56.24", "57.84", "59.65", "61.76", "64.41", "68.36")
)  # fmt: skip
"""The EBU Swiss pairs scale for 7 boards: the least percentage for 11, 12 ... 20 VPs."""


class VpScale(StrEnum):
    """A victory-point scale, by its name in the API (SCORING.md §16)."""

    WBF_2013 = "wbf-2013"
    """The WBF continuous 20-point scale (2013) for any number of boards, of IMPs."""
    ACBL_30 = "acbl-30"
    """The ACBL's 30-point Swiss teams scale, of IMPs, for matches of 6 to 11 boards."""
    ACBL_20 = "acbl-20"
    """The ACBL's 20-point Swiss teams scale, of IMPs, for matches of 6 to 11 boards."""
    EBU_SWISS_PAIRS_7 = "ebu-swiss-pairs-7"
    """The EBU's Swiss pairs scale of matchpoint percentages for 7-board matches (20 VPs)."""

    @property
    def total(self) -> int:
        """What the two sides of a match share, in hundredths (2000 or 3000)."""
        return 3000 if self is VpScale.ACBL_30 else 2000

    @property
    def measure(self) -> Literal["imps", "percent"]:
        """What the scale converts: an IMP margin or a matchpointed pair's percentage."""
        return "percent" if self is VpScale.EBU_SWISS_PAIRS_7 else "imps"

    def check(self, boards: int) -> None:
        """Refuse a match length the scale has no table for.

        :raises RulesError: (field ``boards_per_match``).
        """
        if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
            raise RulesError.coded("match_boards_whole", field="boards_per_match", value=boards,
                                   got=repr(boards))  # fmt: skip
        lengths = {
            VpScale.ACBL_30: range(6, 12),
            VpScale.ACBL_20: range(6, 12),
            VpScale.EBU_SWISS_PAIRS_7: range(7, 8),
        }.get(self)
        if lengths is not None and boards not in lengths:
            raise RulesError.coded("scale_match_lengths", field="boards_per_match", value=boards,
                                   scale=self.value, first=lengths[0], last=lengths[-1],
                                   boards=boards)  # fmt: skip

    def imps(self, margin: int, boards: int) -> tuple[int, int]:
        """VPs (this side, the other), in hundredths, for an IMP margin over ``boards``.

        >>> VpScale.ACBL_20.imps(0, 8), VpScale.ACBL_20.imps(36, 10)
        ((1000, 1000), (2000, 0))

        :raises RulesError: for a percentage scale, or a length the scale has no table for.
        """
        if self.measure != "imps":
            raise RulesError.coded("scale_percentages", field="scale", value=self.value,
                                   scale=self.value)  # fmt: skip
        self.check(boards)
        if self is VpScale.WBF_2013:
            won = round(victory_points(abs(margin), boards)[0] * 100)
        else:
            thresholds = _ACBL_30 if self is VpScale.ACBL_30 else _ACBL_20
            steps = thresholds[(6, 8) if boards <= 8 else (9, 11)]
            step = bisect.bisect_right(steps, abs(margin)) - 1
            won = 100 * (_ACBL_30_VPS[step] if self is VpScale.ACBL_30 else 10 + step)
        ours = won if margin >= 0 else self.total - won
        return ours, self.total - ours

    def percent(self, percent: Fraction, boards: int) -> tuple[int, int]:
        """VPs (this pair, its opponents), in hundredths, for a matchpointed pair's percentage
        over a match, rounded to hundredths of a per cent (half up) as the table is printed.

        :raises RulesError: for an IMP scale, a length without a table, or a percentage out
            of 0-100.
        """
        if self.measure != "percent":
            raise RulesError.coded("scale_imps", field="scale", value=self.value,
                                   scale=self.value)  # fmt: skip
        self.check(boards)
        if not 0 <= percent <= 100:
            raise RulesError.coded("percent_range", field="percent", value=float(percent),
                                   got=repr(float(percent)))  # fmt: skip
        p = Fraction(int(percent * 100 + Fraction(1, 2)), 100)
        ours = 100 * (10 + bisect.bisect_right(_EBU_PAIRS_7, max(p, 100 - p)))
        if p < 50:
            ours = self.total - ours
        return ours, self.total - ours


BYE_PRESETS: Final = {
    VpScale.WBF_2013: 1200,
    VpScale.ACBL_30: 1800,
    VpScale.ACBL_20: 1200,
    VpScale.EBU_SWISS_PAIRS_7: 1200,
}
"""What a bye scores on each scale unless the event says otherwise, in hundredths: 12 of 20
(18 of 30): SCORING.md §16.3."""
