"""``bridgescore batch``: CSV and Parquet files, chunks, bad rows and what is left on disk."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from bridgescore import Result, Side, score_result
from bridgescore import batch as bb
from bridgescore.batch import _frames, _io
from bridgescore.cli import cli
from tests.helpers import HEADER, read_csv, write_csv

ROWS = [
    ["1", "4HX", "S", "NS", "8"],
    ["2", "3NT", "E", "None", "10"],
    ["3", "Pass", "", "All", ""],
    ["4", "7sxx", "N", "All", "13"],
    ["5", "1N", "W", "EW", "6"],
    ["6", "6♠", "S", "Both", "12"],
]


def ns_expected(rows: list[list[str]]) -> list[int]:
    out = []
    for _, contract, declarer, vulnerability, tricks in rows:
        if contract == "Pass":
            out.append(0)
            continue
        made = Result.parse(f"{contract}{declarer[:1].upper()}")
        result = Result(made.contract, made.declarer, int(tricks))
        out.append(score_result(result, vulnerability).for_side(Side.NS))
    return out


def invoke(*args: str | Path) -> Any:
    return CliRunner().invoke(cli, ["batch", *map(str, args)])


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_csv_with_pbn_contracts(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    result = invoke(source, "-o", tmp_path / "scores.csv", "--keep", "board,contract")
    assert result.exit_code == 0, result.output
    rows = read_csv(tmp_path / "scores.csv")
    assert list(rows[0]) == ["board", "contract", "score", "ns_score"]
    assert [r["contract"] for r in rows] == [r[1] for r in ROWS]
    assert [int(r["ns_score"]) for r in rows] == ns_expected(ROWS)
    assert [int(r["score"]) for r in rows] == [-500, 430, 0, 2940, -100, 1430]
    assert files_in(tmp_path) == ["deals.csv", "scores.csv"]


def test_csv_to_parquet_and_back(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    assert invoke(source, "-o", tmp_path / "scores.parquet", "--keep", "all").exit_code == 0
    table = pq.read_table(tmp_path / "scores.parquet")
    assert table.column_names == [*HEADER, "score", "ns_score"]
    assert table.schema.field("score").type == pa.int16()
    assert table["ns_score"].to_pylist() == ns_expected(ROWS)
    again = invoke(tmp_path / "scores.parquet", "-o", tmp_path / "again.csv", "--keep", "board")
    assert again.exit_code == 0, again.output
    assert [int(r["ns_score"]) for r in read_csv(tmp_path / "again.csv")] == ns_expected(ROWS)


def code_table(n: int, seed: int = 1) -> pa.Table:
    rng = np.random.default_rng(seed)
    bounds = {"level": (1, 8), "strain": (0, 5), "doubling": (0, 3), "tricks": (0, 14)}
    columns = {k: rng.integers(lo, hi, n, dtype=np.int8) for k, (lo, hi) in bounds.items()}
    return pa.table({**columns, "vulnerable": rng.integers(0, 2, n).astype(bool)})


def expected_scores(table: pa.Table) -> list[int]:
    names = ("level", "strain", "doubling", "vulnerable", "tricks")
    scores: list[int] = bb.score_many(*(table[n] for n in names)).tolist()
    return scores


def test_parquet_with_code_columns(tmp_path: Path) -> None:
    table = code_table(5000)
    pq.write_table(table, tmp_path / "deals.parquet", row_group_size=1000)
    result = invoke(tmp_path / "deals.parquet", "-o", tmp_path / "out.parquet")
    assert result.exit_code == 0, result.output
    out = pq.read_table(tmp_path / "out.parquet")
    assert out.column_names == ["score"]
    assert out["score"].to_pylist() == expected_scores(table)
    assert files_in(tmp_path) == ["deals.parquet", "out.parquet"]


@pytest.fixture
def chunk_sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each chunk the command scores (each goes through ``read_deals``)."""
    sizes: list[int] = []
    read_deals = _frames.read_deals

    def counting(table: Any) -> _frames.Deals:
        sizes.append(table.num_rows)
        return read_deals(table)

    monkeypatch.setattr(_frames, "read_deals", counting)
    return sizes


def test_parquet_is_read_in_chunks(tmp_path: Path, chunk_sizes: list[int]) -> None:
    table = code_table(1000)
    pq.write_table(table, tmp_path / "deals.parquet", row_group_size=300)
    whole = invoke(tmp_path / "deals.parquet", "-o", tmp_path / "whole.parquet", "--keep", "all")
    assert whole.exit_code == 0, whole.output
    assert chunk_sizes == [1000]  # the default chunk is a million rows
    chunk_sizes.clear()
    args = ("-o", tmp_path / "small.parquet", "--keep", "all", "--chunk-rows", "7")
    small = invoke(tmp_path / "deals.parquet", *args)
    assert small.exit_code == 0, small.output
    assert len(chunk_sizes) > 100
    assert set(chunk_sizes[:-1]) == {7}
    assert sum(chunk_sizes) == 1000
    assert pq.read_table(tmp_path / "small.parquet").equals(
        pq.read_table(tmp_path / "whole.parquet")
    )
    assert pq.read_table(tmp_path / "small.parquet")["score"].to_pylist() == expected_scores(table)


def test_csv_is_read_in_chunks(tmp_path: Path, chunk_sizes: list[int]) -> None:
    rows = ROWS * 50
    source = write_csv(tmp_path / "deals.csv", rows)
    assert invoke(source, "-o", tmp_path / "whole.csv", "--keep", "all").exit_code == 0
    assert len(chunk_sizes) == 1
    chunk_sizes.clear()
    small = invoke(source, "-o", tmp_path / "small.csv", "--keep", "all", "--chunk-rows", "4")
    assert small.exit_code == 0, small.output
    assert len(chunk_sizes) == 75
    assert (tmp_path / "small.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()
    assert [int(r["ns_score"]) for r in read_csv(tmp_path / "small.csv")] == ns_expected(rows)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_bad_row_exits_2_and_leaves_no_file(tmp_path: Path, suffix: str) -> None:
    rows = ROWS * 20
    rows[77] = ["78", "4HX", "S", "NS", "14"]
    source = write_csv(tmp_path / "deals.csv", rows)
    if suffix == ".parquet":
        table = pa.csv.read_csv(
            source, convert_options=pa.csv.ConvertOptions(strings_can_be_null=False)
        )
        pq.write_table(table, tmp_path / "deals.parquet")
        source.unlink()
        source = tmp_path / "deals.parquet"
    target = tmp_path / f"scores{suffix}"
    result = invoke(source, "-o", target, "--chunk-rows", "10")
    assert result.exit_code == 2
    got = "'14'" if suffix == ".csv" else "14"  # text in a CSV, a number in this Parquet file
    line = " (line 79)" if suffix == ".csv" else ""
    assert (
        f"row 77, column 'tricks': got {got}; expected a whole number from 0 to 13{line}"
        in " ".join(result.output.split())
    )
    assert "Traceback" not in result.output
    assert files_in(tmp_path) == [source.name]


def test_a_bad_run_keeps_the_old_output(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [["1", "4Z", "S", "NS", "8"]])
    target = tmp_path / "scores.csv"
    target.write_text("old\n")
    result = invoke(source, "-o", target)
    assert result.exit_code == 2
    assert "row 0, column 'contract': invalid contract notation: '4Z'" in result.output
    assert target.read_text() == "old\n"
    assert files_in(tmp_path) == ["deals.csv", "scores.csv"]


@pytest.mark.parametrize(
    ("header", "row", "message"),
    [
        (["contract", "tricks"], ["4H", "10"], "missing columns 'declarer', 'vulnerability'"),
        (["contract", "vulnerable"], ["4H", "1"], "missing column 'tricks'"),
        (["contract", "tricks", "vulnerable"], ["4H", "10", "maybe"], "got 'maybe'; expected"),
        (
            ["level", "strain", "doubling", "tricks", "vulnerable"],
            ["4", "Q", "", "10", "no"],
            "'Q'",
        ),
    ],
)
def test_bad_columns(tmp_path: Path, header: list[str], row: list[str], message: str) -> None:
    source = write_csv(tmp_path / "deals.csv", [row], header)
    result = invoke(source, "-o", tmp_path / "out.csv")
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert files_in(tmp_path) == ["deals.csv"]


def test_codes_and_words_in_a_csv(tmp_path: Path) -> None:
    header = ["level", "strain", "doubling", "tricks", "vulnerable", "note"]
    rows = [
        ["4", "H", "X", "8", "true", "a"],
        ["3", "4", "", "10", "0", "b"],
        ["0", "", "", "", "no", "c"],
    ]
    rows[2][1] = "C"
    source = write_csv(tmp_path / "deals.csv", rows, header)
    result = invoke(source, "-o", tmp_path / "out.csv", "--keep", "note")
    assert result.exit_code == 0, result.output
    assert read_csv(tmp_path / "out.csv") == [
        {"note": "a", "score": "-500"},
        {"note": "b", "score": "430"},
        {"note": "c", "score": "0"},
    ]


def test_options_are_checked(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    result = invoke(source, "-o", tmp_path / "out.csv", "--keep", "board,nope")
    assert result.exit_code == 2
    assert "no column 'nope' to keep" in result.output
    result = invoke(source, "-o", tmp_path / "out.txt")
    assert result.exit_code == 2
    assert "name it .csv or .parquet" in result.output
    result = invoke(source, "-o", tmp_path / "missing" / "out.csv")
    assert result.exit_code == 2
    assert "no such folder" in result.output
    assert files_in(tmp_path) == ["deals.csv"]


def test_files_that_cannot_be_read_or_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "junk.parquet").write_bytes(b"not parquet at all")
    result = invoke(tmp_path / "junk.parquet", "-o", tmp_path / "out.csv")
    assert result.exit_code == 2
    assert "cannot read" in result.output
    source = write_csv(tmp_path / "deals.csv", ROWS)

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_io._Writer, "_open_writer", lambda self, *args: full())
    result = invoke(source, "-o", tmp_path / "out.parquet")
    assert result.exit_code == 1
    assert "cannot write" in result.output
    assert "No space left on device" in result.output
    assert files_in(tmp_path) == ["deals.csv", "junk.parquet"]


def test_a_csv_with_a_byte_order_mark(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    source.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    result = invoke(source, "-o", tmp_path / "out.csv", "--keep", "board")
    assert result.exit_code == 0, result.output
    assert [r["board"] for r in read_csv(tmp_path / "out.csv")] == [r[0] for r in ROWS]


def test_an_empty_file_gives_an_empty_result(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [])
    result = invoke(source, "-o", tmp_path / "out.csv", "--keep", "board")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out.csv").read_text().split() == ['"board","score","ns_score"']


def test_undertricks_and_progress(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [["1", "3NTX", "N", "None", "5"]])
    result = invoke(source, "-o", tmp_path / "a.csv", "--undertrick-rule", "pre-1987", "--progress")
    assert result.exit_code == 0, result.output
    assert read_csv(tmp_path / "a.csv") == [{"score": "-700", "ns_score": "-700"}]
    assert "Scored 1 deal into" in result.stderr
    result = invoke(source, "-o", tmp_path / "b.csv")
    assert read_csv(tmp_path / "b.csv") == [{"score": "-800", "ns_score": "-800"}]
    assert result.output == ""


def test_help_names_the_columns() -> None:
    result = CliRunner().invoke(cli, ["batch", "--help"])
    assert result.exit_code == 0
    for name in _frames.INPUT_COLUMNS:
        assert f"  {name} " in result.output
    assert "ns_score" in result.output


def test_as_a_user_runs_it(tmp_path: Path) -> None:
    exe = shutil.which("bridgescore") or str(Path(sys.executable).parent / "bridgescore")
    source = write_csv(tmp_path / "deals.csv", ROWS)
    done = subprocess.run(
        [exe, "batch", str(source), "-o", str(tmp_path / "out.csv")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert [int(r["ns_score"]) for r in read_csv(tmp_path / "out.csv")] == ns_expected(ROWS)
    bad = write_csv(tmp_path / "bad.csv", [["1", "4HX", "S", "XX", "8"]])
    done = subprocess.run(
        [exe, "batch", str(bad), "-o", str(tmp_path / "bad.parquet")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "row 0, column 'vulnerability': invalid vulnerability: 'XX'" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "bad.parquet").exists()


def test_a_repeated_column_exits_2_naming_it(tmp_path: Path) -> None:
    header = ["contract", "tricks", "vulnerable", "tricks"]
    source = write_csv(tmp_path / "deals.csv", [["4H", "10", "1", "9"]], header)
    result = invoke(source, "-o", tmp_path / "out.csv")
    assert result.exit_code == 2
    assert "column 'tricks': the file has more than one column of this name" in " ".join(
        result.output.split()
    )
    assert "Traceback" not in result.output
    assert files_in(tmp_path) == ["deals.csv"]


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["-o", "out.txt"], "--output"),
        (["-o", "out.csv", "--keep", "nope"], "--keep"),
        (["-o", "out.csv", "--keep", "score"], "--keep"),
    ],
    ids=["output", "keep", "keep-score"],
)
def test_errors_name_the_option(tmp_path: Path, args: list[str], hint: str) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    result = CliRunner().invoke(
        cli,
        ["batch", str(source), *(str(tmp_path / a) if a.startswith("out") else a for a in args)],
    )
    assert result.exit_code == 2
    assert f"Invalid value for {hint}" in result.output
