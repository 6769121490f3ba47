"""Par in bulk: ``batch.par_many`` gives, row by row, what the pure ``par()`` gives."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from bridgescore import BatchError, Seat, Vulnerability
from bridgescore.batch import par_many
from bridgescore.boards.par import par

VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
SEATS = tuple(Seat)


def mismatches(
    tables: npt.NDArray[np.int64], vul: npt.NDArray[np.int64], dealer: npt.NDArray[np.int64]
) -> list[int]:
    got = par_many(tables, vul, dealer)
    assert len(got) == len(tables)
    bad = []
    for i in range(len(tables)):
        want = par(tables[i].tolist(), VULS[vul[i]], SEATS[dealer[i]])
        if got.par(i) != want or int(got.score[i]) != want.score:
            bad.append(i)
    return bad


def random_tables(n: int, seed: int) -> npt.NDArray[np.int64]:
    """A third uniform, a third like real tables (the sides' tricks sum to about 13, partners
    near each other), a third from few values (ties everywhere)."""
    rng = np.random.default_rng(seed)
    uniform = rng.integers(0, 14, (n, 4, 5))
    base = rng.integers(0, 14, (n, 1, 5))
    wobble = rng.integers(-1, 2, (n, 4, 5))
    real = np.clip(np.concatenate([base, 13 - base, base, 13 - base], axis=1) + wobble, 0, 13)
    ties = rng.integers(5, 9, (n, 4, 5))
    which = rng.integers(0, 3, n)[:, None, None]
    return np.where(which == 0, uniform, np.where(which == 1, real, ties))


def test_equal_to_par_on_100_000_random_tables() -> None:
    n = 100_000
    rng = np.random.default_rng(22)
    tables = random_tables(n, 7)
    vul = rng.integers(0, 4, n)
    dealer = rng.integers(0, 4, n)
    assert mismatches(tables, vul, dealer) == []


tables_strategy = hnp.arrays(np.int64, st.tuples(st.integers(1, 40), st.just(4), st.just(5)),
                             elements=st.integers(0, 13))  # fmt: skip


def test_equal_to_par_on_real_tables() -> None:
    """The double-dummy tables of tests/data/par_cases.json.gz (random deals solved by DDS),
    2,000 of them for every vulnerability and dealer."""
    with gzip.open(Path(__file__).parents[1] / "data" / "par_cases.json.gz", "rt") as f:
        hexes = [json.loads(line)[0] for line in f.read().splitlines()[:2_000]]
    one = np.array([[int(h[i], 16) for i in range(20)] for h in hexes]).reshape(-1, 4, 5)
    tables = np.tile(one, (16, 1, 1))
    cases = np.repeat(np.arange(16), len(one))
    assert mismatches(tables, cases // 4, cases % 4) == []


@settings(max_examples=200, deadline=None)
@given(tables=tables_strategy, data=st.data())
def test_equal_to_par_on_any_tables(tables: npt.NDArray[np.int64], data: st.DataObject) -> None:
    n = len(tables)
    codes = hnp.arrays(np.int64, n, elements=st.integers(0, 3))
    assert mismatches(tables, data.draw(codes), data.draw(codes)) == []


# bridgescore.boards.par's own examples and tests/boards/test_par.py's known pars (SCORING.md, Par).
WORKED = [
    ([(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)], "None", "N",
     300, "NS 300: 5CXEW-2"),
    ([(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)], "NS", "E",
     300, "NS 300: 5CXEW-2"),
    ([(7,) * 5, (7,) * 5, (6,) * 5, (6,) * 5], "None", "N", 90, "NS 90: 1NTN"),
    ([(7,) * 5, (7,) * 5, (6,) * 5, (6,) * 5], "None", "E", -90, "EW 90: 1NTE"),
    ([(9, 9, 9, 9, 9), (4,) * 5, (9, 9, 9, 9, 9), (4,) * 5], "None", "N", 400, "NS 400: 3NTNS"),
    ([(13,) * 5, (0,) * 5, (13,) * 5, (0,) * 5], "All", "S", 2220, "NS 2220: 7NTNS"),
    ([(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)], "EW", "N",
     420, "NS 420: 4HNS"),
    ([(7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4)], "None", "N",
     400, "NS 400: 3NTN"),
    ([(0,) * 5, (0,) * 5, (0,) * 5, (0,) * 5], "All", "W", 0, "pass"),
]  # fmt: skip


@pytest.mark.parametrize(("table", "vul", "dealer", "score", "text"), WORKED,
                         ids=[w[4] for w in WORKED])  # fmt: skip
def test_worked_tables(
    table: list[tuple[int, ...]], vul: str, dealer: str, score: int, text: str
) -> None:
    got = par_many(np.array([table]), vul, dealer)
    assert int(got.score[0]) == score
    assert str(got.par(0)) == text
    assert got.par(0) == par(table, vul, dealer)


def test_the_inputs_it_takes() -> None:
    tables = random_tables(300, 3)
    flat = tables.reshape(300, 20).astype(np.uint8)
    by_codes = par_many(tables, 2, 3)
    assert np.array_equal(par_many(flat, "EW", "W").score, by_codes.score)
    assert np.array_equal(par_many(tables, Vulnerability.EW, Seat.WEST).score, by_codes.score)
    texts = par_many(tables, ["EW"] * 300, ["W"] * 300)
    assert np.array_equal(texts.level, by_codes.level)
    assert np.array_equal(texts.declarers, by_codes.declarers)
    assert by_codes.dealer.tolist() == [3] * 300
    empty = par_many(np.zeros((0, 4, 5), dtype=np.int64), 0, 0)
    assert len(empty) == 0


BAD = [
    (np.full((2, 4, 5), 14), 0, 0, "row 0, column 'tricks'"),
    (np.full((2, 4, 4), 7), 0, 0, "shape"),
    (np.full((2, 4, 5), 7.0), 0, 0, "whole numbers"),
    (np.full((2, 4, 5), 7), 4, 0, "column 'vulnerability'"),
    (np.full((2, 4, 5), 7), "Both sides", 0, "column 'vulnerability'"),
    (np.full((2, 4, 5), 7), 0, [0, 1, 2], "different lengths"),
    (np.full((2, 4, 5), 7), 0, ["N", "Q"], "row 1, column 'dealer'"),
]


@pytest.mark.parametrize(("tables", "vul", "dealer", "message"), BAD, ids=[b[3] for b in BAD])
def test_bad_input_names_the_row_and_column(
    tables: npt.NDArray[np.int64], vul: object, dealer: object, message: str
) -> None:
    with pytest.raises(BatchError, match=message.replace("(", r"\(")):
        par_many(tables, vul, dealer)
