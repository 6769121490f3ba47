"""Whole fields scored at once against the pure functions, board by board."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BatchError, Result, RulesError, Weighted
from bridgescore import batch as bb
from bridgescore.duplicate import (
    Adjusted,
    Divisor,
    Rounding,
    butler,
    cross_imps,
    datum,
    matchpoints,
    matchpoints_ew,
)
from bridgescore.duplicate.session import (
    BoardResult,
    Method,
    Section,
    SectionKind,
    SectionScores,
    Session,
    score_section,
)

# SCORING.md §5.1, MP example 1; §5.2, the EBU Neuberg example and the one with ties.
MP_CASES = [
    ([420, 420, 450, 170, -50, 420, 620], None, [6, 6, 10, 2, 0, 6, 12]),
    ([100] * 4, None, [3, 3, 3, 3]),
    (
        [520, 500, 490, 480, 460, 450, 430, 420, 400, -50],
        11,
        [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1],
    ),
    ([620, 620, 200, 170, 170, 170, -100, -100], 16, [27, 27, 21, 13, 13, 13, 3, 3]),
]


@pytest.mark.parametrize(
    ("scores", "expected", "mp"), MP_CASES, ids=["mp-1", "mp-2", "neuberg-ebu", "neuberg-ties"]
)
def test_matchpoint_examples(scores: list[int], expected: int | None, mp: list[float]) -> None:
    ns, ew = bb.matchpoints_many([1] * len(scores), scores, expected=expected)
    assert ns.tolist() == mp
    assert ns.tolist() == matchpoints(scores, expected=expected)
    assert ew.tolist() == matchpoints_ew(scores, expected=expected)


# SCORING.md §7.1: B1 (k = 0), B2 and B3 (k = 1, both roundings), B4 (k = 1).
BUTLER_CASES = [
    ([980] * 3 + [480] * 11 + [450] * 7 + [-50], 0, "half-even", 510, {980: 10, 480: -1,
                                                                     450: -2, -50: -11}),
    ([620] * 4 + [170] * 3, 1, "half-even", 440, {620: 5, 170: -7}),
    ([800, 470, 380, -300], 1, "half-even", 420, {800: 9, 470: 2, 380: -1, -300: -12}),
    ([800, 470, 380, -300], 1, "half-up", 430, {470: 1, 380: -2}),
    ([420, 420, 450, 170, -50, 420, 620], 1, "half-even", 380, {420: 1, 450: 2, 170: -5,
                                                                -50: -10, 620: 6}),
    ([-800, -470, -380, 300], 1, "half-even", -420, {-470: -2, -380: 1}),  # the mirror: -425
    ([-800, -470, -380, 300], 1, "half-up", -430, {-470: -1, -380: 2}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("scores", "drop", "rounding", "expected_datum", "imps"),
    BUTLER_CASES,
    ids=["B1", "B2", "B3-even", "B3-up", "B4", "mirror-even", "mirror-up"],
)
def test_butler_examples(
    scores: list[int], drop: int, rounding: Rounding, expected_datum: int, imps: dict[int, int]
) -> None:
    got_datum, got_imps = bb.butler_many([9] * len(scores), scores, drop=drop, rounding=rounding)
    assert set(got_datum.tolist()) == {expected_datum}
    assert got_datum.dtype == np.int64
    assert got_imps.dtype == np.int8
    for s, i in zip(scores, got_imps.tolist(), strict=True):
        assert imps.get(s, i) == i
    pure = butler(scores, drop=drop, rounding=rounding)
    assert pure.datum == expected_datum
    assert got_imps.tolist() == pure.imps


def test_the_examples_scored_together_in_any_order() -> None:
    boards = [(1, s) for s in BUTLER_CASES[0][0]] + [(2, s) for s in MP_CASES[0][0]]
    boards += [(3, s) for s in BUTLER_CASES[2][0]]
    random.Random(5).shuffle(boards)
    board = [b for b, _ in boards]
    scores = [s for _, s in boards]
    ns = bb.matchpoints_many(board, scores)[0].tolist()
    datum_col, imps = bb.butler_many(board, scores, drop=0)
    for number in (1, 2, 3):
        rows = [i for i, b in enumerate(board) if b == number]
        own = [scores[i] for i in rows]
        assert [ns[i] for i in rows] == matchpoints(own)
        assert [int(imps[i]) for i in rows] == butler(own, drop=0).imps
        assert {int(datum_col[i]) for i in rows} == {datum(own, drop=0)}


# SCORING.md §7.2, examples X1 to X3.
def test_cross_imp_examples() -> None:
    x1 = [420, 450, -100, -200, 400, 590]
    x2, x3 = [400, -50], [600] * 4 + [630]
    board = [1] * 6 + [2] * 2 + [3] * 5
    got = bb.cross_imps_many(board, x1 + x2 + x3)
    assert got.tolist() == [3.6, 4.4, -8.4, -10.4, 3.0, 7.8, 10.0, -10.0, -0.25, -0.25, -0.25,
                            -0.25, 1.0]  # fmt: skip
    raw = bb.cross_imps_many(board, x1 + x2 + x3, divisor="raw")
    assert raw.tolist() == [18, 22, -42, -52, 15, 39, 10, -10, -1, -1, -1, -1, 4]
    assert bb.cross_imps_many([1] * 6, x1, divisor="n")[0] == 3.0


@st.composite
def fields(draw: st.DrawFn, max_boards: int = 6) -> tuple[list[int], list[int]]:
    """Boards (any numbers, in any order, often of one result) with ties among their scores."""
    numbers = st.one_of(st.integers(-3, 40), st.integers(-(10**12), 10**12))
    boards = draw(st.lists(numbers, min_size=1, max_size=max_boards, unique=True))
    rows: list[tuple[int, int]] = []
    for number in boards:
        pool = draw(st.lists(st.integers(-760, 316).map(lambda x: 10 * x), min_size=1, max_size=4))
        n = draw(st.integers(1, 12))
        rows += [(number, draw(st.sampled_from(pool))) for _ in range(n)]
    rows = draw(st.permutations(rows))
    return [b for b, _ in rows], [s for _, s in rows]


def by_board(board: Sequence[int], scores: Sequence[int]) -> dict[int, list[int]]:
    rows: dict[int, list[int]] = defaultdict(list)
    for i, b in enumerate(board):
        rows[b].append(i)
    return rows


@given(fields(), st.sampled_from([None, "most", 12, 20]))
def test_matchpoints_equal_the_pure_function(field: tuple[list[int], list[int]],
                                             expected: Any) -> None:  # fmt: skip
    board, scores = field
    ns, ew = bb.matchpoints_many(board, scores, expected=expected)
    most = max(by_board(board, scores).values(), key=len)
    for rows in by_board(board, scores).values():
        own = [scores[i] for i in rows]
        n = {None: None, "most": len(most)}.get(expected, expected)
        assert [ns[i] for i in rows] == matchpoints(own, expected=n)  # exactly, not approximately
        assert [ew[i] for i in rows] == matchpoints_ew(own, expected=n)


@given(fields(), st.sampled_from([0, 1, 2, 5, "10%", "34%"]),
       st.sampled_from(["half-even", "half-up"]))  # fmt: skip
def test_butler_equals_the_pure_function(
    field: tuple[list[int], list[int]], drop: int | str, rounding: Rounding
) -> None:
    board, scores = field
    got_datum, imps = bb.butler_many(board, scores, drop=drop, rounding=rounding)
    for rows in by_board(board, scores).values():
        pure = butler([scores[i] for i in rows], drop=drop, rounding=rounding)
        assert [int(got_datum[i]) for i in rows] == [pure.datum] * len(rows)
        assert [int(imps[i]) for i in rows] == pure.imps


@given(fields(), st.sampled_from(["n-1", "n", "raw"]), st.sampled_from([None, "most", 13]))
def test_cross_imps_equal_the_pure_function(
    field: tuple[list[int], list[int]], divisor: Divisor, expected: Any
) -> None:
    board, scores = field
    got = bb.cross_imps_many(board, scores, divisor=divisor, expected=expected)
    most = max(len(rows) for rows in by_board(board, scores).values())
    for rows in by_board(board, scores).values():
        n = {None: None, "most": most}.get(expected, expected)
        pure = cross_imps([scores[i] for i in rows], divisor=divisor, expected=n)
        assert [got[i] for i in rows] == pure


@given(st.lists(st.integers(-(1 << 31), (1 << 31) - 1), min_size=1, max_size=9),
       st.sampled_from(["half-even", "half-up"]))  # fmt: skip
def test_datum_of_any_32_bit_scores(scores: list[int], rounding: Rounding) -> None:
    got, imps = bb.butler_many(np.zeros(len(scores), np.int8), scores, drop=1, rounding=rounding)
    assert int(got[0]) == datum(scores, rounding=rounding)
    assert imps.tolist() == butler(scores, rounding=rounding).imps


def test_a_column_of_expected_counts() -> None:
    board = [1, 2, 1, 2, 2]
    scores = [100, 200, 50, 200, 0]
    ns, _ = bb.matchpoints_many(board, scores, expected=[4, 3, 4, 3, 3])
    assert [ns[0], ns[2]] == matchpoints([100, 50], expected=4)
    assert [ns[1], ns[3], ns[4]] == matchpoints([200, 200, 0], expected=3)
    assert bb.matchpoints_many(board, scores, expected=np.int8(3))[0].tolist() == (
        bb.matchpoints_many(board, scores, expected=[3] * 5)[0].tolist()
    )


def test_inputs_of_any_kind() -> None:
    board = [3, 3, 1, 3]
    scores = [420, 450, -50, 420]
    expected = bb.matchpoints_many(board, scores)[0].tolist()
    for b, s in [
        (np.array(board, np.uint8), np.array(scores, np.int16)),
        (pa.array(board), pa.array(scores, pa.int32())),
        (tuple(board), np.array(scores, np.int64)),
    ]:
        assert bb.matchpoints_many(b, s)[0].tolist() == expected
    assert bb.matchpoints_many(1, [420, 450, 420])[0].tolist() == [1.0, 4.0, 1.0]  # one board
    assert bb.matchpoints_many(1, 420)[0].tolist() == [0.0]
    huge = [-(1 << 62), 1 << 62, -(1 << 62)]  # board numbers far apart
    assert bb.matchpoints_many(huge, [1, 2, 3])[0].tolist() == [0.0, 0.0, 2.0]
    assert bb.cross_imps_many(huge, [0, 0, 500]).tolist() == [-11.0, 0.0, 11.0]


def test_no_rows() -> None:
    ns, ew = bb.matchpoints_many([], [], expected="most")
    assert ns.shape == ew.shape == (0,)
    assert ns.dtype == np.float64
    assert bb.butler_many([], [])[1].shape == (0,)
    assert bb.cross_imps_many([], [], expected=[]).shape == (0,)


BAD = [
    ({"board": [1, 1, 1], "ns_score": [420, 450]}, None, "different lengths", 2),
    ({"board": [1, 1.5], "ns_score": [420, 450]}, "board", "float64", 0),
    ({"board": [1, 1], "ns_score": [420, "450"]}, "ns_score", "expected whole numbers", 0),
    ({"board": [1, 1, 2], "ns_score": [1, 2, 1 << 31]}, "ns_score", "got 2147483648", 2),
    ({"board": [1, 1], "ns_score": [True, False]}, "ns_score", "a bool", 0),
    ({"board": [1, 1], "ns_score": np.array([4.0, 5.0])}, "ns_score", "float64", 0),
    ({"board": [1, 2, 1, 1], "ns_score": [1, 2, 3, 4], "expected": 2}, "expected",
     "has 3 results but expects only 2", 0),
    ({"board": [1, 2, 2, 2], "ns_score": [1, 2, 3, 4], "expected": [3, 3, 3, 2]}, "expected",
     "got 2, but row 1 of the same board has 3", 3),
    ({"board": [1, 2], "ns_score": [1, 2], "expected": [2, 2, 2]}, None, "different lengths", 2),
    ({"board": [1, 2], "ns_score": [1, 2], "expected": [2, 0]}, "expected", "got 0", 1),
    ({"board": [1, 2], "ns_score": [1, 2], "expected": 0}, "expected", "got 0", None),
    ({"board": [1, 2], "ns_score": [1, 2], "expected": "all"}, "expected", "'most'", None),
]  # fmt: skip


@pytest.mark.parametrize(("kwargs", "column", "message", "row"), BAD)
def test_bad_input_names_the_first_bad_row(
    kwargs: dict[str, Any], column: str | None, message: str, row: int | None
) -> None:
    with pytest.raises(BatchError, match=message) as info:
        bb.matchpoints_many(**kwargs)
    assert (info.value.row, info.value.column) == (row, column)
    if "expected" in kwargs:
        with pytest.raises(BatchError, match=message):
            bb.cross_imps_many(**kwargs)
    else:
        with pytest.raises(BatchError, match=message):
            bb.butler_many(**kwargs)


def test_bad_options() -> None:
    with pytest.raises(RulesError, match="drop must be"):
        bb.butler_many([], [], drop=-1)
    with pytest.raises(RulesError, match="percentage"):
        bb.butler_many([1], [1], drop="5")
    with pytest.raises(RulesError, match="unknown rounding"):
        bb.butler_many([1], [1], rounding="up")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="divisor"):
        bb.cross_imps_many([1], [1], divisor="n-2")  # type: ignore[arg-type]


# --- whole sections -----------------------------------------------------------------------------

CONTRACTS = ["4SS=", "4SS+1", "4SS-1", "3NTN=", "3NTN+2", "4HE=", "5DXW-2", "2SN+1", "6NTS="]
WEIGHTED = ["50% 4SS=, 30% 4SS-1, 20% 5HXE-2", "100% 3NTN=", "33.33% 4HE=, 66.67% 4HE-1"]


def random_section(seed: int, movement: SectionKind, tables: int, boards: int) -> Section:
    """Every table plays every board, pairs rotating; some boards short, some artificial, some
    weighted (Law 12C1(c))."""
    rng = random.Random(seed)
    results = []
    for number in range(1, boards + 1):
        played = tables if rng.random() < 0.7 else rng.randint(1, tables)
        for table in range(1, played + 1):
            ns = table
            ew = (table + number) % tables + 1 if movement == "mitchell" else tables + table
            if rng.random() < 0.08:
                adjusted = Adjusted.parse(rng.choice(["A+/A-", "A", "A-/A+", "A+/A"]))
                results.append(BoardResult(number, ns, ew, artificial=adjusted))
            elif rng.random() < 0.06:
                weighted = Weighted.parse(rng.choice(WEIGHTED))
                results.append(BoardResult(number, ns, ew, weighted=weighted))
            else:
                result = Result.parse(rng.choice(CONTRACTS))
                score = rng.choice([None, None, None, 430, -110])
                results.append(BoardResult(number, ns, ew, result, score=score))
    return Section("A", movement, results=results)


def assert_same(fast: SectionScores, pure: SectionScores) -> None:
    assert fast.travellers == pure.travellers
    assert fast.tops == pure.tops
    assert fast.pairs == pure.pairs
    assert fast.rankings == pure.rankings
    for number, lines in pure.travellers.items():  # -0.0 == 0.0: compare the signs too
        shown = [(str(x.ns_points), str(x.ew_points)) for x in fast.travellers[number]]
        assert shown == [(str(x.ns_points), str(x.ew_points)) for x in lines]


SESSIONS: list[tuple[Method, dict[str, Any]]] = [
    ("mp", {}),
    ("butler", {}),
    ("butler", {"drop": "10%", "rounding": "half-up"}),
    ("cross-imps", {}),
    ("cross-imps", {"divisor": "n"}),
]


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
@pytest.mark.parametrize(("method", "options"), SESSIONS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_section_scored_fast_equals_the_pure_path(
    movement: SectionKind, method: Method, options: dict[str, Any], seed: int
) -> None:
    section = random_section(seed, movement, tables=seed + 4, boards=9)
    session = Session((section,), method, **options)
    fast = bb.score_section_fast(section, session)
    pure = score_section(section, session)
    assert_same(fast, pure)
    for pair in section.pairs[:3]:
        assert fast.recap(pair.number, pair.side) == pure.recap(pair.number, pair.side)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["mitchell", "howell"]),
       st.sampled_from(["mp", "butler", "cross-imps"]))  # fmt: skip
def test_random_sections(seed: int, movement: SectionKind, method: Method) -> None:
    section = random_section(seed, movement, tables=1 + seed % 7, boards=1 + seed % 5)
    session = Session((section,), method)
    assert_same(bb.score_section_fast(section, session), score_section(section, session))


def test_sections_with_no_result_or_only_artificial_ones() -> None:
    empty = Section("A", "mitchell")
    assert_same(bb.score_section_fast(empty), score_section(empty))
    only = Section("B", "howell", results=[BoardResult(1, 1, 2, artificial=Adjusted.parse("A+"))])
    methods: list[Method] = ["mp", "butler", "cross-imps"]
    for method in methods:
        session = Session((only,), method)
        assert_same(bb.score_section_fast(only, session), score_section(only, session))


@pytest.mark.parametrize("method", ["mp", "butler", "cross-imps"])
def test_a_weighted_score_falls_back_to_the_pure_path(method: Method) -> None:
    """A board with a weighted score is not scored from the columns (which would drop it or
    miscount its results), but as the pure path does; the other boards still are."""
    weighted = Weighted.parse("50% 4SN=, 30% 4SN-1, 20% 5HXE-2")
    results = [BoardResult(1, 1, 1, Result.parse("4SN+1")), BoardResult(1, 2, 2, weighted=weighted),
               BoardResult(1, 3, 3, Result.parse("2SN+2")),
               BoardResult(2, 1, 2, Result.parse("3NTS=")),
               BoardResult(2, 2, 3, Result.parse("3NTS+1")),
               BoardResult(2, 3, 1, artificial=Adjusted.parse("A+/A-"))]  # fmt: skip
    section = Section("A", results=results)
    session = Session((section,), method)
    fast, pure = bb.score_section_fast(section, session), score_section(section, session)
    assert_same(fast, pure)
    ns = [line.ns_points for line in fast.travellers[1]]
    # board 1 has no vulnerability: 450; the weighted 420 (.5), -50 (.3), 300 (.2); 170
    if method == "mp":
        assert ns == pytest.approx([4, 0.5 * 2 + 0.3 * 0 + 0.2 * 2, 0.3 * 2])
    assert ns != [x.ns_points for x in score_section(Section("A", results=[
        r if r.weighted is None else BoardResult(1, 2, 2, Result.parse("4SN=")) for r in results
    ]), session).travellers[1]]  # fmt: skip


def test_butler_imps_equal_the_core_for_any_difference() -> None:
    differences = np.arange(-8_000, 8_001)  # not only multiples of 10 (SCORING.md §6)
    _, got = bb.butler_many(np.arange(len(differences)), differences)  # one result a board
    assert not got.any()  # each result is its own datum
    _, got = bb.butler_many(np.repeat(np.arange(len(differences)), 2),
                            np.stack([differences, np.zeros_like(differences)], 1).ravel(),
                            drop=0, rounding="half-up")  # fmt: skip
    for d, (a, b) in zip(differences.tolist(), got.reshape(-1, 2).tolist(), strict=True):
        pure = butler([d, 0], drop=0, rounding="half-up").imps
        assert [a, b] == pure, d


def test_scores_billions_apart_in_a_big_field() -> None:
    n = 1 << 16  # with 2**17 board slots and a span of 2**32 the row numbers no longer fit
    board = np.arange(n) * 2
    board[: n // 2] = board[n // 2 :]  # two results a board, on every other board number
    scores = np.zeros(n, np.int64)
    scores[::3], scores[1::3] = -(1 << 31), (1 << 31) - 1
    ns, _ = bb.matchpoints_many(board, scores)
    datum_col, _ = bb.butler_many(board, scores, drop="50%")
    cross = bb.cross_imps_many(board, scores, divisor="raw")
    for row, other in ((0, n // 2), (1, n // 2 + 1), (5, n // 2 + 5)):
        pair = [int(scores[row]), int(scores[other])]
        assert [ns[row], ns[other]] == matchpoints(pair)
        assert datum_col[row] == datum(pair, drop="50%")
        assert [cross[row], cross[other]] == cross_imps(pair, divisor="raw")
