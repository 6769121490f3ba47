"""The play of a board: its tricks, who led each and who won it (PBN 2.1 §3.6, §3.9).

A :class:`Play` is PBN's ``Play`` section: the seat of its first column (the opening leader,
declarer's left-hand opponent) and its tricks, each a row of up to four cards in the columns
of the seats clockwise from that one, whoever led the trick. ``-`` is a card not known or not
played, ``+`` the card to be played next; a card may carry a note reference ``=1=``, NAGs (the
suffixes ``!`` ... ``?!`` read as ``$7`` ... ``$12``), ``^R`` (a revoke, not noticed in time) or
``^L`` (a lead out of turn, accepted: that card leads its trick). The section ends after 13
tricks or at ``*``.

>>> p = Play.read(Seat.WEST, "SK S2 S3 SA  H2 HA H3 H4", trump=Strain.HEARTS)
>>> [(seat.value, card) for seat, card in p.sequence(Strain.HEARTS)]
[('W', 'SK'), ('N', 'S2'), ('E', 'S3'), ('S', 'SA'), ('S', 'H4'), ('W', 'H2'), ('N', 'HA'), \
('E', 'H3')]
>>> p.tricks_won(Strain.HEARTS, Side.NS)
2

BBO's LIN gives the cards in the order they were played; :meth:`Play.from_sequence` puts
them in PBN's columns, which needs the trump suit to know who won each trick and leads the next:

>>> Play.from_sequence(Seat.WEST, ["SK", "S2", "S3", "SA", "H4", "H2", "HA", "H3"],
...                    Strain.HEARTS) == p
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bridgescore.boards.auction import MAX_NOTE, Annotated, SectionError, read_annotated
from bridgescore.boards.deal import RANKS
from bridgescore.errors import NotationError
from bridgescore.model import Seat, Side, Strain

__all__ = ["PLAY_SUFFIXES", "Play", "PlayedCard", "trick_winner"]

PLAY_SUFFIXES: Final = {"!": 7, "?": 8, "!!": 9, "??": 10, "!?": 11, "?!": 12}
"""The play's suffix annotations and the NAGs they stand for (§3.6.3)."""
_CARD: Final = re.compile(r"[SHDC][AKQJT98765432]", re.ASCII)
_ORDER: Final = {rank: i for i, rank in enumerate(RANKS)}
_SEATS: Final = tuple(Seat)
_CARDS: Final = frozenset(s + r for s in "SHDC" for r in RANKS) | {"-", "+"}
"""Every card token as the export format writes it."""
_INDEX: Final = {seat: i for i, seat in enumerate(_SEATS)}


def _fail(code: str, value: object, **params: object) -> NotationError:
    return NotationError.coded(code, field="play", value=value, **params)


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card of a trick and its annotations.

    >>> PlayedCard("SK", note=1, revoke=True).token()
    '^R SK =1='
    """

    card: str
    """``'SK'`` (suit, then rank), ``'-'`` (not known, or not played) or ``'+'`` (to be played
    next)."""
    note: int | None = None
    nags: tuple[int, ...] = ()
    revoke: bool = False
    """A revoke not noticed in time (``^R``)."""
    out_of_turn: bool = False
    """A lead out of turn the opponents accepted (``^L``): this card leads its trick."""

    def __post_init__(self) -> None:
        if self.card not in _CARDS:
            raise _fail("played_card_invalid", self.card, card=self.card)
        if self.note is not None and not 1 <= self.note <= MAX_NOTE:
            raise _fail("note_reference", self.note, note=self.note, most=MAX_NOTE)
        if self.nags and (any(not 0 <= n <= 255 for n in self.nags)
                          or list(self.nags) != sorted(self.nags)):  # fmt: skip
            raise _fail("nags_order", self.nags, nags=self.nags)

    @property
    def known(self) -> bool:
        """Whether it names a card."""
        return self.card not in ("-", "+")

    def token(self) -> str:
        """The card as the export format writes it: its marks, the card, note, NAGs."""
        parts = (["^R"] if self.revoke else []) + (["^L"] if self.out_of_turn else [])
        parts.append(self.card)
        if self.note is not None:
            parts.append(f"={self.note}=")
        parts.extend(f"${n}" for n in self.nags)
        return " ".join(parts)


def _parse_card(word: str) -> str:
    if word in _CARDS:
        return word
    text = word.upper().replace("10", "T")
    if not _CARD.fullmatch(text):
        raise _fail("card_invalid", word, card=word)
    return text


def trick_winner(cards: Sequence[str], trump: Strain) -> int:
    """Which of a trick's cards, in the order played (the lead first), wins it.

    >>> trick_winner(["SK", "S2", "H3", "SA"], Strain.HEARTS), trick_winner(
    ...     ["SK", "S2", "H3", "SA"], Strain.NOTRUMP)
    (2, 3)
    """
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card[0] == top[0]:
            if _ORDER[card[1]] < _ORDER[top[1]]:
                best = i
        elif trump is not Strain.NOTRUMP and card[0] == trump.value:
            best = i
    return best


@dataclass(frozen=True, slots=True)
class Play:
    """The tricks of a board in PBN's columns (§3.6)."""

    first: Seat
    """The seat of the first column: in export format the opening leader."""
    tricks: tuple[tuple[PlayedCard, ...], ...] = ()
    """Each trick's cards in the columns of ``first`` and the seats clockwise from it; a last
    trick may have fewer than four."""
    end: Literal["", "*"] = ""
    """``'*'``: no more cards will be given (a claim, say)."""
    notes: tuple[tuple[int, str], ...] = ()
    """The notes the cards refer to: index and text."""

    def __post_init__(self) -> None:
        if len(self.tricks) > 13:
            raise _fail("play_tricks_count", len(self.tricks), count=len(self.tricks))
        for i, trick in enumerate(self.tricks):
            if not 1 <= len(trick) <= 4:
                raise _fail("trick_cards", len(trick), trick=i + 1, count=len(trick))
            if len(trick) < 4 and i != len(self.tricks) - 1:
                raise _fail("trick_cards_not_last", len(trick), trick=i + 1, count=len(trick))
        seen: set[str] = set()
        for trick in self.tricks:
            for card in trick:
                if card.known and card.card in seen:
                    raise _fail("card_played_twice", card.card, card=card.card)
                seen.add(card.card)
        indices = [i for i, _ in self.notes]
        if len(set(indices)) != len(indices):
            raise _fail("notes_index_twice", self.notes, indices=sorted(indices))

    def sequence(self, trump: Strain) -> Iterator[tuple[Seat, str]]:
        """The cards in the order they were played, each with its seat; it stops at the first
        trick with a card not known (its winner, who leads next, is not known either)."""
        first = _INDEX[self.first]
        leader = 0  # columns, counted from the first
        for trick in self.tricks:
            lead = next((i for i, c in enumerate(trick) if c.out_of_turn), leader)
            played: list[tuple[Seat, str]] = []
            for k in range(4):
                column = (lead + k) % 4
                card = trick[column] if column < len(trick) else None
                if card is None or not card.known:
                    break
                played.append((_SEATS[(first + column) % 4], card.card))
            yield from played
            if len(played) < 4:
                return
            leader = (lead + trick_winner([c for _, c in played], trump)) % 4

    def winners(self, trump: Strain) -> list[Seat]:
        """The winner of each complete trick (up to the first card not known)."""
        cards = list(self.sequence(trump))
        out = []
        for i in range(0, len(cards) - len(cards) % 4, 4):
            trick = cards[i : i + 4]
            out.append(trick[trick_winner([c for _, c in trick], trump)][0])
        return out

    def tricks_won(self, trump: Strain, side: Side) -> int:
        """The complete tricks ``side`` won."""
        return sum(seat.side is side for seat in self.winners(trump))

    def note(self, index: int) -> str | None:
        """The text of a note, or None."""
        return next((text for i, text in self.notes if i == index), None)

    def lines(self) -> tuple[str, ...]:
        """The section's lines in export format: a trick a line, then ``*`` on a line of its
        own (as LinToPbnConverter writes it), so that every line is a trick."""
        out = [" ".join(c.token() for c in trick) for trick in self.tricks]
        if self.end:
            out.append(self.end)
        return tuple(out)

    @classmethod
    def read(
        cls,
        first: Seat | str,
        text: str | Sequence[str],
        notes: Iterable[tuple[int, str]] = (),
        *,
        trump: Strain | None = None,
    ) -> Play:
        """Read a play section: its first column's seat and its text, four cards a trick (the
        lines joined, or the lines: an import-format line may hold fewer).

        ``trump`` is unused in reading; it is accepted so that a caller who knows it can say so.

        :raises NotationError: for a token that is not a card or an annotation, more than 13
            tricks, a card played twice, or text after ``*``.
        """
        del trump
        seat = first if isinstance(first, Seat) else Seat.parse(first)
        joined = text if isinstance(text, str) else " ".join(text)
        words, end = read_annotated(joined, PLAY_SUFFIXES, "play")
        if end == "+":
            raise _fail("play_plus_end", end)
        cards = []
        for w in words:
            try:
                cards.append(_played(w))
            except NotationError as exc:
                raise SectionError.at(w.offset, exc) from None
        tricks = tuple(tuple(cards[i : i + 4]) for i in range(0, len(cards), 4))
        if len(tricks) > 13:
            raise _fail("play_cards_count", len(cards), count=len(cards))
        return cls(seat, tricks, "*" if end == "*" else "", tuple(notes))

    @classmethod
    def from_sequence(
        cls,
        first: Seat,
        cards: Iterable[str],
        trump: Strain,
        *,
        end: Literal["", "*"] = "",
        notes: Iterable[tuple[int, str]] = (),
    ) -> Play:
        """The play of cards given in the order played, ``first`` leading to the first trick.

        :raises NotationError: for a card that is not one, or played twice.
        """
        rows: list[list[str]] = []
        leader, trick = 0, []  # the leader's column, counted from the first
        for card in cards:
            trick.append(_parse_card(card))
            if len(trick) == 1:
                rows.append(["-"] * 4)
            rows[-1][(leader + len(trick) - 1) % 4] = trick[-1]
            if len(trick) == 4:
                if "-" in trick or "+" in trick:
                    raise _fail("play_unknown_card_inside", trick)
                leader = (leader + trick_winner(trick, trump)) % 4
                trick = []
        tricks = [tuple(PlayedCard(c) for c in row) for row in rows]
        if trick:  # a trick begun: its row ends at the last column played to
            tricks[-1] = tricks[-1][: max((leader + k) % 4 for k in range(len(trick))) + 1]
        return cls(first, tuple(tricks), end, tuple(notes))


def _played(w: Annotated) -> PlayedCard:
    unknown = [m for m in w.marks if m not in ("^R", "^L")]
    if unknown:
        raise _fail("play_irregularity", unknown[0], mark=unknown[0])
    return PlayedCard(_parse_card(w.word), w.note, w.nags, "^R" in w.marks, "^L" in w.marks)
