"""Par in bulk: the par of columns of double-dummy tables, equal to :func:`bridgescore.par`.

:func:`par_many` follows the pure :func:`~bridgescore.par` step by step (see
:mod:`bridgescore.par` for the rules: the side entitled to the contract, its best contract,
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
from bridgescore.errors import BatchError, BridgeError
from bridgescore.model import Contract, Doubling, Seat, Strain, Vulnerability
from bridgescore.par import _AFFORD, _VALUES, Par, ParContract, _penalty

__all__ = ["ParColumns", "par_many"]

_NO_SACRIFICE: Final = 99
_SEATS: Final = tuple(Seat)
_STRAINS: Final = tuple(Strain)
_VULS: Final = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
# By the board's vulnerability code: whether NS, EW are vulnerable.
_SIDE_VUL: Final = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], dtype=np.intp)
# What the highest contract made with t tricks in strain s scores, by vulnerability [v, s, t].
_VALUE: Final = np.array(
    [[_VALUES[bool(v)][s] for s in range(5)] for v in (0, 1)], dtype=np.int32
)
# The undertricks doubled worth taking to outbid it [declarer vul, defender vul, s, t].
_AFFORDABLE: Final = np.array(
    [[[_AFFORD[bool(dv), bool(fv)][s] for s in range(5)] for fv in (0, 1)] for dv in (0, 1)],
    dtype=np.int16,
)
# What ``down`` undertricks doubled cost [v, down] (positive).
_PENALTY: Final = np.array([[_penalty(d, bool(v)) for d in range(14)] for v in (0, 1)], np.int32)
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
    vul = _codes(vulnerability, VULNERABILITY, _vul_code, n)
    first = _codes(dealer, _DEALER, _seat_code, n)
    rows = np.arange(n)
    strains = np.arange(5, dtype=np.int16)
    side_vul = _SIDE_VUL[vul]  # (n, 2)

    best = np.stack([np.maximum(table[:, 0], table[:, 2]), np.maximum(table[:, 1], table[:, 3])], 1)
    rank = 5 * (best - 7) + strains + 1  # (n, 2, 5)
    value = _VALUE[side_vul[:, :, None], strains, best]  # (n, 2, 5)
    highest = np.maximum(rank.max(axis=2), 0)  # (n, 2)
    passed = (highest[:, 0] == 0) & (highest[:, 1] == 0)

    # The side entitled to the contract; on the same highest contract, the first seat from the
    # dealer that makes it.
    same_strain = (highest[:, 0] - 1) % 5
    need = best[rows, 0, same_strain]
    first_maker = np.full(n, -1, dtype=np.intp)
    for k in range(4):
        p = (first + k) % 4
        hit = (table[rows, p, same_strain] == need) & (first_maker < 0)
        first_maker[hit] = p[hit]
    side = np.where(highest[:, 0] != highest[:, 1], highest[:, 1] > highest[:, 0], first_maker % 2)
    side = side.astype(np.intp)
    other = 1 - side

    b_s, b_o = best[rows, side], best[rows, other]  # (n, 5)
    r_s, r_o = rank[rows, side], rank[rows, other]
    v_s = value[rows, side]
    top = v_s.max(axis=1)
    making = (b_s >= 7) & (v_s == top[:, None])
    dearest = np.where(making, r_s, 1000).min(axis=1)
    candidate = r_s >= dearest[:, None]

    # downs[:, s, e]: the undertricks the opponents go to outbid the side's contract in s by
    # one in e.
    diff = r_s[:, :, None] - r_o[:, None, :]
    downs = np.where(diff > 0, (diff + 4) // 5, 0).astype(np.int16)
    seats = (first[:, None] + np.arange(4)) % 4  # the seats in order from the dealer
    ours = seats % 2 == side[:, None]
    for s in range(5):
        need_s = b_s[:, s]
        ahead = np.zeros(n, dtype=np.int16)
        down = np.full(n, _NO_SACRIFICE, dtype=np.int16)
        for k in range(4):
            t = table[rows, seats[:, k], s]
            ahead |= ours[:, k] & (t == need_s)
            down = np.where(ours[:, k], down, np.minimum(down, need_s - t + ahead))
        downs[:, s, s] = down
    downs = np.where(r_o[:, None, :] + 5 * downs > 35, _NO_SACRIFICE, downs)
    down_min = downs.min(axis=2)  # (n, 5)
    sv_side = side_vul[rows, side]
    sv_other = side_vul[rows, other]
    target = _AFFORDABLE[sv_side[:, None], sv_other[:, None], strains, b_s]
    sacrifice = candidate & (down_min <= target)
    makes = candidate & ~sacrifice
    best_down = np.where(sacrifice, down_min, 0).max(axis=1)
    best_plus = np.where(makes, v_s, 0).max(axis=1)
    any_sacrifice = sacrifice.any(axis=1)
    penalty = _PENALTY[sv_other, best_down]
    made = ~any_sacrifice | (best_plus > penalty)
    sign = np.where(side == 0, 1, -1)
    score = np.where(made, sign * best_plus, sign * penalty)
    score = np.where(passed, 0, score).astype(np.int16)

    level = np.zeros((n, 5), dtype=np.int16)
    declarers = np.zeros((n, 5), dtype=np.uint8)
    tricks_out = np.zeros((n, 5), dtype=np.int16)
    doubled = np.zeros((n, 5), dtype=np.bool_)

    # The side makes its contract: each strain that scores the most, at the lowest level that
    # keeps it (and still shuts out a sacrifice).
    pick = made[:, None] & makes & (v_s == best_plus[:, None]) & ~passed[:, None]
    lv = b_s - 6
    gap = target - down_min
    floor = np.where(lv >= 6, lv, np.where(lv >= _GAME, _GAME, 1))
    lower = np.maximum(lv + gap + 1, floor)
    lv = np.where(gap < -1, lower, lv)
    level = np.where(pick, lv, level)
    tricks_out = np.where(pick, b_s, tricks_out)
    declarers = np.where(pick, _who(table, side, strains), declarers).astype(np.uint8)

    # The opponents sacrifice: the first candidate (the highest) worth a sacrifice.
    sac_rows = np.flatnonzero(~made & ~passed)
    if sac_rows.size:
        _sacrifices(table, sac_rows, side, b_s, b_o, r_s, sacrifice, downs, best_down, seats,
                    ours, level, declarers, tricks_out, doubled)  # fmt: skip
    return ParColumns(
        score,
        level.astype(np.uint8),
        declarers,
        tricks_out.astype(np.uint8),
        doubled,
        first.astype(np.uint8),
    )


def _who(table: npt.NDArray[np.int16], side: Any, strains: Any) -> Any:
    """Bits of the side's seats that take the most tricks in each strain, shape (n, 5)."""
    a = side  # N (0) or E (1)
    rows = np.arange(len(table))[:, None]
    ta = table[rows, a[:, None], strains]
    tb = table[rows, a[:, None] + 2, strains]
    bit_a = (1 << a)[:, None]
    bit_b = (1 << (a + 2))[:, None]
    return np.where(ta == tb, bit_a | bit_b, np.where(ta > tb, bit_a, bit_b))


def _sacrifices(
    table: Any, rows: Any, side: Any, b_s: Any, b_o: Any, r_s: Any, sacrifice: Any, downs: Any,
    best_down: Any, seats: Any, ours: Any, level: Any, declarers: Any, tricks_out: Any,
    doubled: Any,
) -> None:  # fmt: skip
    """Fill in the par contracts of the rows where the opponents sacrifice."""
    strains = np.arange(5)
    s = np.where(sacrifice[rows], r_s[rows], -1000).argmax(axis=1)  # the first worth it
    d = downs[rows, s]  # (m, 5)
    down = best_down[rows]
    listed = d.min(axis=1) == down
    hit = listed[:, None] & (d == down[:, None])
    other = 1 - side[rows]
    # In another strain than the side's: the lowest level that outbids it, doubled.
    elsewhere = hit & (strains != s[:, None])
    who = _who(table[rows], other, strains)
    level[rows] = np.where(elsewhere, b_o[rows] - 6 + down[:, None], level[rows])
    tricks_out[rows] = np.where(elsewhere, b_o[rows], tricks_out[rows])
    declarers[rows] = np.where(elsewhere, who, declarers[rows])
    doubled[rows] |= elsewhere
    # In the side's own strain: the opponent who can bid it lowest (both, on the same level).
    own = hit[np.arange(len(rows)), s]
    m = rows[own]
    if not m.size:
        return
    s_m = s[own]
    need = b_s[m, s_m]
    down_m = down[own]
    ahead = np.zeros(len(m), dtype=np.int16)
    best_level = np.full(len(m), 99, dtype=np.int16)
    best_bits = np.zeros(len(m), dtype=np.uint8)
    for k in range(4):
        p = seats[m, k]
        t = table[m, p, s_m]
        mine = ours[m, k]
        ahead |= mine & (t == need)
        found = ~mine & (need - t + ahead == down_m)
        at = need - 6 + ahead
        lower = found & (at < best_level)
        tie = found & (at == best_level)
        best_bits = np.where(lower, 1 << p, np.where(tie, best_bits | (1 << p), best_bits))
        best_level = np.where(lower, at, best_level)
    level[m, s_m] = best_level
    declarers[m, s_m] = best_bits
    both = (best_bits & (best_bits - 1)) != 0  # two opponents on the same level
    tricks_out[m, s_m] = np.where(both, need - down_m, best_level + 6 - down_m)
    doubled[m, s_m] = True
