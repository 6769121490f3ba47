"""A section's checks of its results made at once, by the C loops of sets, ``zip`` and
``map`` over whole columns (a file's session has 100,000 results): each says only whether
the results are clean, or which few need a look; :class:`~._model.Section` then runs its
own loop where one is not, and that loop says what is wrong, as before."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import compress, repeat
from operator import add, and_, attrgetter, eq, lt, mul, xor
from typing import Final, Protocol, cast

from bridgescore.model import Contract, Result, Seat

__all__ = ["declared_alone", "pairs_clean", "unique"]

_KEY: Final = attrgetter("board", "ns", "ew")
_BOARD: Final = attrgetter("board")
_NS: Final = attrgetter("ns")
_EW: Final = attrgetter("ew")
_ROUND: Final = attrgetter("round")
_RESULT: Final = attrgetter("result")
_NS_SEATS: Final = (Seat.NORTH, Seat.SOUTH)


class _Row(Protocol):
    """What these checks read of a :class:`~._model.BoardResult`."""

    @property
    def board(self) -> int: ...
    @property
    def ns(self) -> int: ...
    @property
    def ew(self) -> int: ...
    @property
    def round(self) -> int | None: ...
    @property
    def result(self) -> Result | None: ...


def unique(results: Sequence[_Row]) -> bool:
    """Whether no table (board, NS, EW) has two results.

    >>> from types import SimpleNamespace as R
    >>> unique([R(board=1, ns=1, ew=2), R(board=1, ns=1, ew=2)])
    False
    """
    return len(set(map(_KEY, results))) == len(results)


def pairs_clean(results: Sequence[_Row], mitchell: bool) -> bool:
    """Whether no pair plays a board twice (nor against itself, in a Howell) and none sits
    at two tables in a round, among results with no table twice (:func:`unique`).

    >>> from types import SimpleNamespace as R
    >>> rows = [R(board=1, ns=1, ew=2, round=1), R(board=2, ns=1, ew=3, round=1)]
    >>> pairs_clean(rows[:1], True), pairs_clean(rows, True), pairs_clean(rows, False)
    (True, False, False)
    """
    n = len(results)
    boards, ns, ew = list(map(_BOARD, results)), list(map(_NS, results)), list(map(_EW, results))
    if mitchell:
        if _distinct(boards, ns) != n or _distinct(boards, ew) != n:
            return False
    elif len(set(zip(boards + boards, ns + ew, strict=True))) != 2 * n:
        return False
    rounds = list(map(_ROUND, results))
    if rounds.count(None) == n:
        return True
    tables = set(zip(rounds, ns, ew, strict=True))
    if None in rounds:
        tables = {t for t in tables if t[0] is not None}
    if not tables:
        return True
    t_rounds, t_ns, t_ew = zip(*tables, strict=True)
    if mitchell:
        return _distinct(t_rounds, t_ns) == len(tables) == _distinct(t_rounds, t_ew)
    return len(set(zip(t_rounds + t_rounds, t_ns + t_ew, strict=True))) == 2 * len(tables)


def _distinct(first: Sequence[object], second: Sequence[object]) -> int:
    """How many distinct pairs of ``first`` and ``second`` (of one length) there are.

    >>> _distinct([1, 1, 2], [3, 3, 3]), _distinct([1, "1"], [0, 0])
    (2, 2)
    """
    if first and _naturals(second) and set(map(type, first)) == {int}:
        # each pair one int (hashed at once): first * width + second, second in [0, width)
        ints, naturals = cast(Sequence[int], first), cast(Sequence[int], second)
        width = max(naturals) + 1
        return len(set(map(add, map(mul, ints, repeat(width)), naturals)))
    return len(set(zip(first, second, strict=True)))


def _naturals(values: Sequence[object]) -> bool:
    """Whether ``values`` are ints from 0 (no bool, no other number)."""
    return set(map(type, values)) == {int} and min(cast(Sequence[int], values)) >= 0


def declared_alone(results: Sequence[_Row]) -> list[tuple[int, int, int]]:
    """The results whose contract is declared by their side here only but by the other side
    at two or more other tables of the board: each as (its index, 0 for NS or 1 for EW, the
    other side's count), by board in the order the boards first appear, then in order.

    >>> from types import SimpleNamespace as R
    >>> rows = [R(board=1, result=Result.parse(text)) for text in ("4SN=", "4SE-1", "4SW=")]
    >>> declared_alone(rows)
    [(0, 0, 2)]
    """
    played = list(map(_RESULT, results))
    ids = list(map(id, played))
    contracts: dict[tuple[int, str, str], int] = {}
    code: dict[int, int] = {}
    for i, result in dict(zip(ids, played, strict=True)).items():  # each distinct value once
        if result is None or not isinstance(result.contract, Contract) or not result.declarer:
            code[i] = 0  # counted apart from every contract, never flipped to one (1)
            continue
        c = result.contract
        key = (c.level, c.strain._value_, c.doubling._value_)  # plain: hashed at once
        side = 0 if result.declarer in _NS_SEATS else 1
        code[i] = 2 * contracts.setdefault(key, len(contracts)) + 2 + side
    boards, codes = list(map(_BOARD, results)), list(map(code.__getitem__, ids))
    width = 2 * len(contracts) + 2  # even: a code's last bit is its side
    if boards and set(map(type, boards)) == {int} and min(boards) >= 0:
        # each (board, code) one int (hashed at once): board * width + code
        keys: list[object] = list(map(add, map(mul, boards, repeat(width)), codes))
        flipped: Iterable[object] = map(xor, keys, repeat(1))
    else:
        keys = list(zip(boards, codes, strict=True))
        flipped = zip(boards, map(xor, codes, repeat(1)), strict=True)
    counts = Counter(keys)
    own, other = list(map(counts.get, keys)), list(map(counts.get, flipped, repeat(0)))
    flags = list(map(and_, map(eq, own, repeat(1)), map(lt, repeat(1), other)))
    if not any(flags):
        return []
    first = dict(zip(reversed(boards), range(len(boards) - 1, -1, -1), strict=True))
    found = sorted(compress(range(len(boards)), flags), key=lambda i: (first[boards[i]], i))
    return [(i, codes[i] & 1, other[i]) for i in found]
