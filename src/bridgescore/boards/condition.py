"""Conditions on a deal for dealing to order: ``hcp(N) in 15..17 and balanced(N)``.

A *condition* is text in a small language, read by :meth:`Condition.parse` in one pass (linear
time, no ``eval``) into a tree of frozen nodes, and tested on a :class:`~bridgescore.Deal` by
:meth:`Condition.holds`. :func:`bridgescore.batch.deal_where` tests the same tree on millions of
deals at once with numpy.

>>> c = Condition.parse("hcp(N) in 15..17 and balanced(N) and spades(S) >= 5")
>>> deal = Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653")
>>> c.holds(deal), Condition.parse("hcp(NS) >= 25 and not shape(W, any 5431)").holds(deal)
(False, True)

The language (words are case-insensitive; blanks anywhere between tokens):

================================ ==========================================================
``hcp(X)``                       high-card points, A 4 K 3 Q 2 J 1
``spades(X)`` ``hearts(X)``      the length of a suit
``diamonds(X)`` ``clubs(X)``
``controls(X)``                  A 2, K 1
``ltc(X)``                       losing-trick count: in each suit, the first 1, 2 or 3
                                 cards (as the suit is that long) less the A, K and Q
                                 among them (only the A in a singleton, A and K in a
                                 doubleton)
``balanced(X)``                  4333, 4432 or 5332
``semibalanced(X)``              no suit shorter than 2 or longer than 6 (balanced, 5422,
                                 6322)
``shape(X, P + P - P ...)``      the hand's suit lengths, spades first, are one of the
                                 patterns: ``5xxx`` (5 spades), ``4333`` exactly, ``any
                                 4432`` (those lengths in any order); ``+`` adds patterns,
                                 ``-`` takes them away, from left to right
numbers, ``+`` ``-``             whole numbers (up to 4 digits) added and subtracted
``==`` ``!=`` ``<`` ``<=``       comparisons of numbers (one a time: ``1 < x < 3`` is refused)
``>`` ``>=``
``x in a..b``                    ``a <= x <= b``
``not`` ``and`` ``or``           in that order of binding; ``!`` ``&&`` ``||`` too
``( )``                          grouping
================================ ==========================================================

``X`` is a seat, ``N`` ``E`` ``S`` ``W``, or for the numbers a side, ``NS`` ``EW`` (the sum of
its two hands). A condition is true or false: ``hcp(N)`` alone is refused. Text that is not a
condition raises :class:`ConditionError`, which says where (:attr:`ConditionError.position`,
counted from 0) and quotes the text there:

>>> Condition.parse("hcp(N) >= 15 and hcp(Q) < 3")
Traceback (most recent call last):
...
bridgescore.boards.condition.ConditionError: invalid condition 'hcp(N) >= 15 and hcp(Q) < 3' at \
position 21 ('Q) < 3'): expected a seat (N E S W) or a side (NS EW)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import Final, Literal

from bridgescore.boards.deal import Deal, Hand
from bridgescore.errors import NotationError

__all__ = [
    "FEATURES",
    "And",
    "Between",
    "Compare",
    "Condition",
    "ConditionError",
    "Feature",
    "Not",
    "Number",
    "Or",
    "Shape",
    "Sum",
    "shapes",
]

MAX_LENGTH: Final = 10_000
"""The longest condition read, in characters."""
MAX_DEPTH: Final = 100
"""The deepest nesting of brackets and ``not`` read."""

FEATURES: Final = ("hcp", "spades", "hearts", "diamonds", "clubs", "controls", "ltc")
"""The functions that give a number for a seat or a side."""

_SEATS: Final = {"n": (0,), "e": (1,), "s": (2,), "w": (3,), "ns": (0, 2), "ew": (1, 3)}
_COMPARISONS: Final = ("==", "!=", "<=", ">=", "<", ">")


class ConditionError(NotationError):
    """Text that is not a condition; :attr:`position` is where it goes wrong (from 0).

    >>> try:
    ...     Condition.parse("hcp(N) >")
    ... except ConditionError as exc:
    ...     print(exc.field, exc.position)
    condition 8
    """

    position: int
    """Where in the text the reading stopped, counted from 0."""

    def __init__(self, reason: str, text: str, position: int) -> None:
        shown = text if len(text) <= 80 else text[:77] + "..."
        there = text[position : position + 20] or "the end"
        super().__init__(
            f"invalid condition {shown!r} at position {position} ({there!r}): {reason}",
            field="condition",
            value=text,
        )
        self.position = position


# --- the tree -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Number:
    """A whole number written in the condition."""

    value: int


@dataclass(frozen=True, slots=True)
class Feature:
    """A number a hand gives (one of :data:`FEATURES`), summed over ``seats``."""

    name: str
    """Which: ``hcp``, a suit's length (``spades`` ... ``clubs``), ``controls`` (A 2, K 1) or
    ``ltc`` (losing-trick count)."""
    seats: tuple[int, ...]
    """Seat indexes, 0 N ... 3 W: one, or two for a side."""


@dataclass(frozen=True, slots=True)
class Sum:
    """Numbers added (sign 1) or subtracted (sign -1), left to right."""

    terms: tuple[tuple[int, IntNode], ...]


IntNode = Number | Feature | Sum


@dataclass(frozen=True, slots=True)
class Shape:
    """Whether a seat's suit lengths (spades, hearts, diamonds, clubs) are among ``shapes``."""

    seat: int
    """The seat's index, 0 N ... 3 W."""
    shapes: frozenset[tuple[int, int, int, int]]
    """The suit lengths that match, spades first (``4-4-3-2`` is ``(4, 4, 3, 2)``; a pattern
    such as ``any 4432`` or ``balanced`` is all the shapes it stands for)."""


@dataclass(frozen=True, slots=True)
class Compare:
    """``left op right`` for one of ``== != < <= > >=``."""

    left: IntNode
    op: str
    right: IntNode


@dataclass(frozen=True, slots=True)
class Between:
    """``value in low..high``: ``low <= value <= high``."""

    value: IntNode
    low: IntNode
    high: IntNode


@dataclass(frozen=True, slots=True)
class Not:
    """The opposite of a condition."""

    operand: BoolNode


@dataclass(frozen=True, slots=True)
class And:
    """Every one of the conditions."""

    operands: tuple[BoolNode, ...]


@dataclass(frozen=True, slots=True)
class Or:
    """At least one of the conditions."""

    operands: tuple[BoolNode, ...]


BoolNode = Shape | Compare | Between | Not | And | Or
Node = IntNode | BoolNode

# Every hand shape, spades first (560 of them).
_ALL_SHAPES: Final = frozenset(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)
_BALANCED: Final = frozenset(
    p
    for p in _ALL_SHAPES
    if min(p) >= 2 and sorted(p) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
)
_SEMIBALANCED: Final = frozenset(p for p in _ALL_SHAPES if min(p) >= 2 and max(p) <= 6)


# --- reading ------------------------------------------------------------------------------------

_Kind = Literal["num", "word", "pattern", "op", "end"]


@dataclass(frozen=True, slots=True)
class _Token:
    kind: _Kind
    text: str
    position: int


_TOKEN: Final = re.compile(
    r"""[ \t\r\n]+
      | (?P<num>[0-9][0-9xX]*)
      | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<op>\.\.|==|!=|<=|>=|&&|\|\||[<>(),+\-!])""",
    re.VERBOSE | re.ASCII,
)
"""One token (or blanks): each alternative starts with a different character and never backs
up, so matching is linear in the token."""


def _tokens(text: str) -> list[_Token]:
    """Split the text into tokens in one pass."""
    out: list[_Token] = []
    i, n = 0, len(text)
    match = _TOKEN.match
    while i < n:
        m = match(text, i)
        if m is None:
            raise ConditionError(f"{text[i]!r} is not part of the language", text, i)
        kind = m.lastgroup
        if kind == "num":
            word = m.group().lower()
            out.append(_Token("num" if word.isdigit() else "pattern", word, i))
        elif kind is not None:
            out.append(_Token("word" if kind == "word" else "op", m.group().lower(), i))
        i = m.end()
    out.append(_Token("end", "", n))
    return out


class _ConditionReader:
    """A recursive-descent reader over the tokens; each token is looked at a fixed number of
    times, and nesting is capped at :data:`MAX_DEPTH`, so reading is linear in the text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.at = 0
        self.depth = 0

    @property
    def token(self) -> _Token:
        return self.tokens[self.at]

    def fail(self, reason: str, token: _Token | None = None) -> ConditionError:
        return ConditionError(reason, self.text, (token or self.token).position)

    def take(self, text: str) -> bool:
        if self.token.kind in ("op", "word") and self.token.text == text:
            self.at += 1
            return True
        return False

    def expect(self, text: str, what: str) -> None:
        if not self.take(text):
            raise self.fail(f"expected {what}")

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"nested more than {MAX_DEPTH} deep")

    # Every rule reads either kind of node; the kinds are checked where they meet.
    # condition := conjunction ("or" conjunction)*
    def condition(self) -> Node:
        start = self.token
        first = self.conjunction()
        if self.token.text not in ("or", "||"):
            return first
        parts = [self.truth(first, start)]
        while self.take("or") or self.take("||"):
            token = self.token
            parts.append(self.truth(self.conjunction(), token))
        return Or(tuple(parts))

    # conjunction := negation ("and" negation)*
    def conjunction(self) -> Node:
        start = self.token
        first = self.negation()
        if self.token.text not in ("and", "&&"):
            return first
        parts = [self.truth(first, start)]
        while self.take("and") or self.take("&&"):
            token = self.token
            parts.append(self.truth(self.negation(), token))
        return And(tuple(parts))

    # negation := ("not" | "!") negation | comparison
    def negation(self) -> Node:
        if self.take("not") or self.take("!"):
            self.nest()
            token = self.token
            inner = self.truth(self.negation(), token)
            self.depth -= 1
            return Not(inner)
        return self.comparison()

    # comparison := term [op term | "in" term ".." term]
    def comparison(self) -> Node:
        start = self.token
        left = self.term()
        op = self.token.text if self.token.kind == "op" else ""
        if op in _COMPARISONS:
            value = self.number(left, start)
            self.at += 1
            token = self.token
            right = self.number(self.term(), token)
            if self.token.text in (*_COMPARISONS, "in"):
                raise self.fail("one comparison at a time: join them with 'and'")
            return Compare(value, op, right)
        if self.token.kind == "word" and self.token.text == "in":
            value = self.number(left, start)
            self.at += 1
            token = self.token
            low = self.number(self.term(), token)
            self.expect("..", "'..' in a range such as 'in 15..17'")
            token = self.token
            high = self.number(self.term(), token)
            return Between(value, low, high)
        return left

    # term := atom (("+" | "-") atom)*
    def term(self) -> Node:
        start = self.token
        first = self.atom()
        if not (self.token.kind == "op" and self.token.text in ("+", "-")):
            return first
        terms: list[tuple[int, IntNode]] = [(1, self.number(first, start))]
        while self.token.kind == "op" and self.token.text in ("+", "-"):
            sign = 1 if self.token.text == "+" else -1
            self.at += 1
            token = self.token
            terms.append((sign, self.number(self.atom(), token)))
        return Sum(tuple(terms))

    def atom(self) -> Node:
        token = self.token
        if token.kind == "num":
            if len(token.text) > 4:
                raise self.fail("a number has at most 4 digits")
            self.at += 1
            return Number(int(token.text))
        if self.take("("):
            self.nest()
            inner = self.condition()
            self.depth -= 1
            self.expect(")", "')'")
            return inner
        if token.kind == "word" and token.text in (*FEATURES, "balanced", "semibalanced", "shape"):
            self.at += 1
            self.expect("(", f"'(' after {token.text!r}")
            if token.text in FEATURES:
                seats = self.seats(sides=True)
                self.expect(")", "')'")
                return Feature(token.text, seats)
            seat = self.seats(sides=False)[0]
            if token.text == "shape":
                self.expect(",", "',' then a shape such as 'any 4432' or '5xxx'")
                shapes = self.patterns()
            else:
                shapes = _BALANCED if token.text == "balanced" else _SEMIBALANCED
            self.expect(")", "')'")
            return Shape(seat, shapes)
        if token.kind == "end":
            raise self.fail("the condition ends too soon")
        raise self.fail("expected a number, a function such as hcp(N) or balanced(N), 'not' or '('")

    def number(self, node: Node, token: _Token) -> IntNode:
        if isinstance(node, Number | Feature | Sum):
            return node
        raise self.fail("expected a number here, such as hcp(N) or 15, not a condition", token)

    def truth(self, node: Node, token: _Token) -> BoolNode:
        """The node as a condition; a number here lacks its comparison, which would come
        next (``token``, where the node began, is for the other errors of this kind)."""
        del token
        if isinstance(node, Number | Feature | Sum):
            raise self.fail(
                "expected a comparison (== != < <= > >=) or 'in a..b' after a number: "
                "a condition is true or false, such as 'hcp(N) >= 15'"
            )
        return node

    def seats(self, *, sides: bool) -> tuple[int, ...]:
        token = self.token
        seats = _SEATS.get(token.text) if token.kind == "word" else None
        if seats is None or (len(seats) == 2 and not sides):
            allowed = "a seat (N E S W) or a side (NS EW)" if sides else "a seat (N E S W)"
            raise self.fail(f"expected {allowed}")
        self.at += 1
        return seats

    def patterns(self) -> frozenset[tuple[int, int, int, int]]:
        shapes: frozenset[tuple[int, int, int, int]] = frozenset()
        sign = "+"
        while True:
            anywhere = self.take("any")
            token = self.token
            shaped = token.kind != "end" and set(token.text) <= set("0123456789x")
            if not shaped or len(token.text) != 4:
                raise self.fail(
                    "expected a shape: 4 lengths or x, spades first ('5xxx', '4333'), "
                    "or 'any' and 4 lengths ('any 4432')"
                )
            if anywhere and "x" in token.text:
                raise self.fail("'any' takes 4 lengths, without x")
            self.at += 1
            found = _matching(token.text, anywhere)
            if not found:
                raise self.fail("no hand has this shape: the lengths add up to 13", token)
            shapes = shapes | found if sign == "+" else shapes - found
            if self.token.kind == "op" and self.token.text in ("+", "-"):
                sign = self.token.text
                self.at += 1
                continue
            return shapes


def _matching(pattern: str, anywhere: bool) -> frozenset[tuple[int, int, int, int]]:
    wanted = [None if c == "x" else int(c) for c in pattern]
    if anywhere:
        if sum(w or 0 for w in wanted) != 13:
            return frozenset()
        return frozenset(p for p in permutations(w or 0 for w in wanted))  # type: ignore[misc]
    return frozenset(
        p for p in _ALL_SHAPES if all(w is None or w == x for w, x in zip(wanted, p, strict=True))
    )


# --- testing a deal -----------------------------------------------------------------------------

_POINTS: Final = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _ltc(hand: Hand) -> int:
    losers = 0
    for suit in hand.suits:
        top = suit[:3]
        honours = "AKQ"[: len(top)]
        losers += len(top) - sum(1 for rank in top if rank in honours)
    return losers


_HAND_FEATURES: Final[dict[str, Callable[[Hand], int]]] = {
    "hcp": lambda h: h.points,
    "spades": lambda h: len(h.spades),
    "hearts": lambda h: len(h.hearts),
    "diamonds": lambda h: len(h.diamonds),
    "clubs": lambda h: len(h.clubs),
    "controls": lambda h: sum(2 * s.count("A") + s.count("K") for s in h.suits),
    "ltc": _ltc,
}


def _value(node: IntNode, hands: tuple[Hand, ...]) -> int:
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Feature):
        return sum(_HAND_FEATURES[node.name](hands[s]) for s in node.seats)
    return sum(sign * _value(term, hands) for sign, term in node.terms)


_TESTS: Final[dict[str, Callable[[int, int], bool]]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _holds(node: BoolNode, hands: tuple[Hand, ...]) -> bool:
    if isinstance(node, Shape):
        hand = hands[node.seat]
        return tuple(len(s) for s in hand.suits) in node.shapes
    if isinstance(node, Compare):
        return _TESTS[node.op](_value(node.left, hands), _value(node.right, hands))
    if isinstance(node, Between):
        return _value(node.low, hands) <= _value(node.value, hands) <= _value(node.high, hands)
    if isinstance(node, Not):
        return not _holds(node.operand, hands)
    if isinstance(node, And):
        return all(_holds(part, hands) for part in node.operands)
    return any(_holds(part, hands) for part in node.operands)


def shapes(pattern: str) -> frozenset[tuple[int, int, int, int]]:
    """The hand shapes (lengths spades first) of a pattern, as ``shape(X, ...)`` reads it.

    >>> sorted(shapes("any 4333 - 4333"))
    [(3, 3, 3, 4), (3, 3, 4, 3), (3, 4, 3, 3)]

    :raises ConditionError: for text that is not a pattern.
    """
    if not isinstance(pattern, str) or len(pattern) > MAX_LENGTH:
        raise ConditionError("expected a shape pattern such as 'any 4432 + 5xxx'", str(pattern), 0)
    reader = _ConditionReader(pattern)
    found = reader.patterns()
    if reader.token.kind != "end":
        raise reader.fail("expected '+', '-' or the end of the pattern")
    return found


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition read from text: :attr:`tree` is what it says, :attr:`text` how."""

    text: str
    tree: BoolNode

    @classmethod
    def parse(cls, text: str) -> Condition:
        """Read a condition (see the module for the language).

        >>> Condition.parse("spades(S) >= 5").tree
        Compare(left=Feature(name='spades', seats=(2,)), op='>=', right=Number(value=5))

        :raises ConditionError: for text that is not a condition, naming the position.
        """
        if not isinstance(text, str):
            raise NotationError(
                f"expected a condition's text, got {text!r}", field="condition", value=text
            )
        if len(text) > MAX_LENGTH:
            raise ConditionError(f"a condition is at most {MAX_LENGTH:,} characters", text, 0)
        reader = _ConditionReader(text)
        start = reader.token
        tree = reader.truth(reader.condition(), start)
        if reader.token.kind != "end":
            raise reader.fail("expected 'and', 'or' or the end")
        return cls(text, tree)

    def holds(self, deal: Deal) -> bool:
        """Whether the deal (all four hands known) meets the condition.

        :raises ValueError: if a hand of the deal is not known.
        """
        hands = deal.hands
        if None in hands:
            raise ValueError("a condition is tested on a deal with all four hands")
        return _holds(self.tree, tuple(h for h in hands if h is not None))

    def __str__(self) -> str:
        return self.text
