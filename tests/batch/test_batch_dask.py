"""The batch functions on a Dask dataframe, partition by partition, on a local Dask cluster."""

from __future__ import annotations

from collections.abc import Iterator

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest
from distributed import Client, LocalCluster

from bridgescore import BatchError
from bridgescore import batch as bb

pytestmark = pytest.mark.slow  # a Dask cluster per module: seconds to start


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    # Threads in this process: quick to start, and enough to run tasks on workers for real.
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def deals(n: int) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    return pd.DataFrame(
        {
            "contract": rng.choice(["4HX", "3NT", "Pass", "6S", "1CXX", "7NT"], n),
            "declarer": rng.choice(["N", "E", "S", "W"], n),
            "vulnerability": rng.choice(["None", "NS", "EW", "All"], n),
            "tricks": rng.integers(0, 14, n),
        }
    ).assign(tricks=lambda d: d.tricks.where(d.contract != "Pass", 0))


def score_partition(partition: pd.DataFrame) -> pd.DataFrame:
    """The README's function: one call of score_frame per partition."""
    return pd.DataFrame(bb.score_frame(partition), index=partition.index)


def test_map_partitions_on_a_cluster(client: Client) -> None:
    frame = deals(3000)
    ddf = dd.from_pandas(frame, npartitions=6)
    scores = ddf.map_partitions(score_partition, meta={"score": "int16", "ns_score": "int16"})
    got = scores.compute()
    expected = score_partition(frame)
    pd.testing.assert_frame_equal(got, expected)
    assert len(client.scheduler_info()["workers"]) == 2


def test_score_many_on_code_columns(client: Client) -> None:
    rng = np.random.default_rng(3)
    n = 4000
    bounds = {"level": 8, "strain": 5, "doubling": 3, "vulnerable": 2, "tricks": 14}
    frame = pd.DataFrame({k: rng.integers(0, hi, n).astype("int8") for k, hi in bounds.items()})
    ddf = dd.from_pandas(frame, npartitions=4)

    def score(p: pd.DataFrame) -> pd.Series:
        values = bb.score_many(p.level, p.strain, p.doubling, p.vulnerable, p.tricks)
        return pd.Series(values, index=p.index, name="score")

    got = ddf.map_partitions(score, meta=("score", "int16")).compute()
    assert got.tolist() == bb.score_many(*(frame[k] for k in bounds)).tolist()


def test_a_bad_row_in_a_partition_is_reported(client: Client) -> None:
    frame = deals(100)
    frame.loc[60, "contract"] = "8NT"
    ddf = dd.from_pandas(frame, npartitions=4)
    scores = ddf.map_partitions(score_partition, meta={"score": "int16", "ns_score": "int16"})
    with pytest.raises(BatchError, match=r"row \d+, column 'contract': .*'8NT'"):
        scores.compute()
