"""``bridgescore batch``: score a CSV or Parquet file of deals, one chunk of rows at a time.

The file is read, scored and written in chunks (a million rows by default), so memory stays the
same whatever the file's size; writing a chunk overlaps reading the next one. The output goes to
a temporary file beside OUT that replaces OUT only once every row is scored, so a bad row never
leaves a half-written file. numpy and pyarrow are imported only when the command runs.
"""

from __future__ import annotations

import csv
import os
import secrets
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Literal

import click

from bridgescore.cli._app import cli
from bridgescore.errors import BatchError
from bridgescore.scoring import UndertrickRule

__all__ = ["batch_command"]

Format = Literal["csv", "parquet"]
_FORMATS: dict[str, Format] = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
_SCORE_COLUMNS = ("score", "ns_score")


@cli.command("batch")
@click.argument(
    "source", metavar="IN", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "-o",
    "--output",
    "target",
    required=True,
    metavar="OUT",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The file to write, .csv or .parquet (replaced only when every row is scored).",
)
@click.option(
    "--keep",
    default="",
    metavar="COLUMNS",
    help="Input columns to copy to OUT before the scores: comma-separated names, or 'all'.",
)
@click.option(
    "--undertrick-rule",
    type=click.Choice(["modern", "pre-1987"]),
    default="modern",
    show_default=True,
    help="The undertrick table.",
)
@click.option(
    "--chunk-rows",
    type=click.IntRange(min=1),
    default=1 << 20,
    show_default=True,
    help="Rows read, scored and written at a time.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: when stderr is a terminal].",
)
def batch_command(
    source: Path,
    target: Path,
    keep: str,
    undertrick_rule: UndertrickRule,
    chunk_rows: int,
    progress: bool | None,
) -> None:
    """Score every deal in a CSV or Parquet file and write the scores to OUT.

    Columns of IN read by name (others are ignored unless kept with --keep):

    \b
      contract       PBN contract: 4HX 3NT 7SXX Pass (or the next three)
      level          1-7, or 0 for a passed-out deal
      strain         C D H S NT (or N, ♣ ♦ ♥ ♠), or 0-4
      doubling       (empty) X XX, or 0-2
      tricks         0-13 taken by declarer's side (empty if passed out)
      vulnerable     true/false, yes/no, 1/0: the declaring side's
      declarer       N E S W, or 0-3 (empty if passed out)
      vulnerability  None NS EW All (Love - Both), or 0-3: the board's

    Give either contract or level, strain and doubling; and either vulnerable, or declarer
    with vulnerability. OUT has one row per row of IN, in the same order: the --keep columns,
    then score (declarer's side's view) and, when IN has a declarer column, ns_score
    (North-South's view). Rows are counted from 0 in error messages, not counting a CSV header.

    Examples: bridgescore batch deals.parquet -o scores.parquet;
    bridgescore batch results.csv -o scored.csv --keep all
    """
    try:
        import pyarrow as pa

        from bridgescore.batch import _frames
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"bridgescore batch needs numpy and pyarrow ({exc.name} is missing): "
            "pip install 'bridgescore[batch]'"
        ) from exc

    in_format, out_format = _format(source, "IN"), _format(target, "--output")
    show = sys.stderr.isatty() if progress is None else progress
    try:
        schema = _input_schema(source, in_format)
    except (OSError, pa.ArrowException, csv.Error, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"cannot read {source}: {exc}", param_hint="IN") from exc
    try:
        _frames.check_columns(schema.names)
    except BatchError as exc:
        raise click.BadParameter(f"{source}: {exc}", param_hint="IN") from None
    kept = _kept(keep, schema.names)
    wanted = [n for n in schema.names if n in _frames.INPUT_COLUMNS or n in kept]
    rows = 0
    with ExitStack() as stack:
        tmp = _temporary(target)
        stack.callback(_remove, tmp)
        writers: list[_Writer] = []
        stack.callback(_close, writers)
        # Leaving the pool waits for a write in progress, before the writer is closed.
        pool = stack.enter_context(ThreadPoolExecutor(1, thread_name_prefix="bridgescore"))
        try:
            batches, total = _read(source, in_format, wanted, chunk_rows)
            bar = stack.enter_context(_progress(show, total, source.name))
            task = bar.add_task("scoring", total=total)
            pending: Future[None] | None = None
            for batch, done in batches:
                try:
                    scores = _frames.read_deals(batch).score(undertrick_rule=undertrick_rule)
                except BatchError as exc:
                    raise _located(exc, rows, in_format) from None
                table = pa.table(
                    [batch.column(n) for n in kept]
                    + [_frames.arrow_int16(s) for s in scores.values()],
                    names=[*kept, *scores],
                )
                if not writers:
                    writers.append(_Writer(tmp, out_format, table.schema, kept))
                if pending is not None:
                    pending.result()
                pending = pool.submit(writers[0].write, table)
                rows += batch.num_rows
                bar.update(task, completed=done)
            if pending is not None:
                pending.result()
            if not writers:  # no rows: write the columns all the same
                fields = [schema.field(n) for n in kept] + [pa.field("score", pa.int16())]
                if "declarer" in schema.names:
                    fields.append(pa.field("ns_score", pa.int16()))
                writers.append(_Writer(tmp, out_format, pa.schema(fields), kept))
            writers[0].close()
        except BatchError as exc:
            raise click.BadParameter(f"{source}: {exc}", param_hint="IN") from None
        except _WriteError as exc:
            raise click.ClickException(f"cannot write {target}: {exc.__cause__}") from None
        except (OSError, pa.ArrowException, csv.Error, UnicodeDecodeError) as exc:
            raise click.BadParameter(
                f"cannot read {source} (after row {rows}): {exc}", param_hint="IN"
            ) from None
        os.replace(tmp, target)
    if show:
        click.echo(f"Scored {rows:,} deals into {target}.", err=True)


def _format(path: Path, hint: str) -> Format:
    kind = _FORMATS.get(path.suffix.lower())
    if kind is None:
        raise click.BadParameter(
            f"cannot tell the format of {str(path)!r}: name it .csv or .parquet", param_hint=hint
        )
    return kind


def _input_schema(path: Path, kind: Format) -> Any:
    """The columns of IN: Parquet's schema, or a CSV header's names (as text)."""
    import pyarrow as pa

    if kind == "parquet":
        import pyarrow.parquet as pq

        return pq.ParquetFile(path).schema_arrow
    with path.open(newline="", encoding="utf-8-sig") as f:  # as pyarrow, skip a byte-order mark
        names = next(csv.reader(f), [])
    return pa.schema([(n, pa.string()) for n in names])


def _kept(keep: str, names: list[str]) -> list[str]:
    if keep.strip().lower() == "all":
        return [n for n in names if n not in _SCORE_COLUMNS]
    kept = [n.strip() for n in keep.split(",") if n.strip()]
    for name in kept:
        if name not in names:
            raise click.BadParameter(
                f"IN has no column {name!r}; its columns are: {', '.join(names)}",
                param_hint="--keep",
            )
        if name in _SCORE_COLUMNS:
            raise click.BadParameter(f"{name!r} is written anyway", param_hint="--keep")
    return list(dict.fromkeys(kept))


def _read(
    path: Path, kind: Format, columns: list[str], chunk_rows: int
) -> tuple[Iterator[tuple[Any, int]], int]:
    """Record batches of at most ``chunk_rows`` rows, each with how far the reading has got."""
    if kind == "parquet":
        import pyarrow.parquet as pq

        parquet = pq.ParquetFile(path, pre_buffer=True)  # reads a row group in one go
        total = parquet.metadata.num_rows

        def parquet_batches() -> Iterator[tuple[Any, int]]:
            done = 0
            for batch in parquet.iter_batches(batch_size=chunk_rows, columns=columns):
                done += batch.num_rows
                yield batch, done

        return parquet_batches(), total
    return _csv_batches(path, columns, chunk_rows), path.stat().st_size


def _csv_batches(path: Path, columns: list[str], chunk_rows: int) -> Iterator[tuple[Any, int]]:
    import pyarrow as pa
    import pyarrow.csv as pa_csv

    from bridgescore.batch._frames import INPUT_COLUMNS

    with path.open("rb") as f:
        sample = f.read(1 << 16)
        lines = sample.splitlines() or [b""]
        average = len(sample) / len(lines)
        f.seek(0)
        block = int(max(chunk_rows * average, 4 * max(map(len, lines)), 1 << 16))
        reader = pa_csv.open_csv(
            f,
            read_options=pa_csv.ReadOptions(block_size=min(block, 1 << 28)),
            convert_options=pa_csv.ConvertOptions(
                include_columns=columns,
                column_types={n: pa.string() for n in columns if n in INPUT_COLUMNS},
                strings_can_be_null=False,
            ),
        )
        for batch in reader:
            for start in range(0, batch.num_rows, chunk_rows):
                yield batch.slice(start, chunk_rows), f.tell()


def _located(exc: BatchError, first_row: int, kind: Format) -> BatchError:
    """The error with its row counted from the start of the file."""
    if exc.row is None:
        return exc
    row = first_row + exc.row
    reason = f"{exc.reason} (line {row + 2})" if kind == "csv" else exc.reason
    return BatchError(reason, row, exc.column)


class _WriteError(Exception):
    """An error writing OUT (its cause is the error), told apart from errors reading IN."""


class _Writer:
    """Appends tables to a CSV or Parquet file; raises :class:`_WriteError` if it cannot."""

    def __init__(self, path: Path, kind: Format, schema: Any, kept: list[str]) -> None:
        try:
            self._open_writer(path, kind, schema, kept)
        except Exception as exc:
            raise _WriteError from exc
        self._open = True

    def _open_writer(self, path: Path, kind: Format, schema: Any, kept: list[str]) -> None:
        if kind == "parquet":
            import pyarrow.parquet as pq

            # The scores: delta encoding makes them small (12 bits a row) without a compressor,
            # which would cost more time than reading the input.
            self._writer: Any = pq.ParquetWriter(
                path,
                schema,
                use_dictionary=kept,
                compression={n: "none" if n in _SCORE_COLUMNS else "snappy" for n in schema.names},
                column_encoding={
                    n: "DELTA_BINARY_PACKED" for n in _SCORE_COLUMNS if n in schema.names
                },
            )
        else:
            import pyarrow.csv as pa_csv

            self._writer = pa_csv.CSVWriter(path, schema)

    def write(self, table: Any) -> None:
        try:
            self._writer.write_table(table)
        except Exception as exc:
            raise _WriteError from exc

    def close(self) -> None:
        if self._open:
            self._open = False
            try:
                self._writer.close()
            except Exception as exc:
                raise _WriteError from exc


def _temporary(target: Path) -> Path:
    """A fresh name beside OUT, so that the final rename stays on one file system."""
    directory = target.resolve().parent
    if not directory.is_dir():
        raise click.BadParameter(f"no such folder: {str(directory)!r}", param_hint="--output")
    return directory / f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.part"


def _close(writers: list[_Writer]) -> None:
    for writer in writers:
        writer.close()


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)


def _progress(show: bool, total: int, name: str) -> Any:
    """rich's progress bar on stderr, or a stand-in that does nothing (and imports nothing)."""
    if not show:
        return _NoProgress()
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn(f"[bold]{name}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )


class _NoProgress:
    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def add_task(self, description: str, total: int) -> int:
        return 0

    def update(self, task: int, completed: int) -> None:
        pass
