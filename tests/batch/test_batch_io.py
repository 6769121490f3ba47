"""batch.score_file: files in and out, chunks, progress, bad input, what is left on disk."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import BatchError, RulesError, files
from bridgescore import batch as bb
from tests.helpers import HEADER, read_csv, write_csv

ROWS = [
    ["1", "4HX", "S", "NS", "8"],
    ["2", "3NT", "E", "None", "10"],
    ["3", "Pass", "", "All", ""],
    ["4", "7sxx", "N", "All", "13"],
]
SCORES = [-500, 430, 0, 2940]  # declarer's view (Laws 77: 4HX-2 vul, 3NT=, 7SXX=)
NS_SCORES = [-500, -430, 0, 2940]


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


class Calls:
    """A progress callback that notes its calls (and may stop the run at one)."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.calls: list[tuple[int, float]] = []
        self.fail_at = fail_at

    def __call__(self, rows: int, fraction: float) -> None:
        self.calls.append((rows, fraction))
        if len(self.calls) == self.fail_at:
            raise KeyboardInterrupt


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_csv_file_scored_into_csv_or_parquet(tmp_path: Path, suffix: str) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    target = tmp_path / f"scores{suffix}"
    assert bb.score_file(source, target, keep=["board", "contract"]) == 4
    table = pq.read_table(target) if suffix == ".parquet" else None
    if table is not None:
        assert table.column_names == ["board", "contract", "score", "ns_score"]
        assert table.schema.field("score").type == pa.int16()
        assert table["score"].to_pylist() == SCORES
        assert table["ns_score"].to_pylist() == NS_SCORES
    else:
        rows = read_csv(target)
        assert [r["contract"] for r in rows] == [r[1] for r in ROWS]
        assert [int(r["score"]) for r in rows] == SCORES
        assert [int(r["ns_score"]) for r in rows] == NS_SCORES
    assert files_in(tmp_path) == ["deals.csv", target.name]


def test_a_parquet_file_in_chunks_with_progress(tmp_path: Path) -> None:
    rows = ROWS * 25
    table = pa.table({name: [r[i] for r in rows] for i, name in enumerate(HEADER)})
    pq.write_table(table, tmp_path / "deals.parquet", row_group_size=30)
    progress = Calls()
    source = str(tmp_path / "deals.parquet")  # a str, as well as a Path
    done = bb.score_file(source, tmp_path / "out.csv", keep="all", chunk_rows=7, progress=progress)
    assert done == 100
    out = read_csv(tmp_path / "out.csv")
    assert list(out[0]) == [*HEADER, "score", "ns_score"]
    assert [int(r["ns_score"]) for r in out] == NS_SCORES * 25
    counts = [rows for rows, _ in progress.calls]
    fractions = [fraction for _, fraction in progress.calls]
    assert counts == sorted(counts)
    assert counts[-1] == 100
    assert all(b - a <= 7 for a, b in zip([0, *counts], counts, strict=False))
    assert len(counts) >= 100 // 7
    assert fractions == sorted(fractions)
    assert fractions[-1] == 1.0
    assert fractions[0] == pytest.approx(counts[0] / 100)


def test_a_csv_file_in_chunks_equals_one_chunk(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS * 50)
    whole, small = Calls(), Calls()
    bb.score_file(source, tmp_path / "whole.csv", keep="all", progress=whole)
    bb.score_file(source, tmp_path / "small.csv", keep="all", chunk_rows=3, progress=small)
    assert (tmp_path / "small.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()
    assert whole.calls == [(200, 1.0)]
    assert len(small.calls) >= 200 // 3
    assert small.calls[-1] == (200, 1.0)
    assert [f for _, f in small.calls] == sorted(f for _, f in small.calls)


def test_an_empty_file_calls_progress_once(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [])
    progress = Calls()
    assert bb.score_file(source, tmp_path / "out.parquet", keep=["board"], progress=progress) == 0
    assert progress.calls == [(0, 1.0)]
    assert pq.read_table(tmp_path / "out.parquet").column_names == ["board", "score", "ns_score"]


def test_the_undertrick_rule(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [["1", "3NTX", "N", "None", "5"]])
    bb.score_file(source, tmp_path / "a.csv", undertrick_rule="pre-1987")
    bb.score_file(source, tmp_path / "b.csv")
    assert read_csv(tmp_path / "a.csv") == [{"score": "-700", "ns_score": "-700"}]
    assert read_csv(tmp_path / "b.csv") == [{"score": "-800", "ns_score": "-800"}]  # Law 77


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_bad_row_leaves_dst_untouched(tmp_path: Path, suffix: str) -> None:
    rows = ROWS * 10
    rows[33] = ["34", "4HX", "S", "NS", "14"]
    source = write_csv(tmp_path / "deals.csv", rows)
    target = tmp_path / f"scores{suffix}"
    target.write_bytes(b"old")
    with pytest.raises(BatchError) as caught:
        bb.score_file(source, target, chunk_rows=5)
    assert (caught.value.row, caught.value.column, caught.value.field) == (33, "tricks", "tricks")
    assert str(caught.value) == (
        "row 33, column 'tricks': got '14'; expected a whole number from 0 to 13 (line 35)"
    )
    assert target.read_bytes() == b"old"
    assert files_in(tmp_path) == ["deals.csv", target.name]


def test_a_failing_progress_callback_leaves_dst_untouched(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS * 10)
    target = tmp_path / "scores.csv"
    with pytest.raises(KeyboardInterrupt):
        bb.score_file(source, target, chunk_rows=4, progress=Calls(fail_at=3))
    assert files_in(tmp_path) == ["deals.csv"]


BAD_ARGUMENTS: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("deals.txt", "out.csv", {}, "src", "cannot tell the format of '.*deals.txt'"),
    ("deals.csv", "out.json", {}, "dst", "name it .csv or .parquet"),
    ("deals.csv", "no/out.csv", {}, "dst", "no such folder"),
    ("deals.csv", "out.csv", {"chunk_rows": 0}, "chunk_rows", "got 0"),
    ("deals.csv", "out.csv", {"chunk_rows": True}, "chunk_rows", "got True"),
    ("deals.csv", "out.csv", {"keep": ["nope"]}, "keep", "no column 'nope' to keep"),
    ("scored.csv", "out.csv", {"keep": ["score"]}, "keep", "'score' is written anyway"),
    ("deals.csv", "out.csv", {"keep": "every"}, "keep", "got 'every'; expected 'all'"),
    ("missing.csv", "out.csv", {}, "src", "cannot read .*missing.csv"),
]


@pytest.mark.parametrize(
    ("src", "dst", "options", "field", "message"),
    BAD_ARGUMENTS,
    ids=[f"{c[3]}-{c[4][:20]}" for c in BAD_ARGUMENTS],
)
def test_bad_arguments_name_the_argument(
    tmp_path: Path, src: str, dst: str, options: dict[str, Any], field: str, message: str
) -> None:
    write_csv(tmp_path / "deals.csv", ROWS)
    write_csv(tmp_path / "deals.txt", ROWS)
    write_csv(tmp_path / "scored.csv", [[*r, "0"] for r in ROWS], [*HEADER, "score"])
    with pytest.raises(BatchError, match=message) as caught:
        bb.score_file(tmp_path / src, tmp_path / dst, **options)
    assert caught.value.field == field
    assert caught.value.column is None
    assert files_in(tmp_path) == ["deals.csv", "deals.txt", "scored.csv"]


def test_an_unknown_undertrick_rule_writes_nothing(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    with pytest.raises(RulesError):
        bb.score_file(source, tmp_path / "out.csv", undertrick_rule="1932")  # type: ignore[arg-type]
    assert files_in(tmp_path) == ["deals.csv"]


@pytest.mark.parametrize(
    ("header", "keep", "column"),
    [
        (["contract", "tricks", "vulnerable", "tricks"], (), "tricks"),
        (["contract", "tricks", "vulnerable", "note", "note"], ["note"], "note"),
        (["contract", "tricks", "vulnerable", "", ""], "all", ""),
    ],
    ids=["an input column", "a kept column", "unnamed columns, all kept"],
)
def test_a_repeated_column_is_named(
    tmp_path: Path, header: list[str], keep: Any, column: str
) -> None:
    source = write_csv(tmp_path / "deals.csv", [["4H", "10", "1", "a", "b"]], header)
    with pytest.raises(BatchError, match="more than one column of this name") as caught:
        bb.score_file(source, tmp_path / "out.csv", keep=keep)
    assert caught.value.column == column
    assert files_in(tmp_path) == ["deals.csv"]


def test_a_repeated_column_that_is_not_read_is_ignored(tmp_path: Path) -> None:
    header = ["contract", "tricks", "vulnerable", "note", "note"]
    source = write_csv(tmp_path / "deals.csv", [["4H", "10", "1", "a", "b"]], header)
    assert bb.score_file(source, tmp_path / "out.csv") == 1
    assert read_csv(tmp_path / "out.csv") == [{"score": "620"}]  # 4H= vulnerable


# --- cells are read in linear time ---------------------------------------------------------------

HUGE = 1_000_000


@pytest.mark.parametrize(
    ("column", "cell"),
    [
        ("contract", "4" + " " * HUGE + "Q"),
        ("contract", "4H" * HUGE),
        ("tricks", "1" * HUGE),
        ("declarer", "0" * HUGE),  # int() of it would be slow, and refused past 4,300 digits
        ("declarer", "N" * HUGE),
        ("vulnerability", "-" * HUGE),
        ("strain", "²"),  # a digit to str.isdigit, not to int()
    ],
    ids=["spaces", "repeated", "digits", "zeros", "letters", "dashes", "superscript"],
)
def test_a_huge_or_odd_cell_is_refused_quickly(tmp_path: Path, column: str, cell: str) -> None:
    header = ["level", "strain", "doubling", "tricks", "declarer", "vulnerability"]
    row = ["4", "H", "", "10", "S", "None"]
    if column == "contract":
        header, row = ["contract", *header[3:]], ["4H", *row[3:]]
    row[header.index(column)] = cell
    source = write_csv(tmp_path / "deals.csv", [row], header)
    start = time.perf_counter()
    with pytest.raises(BatchError) as caught:
        bb.score_file(source, tmp_path / "out.csv")
    assert time.perf_counter() - start < 2.0  # quadratic work would take minutes
    assert (caught.value.row, caught.value.column) == (0, column)
    assert len(str(caught.value)) < 300


# --- arbitrary files: only a BatchError, and quickly ---------------------------------------------

WORDS = st.sampled_from([*bb.COLUMNS, "note", "", "score", '"', ",", "\n"])
CELLS = st.one_of(
    st.sampled_from(["4HX", "3NT", "Pass", "S", "NS", "All", "13", "0", "", "x", '"', "²"]),
    st.text(max_size=12),
)
SLOW = settings(
    max_examples=60,
    deadline=timedelta(milliseconds=800),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def only_batch_errors(path: Path, data: bytes, suffix: str, keep: Any) -> None:
    path.write_bytes(data)
    target = path.with_name(f"out{suffix}")
    try:
        bb.score_file(path, target, keep=keep, chunk_rows=3)
    except BatchError:
        assert not target.exists()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".part")]
    target.unlink(missing_ok=True)


@SLOW
@given(data=st.binary(max_size=300), suffix=st.sampled_from([".csv", ".parquet"]))
def test_any_bytes_as_a_csv_file(tmp_path: Path, data: bytes, suffix: str) -> None:
    only_batch_errors(tmp_path / "deals.csv", data, suffix, "all")


@SLOW
@given(
    header=st.lists(WORDS, min_size=1, max_size=7),
    rows=st.lists(st.lists(CELLS, max_size=7), max_size=6),
    suffix=st.sampled_from([".csv", ".parquet"]),
    keep=st.sampled_from([(), "all"]),
)
def test_any_table_as_a_csv_file(
    tmp_path: Path, header: list[str], rows: list[list[str]], suffix: str, keep: Any
) -> None:
    lines = [",".join(header), *(",".join(row) for row in rows)]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    only_batch_errors(tmp_path / "deals.csv", data, suffix, keep)


def test_a_parquet_file_that_is_not_one(tmp_path: Path) -> None:
    (tmp_path / "junk.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(BatchError, match="cannot read") as caught:
        bb.score_file(tmp_path / "junk.parquet", tmp_path / "out.csv")
    assert caught.value.field == "src"


# --- nothing is stranded -------------------------------------------------------------------------


def test_the_temporary_file_has_no_name_while_it_is_written(tmp_path: Path) -> None:
    assert files._O_TMPFILE, "Linux has O_TMPFILE"
    source = write_csv(tmp_path / "deals.csv", ROWS * 10)
    seen: list[list[str]] = []

    def look() -> None:
        seen.append(files_in(tmp_path))

    bb.score_file(source, tmp_path / "out.csv", chunk_rows=4, progress=lambda *_: look())
    assert seen
    assert all(names == ["deals.csv"] for names in seen)
    assert files_in(tmp_path) == ["deals.csv", "out.csv"]


def test_without_o_tmpfile_a_named_temporary_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "_O_TMPFILE", 0)
    source = write_csv(tmp_path / "deals.csv", ROWS * 10)
    seen: list[list[str]] = []

    def look() -> None:
        seen.append(files_in(tmp_path))

    bb.score_file(source, tmp_path / "out.csv", chunk_rows=4, progress=lambda *_: look())
    part = f".out.csv.{os.getpid()}-"
    assert all(len(names) == 2 and names[0].startswith(part) for names in seen)
    assert files_in(tmp_path) == ["deals.csv", "out.csv"]


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_run_removes_temporaries_left_by_dead_processes(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS)
    left = {
        f".out.csv.{dead_pid()}-0123abcd.part": False,  # removed
        f".out.csv.{os.getppid()}-0123abcd.part": True,  # its process runs: kept
        f".other.csv.{dead_pid()}-0123abcd.part": True,  # another file's
        ".out.csv.x-0123abcd.part": True,  # not one of ours
    }
    for name in left:
        (tmp_path / name).write_text("partial")
    bb.score_file(source, tmp_path / "out.csv")
    kept = [name for name, stays in left.items() if stays]
    assert files_in(tmp_path) == sorted(["deals.csv", "out.csv", *kept])


KILLED = """
import sys, time
from bridgescore import batch
from bridgescore import files

if sys.argv[3] == "named":
    files._O_TMPFILE = 0

def progress(rows, fraction):
    if rows >= 40:  # well into the file: say so, then wait to be killed
        print("writing", flush=True)
        time.sleep(60)

batch.score_file(sys.argv[1], sys.argv[2], chunk_rows=10, progress=progress)
"""


@pytest.mark.parametrize("temporary", ["unnamed", "named"])
def test_a_killed_run_strands_nothing(tmp_path: Path, temporary: str) -> None:
    source = write_csv(tmp_path / "deals.csv", ROWS * 50)
    target = tmp_path / "out.parquet"
    args = [sys.executable, "-c", KILLED, str(source), str(target), temporary]
    with subprocess.Popen(args, stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        assert run.stdout.readline() == "writing\n"
        run.send_signal(signal.SIGKILL)
        assert run.wait(timeout=30) == -signal.SIGKILL
    left = files_in(tmp_path)
    if temporary == "unnamed":
        assert left == ["deals.csv"]
    else:  # the name stays until the next run
        assert len(left) == 2
        assert left[0].startswith(f".out.parquet.{run.pid}-")
    assert bb.score_file(source, target) == 200
    assert files_in(tmp_path) == ["deals.csv", "out.parquet"]


def test_a_folder_that_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "_O_TMPFILE", 0)
    source = write_csv(tmp_path / "deals.csv", ROWS)
    real_open = os.open

    def refuse(path: Any, flags: int, mode: int = 0o777) -> int:
        if str(path).endswith(".part"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(OSError, match=r"cannot write .*out.csv: .*Permission denied"):
        bb.score_file(source, tmp_path / "out.csv")
    assert files_in(tmp_path) == ["deals.csv"]


def test_a_progress_callback_failing_at_the_end_leaves_dst_untouched(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "deals.csv", [])
    (tmp_path / "out.csv").write_text("old\n")
    with pytest.raises(KeyboardInterrupt):
        bb.score_file(source, tmp_path / "out.csv", progress=Calls(fail_at=1))
    assert (tmp_path / "out.csv").read_text() == "old\n"
    assert files_in(tmp_path) == ["deals.csv", "out.csv"]


WIDE = [f"c{i % 1000}" for i in range(100_000)]  # 100,000 columns, each name 100 times


@pytest.mark.parametrize(
    ("first", "keep", "message"),
    [
        (["contract", "tricks"], (), "missing columns 'declarer', 'vulnerability'"),
        (["contract", "tricks", "vulnerable"], ["nope"], "no column 'nope' to keep"),
        (["contract", "tricks", "vulnerable"], "all", "more than one column of this name"),
    ],
    ids=["missing", "bad keep", "repeated"],
)
def test_a_wide_header_is_read_in_linear_time(
    tmp_path: Path, first: list[str], keep: Any, message: str
) -> None:
    source = write_csv(tmp_path / "deals.csv", [], [*first, *WIDE])
    start = time.perf_counter()
    with pytest.raises(BatchError, match=message) as caught:
        bb.score_file(source, tmp_path / "out.csv", keep=keep)
    assert time.perf_counter() - start < 2.0  # quadratic work would take minutes
    assert len(str(caught.value)) < 400
