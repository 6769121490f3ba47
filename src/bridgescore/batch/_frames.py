"""Tables with named columns, read into the codes of :mod:`bridgescore.batch` (needs pyarrow).

Text is read by the core's own parsers (``parse_contract``, ``Strain.parse``, ``Seat.parse``,
``Vulnerability.parse``), once per distinct value in a column, so a column of ten million
``4HX``-style contracts costs one dictionary encoding and a few hundred parses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import numpy as np
import pyarrow as pa

from bridgescore.batch._columns import (
    COLUMNS,
    INPUT_COLUMNS,
    Array,
    ScoreDType,
    arrow_compute,
    arrow_to_numpy,
    one_array,
)
from bridgescore.batch._ns import declarer_vulnerable, ns_view
from bridgescore.batch._table import score_many
from bridgescore.errors import BatchError, BridgeError
from bridgescore.model import (
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    parse_contract,
)
from bridgescore.scoring import UndertrickRule

__all__ = [
    "COLUMNS",
    "INPUT_COLUMNS",
    "Deals",
    "arrow_int16",
    "check_columns",
    "name_list",
    "read_deals",
    "to_table",
]


_Parse = Callable[[str], int]


def _word(words: Mapping[str, int], allowed: str) -> _Parse:
    def parse(text: str) -> int:
        code = words.get(text.strip().upper())
        if code is None:
            raise BatchError(f"got {text!r}; expected {allowed}")
        return code

    return parse


def _number(low: int, high: int, allowed: str) -> _Parse:
    return _word({str(n): n for n in range(low, high + 1)}, allowed)


def _enum_or_code(parse: Callable[[str], object], members: tuple[object, ...]) -> _Parse:
    """The core's parser for a name, or the member's code (its position) written as a digit."""

    codes = {str(code): code for code in range(len(members))}

    def read(text: str) -> int:
        code = codes.get(text.strip())
        return members.index(parse(text)) if code is None else code

    return read


_STRAINS: Final = tuple(Strain)
_SEATS: Final = tuple(Seat)
_VULS: Final = tuple(Vulnerability)
_PARSERS: Final[dict[str, _Parse]] = {
    "level": _number(0, 7, "a level from 1 to 7, or 0 for a passed-out deal"),
    "strain": _enum_or_code(Strain.parse, _STRAINS),
    "doubling": _word(
        {"": 0, "X": 1, "XX": 2, "0": 0, "1": 1, "2": 2}, "'', 'X' or 'XX' (or 0, 1, 2)"
    ),
    "tricks": _number(0, 13, "a whole number from 0 to 13"),
    "vulnerable": _word(
        {"TRUE": 1, "FALSE": 0, "YES": 1, "NO": 0, "1": 1, "0": 0},
        "true or false (or yes, no, 1, 0)",
    ),
    "declarer": _enum_or_code(Seat.parse, _SEATS),
    "vulnerability": _enum_or_code(Vulnerability.parse, _VULS),
}
_MAY_BE_EMPTY_WHEN_PASSED_OUT: Final = ("tricks", "declarer")
_LONGEST: Final = 32
"""The longest text read as a code ("north", " 13 "...): a longer cell is refused unread."""


class Deals:
    """The code columns of a table, ready for :func:`~bridgescore.batch.score_many`."""

    def __init__(self, columns: dict[str, Array]) -> None:
        self.columns = columns
        """Code arrays by name: level, strain, doubling, tricks, and vulnerable or declarer."""

    def score(
        self, *, undertrick_rule: UndertrickRule = "modern", dtype: ScoreDType = np.int16
    ) -> dict[str, Array]:
        """``score`` from declarer's view, and ``ns_score`` when the declarer is known.

        :raises BatchError: for a code out of range (naming the first bad row).
        """
        c = self.columns
        if "vulnerable" in c:
            vulnerable = c["vulnerable"]
        else:
            vulnerable = declarer_vulnerable(c["declarer"], c["vulnerability"])
        scores = score_many(
            c["level"],
            c["strain"],
            c["doubling"],
            vulnerable,
            c["tricks"],
            undertrick_rule=undertrick_rule,
            dtype=dtype,
        )
        out = {"score": scores}
        if "declarer" in c:
            out["ns_score"] = ns_view(scores, c["declarer"])
        return out


def to_table(frame: Any) -> Any:
    """An Arrow table from pandas, Polars, Arrow, or a dict of columns.

    :raises BatchError: for anything else.
    """
    if isinstance(frame, pa.Table):
        return frame
    if isinstance(frame, pa.RecordBatch):
        return pa.Table.from_batches([frame])
    if type(frame).__module__.split(".")[0] == "pandas":
        return pa.Table.from_pandas(frame, preserve_index=False)
    if callable(getattr(frame, "to_arrow", None)):  # Polars
        return frame.to_arrow()
    if isinstance(frame, Mapping):
        try:
            return pa.table(dict(frame))
        except (pa.ArrowException, TypeError, ValueError) as exc:
            raise BatchError(f"cannot read the columns as a table: {exc}") from exc
    raise BatchError(
        "expected a table (pandas, Polars or Arrow) or a dict of columns, "
        f"got {type(frame).__name__}"
    )


def check_columns(names: list[str] | set[str]) -> None:
    """Check that the column names say what to score, and say it once.

    :raises BatchError: for a missing or contradictory column.
    """
    names = set(names)
    if "contract" in names:
        both = sorted(names & {"level", "strain", "doubling"})
        if both:
            raise BatchError(
                f"give either 'contract' or 'level', 'strain' and 'doubling', not both: {both}"
            )
    else:
        _require(names, ("level", "strain", "doubling"), "(or a 'contract' column)")
    _require(names, ("tricks",), "")
    if "vulnerable" in names:
        if "vulnerability" in names:
            raise BatchError(
                "give either 'vulnerable' (the declaring side's) or 'vulnerability' (the "
                "board's, with 'declarer'), not both"
            )
    else:
        _require(names, ("declarer", "vulnerability"), "(or a 'vulnerable' column)")


def read_deals(table: Any) -> Deals:
    """Read the columns named in :data:`COLUMNS` from an Arrow table or record batch.

    :raises BatchError: for a missing or contradictory column, or a bad value.
    """
    names = set(table.column_names)
    check_columns(names)
    columns: dict[str, Array] = {}
    empty: dict[str, Array] = {}
    if "contract" in names:
        columns.update(_contracts(table["contract"]))
    else:
        for name in ("level", "strain", "doubling"):
            columns[name] = _codes(table[name], name, empty)
    for name in ("tricks", "vulnerable", "vulnerability", "declarer"):
        if name in names:
            columns[name] = _codes(table[name], name, empty)
    passed_out = columns["level"] == 0
    for name, missing in empty.items():
        if name not in _MAY_BE_EMPTY_WHEN_PASSED_OUT:
            raise BatchError("got an empty value", int(np.argmax(missing)), name)
        played = missing & ~passed_out
        if played.any():
            raise BatchError(
                "got an empty value; only a passed-out deal may leave it empty",
                int(np.argmax(played)),
                name,
            )
    return Deals(columns)


def name_list(names: list[str], most: int = 20) -> str:
    """Column names for a message: the first ``most`` of them, then how many there are.

    >>> name_list(["a", "b"]), name_list([]), name_list(list("abcd"), most=2)
    ('a, b', 'none', 'a, b, ... (4 columns)')
    """
    shown = ", ".join(names[:most]) or "none"
    return shown if len(names) <= most else f"{shown}, ... ({len(names):,} columns)"


def _require(names: set[str], wanted: tuple[str, ...], alternative: str) -> None:
    missing = [n for n in wanted if n not in names]
    if missing:
        what = f"column{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}"
        have = name_list(sorted(names))
        raise BatchError(
            f"missing {' '.join([what, alternative]).strip()}; the columns are: {have}"
        )


def _codes(column: Any, name: str, empty: dict[str, Array]) -> Array:
    """A column of codes, from numbers, booleans or text; empty values are noted in ``empty``."""
    column = _plain(column)
    kind = column.type
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return _by_text(column, name, _PARSERS[name], empty)
    if pa.types.is_null(kind):
        empty[name] = np.ones(len(column), np.bool_)
        return np.zeros(len(column), np.int8)
    if not (pa.types.is_integer(kind) or pa.types.is_boolean(kind) or pa.types.is_floating(kind)):
        raise BatchError(f"expected numbers or text, got a column of {kind}", column=name)
    values = arrow_to_numpy(column)
    if column.null_count:
        missing = arrow_to_numpy(_is_null(column))
        empty[name] = missing
        values = np.where(missing, 0, values)
    if values.dtype.kind == "f":
        whole = np.isfinite(values) & (values == np.round(values)) & (np.abs(values) < 1 << 15)
        if not whole.all():
            row = int(np.argmin(whole))
            raise BatchError(f"got {values[row].item()!r}; expected whole numbers", row, name)
        values = values.astype(np.int16)
    return values


def _plain(column: Any) -> Any:
    """One Arrow array, with dictionary-encoded values and string views read as plain text."""
    column = one_array(column)
    if pa.types.is_dictionary(column.type):
        column = column.cast(column.type.value_type)
    if getattr(pa.types, "is_string_view", lambda kind: False)(column.type):
        column = column.cast(pa.string())
    return column


def _dictionary(column: Any) -> tuple[list[str], Array, Array | None]:
    """The distinct texts of a column, each row's index into them, and the rows left empty."""
    encoded = arrow_compute().call_function("dictionary_encode", [one_array(column)])
    words: list[str] = encoded.dictionary.to_pylist()
    index = arrow_to_numpy(encoded.indices)
    missing = arrow_to_numpy(_is_null(encoded.indices)) if encoded.indices.null_count else None
    return words, index, missing


def _is_null(column: Any) -> Any:
    return arrow_compute().call_function("is_null", [column])


def _by_text(column: Any, name: str, parse: _Parse, empty: dict[str, Array]) -> Array:
    """Parse each distinct text once, then spread the codes over the rows."""
    words, index, missing = _dictionary(column)
    codes = np.zeros(len(words), np.int8)
    may_be_empty = name in _MAY_BE_EMPTY_WHEN_PASSED_OUT  # '' is undoubled, say, elsewhere
    blank = {i for i, w in enumerate(words) if may_be_empty and not w.strip()}
    for i, word in enumerate(words):
        if i in blank:
            continue
        try:
            if len(word) > _LONGEST:  # refused unread, so a huge cell costs no more than its size
                raise BatchError(
                    f"got {word[:_LONGEST]!r}... ({len(word):,} characters); expected "
                    f"{COLUMNS[name]}"
                )
            codes[i] = parse(word)
        except BridgeError as exc:
            reason = exc.reason if isinstance(exc, BatchError) else str(exc)
            bad = index == i
            if missing is not None:
                bad &= ~missing
            raise BatchError(reason, int(np.argmax(bad)), name) from None
    if blank:
        blanks = np.isin(index, sorted(blank))
        missing = blanks if missing is None else missing | blanks
    if missing is not None:
        empty[name] = missing
        index = np.where(missing, 0, index)
    result: Array = codes[index] if len(words) else np.zeros(len(index), np.int8)
    return result


def _contracts(column: Any) -> dict[str, Array]:
    """Level, strain and doubling codes from PBN contracts (``4HX``, ``3NT``, ``Pass``)."""
    column = _plain(column)
    if not (pa.types.is_string(column.type) or pa.types.is_large_string(column.type)):
        raise BatchError(
            f"expected text such as '4HX', got a column of {column.type}", column="contract"
        )
    words, index, missing = _dictionary(column)
    if missing is not None:
        row = int(np.argmax(missing))
        raise BatchError("got an empty value; write 'Pass' for a passed-out deal", row, "contract")
    codes = np.zeros((3, len(words)), np.int8)
    for i, word in enumerate(words):
        try:
            contract = parse_contract(word)
        except BridgeError as exc:
            raise BatchError(str(exc), int(np.argmax(index == i)), "contract") from None
        if isinstance(contract, Contract):
            codes[:, i] = (
                contract.level,
                _STRAINS.index(contract.strain),
                tuple(Doubling).index(contract.doubling),
            )
    level, strain, doubling = codes[:, index] if len(words) else np.zeros((3, 0), np.int8)
    return {"level": level, "strain": strain, "doubling": doubling}


def arrow_int16(values: Array) -> Any:
    """An Arrow int16 array over a numpy array's memory (``pa.array`` would import pandas)."""
    data = np.ascontiguousarray(values, np.int16)
    return pa.Array.from_buffers(pa.int16(), len(data), [None, pa.py_buffer(data)])
