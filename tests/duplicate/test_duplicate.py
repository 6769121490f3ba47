"""Matchpoints, Neuberg, artificial scores, Butler, cross-IMPs and VPs: SCORING.md §5-7."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import NotationError, RulesError
from bridgescore.duplicate import (
    Adjusted,
    Artificial,
    butler,
    cross_imps,
    datum,
    matchpoints,
    matchpoints_ew,
    mp2,
    percentages,
    top,
    victory_points,
)

EXAMPLE_1 = [420, 420, 450, 170, -50, 420, 620]  # SCORING.md §5.1, MP example 1


def test_mp_example_1() -> None:
    assert matchpoints(EXAMPLE_1) == [6, 6, 10, 2, 0, 6, 12]
    assert matchpoints_ew(EXAMPLE_1) == [6, 6, 2, 10, 12, 6, 0]
    assert mp2(matchpoints(EXAMPLE_1)) == [3, 3, 5, 1, 0, 3, 6]
    assert [round(p, 2) for p in percentages(matchpoints(EXAMPLE_1), 7)] == [
        50.0, 50.0, 83.33, 16.67, 0.0, 50.0, 100.0,
    ]  # fmt: skip
    assert top(7) == 12


def test_mp_example_2_all_tied() -> None:
    assert matchpoints([100] * 4) == [3, 3, 3, 3]
    assert percentages(matchpoints([100] * 4), 4) == [50.0] * 4


def test_neuberg_ebu_example() -> None:
    # SCORING.md §5.2, the EBU's worked example: 10 results where 11 were expected.
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    assert matchpoints(scores, expected=11) == [
        19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1,
    ]  # fmt: skip
    half = [round(mp, 2) for mp in mp2(matchpoints(scores, expected=11))]
    assert (half[0], half[1], half[-1]) == (9.95, 8.85, 0.05)


def test_neuberg_with_ties() -> None:
    scores = [620, 620, 200, 170, 170, 170, -100, -100]
    assert matchpoints(scores) == [13, 13, 10, 6, 6, 6, 1, 1]
    assert matchpoints(scores, expected=16) == [27, 27, 21, 13, 13, 13, 3, 3]


def test_neuberg_percentage_form_smulders() -> None:
    # A fouled board of 7 split into groups of 3 and 4: the tops become 88.9 % and 93.8 %.
    three = percentages(matchpoints([300, 200, 100], expected=7), 7)
    four = percentages(matchpoints([400, 300, 200, 100], expected=7), 7)
    assert (round(three[0], 1), round(four[0], 1)) == (88.9, 93.8)


def test_artificial_scores_with_real_ones() -> None:
    # SCORING.md §5.3: 11 tables, one A+/A-; the other 10 Neuberg-scaled to 11.
    scores: list[int | Adjusted] = [450, 450, 450, 420, 420, 420, 420, 170, 170, -50]
    scores.append(Adjusted.parse("A+/A-"))
    ns = matchpoints(scores)
    ew = matchpoints_ew(scores)
    assert (ns[-1], ew[-1]) == (12, 8)
    assert [round(mp, 1) for mp in ns[:-1]] == [17.7] * 3 + [10.0] * 4 + [3.4] * 2 + [0.1]
    assert ns[0] + ew[0] == 20


def test_artificial_parameters_and_notation() -> None:
    stricter = Artificial(plus=65, minus=35)
    assert matchpoints([Adjusted.parse("A+"), 100, 50], artificial=stricter)[0] == 2.6
    assert Adjusted.parse("Ave+") == Adjusted("A+", "A-")
    assert Adjusted.parse("A") == Adjusted("A", "A")
    assert Adjusted.parse("a-/a+") == Adjusted("A-", "A+")
    assert str(Adjusted.parse("A+/A+")) == "A+/A+"
    for bad in ("B", "A+/A-/A", "60%"):
        with pytest.raises(NotationError, match="invalid artificial score"):
            Adjusted.parse(bad)


def test_bad_board_input() -> None:
    with pytest.raises(RulesError, match="expects only 2"):
        matchpoints([1, 2, 3], expected=2)
    with pytest.raises(RulesError, match="must be an integer, an Adjusted or a WeightedScore"):
        matchpoints([420, "450"])  # type: ignore[list-item,unused-ignore]


# Butler (SCORING.md §7.1).


def test_butler_b1_bbf() -> None:
    scores = [980] * 3 + [480] * 11 + [450] * 7 + [-50]
    b = butler(scores, drop=0)
    assert b.datum == 510
    assert dict(zip(scores, b.imps, strict=True)) == {980: 10, 480: -1, 450: -2, -50: -11}
    assert b.imps_ew == [-i for i in b.imps]


def test_butler_b2_stevenson() -> None:
    b = butler([620] * 4 + [170] * 3)
    assert (b.datum, b.imps[0], b.imps[-1]) == (440, 5, -7)


def test_butler_b3_rounding() -> None:
    scores = [800, 470, 380, -300]
    assert butler(scores).imps == [9, 2, -1, -12]
    assert butler(scores, rounding="half-up").imps[1:3] == [1, -2]
    assert datum([-470, -380]) == -420
    assert datum([-470, -380], rounding="half-up") == -430


def test_butler_x4() -> None:
    b = butler(EXAMPLE_1)
    assert b.datum == 380
    assert dict(zip(EXAMPLE_1, b.imps, strict=True)) == {420: 1, 450: 2, 170: -5, -50: -10,
                                                        620: 6}  # fmt: skip


def test_butler_drop_options_and_artificial() -> None:
    assert datum([100, 200, 900], drop=5) == 200  # never drops everything
    assert datum([10] * 20 + [1000, -1000], drop="5%") == 10  # 5 % of 22: 1 at each end
    b = butler([620, 170, Adjusted.parse("A+/A-")], drop=0)
    assert (b.datum, b.imps[-1], b.imps_ew[-1]) == (400, 3, -3)
    assert butler([Adjusted.parse("A")]).datum is None
    for bad in (-1, "five", True):
        with pytest.raises(RulesError, match="drop must be"):
            datum([1, 2, 3], drop=bad)
    with pytest.raises(RulesError, match="unknown rounding"):
        datum([1, 2], rounding="up")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="at least one score"):
        datum([])


# Cross-IMPs (SCORING.md §7.2).


def test_cross_imps_x1_bridge55() -> None:
    scores = [420, 450, -100, -200, 400, 590]
    assert cross_imps(scores, divisor="raw") == [18, 22, -42, -52, 15, 39]
    assert cross_imps(scores) == [3.6, 4.4, -8.4, -10.4, 3.0, 7.8]
    assert cross_imps(scores, divisor="n")[0] == 3.0


def test_cross_imps_x2_x3_x4() -> None:
    assert cross_imps([400, -50], divisor="raw") == [10, -10]
    assert cross_imps([400, -50]) == [10, -10]
    assert cross_imps([400, -50], divisor="n") == [5, -5]
    assert cross_imps([600] * 4 + [630], divisor="raw") == [-1, -1, -1, -1, 4]
    x4 = cross_imps(EXAMPLE_1)
    assert [round(x, 2) for x in x4] == [1.67, 1.67, 2.67, -4.83, -9.83, 1.67, 7.0]


def test_cross_imps_short_boards_and_artificial() -> None:
    # raw × (N/m) / (N-1): 2 results of an expected 4.
    assert cross_imps([400, -50], expected=4) == [float(Fraction(10 * 4, 2 * 3)),
                                                 float(Fraction(-10 * 4, 2 * 3))]  # fmt: skip
    # An artificial score counts among the results expected: raw 10 × (3/2) / 2.
    assert cross_imps([400, Adjusted.parse("A-/A+"), -50]) == [7.5, -3.0, -7.5]
    with pytest.raises(RulesError, match="unknown cross-IMP divisor"):
        cross_imps([1, 2], divisor="sqrt")  # type: ignore[arg-type]


# Victory points: the WBF continuous scale (2013).


@pytest.mark.parametrize(
    ("margin", "vps"),
    # Published figures for the 14-board scale (Ron Klinger, IBPA Bulletin, May 2013: "IMPs 1
    # and 2 were worth 0.33 VPs each, IMPs 3 and 4 0.31 each, IMP 5 0.30, IMPs 6 and 7 0.29";
    # "2 IMPs = 10.66-9.34", "7 IMPs = 12.16-7.84", "10 IMPs 12.97-7.03", "20 IMPs 15.26-4.74"),
    # read at http://neapolitanclub.altervista.org/eng/ron-klinger-the-new-wbf-imps-to-vps-scale.html
    [(0, 10.0), (1, 10.33), (2, 10.66), (3, 10.97), (4, 11.28), (5, 11.58), (6, 11.87),
     (7, 12.16), (10, 12.97), (20, 15.26)],
)  # fmt: skip
def test_victory_points_match_the_published_14_board_scale(margin: int, vps: float) -> None:
    assert victory_points(margin, 14) == (vps, round(20 - vps, 2))
    assert victory_points(-margin, 14) == (round(20 - vps, 2), vps)


def test_victory_points_blitz_and_errors() -> None:
    assert victory_points(57, 14)[0] == 20.0  # 15 √14 = 56.1: a blitz
    assert victory_points(56, 14)[0] < 20.0
    assert victory_points(500, 16) == (20.0, 0.0)
    with pytest.raises(RulesError, match="boards must be a positive whole number"):
        victory_points(10, 0)


@given(st.integers(1, 64))
def test_victory_points_are_concave_and_add_up(boards: int) -> None:
    wins = [victory_points(m, boards)[0] for m in range(0, 200)]
    steps = [round(b - a, 2) for a, b in itertools.pairwise(wins)]
    assert all(x >= y for x, y in itertools.pairwise(steps))
    assert all(0 <= w <= 20 for w in wins)
    assert all(victory_points(m, boards)[0] + victory_points(m, boards)[1] == 20 for m in (3, 9))


# Properties.

boards = st.lists(st.integers(-100, 100).map(lambda x: 10 * x), min_size=1, max_size=30)


@given(boards)
def test_matchpoints_sum_to_n_times_n_minus_1(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert all(a + b == top(n) for a, b in zip(matchpoints(scores), matchpoints_ew(scores),
                                                 strict=True))  # fmt: skip


@given(boards, st.integers(0, 10))
def test_neuberg_keeps_the_order_and_the_average(scores: list[int], missing: int) -> None:
    n = len(scores)
    big_n = n + missing
    mps = matchpoints(scores, expected=big_n)
    raw = matchpoints(scores)
    assert sorted(range(n), key=lambda i: (mps[i], i)) == sorted(
        range(n), key=lambda i: (raw[i], i)
    )
    assert abs(sum(mps) / n - (big_n - 1)) < 1e-9  # the average result stays at 50 %


@given(boards)
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    assert abs(sum(cross_imps(scores, divisor="raw"))) < 1e-9


@given(boards)
def test_butler_is_monotone(scores: list[int]) -> None:
    pairs = sorted(zip(scores, butler(scores).imps, strict=True))
    for (_, i), (_, j) in itertools.pairwise(pairs):
        assert i <= j


def test_an_artificial_scores_and_a_drops_errors_are_said_in_the_readers_language() -> None:
    from bridgescore.duplicate.field import dropped_count
    from bridgescore.locale import error_text, use

    with pytest.raises(NotationError) as notation:
        Adjusted.parse("A+/A/A-")
    with pytest.raises(RulesError) as drop:
        dropped_count(10, "5 percent")
    assert (notation.value.code, drop.value.code) == ("artificial_split_notation", "drop_notation")
    with use("it"):
        italian = [error_text(notation.value), error_text(drop.value)]
    assert italian != [str(notation.value), str(drop.value)]
    assert "'A+/A/A-'" in italian[0]
    assert "'5 percent'" in italian[1]
