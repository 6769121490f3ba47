"""Score a whole field at once: matchpoints, Butler and cross-IMPs of many boards from flat columns.

Each row is one result: the board it was played on and the NS score. Rows may come in any order,
and a board's rows need not be next to each other. The rows are sorted once, by board and then
by score (numpy, no Python loop over boards or results), and every board is scored from the
sorted runs: the answers are in the order of the input rows and equal, value for value, the
pure functions of :mod:`bridgescore.duplicate` (:func:`~bridgescore.duplicate.matchpoints`,
:func:`~bridgescore.duplicate.butler`, :func:`~bridgescore.duplicate.cross_imps`) scoring
each board on its own.

>>> from bridgescore import batch
>>> board = [1, 1, 1, 2, 2, 2]
>>> ns_score = [420, 450, 170, -100, -100, 110]
>>> ns, ew = batch.matchpoints_many(board, ns_score)
>>> ns, ew
(array([2., 4., 0., 1., 1., 4.]), array([2., 0., 4., 3., 3., 0.]))
>>> datum, imps = batch.butler_many(board, ns_score, drop=0)
>>> datum, imps
(array([350, 350, 350, -30, -30, -30]), array([ 2,  3, -5, -2, -2,  4], dtype=int8))

**Real scores only.** The columns hold whole-number NS scores (of at most 32 bits; any score
the laws produce is within ±7,600, and scores that are not multiples of 10 are scored as the
pure functions do). Artificial adjusted scores (:class:`~bridgescore.duplicate.Adjusted`) have
no place in a column of integers: score the real results here, with ``expected`` counting the
artificial ones too, and give the artificial ones their award as the pure functions do; or
score a whole :class:`~bridgescore.duplicate.session.Section` with :func:`score_section_fast`, which
does exactly that. Nor have weighted scores (Law 12C1(c)), whose figures are averages over
their results: :func:`score_section_fast` scores a board with one by the pure functions.

**Expected results** (``expected``, matchpoints and cross-IMPs): a board with fewer results than
expected is scaled to the top of the expected number (the Neuberg formula, SCORING.md §5.2; EBU
White Book 4.2.4 for cross-IMPs). ``None`` scores each board to its own number of results;
an ``int`` expects that many on every board; ``"most"`` expects the count of the most-played
board, as :func:`bridgescore.duplicate.session.score_section` does; a column (one value a row, the
same on every row of a board) gives each board its own.

Bad input raises :class:`~bridgescore.BatchError` naming the first bad row (counted from 0):

>>> batch.matchpoints_many([1, 1, 2], [420, 450.5, 170])
Traceback (most recent call last):
...
bridgescore.errors.BatchError: row 0, column 'ns_score': got 420.0, in a column of float64; \
expected whole numbers of at most 32 bits, as integers
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from bridgescore.batch._columns import Spec, check_all, column
from bridgescore.batch._imps import imps_many
from bridgescore.duplicate.field import (
    Adjusted,
    BoardScore,
    Divisor,
    Rounding,
    WeightedScore,
    dropped_count,
    top,
)
from bridgescore.duplicate.session import (
    Section,
    SectionScores,
    Session,
    SessionRules,
    points_of_board,
    score_section_with,
)
from bridgescore.errors import BatchError, RulesError
from bridgescore.scoring import IMP_THRESHOLDS

__all__ = [
    "Expected",
    "butler_many",
    "cross_imps_many",
    "matchpoints_many",
    "score_section_fast",
]

Expected = int | Literal["most"] | npt.ArrayLike | None
"""How many results each board is scored to: see the module's documentation."""

_Array = npt.NDArray[Any]
_Int64 = npt.NDArray[np.int64]
_Float64 = npt.NDArray[np.float64]

_BOARD: Final[Spec] = ("board", -(1 << 62), 1 << 62, "whole numbers (board numbers)")
_NS_SCORE: Final[Spec] = (
    "ns_score",
    -(1 << 31),
    (1 << 31) - 1,
    "whole numbers of at most 32 bits",
)
_EXPECTED: Final[Spec] = ("expected", 1, (1 << 31) - 1, "a whole number of results, 1 or more")
_MARGIN: Final = IMP_THRESHOLDS[-1]
"""Room left around each board's scores in the sort keys: a key plus or minus any IMP threshold
stays among its own board's keys (cross-IMPs search for them)."""


class _Field:
    """The rows, each board given a slot 0, 1, ... (its number less the lowest, or its rank).

    ``slot`` is each row's board slot and ``counts`` each slot's number of rows (0 for a board
    number between others that has no row). Board-wide sums, minima and maxima are then
    ``np.add.at`` and friends, in input order; :meth:`sort` orders the rows by board and score
    for what needs ranks.
    """

    def __init__(self, board: npt.ArrayLike, ns_score: npt.ArrayLike) -> None:
        boards, scores = column(board, _BOARD), column(ns_score, _NS_SCORE)
        n = _rows(boards, scores)
        check_all(boards, _BOARD)
        check_all(scores, _NS_SCORE)
        b = np.broadcast_to(np.asarray(boards, np.int64), (n,))
        self.n = n
        self.scores: _Int64 = np.broadcast_to(np.asarray(scores, np.int64), (n,))
        self.slot: npt.NDArray[np.intp]
        if n and int(b.max()) - int(b.min()) < 2 * n + 1024:
            self.slot = (b - b.min()).astype(np.intp)
        else:  # board numbers far apart: number the boards 0, 1, ... in order
            self.slot = np.unique(b, return_inverse=True)[1].reshape(-1).astype(np.intp)
        self.counts: _Int64 = np.bincount(self.slot, minlength=1 if n else 0).astype(np.int64)
        self.starts: _Int64 = np.cumsum(self.counts) - self.counts
        """Each slot's first row once sorted."""

    def sort(self) -> tuple[npt.NDArray[np.intp], _Int64, npt.NDArray[np.intp]]:
        """The order of the rows by board and score, their keys, and the sorted rows' slots.

        Each row's key is ``slot * span + score - lowest + margin``; when the row numbers fit in
        the key's spare low bits, one sort of ``key << bits | row`` (faster than an argsort)
        gives both the order and the sorted keys.
        """
        n, s = self.n, self.scores
        low = int(s.min())
        span = int(s.max()) - low + 1 + 2 * _MARGIN
        keys = self.slot.astype(np.int64) * span + (s - (low - _MARGIN))
        bits = max(n - 1, 1).bit_length()
        if len(self.counts) * span << bits < 1 << 63:
            packed = np.sort((keys << bits) | np.arange(n, dtype=np.int64))
            order = (packed & ((1 << bits) - 1)).astype(np.intp)
            keys = packed >> bits
        else:  # scores billions apart in a big field: the keys need all 63 bits
            order = np.argsort(keys)
            keys = keys[order]
        return order, keys, (keys // span).astype(np.intp)

    def unsort(self, order: npt.NDArray[np.intp], sorted_values: _Int64) -> _Int64:
        """Values of the sorted rows, back in the order of the input rows."""
        out = np.empty_like(sorted_values)
        out[order] = sorted_values
        return out

    def expected(self, expected: Expected) -> _Int64:
        """Each slot's expected number of results.

        :raises BatchError: for a bad ``expected``, or a board with more results than it.
        """
        if expected is None:
            return self.counts
        if isinstance(expected, str):
            if expected != "most":
                raise BatchError(
                    f"got {expected!r}; expected None, 'most', a number of results or a column "
                    "of them",
                    column="expected",
                )
            return np.full(len(self.counts), self.counts.max(initial=0), np.int64)
        given = column(expected, _EXPECTED)
        if not given.ndim:
            wanted = np.full(len(self.counts), int(given), np.int64)
        else:
            _rows(given, self.scores)
            check_all(given, _EXPECTED)
            by_row = np.asarray(given, np.int64)
            first = np.full(len(self.counts), max(self.n - 1, 0), np.intp)
            np.minimum.at(first, self.slot, np.arange(self.n))
            wanted = by_row[first] if self.n else np.zeros(0, np.int64)
            differs = np.flatnonzero(by_row != wanted[self.slot])
            if len(differs):
                row = int(differs[0])
                board_first = int(first[self.slot[row]])
                raise BatchError(
                    f"got {int(by_row[row])}, but row {board_first} of the same board has "
                    f"{int(by_row[board_first])}; expected the same number on every row of a board",
                    row,
                    "expected",
                )
        over = np.flatnonzero((self.counts > wanted)[self.slot])
        if len(over):
            row, slot = int(over[0]), self.slot[over[0]]
            raise BatchError(
                f"the board of this row has {int(self.counts[slot])} results but expects only "
                f"{int(wanted[slot])}",
                row,
                "expected",
            )
        return wanted


def _rows(*columns: _Array) -> int:
    """The number of rows; columns of different lengths name the first row one of them lacks."""
    lengths = [len(c) for c in columns if c.ndim]
    if len(set(lengths)) > 1:
        raise BatchError(
            f"the columns have different lengths: {sorted(set(lengths))}", row=min(lengths)
        )
    return lengths[0] if lengths else 1


def _runs(keys: _Int64) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The runs of equal sorted keys (one score on one board): where each starts, and each
    row's run.

    >>> _runs(np.array([3, 3, 5, 8, 8, 8]))
    (array([0, 2, 3]), array([0, 0, 1, 2, 2, 2]))
    """
    new_run = np.empty(len(keys), np.bool_)
    new_run[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=new_run[1:])
    run: npt.NDArray[np.intp] = np.cumsum(new_run, dtype=np.intp) - 1
    return np.flatnonzero(new_run), run


def matchpoints_many(
    board: npt.ArrayLike, ns_score: npt.ArrayLike, *, expected: Expected = None
) -> tuple[_Float64, _Float64]:
    """NS and EW matchpoints (MP1: 2 a score beaten, 1 a tie) of each result within its board.

    A board with fewer results than ``expected`` is Neuberg-scaled, ``(s + 1) N / n - 1``,
    computed as one division of whole numbers, so each value is the float nearest the exact
    rational, as in :func:`bridgescore.duplicate.matchpoints`; the two are equal with ``==``.

    >>> ns, ew = matchpoints_many([7] * 7, [420, 420, 450, 170, -50, 420, 620])
    >>> ns.tolist(), ew.tolist()
    ([6.0, 6.0, 10.0, 2.0, 0.0, 6.0, 12.0], [6.0, 6.0, 2.0, 10.0, 12.0, 6.0, 0.0])
    >>> matchpoints_many([1, 1, 2], [500, 400, 0], expected=3)[0].tolist()  # top 4 on each
    [3.5, 0.5, 2.0]

    :raises BatchError: for columns that are not whole numbers or differ in length, a bad
        ``expected``, or a board with more results than expected (naming the first bad row).
    """
    field = _Field(board, ns_score)
    big_n = field.expected(expected)
    n = field.n
    if n == 0:
        return np.zeros(0), np.zeros(0)
    order, keys, slot = field.sort()
    run_starts, run = _runs(keys)
    ties = np.diff(run_starts, append=n)[run] - 1
    beaten = run_starts[run] - field.starts[slot]
    mp1 = field.unsort(order, 2 * beaten + ties)
    played = field.counts[field.slot]
    scaled_to = big_n[field.slot]
    # Neuberg: S = (MP1 + 1) N / n - 1 = ((MP1 + 1) N - n) / n, which is MP1 when N = n. The
    # numerators and n are whole numbers below 2**53, so the float division rounds the exact
    # rational once, as float(Fraction) does.
    numerator = (mp1 + 1) * scaled_to - played
    ns: _Float64 = numerator / played
    ew: _Float64 = (2 * (scaled_to - 1) * played - numerator) / played
    return ns, ew


def butler_many(
    board: npt.ArrayLike,
    ns_score: npt.ArrayLike,
    *,
    drop: int | str = 1,
    rounding: Rounding = "half-even",
) -> tuple[_Int64, npt.NDArray[np.int8]]:
    """Each result's board datum and its NS IMPs against it (Butler; SCORING.md §7.1).

    The datum is the mean NS score of the board without its ``drop`` highest and lowest (a
    number, or a percentage such as ``'5%'``; never so many that nothing is left), rounded to
    the ten by ``rounding``, worked out in whole numbers, exactly as
    :func:`bridgescore.duplicate.datum`. Both arrays have one value a row: ``datum`` repeats the
    board's on each of its rows (``np.unique(board, return_index=True)`` picks one a board).
    EW's IMPs are NS's negated. Dropping at most one score at each end needs no sort: a board's
    sum, lowest and highest score are enough.

    >>> datum, imps = butler_many([4] * 4, [800, 470, 380, -300])
    >>> datum.tolist(), imps.tolist()
    ([420, 420, 420, 420], [9, 2, -1, -12])
    >>> butler_many([4] * 4, [800, 470, 380, -300], rounding="half-up")[0][0]
    np.int64(430)

    :raises BatchError: for columns that are not whole numbers or differ in length (naming the
        first bad row).
    :raises RulesError: for a bad ``drop`` or ``rounding``.
    """
    if rounding not in ("half-even", "half-up"):
        raise RulesError(f"unknown rounding {rounding!r}; expected 'half-even' or 'half-up'")
    dropped_count(1, drop)  # check it even for no rows
    field = _Field(board, ns_score)
    if field.n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int8)
    counts, s, slot = field.counts, field.scores, field.slot
    sizes, which = np.unique(counts, return_inverse=True)
    k = np.array([dropped_count(int(size), drop) if size else 0 for size in sizes], np.int64)
    k = k[which.reshape(-1)]
    total = np.zeros(len(counts), np.int64)
    if k.max() <= 1:  # the sum less, where one is dropped at each end, the lowest and highest
        np.add.at(total, slot, s)
        if k.max():
            lowest = np.full(len(counts), 1 << 62, np.int64)
            highest = np.full(len(counts), -(1 << 62), np.int64)
            np.minimum.at(lowest, slot, s)
            np.maximum.at(highest, slot, s)
            total -= np.where(k == 1, lowest + highest, 0)
    else:  # the sorted scores' running sum, between the kth from each end of each board
        order, _, _ = field.sort()
        running = np.concatenate([np.zeros(1, np.int64), np.cumsum(s[order])])
        total = running[field.starts + counts - k] - running[field.starts + k]
    kept = np.maximum(counts - 2 * k, 1)  # 1 for a board number with no rows: datum 0, unused
    datum = _round_to_ten(total, kept, rounding)[slot]
    return datum, _imps(s - datum)


def _round_to_ten(total: _Int64, count: _Int64, rounding: Rounding) -> _Int64:
    """``total / count`` to the nearest 10, in whole numbers: a half to even, or away from zero.

    >>> _round_to_ten(np.array([850, -850, 860]), np.array([2, 2, 2]), "half-even").tolist()
    [420, -420, 430]
    >>> _round_to_ten(np.array([850, -850]), np.array([2, 2]), "half-up").tolist()
    [430, -430]
    """
    tens = 10 * count
    if rounding == "half-even":
        quotient, remainder = np.divmod(total, tens)  # floor: 0 <= remainder < tens
        twice = 2 * remainder
        up = (twice > tens) | ((twice == tens) & (quotient % 2 == 1))
        even: _Int64 = 10 * (quotient + up)
        return even
    quotient, remainder = np.divmod(np.abs(total), tens)
    away: _Int64 = 10 * np.sign(total) * (quotient + (2 * remainder >= tens))
    return away


_IMPS_BY_DIFFERENCE: Final = imps_many(np.arange(_MARGIN + 1))
"""The IMPs for each difference from 0 to 4,000 (24 IMPs from there on), from :func:`imps_many`."""


def _imps(difference: _Int64) -> npt.NDArray[np.int8]:
    """:func:`bridgescore.batch.imps_many` for checked ``int64`` differences, by table look-up.

    >>> _imps(np.array([250, -450, 10, 15, 7600])).tolist()
    [6, -10, 0, 0, 24]
    """
    steps = _IMPS_BY_DIFFERENCE[np.minimum(np.abs(difference), _MARGIN)]
    result: npt.NDArray[np.int8] = np.where(difference < 0, -steps, steps)
    return result


def cross_imps_many(
    board: npt.ArrayLike,
    ns_score: npt.ArrayLike,
    *,
    divisor: Divisor = "n-1",
    expected: Expected = None,
) -> _Float64:
    """NS cross-IMPs: each result IMPed against every other on its board (SCORING.md §7.2).

    ``divisor`` and ``expected`` as in :func:`bridgescore.duplicate.cross_imps` (with
    ``expected`` also taking the forms above); EW's are NS's negated. The sum over the other
    results is counted threshold by threshold of the IMP scale (how many scores of the board
    lie at least 20, 50, ... below and above), by binary search in the sorted rows, so a board
    of ``n`` results costs ``n log n``, not ``n²``.

    >>> cross_imps_many([1] * 6 + [2] * 2, [420, 450, -100, -200, 400, 590, 400, -50]).tolist()
    [3.6, 4.4, -8.4, -10.4, 3.0, 7.8, 10.0, -10.0]

    :raises BatchError: as :func:`matchpoints_many`.
    :raises RulesError: for a bad ``divisor``.
    """
    if divisor not in ("n-1", "n", "raw"):
        raise RulesError(f"unknown cross-IMP divisor {divisor!r}; expected 'n-1', 'n' or 'raw'")
    field = _Field(board, ns_score)
    big_n = field.expected(expected)
    if field.n == 0:
        return np.zeros(0)
    order, keys, slot = field.sort()
    # Each run of equal scores on a board once: its key, and the sorted rows before it.
    starts, run = _runs(keys)
    run_keys = keys[starts]
    rows_before = np.append(starts, field.n)
    first = field.starts[slot[starts]]
    after = first + field.counts[slot[starts]]
    raw_of_run = np.zeros(len(starts), np.int64)
    for threshold in IMP_THRESHOLDS:  # 24 steps; within a step every board at once
        below = rows_before[np.searchsorted(run_keys, run_keys - threshold, side="right")]
        above = rows_before[np.searchsorted(run_keys, run_keys + threshold, side="left")]
        raw_of_run += (below - first) - (after - above)
    raw = field.unsort(order, raw_of_run[run])
    played = field.counts[field.slot]
    value: _Float64
    if divisor == "raw":
        value = raw.astype(np.float64)
    elif divisor == "n":
        value = raw / played
    else:  # raw × N / (m (N - 1)), the exact rational rounded once; 0 for a board of one
        scaled_to = big_n[field.slot]
        denominator = played * (scaled_to - 1)
        value = np.where(denominator > 0, raw * scaled_to, 0) / np.maximum(denominator, 1)
    return value


_Points = dict[int, tuple[list[float], list[float]]]


def score_section_fast(section: Section, session: SessionRules | None = None) -> SectionScores:
    """:func:`bridgescore.duplicate.session.score_section`, with every board scored at once by
    numpy.

    The same :class:`~bridgescore.duplicate.session.SectionScores`, value for value; the real
    results go through :func:`matchpoints_many`, :func:`butler_many` or :func:`cross_imps_many`, the
    artificial ones get their awards as in the pure path.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import BoardResult, Section, score_section
    >>> s = Section("A", "mitchell", results=[
    ...     BoardResult(1, 1, 1, Result.parse("4SS=")), BoardResult(1, 2, 2, Result.parse("4SS+1")),
    ...     BoardResult(1, 3, 3, Result.parse("3NTS="))])
    >>> score_section_fast(s).rankings == score_section(s).rankings
    True

    :raises BatchError: for a score that is not a whole number of at most 32 bits.
    :raises RulesError: for a bad ``drop``, ``rounding`` or ``divisor`` of the session.
    """
    return score_section_with(section, session or Session(), _field_points)


def _field_points(
    scores: Mapping[int, list[BoardScore]], expected: int, session: SessionRules
) -> _Points:
    """Every board's NS and EW points, the real results scored in one call.

    A board with a weighted score (Law 12C1(c)) is scored by the pure path on its own: its
    figures are averages over its weighted results, which the columns cannot hold.
    """
    weighted = {
        number: points_of_board(board_scores, expected, session)
        for number, board_scores in scores.items()
        if any(isinstance(s, WeightedScore) for s in board_scores)
    }
    boards: list[int] = []
    real: list[int] = []
    for number, board_scores in scores.items():
        for s in board_scores:
            if isinstance(s, int) and number not in weighted:
                boards.append(number)
                real.append(s)
    ns: list[float]
    ew: list[float]
    imps_of = session.artificial.imps_of
    percent = session.artificial.percent
    full = Fraction(top(expected))
    if session.method == "mp":
        ns_mp, ew_mp = matchpoints_many(boards, real, expected=max(expected, 1))
        ns, ew = ns_mp.tolist(), ew_mp.tolist()
    elif session.method == "butler":
        imps = butler_many(boards, real, drop=session.drop, rounding=session.rounding)[1]
        ns_imps: list[int] = imps.tolist()
        ns, ew = [float(i) for i in ns_imps], [float(-i) for i in ns_imps]
    else:
        cross = cross_imps_many(boards, real, divisor=session.divisor, expected=max(expected, 1))
        ns, ew = cross.tolist(), (-cross).tolist()  # -0.0 where NS has 0.0, as the pure path

    def award(s: Adjusted) -> tuple[float, float]:
        """An artificial score's points for NS and EW, as :mod:`bridgescore.duplicate` gives."""
        if session.method == "mp":
            return float(full * percent(s.ns) / 100), float(full * percent(s.ew) / 100)
        return float(imps_of(s.ns)), float(imps_of(s.ew))

    points: _Points = defaultdict(lambda: ([], []))
    row = 0
    for number, board_scores in scores.items():
        if number in weighted:
            points[number] = weighted[number]
            continue
        ns_points, ew_points = points[number]
        for s in board_scores:
            if isinstance(s, Adjusted):
                a, b = award(s)
            else:  # a plain score: boards with weighted ones were scored above
                a, b = ns[row], ew[row]
                row += 1
            ns_points.append(a)
            ew_points.append(b)
    return dict(points)
