"""Strata (SCORING.md §28): each pair's stratum and each stratum's ranking, table-driven from
the worked examples of ``bridgescore.duplicate.strata``'s docstrings and a scored session."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridgescore import Result
from bridgescore.duplicate.session import BoardResult, Pair, RankRow, Section, Session
from bridgescore.duplicate.strata import (
    Strata,
    StrataError,
    pair_holdings,
    rank_strata,
    read_holdings,
)
from bridgescore.players import Player

# limits, by, the players' holdings -> the pair's stratum
STRATUM = [
    ((750, 300), "higher", [1200, 40], "A"),  # the stronger player decides
    ((750, 300), "higher", [500, 299], "B"),
    ((750, 300), "higher", [120, 40], "C"),
    ((750, 300), "higher", [750, 0], "A"),  # a limit is exclusive: 750 is not under 750
    ((750, 300), "higher", [749.5, 0], "B"),
    ((750, 300), "higher", [300, 299], "B"),
    ((750, 300), "average", [1200, 40], "B"),  # (1200 + 40) / 2 = 620
    ((750, 300), "average", [500, 60], "C"),  # 280
    ((750, 300), "higher", [100, None], "A"),  # a holding not known: stratum A
    ((750, 300), "higher", [], "A"),
    ((1000, 500, 200, 50), "higher", [49, 10], "E"),
    ((60.0, 52.5), "higher", [55.0, 50.0], "B"),  # grades (percentages) work alike
]


@pytest.mark.parametrize(("limits", "by", "holdings", "expected"), STRATUM)
def test_a_pairs_stratum(
    limits: tuple[float, ...], by: str, holdings: list[float | None], expected: str
) -> None:
    assert Strata(limits, by).stratum(holdings) == expected  # type: ignore[arg-type]


def _row(number: int, percent: float) -> RankRow:
    return RankRow("", Pair(number, names=f"P{number}"), percent, percent, 10)


# (pair, percent, holdings) in the field's order -> each stratum's (rank, pair)
RANKINGS = [
    (  # the docstring's worked example: Open/750/300
        (750, 300),
        [(1, 60.0, [900, 10]), (2, 55.0, [200, 100]), (3, 55.0, [500, 600]),
         (4, 50.0, [50, 20]), (5, 45.0, [250, 299])],
        {"A": [("1", 1), ("2=", 2), ("2=", 3), ("4", 4), ("5", 5)],
         "B": [("1=", 2), ("1=", 3), ("3", 4), ("4", 5)],
         "C": [("1", 2), ("2", 4), ("3", 5)]},
    ),
    (  # no pair in C: its ranking is empty; an unknown holding plays in A only
        (500,),
        [(1, 62.5, [800, None]), (2, 51.0, [100, 20]), (3, 49.0, [499, 499])],
        {"A": [("1", 1), ("2", 2), ("3", 3)], "B": [("1", 2), ("2", 3)]},
    ),
    (
        (750, 300),
        [(1, 58.0, [10, 10]), (2, 52.0, [1000, 900])],
        {"A": [("1", 1), ("2", 2)], "B": [("1", 1)], "C": [("1", 1)]},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("limits", "field", "expected"), RANKINGS)
def test_each_stratum_ranks_its_own_pairs_and_those_below(
    limits: tuple[float, ...],
    field: list[tuple[int, float, list[float | None]]],
    expected: dict[str, list[tuple[str, int]]],
) -> None:
    holdings = {n: h for n, _, h in field}
    found = rank_strata(Strata(limits), [_row(n, p) for n, p, _ in field],
                        lambda r: holdings[r.pair.number])  # fmt: skip
    assert {name: [(r.rank, r.pair.number) for r in rows] for name, rows in found.items()} == {
        name: expected.get(name, []) for name in Strata(limits).names
    }


def test_a_scored_session_by_national_numbers() -> None:
    """Two tables, one board: NS 1 beats NS 2 on the board;
    NS 2's players hold fewer points, so NS 2 wins stratum B."""
    ann, bob, cy, di = (
        Player("Ann", "11"),
        Player("Bob", "12"),
        Player("Cy", "13"),
        Player("Di", "14"),
    )
    section = Section(results=[BoardResult(1, 1, 1, Result.parse("3NTN=")),
                               BoardResult(1, 2, 2, Result.parse("3NTN-1"))])  # fmt: skip
    scored = Session((section,)).scored()[0]
    ns = [r for side, rows in scored.rankings.items() if side and side.value == "NS" for r in rows]
    numbers = {1: (ann, bob), 2: (cy, di)}
    rows = [RankRow(r.rank, Pair(r.pair.number, r.pair.side, players=numbers[r.pair.number]),
                    r.total, r.percent, r.boards) for r in ns]  # fmt: skip
    found = rank_strata(
        Strata((500,)), rows, pair_holdings({"11": 900, "12": 20, "13": 80, "14": 499})
    )
    assert [r.pair.number for r in found["A"]] == [1, 2]
    assert [(r.rank, r.pair.number) for r in found["B"]] == [("1", 2)]


def test_rows_not_ranked_stay_out() -> None:
    rows = [_row(1, 60.0), RankRow("", Pair(2), 1.0, 70.0, 1, ranked=False)]
    found = rank_strata(Strata((500,)), rows, lambda r: [10])
    assert [r.pair.number for r in found["B"]] == [1]


@pytest.mark.parametrize(
    ("limits", "by", "field"),
    [
        ((), "higher", "strata"),
        ((300, 750), "higher", "strata"),  # must go down
        ((500, 500), "higher", "strata"),
        ((0,), "higher", "strata"),
        ((float("nan"),), "higher", "strata"),
        ((float("inf"),), "higher", "strata"),
        ((True,), "higher", "strata"),
        (("500",), "higher", "strata"),
        ((6, 5, 4, 3, 2, 1), "higher", "strata"),  # A to G: too many
        ((500,), "lower", "by"),
    ],
)
def test_strata_that_will_not_do(limits: tuple[object, ...], by: str, field: str) -> None:
    with pytest.raises(StrataError) as caught:
        Strata(limits, by)  # type: ignore[arg-type]
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("text", "expected"),
    [("750,300", (750, 300)), ("Open/750/300", (750, 300)),
     (" 1000 / 500 / 200 ", (1000, 500, 200)), ("60.5,52", (60.5, 52))],
)  # fmt: skip
def test_limits_as_typed(text: str, expected: tuple[float, ...]) -> None:
    assert Strata.parse(text).limits == expected


@pytest.mark.parametrize("text", ["", "open", "750,,300", "1e999", "x" * 10_000, "9," * 100_000])
def test_limits_typed_wrong_are_refused_by_field(text: str) -> None:
    with pytest.raises(StrataError) as caught:
        Strata.parse(text)
    assert caught.value.field == "strata"


@pytest.mark.parametrize(
    ("make", "code", "shown"),
    [
        (lambda: Strata.parse("750,abc"), "stratum_limit_number", "'abc'"),
        (lambda: Strata((300, 750)), "strata_order", "(300, 750)"),
        (lambda: Strata((750,), "best"), "strata_by", "'best'"),  # type: ignore[arg-type]
        (lambda: read_holdings("870153,12\n870154;12"), "holdings_line", "'870154;12'"),
    ],
)
def test_strata_errors_are_said_in_the_readers_language(
    make: Callable[[], object], code: str, shown: str
) -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(StrataError) as info:
        make()
    assert info.value.code == code
    assert error_text(info.value) == str(info.value)
    with use("de"):
        german = error_text(info.value)
    assert german != str(info.value)
    assert shown in german
