"""The cards of a deal: four hands, read from and written to PBN's ``Deal`` notation.

PBN 2.1 §3.4.11 writes a deal as the first seat, a colon and the four hands clockwise from it,
each hand its spades, hearts, diamonds and clubs separated by dots, ``-`` for a hand not known:

>>> d = Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653")
>>> d[Seat.NORTH]
Hand.parse('AKQ2.K53.T94.QJ2')
>>> d.notation(Seat.EAST)
'E:JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653 AKQ2.K53.T94.QJ2'
>>> d.is_complete, d[Seat.WEST].points
(True, 1)

Ranks are ``AKQJT98765432`` (``10`` and lower case are read too); every hand given holds 13
cards and no card is dealt twice, or :class:`~bridgescore.NotationError` (``field='deal'``)
says what is wrong. :meth:`Deal.diagram` draws the hand diagram as text (the web pages draw it
as HTML with their own template, ``web/templates/_hand_diagram.html``).
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from bridgescore.errors import NotationError
from bridgescore.model import Seat, Strain

__all__ = ["RANKS", "SUITS", "Deal", "Hand"]

RANKS: Final = "AKQJT98765432"
"""The ranks from the highest, as PBN writes them."""
SUITS: Final = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The suits in the order a PBN hand lists them."""

_LONGEST: Final = 200
"""The longest ``Deal`` text read: 52 cards, 12 dots, 3 blanks, a seat and a colon, with room
for ``10`` for ``T`` and extra blanks."""
_ORDER: Final = {rank: i for i, rank in enumerate(RANKS)}
_CANONICAL: Final = re.compile("A?K?Q?J?T?9?8?7?6?5?4?3?2?")
_IN_ORDER: Final = frozenset(
    "".join(ranks) for n in range(14) for ranks in itertools.combinations(RANKS, n)
)
"""Each suit's ranks written in order (8,192 texts: a suit is checked by one look-up)."""
"""A suit as most files write it: upper-case ranks, highest first, each once."""
_HCP: Final = {"A": 4, "K": 3, "Q": 2, "J": 1}
_WHOLE: Final = re.compile(
    "([NESW]):" + " ".join([r"\.".join([f"({_CANONICAL.pattern})"] * 4)] * 4), re.ASCII
)
"""A whole deal as most files write it (a seat's letter, four hands of suits in order, one
blank apart): its 16 suits read by one match."""


def _fail(code: str, text: str, **params: object) -> NotationError:
    """``invalid deal '...': `` and the reason ``code`` names."""
    return NotationError.coded(code, field="deal", value=text, deal=text, **params)


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards (or fewer, for a hand being built): each suit's ranks, highest first.

    >>> h = Hand.parse("akq2.k53.t94.qj2")
    >>> str(h), h.points, len(h)
    ('AKQ2.K53.T94.QJ2', 15, 13)
    """

    spades: str
    hearts: str
    diamonds: str
    clubs: str

    @property
    def suits(self) -> tuple[str, str, str, str]:
        """The four suits' ranks, spades first."""
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    @property
    def points(self) -> int:
        """High-card points: 4 for an ace, 3 a king, 2 a queen, 1 a jack."""
        return sum(_HCP.get(rank, 0) for suit in self.suits for rank in suit)

    def __len__(self) -> int:
        return sum(len(suit) for suit in self.suits)

    def cards(self) -> tuple[str, ...]:
        """Each card as suit and rank (``'SA'``, ``'H3'``), spades first.

        >>> Hand.parse("A.K..2").cards()
        ('SA', 'HK', 'C2')
        """
        return tuple(s.value + r for s, suit in zip(SUITS, self.suits, strict=True) for r in suit)

    def __str__(self) -> str:
        return ".".join(self.suits)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read one hand: four suits separated by dots, spades first.

        :raises NotationError: for other text, a rank given twice, or more than 13 cards.
        """
        hand = _hand(text, text)
        if len(hand) > 13:
            raise _fail("deal_hand_cards", text, hand=text, count=len(hand))
        return hand


def _hand(text: str, whole: str) -> Hand:
    suits = text.split(".")
    if len(suits) == 4 and all(suit in _IN_ORDER for suit in suits):
        return Hand(*suits)  # most hands: four suits in order, nothing to check or sort
    if len(text) > _LONGEST:
        raise _fail("deal_hand_long", whole[:_LONGEST] + "...", most=_LONGEST)
    parts = text.split(".")
    if len(parts) != 4:
        raise _fail("deal_hand_suits", whole, hand=text)
    suits = []
    for strain, part in zip(SUITS, parts, strict=True):
        if _CANONICAL.fullmatch(part):  # most suits: nothing to check or sort
            suits.append(part)
            continue
        ranks = part.upper().replace("10", "T")
        seen: set[str] = set()
        for rank in ranks:
            if rank not in _ORDER:
                raise _fail("deal_rank", whole, rank=rank, hand=text)
            if rank in seen:
                raise _fail("deal_rank_twice", whole, hand=text, card=f"{strain.value}{rank}")
            seen.add(rank)
        suits.append("".join(sorted(ranks, key=_ORDER.__getitem__)))
    return Hand(*suits)


_CLOCKWISE: Final = tuple(Seat)
"""The seats in :attr:`Deal.hands`' order, clockwise from North."""
_SUITS: Final = attrgetter("spades", "hearts", "diamonds", "clubs")
"""A hand's four suits (:attr:`Hand.suits`, at once)."""
_PARSED: dict[tuple[type, str], Deal] = {}
"""Deals read lately, by class and text (a deal is immutable)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of one deal, North's first; None for a hand not known.

    >>> Deal.parse("s:- - AKQJT98765432... -").hands[0]
    Hand.parse('AKQJT98765432...')
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """North's, East's, South's and West's hand."""

    def __post_init__(self) -> None:
        known = [_SUITS(h) for h in self.hands if h is not None]  # each hand's four suits
        if set(map(len, map("".join, known))) <= {13} and all(
            len(set(ranks)) == len(ranks) for ranks in map("".join, zip(*known, strict=True))
        ):
            return  # the common case, checked at once; the loop below says what is wrong
        seen: dict[str, Seat] = {}
        for seat, hand in zip(Seat, self.hands, strict=True):
            if hand is None:
                continue
            if len(hand) != 13:
                raise _fail("deal_seat_cards", str(self), seat=seat.name.lower(), count=len(hand))
            for card in hand.cards():
                if card in seen:
                    raise _fail(
                        "deal_card_twice",
                        str(self),
                        card=card,
                        first=seen[card].name.lower(),
                        second=seat.name.lower(),
                    )
                seen[card] = seat

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[tuple(Seat).index(seat)]

    @property
    def is_complete(self) -> bool:
        """Whether all four hands are known (so all 52 cards are dealt)."""
        return None not in self.hands

    def notation(self, first: Seat = Seat.NORTH) -> str:
        """PBN's ``Deal`` value, starting from ``first``; ``-`` for a hand not known."""
        hands = (self[first.next(i)] for i in range(4))
        return f"{first.value}:" + " ".join("-" if h is None else str(h) for h in hands)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    @classmethod
    def random(cls, rng: random.Random) -> Deal:
        """A deal shuffled by ``rng``: the same seed deals the same hands.

        >>> d = Deal.random(random.Random(7))
        >>> d.is_complete, sum(len(h) for h in d.hands if h)
        (True, 52)
        """
        cards = [suit + rank for suit in "SHDC" for rank in RANKS]
        rng.shuffle(cards)
        hands = []
        for h in range(4):
            own = set(cards[13 * h : 13 * h + 13])
            hands.append(Hand(*("".join(r for r in RANKS if s + r in own) for s in "SHDC")))
        return cls((hands[0], hands[1], hands[2], hands[3]))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read PBN's ``Deal`` notation: ``N:`` (any seat) then four hands clockwise.

        >>> Deal.parse("W:- AKQJT98765432... - -")[Seat.NORTH]
        Hand.parse('AKQJT98765432...')
        >>> Deal.parse("N:AKQ2.K53.T94.QJ2 - -")
        Traceback (most recent call last):
        ...
        bridgescore.errors.NotationError: invalid deal 'N:AKQ2.K53.T94.QJ2 - -': expected 4 hands \
separated by blanks, got 3

        :raises NotationError: if the text is not a deal, a hand given does not hold 13 cards,
            or a card is dealt twice.
        """
        if not isinstance(text, str):
            raise NotationError.coded("deal_not_text", field="deal", value=text, text=text)
        if len(text) > _LONGEST:
            raise _fail("deal_long", text[:40] + "...", most=_LONGEST)
        known = _PARSED.get((cls, text))
        if known is not None:  # a file's games of one board (and its checks) read it again
            return known
        whole = _WHOLE.fullmatch(text)
        if whole is not None:  # the hands as the loop below makes them, at once
            suits = whole.groups()
            start = _CLOCKWISE.index(Seat(suits[0]))
            made = [Hand(*suits[i : i + 4]) for i in (1, 5, 9, 13)]
            made = made[-start:] + made[:-start] if start else made
            deal = cls((made[0], made[1], made[2], made[3]))
        else:
            deal = cls._read(text)
        if len(_PARSED) >= 4096:
            _PARSED.clear()  # bounded (a few MB): a file reads its deals again when built
        _PARSED[(cls, text)] = deal
        return deal

    @classmethod
    def _read(cls, text: str) -> Deal:
        """:meth:`parse`, read part by part (saying what is wrong)."""
        stripped = text.strip()
        head, colon, rest = stripped.partition(":")
        if not colon:
            raise _fail("deal_seat_first", text)
        try:
            first = Seat.parse(head)
        except NotationError:
            raise _fail("deal_seat_invalid", text, head=head) from None
        parts = rest.split()
        if len(parts) != 4:
            raise _fail("deal_hands_count", text, count=len(parts))
        start = _CLOCKWISE.index(first)
        hands: list[Hand | None] = [None, None, None, None]
        for i, part in enumerate(parts):  # the i-th hand is the seat i places after the first's
            hands[(start + i) % 4] = None if part == "-" else _hand(part, text)
        return cls((hands[0], hands[1], hands[2], hands[3]))

    def diagram(self, *, symbols: bool = False) -> str:
        """The hand diagram as text: North at the top, West left, East right, South below.

        >>> print(Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 - 43.764.J876.T653").diagram())
                  S AKQ2
                  H K53
                  D T94
                  C QJ2
        S 43                S JT9
        H 764               H AQJ2
        D J876              D K52
        C T653              C K97
        """

        def lines(seat: Seat) -> list[str]:
            hand = self[seat]
            if hand is None:
                return ["", "", "", ""]
            return [
                f"{s.symbol if symbols else s.value} {ranks or '-'}"
                for s, ranks in zip(SUITS, hand.suits, strict=True)
            ]

        pad = " " * 10
        rows = [pad + line for line in lines(Seat.NORTH)]
        rows += [f"{w:<20}{e}" for w, e in zip(lines(Seat.WEST), lines(Seat.EAST), strict=True)]
        rows += [pad + line for line in lines(Seat.SOUTH)]
        return "\n".join(row.rstrip() for row in rows).rstrip("\n ")
