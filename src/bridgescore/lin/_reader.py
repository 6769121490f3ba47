"""Reading LIN text into :class:`LinBoard` s: the pairs ``key|value|``, then each board's
deal, players, auction, play, claim and result."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Literal, NoReturn

from bridgescore.boards.auction import Auction, Call
from bridgescore.boards.deal import RANKS, Deal, Hand
from bridgescore.boards.play import Play
from bridgescore.errors import BridgeError, LinError
from bridgescore.model import (
    PASS_OUT,
    Contract,
    Doubling,
    Result,
    Seat,
    Strain,
    Vulnerability,
)

__all__ = ["LIN_SEATS", "LinBoard", "LinFile", "Room", "read_lin"]

Room = Literal["open", "closed"]
LIN_SEATS: Final = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of LIN's hands (``md|``) and players (``pn|``), and its dealer digits 1-4."""
_KEY: Final = re.compile(r"[A-Za-z]{2}", re.ASCII)
_CALL: Final = re.compile(r"(p|d|r|x|xx|[1-7](?:nt|[cdhsn]))(!?)", re.ASCII | re.IGNORECASE)
_CARD: Final = re.compile(r"([shdc])(10|[akqjt2-9])", re.ASCII | re.IGNORECASE)
_RESULT: Final = re.compile(
    r"([1-7])(nt|[cdhsn])([nesw])(x{0,2})(=|[+-][0-9]{1,2})", re.ASCII | re.IGNORECASE
)
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_VUL: Final = {
    "o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
    "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH,
}  # fmt: skip
_LONGEST_VALUE: Final = 4000
"""The longest value read into a board (an ``an|`` or ``pn|``): commentary (``nt|``,
``at|``) may be longer, and is skipped."""


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board of a LIN file: what was dealt, who sat where, and what happened.

    >>> (b,) = read_lin("pn|S1,W1,N1,E1|md|1SAKQJHAKQDAKQCAKQ,,,|sv|n|ah|Board 7|mb|7N|"
    ...                 "mb|p|mb|p|mb|p|mc|13|").boards
    >>> b.number, b.dealer, b.vulnerability, b.players[0], str(b.result)
    (7, Seat.SOUTH, Vulnerability.NS, 'N1', '7NTS=')
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal | None = None
    players: tuple[str, str, str, str] = ("", "", "", "")
    """North's, East's, South's and West's names (``''`` if not given)."""
    auction: Auction | None = None
    """The calls (``mb|``), alerts (``!``) and explanations (``an|``, as notes)."""
    play: Play | None = None
    """The cards played (``pc|``) in PBN's columns from the opening leader."""
    claim: int | None = None
    """The tricks declarer takes in all, as claimed or conceded (``mc|``)."""
    recorded: Result | None = None
    """The result the file records (a vugraph's ``rs|``), if any."""
    room: Room | None = None
    """A vugraph board's room (``qx|o1`` or ``qx|c1``)."""
    title: str = ""
    """The board's heading (``ah|``), such as ``'Board 7'``."""

    @property
    def result(self) -> Result | None:
        """The result: the recorded one, else the claim's or the thirteen tricks' (with the
        auction's contract and declarer); None if neither says."""
        if self.recorded is not None:
            return self.recorded
        auction = self.auction
        if auction is None or not auction.is_complete:
            return None
        contract, declarer = auction.final()
        if contract is PASS_OUT:
            return Result(PASS_OUT, None, 0)
        if not isinstance(contract, Contract) or declarer is None:
            return None
        if self.claim is not None:
            return Result(contract, declarer, self.claim)
        if self.play is not None and len(self.play.winners(contract.strain)) == 13:
            return Result(contract, declarer, self.play.tricks_won(contract.strain,
                                                                   declarer.side))  # fmt: skip
        return None


@dataclass(frozen=True, slots=True)
class LinFile:
    """What a LIN file holds: its boards and, for a vugraph (``vg|``), the match."""

    boards: tuple[LinBoard, ...]
    event: str = ""
    segment: str = ""
    teams: tuple[str, str] = ("", "")
    """The home team (NS in the open room) and the visitors."""
    scoring: str = ""
    """``vg|``'s scoring letter: ``I`` (IMPs), ``P`` (matchpoints), ``B`` (board-a-match)."""

    @property
    def is_vugraph(self) -> bool:
        """Whether its boards are a team match's rooms."""
        return any(b.room is not None for b in self.boards)


def read_lin(text: str, *, source: str = "<text>") -> LinFile:
    """Read LIN text: a BBO tournament's file (a ``pn|``, ``md|``, ``mb|`` ... a board) or a
    vugraph's (``vg|``, eight players, ``qx|o1|``/``qx|c1|`` rooms, ``rs|`` results).

    >>> read_lin("md|3SA,,,|", source="x.lin")
    Traceback (most recent call last):
    ...
    bridgescore.errors.LinError: x.lin, board 1, character 0: bad deal in md|: invalid deal \
'N:- - A... -': south has 1 cards; a hand has 13

    :raises LinError: for text that is not LIN or a board that cannot be, naming the board
        and the character offset.
    """
    if not isinstance(text, str):
        raise LinError(f"LIN text must be a str, got {type(text).__name__}", source=source)
    return _LinReader(text.removeprefix("\ufeff"), source).read()


def _pairs(text: str, source: str) -> Iterator[tuple[str, str, int]]:
    """The ``key|value|`` pairs of the text: the key in lower case, the value, where the key
    starts. A last value may lack its closing ``|``."""
    pos, n = 0, len(text)
    while pos < n:
        bar = text.find("|", pos)
        if bar < 0:
            rest = text[pos:]
            if rest.strip():
                start = pos + len(rest) - len(rest.lstrip())
                raise LinError(f"text after the last value: {_quote(rest)}", offset=start,
                               source=source, value=rest.strip()[:40])  # fmt: skip
            return
        raw = text[pos:bar]
        start = pos + len(raw) - len(raw.lstrip())
        key = raw.strip()
        if not key:  # a stray '|' (vugraph files write 'pn|...||pg||'): skipped
            pos = bar + 1
            continue
        if not _KEY.fullmatch(key):
            raise LinError(f"expected a two-letter key before '|', got {_quote(raw)}",
                           offset=start, source=source, value=key[:40])  # fmt: skip
        end = text.find("|", bar + 1)
        if end < 0:
            yield key.lower(), text[bar + 1 :], start
            return
        yield key.lower(), text[bar + 1 : end], start
        pos = end + 1


def _quote(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


@dataclass
class _Draft:
    """A board being read."""

    start: int
    number: int | None = None
    room: Room | None = None
    title: str = ""
    players: list[str] | None = None
    md: tuple[str, int] | None = None
    sv: tuple[str, int] | None = None
    calls: list[tuple[str, int]] = field(default_factory=list)
    explanations: dict[int, str] = field(default_factory=dict)
    """By the index of the call explained."""
    cards: list[tuple[str, int]] = field(default_factory=list)
    claim: tuple[str, int] | None = None
    header: list[str] | None = None
    """The vugraph's eight players when the board began."""

    @property
    def started(self) -> bool:
        """Whether anything but its room has been read (a ``pn|`` now is the next board's)."""
        return bool(self.md or self.title or self.sv or self.calls or self.cards or self.claim)


class _LinReader:
    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source
        self.boards: list[LinBoard] = []
        self.header: list[str] | None = None
        """The eight players of a vugraph (``pn|`` before its first board)."""
        self.pending: list[str] | None = None
        self.vg: list[str] = []
        self.rs: tuple[list[str], int] | None = None

    def fail(self, reason: str, at: int, *, board: int | None = None, key: str | None = None,
             value: object = None) -> NoReturn:  # fmt: skip
        raise LinError(reason, board=board, offset=at, source=self.source, field=key,
                       value=value)  # fmt: skip

    def refuse(self, code: str, at: int, *, board: int | None = None, key: str | None = None,
               value: object = None, **params: object) -> NoReturn:  # fmt: skip
        """:meth:`fail` with the reason :data:`~bridgescore.errors.MESSAGES` ``[code]`` filled
        with ``params``, so that the web and the CLI say it in the reader's language."""
        place = {"board": board, "offset": at, "source": self.source}
        raise LinError.coded(code, field=key, value=value, at=place, **params)

    def read(self) -> LinFile:
        draft: _Draft | None = None
        for key, value, at in _pairs(self.text, self.source):
            if (
                key in ("pn", "an", "ah", "vg", "rs", "qx", "md", "mb", "pc", "mc", "sv")
                and len(value) > _LONGEST_VALUE
            ):
                self.fail(f"the value of {key}| is {len(value)} characters long", at, key=key)
            if key == "vg":
                self.vg = value.split(",")
            elif key == "rs":
                self.rs = (value.split(","), at)
            elif key == "pn":
                names = [n.strip() for n in value.split(",")]
                if len(names) > 4:
                    self.header = (names + [""] * 8)[:8]
                    if draft is not None and not draft.started:
                        draft.header = self.header
                elif draft is not None and not draft.started:
                    draft.players = names
                else:
                    self.pending = names
            elif key == "qx":
                if draft is not None:
                    self.finish(draft)
                draft = self.new(at)
                self.qx(draft, value, at)
            elif key == "md":
                if draft is None or draft.md is not None:
                    if draft is not None:
                        self.finish(draft)
                    draft = self.new(at)
                draft.md = (value, at)
            elif key in ("ah", "sv", "mb", "an", "pc", "mc"):
                if (
                    draft is not None
                    and key in ("ah", "sv")
                    and (draft.calls or draft.cards or (draft.title if key == "ah" else draft.sv))
                ):  # a heading or vulnerability after a board's calls: the next board's
                    self.finish(draft)
                    draft = None
                if draft is None:
                    draft = self.new(at)
                self.board_pair(draft, key, value, at)
        if draft is not None:
            self.finish(draft)
        return self.file()

    def new(self, at: int) -> _Draft:
        draft = _Draft(at, players=self.pending, header=self.header)
        self.pending = None
        return draft

    def qx(self, draft: _Draft, value: str, at: int) -> None:
        head = value.split(",")[0].strip()
        if head[:1].lower() in ("o", "c"):
            draft.room = "open" if head[:1].lower() == "o" else "closed"
            head = head[1:]
        if head.isascii() and head.isdigit() and len(head) < 6:
            draft.number = int(head)
        elif head:
            self.fail(f"bad qx|{value}|: expected a room and a board number, such as o1 or c12",
                      at, key="qx", value=value)  # fmt: skip

    def board_pair(self, draft: _Draft, key: str, value: str, at: int) -> None:
        if key == "ah":
            draft.title = value.strip()
            digits = re.findall(r"[0-9]{1,5}", value)
            if digits and draft.number is None:
                draft.number = int(digits[-1])
        elif key == "sv":
            draft.sv = (value, at)
        elif key == "mb":
            draft.calls.append((value, at))
        elif key == "an":
            if not draft.calls:
                self.fail("an| explains a call, but no call (mb|) comes before it", at,
                          board=self.number(draft), key="an", value=value)  # fmt: skip
            draft.explanations[len(draft.calls) - 1] = value
        elif key == "pc":
            draft.cards.append((value, at))
        elif key == "mc":
            draft.claim = (value, at)

    def number(self, draft: _Draft) -> int:
        """The board's number: its own, else one after the board before it."""
        if draft.number is not None:
            return draft.number
        return (self.boards[-1].number + 1) if self.boards else 1

    def finish(self, draft: _Draft) -> None:
        board = _Board(self, draft, self.number(draft)).build()
        self.boards.append(board)

    def file(self) -> LinFile:
        vg = (self.vg + [""] * 9)[:9]
        boards = self.boards
        if self.rs is not None:
            boards = self.recorded(boards, *self.rs)
        return LinFile(tuple(boards), vg[0].strip(), vg[1].strip(),
                       (vg[5].strip(), vg[7].strip()), vg[2].strip())  # fmt: skip

    def recorded(self, boards: list[LinBoard], results: list[str], at: int) -> list[LinBoard]:
        """The boards with the results ``rs|`` records: a vugraph's by board and room (open
        then closed from its first board), another file's in order."""
        vugraph = any(b.room is not None for b in boards)
        first = min((b.number for b in boards), default=1)
        vg = (self.vg + [""] * 4)[:4]
        if vg[3].strip().isdigit() and len(vg[3].strip()) < 6:
            first = int(vg[3])
        out = []
        for i, board in enumerate(boards):
            index = i
            if vugraph:
                index = 2 * (board.number - first) + (board.room == "closed")
            text = results[index].strip() if 0 <= index < len(results) else ""
            if not text:
                out.append(board)
                continue
            try:
                result = _rs_result(text)
            except BridgeError as exc:
                self.fail(f"bad result {text!r} in rs|: {exc}", at, board=board.number,
                          key="rs", value=text)  # fmt: skip
            out.append(_replace_recorded(board, result))
        return out


def _replace_recorded(board: LinBoard, result: Result) -> LinBoard:
    return LinBoard(board.number, board.dealer, board.vulnerability, board.deal, board.players,
                    board.auction, board.play, board.claim, result, board.room,
                    board.title)  # fmt: skip


def _rs_result(text: str) -> Result:
    """A result as ``rs|`` writes it: ``4SWx-1``, ``3NE=``, ``P`` for a passed-out deal."""
    if text.upper() in ("P", "PASS", "AP"):
        return Result(PASS_OUT, None, 0)
    m = _RESULT.fullmatch(text)
    if m is None:
        raise LinError("expected a contract, declarer and result such as 4SWx-1 or 3NE=")
    level, strain, seat, doubling, outcome = m.groups()
    doubled = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[len(doubling)]
    contract = Contract(int(level), Strain.parse(strain), doubled)
    tricks = contract.tricks_needed + (0 if outcome == "=" else int(outcome))
    if not 0 <= tricks <= 13:
        raise LinError(f"{text!r} gives {tricks} tricks")
    return Result(contract, Seat.parse(seat), tricks)


class _Board:
    """Builds one board from its draft, failing with its number and an offset."""

    def __init__(self, reader: _LinReader, draft: _Draft, number: int) -> None:
        self.reader, self.draft, self.number = reader, draft, number

    def fail(self, reason: str, at: int, key: str, value: object = None) -> NoReturn:
        self.reader.fail(reason, at, board=self.number, key=key, value=value)

    def refuse(self, code: str, at: int, key: str, value: object = None, **params: object
               ) -> NoReturn:  # fmt: skip
        self.reader.refuse(code, at, board=self.number, key=key, value=value, **params)

    def build(self) -> LinBoard:
        d = self.draft
        if self.number < 1:
            self.refuse("lin_board_number", d.start, "qx", number=self.number)
        dealer, deal = self.deal()
        vul = Vulnerability.from_board(self.number)
        if d.sv is not None:
            value, at = d.sv
            found = _VUL.get(value.strip().lower())
            if found is None:
                self.refuse("lin_vulnerability", at, "sv", value, text=value)
            vul = found
        auction = self.auction(dealer)
        play = self.play(auction, deal)
        claim = None
        if d.claim is not None:
            value, at = d.claim
            text = value.strip()
            if not (text.isascii() and text.isdigit() and int(text) <= 13):
                self.refuse("lin_claim", at, "mc", value, text=value)
            claim = int(text)
        return LinBoard(self.number, dealer, vul, deal, self.players(), auction, play, claim,
                        None, d.room, d.title)  # fmt: skip

    def players(self) -> tuple[str, str, str, str]:
        d = self.draft
        header = d.header if d.header is not None else self.reader.header
        names = d.players
        if header is not None and (d.room is not None or names is None):
            names = header[4:8] if d.room == "closed" else header[0:4]
        if names is None:
            return ("", "", "", "")
        by_seat = dict(zip(LIN_SEATS, (names + [""] * 4)[:4], strict=True))
        return (by_seat[Seat.NORTH], by_seat[Seat.EAST], by_seat[Seat.SOUTH],
                by_seat[Seat.WEST])  # fmt: skip

    def deal(self) -> tuple[Seat, Deal | None]:
        law = Seat.dealer_of_board(self.number)
        if self.draft.md is None:
            return law, None
        value, at = self.draft.md
        text = value.strip()
        dealer = law
        if text[:1].isdigit():
            if text[0] not in "1234":
                self.refuse("lin_dealer", at, "md", value, digit=text[0])
            dealer, text = LIN_SEATS[int(text[0]) - 1], text[1:]
        hands = text.split(",")
        if len(hands) > 4:
            self.refuse("lin_hands", at, "md", value, count=len(hands))
        parsed: list[Hand | None] = []
        for hand in (hands + [""] * 4)[:4]:
            h = _hand(hand)
            if h is False:
                self.refuse("lin_hand", at, "md", value, quoted=_quote(hand))
            parsed.append(h)
        known = [h for h in parsed if h is not None]
        if len(known) == 3 and all(len(h) == 13 for h in known):
            parsed[parsed.index(None)] = _rest(known)
        by_seat = dict(zip(LIN_SEATS, parsed, strict=True))
        try:
            deal = Deal(tuple(by_seat[s] for s in Seat))  # type: ignore[arg-type]
        except BridgeError as exc:
            self.refuse("lin_deal", at, "md", value, error=exc)
        return dealer, (deal if known else None)

    def auction(self, dealer: Seat) -> Auction | None:
        d = self.draft
        if not d.calls:
            return None
        texts: dict[str, int] = {}
        calls = []
        for i, (value, at) in enumerate(d.calls):
            m = _CALL.fullmatch(value.strip())
            if m is None:
                self.refuse("lin_call", at, "mb", value, text=value)
            word, alert = m[1].upper(), bool(m[2])
            name = {"P": "Pass", "D": "X", "X": "X", "R": "XX", "XX": "XX"}.get(word)
            if name is None:
                name = word[0] + ("NT" if word[1:] in ("N", "NT") else word[1:])
            note = None
            explanation = _CONTROL.sub(" ", d.explanations.get(i, ""))
            if explanation.strip():
                if explanation not in texts and len(texts) == 32:
                    self.fail("more than 32 different explanations (an|): PBN numbers its "
                              "notes 1 to 32", at, "an")  # fmt: skip
                note = texts.setdefault(explanation, len(texts) + 1)
            calls.append(Call(name, note, alert=alert))
        notes = tuple((i, t) for t, i in texts.items())
        try:
            return Auction(dealer, tuple(calls), "", notes)
        except BridgeError as exc:
            self.refuse("lin_auction", d.calls[0][1], "mb", error=exc)

    def play(self, auction: Auction | None, deal: Deal | None) -> Play | None:
        d = self.draft
        if not d.cards:
            return None
        cards = []
        for value, at in d.cards:
            m = _CARD.fullmatch(value.strip())
            if m is None:
                self.refuse("lin_card", at, "pc", value, text=value)
            cards.append(m[1].upper() + ("T" if m[2] == "10" else m[2].upper()))
        contract, declarer = (None, None) if auction is None else auction.final()
        if not isinstance(contract, Contract) or declarer is None:
            self.refuse("lin_play_no_contract", d.cards[0][1], "pc")
        try:
            play = Play.from_sequence(declarer.lho, cards, contract.strain,
                                      end="*" if d.claim is not None else "")  # fmt: skip
        except BridgeError as exc:
            self.refuse("lin_play", d.cards[0][1], "pc", error=exc)
        hands = () if deal is None else tuple(zip(Seat, deal.hands, strict=True))
        owner = {c: s for s, h in hands if h is not None for c in h.cards()}
        known = {s for s, h in hands if h is not None}
        for (seat, card), (value, at) in zip(play.sequence(contract.strain), d.cards,
                                             strict=False):  # fmt: skip
            holder = owner.get(card)
            if (holder is not None or seat in known) and holder is not seat:
                self.fail(f"{seat.name.lower()} plays {card} (pc|{value}|) but does not hold "
                          "it", at, "pc", value)  # fmt: skip
        return play


def _hand(text: str) -> Hand | Literal[False] | None:
    """A LIN hand (``SAKQHT9D8C765``, any case, ranks in any order); None if empty, False if
    it is not a hand."""
    text = text.strip().upper().replace("10", "T")
    if not text:
        return None
    suits: dict[str, list[str]] = {"S": [], "H": [], "D": [], "C": []}
    current: list[str] | None = None
    for ch in text:
        if ch in suits:
            current = suits[ch]
        elif ch in RANKS and current is not None:
            current.append(ch)
        else:
            return False
    try:
        return Hand.parse(".".join("".join(r) for r in suits.values()))
    except BridgeError:
        return False


def _rest(hands: list[Hand]) -> Hand | None:
    """The fourth hand: the cards the other three do not hold."""
    held = {c for h in hands for c in h.cards()}
    suits = ["".join(r for r in RANKS if s + r not in held) for s in "SHDC"]
    return Hand(*suits)
