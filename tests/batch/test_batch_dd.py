"""Double-dummy tables and par for a column of deals: numpy, pandas, Parquet, a Dask cluster."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from bridgescore import BatchError, Vulnerability
from bridgescore import batch as bb
from bridgescore.boards.dd import dd_tables
from bridgescore.boards.par import par
from bridgescore.cli import cli
from tests.helpers import random_deal

pytestmark = pytest.mark.slow  # DDS solves six deals (a second or two each on a busy machine)

VULS = ["None", "NS", "EW", "All"]


@cache
def sample() -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
    """Eight random deals with vulnerabilities and dealers, and what they should give."""
    rng = random.Random(14)
    frame = pd.DataFrame(
        {
            "deal": [random_deal(rng) for _ in range(6)],
            "vulnerability": [VULS[i % 4] for i in range(6)],
            "dealer": ["NESW"[(i + i // 4) % 4] for i in range(6)],
        }
    )
    tables = list(dd_tables(frame.deal))
    tricks = np.array([[t for row in table for t in row] for table in tables], dtype=np.uint8)
    pars = np.array(
        [
            par(t, v, d).score
            for t, v, d in zip(tables, frame.vulnerability, frame.dealer, strict=True)
        ]
    )
    return frame, tricks, pars


def check(got: dict[str, np.ndarray] | pd.DataFrame) -> None:
    _, tricks, pars = sample()
    assert list(got.keys()) == list(bb.ANALYSIS_COLUMNS)
    assert np.array_equal(np.column_stack([np.asarray(got[c]) for c in bb.DD_COLUMNS]), tricks)
    assert np.array_equal(np.asarray(got["par"]), pars)


def test_analyse_many_from_pandas_and_arrow() -> None:
    frame, _, _ = sample()
    got = bb.analyse_many(frame.deal, vulnerability=frame.vulnerability, dealer=frame.dealer)
    check(got)
    assert got["dd_n_c"].dtype == np.uint8
    assert got["par"].dtype == np.int16
    arrow = pa.table(frame)
    check(
        bb.analyse_many(arrow["deal"], vulnerability=arrow["vulnerability"], dealer=arrow["dealer"])
    )


def test_analyse_many_without_vulnerability_or_dealer() -> None:
    frame, tricks, _ = sample()
    got = bb.analyse_many(list(frame.deal[:2]))
    table = tuple(tuple(int(t) for t in tricks[0][5 * r : 5 * r + 5]) for r in range(4))
    assert got["par"][0] == par(table, Vulnerability.NONE).score


@pytest.mark.parametrize(
    ("deals", "vul", "dealer", "row", "column", "message"),
    [
        (["N:- - - -"], None, None, 0, "deal", "a hand is missing"),
        (["x", "y"], None, None, 7, "deal", "invalid deal 'x'"),
        (None, "Some", None, 0, "vulnerability", "invalid vulnerability: 'Some'"),
        (None, None, "Q", 100, "dealer", "invalid seat: 'Q'"),
    ],
    ids=["missing-hand", "not-a-deal", "bad-vulnerability", "bad-dealer"],
)
def test_bad_rows(deals: list[str] | None, vul: str | None, dealer: str | None, row: int,
                  column: str, message: str) -> None:  # fmt: skip
    frame, _, _ = sample()
    if deals is None:  # good deals, a bad value for every row: the first row is named
        deals = list(frame.deal[:2])
    with pytest.raises(BatchError, match=message) as info:
        bb.analyse_many(deals, vulnerability=vul, dealer=dealer, first_row=row)
    assert (info.value.row, info.value.column) == (row, column)


def test_parquet_file_through_the_cli(tmp_path: Path) -> None:
    frame, _, _ = sample()
    source, target = tmp_path / "deals.parquet", tmp_path / "out.parquet"
    frame.to_parquet(source)
    result = CliRunner().invoke(cli, ["analyse", str(source), "-o", str(target), "--no-progress"])
    assert result.exit_code == 0, result.output
    check(pq.read_table(target).to_pandas())
    assert [p.name for p in tmp_path.iterdir()] == ["deals.parquet", "out.parquet"] or sorted(
        p.name for p in tmp_path.iterdir()
    ) == ["deals.parquet", "out.parquet"]
    frame[["vulnerability"]].to_parquet(source)
    result = CliRunner().invoke(cli, ["analyse", str(source), "-o", str(target)])
    assert result.exit_code == 2
    assert "no 'deal' column" in result.output


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.mark.slow
def test_partitions_on_a_dask_cluster(client: object) -> None:
    import dask.dataframe as dd

    frame, _, _ = sample()
    ddf = dd.from_pandas(frame, npartitions=2)
    got = ddf.map_partitions(bb.analyse_partition, meta=bb.analysis_meta()).compute()
    check(got)
    assert list(got.index) == list(frame.index)
