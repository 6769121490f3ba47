"""Score a whole field at once: matchpoints, Butler and cross-IMPs of many boards, from flat columns.

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
score a whole :class:`~bridgescore.session.Section` with :func:`score_section_fast`, which
does exactly that.

**Expected results** (``expected``, matchpoints and cross-IMPs): a board with fewer results than
expected is scaled to the top of the expected number (the Neuberg formula, SCORING.md §5.2; EBU
White Book 4.2.4 for cross-IMPs). ``None`` scores each board to its own number of results;
an ``int`` expects that many on every board; ``"most"`` expects the count of the most-played
board, as :func:`bridgescore.session.score_section` does; a column (one value a row, the same on
every row of a board) gives each board its own.

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

from bridgescore.batch import _IMP_STEPS, _check_all, _column, _Spec
from bridgescore.duplicate import Adjusted, BoardScore, Divisor, Rounding, _dropped, top
from bridgescore.errors import BatchError, RulesError
from bridgescore.scoring import IMP_THRESHOLDS
from bridgescore.session import Section, SectionScores, Session, _score_section

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

_BOARD: Final[_Spec] = ("board", -(1 << 62), 1 << 62, "whole numbers (board numbers)")
_NS_SCORE: Final[_Spec] = (
    "ns_score",
    -(1 << 31),
    (1 << 31) - 1,
    "whole numbers of at most 32 bits",
)
_EXPECTED: Final[_Spec] = ("expected", 1, (1 << 31) - 1, "a whole number of results, 1 or more")
_MARGIN: Final = IMP_THRESHOLDS[-1]
"""Room left around each board's scores in the sort keys: a key plus or minus any IMP threshold
stays among its own board's keys (cross-IMPs search for them)."""


class _Field:
    """The rows sorted by board and NS score, with each board's group of rows.

    Every row gets one ``int64`` key, ``board slot * span + score - lowest + margin``, so that
    one sort orders the rows by board and then by score; when the row numbers fit in the key's
    spare low bits, a plain sort of ``key << bits | row`` (faster than an argsort) gives the
    order. ``group`` is each sorted row's board (0, 1, ...), ``starts`` and ``counts`` each
    board's first sorted row and its number of rows.
    """

    def __init__(self, board: npt.ArrayLike, ns_score: npt.ArrayLike) -> None:
        boards, scores = _column(board, _BOARD), _column(ns_score, _NS_SCORE)
        n = _rows(boards, scores)
        _check_all(boards, _BOARD)
        _check_all(scores, _NS_SCORE)
        b = np.broadcast_to(np.asarray(boards, np.int64), (n,))
        s = np.broadcast_to(np.asarray(scores, np.int64), (n,))
        self.n = n
        self.scores_in = s
        if n == 0:
            empty = np.zeros(0, np.intp)
            self.order, self.keys, self.scores = empty, np.zeros(0, np.int64), np.zeros(0, np.int64)
            self.group, self.starts, self.counts = empty, empty, empty
            return
        low, high = int(s.min()), int(s.max())
        span = high - low + 1 + 2 * _MARGIN
        first, last = int(b.min()), int(b.max())
        if (last - first + 1) * span < 1 << 62:
            slot = b - first
        else:  # board numbers too far apart for the key: number the boards 0, 1, ...
            slot = np.unique(b, return_inverse=True)[1].reshape(-1).astype(np.int64)
        keys = slot * span + (s - (low - _MARGIN))
        bits = max(n - 1, 1).bit_length()
        if (int(keys.max()) + 1) << bits < 1 << 63:
            packed = np.sort((keys << bits) | np.arange(n, dtype=np.int64))
            self.order = (packed & ((1 << bits) - 1)).astype(np.intp)
            self.keys = packed >> bits
        else:  # pragma: no cover - needs more rows than memory holds
            self.order = np.argsort(keys, kind="stable")
            self.keys = keys[self.order]
        self.scores = s[self.order]
        new_board = np.empty(n, np.bool_)
        new_board[0] = True
        sorted_slots = self.keys // span
        np.not_equal(sorted_slots[1:], sorted_slots[:-1], out=new_board[1:])
        self.group = np.cumsum(new_board, dtype=np.intp) - 1
        self.starts = np.flatnonzero(new_board)
        self.counts = np.diff(self.starts, append=n)

    def unsort(self, sorted_values: _Array) -> _Array:
        """Values of the sorted rows, back in the order of the input rows."""
        out = np.empty_like(sorted_values)
        out[self.order] = sorted_values
        return out

    def first_rows(self) -> npt.NDArray[np.intp]:
        """Each board's first input row (the lowest row number)."""
        first: npt.NDArray[np.intp] = np.minimum.reduceat(self.order, self.starts)
        return first

    def expected(self, expected: Expected) -> _Int64:
        """Each board's expected number of results.

        :raises BatchError: for a bad ``expected``, or a board with more results than it.
        """
        if expected is None:
            return self.counts.astype(np.int64)
        if isinstance(expected, str):
            if expected != "most":
                raise BatchError(
                    f"got {expected!r}; expected None, 'most', a number of results or a column "
                    "of them",
                    column="expected",
                )
            return np.full(len(self.counts), self.counts.max(initial=0), np.int64)
        column = _column(expected, _EXPECTED)
        if not column.ndim:
            wanted = np.full(len(self.counts), int(column), np.int64)
        elif self.n:
            _rows(column, self.scores_in)
            _check_all(column, _EXPECTED)
            by_row = np.asarray(column, np.int64)
            first = self.first_rows()
            wanted = by_row[first]
            differs = by_row[self.order] != wanted[self.group]
            if differs.any():
                row = int(self.order[differs].min())
                board_first = int(first[self.group[self.order == row]][0])
                raise BatchError(
                    f"got {int(by_row[row])}, but row {board_first} of the same board has "
                    f"{int(by_row[board_first])}; expected the same number on every row of a board",
                    row,
                    "expected",
                )
        else:
            _rows(column, self.scores_in)
            wanted = np.zeros(0, np.int64)
        over = self.counts > wanted
        if over.any():
            first = self.first_rows()
            row = int(first[over].min())
            board = int(np.flatnonzero(first == row)[0])
            raise BatchError(
                f"the board of this row has {int(self.counts[board])} results but expects only "
                f"{int(wanted[board])}",
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
    new_run = np.empty(n, np.bool_)
    new_run[0] = True
    np.not_equal(field.keys[1:], field.keys[:-1], out=new_run[1:])
    run_starts = np.flatnonzero(new_run)
    run = np.cumsum(new_run, dtype=np.intp) - 1
    ties = np.diff(run_starts, append=n)[run] - 1
    group = field.group
    beaten = run_starts[run] - field.starts[group]
    played = field.counts.astype(np.int64)[group]
    scaled_to = big_n[group]
    # MP1 = 2 beaten + ties; Neuberg: S = (MP1 + 1) N / n - 1 = ((MP1 + 1) N - n) / n (exactly
    # MP1 when N = n). Numerator and denominator are whole numbers below 2**53, so the float
    # division rounds the exact rational once, as float(Fraction) does.
    numerator = (2 * beaten + ties + 1) * scaled_to - played
    ew_numerator = 2 * (scaled_to - 1) * played - numerator
    ns = field.unsort(numerator / played)
    ew = field.unsort(ew_numerator / played)
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
    EW's IMPs are NS's negated.

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
    _dropped(1, drop)  # check it even for no rows
    field = _Field(board, ns_score)
    if field.n == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int8)
    counts, starts = field.counts, field.starts
    sizes, which = np.unique(counts, return_inverse=True)
    k = np.array([_dropped(int(size), drop) for size in sizes], np.intp)[which.reshape(-1)]
    running = np.concatenate([np.zeros(1, np.int64), np.cumsum(field.scores)])
    total = running[starts + counts - k] - running[starts + k]
    kept = (counts - 2 * k).astype(np.int64)
    datum = field.unsort(_round_to_ten(total, kept, rounding)[field.group])
    return datum, _imps(field.scores_in - datum)


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
        return 10 * (quotient + up)
    quotient, remainder = np.divmod(np.abs(total), tens)
    return 10 * np.sign(total) * (quotient + (2 * remainder >= tens))


def _imps(difference: _Int64) -> npt.NDArray[np.int8]:
    """:func:`bridgescore.batch.imps_many` for checked ``int64`` differences."""
    steps = np.searchsorted(_IMP_STEPS, np.abs(difference), side="right").astype(np.int8)
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
    keys, group = field.keys, field.group
    first = field.starts[group]
    after = first + field.counts[group]
    raw = np.zeros(field.n, np.int64)
    for threshold in IMP_THRESHOLDS:  # 24 steps; within a step every board at once
        below = np.searchsorted(keys, keys - threshold, side="right") - first
        above = after - np.searchsorted(keys, keys + threshold, side="left")
        raw += below - above
    played = field.counts.astype(np.int64)[group]
    if divisor == "raw":
        value = raw.astype(np.float64)
    elif divisor == "n":
        value = raw / played
    else:  # raw × N / (m (N - 1)), exactly rounded once; 0 for a board of one
        scaled_to = big_n[group]
        denominator = played * (scaled_to - 1)
        value = np.where(denominator > 0, raw * scaled_to, 0) / np.maximum(denominator, 1)
    return field.unsort(value)


_Points = dict[int, tuple[list[float], list[float]]]


def score_section_fast(section: Section, session: Session | None = None) -> SectionScores:
    """:func:`bridgescore.session.score_section`, with every board scored at once by numpy.

    The same :class:`~bridgescore.session.SectionScores`, value for value; the real results
    go through :func:`matchpoints_many`, :func:`butler_many` or :func:`cross_imps_many`, the
    artificial ones get their awards as in the pure path.

    >>> from bridgescore import Result
    >>> from bridgescore.session import BoardResult, Section, score_section
    >>> s = Section("A", "mitchell", results=[
    ...     BoardResult(1, 1, 1, Result.parse("4SS=")), BoardResult(1, 2, 2, Result.parse("4SS+1")),
    ...     BoardResult(1, 3, 3, Result.parse("3NTS="))])
    >>> score_section_fast(s).rankings == score_section(s).rankings
    True

    :raises BatchError: for a score that is not a whole number of at most 32 bits.
    :raises RulesError: for a bad ``drop``, ``rounding`` or ``divisor`` of the session.
    """
    return _score_section(section, session or Session(), _field_points)


def _field_points(
    scores: Mapping[int, list[BoardScore]], expected: int, session: Session
) -> _Points:
    """Every board's NS and EW points, the real results scored in one call."""
    boards: list[int] = []
    real: list[int] = []
    for number, board_scores in scores.items():
        for s in board_scores:
            if not isinstance(s, Adjusted):
                boards.append(number)
                real.append(s)
    ns: list[float]
    ew: list[float]
    if session.method == "mp":
        ns_mp, ew_mp = matchpoints_many(boards, real, expected=max(expected, 1))
        ns, ew = ns_mp.tolist(), ew_mp.tolist()
        full = Fraction(top(expected))

        def award(s: Adjusted) -> tuple[float, float]:
            percent = session.artificial.percent
            return float(full * percent(s.ns) / 100), float(full * percent(s.ew) / 100)

    elif session.method == "butler":
        imps = butler_many(boards, real, drop=session.drop, rounding=session.rounding)[1]
        ns_imps: list[int] = imps.tolist()
        ns = [float(i) for i in ns_imps]
        ew = [float(-i) for i in ns_imps]

        def award(s: Adjusted) -> tuple[float, float]:
            imps_of = session.artificial.imps_of
            return float(imps_of(s.ns)), float(imps_of(s.ew))

    else:
        cross = cross_imps_many(boards, real, divisor=session.divisor, expected=max(expected, 1))
        ns = cross.tolist()
        ew = (-cross).tolist()

        def award(s: Adjusted) -> tuple[float, float]:
            imps_of = session.artificial.imps_of
            return float(imps_of(s.ns)), float(imps_of(s.ew))

    points: _Points = defaultdict(lambda: ([], []))
    row = 0
    for number, board_scores in scores.items():
        ns_points, ew_points = points[number]
        for s in board_scores:
            if isinstance(s, Adjusted):
                a, b = award(s)
            else:
                a, b = ns[row], ew[row]
                row += 1
            ns_points.append(a)
            ew_points.append(b)
    return dict(points)
