"""Par in bulk: the par of columns of double-dummy tables, equal to :func:`bridgescore.par`.

:func:`par_many` follows the pure :func:`~bridgescore.par` step by step (see
:mod:`bridgescore.boards.par` for the rules: the side entitled to the contract, its best contract,
the opponents' cheapest sacrifice, the lowest level that keeps the score), each step on every
row at once; the scores come from the same tables, built from :func:`bridgescore.score`.

>>> import numpy as np
>>> from bridgescore import batch
>>> table = [(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)]
>>> p = batch.par_many(np.array([table, table]), vulnerability=[0, 2], dealer=0)
>>> p.score, [str(c) for c in p.par(0).contracts], str(p.par(1))
(array([300, 420], dtype=int16), ['5CXEW-2'], 'NS 420: 4HNS')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from bridgescore.batch._columns import VULNERABILITY, Spec, check_all, column
from bridgescore.boards.par import AFFORDABLE, MADE_VALUES, Par, ParContract, penalty
from bridgescore.errors import BatchError, BridgeError
from bridgescore.model import Contract, Doubling, Seat, Strain, Vulnerability

__all__ = ["ParColumns", "par_many"]

_NO_SACRIFICE: Final = 99
_SEATS: Final = tuple(Seat)
_STRAINS: Final = tuple(Strain)
_VULS: Final = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
# By the board's vulnerability code: whether NS, EW are vulnerable.
_SIDE_VUL: Final = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], dtype=np.intp)
# What the highest contract made with t tricks in strain s scores, by vulnerability [v, s, t].
_VALUE: Final = np.array(
    [[MADE_VALUES[bool(v)][s] for s in range(5)] for v in (0, 1)], dtype=np.int32
)
# The undertricks doubled worth taking to outbid it [declarer vul, defender vul, s, t].
_AFFORDABLE: Final = np.array(
    [[[AFFORDABLE[bool(dv), bool(fv)][s] for s in range(5)] for fv in (0, 1)] for dv in (0, 1)],
    dtype=np.int16,
)
# What ``down`` undertricks doubled cost [v, down] (positive).
_PENALTY: Final = np.array([[penalty(d, bool(v)) for d in range(14)] for v in (0, 1)], np.int32)
_DEALER: Final[Spec] = ("dealer", 0, 3, "0 to 3 (N E S W)")
_GAME: Final = np.array([5, 5, 4, 4, 3], dtype=np.int16)


@dataclass(frozen=True, slots=True)
class ParColumns:
    """The par of many deals as columns; by strain C D H S NT, one par contract at most each.

    :meth:`par` gives one row as the pure :class:`~bridgescore.Par`.
    """

    score: npt.NDArray[np.int16]
    """The par score from North-South's view."""
    level: npt.NDArray[np.uint8]
    """Shape (n, 5): the par contract's level in each strain, 0 for none."""
    declarers: npt.NDArray[np.uint8]
    """Shape (n, 5): who declares it, bits 1 N, 2 E, 4 S, 8 W (two bits for either of a side)."""
    tricks: npt.NDArray[np.uint8]
    """Shape (n, 5): the tricks declarer takes."""
    doubled: npt.NDArray[np.bool_]
    """Shape (n, 5): whether it is doubled (a sacrifice)."""
    dealer: npt.NDArray[np.uint8]
    """The dealer of each row, 0 N ... 3 W."""

    def __len__(self) -> int:
        return len(self.score)

    def par(self, row: int) -> Par:
        """One row as :class:`~bridgescore.Par` (its contracts notrump first)."""
        contracts = []
        for s in range(4, -1, -1):
            level = int(self.level[row, s])
            if not level:
                continue
            doubling = Doubling.DOUBLED if self.doubled[row, s] else Doubling.UNDOUBLED
            seats = tuple(seat for k, seat in enumerate(_SEATS) if self.declarers[row, s] >> k & 1)
            contract = Contract(level, _STRAINS[s], doubling)
            contracts.append(ParContract(contract, seats, int(self.tricks[row, s])))
        return Par(int(self.score[row]), tuple(contracts), _SEATS[int(self.dealer[row])])


def _codes(values: Any, spec: Spec, parse: Any, n: int) -> Any:
    """A column of codes from codes, or from the core's values or their PBN text."""
    name = spec[0]
    if isinstance(values, Vulnerability | Seat | str):
        values = [values]
        one = True
    else:
        one = False
    array = np.asarray(values, dtype=object) if not isinstance(values, np.ndarray) else values
    if array.dtype.kind in "OU" and array.size and not isinstance(array.flat[0], int | np.integer):
        out = []
        for row, value in enumerate(array.reshape(-1).tolist()):
            try:
                out.append(parse(value))
            except BridgeError as exc:
                raise BatchError(str(exc), None if one else row, name, value=value) from None
        array = np.array(out, dtype=np.int64)
        if one:
            array = array[0]
    codes = column(array, spec)
    check_all(codes, spec)
    if codes.ndim == 0:
        return np.full(n, int(codes), dtype=np.intp)
    if len(codes) != n:
        raise BatchError(f"the columns have different lengths: {n} tables, {len(codes)} {name}s")
    return codes.astype(np.intp)


def _vul_code(value: Vulnerability | str) -> int:
    vul = value if isinstance(value, Vulnerability) else Vulnerability.parse(value)
    return _VULS.index(vul)


def _seat_code(value: Seat | str) -> int:
    seat = value if isinstance(value, Seat) else Seat.parse(value)
    return _SEATS.index(seat)


def _tables(tricks: Any) -> npt.NDArray[np.int16]:
    array = np.asarray(tricks)
    if array.ndim == 2 and array.shape[1] == 20:
        array = array.reshape(-1, 4, 5)
    if array.ndim != 3 or array.shape[1:] != (4, 5):
        raise BatchError(
            "expected double-dummy tables of shape (n, 4 declarers N E S W, 5 strains "
            f"C D H S NT) or (n, 20), got {array.shape}",
            column="tricks",
        )
    if array.dtype.kind not in "iu":
        raise BatchError(f"expected whole numbers of tricks, got {array.dtype}", column="tricks")
    if array.size and (array.min() < 0 or array.max() > 13):
        row = int(np.flatnonzero(((array < 0) | (array > 13)).any(axis=(1, 2)))[0])
        raise BatchError(
            f"got {array[row].tolist()!r}; expected tricks from 0 to 13", row, "tricks"
        )
    return array.astype(np.int16)


_CHUNK: Final = 8192
"""Rows worked on at once (their arrays stay in the CPU's cache)."""
_VALUE_FLAT: Final = _VALUE.reshape(-1).astype(np.int16)
_AFFORD_FLAT: Final = _AFFORDABLE.reshape(-1)
_STRAIN_ROW: Final = np.arange(5, dtype=np.int16)
_PENALTY_FLAT: Final = _PENALTY.reshape(-1).astype(np.int16)
_S14: Final = (np.arange(5, dtype=np.intp) * 14)[:, None]


def par_many(tricks: Any, vulnerability: Any, dealer: Any) -> ParColumns:
    """The par of every row of double-dummy tables, as :func:`bridgescore.par` gives it.

    ``tricks``: shape (n, 4, 5), declarers N E S W, strains C D H S NT (or (n, 20), as
    :data:`DD_COLUMNS` lists them). ``vulnerability``: codes 0 None, 1 NS, 2 EW, 3 All, or the
    core's values or their text; ``dealer``: codes 0 N ... 3 W, or seats; a column, or one value
    for every row.

    :raises BatchError: naming the first bad row or column.
    """
    table = _tables(tricks)
    n = len(table)
    vul = _codes(vulnerability, VULNERABILITY, _vul_code, n).astype(np.int16)
    first = _codes(dealer, _DEALER, _seat_code, n).astype(np.int16)
    score = np.empty(n, dtype=np.int16)
    level = np.zeros((n, 5), dtype=np.int16)
    declarers = np.zeros((n, 5), dtype=np.int16)
    tricks_out = np.zeros((n, 5), dtype=np.int16)
    doubled = np.zeros((n, 5), dtype=np.bool_)
    # The rows of each dealer together, so the seats' order from the dealer is the same.
    outs = (score, level, declarers, tricks_out, doubled)
    if n and (first == first[0]).all():
        order, bounds = None, [(int(first[0]), 0, n)]
    else:
        order = np.argsort(first, kind="stable")
        table, vul = table[order], vul[order]
        ends = np.cumsum(np.bincount(first, minlength=4))
        bounds = [(who, int(ends[who - 1]) if who else 0, int(ends[who])) for who in range(4)]
    for who, low, high in bounds:
        for start in range(low, high, _CHUNK):
            part = slice(start, min(start + _CHUNK, high))
            _block(table[part], vul[part], who, *(out[part] for out in outs))
    if order is not None:
        for out in outs:
            out[order] = out.copy()
    return ParColumns(
        score,
        level.astype(np.uint8),
        declarers.astype(np.uint8),
        tricks_out.astype(np.uint8),
        doubled,
        first.astype(np.uint8),
    )


def _pick(mask: Any, yes: Any, no: Any) -> Any:
    """``np.where(mask, yes, no)`` for int16 values by arithmetic: ``np.where`` branches on
    every element, several times slower on masks that change from row to row."""
    yes = yes if isinstance(yes, np.ndarray) else np.int16(yes)
    no = no if isinstance(no, np.ndarray) else np.int16(no)
    return no + mask * (yes - no)


def _block(
    table: Any, vul: Any, first: int, score: Any, level: Any, declarers: Any, tricks_out: Any,
    doubled: Any,
) -> None:  # fmt: skip
    """Par for one chunk of rows, written into the chunk's slices of the answer.

    Arrays are strain by strain, shape (5, n), so each step runs along contiguous rows."""
    n = len(table)
    s5 = _STRAIN_ROW[:, None]
    by_seat = np.ascontiguousarray(table.transpose(1, 2, 0))  # (4 seats, 5 strains, n)
    # rel[k] is the tricks of seat (dealer + k) % 4, the seats in order from the dealer.
    seat_k = [(first + k) % 4 for k in range(4)]
    rel = [by_seat[seat] for seat in seat_k]
    b_ns = np.maximum(by_seat[0], by_seat[2])
    b_ew = np.maximum(by_seat[1], by_seat[3])
    r_ns = 5 * b_ns - 34 + s5  # the rank of the highest contract made: 1 for 1C ... 35 for 7NT
    r_ew = 5 * b_ew - 34 + s5
    v_ns = (vul == 1) | (vul == 3)
    v_ew = (vul == 2) | (vul == 3)
    h_ns = np.maximum(r_ns.max(axis=0), 0)
    h_ew = np.maximum(r_ew.max(axis=0), 0)
    passed = (h_ns == 0) & (h_ew == 0)

    # The side entitled to the contract; on the same highest contract, the first seat from the
    # dealer that makes it.
    at_s0 = s5 == (h_ns - 1) % 5
    first_ew = np.zeros(n, dtype=np.bool_)
    for k in range(3, -1, -1):
        hit = (at_s0 & (rel[k] == b_ns)).any(axis=0)
        first_ew = (hit & bool(seat_k[k] % 2)) | (~hit & first_ew)
    higher = h_ns != h_ew
    ew = (higher & (h_ew > h_ns)) | (~higher & first_ew)
    ns = ~ew
    b_s, b_o = _pick(ew, b_ew, b_ns), _pick(ew, b_ns, b_ew)
    r_s, r_o = _pick(ew, r_ew, r_ns), _pick(ew, r_ns, r_ew)
    sv_s, sv_o = (ew & v_ew) | (ns & v_ns), (ew & v_ns) | (ns & v_ew)
    v_s = _VALUE_FLAT[b_s + (sv_s * 70 + _S14)]
    top = v_s.max(axis=0)
    making = (b_s >= 7) & (v_s == top)
    dearest = _pick(making, r_s, 1000).min(axis=0)
    candidate = r_s >= dearest

    # downs[s, e]: the undertricks the opponents go to outbid the side's contract in s by one
    # in e (ceil((rank s - rank e) / 5) is b_s - b_o, plus 1 when s ranks above e); in s
    # itself they must bid higher when a player of the side ahead of them makes it.
    ahead = np.zeros((5, n), dtype=np.int16)
    same = np.full((5, n), _NO_SACRIFICE, dtype=np.int16)
    for k in range(4):
        mine = ew if seat_k[k] % 2 else ns
        ahead |= mine & (rel[k] == b_s)
        same = _pick(mine, same, np.minimum(same, b_s - rel[k] + ahead))
    downs = np.empty((5, 5, n), dtype=np.int16)
    most = (35 - r_o) // 5  # more undertricks would need a bid above 7NT
    for s in range(5):
        d = np.maximum(b_s[s] - b_o + (s > _STRAIN_ROW)[:, None], 0)
        d[s] = same[s]
        downs[s] = _pick(d > most, _NO_SACRIFICE, d)
    down_min = downs.min(axis=1)
    target = _AFFORD_FLAT[b_s + (sv_s * 140 + sv_o * 70 + _S14)]
    sacrifice = candidate & (down_min <= target)
    makes = candidate & ~sacrifice
    best_down = (sacrifice * down_min).max(axis=0)
    best_plus = (makes * v_s).max(axis=0)
    penalty = _PENALTY_FLAT[best_down + sv_o * 14]
    made = ~sacrifice.any(axis=0) | (best_plus > penalty)
    sign = 1 - 2 * ew.astype(np.int16)
    score[:] = ~passed * sign * _pick(made, best_plus, penalty)

    # The side makes its contract: each strain that scores the most, at the lowest level that
    # keeps it (and still shuts out a sacrifice).
    pick = made & ~passed & makes & (v_s == best_plus)
    lv = b_s - 6
    gap = target - down_min
    floor = _pick(lv >= 6, lv, _pick(lv >= _GAME[:, None], _GAME[:, None], 1))
    lv = _pick(gap < -1, np.maximum(lv + gap + 1, floor), lv)
    out_level = pick * lv
    out_tricks = pick * b_s
    who_ns = _who(by_seat[0], by_seat[2], 1, 4)
    who_ew = _who(by_seat[1], by_seat[3], 2, 8)
    out_who = pick * _pick(ew, who_ew, who_ns)
    out_doubled = np.zeros((5, n), dtype=np.bool_)

    sacrificed = ~made & ~passed
    if sacrificed.any():
        # The opponents sacrifice against the first (the highest) candidate worth it, in each
        # strain where it costs them the least, if that is what it costs against this one.
        worth = _pick(sacrifice, r_s, -1000)
        at_s = worth == worth.max(axis=0)  # the strain of the first worth it (ranks differ)
        d = (at_s[:, None, :] * downs).sum(axis=0)
        listed = sacrificed & (d.min(axis=0) == best_down)
        hit = listed & (d == best_down)
        # In another strain than the side's: the lowest level that outbids it, doubled.
        elsewhere = hit & ~at_s
        out_level = _pick(elsewhere, b_o - 6 + best_down, out_level)
        out_tricks = _pick(elsewhere, b_o, out_tricks)
        out_who = _pick(elsewhere, _pick(ew, who_ns, who_ew), out_who)
        out_doubled = elsewhere
        # In the side's own strain: the opponent who can bid it lowest (both, on one level).
        own = hit & at_s
        need = (at_s * b_s).max(axis=0)
        ahead_own = np.zeros(n, dtype=np.int16)
        best_level = np.full(n, 99, dtype=np.int16)
        bits = np.zeros(n, dtype=np.int16)
        for k in range(4):
            t = (at_s * rel[k]).max(axis=0)
            mine = ew if seat_k[k] % 2 else ns
            ahead_own |= mine & (t == need)
            found = ~mine & (need - t + ahead_own == best_down)
            at = need - 6 + ahead_own
            lower = found & (at < best_level)
            bit = np.int16(1 << seat_k[k])
            bits = _pick(lower, bit, bits | ((found & (at == best_level)) * bit))
            best_level = _pick(lower, at, best_level)
        both = (bits & (bits - 1)) != 0  # two opponents on the same level
        own_tricks = _pick(both, need - best_down, best_level + 6 - best_down)
        out_level = _pick(own, best_level, out_level)
        out_tricks = _pick(own, own_tricks, out_tricks)
        out_who = _pick(own, bits, out_who)
        out_doubled = out_doubled | own
    level[:] = out_level.T
    tricks_out[:] = out_tricks.T
    declarers[:] = out_who.T
    doubled[:] = out_doubled.T


def _who(a: Any, b: Any, bit_a: int, bit_b: int) -> Any:
    """The bits of the seats of a side (tricks ``a`` and ``b``) that take the most tricks."""
    return (a >= b) * np.int16(bit_a) | (b >= a) * np.int16(bit_b)
