"""Named columns in, scores out: a table (:func:`score_frame`) or a file (:func:`score_file`).

Both read the columns of :data:`~bridgescore.batch.COLUMNS` by name, text (``4HX``, ``S``,
``All``) or codes, and need pyarrow, which is imported only when they are called.

:func:`score_file` reads, scores and writes a CSV or Parquet file a chunk of rows at a time, so
memory stays the same whatever the file's size; writing a chunk overlaps reading the next one.
The output is written to a temporary file that replaces ``dst`` only once every row is scored,
so a bad row, an exception or a killed process never leaves a half-written ``dst``, and never
strands the temporary file either (see :mod:`bridgescore.files`).
"""

from __future__ import annotations

import contextlib
import csv
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any, Final, Literal

import numpy as np

from bridgescore.batch._columns import INPUT_COLUMNS, Array, ScoreDType
from bridgescore.errors import BatchError, for_field
from bridgescore.files import Replacement
from bridgescore.scoring import UndertrickRule, check_undertrick_rule

__all__ = ["FORMATS", "Progress", "score_file", "score_frame"]

Format = Literal["csv", "parquet"]
FORMATS: Final[dict[str, Format]] = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
"""The file formats :func:`score_file` reads and writes, by the file name's suffix."""
SCORE_COLUMNS: Final = ("score", "ns_score")
"""The columns :func:`score_file` writes after the kept ones."""

Progress = Callable[[int, float], object]
"""A progress callback for :func:`score_file`: ``progress(rows, fraction)``.

Called after each chunk with the rows scored so far and the fraction of the input read so far,
from 0.0 to 1.0 (of the rows of a Parquet file, of the bytes of a CSV file); the fraction never
decreases, and the last call is ``(every row, 1.0)``, also for an input with no rows. What it
returns is ignored; an exception it raises stops the run, and ``dst`` is left as it was.
"""


def score_frame(
    frame: Any, *, undertrick_rule: UndertrickRule = "modern", dtype: ScoreDType = np.int16
) -> dict[str, Array]:
    """Score a table with named columns: pandas, Polars, Arrow, or a dict of columns.

    The columns are those of :data:`~bridgescore.batch.COLUMNS`: a ``contract`` in PBN
    notation, or ``level``, ``strain`` and ``doubling``; ``tricks``; and ``vulnerable``, or
    ``declarer`` and ``vulnerability``. Text (``4HX``, ``NT``, ``S``, ``All``) and codes are
    both read. The answer has ``score`` (declarer's view) and, when there is a ``declarer``
    column, ``ns_score``. Needs pyarrow.

    >>> out = score_frame({"contract": ["4HX", "3NT", "Pass"], "tricks": [8, 10, None],
    ...                    "declarer": ["S", "E", None], "vulnerability": ["NS", "NS", "All"]})
    >>> out["score"], out["ns_score"]
    (array([-500,  430,    0], dtype=int16), array([-500, -430,    0], dtype=int16))

    :raises BatchError: for a missing column or a bad value (naming the first bad row).
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    from bridgescore.batch._frames import read_deals, to_table

    return read_deals(to_table(frame)).score(undertrick_rule=undertrick_rule, dtype=dtype)


def score_file(
    src: str | os.PathLike[str],
    dst: str | os.PathLike[str],
    *,
    keep: Iterable[str] | Literal["all"] = (),
    chunk_rows: int = 1 << 20,
    progress: Progress | None = None,
    undertrick_rule: UndertrickRule = "modern",
) -> int:
    """Score every deal of a CSV or Parquet file into another; return the number of rows.

    ``src`` holds the columns of :data:`~bridgescore.batch.COLUMNS` (others are ignored unless
    kept); each file's format comes from its suffix (``.csv``, ``.parquet`` or ``.pq``). ``dst``
    gets one row per row of ``src``, in the same order: the ``keep`` columns (names, or
    ``"all"``), then ``score`` (the declaring side's view) and, when ``src`` has a ``declarer``
    column, ``ns_score`` (North-South's view), both ``int16``. ``chunk_rows`` rows are read,
    scored and written at a time. ``progress``, if given, is called after each chunk (see
    :data:`Progress`). Rows are counted from 0 in errors, not counting a CSV header; for a CSV
    file the message also gives the line.

    ``dst`` is replaced only once every row is scored: until then the rows go to a temporary
    file in ``dst``'s folder, which a failure or a killed process does not leave behind. On
    Linux it is an unnamed file (``O_TMPFILE``), given its name only at the end; elsewhere it is
    ``.DST.PID-RANDOM.part``, and the next run writing ``dst`` removes such files left by
    processes that no longer run.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "deals.csv").write_text("board,contract,declarer,vulnerability,tricks\\n"
    ...                                       "1,4HX,S,NS,8\\n2,3NT,E,None,10\\n")
    >>> score_file(folder / "deals.csv", folder / "scores.csv", keep=["board"])
    2
    >>> print((folder / "scores.csv").read_text(), end="")
    "board","score","ns_score"
    1,-500,-500
    2,430,-430

    :raises BatchError: for a file that cannot be read, a missing, repeated or contradictory
        column, a bad value (naming the first bad row), a bad ``keep`` or ``chunk_rows``, or an
        unknown suffix; :attr:`~bridgescore.BridgeError.field` is ``'src'``, ``'dst'``,
        ``'keep'`` or ``'chunk_rows'`` for a problem with that argument, else the column.
    :raises OSError: when ``dst`` cannot be written (the message names it).
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    src, dst = Path(src), Path(dst)
    check_undertrick_rule(undertrick_rule)
    if isinstance(chunk_rows, bool) or not isinstance(chunk_rows, int) or chunk_rows < 1:
        raise _about(
            "chunk_rows",
            BatchError(f"chunk_rows must be a whole number of rows, 1 or more, got {chunk_rows!r}"),
        )
    with for_field("src"):
        in_format = _format(src)
    with for_field("dst"):
        out_format = _format(dst)
        if not dst.resolve().parent.is_dir():
            raise BatchError(f"no such folder: {str(dst.resolve().parent)!r}")
    import pyarrow as pa

    from bridgescore.batch._frames import arrow_int16, check_columns, read_deals

    with for_field("src"):
        schema = _input_schema(src, in_format)
    names: list[str] = schema.names
    check_columns(names)
    with for_field("keep"):
        kept = _kept(keep, names)
    read = {*INPUT_COLUMNS, *kept}
    wanted = [n for n in names if n in read]
    _check_unique(names, read)
    rows = 0
    with ExitStack() as stack:
        temporary = Replacement(dst)
        stack.callback(temporary.discard)
        writers: list[_Writer] = []
        stack.callback(_close, writers)
        # Leaving the pool waits for a write in progress, before the writer is closed.
        pool = stack.enter_context(ThreadPoolExecutor(1, thread_name_prefix="bridgescore"))
        last = (-1, -1.0)
        try:
            batches, total = _read(src, in_format, wanted, chunk_rows)
            pending: Future[None] | None = None
            for batch, done in batches:
                try:
                    scores = read_deals(batch).score(undertrick_rule=undertrick_rule)
                except BatchError as exc:
                    raise _located(exc, rows, in_format) from None
                table = pa.table(
                    [batch.column(n) for n in kept] + [arrow_int16(s) for s in scores.values()],
                    names=[*kept, *scores],
                )
                if not writers:
                    writers.append(_Writer(_open(temporary), out_format, table.schema, kept))
                if pending is not None:
                    pending.result()
                pending = pool.submit(writers[0].write, table)
                rows += batch.num_rows
                if progress is not None:
                    last = (rows, max(last[1], min(done / total, 1.0) if total else 1.0))
                    progress(*last)
            if pending is not None:
                pending.result()
            if not writers:  # no rows: write the columns all the same
                fields = [schema.field(n) for n in kept] + [pa.field("score", pa.int16())]
                if "declarer" in names:
                    fields.append(pa.field("ns_score", pa.int16()))
                writers.append(_Writer(_open(temporary), out_format, pa.schema(fields), kept))
            writers[0].close()
        except _WriteError as exc:
            cause = exc.__cause__
            if isinstance(cause, OSError):
                raise OSError(f"cannot write {dst}: {cause}") from cause
            raise _about(
                "dst", BatchError(f"cannot write the columns to {dst}: {cause}")
            ) from cause
        except (OSError, pa.ArrowException, csv.Error, UnicodeDecodeError) as exc:
            reason = f"cannot read {src} (after row {rows}): {exc}"
            raise _about("src", BatchError(reason)) from None
        if progress is not None and last != (rows, 1.0):
            progress(rows, 1.0)
        try:
            temporary.commit()
        except OSError as exc:
            raise OSError(f"cannot write {dst}: {exc}") from exc
    return rows


def _about(field: str, exc: BatchError) -> BatchError:
    """The error, with the argument it is about as its :attr:`~bridgescore.BridgeError.field`."""
    exc.field = field
    return exc


def _format(path: Path) -> Format:
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise BatchError(f"cannot tell the format of {str(path)!r}: name it .csv or .parquet")
    return kind


_HEADER_LIMIT: Final = 1 << 20
"""The longest CSV header read, in characters."""


def _input_schema(path: Path, kind: Format) -> Any:
    """The columns of ``src``: Parquet's schema, or a CSV header's names (as text).

    :raises BatchError: if the file cannot be read.
    """
    import pyarrow as pa

    try:
        if kind == "parquet":
            import pyarrow.parquet as pq

            return pq.ParquetFile(path).schema_arrow
        with path.open(newline="", encoding="utf-8-sig") as f:  # as pyarrow, skip a byte-order mark
            header = f.readline(_HEADER_LIMIT)
        if len(header) == _HEADER_LIMIT and not header.endswith(("\n", "\r")):
            raise BatchError(
                f"cannot read {path}: its header is longer than {_HEADER_LIMIT:,} characters"
            )
        names = next(csv.reader([header]), []) if header else []
    except (OSError, pa.ArrowException, csv.Error, UnicodeDecodeError) as exc:
        raise BatchError(f"cannot read {path}: {exc}") from exc
    return pa.schema([(n, pa.string()) for n in names])


def _check_unique(names: list[str], wanted: set[str]) -> None:
    """Refuse a column read by name (or kept) that the file names more than once."""
    seen: dict[str, int] = {}
    for position, name in enumerate(names, 1):
        if name in seen and name in wanted:
            raise BatchError(
                f"the file has more than one column of this name (columns {seen[name]} and "
                f"{position}); expected each column read to have a name of its own",
                column=name,
            )
        seen.setdefault(name, position)


def _kept(keep: Iterable[str] | str, names: list[str]) -> list[str]:
    from bridgescore.batch._frames import name_list

    if isinstance(keep, str):
        if keep != "all":
            raise BatchError(f"got {keep!r}; expected 'all' or a list of column names")
        return [n for n in names if n not in SCORE_COLUMNS]
    kept, known = list(keep), set(names)
    for name in kept:
        if not isinstance(name, str) or name not in known:
            raise BatchError(f"no column {name!r} to keep; the columns are: {name_list(names)}")
        if name in SCORE_COLUMNS:
            raise BatchError(f"{name!r} is written anyway; expected other columns to keep")
    return list(dict.fromkeys(kept))


def _read(
    path: Path, kind: Format, columns: list[str], chunk_rows: int
) -> tuple[Iterator[tuple[Any, int]], int]:
    """Record batches of at most ``chunk_rows`` rows, each with how far the reading has got,
    and how far it goes (rows of a Parquet file, bytes of a CSV file)."""
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
    """A CSV file's record batches: pyarrow's reader, in blocks of about ``chunk_rows`` rows."""
    import pyarrow as pa
    import pyarrow.csv as pa_csv

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
    return BatchError(reason, row, exc.column, value=exc.value)


class _WriteError(Exception):
    """An error writing ``dst`` (its cause is the error), told apart from errors reading."""


class _Writer:
    """Appends tables to a CSV or Parquet file; raises :class:`_WriteError` if it cannot."""

    def __init__(self, sink: Any, kind: Format, schema: Any, kept: list[str]) -> None:
        try:
            self._open_writer(sink, kind, schema, kept)
        except Exception as exc:
            raise _WriteError from exc
        self._open = True

    def _open_writer(self, sink: Any, kind: Format, schema: Any, kept: list[str]) -> None:
        if kind == "parquet":
            import pyarrow.parquet as pq

            # The scores: delta encoding makes them small (12 bits a row) without a compressor,
            # which would cost more time than reading the input.
            self._writer: Any = pq.ParquetWriter(
                sink,
                schema,
                use_dictionary=kept,
                compression={n: "none" if n in SCORE_COLUMNS else "snappy" for n in schema.names},
                column_encoding={
                    n: "DELTA_BINARY_PACKED" for n in SCORE_COLUMNS if n in schema.names
                },
            )
        else:
            import pyarrow.csv as pa_csv

            self._writer = pa_csv.CSVWriter(sink, schema)

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


def _close(writers: list[_Writer]) -> None:
    """Close the writers after a failure (a writer closed before that is left alone)."""
    for writer in writers:
        with contextlib.suppress(_WriteError):  # the error on its way out matters more
            writer.close()


def _open(temporary: Replacement) -> IO[bytes]:
    """The temporary file to write.

    :raises _WriteError: if it cannot be created.
    """
    try:
        return temporary.open()
    except OSError as exc:
        raise _WriteError from exc
