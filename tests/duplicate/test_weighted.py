"""Weighted adjusted scores (Law 12C1(c)): their notation, and scoring them on a board."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import BridgeError, NotationError, Result, RulesError, Seat, Vulnerability
from bridgescore.duplicate import (
    MAX_COMBINATIONS,
    Adjusted,
    BoardScore,
    Weighted,
    WeightedScore,
    butler,
    cross_imps,
    matchpoints,
    matchpoints_ew,
)
from bridgescore.model import Contract, Doubling, Strain

# The worked example, by hand. Board 5 (NS vulnerable). The director gives one table
# 50% of 4S by N making, 30% of 4S-1, 20% of 5HX by E two down: NS +620, -100 and +300 (E is
# not vulnerable: doubled, 100 + 200). The other four tables: NS +650, +620, +170, -100.
# Five results, top 8.
#
# Matchpoints (MP1), each other table against each of the weighted results:
#   weighted: +620 beats 170, -100, ties 620 -> 5; -100 ties -100 -> 1; +300 beats 170, -100
#             -> 4.  0.5*5 + 0.3*1 + 0.2*4 = 3.6 (EW: 8 - 3.6 = 4.4)
#   +650: 6 against the others, 2 against each weighted result -> 8
#   +620: 4 against the others; against the weighted one 1 (.5), 2 (.3), 2 (.2) = 1.5 -> 5.5
#   +170: 2 against the others; against the weighted one 0, 2 (.3), 0 = 0.6 -> 2.6
#   -100: 0 against the others; against the weighted one 0, 1 (.3), 0 = 0.3 -> 0.3
#   total 8 + 5.5 + 2.6 + 0.3 + 3.6 = 20 = 5 * 4, as with five real results.
# Neuberg to 6 results: (3.6 + 1) * 6/5 - 1 = 4.52 for the weighted one; 650 -> 9.8.
#
# Butler (one top and one bottom dropped, datum to the ten, half to even), per result:
#   +620: kept 170, 620, 620 -> datum 470; IMPs 650 +5, 620 +4, 170 -7, -100 -11, weighted +4
#   -100: kept -100, 170, 620 -> datum 230; IMPs +9, +9, -2, -8, weighted -8
#   +300: kept 170, 300, 620 -> 363.3 -> datum 360; IMPs +7, +6, -5, -10, weighted -2
#   weighted: datum .5*470 + .3*230 + .2*360 = 376; 650 -> 2.5 + 2.7 + 1.4 = 6.6;
#   620 -> 2 + 2.7 + 1.2 = 5.9; 170 -> -3.5 - .6 - 1 = -5.1; -100 -> -5.5 - 2.4 - 2 = -9.9;
#   weighted -> 2 - 2.4 - .4 = -0.8
#
# Cross-IMPs (sum over the 4 others, divided by n - 1 = 4):
#   weighted: +620 vs 650, 620, 170, -100: -1, 0, +10, +12 = 21; -100: -13, -12, -7, 0 = -32;
#             +300: -8, -8, +4, +9 = -3.  .5*21 - .3*32 - .2*3 = 0.3 -> 0.075
#   +650: 1 + 10 + 13 = 24, and against the weighted one .5*1 + .3*13 + .2*8 = 6 -> 30 -> 7.5
#   +620: -1 + 10 + 12 = 21, and .5*0 + .3*12 + .2*8 = 5.2 -> 26.2 -> 6.55
#   +170: -10 - 10 + 7 = -13, and .5*-10 + .3*7 + .2*-4 = -3.7 -> -16.7 -> -4.175
#   -100: -13 - 12 - 7 = -32, and .5*-12 + .3*0 + .2*-9 = -7.8 -> -39.8 -> -9.95
RULING = Weighted.parse("50% 4SN=, 30% 4SN-1, 20% 5HXE-2")
EXAMPLE: list[BoardScore] = [650, 620, 170, -100, RULING.ns_scores(Vulnerability.from_board(5))]

WORKED = [
    ("mp", lambda s: matchpoints(s), [8, 5.5, 2.6, 0.3, 3.6]),
    ("mp-ew", lambda s: matchpoints_ew(s), [0, 2.5, 5.4, 7.7, 4.4]),
    ("neuberg", lambda s: matchpoints(s, expected=6), [9.8, 6.8, 3.32, 0.56, 4.52]),
    ("butler", lambda s: butler(s).imps, [6.6, 5.9, -5.1, -9.9, -0.8]),
    ("butler-ew", lambda s: butler(s).imps_ew, [-6.6, -5.9, 5.1, 9.9, 0.8]),
    ("butler-datum", lambda s: [butler(s).datum], [376]),
    ("cross-imps", lambda s: cross_imps(s), [7.5, 6.55, -4.175, -9.95, 0.075]),
    ("cross-imps-raw", lambda s: cross_imps(s, divisor="raw"), [30, 26.2, -16.7, -39.8, 0.3]),
]


def test_worked_example_scores() -> None:
    assert EXAMPLE[4] == WeightedScore(((Fraction(50), 620), (Fraction(30), -100),
                                        (Fraction(20), 300)))  # fmt: skip


@pytest.mark.parametrize(("figure", "expected"), [(f, e) for _, f, e in WORKED],
                         ids=[name for name, _, _ in WORKED])  # fmt: skip
def test_worked_example(figure: object, expected: list[float]) -> None:
    assert callable(figure)
    assert figure(EXAMPLE) == pytest.approx(expected, abs=1e-9)


# -- notation ------------------------------------------------------------------------------

PARSED = [
    ("canonical", "50% 4SN=, 30% 4SN-1, 20% 5HXE-2", "50% 4SN=, 30% 4SN-1, 20% 5HXE-2"),
    ("loose", " 50 %4s n, 30%4sN -1;20% 5hxe 9 ", "50% 4SN=, 30% 4SN-1, 20% 5HXE-2"),
    ("decimals", "33.33% 3NTS=, 33.33% 3NTS+1, 33.34% 3NTS-1",
     "33.33% 3NTS=, 33.33% 3NTS+1, 33.34% 3NTS-1"),
    ("trailing zero", "12.50% 1CN=, 87.5% Pass", "12.5% 1CN=, 87.5% Pass"),
    ("one result", "100% 7NTXXW=", "100% 7NTXXW="),
]  # fmt: skip


@pytest.mark.parametrize(("text", "canonical"), [(t, c) for _, t, c in PARSED],
                         ids=[name for name, _, _ in PARSED])  # fmt: skip
def test_parse(text: str, canonical: str) -> None:
    w = Weighted.parse(text)
    assert str(w) == canonical
    assert Weighted.parse(str(w)) == w
    assert repr(w) == f"Weighted.parse({canonical!r})"


BAD = [
    ("sum 90", "50% 4SN=, 40% 4SN-1", RulesError, "add up to exactly 100%, not 90%"),
    ("sum 110", "60% 4SN=, 50% 4SN-1", RulesError, "not 110%"),
    ("sum 99.99", "33.33% 4SN=, 33.33% 4SN-1, 33.33% Pass", RulesError, "not 99.99%"),
    ("zero weight", "0% 4SN=, 100% 4SN-1", RulesError, "above 0"),
    ("three decimals", "50.005% 4SN=, 49.995% 4SN-1", NotationError, "invalid weight"),
    ("negative", "-50% 4SN=, 150% 4SN-1", NotationError, "invalid weight"),
    ("no weight", "4SN=, 100% 4SN-1", NotationError, "needs a weight"),
    ("no result", "100%", NotationError, "needs a weight"),
    ("no declarer", "50% 4S=, 50% 4SN-1", RulesError, "needs its declarer"),
    ("bad result", "50% 8SN=, 50% 4SN-1", NotationError, "invalid result '8SN='"),
    ("impossible", "50% 7SN+1, 50% 4SN-1", NotationError, "invalid result"),
    ("empty", "", NotationError, "needs a weight"),
    ("too many", ", ".join(["5% 1CN="] * 20), NotationError, "at most 12 results"),
    ("too long", "100% " + " " * 500 + "4SN=", NotationError, "at most 400 characters"),
    ("unicode digits", "\uff150% 4SN=, 50% 4SN-1", NotationError, "invalid weight"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "error", "message"), [(t, e, m) for _, t, e, m in BAD],
                         ids=[name for name, *_ in BAD])  # fmt: skip
def test_parse_refuses(text: str, error: type[BridgeError], message: str) -> None:
    with pytest.raises(error, match=message) as info:
        Weighted.parse(text)
    assert info.value.field == "weighted"
    assert info.value.value is not None


def test_sum_error_quotes_the_value() -> None:
    with pytest.raises(RulesError) as info:
        Weighted.parse("50% 4SN=, 40% 4SN-1")
    assert "'50% 4SN=, 40% 4SN-1'" in str(info.value)
    assert info.value.value == "50% 4SN=, 40% 4SN-1"


def test_constructed_values_are_checked() -> None:
    with pytest.raises(RulesError, match="not 90%"):
        Weighted(((Fraction(90), Result.parse("4SN=")),))
    with pytest.raises(RulesError, match="must be a Result"):
        Weighted(((100, "4SN="),))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected \\(weight, result\\) pairs"):
        Weighted(((None, Result.parse("4SN=")),))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="must be an integer"):
        WeightedScore(((Fraction(100), True),))
    loose = Weighted(((100, Result.parse("4SN=")),))  # type: ignore[arg-type]
    assert loose.components[0][0] == Fraction(100)


@given(st.text(max_size=60))
def test_any_text_raises_only_bridge_errors(text: str) -> None:
    fields = []
    try:
        Weighted.parse(text)
    except BridgeError as exc:
        fields.append(exc.field)
    assert fields in ([], ["weighted"])


def test_too_many_combinations() -> None:
    four = WeightedScore(tuple((Fraction(25), 10 * i) for i in range(4)))
    assert len(four.components) ** 4 < MAX_COMBINATIONS < len(four.components) ** 5
    assert len(matchpoints([four] * 4)) == 4
    with pytest.raises(RulesError, match="1024 combinations") as info:
        butler([four] * 5)
    assert info.value.field == "weighted"


# -- properties ----------------------------------------------------------------------------

contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)
results = st.builds(Result, contracts, st.sampled_from(Seat), st.integers(0, 13))
vulnerabilities = st.sampled_from(Vulnerability)
fields = st.lists(st.integers(-200, 200).map(lambda x: 10 * x), max_size=7)
FIGURES = [
    ("mp", lambda s: matchpoints(s)),
    ("mp-ew", lambda s: matchpoints_ew(s)),
    ("neuberg", lambda s: matchpoints(s, expected=len(s) + 2)),
    ("butler", lambda s: butler(s).imps),
    ("butler-ew", lambda s: butler(s).imps_ew),
    ("datum", lambda s: [butler(s).datum]),
    ("cross-imps", lambda s: cross_imps(s)),
    ("cross-imps-n", lambda s: cross_imps(s, divisor="n")),
]


@pytest.mark.parametrize("figure", [f for _, f in FIGURES], ids=[n for n, _ in FIGURES])
@given(field=fields, result=results, vulnerability=vulnerabilities, at=st.integers(0, 7))
def test_one_hundred_percent_is_the_result(
    figure: object, field: list[int], result: Result, vulnerability: Vulnerability, at: int
) -> None:
    assert callable(figure)
    ruling = Weighted(((Fraction(100), result),))
    weighted = ruling.ns_scores(vulnerability)
    real = weighted.components[0][1]
    at = min(at, len(field))
    plain: list[BoardScore] = [*field[:at], real, *field[at:]]
    assert figure([*field[:at], weighted, *field[at:]]) == figure(plain)


@pytest.mark.parametrize("figure", [f for _, f in FIGURES], ids=[n for n, _ in FIGURES])
@given(field=fields, result=results, share=st.integers(1, 9999))
def test_split_between_identical_results_is_the_result(
    figure: object, field: list[int], result: Result, share: int
) -> None:
    assert callable(figure)
    weight = Fraction(share, 100)
    ruling = Weighted(((weight, result), (100 - weight, result)))
    weighted = ruling.ns_scores("Both")
    real = weighted.components[0][1]
    assert figure([*field, weighted]) == pytest.approx(figure([*field, real]), abs=1e-9)


@st.composite
def weighted_scores(draw: st.DrawFn) -> WeightedScore:
    parts = draw(st.lists(st.integers(1, 99), min_size=1, max_size=3))
    weights = [Fraction(p) for p in parts[:-1]]
    if sum(weights) >= 100:
        weights = [Fraction(100)]
    else:
        weights.append(100 - sum(weights, Fraction(0)))
    return WeightedScore(tuple((w, 10 * draw(st.integers(-200, 200))) for w in weights))


@given(
    st.lists(st.one_of(st.integers(-200, 200).map(lambda x: 10 * x), weighted_scores()),
             min_size=1, max_size=6),
    st.lists(st.sampled_from(["A+/A-", "A", "A-/A-"]), max_size=2),
)  # fmt: skip
def test_matchpoints_are_conserved(scores: list[BoardScore], awards: list[str]) -> None:
    """Each real result's NS and EW matchpoints add up to the top, and the NS matchpoints of
    the real results add up to what as many real results share, with weighted scores too."""
    board = [*scores, *(Adjusted.parse(a) for a in awards)]
    n, big_n = len(scores), len(board)
    ns, ew = matchpoints(board), matchpoints_ew(board)
    for a, b in zip(ns[:n], ew[:n], strict=True):
        assert a + b == pytest.approx(2 * (big_n - 1))
    raw = matchpoints(scores)  # with no artificial score: n (n - 1) shared among n results
    assert sum(raw) == pytest.approx(n * (n - 1))
    cross = cross_imps(scores, divisor="raw")
    assert sum(cross) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (5, "weighted_text"),
        ("50% 4SN= " * 50, "weighted_length"),
        ("50% 4SZ=, 50% 3NTN=", "weighted_result"),
    ],
)
def test_a_weighted_scores_errors_are_said_in_the_readers_language(text: object, code: str) -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(NotationError) as info:
        Weighted.parse(text)  # type: ignore[arg-type]
    exc = info.value
    assert (exc.code, exc.field) == (code, "weighted")
    assert error_text(exc) == str(exc)  # English: the message as it always was
    with use("fr"):
        french = error_text(exc)
        reason = error_text(exc.__cause__) if exc.__cause__ is not None else None
    assert french != str(exc)
    assert "attendu des résultats" in french
    if reason is not None:  # the reason a part could not be read is said in French too
        assert reason != str(exc.__cause__)
        assert f"({reason})" in french
