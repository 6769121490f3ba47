"""The 2,940-entry score table, and scoring columns of deal codes by looking them up in it.

Scoring a duplicate deal is a look-up into 7 x 5 x 3 x 2 x 14 = 2,940 values, so this module
builds that table once from the core's :func:`bridgescore.score` (:func:`score_table`) and then
only computes indexes into it, a block of rows at a time so that the work stays in the CPU's
cache. The index of a deal is its **packed code**, one ``uint16`` holding all five codes:
``level * 420 + strain * 84 + doubling * 28 + vulnerable * 14 + tricks``, 0 to 3,359 (0 to 419
are passed-out deals). :func:`pack` builds it; :func:`score_packed` scores it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from bridgescore.batch._columns import (
    DOUBLING,
    LEVEL,
    STRAIN,
    TRICKS,
    VULNERABLE,
    Array,
    ScoreDType,
    Spec,
    arrow_compute,
    check_block,
    columns,
    length,
    score_dtype,
)
from bridgescore.model import Contract, Doubling, Strain
from bridgescore.scoring import UndertrickRule, check_undertrick_rule, score

__all__ = [
    "BLOCK",
    "CHUNK",
    "CODE",
    "LEVELS",
    "PACKED_CODES",
    "Scratch",
    "flat_table",
    "look_up",
    "numpy_look_up",
    "pack",
    "pack_into",
    "rows",
    "score_many",
    "score_packed",
    "score_table",
]

LEVELS: Final = 8
"""Levels 0 (passed out) to 7."""
PACKED_CODES: Final = LEVELS * 5 * 3 * 2 * 14
"""The number of packed codes, 3,360: every code is below it."""
CODE: Final[Spec] = ("codes", 0, PACKED_CODES - 1, f"a packed code from 0 to {PACKED_CODES - 1}")

BLOCK: Final = 1 << 17
"""Rows per block while packing: the block's buffers stay in the CPU's cache."""
CHUNK: Final = 1 << 20
"""Rows per look-up: enough to make the call's own cost small (the codes take 2 MiB)."""


@functools.cache
def score_table(undertrick_rule: UndertrickRule = "modern") -> npt.NDArray[np.int16]:
    """The 2,940 duplicate scores, built from :func:`bridgescore.score`; read-only.

    Indexed ``[level - 1, strain, doubling, vulnerable, tricks]`` with the codes of
    :mod:`bridgescore.batch`, from the declaring side's view.

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
def flat_table(undertrick_rule: UndertrickRule, dtype: np.dtype[Any]) -> Array:
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
) -> Array:
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
    table = flat_table(undertrick_rule, score_dtype(dtype))
    deal = _deal_columns(level, strain, doubling, vulnerable, tricks)
    n = length(deal)
    out = np.empty(n, table.dtype)
    find = look_up(table)
    codes = np.empty(min(n, CHUNK), np.uint16)
    scratch = Scratch(deal, min(n, BLOCK))
    for start in range(0, n, CHUNK):
        stop = min(start + CHUNK, n)
        chunk = codes[: stop - start]
        pack_into(chunk, rows(deal, start, stop), start, scratch)
        find(chunk, out[start:stop])
    return out


def _deal_columns(
    level: npt.ArrayLike,
    strain: npt.ArrayLike,
    doubling: npt.ArrayLike,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> list[Array]:
    """The five deal columns, checked (:func:`score_many` and :func:`pack` read the same)."""
    return columns(
        (level, LEVEL),
        (strain, STRAIN),
        (doubling, DOUBLING),
        (vulnerable, VULNERABLE),
        (tricks, TRICKS),
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
    deal = _deal_columns(level, strain, doubling, vulnerable, tricks)
    n = length(deal)
    out = np.empty(n, np.uint16)
    pack_into(out, deal, 0, Scratch(deal, min(n, BLOCK)))
    return out


def score_packed(
    codes: npt.ArrayLike,
    *,
    undertrick_rule: UndertrickRule = "modern",
    dtype: ScoreDType = np.int16,
) -> Array:
    """Score deals given by their packed codes (see :func:`pack`): the fastest path.

    >>> score_packed([1898, 1606, 0])
    array([-500,  430,    0], dtype=int16)

    :raises BatchError: for a code that is not a whole number from 0 to 3,359.
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    table = flat_table(undertrick_rule, score_dtype(dtype))
    (column,) = columns((codes, CODE))
    n = length([column])
    if column.ndim == 0:
        return np.full(n, table[int(column)], table.dtype)
    out = np.empty(n, table.dtype)
    find = look_up(table)
    narrow = None if column.dtype == np.uint16 else np.empty(min(n, CHUNK), np.uint16)
    for start in range(0, n, CHUNK):
        stop = min(start + CHUNK, n)
        chunk = column[start:stop]
        for first in range(0, stop - start, BLOCK):
            check_block(chunk[first : first + BLOCK], CODE, start + first)
        if narrow is not None:
            np.copyto(narrow[: stop - start], chunk, casting="unsafe")
            chunk = narrow[: stop - start]
        find(chunk, out[start:stop])
    return out


# --- building blocks -------------------------------------------------------------------------


class Scratch:
    """Buffers reused from block to block while packing: they stay in the CPU's cache."""

    def __init__(self, deal: list[Array], size: int) -> None:
        self.high = np.empty(size, np.uint8)  # level * 5 + strain: 0..39
        self.low = np.empty(size, np.uint8)  # (doubling * 2 + vulnerable) * 14 + tricks: 0..83
        # Once checked, every code is read as an unsigned byte (int8 and bool as they are, wider
        # integers, such as int64 from lists, copied): the arithmetic then never mixes types,
        # which would be several times slower.
        self.narrow = [
            np.empty(size, np.uint8) if c.ndim and c.dtype.itemsize > 1 else None for c in deal
        ]


_SPECS: Final = (LEVEL, STRAIN, DOUBLING, VULNERABLE, TRICKS)


def rows(deal: list[Array], start: int, stop: int) -> list[Array]:
    """Rows ``start:stop`` of each column (a column of one value stays as it is)."""
    return [c[start:stop] if c.ndim else c for c in deal]


def pack_into(out: Array, deal: list[Array], first_row: int, scratch: Scratch) -> None:
    """Check the five columns (rows ``first_row...`` of the input) and write their packed codes.

    :raises BatchError: for a code out of range, naming its row.
    """
    for begin in range(0, len(out), BLOCK):
        end = min(begin + BLOCK, len(out))
        m = end - begin
        blocks = []
        for column, spec, buffer in zip(deal, _SPECS, scratch.narrow, strict=True):
            if not column.ndim:
                blocks.append(column)
                continue
            block = column[begin:end]
            check_block(block, spec, first_row + begin)
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


LookUp = Callable[[Array, Array], None]


def look_up(table: Array) -> LookUp:
    """A function writing ``table[codes]`` to ``out`` for checked ``uint16`` codes.

    Arrow's take reads ``uint16`` indexes as they are and is faster than numpy's, which first
    converts them to ``intp``; numpy's is used when pyarrow is not installed.
    """
    try:
        return _arrow_look_up(table)
    except ModuleNotFoundError:  # pragma: no cover - the tests force the numpy path directly
        return numpy_look_up(table)


def _arrow_look_up(table: Array) -> LookUp:
    import pyarrow as pa

    compute = arrow_compute()
    values = pa.Array.from_buffers(
        pa.from_numpy_dtype(table.dtype), len(table), [None, pa.py_buffer(table)]
    )
    unchecked = compute.TakeOptions(boundscheck=False)  # every code was checked

    def find(codes: Array, out: Array) -> None:
        codes = np.ascontiguousarray(codes)
        indexes = pa.Array.from_buffers(pa.uint16(), len(codes), [None, pa.py_buffer(codes)])
        found = compute.call_function("take", [values, indexes], unchecked)
        data = found.buffers()[1]
        if data is not None:
            out[...] = np.frombuffer(data, out.dtype, len(out), found.offset * out.itemsize)

    return find


def numpy_look_up(table: Array) -> LookUp:
    """:func:`look_up` with numpy alone."""

    def find(codes: Array, out: Array) -> None:
        index = np.empty(min(len(codes), BLOCK), np.intp)
        for start in range(0, len(codes), BLOCK):
            stop = min(start + BLOCK, len(codes))
            idx = index[: stop - start]
            idx[...] = codes[start:stop]
            np.take(table, idx, out=out[start:stop], mode="wrap")  # every code was checked

    return find
