"""The WBF IMP scale (SCORING.md §6, Law 78B)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import IMP_THRESHOLDS, imps

# SCORING.md §6 boundary checks: (difference, IMPs).
BOUNDARIES = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4),
    (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9),
    (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13),
    (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (1490, 16),
    (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19), (2240, 19), (2250, 20),
    (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22), (3500, 23), (3990, 23),
    (4000, 24), (7600, 24), (-450, -10), (-1100, -15),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), BOUNDARIES)
def test_boundaries(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [(620, -100, 12), (420, 450, -1), (1430, 680, 13), (-500, -620, 3)],
)
def test_team_examples(ours: int, theirs: int, expected: int) -> None:
    assert imps(ours - theirs) == expected


def test_differences_that_are_not_multiples_of_ten() -> None:
    # Scores are always multiples of 10; other differences come only from averaged data,
    # and fall in the band of the threshold below them (SCORING.md §6).
    assert (imps(15), imps(45), imps(-45), imps(4999)) == (0, 1, -1, 24)


def test_thresholds_are_the_law_78b_table() -> None:
    assert len(IMP_THRESHOLDS) == 24
    assert list(IMP_THRESHOLDS) == sorted(IMP_THRESHOLDS)


@given(st.integers(-10_000, 10_000))
def test_odd(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(-10_000, 10_000), st.integers(0, 1_000))
def test_monotone(difference: int, step: int) -> None:
    assert imps(difference + step) >= imps(difference)
    assert -24 <= imps(difference) <= 24
