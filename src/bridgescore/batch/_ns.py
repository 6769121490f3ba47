"""North-South's view: declarer's seat and the board's vulnerability, as columns of codes.

Seats are coded 0 N, 1 E, 2 S, 3 W, so East and West are the odd codes (:data:`SIDE_BIT`), and
flipping their scores is two integer operations; the 16 answers to "is declarer's side
vulnerable?" fit in the bits of one ``uint16`` (:data:`VULNERABLE_MASK`).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bridgescore.batch._columns import (
    DECLARER,
    DOUBLING,
    LEVEL,
    SCORES,
    STRAIN,
    TRICKS,
    VULNERABILITY,
    Array,
    ScoreDType,
    check_all,
    columns,
    length,
    score_dtype,
)
from bridgescore.batch._table import BLOCK, CHUNK, Scratch, flat_table, look_up, pack_into, rows
from bridgescore.model import Seat, Side, Vulnerability
from bridgescore.scoring import UndertrickRule

__all__ = [
    "EAST_WEST",
    "SIDE_BIT",
    "VULNERABLE_MASK",
    "declarer_vulnerable",
    "ns_view",
    "score_many_ns",
]

_VULNERABLE_BY: Final = np.array(
    [v.is_vulnerable(seat) for v in Vulnerability for seat in Seat], np.bool_
)
"""By ``vulnerability * 4 + declarer``: whether declarer's side is vulnerable (from the core)."""
VULNERABLE_MASK: Final = np.uint16(sum(1 << i for i, v in enumerate(_VULNERABLE_BY) if v))
"""The same 16 answers as bits: bit ``vulnerability * 4 + declarer``."""
EAST_WEST: Final = np.array([seat.side is Side.EW for seat in Seat], np.bool_)
"""By seat code: whether the seat is East or West (from the core)."""
SIDE_BIT: Final = 1
"""The seat codes of East and West are odd: ``declarer & 1`` is 1 for them (a test checks)."""


def declarer_vulnerable(
    declarer: npt.ArrayLike, vulnerability: npt.ArrayLike
) -> npt.NDArray[np.bool_]:
    """Whether the declaring side is vulnerable, from declarer's seat and the board's vulnerability.

    >>> declarer_vulnerable([0, 1, 2, 3], [1, 1, 3, 0])  # N and E on NS, S on All, W on None
    array([ True, False,  True, False])

    :raises BatchError: for a seat code other than 0-3 or a vulnerability code other than 0-3.
    """
    seats, vuls = columns((declarer, DECLARER), (vulnerability, VULNERABILITY))
    n = length([seats, vuls])
    check_all(seats, DECLARER)
    check_all(vuls, VULNERABILITY)
    out = np.empty(n, np.uint8)
    _vulnerable_into(out, np.broadcast_to(seats, (n,)), np.broadcast_to(vuls, (n,)))
    return out.view(np.bool_)


def ns_view(scores: npt.ArrayLike, declarer: npt.ArrayLike) -> Array:
    """Scores from North-South's view: the sign flips where East or West declared.

    >>> ns_view([620, -500, 0], [1, 2, 3])
    array([-620, -500,    0])

    :raises BatchError: for a seat code other than 0-3, or scores that are not whole numbers.
    """
    points, seats = columns((scores, SCORES), (declarer, DECLARER))
    n = length([points, seats])
    check_all(seats, DECLARER)
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
) -> Array:
    """Score many deals from North-South's view, given declarer and the board's vulnerability.

    A passed-out deal (level 0) scores 0 whatever seat is given for it.

    >>> score_many_ns([4, 4], [2, 2], [1, 1], [8, 8], declarer=[2, 3], vulnerability=[1, 1])
    array([-500,  300], dtype=int16)

    :raises BatchError: as :func:`~bridgescore.batch.score_many` and
        :func:`declarer_vulnerable` do.
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    table = flat_table(undertrick_rule, score_dtype(dtype))
    seats, vuls = columns((declarer, DECLARER), (vulnerability, VULNERABILITY))
    contract = columns((level, LEVEL), (strain, STRAIN), (doubling, DOUBLING))
    (trick_column,) = columns((tricks, TRICKS))
    n = length([*contract, trick_column, seats, vuls])
    check_all(seats, DECLARER)
    check_all(vuls, VULNERABILITY)
    seats, vuls = np.broadcast_to(seats, (n,)), np.broadcast_to(vuls, (n,))
    out = np.empty(n, table.dtype)
    find = look_up(table)
    codes = np.empty(min(n, CHUNK), np.uint16)
    vulnerable = np.empty(min(n, CHUNK), np.uint8)
    scratch = Scratch([*contract, vulnerable, trick_column], min(n, BLOCK))
    for start in range(0, n, CHUNK):  # a chunk at a time, so that it stays in the cache
        stop, m = min(start + CHUNK, n), min(CHUNK, n - start)
        _vulnerable_into(vulnerable[:m], seats[start:stop], vuls[start:stop])
        chunk = [*rows(contract, start, stop), vulnerable[:m], *rows([trick_column], start, stop)]
        pack_into(codes[:m], chunk, start, scratch)
        find(codes[:m], out[start:stop])
        _flip_east_west(out[start:stop], seats[start:stop])
    return out


def _vulnerable_into(out: Array, seats: Array, vuls: Array) -> None:
    """``out[i]`` = 1 if declarer's side is vulnerable, for checked seat and vulnerability codes."""
    np.multiply(vuls, 4, out=out, casting="unsafe")
    np.add(out, seats, out=out, casting="unsafe")
    bits = np.right_shift(VULNERABLE_MASK, out)
    np.bitwise_and(bits, 1, out=out, casting="unsafe")


def _flip_east_west(scores: Array, seats: Array) -> None:
    """Negate, in place, the scores of deals East or West declared (two's complement trick)."""
    mask = np.bitwise_and(seats, SIDE_BIT, dtype=scores.dtype, casting="unsafe")
    np.negative(mask, out=mask)  # 0 where North-South declared, -1 where East-West did
    np.bitwise_xor(scores, mask, out=scores)
    np.subtract(scores, mask, out=scores)
