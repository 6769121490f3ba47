"""Auctions: the calls of a board with their alerts, notes and annotations (PBN 2.1 §3.5, §3.9).

An :class:`Auction` is the seat that calls first and its :class:`Call` s in order. A call is
``Pass``, ``X``, ``XX`` or a bid (``1C`` ... ``7NT``), or one of PBN's markers: ``AP`` (all the
players still to call pass), ``-`` (no call: not yet this player's turn, or not known) and
``^S`` (a player skipped by a call out of rotation, §3.9 B). A call may carry PBN's note
reference ``=1=`` (explained in the auction's :attr:`~Auction.notes`), NAGs ``$1`` (§3.7; the
suffixes ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!`` read as ``$1`` ... ``$6``), ``^I`` (an
insufficient bid, accepted, §3.9 A), and BBO's alert (LIN's ``mb|2C!|``; PBN has no notation
for it but a note).

>>> a = Auction.read(Seat.NORTH, "Pass 1S =1= Pass 2D Pass 4S AP", ((1, "five or more"),))
>>> a.contract, a.declarer, a.calls[1].note, a.notes
(Contract.parse('4S'), Seat.EAST, 1, ((1, 'five or more'),))
>>> a.lines()
('Pass 1S =1= Pass 2D', 'Pass 4S AP')
>>> Auction.read(Seat.NORTH, " ".join(a.lines()), a.notes) == a
True

:meth:`Auction.read` reads the text of a PBN auction section (the import format: lower case,
suffixes, annotations in any order, ``*`` or ``+`` at the end); :meth:`Auction.lines` writes
the export format, four calls a line from the first caller, each call's note reference and then
its NAGs in increasing order (§3.5.2). Reading what was written gives the same auction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Self

from bridgescore.errors import NotationError
from bridgescore.model import PASS_OUT, Contract, Doubling, PassOut, Seat, Side, Strain

__all__ = ["Auction", "Call", "SectionError", "parse_note", "read_annotated"]

MARKERS: Final = ("AP", "-", "^S")
"""Calls that are not calls: all pass, no call, a skipped player (§3.5.1, §3.9)."""
_NAMES: Final = frozenset({"Pass", "X", "XX", *MARKERS})
_BID: Final = re.compile(r"([1-7])(C|D|H|S|NT)", re.ASCII)
_WORDS: Final = {"PASS": "Pass", "X": "X", "XX": "XX", "AP": "AP", "-": "-"}
AUCTION_SUFFIXES: Final = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""The auction's suffix annotations and the NAGs they stand for (§3.5.3)."""
MAX_NOTE: Final = 32
"""The highest note index PBN allows (§3.5.4)."""
_TOKEN: Final = re.compile(
    r"[ \t\n]*(?:(\^[A-Za-z])|=([0-9]{1,3})=|\$([0-9]{1,4})|([!?]{1,2})|([*+])"
    r"|([^ \t\n=$!?^*+]+))"
)
"""One token of a section (§3.2): an irregularity, a note, a NAG, a suffix, an end mark, or
a word (a call or a card). Each alternative consumes what the others cannot: linear time."""


def _fail(code: str, value: object, field: str = "auction", **params: object) -> NotationError:
    return NotationError.coded(code, field=field, value=value, **params)


class SectionError(NotationError):
    """A token of an auction's or a play's text that cannot be read; :attr:`offset` is where
    in the text it starts, so that a file reader can name its line."""

    def __init__(self, reason: str, *, field: str, value: object, offset: int) -> None:
        super().__init__(reason, field=field, value=value)
        self.offset = offset

    @classmethod
    def at(cls, offset: int, exc: NotationError) -> Self:
        """``exc`` (its message, field, value, code and values) found at ``offset``.

        >>> err = SectionError.at(3, NotationError.coded("call_invalid", text="1Z"))
        >>> err.offset, err.code, str(err)[:25]
        (3, 'call_invalid', "invalid call '1Z': expect")
        """
        err = cls(str(exc), field=exc.field or "", value=exc.value, offset=offset)
        err.code, err.params = exc.code, exc.params
        return err


@dataclass(frozen=True, slots=True)
class Call:
    """One call of an auction and its annotations.

    >>> Call("1NT", note=2, nags=(1,)).token()
    '1NT =2= $1'
    """

    name: str
    """``'Pass'``, ``'X'``, ``'XX'``, a bid such as ``'1NT'``, or a marker: ``'AP'``, ``'-'``,
    ``'^S'``."""
    note: int | None = None
    """The note reference (1 to 32), explained in the auction's notes."""
    nags: tuple[int, ...] = ()
    """Numeric annotation glyphs (§3.7), in increasing order."""
    insufficient: bool = False
    """An insufficient bid the opponents accepted (``^I``)."""
    alert: bool = False
    """Alerted at the table (BBO's ``!``); PBN writes an alert as a note."""

    def __post_init__(self) -> None:
        if self.name not in _NAMES and not _BID.fullmatch(self.name):
            raise _fail("call_name_invalid", self.name, name=self.name)
        if self.note is not None and not 1 <= self.note <= MAX_NOTE:
            raise _fail("note_reference", self.note, note=self.note, most=MAX_NOTE)
        if self.nags and (any(not 0 <= n <= 255 for n in self.nags)
                          or list(self.nags) != sorted(self.nags)):  # fmt: skip
            raise _fail("nags_order", self.nags, nags=self.nags)
        if self.insufficient and not self.is_bid:
            raise _fail("insufficient_not_bid", self.name, name=self.name)

    @property
    def is_bid(self) -> bool:
        """Whether it names a level and a strain."""
        return self.name[:1].isdigit()

    @property
    def bid(self) -> Contract | None:
        """The bid as an undoubled contract, or None for another call."""
        m = _BID.fullmatch(self.name)
        return None if m is None else Contract(int(m[1]), Strain(m[2]))

    def token(self) -> str:
        """The call as the export format writes it: ``^I``, the call, the note, the NAGs."""
        parts = ["^I"] if self.insufficient else []
        parts.append(self.name)
        if self.note is not None:
            parts.append(f"={self.note}=")
        parts.extend(f"${n}" for n in self.nags)
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read one call as PBN writes it (``Pass``, ``pass``, ``1nt``, ``X``), no annotations.

        >>> Call.parse("1nt"), Call.parse("pass").name
        (Call(name='1NT', note=None, nags=(), insufficient=False, alert=False), 'Pass')

        :raises NotationError: for anything else.
        """
        return cls(_call_name(text))


def _call_name(text: str) -> str:
    """A call's name as PBN writes it (``Pass``, ``1NT``), from any case; ``4N`` (as Magic
    Contest writes 4NT in its auctions, and LIN does) is ``4NT``.

    >>> _call_name("4n"), _call_name("pass")
    ('4NT', 'Pass')
    """
    word = text.strip().upper()
    if word in _WORDS:
        return _WORDS[word]
    if _BID.fullmatch(word):
        return word
    if len(word) == 2 and word[0] in "1234567" and word[1] == "N":
        return f"{word}T"
    raise _fail("call_invalid", text, text=text)


@dataclass(frozen=True, slots=True)
class Annotated:
    """A word of a section with the annotations read after it (see :func:`read_annotated`)."""

    word: str
    note: int | None
    nags: tuple[int, ...]
    marks: tuple[str, ...]
    """The irregularity marks before it, such as ``'^I'``, in upper case."""
    offset: int = 0
    """Where the word starts in the text."""


def read_annotated(text: str, suffixes: dict[str, int], what: str) -> tuple[list[Annotated], str]:
    """Split a section's text into words with their annotations, and the end mark (``*``,
    ``+`` or ``''``).

    ``suffixes`` maps a suffix to its NAG; ``what`` names the section in messages.

    >>> words, end = read_annotated("1S! =2= $9 ^I 1C *", AUCTION_SUFFIXES, "auction")
    >>> [(w.word, w.note, w.nags, w.marks) for w in words], end
    ([('1S', 2, (1, 9), ()), ('1C', None, (), ('^I',))], '*')

    :raises NotationError: for text that is not a token, two note references or two suffixes
        on one word, annotations before any word, or text after the end mark.
    """
    words: list[Annotated] = []
    pending: list[str] = []
    note: int | None = None
    nags: list[int] = []
    suffixed = False
    end = ""
    pos, n = 0, len(text)

    def close() -> None:
        if words:
            last = words[-1]
            words[-1] = Annotated(last.word, note, tuple(sorted(nags)), last.marks, last.offset)

    def fail(code: str, value: object, at: int, **params: object) -> SectionError:
        return SectionError.at(at, NotationError.coded(code, field=what, value=value, **params))

    while pos < n:
        start = pos
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise fail(f"{what}_unexpected", text[pos : pos + 20], pos, text=text[pos : pos + 20])
        pos = m.end()
        mark, ref, nag, suffix, end_mark, word = m.groups()
        token = m[0].strip()
        if end:
            raise fail(f"{what}_after_end", token, start, token=token, end=end)
        if word is not None:
            close()
            words.append(Annotated(word, None, (), tuple(pending), m.start(6)))
            pending, note, nags, suffixed = [], None, [], False
        elif mark is not None:
            pending.append(mark.upper())
        elif end_mark is not None:
            if pending:
                raise fail(f"{what}_mark_before_end", pending[0], start, mark=pending[0])
            end = end_mark
        elif not words or pending:
            raise fail(f"{what}_before_any", token, start, token=token)
        elif ref is not None:
            if note is not None:
                raise fail("two_note_references", token, start, word=words[-1].word, note=note,
                           token=token)  # fmt: skip
            note = int(ref)
        elif nag is not None:
            nags.append(int(nag))
        else:
            assert suffix is not None
            if suffixed or suffix not in suffixes:
                raise fail("bad_suffix", token, start, token=token, word=words[-1].word)
            suffixed = True
            nags.append(suffixes[suffix])
    if pending:
        raise fail(f"{what}_mark_at_end", pending[0], n, mark=pending[0])
    close()
    return words, end


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls of a board from the first caller (PBN's ``Auction`` section, §3.5).

    >>> a = Auction.read(Seat.SOUTH, "1NT X XX Pass Pass Pass")
    >>> a.contract, a.declarer, a.is_complete
    (Contract.parse('1NTXX'), Seat.SOUTH, True)
    """

    first: Seat
    """The seat of the first call (in export format the dealer)."""
    calls: tuple[Call, ...] = ()
    end: Literal["", "*", "+"] = ""
    """``'*'``: no more calls will be given; ``'+'``: the auction goes on (§3.5)."""
    notes: tuple[tuple[int, str], ...] = ()
    """The notes the calls refer to: index and text, in the order given."""

    def __post_init__(self) -> None:
        names = [c.name for c in self.calls]
        if "AP" in names and names.index("AP") != len(names) - 1:
            raise _fail("all_pass_last", "AP")
        indices = [i for i, _ in self.notes]
        if len(set(indices)) != len(indices):
            raise _fail("notes_index_twice", self.notes, indices=sorted(indices))
        for i, text in self.notes:
            if not 1 <= i <= MAX_NOTE:
                raise _fail("note_index", i, index=i, most=MAX_NOTE)
            if "\n" in text or "\r" in text:
                raise _fail("note_line_break", text, index=i)
        calls = self.real_calls()
        close = self._close_index(calls)
        if close is not None and close < len(calls) - 1:
            raise _fail("call_after_end", calls[close + 1].name, name=calls[close + 1].name)

    def real_calls(self) -> list[Call]:
        """The calls without the leading ``-`` of players before the first caller."""
        calls = list(self.calls)
        while calls and calls[0].name == "-":
            calls.pop(0)
        return calls

    @staticmethod
    def _close_index(calls: Sequence[Call]) -> int | None:
        """Where the auction closes: the fourth pass of a passed-out deal, the third pass after
        a call, or AP; None if it does not."""
        passes, any_call = 0, False
        for i, call in enumerate(calls):
            if call.name == "AP":
                return i
            if call.name == "Pass":
                passes += 1
                if passes == (3 if any_call else 4):
                    return i
            elif call.name == "^S":
                continue
            else:
                passes = 0
                any_call = any_call or call.name != "-"
        return None

    def seats(self) -> Iterator[tuple[Seat, Call]]:
        """Each call with the seat that made it (a ``-`` and a ``^S`` take a seat's turn)."""
        for i, call in enumerate(self.calls):
            yield self.first.next(i), call

    @property
    def is_complete(self) -> bool:
        """Whether the calls end the auction (four passes, three after a bid, or AP)."""
        return self._close_index(self.real_calls()) is not None

    def final(self) -> tuple[Contract | PassOut | None, Seat | None]:
        """The contract and the declarer at once (see :attr:`contract`, :attr:`declarer`).

        >>> Auction.read("N", "1S Pass 4S AP").final()
        (Contract.parse('4S'), Seat.NORTH)
        """
        return self._final()

    def _final(self) -> tuple[Contract | PassOut | None, Seat | None]:
        bid: Contract | None = None
        doubling = Doubling.UNDOUBLED
        bidder: Seat | None = None
        first_to_name: dict[tuple[Side, Strain], Seat] = {}
        for seat, call in self.seats():
            if call.is_bid:
                bid = call.bid
                assert bid is not None
                doubling, bidder = Doubling.UNDOUBLED, seat
                first_to_name.setdefault((seat.side, bid.strain), seat)
            elif call.name == "X":
                doubling = Doubling.DOUBLED
            elif call.name == "XX":
                doubling = Doubling.REDOUBLED
        if bid is None or bidder is None:
            return (PASS_OUT if self.is_complete else None), None
        contract = Contract(bid.level, bid.strain, doubling)
        return contract, first_to_name[(bidder.side, bid.strain)]

    @property
    def contract(self) -> Contract | PassOut | None:
        """The final contract, :data:`~bridgescore.model.PASS_OUT` if all four passed, None
        if no bid has been made yet."""
        return self._final()[0]

    @property
    def declarer(self) -> Seat | None:
        """The first player of the side that made the final bid to name its strain (Law 22);
        None without a bid."""
        return self._final()[1]

    def note(self, index: int) -> str | None:
        """The text of a note, or None."""
        return next((text for i, text in self.notes if i == index), None)

    def without_ap(self) -> Auction:
        """The same auction with ``AP`` written out as the passes it stands for (its
        annotations on the first of them).

        >>> Auction.read("N", "1S AP").without_ap().lines()
        ('1S Pass Pass Pass',)
        """
        calls = list(self.calls)
        if not calls or calls[-1].name != "AP":
            return self
        ap = calls.pop()
        real = self.real_calls()[:-1]
        passes = 0
        for call in reversed(real):
            if call.name != "Pass":
                break
            passes += 1
        bid = any(c.name not in ("Pass", "^S", "-") for c in real)
        need = max((3 if bid else 4) - passes, 0)
        extra = [Call("Pass", ap.note, ap.nags, alert=ap.alert)] + [Call("Pass")] * (need - 1)
        return Auction(self.first, tuple(calls + extra[:need]), self.end, self.notes)

    def lines(self) -> tuple[str, ...]:
        """The section's lines in export format: four calls a line, the end mark after the
        last call."""
        tokens = [c.token() for c in self.calls]
        out = [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]
        if self.end:
            if out:
                out[-1] += f" {self.end}"
            else:
                out.append(self.end)
        return tuple(out)

    @classmethod
    def read(cls, first: Seat | str, text: str, notes: Iterable[tuple[int, str]] = ()) -> Auction:
        """Read an auction section's text (its lines joined), its first caller and its notes.

        >>> Auction.read("n", "pass 1s! ^I 1d").calls[1:]
        (Call(name='1S', note=None, nags=(1,), insufficient=False, alert=False), \
Call(name='1D', note=None, nags=(), insufficient=True, alert=False))

        :raises NotationError: for a token that is not a call or an annotation, ``^I`` before
            what is not a bid, a call after the auction ended, or a bad note.
        """
        seat = first if isinstance(first, Seat) else Seat.parse(first)
        words, end = read_annotated(text, AUCTION_SUFFIXES, "auction")
        calls = []
        for w in words:
            try:
                calls.extend(_calls(w))
            except NotationError as exc:
                raise SectionError.at(w.offset, exc) from None
        if end and end not in ("*", "+"):
            raise _fail("auction_end_mark", end, end=end)
        return cls(seat, tuple(calls), "*" if end == "*" else "+" if end == "+" else "",
                   tuple(notes))  # fmt: skip


def _calls(w: Annotated) -> list[Call]:
    """A word of an auction as calls: a ``^S`` before it is a call of its own."""
    out, insufficient = [], False
    for mark in w.marks:
        if mark == "^S":
            out.append(Call("^S"))
        elif mark == "^I":
            insufficient = True
        else:
            raise _fail("auction_irregularity", mark, mark=mark)
    out.append(Call(_call_name(w.word), w.note, w.nags, insufficient))
    return out


def parse_note(value: str) -> tuple[int, str]:
    """A ``Note`` tag's value: ``'1:text'`` to ``(1, 'text')`` (§3.5.5).

    >>> parse_note("2:weak two")
    (2, 'weak two')

    :raises NotationError: without an index and a colon.
    """
    index, colon, text = value.partition(":")
    if not colon or not index.strip().isdigit() or len(index.strip()) > 3:
        raise _fail("note_notation", value, "Note", text=value[:40])
    return int(index), text
