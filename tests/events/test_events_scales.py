"""Victory-point scales, checked against their published tables (SCORING.md §16.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.duplicate import victory_points
from bridgescore.errors import RulesError
from bridgescore.events import BYE_PRESETS, VpScale

# (scale, boards, IMP margin, winner's VPs): the ACBL tables as bridgehands.com prints them
# (SCORING.md §16, E2), at each end of several rows of both columns.
IMPS = [
    (VpScale.ACBL_30, 7, 0, 15), (VpScale.ACBL_30, 7, 1, 18), (VpScale.ACBL_30, 7, 4, 21),
    (VpScale.ACBL_30, 6, 5, 22), (VpScale.ACBL_30, 8, 6, 22), (VpScale.ACBL_30, 8, 13, 25),
    (VpScale.ACBL_30, 8, 27, 29), (VpScale.ACBL_30, 8, 28, 30), (VpScale.ACBL_30, 8, 90, 30),
    (VpScale.ACBL_30, 9, 3, 20), (VpScale.ACBL_30, 9, 4, 20), (VpScale.ACBL_30, 10, 11, 23),
    (VpScale.ACBL_30, 11, 21, 26), (VpScale.ACBL_30, 11, 35, 29), (VpScale.ACBL_30, 11, 36, 30),
    (VpScale.ACBL_20, 6, 0, 10), (VpScale.ACBL_20, 6, 2, 11), (VpScale.ACBL_20, 7, 3, 12),
    (VpScale.ACBL_20, 7, 7, 13), (VpScale.ACBL_20, 8, 10, 14), (VpScale.ACBL_20, 8, 23, 18),
    (VpScale.ACBL_20, 8, 27, 19), (VpScale.ACBL_20, 8, 28, 20), (VpScale.ACBL_20, 9, 5, 12),
    (VpScale.ACBL_20, 9, 6, 13), (VpScale.ACBL_20, 10, 17, 15), (VpScale.ACBL_20, 11, 30, 18),
    (VpScale.ACBL_20, 11, 35, 19), (VpScale.ACBL_20, 11, 36, 20),
    # WBF 2013 (E1): 12 IMPs over 16 boards 13.28; the blitz of 8 boards is 15√8 = 42.4
    (VpScale.WBF_2013, 16, 12, 13.28), (VpScale.WBF_2013, 8, 43, 20), (VpScale.WBF_2013, 8, 0, 10),
]  # fmt: skip


@pytest.mark.parametrize(("scale", "boards", "margin", "vps"), IMPS,
                         ids=[f"{c[0].value}-{c[1]}b-{c[2]}" for c in IMPS])  # fmt: skip
def test_published_imp_tables(scale: VpScale, boards: int, margin: int, vps: float) -> None:
    won = round(vps * 100)
    assert scale.imps(margin, boards) == (won, scale.total - won)
    assert scale.imps(-margin, boards) == (scale.total - won, won)


# (percentage, VPs): the EBU's Swiss pairs scale for 7 boards, both ends of each row (E3)
PERCENT = [
    ("50.00", 10), ("50.65", 10), ("50.66", 11), ("51.98", 11), ("51.99", 12), ("53.33", 12),
    ("53.34", 13), ("54.74", 13), ("54.75", 14), ("56.23", 14), ("56.24", 15), ("57.83", 15),
    ("57.84", 16), ("59.64", 16), ("59.65", 17), ("61.75", 17), ("61.76", 18), ("64.40", 18),
    ("64.41", 19), ("68.35", 19), ("68.36", 20), ("100", 20),
    ("49.35", 10), ("49.34", 9), ("35.59", 1), ("31.65", 1), ("31.64", 0), ("0", 0),
]  # fmt: skip


@pytest.mark.parametrize(("percent", "vps"), PERCENT, ids=[p[0] for p in PERCENT])
def test_ebu_swiss_pairs_table(percent: str, vps: int) -> None:
    assert VpScale.EBU_SWISS_PAIRS_7.percent(Fraction(percent), 7) == (100 * vps, 2000 - 100 * vps)


def test_a_percentage_is_rounded_to_hundredths_first() -> None:
    assert VpScale.EBU_SWISS_PAIRS_7.percent(Fraction(50655, 1000), 7) == (1100, 900)
    assert VpScale.EBU_SWISS_PAIRS_7.percent(Fraction(506549, 10000), 7) == (1000, 1000)


@given(st.sampled_from([VpScale.WBF_2013, VpScale.ACBL_30, VpScale.ACBL_20]),
       st.integers(6, 11), st.integers(-200, 200))  # fmt: skip
def test_imp_scales_share_the_total_and_rise_with_the_margin(
    scale: VpScale, boards: int, margin: int
) -> None:
    ours, theirs = scale.imps(margin, boards)
    assert ours + theirs == scale.total
    assert scale.imps(margin + 1, boards)[0] >= ours
    assert (ours > theirs) == (margin > 0)


@given(st.integers(1, 40), st.integers(-100, 100))
def test_wbf_is_the_existing_continuous_scale(boards: int, margin: int) -> None:
    ours, theirs = victory_points(margin, boards)
    assert VpScale.WBF_2013.imps(margin, boards) == (round(ours * 100), round(theirs * 100))


REFUSED = [
    (lambda: VpScale.ACBL_30.imps(3, 12), "6-11 boards"),
    (lambda: VpScale.ACBL_20.imps(3, 5), "6-11 boards"),
    (lambda: VpScale.EBU_SWISS_PAIRS_7.percent(Fraction(50), 8), "7-7 boards"),
    (lambda: VpScale.EBU_SWISS_PAIRS_7.imps(3, 7), "converts percentages"),
    (lambda: VpScale.WBF_2013.percent(Fraction(50), 7), "converts IMPs"),
    (lambda: VpScale.EBU_SWISS_PAIRS_7.percent(Fraction(101), 7), "0-100"),
    (lambda: VpScale.WBF_2013.imps(3, 0), "positive"),
]


@pytest.mark.parametrize(("call", "message"), REFUSED, ids=[r[1] for r in REFUSED])
def test_refused(call: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        call()  # type: ignore[operator]


def test_names_and_byes() -> None:
    assert [s.value for s in VpScale] == ["wbf-2013", "acbl-30", "acbl-20", "ebu-swiss-pairs-7"]
    assert VpScale("acbl-30").total == 3000
    assert {s: BYE_PRESETS[s] for s in VpScale} == {
        VpScale.WBF_2013: 1200, VpScale.ACBL_30: 1800, VpScale.ACBL_20: 1200,
        VpScale.EBU_SWISS_PAIRS_7: 1200,
    }  # fmt: skip
