"""Columns in, checked arrays of codes out: the input side of :mod:`bridgescore.batch`.

A column is a numpy or Arrow array, a list, a pandas or Polars series, or one value for every
row. :func:`column` reads it as a 1-D array of whole numbers (0-D for one value), without
copying numbers; the range checks run later, a block at a time (:func:`check_block`), and name
the first bad row. :data:`COLUMNS` lists the columns a table or file is read by name
(:func:`~bridgescore.batch.score_frame`, :func:`~bridgescore.batch.score_file`).
"""

from __future__ import annotations

import functools
from typing import Any, Final, NoReturn

import numpy as np
import numpy.typing as npt

from bridgescore.errors import BatchError

__all__ = [
    "COLUMNS",
    "DECLARER",
    "DIFFERENCE",
    "DOUBLING",
    "INPUT_COLUMNS",
    "LEVEL",
    "SCORES",
    "STRAIN",
    "TRICKS",
    "VULNERABILITY",
    "VULNERABLE",
    "Array",
    "ScoreDType",
    "Spec",
    "arrow_compute",
    "arrow_to_numpy",
    "check_all",
    "check_block",
    "column",
    "columns",
    "length",
    "one_array",
    "score_dtype",
]

COLUMNS: Final = {
    "contract": "PBN contract: 4HX, 3NT, 7SXX, Pass (instead of level, strain and doubling)",
    "level": "1-7, or 0 for a passed-out deal",
    "strain": "C D H S NT (or N, suit symbols), or 0-4",
    "doubling": "'' X XX, or 0-2",
    "tricks": "0-13, taken by declarer's side (empty for a passed-out deal)",
    "vulnerable": "the declaring side's vulnerability: true/false, yes/no or 1/0",
    "declarer": "N E S W, or 0-3 (empty for a passed-out deal); gives ns_score",
    "vulnerability": "the board's: None NS EW All (or Love, -, Both), or 0-3; with declarer",
}
"""The columns of a table read by name, and what each may hold; any other column is ignored.

>>> list(COLUMNS)[:3]
['contract', 'level', 'strain']
"""
INPUT_COLUMNS: Final = tuple(COLUMNS)
"""The names of :data:`COLUMNS`, in order."""

ScoreDType = type[np.int16] | type[np.int32] | type[np.int64]
"""The integer types a score can be returned in."""

Array = npt.NDArray[Any]
Spec = tuple[str, int, int, str]
"""A code column: its name, lowest code, highest code, and what is allowed (for messages)."""

LEVEL: Final[Spec] = ("level", 0, 7, "a level from 1 to 7, or 0 for a passed-out deal")
STRAIN: Final[Spec] = ("strain", 0, 4, "0 to 4 (C D H S NT)")
DOUBLING: Final[Spec] = ("doubling", 0, 2, "0, 1 or 2 (undoubled, doubled, redoubled)")
VULNERABLE: Final[Spec] = ("vulnerable", 0, 1, "0 or 1 (or False, True)")
TRICKS: Final[Spec] = ("tricks", 0, 13, "a whole number from 0 to 13")
DECLARER: Final[Spec] = ("declarer", 0, 3, "0 to 3 (N E S W)")
VULNERABILITY: Final[Spec] = ("vulnerability", 0, 3, "0 to 3 (None NS EW All)")
SCORES: Final[Spec] = ("scores", -(1 << 62), 1 << 62, "whole numbers")
DIFFERENCE: Final[Spec] = ("difference", -(1 << 62), 1 << 62, "whole numbers")


def score_dtype(dtype: object) -> np.dtype[Any]:
    """The numpy type of the scores asked for.

    :raises BatchError: for anything but int16, int32 and int64.
    """
    kind: np.dtype[Any] = np.dtype(dtype)  # type: ignore[call-overload]
    if kind not in (np.dtype(np.int16), np.dtype(np.int32), np.dtype(np.int64)):
        raise BatchError(f"scores are returned as int16, int32 or int64, not {kind}")
    return kind


def columns(*pairs: tuple[object, Spec]) -> list[Array]:
    """Each input as a 1-D (or 0-D, one value for every row) array of whole numbers."""
    return [column(values, spec) for values, spec in pairs]


def column(values: object, spec: Spec) -> Array:
    """One input as a 1-D (or 0-D) array of whole numbers; one value is checked here.

    >>> column([4, 3], LEVEL), column(True, VULNERABLE)
    (array([4, 3]), array(True))

    :raises BatchError: for values that are not whole numbers, or one value out of range.
    """
    name, low, high, allowed = spec
    if type(values).__module__.split(".")[0] == "pyarrow":
        values = _from_arrow(values, name)
    try:
        array = np.asarray(values)
    except (TypeError, ValueError) as exc:
        raise BatchError(f"cannot read it as a column of numbers: {exc}", column=name) from exc
    if array.ndim > 1:
        raise BatchError(f"expected one column, got an array of shape {array.shape}", column=name)
    kind = array.dtype.kind
    if kind == "b" and name not in ("vulnerable",):
        first = array.reshape(-1)[:1].tolist()
        raise BatchError(f"got {first[0]!r} (a bool); expected {allowed}", 0, name)
    if kind not in "biu":
        array = _whole_numbers(array, spec)
    if array.ndim == 0:
        value = array.item()
        if not low <= value <= high:
            raise BatchError(f"got {value!r} (for every row); expected {allowed}", column=name)
    return array


def _whole_numbers(array: Array, spec: Spec) -> Array:
    """An object array of Python ints as int64; for anything else, the first bad row."""
    name, _, _, allowed = spec
    where = 0 if array.ndim else None
    if not array.size:  # np.asarray([]) is float64
        return np.zeros(array.shape, np.uint8)
    if array.dtype.kind != "O":  # floats, text, dates: every row is wrong, so name the first
        first = array.reshape(-1)[:1].tolist()
        got = (
            f"{first[0]!r}, in a column of {array.dtype}" if first else f"a column of {array.dtype}"
        )
        raise BatchError(f"got {got}; expected {allowed}, as integers", where, name)
    for row, value in enumerate(array.reshape(-1).tolist()):
        if value.__class__ is not int:
            raise BatchError(
                f"got {value!r}; expected {allowed}", row if array.ndim else None, name
            )
    try:
        return array.astype(np.int64)
    except OverflowError:
        _bad_row(array.reshape(-1), spec, 0)


def _from_arrow(values: Any, name: str) -> Any:
    """An Arrow array or chunked array without nulls, as numpy."""
    values = one_array(values)
    if values.null_count:
        row = int(np.argmax(arrow_to_numpy(arrow_compute().call_function("is_null", [values]))))
        raise BatchError("got an empty value (null); expected a number", row, name)
    return arrow_to_numpy(values)


_ARROW_NUMBERS: Final = {
    **{f"{sign}int{bits}": f"{sign}int{bits}" for sign in ("", "u") for bits in (8, 16, 32, 64)},
    "halffloat": "float16",
    "float": "float32",
    "double": "float64",
}


def arrow_to_numpy(values: Any) -> Array:
    """A numpy view of an Arrow array of numbers or booleans, without copying numbers.

    pyarrow's own ``to_numpy`` imports pandas, which would double the start-up time of
    ``bridgescore batch``; this reads the data buffer directly. Null slots hold whatever the
    buffer holds there: look at ``values.is_null()``. Other types go to ``to_numpy``.
    """
    values = one_array(values)
    kind, n, offset = str(values.type), len(values), values.offset
    buffers = values.buffers()
    if kind == "bool" and buffers[1] is not None:
        bits = np.frombuffer(buffers[1], np.uint8)
        return np.unpackbits(bits, bitorder="little")[offset : offset + n].view(np.bool_)
    dtype = _ARROW_NUMBERS.get(kind)
    if dtype is None:
        return np.asarray(values.to_numpy(zero_copy_only=False))
    if buffers[1] is None:
        return np.zeros(n, dtype)
    item = np.dtype(dtype).itemsize
    return np.frombuffer(buffers[1], dtype, count=n, offset=offset * item)


def one_array(values: Any) -> Any:
    """One Arrow array: a table's column may come in chunks."""
    if hasattr(values, "num_chunks"):
        return values.chunk(0) if values.num_chunks == 1 else values.combine_chunks()
    return values


@functools.cache
def arrow_compute() -> Any:
    """Arrow's compute functions (``call_function``, the options classes), imported quickly.

    ``import pyarrow.compute`` spends about 0.1 s writing a Python wrapper for each of its
    functions, which ``bridgescore batch`` would pay at every start; ``pyarrow._compute`` holds the
    same ``call_function`` without them. ``pyarrow.compute`` is the fallback.
    """
    try:
        import pyarrow._compute as compute
    except ImportError:  # pragma: no cover - a pyarrow that moved it
        import pyarrow.compute as compute
    return compute


def length(arrays: list[Array]) -> int:
    """The number of rows: the length of the 1-D columns (1 if every input is one value).

    :raises BatchError: for columns of different lengths.
    """
    lengths = {len(c) for c in arrays if c.ndim}
    if len(lengths) > 1:
        raise BatchError(f"the columns have different lengths: {sorted(lengths)}")
    return lengths.pop() if lengths else 1


def check_all(array: Array, spec: Spec) -> None:
    """:func:`check_block` over a whole column (one value was checked when it was read)."""
    if array.ndim:
        check_block(array, spec, 0)


def check_block(block: Array, spec: Spec, first_row: int) -> None:
    """Raise naming the first row out of range, if any (the usual case is two reductions).

    :raises BatchError: for a code out of the spec's range, counting rows from ``first_row``.
    """
    _, low, high, _ = spec
    if not block.size or block.dtype.kind == "b":
        return
    if block.max() > high or (block.dtype.kind == "i" and block.min() < low):
        _bad_row(block, spec, first_row)


def _bad_row(block: Array, spec: Spec, first_row: int) -> NoReturn:
    name, low, high, allowed = spec
    values = block.tolist()
    row = next(i for i, v in enumerate(values) if not low <= v <= high)
    raise BatchError(f"got {values[row]!r}; expected {allowed}", first_row + row, name)
