"""Dealing to order: millions of random deals a second, kept when they meet a condition.

:func:`deal_where` deals until it has ``count`` deals that meet a condition, given as text
(:mod:`bridgescore.boards.condition`: ``"hcp(N) in 15..17 and balanced(N)"``) or as a Python
function of a :class:`DealBatch` that returns one bool a deal:

>>> from bridgescore import batch
>>> deals = batch.deal_where("hcp(N) in 15..17 and balanced(N) and spades(S) >= 5", 3, seed=1)
>>> [(d.hands[0].points, len(d.hands[2].spades) >= 5) for d in deals]
[(16, True), (16, True), (15, True)]
>>> strong = batch.deal_where(lambda b: (b.hcp("NS") >= 30) & (b.ltc("N") <= 5), 2, seed=1)
>>> [d.hands[0].points + d.hands[2].points >= 30 for d in strong]
[True, True]

**How deals are made.** A block of deals is dealt at once: each of the 52 cards gets a random
16-bit key, and each deal's keys are sorted (numpy's vectorised sort of short rows of 32-bit
numbers); a card goes to North when its key is among the 13 smallest, to East among the next
13, and so on. Comparing the keys, in suit order (16 a suit: the 13 cards' and 3 larger than
any key, never dealt), with the 13th, 26th and 39th smallest gives each hand's cards as four
13-bit suit masks (bit 12 the ace, bit 0 the two), packed 8 cards to a byte by one
multiplication. Any card is equally likely to get any key, so every deal is equally likely;
a deal whose 13th and 14th (or 26th and 27th, 39th and 40th) smallest keys are equal (about
one in 800) is dropped, which keeps that true: whether it is dropped does not depend on
which card holds which key. The random numbers are numpy's ``SFC64``
seeded with ``seed``: the same seed deals the same stream of deals (with this version of
bridgescore and numpy), and the answer is the first ``count`` of the stream that meet the
condition, whatever it is.

**The features** are looked up from the suit masks in tables of 8,192 entries (points,
length, controls, losers), one seat at a time, only for what the condition asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from bridgescore.boards.condition import (
    And,
    BoolNode,
    Compare,
    Condition,
    Feature,
    IntNode,
    Not,
    Number,
    Or,
    Shape,
    shapes,
)
from bridgescore.boards.deal import RANKS, Deal, Hand
from bridgescore.errors import DealingError
from bridgescore.model import Seat, Side

__all__ = ["BLOCK", "DealBatch", "DealingError", "deal_batches", "deal_where"]

BLOCK: Final = 1 << 15
"""Deals dealt at once (small enough for the CPU's cache)."""
MAX_DEALS: Final = 100_000_000
"""How many deals :func:`deal_where` deals at most before it gives up, by default."""

Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int16]
Predicate = Callable[["DealBatch"], "npt.ArrayLike"]


def _table(f: Callable[[int], int]) -> npt.NDArray[np.uint8]:
    return np.array([f(mask) for mask in range(1 << 13)], dtype=np.uint8)


def _ranks(mask: int) -> str:
    """The ranks of a suit mask, highest first (bit 12 is the ace)."""
    return "".join(RANKS[12 - bit] for bit in range(12, -1, -1) if mask >> bit & 1)


def _losers(mask: int) -> int:
    top = _ranks(mask)[:3]
    return len(top) - sum(1 for rank in top if rank in "AKQ"[: len(top)])


_LENGTH: Final = _table(int.bit_count)
_POINTS: Final = _table(
    lambda m: 4 * (m >> 12 & 1) + 3 * (m >> 11 & 1) + 2 * (m >> 10 & 1) + (m >> 9 & 1)
)
_CONTROLS: Final = _table(lambda m: 2 * (m >> 12 & 1) + (m >> 11 & 1))
_LOSERS: Final = _table(_losers)
_RANK_TEXT: Final = tuple(_ranks(m) for m in range(1 << 13))
_TABLES: Final = {"hcp": _POINTS, "controls": _CONTROLS, "ltc": _LOSERS}
_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
_MAGIC: Final = np.uint64(0x0102040810204080)
"""Multiplying 8 bytes of 0 or 1 by this gathers them, first byte lowest, in the top byte."""
_SHAPE_SIZE: Final = 14**4


def _shape_code(s: int, h: int, d: int, c: int) -> int:
    return ((s * 14 + h) * 14 + d) * 14 + c


def _who(who: str | Seat | Side | int) -> tuple[int, ...]:
    seats = tuple(Seat)
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who <= 3:
        return (who,)
    if isinstance(who, Seat):
        return (seats.index(who),)
    if isinstance(who, Side):
        return (0, 2) if who is Side.NS else (1, 3)
    if isinstance(who, str):
        text = who.strip().upper()
        found = {"N": (0,), "E": (1,), "S": (2,), "W": (3,), "NS": (0, 2), "EW": (1, 3)}
        if text in found:
            return found[text]
    raise DealingError(
        f"expected a seat (N E S W) or a side (NS EW), got {who!r}", field="seat", value=who
    )


def _seat(who: str | Seat | int) -> int:
    seats = _who(who)
    if len(seats) != 1:
        raise DealingError(f"expected a seat (N E S W), got {who!r}", field="seat", value=who)
    return seats[0]


@lru_cache(maxsize=64)
def _shape_table(shapes: frozenset[tuple[int, int, int, int]]) -> Bools:
    table = np.zeros(_SHAPE_SIZE, dtype=np.bool_)
    for shape in shapes:
        table[_shape_code(*shape)] = True
    return table


class DealBatch:
    """A block of deals as suit masks, with their features as numpy columns.

    ``masks[seat, suit]`` is a ``uint16`` column (seats N E S W, suits S H D C): bit 12 the ace
    ... bit 0 the two. Each method takes a seat (``"N"``, :class:`~bridgescore.Seat`) or, for
    the numbers, a side (``"NS"``, the sum of its hands), and returns one value a deal:

    >>> b = DealBatch.from_deals([Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 "
    ...                                      "8765.T98.AQ3.A84 43.764.J876.T653")])
    >>> b.hcp("N"), b.spades("S"), b.controls("NS"), b.ltc("N"), b.balanced("W")
    (array([15], dtype=int16), array([4], dtype=int16), array([8], dtype=int16), \
array([7], dtype=int16), array([ True]))
    """

    def __init__(self, masks: npt.NDArray[np.uint16]) -> None:
        if masks.ndim != 3 or masks.shape[:2] != (4, 4):
            raise DealingError("suit masks are an array of shape (4 seats, 4 suits, n deals)")
        self.masks = masks
        """The suit masks, shape (4 seats, 4 suits, n deals)."""
        self._cache: dict[tuple[str, int], Ints] = {}

    def __len__(self) -> int:
        return int(self.masks.shape[2])

    @classmethod
    def from_deals(cls, deals: list[Deal]) -> DealBatch:
        """The batch of these deals (every hand known)."""
        order = {rank: 12 - i for i, rank in enumerate(RANKS)}
        masks = np.zeros((4, 4, len(deals)), dtype=np.uint16)
        for k, deal in enumerate(deals):
            for seat, hand in enumerate(deal.hands):
                if hand is None:
                    raise DealingError("a deal in a batch has all four hands", field="deal")
                for suit, ranks in enumerate(hand.suits):
                    masks[seat, suit, k] = sum(1 << order[r] for r in ranks)
        return cls(masks)

    def _feature(self, name: str, seat: int) -> Ints:
        key = (name, seat)
        if key not in self._cache:
            if name in _TABLES:
                table = _TABLES[name]
                total = table[self.masks[seat, 0]].astype(np.int16)
                for suit in range(1, 4):
                    total += table[self.masks[seat, suit]]
            else:
                total = _LENGTH[self.masks[seat, _SUITS.index(name)]].astype(np.int16)
            self._cache[key] = total
        return self._cache[key]

    def feature(self, name: str, who: str | Seat | Side) -> Ints:
        """One of the numbers of :data:`bridgescore.boards.condition.FEATURES`, for a seat or
        side."""
        seats = _who(who)
        if len(seats) == 1:
            return self._feature(name, seats[0])
        return self._feature(name, seats[0]) + self._feature(name, seats[1])

    def hcp(self, who: str | Seat | Side) -> Ints:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return self.feature("hcp", who)

    def length(self, who: str | Seat | Side, suit: str) -> Ints:
        """The length of a suit (``"spades"`` or ``"S"`` ...)."""
        names = {s[0].upper(): s for s in _SUITS}
        name = names.get(suit.upper(), suit.lower())
        if name not in _SUITS:
            raise DealingError(f"expected a suit (S H D C), got {suit!r}", field="suit", value=suit)
        return self.feature(name, who)

    def spades(self, who: str | Seat | Side) -> Ints:
        """The length of spades."""
        return self.feature("spades", who)

    def hearts(self, who: str | Seat | Side) -> Ints:
        """The length of hearts."""
        return self.feature("hearts", who)

    def diamonds(self, who: str | Seat | Side) -> Ints:
        """The length of diamonds."""
        return self.feature("diamonds", who)

    def clubs(self, who: str | Seat | Side) -> Ints:
        """The length of clubs."""
        return self.feature("clubs", who)

    def controls(self, who: str | Seat | Side) -> Ints:
        """Controls: A 2, K 1."""
        return self.feature("controls", who)

    def ltc(self, who: str | Seat | Side) -> Ints:
        """The losing-trick count (see :mod:`bridgescore.boards.condition`)."""
        return self.feature("ltc", who)

    def shape_code(self, who: str | Seat | int) -> Ints:
        """The hand's shape as one number: ``((spades * 14 + hearts) * 14 + diamonds) * 14 +
        clubs``."""
        seat = _seat(who)
        s, h, d, c = (self._feature(name, seat) for name in _SUITS)
        return ((s * 14 + h) * 14 + d) * 14 + c

    def has_shape(
        self, who: str | Seat | int, shapes: frozenset[tuple[int, int, int, int]]
    ) -> Bools:
        """Whether the hand's suit lengths (spades first) are one of ``shapes``."""
        return _shape_table(shapes)[self.shape_code(who)]

    def shape(self, who: str | Seat, pattern: str) -> Bools:
        """Whether the hand has one of the shapes of a pattern: ``"any 4432 + 5xxx"``."""
        return self.has_shape(who, shapes(pattern))

    def balanced(self, who: str | Seat) -> Bools:
        """4333, 4432 or 5332."""
        return self.shape(who, "any 4333 + any 4432 + any 5332")

    def semibalanced(self, who: str | Seat) -> Bools:
        """No suit shorter than 2 or longer than 6."""
        return self.shape(who, "any 4333 + any 4432 + any 5332 + any 5422 + any 6322")

    def where(self, condition: Condition | str) -> Bools:
        """Which deals meet the condition."""
        tree = (condition if isinstance(condition, Condition) else Condition.parse(condition)).tree
        return self._holds(tree)

    def _value(self, node: IntNode) -> Ints:
        if isinstance(node, Number):
            return np.full(len(self), node.value, dtype=np.int16)
        if isinstance(node, Feature):
            seats = node.seats
            total = self._feature(node.name, seats[0])
            return total if len(seats) == 1 else total + self._feature(node.name, seats[1])
        total = np.zeros(len(self), dtype=np.int16)
        for sign, term in node.terms:
            total = total + self._value(term) if sign > 0 else total - self._value(term)
        return total

    def _holds(self, node: BoolNode) -> Bools:
        if isinstance(node, Shape):
            return self.has_shape(node.seat, node.shapes)
        if isinstance(node, Compare):
            left, right = self._side(node.left), self._side(node.right)
            out = _COMPARE[node.op](left, right)
            if np.ndim(out) == 0:  # two numbers written in the condition
                return np.full(len(self), bool(out), dtype=np.bool_)
            return out
        if isinstance(node, Not):
            return ~self._holds(node.operand)
        if isinstance(node, And | Or):
            out = self._holds(node.operands[0])
            for part in node.operands[1:]:
                out = out & self._holds(part) if isinstance(node, And) else out | self._holds(part)
            return out
        value = self._value(node.value)
        return (self._side(node.low) <= value) & (value <= self._side(node.high))

    def _side(self, node: IntNode) -> Ints | int:
        return node.value if isinstance(node, Number) else self._value(node)

    def deals(self, which: npt.ArrayLike | slice | None = None) -> list[Deal]:
        """The deals (those at the indexes or bool mask ``which``) as :class:`Deal` objects."""
        every = np.arange(len(self))
        index = every if which is None else every[which]  # type: ignore[index]
        masks = self.masks[:, :, index].transpose(2, 0, 1).tolist()
        text = _RANK_TEXT
        return [_deal(tuple(Hand(*(text[m] for m in hand)) for hand in deal)) for deal in masks]


def _deal(hands: tuple[Hand, ...]) -> Deal:
    """A Deal of four hands made from disjoint suit masks of 13 cards each (as every batch
    holds: the tests check it), without checking it again card by card."""
    deal = object.__new__(Deal)
    object.__setattr__(deal, "hands", hands)
    return deal


_COMPARE: Final = {
    "==": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}


def _deal_block(
    rng: np.random.Generator, n: int, packed: npt.NDArray[np.bool_], keys: npt.NDArray[np.uint32]
) -> DealBatch:
    """Deal ``n`` deals (fewer when a tie at a hand's border drops one); ``packed`` (bool) and
    ``keys`` (whose last 3 of every 16 columns hold 0xFFFFFFFF) are scratch, shape (n, 64)."""
    drawn = rng.bit_generator.random_raw(n * 13).view(np.uint16).reshape(n, 52)
    ordered = np.sort(drawn.astype(np.uint32), axis=1)
    # 16 keys a suit: the 13 cards' keys, then 3 that sort after every key and are never dealt.
    keys.reshape(n, 4, 16)[:, :, :13] = drawn.reshape(n, 4, 13)
    masks = np.empty((4, 4, n), dtype=np.uint16)
    below = np.zeros((n, 4), dtype=np.uint16)
    for seat, last in enumerate((12, 25, 38)):
        np.less_equal(keys, ordered[:, last, None], out=packed)
        words = packed.view(np.uint64) * _MAGIC >> np.uint64(56)
        upto = words.astype(np.uint8).view(np.uint16)  # the cards of this seat and those before
        masks[seat] = (upto ^ below).T
        below = upto
    masks[3] = (np.uint16(0x1FFF) ^ below).T
    ties = (
        (ordered[:, 12] == ordered[:, 13])
        | (ordered[:, 25] == ordered[:, 26])
        | (ordered[:, 38] == ordered[:, 39])
    )
    if ties.any():
        masks = np.ascontiguousarray(masks[:, :, ~ties])
    return DealBatch(masks)


def deal_batches(
    seed: int | None = None, size: int = BLOCK, *, first: int | None = None
) -> Iterator[DealBatch]:
    """Blocks of random deals without end, the same deals for the same seed.

    Each deal takes the next 13 numbers of the random stream, so the stream of deals is the
    same whatever the blocks' sizes; ``first`` makes the blocks start at that size and double
    up to ``size`` (a few deals come sooner). A block holds ``size`` deals less the few
    dropped (see the module):

    >>> from itertools import islice
    >>> [len(b) for b in islice(deal_batches(seed=3, size=1000), 2)]
    [998, 999]
    >>> [len(b) for b in islice(deal_batches(seed=3, size=1000, first=300), 3)]
    [300, 599, 998]
    """
    for name, value in (("size", size), ("first", size if first is None else first)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise DealingError(f"a block holds at least 1 deal, got {value!r}", field=name,
                               value=value)  # fmt: skip
    rng = np.random.Generator(np.random.SFC64(seed))
    packed = np.zeros((size, 64), dtype=np.bool_)
    keys = np.full((size, 64), 0xFFFFFFFF, dtype=np.uint32)
    n = size if first is None else min(first, size)
    while True:
        yield _deal_block(rng, n, packed[:n], keys[:n])
        n = min(2 * n, size)


def deal_where(
    where: str | Condition | Predicate,
    count: int,
    *,
    seed: int | None = None,
    max_deals: int = MAX_DEALS,
) -> list[Deal]:
    """The first ``count`` random deals that meet a condition (text, a parsed
    :class:`~bridgescore.boards.condition.Condition`, or a function of a :class:`DealBatch` giving
    one bool a deal); the same seed gives the same deals.

    :raises ConditionError: for text that is not a condition.
    :raises DealingError: for a count below 0, a predicate that does not give one bool a deal,
        or fewer than ``count`` deals found in ``max_deals`` dealt.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise DealingError(
            f"expected a count of deals from 0 up, got {count!r}", field="count", value=count
        )
    test = _predicate(where)
    found: list[Deal] = []
    dealt = 0
    if not count:
        return found
    for batch in deal_batches(seed, first=1024):
        if dealt >= max_deals:
            raise DealingError(
                f"only {len(found):,} of {count:,} deals found in {dealt:,} dealt: "
                "the condition is too rare (or cannot be met)",
                field="condition",
                value=where if isinstance(where, str) else None,
            )
        dealt += len(batch)
        keep = np.flatnonzero(test(batch))
        if keep.size:
            found.extend(batch.deals(keep[: count - len(found)]))
            if len(found) >= count:
                break
    return found


def _predicate(where: str | Condition | Predicate) -> Callable[[DealBatch], Bools]:
    if isinstance(where, str | Condition):
        condition = where if isinstance(where, Condition) else Condition.parse(where)
        return lambda batch: batch.where(condition)
    if not callable(where):
        raise DealingError(
            f"expected a condition or a function of a DealBatch, got {where!r}",
            field="condition",
            value=where,
        )

    def test(batch: DealBatch) -> Bools:
        got = np.asarray(where(batch))
        if got.shape != (len(batch),) or got.dtype != np.bool_:
            raise DealingError(
                f"the predicate must give one bool a deal ({len(batch)} here), "
                f"got {got.dtype} of shape {got.shape}",
                field="condition",
            )
        return got

    return test
