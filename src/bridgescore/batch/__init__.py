"""Score millions of deals at once: columns of small integer codes in, a numpy array out.

Scoring a duplicate deal is a look-up into 7 x 5 x 3 x 2 x 14 = 2,940 values, so this module
builds that table once from the core's :func:`bridgescore.score` (:func:`score_table`) and then
only computes indexes into it, a block of rows at a time so that the work stays in the CPU's
cache. Input columns are numpy arrays, lists, Arrow arrays or anything numpy can read, or one
value for every row; the answer is a numpy ``int16`` array (every score fits: -7,600 to +3,160).

The codes are stable, and follow the core's enums (:class:`~bridgescore.Strain`, ...):

============== =====================================================================
column         code
============== =====================================================================
``level``      1 to 7; **0 is a passed-out deal**, which scores 0 (its other columns
               must still hold valid codes, for instance 0)
``strain``     0 C, 1 D, 2 H, 3 S, 4 NT (bidding order)
``doubling``   0 undoubled, 1 doubled, 2 redoubled
``vulnerable`` 0 or 1 (or False, True): the declaring side's vulnerability
``tricks``     0 to 13, taken by declarer's side
``declarer``   0 N, 1 E, 2 S, 3 W (for :func:`score_many_ns`)
``vulnerability`` 0 None, 1 NS, 2 EW, 3 All: the board's (for :func:`score_many_ns`)
============== =====================================================================

The **packed code** of a deal is one ``uint16`` holding all five codes, the fastest input:
``level * 420 + strain * 84 + doubling * 28 + vulnerable * 14 + tricks``, 0 to 3,359
(0 to 419 are passed-out deals). :func:`pack` builds it; :func:`score_packed` scores it.

>>> from bridgescore import batch
>>> batch.score_many(level=[4, 3, 0], strain=[2, 4, 0], doubling=[1, 0, 0],
...                  vulnerable=[True, False, False], tricks=[8, 10, 0])
array([-500,  430,    0], dtype=int16)
>>> codes = batch.pack([4, 3], [2, 4], [1, 0], [1, 0], [8, 10])
>>> codes, batch.score_packed(codes)
(array([1898, 1606], dtype=uint16), array([-500,  430], dtype=int16))
>>> batch.score_many_ns([4], [3], [0], [10], declarer=[1], vulnerability=[2])  # 4S by East
array([-620], dtype=int16)
>>> batch.imps_many([620 - 170, -20, 10])
array([10, -1,  0], dtype=int8)

Bad input raises :class:`~bridgescore.BatchError`, naming the first bad row; nothing is clipped:

>>> batch.score_many([4, 4], [2, 2], [0, 0], [0, 0], [10, 14])
Traceback (most recent call last):
...
bridgescore.errors.BatchError: row 1, column 'tricks': got 14; expected a whole number from 0 to 13

Tables with named columns (pandas, Polars, Arrow, a dict), including PBN text such as a
``contract`` column of ``4HX``, ``3NT`` or ``Pass``, go through :func:`score_frame`, which
needs pyarrow; ``bridgescore batch`` does the same for CSV and Parquet files.

**A whole field** (:mod:`bridgescore.batch.field`): a ``board`` column and an ``ns_score``
column, one row a result in any order, give every result's matchpoints
(:func:`matchpoints_many`, Neuberg-scaled to ``expected`` results), Butler datum and IMPs
(:func:`butler_many`) or cross-IMPs (:func:`cross_imps_many`) in one pass, equal to the pure
functions of :mod:`bridgescore.duplicate` board by board. To score a field, score its deals
with :func:`score_many_ns`, then pass those scores with their board numbers; artificial scores
stay on the pure path, or score a :class:`~bridgescore.session.Section` with
:func:`score_section_fast`, which returns what :func:`bridgescore.session.score_section` does:

>>> ns, ew = batch.matchpoints_many([1, 1, 1, 2, 2], [420, 450, 170, -100, 110], expected=3)
>>> ns.tolist(), ew.tolist()
([2.0, 4.0, 0.0, 0.5, 3.5], [2.0, 0.0, 4.0, 3.5, 0.5])
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, Final, NoReturn

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as exc:  # pragma: no cover - the test runs it in a subprocess
    raise ModuleNotFoundError(
        "bridgescore.batch needs numpy (and pyarrow for tables and files): "
        "pip install 'bridgescore[batch]'",
        name=exc.name,
    ) from exc

from bridgescore.errors import BatchError
from bridgescore.model import Contract, Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.scoring import IMP_THRESHOLDS, UndertrickRule, check_undertrick_rule, score

__all__ = [
    "LEVELS",
    "PACKED_CODES",
    "Expected",
    "ScoreDType",
    "butler_many",
    "cross_imps_many",
    "declarer_vulnerable",
    "imps_many",
    "matchpoints_many",
    "ns_view",
    "pack",
    "score_frame",
    "score_many",
    "score_many_ns",
    "score_packed",
    "score_section_fast",
    "score_table",
]

LEVELS: Final = 8
"""Levels 0 (passed out) to 7."""
PACKED_CODES: Final = LEVELS * 5 * 3 * 2 * 14
"""The number of packed codes, 3,360: every code is below it."""

ScoreDType = type[np.int16] | type[np.int32] | type[np.int64]
"""The integer types a score can be returned in."""

_BLOCK: Final = 1 << 17
"""Rows per block while packing: the block's buffers stay in the CPU's cache."""
_CHUNK: Final = 1 << 20
"""Rows per look-up: enough to make the call's own cost small (the codes take 2 MiB)."""

_Array = npt.NDArray[Any]

# (column, lowest code, highest code, what is allowed)
_LEVEL: Final = ("level", 0, 7, "a level from 1 to 7, or 0 for a passed-out deal")
_STRAIN: Final = ("strain", 0, 4, "0 to 4 (C D H S NT)")
_DOUBLING: Final = ("doubling", 0, 2, "0, 1 or 2 (undoubled, doubled, redoubled)")
_VULNERABLE: Final = ("vulnerable", 0, 1, "0 or 1 (or False, True)")
_TRICKS: Final = ("tricks", 0, 13, "a whole number from 0 to 13")
_DECLARER: Final = ("declarer", 0, 3, "0 to 3 (N E S W)")
_VULNERABILITY: Final = ("vulnerability", 0, 3, "0 to 3 (None NS EW All)")
_CODE: Final = ("codes", 0, PACKED_CODES - 1, f"a packed code from 0 to {PACKED_CODES - 1}")
_SCORES: Final = ("scores", -(1 << 62), 1 << 62, "whole numbers")
_DIFFERENCE: Final = ("difference", -(1 << 62), 1 << 62, "whole numbers")
_Spec = tuple[str, int, int, str]


@functools.cache
def score_table(undertrick_rule: UndertrickRule = "modern") -> npt.NDArray[np.int16]:
    """The 2,940 duplicate scores, built from :func:`bridgescore.score`; read-only.

    Indexed ``[level - 1, strain, doubling, vulnerable, tricks]`` with the codes above, from the
    declaring side's view.

    >>> t = score_table()
    >>> t.shape, t.size, int(t[4 - 1, 2, 1, 1, 8]), int(t.min()), int(t.max())
    ((7, 5, 3, 2, 14), 2940, -500, -7600, 3160)

    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    check_undertrick_rule(undertrick_rule)
    table = np.empty((7, 5, 3, 2, 14), np.int16)
    for (lv, level), (st, strain), (db, doubling), vul, tricks in itertools.product(
        enumerate(range(1, 8)), enumerate(Strain), enumerate(Doubling), (0, 1), range(14)
    ):
        contract = Contract(level, strain, doubling)
        s = score(contract, tricks, vulnerable=bool(vul), undertrick_rule=undertrick_rule)
        table[lv, st, db, vul, tricks] = s.total
    table.setflags(write=False)
    return table


@functools.cache
def _flat_table(undertrick_rule: UndertrickRule, dtype: np.dtype[Any]) -> _Array:
    """The table by packed code: 420 zeros for the passed-out level 0, then :func:`score_table`."""
    passed_out = np.zeros(PACKED_CODES // LEVELS, np.int16)
    flat = np.concatenate([passed_out, score_table(undertrick_rule).ravel()]).astype(dtype)
    flat.setflags(write=False)
    return flat


def score_many(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
    *,
    undertrick_rule: UndertrickRule = "modern",
    dtype: ScoreDType = np.int16,
) -> _Array:
    """Score many deals from the declaring side's view: one column of codes per argument.

    Each argument is a column (numpy or Arrow array, list, pandas or Polars series) or one value
    for every row. The result equals ``score(...).total`` row by row.

    >>> score_many([4, 4, 7], [2, 2, 4], [1, 1, 2], [True, False, True], [8, 8, 13])
    array([-500, -300, 2980], dtype=int16)
    >>> score_many([6, 1], 4, 0, False, [12, 7], dtype=np.int64)  # one value for every row
    array([990,  90])

    :raises BatchError: for a column that is not whole numbers, columns of different lengths, or
        a code out of range (the message names the first bad row, the column and the value).
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    table = _flat_table(undertrick_rule, _score_dtype(dtype))
    columns = _deal_columns(level, strain, doubling, vulnerable, tricks)
    n = _length(columns)
    out = np.empty(n, table.dtype)
    look_up = _look_up(table)
    codes = np.empty(min(n, _CHUNK), np.uint16)
    scratch = _Scratch(columns, min(n, _BLOCK))
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        chunk = codes[: stop - start]
        _pack_into(chunk, _rows(columns, start, stop), start, scratch)
        look_up(chunk, out[start:stop])
    return out


def _deal_columns(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> list[_Array]:
    """The five deal columns, checked (:func:`score_many` and :func:`pack` read the same)."""
    return _columns(
        (level, _LEVEL),
        (strain, _STRAIN),
        (doubling, _DOUBLING),
        (vulnerable, _VULNERABLE),
        (tricks, _TRICKS),
    )


def pack(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> npt.NDArray[np.uint16]:
    """The packed codes: ``level*420 + strain*84 + doubling*28 + vulnerable*14 + tricks``.

    >>> pack([4, 0], [2, 0], [1, 0], [True, False], [8, 0])
    array([1898,    0], dtype=uint16)

    :raises BatchError: as :func:`score_many` does.
    """
    columns = _deal_columns(level, strain, doubling, vulnerable, tricks)
    n = _length(columns)
    out = np.empty(n, np.uint16)
    _pack_into(out, columns, 0, _Scratch(columns, min(n, _BLOCK)))
    return out


def score_packed(
    codes: npt.ArrayLike,
    *,
    undertrick_rule: UndertrickRule = "modern",
    dtype: ScoreDType = np.int16,
) -> _Array:
    """Score deals given by their packed codes (see :func:`pack`): the fastest path.

    >>> score_packed([1898, 1606, 0])
    array([-500,  430,    0], dtype=int16)

    :raises BatchError: for a code that is not a whole number from 0 to 3,359.
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    table = _flat_table(undertrick_rule, _score_dtype(dtype))
    (column,) = _columns((codes, _CODE))
    n = _length([column])
    if column.ndim == 0:
        return np.full(n, table[int(column)], table.dtype)
    out = np.empty(n, table.dtype)
    look_up = _look_up(table)
    narrow = None if column.dtype == np.uint16 else np.empty(min(n, _CHUNK), np.uint16)
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        chunk = column[start:stop]
        for first in range(0, stop - start, _BLOCK):
            _check_block(chunk[first : first + _BLOCK], _CODE, start + first)
        if narrow is not None:
            np.copyto(narrow[: stop - start], chunk, casting="unsafe")
            chunk = narrow[: stop - start]
        look_up(chunk, out[start:stop])
    return out


def declarer_vulnerable(
    declarer: npt.ArrayLike, vulnerability: npt.ArrayLike
) -> npt.NDArray[np.bool_]:
    """Whether the declaring side is vulnerable, from declarer's seat and the board's vulnerability.

    >>> declarer_vulnerable([0, 1, 2, 3], [1, 1, 3, 0])  # N and E on NS, S on All, W on None
    array([ True, False,  True, False])

    :raises BatchError: for a seat code other than 0-3 or a vulnerability code other than 0-3.
    """
    seats, vuls = _columns((declarer, _DECLARER), (vulnerability, _VULNERABILITY))
    n = _length([seats, vuls])
    _check_all(seats, _DECLARER)
    _check_all(vuls, _VULNERABILITY)
    out = np.empty(n, np.uint8)
    _vulnerable_into(out, np.broadcast_to(seats, (n,)), np.broadcast_to(vuls, (n,)))
    return out.view(np.bool_)


def ns_view(scores: npt.ArrayLike, declarer: npt.ArrayLike) -> _Array:
    """Scores from North-South's view: the sign flips where East or West declared.

    >>> ns_view([620, -500, 0], [1, 2, 3])
    array([-620, -500,    0])

    :raises BatchError: for a seat code other than 0-3, or scores that are not whole numbers.
    """
    points, seats = _columns((scores, _SCORES), (declarer, _DECLARER))
    n = _length([points, seats])
    _check_all(seats, _DECLARER)
    signed = np.int64 if points.dtype.kind == "u" else points.dtype
    result = np.array(np.broadcast_to(points, (n,)), signed)
    _flip_east_west(result, np.broadcast_to(seats, (n,)))
    return result


def score_many_ns(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    tricks: npt.ArrayLike,
    declarer: npt.ArrayLike,
    vulnerability: npt.ArrayLike,
    *,
    undertrick_rule: UndertrickRule = "modern",
    dtype: ScoreDType = np.int16,
) -> _Array:
    """Score many deals from North-South's view, given declarer and the board's vulnerability.

    A passed-out deal (level 0) scores 0 whatever seat is given for it.

    >>> score_many_ns([4, 4], [2, 2], [1, 1], [8, 8], declarer=[2, 3], vulnerability=[1, 1])
    array([-500,  300], dtype=int16)

    :raises BatchError: as :func:`score_many` and :func:`declarer_vulnerable` do.
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    table = _flat_table(undertrick_rule, _score_dtype(dtype))
    seats, vuls = _columns((declarer, _DECLARER), (vulnerability, _VULNERABILITY))
    columns = _columns((level, _LEVEL), (strain, _STRAIN), (doubling, _DOUBLING))
    (trick_column,) = _columns((tricks, _TRICKS))
    n = _length([*columns, trick_column, seats, vuls])
    _check_all(seats, _DECLARER)
    _check_all(vuls, _VULNERABILITY)
    seats, vuls = np.broadcast_to(seats, (n,)), np.broadcast_to(vuls, (n,))
    out = np.empty(n, table.dtype)
    look_up = _look_up(table)
    codes = np.empty(min(n, _CHUNK), np.uint16)
    vulnerable = np.empty(min(n, _CHUNK), np.uint8)
    scratch = _Scratch([*columns, vulnerable, trick_column], min(n, _BLOCK))
    for start in range(0, n, _CHUNK):  # a chunk at a time, so that it stays in the cache
        stop, m = min(start + _CHUNK, n), min(_CHUNK, n - start)
        _vulnerable_into(vulnerable[:m], seats[start:stop], vuls[start:stop])
        chunk = [*_rows(columns, start, stop), vulnerable[:m], *_rows([trick_column], start, stop)]
        _pack_into(codes[:m], chunk, start, scratch)
        look_up(codes[:m], out[start:stop])
        _flip_east_west(out[start:stop], seats[start:stop])
    return out


def imps_many(difference: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """Convert point differences to IMPs on the WBF scale, keeping the sign (as :func:`imps`).

    >>> imps_many([250, -450, 10, 720, 5000])
    array([  6, -10,   0,  12,  24], dtype=int8)

    :raises BatchError: for differences that are not whole numbers.
    """
    (diff,) = _columns((difference, _DIFFERENCE))
    wide = np.broadcast_to(np.asarray(diff, np.int64), (_length([diff]),))
    steps = np.searchsorted(_IMP_STEPS, np.abs(wide), side="right").astype(np.int8)
    result: npt.NDArray[np.int8] = np.where(wide < 0, -steps, steps)
    return result


def score_frame(
    frame: Any,
    *,
    undertrick_rule: UndertrickRule = "modern",
    dtype: ScoreDType = np.int16,
) -> dict[str, _Array]:
    """Score a table with named columns: pandas, Polars, Arrow, or a dict of columns.

    The columns are those of ``bridgescore batch`` (see :data:`bridgescore.batch.COLUMNS`): a
    ``contract`` in PBN notation, or ``level``, ``strain`` and ``doubling``; ``tricks``; and
    ``vulnerable``, or ``declarer`` and ``vulnerability``. Text (``4HX``, ``NT``, ``S``, ``All``)
    and codes are both read. The answer has ``score`` (declarer's view) and, when there is a
    ``declarer`` column, ``ns_score``. Needs pyarrow.

    >>> out = score_frame({"contract": ["4HX", "3NT", "Pass"], "tricks": [8, 10, None],
    ...                    "declarer": ["S", "E", None], "vulnerability": ["NS", "NS", "All"]})
    >>> out["score"], out["ns_score"]
    (array([-500,  430,    0], dtype=int16), array([-500, -430,    0], dtype=int16))

    :raises BatchError: for a missing column or a bad value (naming the first bad row).
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    from bridgescore.batch._frames import score_frame as _score_frame

    return _score_frame(frame, undertrick_rule=undertrick_rule, dtype=dtype)


# --- building blocks -------------------------------------------------------------------------

_VULNERABLE_BY: Final = np.array(
    [v.is_vulnerable(seat) for v in Vulnerability for seat in Seat], np.bool_
)
"""By ``vulnerability * 4 + declarer``: whether declarer's side is vulnerable (from the core)."""
_VULNERABLE_MASK: Final = np.uint16(sum(1 << i for i, v in enumerate(_VULNERABLE_BY) if v))
"""The same 16 answers as bits: bit ``vulnerability * 4 + declarer``."""
_EAST_WEST: Final = np.array([seat.side is Side.EW for seat in Seat], np.bool_)
_SIDE_BIT: Final = 1
"""The seat codes of East and West are odd: ``declarer & 1`` is 1 for them (a test checks)."""


def _vulnerable_into(out: _Array, seats: _Array, vuls: _Array) -> None:
    """``out[i]`` = 1 if declarer's side is vulnerable, for checked seat and vulnerability codes."""
    np.multiply(vuls, 4, out=out, casting="unsafe")
    np.add(out, seats, out=out, casting="unsafe")
    bits = np.right_shift(_VULNERABLE_MASK, out)
    np.bitwise_and(bits, 1, out=out, casting="unsafe")


def _flip_east_west(scores: _Array, seats: _Array) -> None:
    """Negate, in place, the scores of deals East or West declared (two's complement trick)."""
    mask = np.bitwise_and(seats, _SIDE_BIT, dtype=scores.dtype, casting="unsafe")
    np.negative(mask, out=mask)  # 0 where North-South declared, -1 where East-West did
    np.bitwise_xor(scores, mask, out=scores)
    np.subtract(scores, mask, out=scores)


_IMP_STEPS: Final = np.array(IMP_THRESHOLDS, np.int64)


def _score_dtype(dtype: object) -> np.dtype[Any]:
    kind: np.dtype[Any] = np.dtype(dtype)  # type: ignore[call-overload]
    if kind not in (np.dtype(np.int16), np.dtype(np.int32), np.dtype(np.int64)):
        raise BatchError(f"scores are returned as int16, int32 or int64, not {kind}")
    return kind


def _columns(*pairs: tuple[object, _Spec]) -> list[_Array]:
    """Each input as a 1-D (or 0-D, one value for every row) array of whole numbers."""
    return [_column(values, spec) for values, spec in pairs]


def _column(values: object, spec: _Spec) -> _Array:
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


def _whole_numbers(array: _Array, spec: _Spec) -> _Array:
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
    values = _one_array(values)
    if values.null_count:
        row = int(np.argmax(_arrow_to_numpy(_arrow_compute().call_function("is_null", [values]))))
        raise BatchError("got an empty value (null); expected a number", row, name)
    return _arrow_to_numpy(values)


_ARROW_NUMBERS: Final = {
    **{f"{sign}int{bits}": f"{sign}int{bits}" for sign in ("", "u") for bits in (8, 16, 32, 64)},
    "halffloat": "float16",
    "float": "float32",
    "double": "float64",
}


def _arrow_to_numpy(values: Any) -> _Array:
    """A numpy view of an Arrow array of numbers or booleans, without copying numbers.

    pyarrow's own ``to_numpy`` imports pandas, which would double the start-up time of
    ``bridgescore batch``; this reads the data buffer directly. Null slots hold whatever the
    buffer holds there: look at ``values.is_null()``. Other types go to ``to_numpy``.
    """
    values = _one_array(values)
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


def _one_array(values: Any) -> Any:
    """One Arrow array: a table's column may come in chunks."""
    if hasattr(values, "num_chunks"):
        return values.chunk(0) if values.num_chunks == 1 else values.combine_chunks()
    return values


def _length(columns: list[_Array]) -> int:
    lengths = {len(c) for c in columns if c.ndim}
    if len(lengths) > 1:
        raise BatchError(f"the columns have different lengths: {sorted(lengths)}")
    return lengths.pop() if lengths else 1


def _check_all(column: _Array, spec: _Spec) -> None:
    if column.ndim:
        _check_block(column, spec, 0)


def _check_block(block: _Array, spec: _Spec, first_row: int) -> None:
    """Raise naming the first row out of range, if any (the usual case is two reductions)."""
    _, low, high, _ = spec
    if not block.size or block.dtype.kind == "b":
        return
    if block.max() > high or (block.dtype.kind == "i" and block.min() < low):
        _bad_row(block, spec, first_row)


def _bad_row(block: _Array, spec: _Spec, first_row: int) -> NoReturn:
    name, low, high, allowed = spec
    values = block.tolist()
    row = next(i for i, v in enumerate(values) if not low <= v <= high)
    raise BatchError(f"got {values[row]!r}; expected {allowed}", first_row + row, name)


class _Scratch:
    """Buffers reused from block to block while packing: they stay in the CPU's cache."""

    def __init__(self, columns: list[_Array], size: int) -> None:
        self.high = np.empty(size, np.uint8)  # level * 5 + strain: 0..39
        self.low = np.empty(size, np.uint8)  # (doubling * 2 + vulnerable) * 14 + tricks: 0..83
        # Once checked, every code is read as an unsigned byte (int8 and bool as they are, wider
        # integers, such as int64 from lists, copied): the arithmetic then never mixes types,
        # which would be several times slower.
        self.narrow = [
            np.empty(size, np.uint8) if c.ndim and c.dtype.itemsize > 1 else None for c in columns
        ]


_SPECS: Final = (_LEVEL, _STRAIN, _DOUBLING, _VULNERABLE, _TRICKS)


def _rows(columns: list[_Array], start: int, stop: int) -> list[_Array]:
    return [c[start:stop] if c.ndim else c for c in columns]


def _pack_into(out: _Array, columns: list[_Array], first_row: int, scratch: _Scratch) -> None:
    """Check the five columns (rows ``first_row...`` of the input) and write their packed codes."""
    for begin in range(0, len(out), _BLOCK):
        end = min(begin + _BLOCK, len(out))
        m = end - begin
        blocks = []
        for column, spec, buffer in zip(columns, _SPECS, scratch.narrow, strict=True):
            if not column.ndim:
                blocks.append(column)
                continue
            block = column[begin:end]
            _check_block(block, spec, first_row + begin)
            if buffer is not None:
                np.copyto(buffer[:m], block, casting="unsafe")
                block = buffer[:m]
            elif block.dtype != np.uint8:
                block = block.view(np.uint8)
            blocks.append(block)
        lv, st, db, vu, tr = blocks
        h, lo, w = scratch.high[:m], scratch.low[:m], out[begin:end]
        np.multiply(lv, 5, out=h, casting="unsafe")  # "unsafe": one value may stand for all rows
        np.add(h, st, out=h, casting="unsafe")
        np.multiply(db, 2, out=lo, casting="unsafe")
        np.add(lo, vu, out=lo, casting="unsafe")
        np.multiply(lo, 14, out=lo)
        np.add(lo, tr, out=lo, casting="unsafe")
        np.multiply(h, 84, out=w, dtype=np.uint16)
        np.add(w, lo, out=w)


_LookUp = Callable[[_Array, _Array], None]


def _look_up(table: _Array) -> _LookUp:
    """A function writing ``table[codes]`` to ``out`` for checked ``uint16`` codes.

    Arrow's take reads ``uint16`` indexes as they are and is faster than numpy's, which first
    converts them to ``intp``; numpy's is used when pyarrow is not installed.
    """
    try:
        return _arrow_look_up(table)
    except ModuleNotFoundError:  # pragma: no cover - the tests force the numpy path directly
        return _numpy_look_up(table)


@functools.cache
def _arrow_compute() -> Any:
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


def _arrow_look_up(table: _Array) -> _LookUp:
    import pyarrow as pa

    compute = _arrow_compute()
    values = pa.Array.from_buffers(
        pa.from_numpy_dtype(table.dtype), len(table), [None, pa.py_buffer(table)]
    )
    unchecked = compute.TakeOptions(boundscheck=False)  # every code was checked

    def look_up(codes: _Array, out: _Array) -> None:
        codes = np.ascontiguousarray(codes)
        indexes = pa.Array.from_buffers(pa.uint16(), len(codes), [None, pa.py_buffer(codes)])
        found = compute.call_function("take", [values, indexes], unchecked)
        data = found.buffers()[1]
        if data is not None:
            out[...] = np.frombuffer(data, out.dtype, len(out), found.offset * out.itemsize)

    return look_up


def _numpy_look_up(table: _Array) -> _LookUp:
    def look_up(codes: _Array, out: _Array) -> None:
        index = np.empty(min(len(codes), _BLOCK), np.intp)
        for start in range(0, len(codes), _BLOCK):
            stop = min(start + _BLOCK, len(codes))
            idx = index[: stop - start]
            idx[...] = codes[start:stop]
            np.take(table, idx, out=out[start:stop], mode="wrap")  # every code was checked

    return look_up


# Whole fields (matchpoints, Butler, cross-IMPs of many boards at once); imported last, as it
# builds on the helpers above.
from bridgescore.batch.field import (  # noqa: E402
    Expected,
    butler_many,
    cross_imps_many,
    matchpoints_many,
    score_section_fast,
)
