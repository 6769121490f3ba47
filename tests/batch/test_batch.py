"""bridgescore.batch against the core: every combination, every kind of input, every bad row."""

from __future__ import annotations

import ast
import itertools
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    BatchError,
    BridgeError,
    Contract,
    Doubling,
    Result,
    RulesError,
    Seat,
    Side,
    Strain,
    UndertrickRule,
    Vulnerability,
    imps,
    score,
    score_result,
)
from bridgescore import batch as bb
from bridgescore.batch import _ns, _table

RULES: list[UndertrickRule] = ["modern", "pre-1987"]

# Every one of the 2,940 deals, as code columns: level, strain, doubling, vulnerable, tricks.
ALL = np.array(list(itertools.product(range(1, 8), range(5), range(3), range(2), range(14))))
LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS = ALL.T


def core_total(row: Any, rule: UndertrickRule = "modern") -> int:
    level, strain, doubling, vulnerable, tricks = (int(x) for x in row)
    contract = Contract(level, list(Strain)[strain], list(Doubling)[doubling])
    return score(contract, tricks, vulnerable=bool(vulnerable), undertrick_rule=rule).total


@pytest.mark.parametrize("rule", RULES)
def test_every_combination_equals_the_core(rule: UndertrickRule) -> None:
    expected = np.array([core_total(row, rule) for row in ALL])
    assert len(expected) == 2940
    got = bb.score_many(LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS, undertrick_rule=rule)
    assert got.dtype == np.int16
    assert np.array_equal(got, expected)
    assert np.array_equal(bb.score_table(rule).ravel(), expected)
    packed = bb.pack(LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS)
    assert np.array_equal(bb.score_packed(packed, undertrick_rule=rule), expected)


def test_the_rules_differ_only_where_the_core_says() -> None:
    differ = bb.score_table("modern") != bb.score_table("pre-1987")
    assert differ.sum() > 0
    # NV doubled or redoubled, 4 or more down: [level - 1, strain, doubling, vulnerable, tricks]
    assert not differ[:, :, 0].any()
    assert not differ[:, :, :, 1].any()


def test_the_table_is_read_only_and_cached() -> None:
    table = bb.score_table()
    assert table is bb.score_table()
    assert table.shape == (7, 5, 3, 2, 14)
    assert not table.flags.writeable
    with pytest.raises(RulesError, match="'1932'"):
        bb.score_table("1932")
    with pytest.raises(RulesError, match="'1932'"):
        bb.score_many(4, 2, 0, 0, 10, undertrick_rule="1932")  # type: ignore[arg-type]


def test_packed_codes_follow_the_documented_formula() -> None:
    codes = bb.pack(LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS)
    assert codes.dtype == np.uint16
    formula = LEVEL * 420 + STRAIN * 84 + DOUBLING * 28 + VULNERABLE * 14 + TRICKS
    assert np.array_equal(codes, formula)
    assert sorted(codes.tolist()) == list(range(420, bb.PACKED_CODES))
    assert np.array_equal(bb.score_packed(codes), bb.score_many(*ALL.T))
    assert not bb.score_packed(np.arange(420)).any()  # level 0: passed out


def test_a_passed_out_deal_scores_zero() -> None:
    assert bb.score_many([0, 0], [4, 0], [2, 0], [1, 0], [13, 0]).tolist() == [0, 0]
    assert bb.score_many_ns([0], [0], [0], [0], [3], [3]).tolist() == [0]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64])
def test_numpy_inputs_of_any_integer_type(dtype: type[np.integer[Any]]) -> None:
    expected = bb.score_many(LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS)
    columns = [c.astype(dtype) for c in ALL.T]
    assert np.array_equal(bb.score_many(*columns), expected)
    columns[3] = VULNERABLE.astype(bool)
    assert np.array_equal(bb.score_many(*columns), expected)


def test_lists_arrow_pandas_and_single_values() -> None:
    expected = bb.score_many(LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS)
    assert np.array_equal(bb.score_many(*(c.tolist() for c in ALL.T)), expected)
    arrow = [pa.array(c.astype(np.int8)) for c in ALL.T]
    arrow[3] = pa.array(VULNERABLE.astype(bool))
    assert np.array_equal(bb.score_many(*arrow), expected)
    chunked = [pa.chunked_array([a[:1000], a[1000:]]) for a in arrow]
    assert np.array_equal(bb.score_many(*chunked), expected)
    assert np.array_equal(bb.score_many(arrow[0], arrow[1], arrow[2], arrow[3], arrow[4]), expected)
    sliced = [a.slice(10, 20) for a in arrow]  # an offset into the buffers
    assert np.array_equal(bb.score_many(*sliced), expected[10:30])
    assert np.array_equal(bb.score_many(*(pd.Series(c) for c in ALL.T)), expected)
    assert bb.score_many(4, 2, 1, True, [8, 9, 10]).tolist() == [-500, -200, 790]
    assert bb.score_many(3, 4, 0, False, 9).tolist() == [400]
    assert bb.score_many([], [], [], [], []).tolist() == []


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64])
def test_the_result_type_can_be_chosen(dtype: bb.ScoreDType) -> None:
    got = bb.score_many(*ALL.T, dtype=dtype)
    assert got.dtype == dtype
    assert np.array_equal(got, bb.score_many(*ALL.T))
    assert bb.score_packed([1898], dtype=dtype).dtype == dtype


def test_without_pyarrow_numpy_looks_the_scores_up(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = bb.score_many(*ALL.T)
    monkeypatch.setattr(_table, "look_up", _table.numpy_look_up)
    rows = np.resize(ALL, (70_001, 5))
    assert np.array_equal(bb.score_many(*rows.T), np.resize(expected, 70_001))
    assert np.array_equal(bb.score_packed(bb.pack(*ALL.T)), expected)


def test_packed_codes_in_any_layout() -> None:
    codes = bb.pack(*ALL.T)
    expected = bb.score_many(*ALL.T)
    assert np.array_equal(bb.score_packed(codes.astype(np.int64)), expected)
    assert np.array_equal(bb.score_packed(codes[::2]), expected[::2])  # not contiguous
    assert np.array_equal(bb.score_packed(pa.array(codes)), expected)
    assert bb.score_packed(1898).tolist() == [-500]


def test_long_columns_are_scored_block_by_block() -> None:
    rows = np.resize(ALL, (2_200_003, 5))  # several blocks and chunks, the last ones short
    got = bb.score_many(*rows.T)
    assert np.array_equal(got, np.resize(bb.score_many(*ALL.T), 2_200_003))
    assert np.array_equal(bb.score_packed(bb.pack(*rows.T)), got)


@given(st.lists(st.tuples(*(st.integers(0, n - 1) for n in (7, 5, 3, 2, 14))), max_size=50))
def test_random_deals_equal_the_core(rows: list[tuple[int, int, int, int, int]]) -> None:
    deals = np.array(rows, dtype=np.int64).reshape(-1, 5)
    deals[:, 0] += 1
    expected = [core_total(row) for row in deals]
    assert bb.score_many(*deals.T).tolist() == expected


def test_declarer_vulnerability_and_north_south_view_equal_the_core() -> None:
    contracts = ["1C", "4HX", "3NTXX", "6S", "7NTX", "5DX"]
    for text, seat, vul, tricks in itertools.product(contracts, Seat, Vulnerability, range(14)):
        contract = Contract.parse(text)
        result = Result(contract, seat, tricks)
        expected = score_result(result, vul).for_side(Side.NS)
        codes = _codes(contract)
        s, v = list(Seat).index(seat), list(Vulnerability).index(vul)
        level, strain, doubling = codes
        got = bb.score_many_ns(level, strain, doubling, [tricks], [s], [v])
        assert got.tolist() == [expected], (text, seat, vul, tricks)
        assert bb.declarer_vulnerable([s], [v]).tolist() == [vul.is_vulnerable(seat)]


def _codes(contract: Contract) -> list[list[int]]:
    return [
        [contract.level],
        [list(Strain).index(contract.strain)],
        [list(Doubling).index(contract.doubling)],
    ]


def test_the_seat_codes_of_east_and_west_are_odd() -> None:
    assert [bool(i & _ns.SIDE_BIT) for i in range(4)] == _ns.EAST_WEST.tolist()
    assert _ns.EAST_WEST.tolist() == [s.side is Side.EW for s in Seat]


def test_ns_view_flips_east_and_west() -> None:
    assert bb.ns_view([620, 620, 620, 620], [0, 1, 2, 3]).tolist() == [620, -620, 620, -620]
    scores = np.array([100, -200], np.int16)
    flipped = bb.ns_view(scores, 1)
    assert flipped.tolist() == [-100, 200]
    assert flipped.dtype == np.int16
    assert scores.tolist() == [100, -200]  # not changed in place
    assert bb.ns_view(np.array([5, 7], np.uint16), [1, 2]).tolist() == [-5, 7]
    assert bb.declarer_vulnerable(np.arange(4), 3).all()
    assert not bb.declarer_vulnerable(np.arange(4), 0).any()


def test_batch_imps_equal_the_core() -> None:
    differences = np.arange(-5000, 5001)
    expected = [imps(int(d)) for d in differences]
    assert bb.imps_many(differences).tolist() == expected
    assert bb.imps_many(differences.astype(np.int16)).tolist() == expected
    assert bb.imps_many(pa.array(differences)).tolist() == expected
    extremes = np.array([-32768, 32767, 10**9, -(10**9)])
    assert bb.imps_many(extremes).tolist() == [-24, 24, 24, -24]
    assert bb.imps_many(450).tolist() == [10]


@pytest.mark.parametrize(
    ("column", "bad", "message"),
    [
        (0, 8, "row 2, column 'level': got 8; expected a level from 1 to 7, or 0 for a passed"),
        (0, -1, "row 2, column 'level': got -1"),
        (1, 5, "row 2, column 'strain': got 5; expected 0 to 4 (C D H S NT)"),
        (2, 3, "row 2, column 'doubling': got 3; expected 0, 1 or 2"),
        (3, 2, "row 2, column 'vulnerable': got 2; expected 0 or 1"),
        (4, 14, "row 2, column 'tricks': got 14; expected a whole number from 0 to 13"),
        (4, -3, "row 2, column 'tricks': got -3"),
    ],
)
def test_each_bad_code_names_the_first_bad_row(column: int, bad: int, message: str) -> None:
    rows = np.array([[4, 2, 1, 1, 8]] * 6)
    rows[2, column] = bad
    rows[4, column] = bad
    with pytest.raises(BatchError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        bb.score_many(*rows.T)
    assert (info.value.row, info.value.column) == (2, bb.score_many.__code__.co_varnames[column])
    with pytest.raises(BatchError, match=r"row 2, "):
        bb.pack(*rows.T)
    assert isinstance(info.value, BridgeError)
    assert isinstance(info.value, ValueError)


def test_a_bad_row_in_a_later_block_is_counted_from_the_start() -> None:
    rows = np.resize(np.array([[4, 2, 1, 1, 8]], np.uint8), (150_000, 5))
    rows[140_001, 4] = 20
    with pytest.raises(BatchError, match="row 140001, column 'tricks': got 20"):
        bb.score_many(*rows.T)
    codes = np.full(150_000, 1898, np.int32)
    codes[70_000] = -1
    with pytest.raises(BatchError, match="row 70000, column 'codes': got -1; expected a packed"):
        bb.score_packed(codes)
    codes[70_000] = 3360
    with pytest.raises(BatchError, match="row 70000, column 'codes': got 3360"):
        bb.score_packed(codes)


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([8, 8.5], r"row 0, column 'tricks': got 8.0, in a column of float64; expected a whole"),
        ([8, None], r"row 1, column 'tricks': got None; expected a whole number"),
        (["8", "9"], r"row 0, column 'tricks': got '8', in a column of <U1"),
        ([True, False], r"row 0, column 'tricks': got True \(a bool\)"),
        (pa.array([8, None]), r"row 1, column 'tricks': got an empty value \(null\)"),
        (pa.array(["8", "9"]), r"row 0, column 'tricks': got '8'"),
        ([[8, 8], [8, 8]], r"column 'tricks': expected one column, got an array of shape \(2, 2\)"),
        (14, r"column 'tricks': got 14 \(for every row\)"),
        ([8, 2**70], r"row 1, column 'tricks': got 1180591620717411303424; expected a whole"),
    ],
)
def test_columns_that_are_not_codes(tricks: Any, message: str) -> None:
    with pytest.raises(BatchError, match=message):
        bb.score_many([4, 4], [2, 2], [1, 1], [1, 1], tricks)


def test_other_bad_calls() -> None:
    with pytest.raises(BatchError, match=r"the columns have different lengths: \[2, 3\]"):
        bb.score_many([4, 4], 2, 1, 1, [8, 8, 8])
    with pytest.raises(BatchError, match="scores are returned as int16, int32 or int64, not int8"):
        bb.score_many(4, 2, 1, 1, 8, dtype=np.int8)  # type: ignore[arg-type]
    with pytest.raises(BatchError, match="row 1, column 'declarer': got 4; expected 0 to 3"):
        bb.ns_view([1, 2], [0, 4])
    with pytest.raises(BatchError, match="row 0, column 'vulnerability': got 7; expected 0 to 3"):
        bb.declarer_vulnerable([0, 0], [7, 0])
    with pytest.raises(BatchError, match=r"column 'difference': got 1.5, in a column of float64"):
        bb.imps_many([1.5])
    with pytest.raises(BatchError, match="row 1, column 'codes': got 4000"):
        bb.score_packed([1, 4000])


def test_tables_with_named_columns() -> None:
    frame = {
        "contract": ["4HX", "3nt", "Pass", "7♠XX", "1N"],
        "tricks": [8, 10, None, 13, 7],
        "declarer": ["S", "E", None, "North", "w"],
        "vulnerability": ["NS", "None", "All", "Both", "-"],
    }
    expected = {"score": [-500, 430, 0, 2940, 90], "ns_score": [-500, -430, 0, 2940, -90]}
    for table in (frame, pd.DataFrame(frame), pa.table(frame), pa.table(frame).to_batches()[0]):
        got = bb.score_frame(table)
        assert {k: v.tolist() for k, v in got.items()} == expected
    codes: dict[str, list[Any]] = {
        "level": [4, 3, 0],
        "strain": ["H", "NT", "C"],
        "doubling": ["X", "", ""],
        "tricks": [8, 10, 0],
        "vulnerable": [True, False, False],
    }
    assert bb.score_frame(codes)["score"].tolist() == [-500, 430, 0]
    numbers: dict[str, list[Any]] = {
        **codes,
        "strain": [2, 4, 0],
        "doubling": [1, 0, 0],
        "vulnerable": [1, 0, 0],
    }
    assert bb.score_frame(pd.DataFrame(numbers))["score"].tolist() == [-500, 430, 0]
    text = {k: [str(v) for v in vs] for k, vs in numbers.items()}
    assert bb.score_frame(text)["score"].tolist() == [-500, 430, 0]
    assert list(bb.score_frame(codes)) == ["score"]  # no declarer: no NS view
    dictionary = pa.table({**frame, "contract": pa.array(frame["contract"]).dictionary_encode()})
    assert bb.score_frame(dictionary)["score"].tolist() == expected["score"]
    chunked = pa.concat_tables([pa.table(frame), pa.table(frame)])
    assert bb.score_frame(chunked)["score"].tolist() == expected["score"] * 2
    if hasattr(pa, "string_view"):  # Polars hands text over as string views
        views = pa.table({**frame, "contract": pa.array(frame["contract"], pa.string_view())})
        assert bb.score_frame(views)["score"].tolist() == expected["score"]
    floats = pd.DataFrame({**frame, "tricks": [8.0, 10.0, np.nan, 13.0, 7.0]})
    assert bb.score_frame(floats)["score"].tolist() == expected["score"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"contract": ["4HX", "4Z"]}, r"row 1, column 'contract': invalid contract notation: '4Z'"),
        (
            {"contract": ["4HX", None]},
            r"row 1, column 'contract': got an empty value; write 'Pass'",
        ),
        ({"contract": [4, 3]}, r"column 'contract': expected text such as '4HX', got a column of"),
        ({"tricks": [8, None]}, r"row 1, column 'tricks': got an empty value; only a passed-out"),
        ({"tricks": ["8", "x"]}, r"row 1, column 'tricks': got 'x'; expected a whole number"),
        ({"tricks": [8.0, 8.5]}, r"row 1, column 'tricks': got 8.5; expected whole numbers"),
        ({"declarer": ["S", "Q"]}, r"row 1, column 'declarer': invalid seat: 'Q'"),
        ({"declarer": ["S", None]}, r"row 1, column 'declarer': got an empty value"),
        ({"vulnerability": ["NS", "XY"]}, r"row 1, column 'vulnerability': invalid vulnerability"),
        ({"vulnerability": ["NS", None]}, r"row 1, column 'vulnerability': got an empty value"),
        ({"level": [1, 2]}, r"give either 'contract' or 'level', 'strain' and 'doubling'"),
        ({"vulnerable": [1, 2]}, r"give either 'vulnerable' \(the declaring side's\) or"),
        ({"tricks": None}, r"missing column 'tricks'; the columns are: contract, declarer, vul"),
        ({"declarer": None}, r"missing column 'declarer' \(or a 'vulnerable' column\)"),
        ({"contract": None}, r"missing columns 'level', 'strain', 'doubling' \(or a 'contract'"),
        ({"tricks": [b"8", b"9"]}, r"column 'tricks': expected numbers or text, got a column of"),
    ],
)
def test_bad_tables_name_the_row_and_column(change: dict[str, Any], message: str) -> None:
    frame: dict[str, Any] = {
        "contract": ["4HX", "3NT"],
        "tricks": [8, 10],
        "declarer": ["S", "E"],
        "vulnerability": ["NS", "None"],
    }
    frame.update(change)
    frame = {k: v for k, v in frame.items() if v is not None}
    with pytest.raises(BatchError, match=message):
        bb.score_frame(frame)


def test_score_frame_wants_a_table() -> None:
    with pytest.raises(BatchError, match=r"expected a table .* got list"):
        bb.score_frame([1, 2])
    with pytest.raises(BatchError, match="cannot read the columns as a table"):
        bb.score_frame({"tricks": [1, 2], "level": [1]})


def test_no_module_of_the_package_imports_the_package() -> None:
    """The engine modules import each other, never ``bridgescore.batch`` itself (no loop)."""
    folder = Path(bb.__file__).parent
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                names = [f"{node.module}.{a.name}" for a in node.names]
                assert node.module != "bridgescore.batch", (path.name, names)
                assert not (node.module == "bridgescore" and "bridgescore.batch" in names)
            elif isinstance(node, ast.Import):
                assert "bridgescore.batch" not in [a.name for a in node.names], path.name


@pytest.mark.parametrize(
    "module", ["field", "_frames", "_io", "_ns", "_table", "_columns", "_imps"]
)
def test_each_module_imports_first(module: str) -> None:
    probe = f"import bridgescore.batch.{module}"
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_without_numpy_the_import_says_what_to_install() -> None:
    probe = "import sys; sys.modules['numpy'] = None; import bridgescore.batch"
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 1
    assert "pip install 'bridgescore[batch]'" in run.stderr


def test_the_core_and_the_cli_do_not_load_numpy_or_pyarrow() -> None:
    probe = (
        "import sys, bridgescore, bridgescore.cli; "
        "print(sorted({'numpy', 'pyarrow', 'pandas', 'dask'} & set(sys.modules)))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
