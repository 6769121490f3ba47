"""The domain: strains, doublings, seats, sides, vulnerability, contracts and results.

Every type here is an immutable value. Enum values are the notation (``Strain("H")``,
``Vulnerability("All")`` as PBN writes it), and :meth:`Contract.parse` / :meth:`Result.parse`
read the notation players write, printing back one canonical form:

>>> r = Result.parse("4hx s -2")
>>> r, str(r), r.tricks
(Result.parse('4HXS-2'), '4HXS-2', 8)
>>> Vulnerability.from_board(7), Seat.dealer_of_board(7)
(Vulnerability.BOTH, Seat.SOUTH)
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass
from typing import Final, Literal, Self

from bridgescore.errors import InvalidBoardError, InvalidResultError, NotationError

__all__ = [
    "PASS_OUT",
    "Contract",
    "Doubling",
    "NamedEnum",
    "PassOut",
    "Result",
    "Seat",
    "Side",
    "Strain",
    "TwoSides",
    "Vulnerability",
    "check_tricks",
    "parse_contract",
    "quote_text",
]


class NamedEnum(enum.Enum):
    """An enum whose repr is the expression that names it: ``Seat.NORTH``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Strain(NamedEnum):
    """The denomination of a contract, in bidding order."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def symbol(self) -> str:
        """The suit symbol (``'♥'``), or ``'NT'`` for notrump."""
        return _SYMBOLS[self]

    @property
    def is_minor(self) -> bool:
        """True for clubs and diamonds, whose tricks are worth 20."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain: ``C D H S NT N``, either case, or a suit symbol.

        >>> Strain.parse("♠"), Strain.parse("n")
        (Strain.SPADES, Strain.NOTRUMP)

        :raises NotationError: for anything else.
        """
        strain = _STRAINS.get(text.strip().upper())
        if strain is None:
            raise NotationError.coded("strain_notation", field="strain", value=text, text=text)
        return strain


_SYMBOLS: Final = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}
_STRAINS: Final = {
    **{s.value: s for s in Strain},
    **{s.symbol: s for s in Strain},
    **dict(zip("♧♢♡♤", (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES), strict=True)),
    "N": Strain.NOTRUMP,
}


class Doubling(NamedEnum):
    """Whether the contract was doubled or redoubled; the value is its notation."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def multiplier(self) -> int:
        """What the trick points are multiplied by: 1, 2 or 4."""
        return {"": 1, "X": 2, "XX": 4}[self.value]

    @property
    def word(self) -> str:
        """``'undoubled'``, ``'doubled'`` or ``'redoubled'``."""
        return self.name.lower()


class TwoSides(NamedEnum):
    """An enum of the two sides of a table, each the other's opponents."""

    @property
    def opponents(self) -> Self:
        """The other side."""
        first, second = type(self)
        return second if self is first else first


class Side(TwoSides):
    """A partnership at a duplicate or Chicago table."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the side, North or East first."""
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read a side: ``NS``, ``N-S``, ``EW``, ``E-W``, in either case.

        :raises NotationError: for anything else.
        """
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise NotationError.coded("side_notation", field="side", value=text, text=text)


class Seat(NamedEnum):
    """A player's seat at the table, in clockwise order from North."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    def next(self, n: int = 1) -> Seat:
        """The seat ``n`` places clockwise (to the left) of this one.

        >>> Seat.WEST.next(), Seat.NORTH.next(3)
        (Seat.NORTH, Seat.WEST)
        """
        return _SEATS[(_SEATS.index(self) + n) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return self.next(1)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return self.next(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return self.next(3)

    @property
    def side(self) -> Side:
        """The side this seat belongs to."""
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @classmethod
    def dealer_of_board(cls, board: int) -> Seat:
        """The dealer of a duplicate board (Law 2): N deals 1, 5, 9, 13, E 2, 6, 10, 14...

        >>> [Seat.dealer_of_board(b).value for b in (1, 2, 3, 4, 17)]
        ['N', 'E', 'S', 'W', 'N']

        :raises InvalidBoardError: if ``board`` is not a positive integer.
        """
        return _SEATS[(_check_board(board) - 1) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat: ``N E S W`` or ``North`` ... ``West``, in either case.

        :raises NotationError: for anything else.
        """
        key = text.strip().upper()
        for seat in _SEATS:
            if key in (seat.value, seat.name):
                return seat
        raise NotationError.coded("seat_notation", field="seat", value=text, text=text)


_SEATS: Final = tuple(Seat)


def _check_board(board: int) -> int:
    if not isinstance(board, int) or isinstance(board, bool) or board < 1:
        raise InvalidBoardError.coded("board_number", field="board", value=board, board=board)
    return board


class Vulnerability(NamedEnum):
    """Which sides are vulnerable on a deal; the values are PBN's export spelling."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether a seat or a side is vulnerable.

        >>> Vulnerability.NS.is_vulnerable(Seat.SOUTH), Vulnerability.NS.is_vulnerable(Side.EW)
        (True, False)
        """
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def from_board(cls, board: int) -> Vulnerability:
        """The vulnerability of a duplicate board (Law 2), repeating every 16 boards.

        >>> [Vulnerability.from_board(b).value for b in (1, 2, 3, 4, 5, 16)]
        ['None', 'NS', 'EW', 'All', 'NS', 'EW']

        :raises InvalidBoardError: if ``board`` is not a positive integer.
        """
        i = (_check_board(board) - 1) % 16
        return _VULS[(i + i // 4) % 4]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read a vulnerability as PBN import format allows it, in any case.

        ``None``, ``Love`` or ``-`` for neither side; ``NS``; ``EW``; ``All`` or ``Both``.

        >>> Vulnerability.parse("both"), Vulnerability.parse("Love")
        (Vulnerability.BOTH, Vulnerability.NONE)

        :raises NotationError: for anything else.
        """
        key = text.strip().upper().replace("-", "").replace("/", "")
        vulnerability = _VUL_WORDS.get(key)
        if vulnerability is None:
            raise NotationError.coded(
                "vulnerability_notation", field="vulnerability", value=text, text=text
            )
        return vulnerability


_VULS: Final = tuple(Vulnerability)
_VUL_WORDS: Final = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "": Vulnerability.NONE,  # PBN's "-" once the dash is stripped
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
}


class _Notation:
    """A value printed as its canonical notation and shown as the call that reads it back."""

    __slots__ = ()

    def notation(self, *, symbols: bool = False) -> str:
        """The canonical notation, with suit symbols if asked."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Contract(_Notation):
    """The final bid of an auction: level, strain and doubling.

    >>> c = Contract.parse("4♥x")
    >>> c, c.trick_points, c.is_game
    (Contract.parse('4HX'), 240, True)
    >>> c.notation(symbols=True)
    '4♥X'
    """

    level: int
    """The number of odd tricks bid, 1 to 7."""
    strain: Strain
    """Trumps, or notrump."""
    doubling: Doubling = Doubling.UNDOUBLED
    """Undoubled, doubled or redoubled."""

    def __post_init__(self) -> None:
        level = self.level
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 7:
            raise InvalidResultError.coded(
                "contract_level_got", field="level", value=level, level=level
            )
        if not isinstance(self.strain, Strain):
            raise InvalidResultError.coded(
                "strain_type", field="strain", value=self.strain, strain=self.strain
            )
        if not isinstance(self.doubling, Doubling):
            raise InvalidResultError.coded(
                "doubling_type", field="doubling", value=self.doubling, doubling=self.doubling
            )

    def __hash__(self) -> int:
        # Equal contracts have equal fields, so this agrees with ``==``. The generated hash would
        # call ``Enum.__hash__`` (Python code) twice; the notation strings cache their hashes, which
        # makes the score caches keyed by a contract several times faster.
        return hash((self.level, self.strain._value_, self.doubling._value_))

    @property
    def tricks_needed(self) -> int:
        """The tricks declarer must take: six plus the level."""
        return 6 + self.level

    @property
    def trick_points(self) -> int:
        """The trick score (contract points) if made, after doubling (Law 77)."""
        per_trick = 20 if self.strain.is_minor else 30
        first_extra = 10 if self.strain is Strain.NOTRUMP else 0
        return (per_trick * self.level + first_extra) * self.doubling.multiplier

    @property
    def is_game(self) -> bool:
        """Whether making it is a game on its own: trick points of 100 or more."""
        return self.trick_points >= 100

    def notation(self, *, symbols: bool = False) -> str:
        """The canonical notation, with suit symbols if asked."""
        strain = self.strain.symbol if symbols else self.strain.value
        return f"{self.level}{strain}{self.doubling.value}"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract: ``4H 4HX 4hx 4♥X 3NT 3N 7SXX``.

        A passed-out deal is not a contract; :func:`parse_contract` accepts ``Pass`` as well.

        :raises NotationError: if the text is not a contract.
        """
        contract = parse_contract(text)
        if isinstance(contract, PassOut):
            raise NotationError.coded("contract_pass_out", field="contract", value=text, text=text)
        return contract


class PassOut(enum.Enum):
    """The value of a deal all four players passed: it has no contract and scores 0."""

    PASS_OUT = "Pass"

    def notation(self, *, symbols: bool = False) -> str:
        """``'Pass'``, as PBN writes it."""
        return self.value

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return "PASS_OUT"


PASS_OUT: Final = PassOut.PASS_OUT
"""The passed-out deal."""

_PASS_WORDS: Final = frozenset({"PASS", "P", "AP", "ALL PASS", "PASSED OUT", "PASS OUT", "PASSOUT"})

_NOTATION: Final = re.compile(
    r"""
    \s* (?P<level>[0-9]) \s*
    (?P<strain>NT|N|C|D|H|S|♣|♦|♥|♠|♧|♢|♡|♤) \s*
    (?P<doubling>X{0,2}) \s*
    (?P<declarer>[NESW])? \s*
    (?P<doubling2>X{1,2})? \s*        # endplay writes the declarer first: 3NTSXX-1
    (?P<outcome>= | [+\-−] \s* [0-9]{1,2} | (?<=\s)[0-9]{1,2})? \s*   # a bare number: tricks
    """,
    re.VERBOSE | re.IGNORECASE | re.ASCII,
)


_MAX_NOTATION: Final = 24
"""The longest notation read, once runs of spaces are one space (``'7NTXX S +0'`` is 10)."""


def quote_text(text: str) -> str:
    """The text as a message quotes it: ``repr``, cut short if it is long."""
    return repr(text) if len(text) <= 40 else f"{text[:32]!r}... ({len(text)} characters)"


def _match(text: str, what: Literal["contract", "result"]) -> re.Match[str] | None:
    """Match notation, or return None for a pass-out.

    Runs of white space are made one space first and the text is refused past
    :data:`_MAX_NOTATION` characters, so the pattern only ever sees a few characters: reading
    any text takes time linear in its length, however it was made.
    """
    if not isinstance(text, str):
        raise NotationError.coded(f"{what}_not_text", field=what, value=text, text=text)
    plain = " ".join(text.split())
    if plain.upper() in _PASS_WORDS:
        return None
    m = _NOTATION.fullmatch(plain) if len(plain) <= _MAX_NOTATION else None
    if m is None:
        raise NotationError.coded(f"{what}_notation", field=what, value=text, text=quote_text(text))
    if not "1" <= m["level"] <= "7":
        raise NotationError.coded("contract_level", field=what, value=text, text=text)
    if m["doubling"] and m["doubling2"]:
        raise NotationError.coded(f"{what}_doubled_twice", field=what, value=text, text=text)
    return m


def _contract_of(m: re.Match[str]) -> Contract:
    doubling = Doubling((m["doubling"] or m["doubling2"] or "").upper())
    return Contract(int(m["level"]), _STRAINS[m["strain"].upper()], doubling)


def parse_contract(text: str) -> Contract | PassOut:
    """Read a contract, or ``Pass`` for a passed-out deal.

    >>> parse_contract("3n"), parse_contract("pass")
    (Contract.parse('3NT'), PASS_OUT)

    :raises NotationError: if the text is neither.
    """
    if not isinstance(text, str):  # checked here, so that unhashable input raises the same way
        raise NotationError.coded("contract_not_text", field="contract", value=text, text=text)
    return _parse_contract(text)


@functools.lru_cache(maxsize=4096)
def _parse_contract(text: str) -> Contract | PassOut:
    """:func:`parse_contract` for text, cached: a hand database repeats a few hundred contracts."""
    m = _match(text, "contract")
    if m is None:
        return PASS_OUT
    if m["declarer"] or m["outcome"] or m["doubling2"]:
        raise NotationError.coded("contract_is_result", field="contract", value=text, text=text)
    return _contract_of(m)


def check_tricks(tricks: object) -> int:
    """Check a number of tricks: a whole number (an ``int``) from 0 to 13.

    :raises InvalidResultError: for anything else (its field is ``'tricks'``).
    """
    if tricks.__class__ is not int or not 0 <= tricks <= 13:
        shown = quote_text(tricks) if isinstance(tricks, str) else repr(tricks)
        raise InvalidResultError.coded("tricks_range", field="tricks", value=tricks, tricks=shown)
    return tricks


@dataclass(frozen=True, slots=True, repr=False)
class Result(_Notation):
    """What happened on a deal: the contract, who declared it and the tricks they took.

    >>> r = Result.parse("3NTN+1")
    >>> r.tricks, r.made, r.overtricks, r.declarer
    (10, True, 1, Seat.NORTH)
    >>> Result(Contract.parse("4S"), Seat.EAST, 8)
    Result.parse('4SE-2')
    """

    contract: Contract | PassOut
    """The contract, or :data:`PASS_OUT`."""
    declarer: Seat | None
    """Declarer's seat; None when unknown or passed out."""
    tricks: int
    """Tricks taken by declarer's side, 0 to 13; 0 for a passed-out deal."""

    def __post_init__(self) -> None:
        tricks, contract = self.tricks, self.contract
        if tricks.__class__ is not int or not 0 <= tricks <= 13:
            check_tricks(tricks)
        if not isinstance(contract, Contract | PassOut):
            raise InvalidResultError.coded(
                "contract_type", field="contract", value=contract, contract=contract
            )
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise InvalidResultError.coded(
                "declarer_type", field="declarer", value=self.declarer, declarer=self.declarer
            )
        if contract is PASS_OUT and (self.declarer is not None or tricks != 0):
            raise InvalidResultError.coded("pass_out_no_declarer", field="contract", value=contract)

    @property
    def is_pass_out(self) -> bool:
        """True for a passed-out deal."""
        return self.contract is PASS_OUT

    @property
    def made(self) -> bool:
        """Whether the contract was made (False for a pass-out)."""
        return isinstance(self.contract, Contract) and self.tricks >= self.contract.tricks_needed

    @property
    def overtricks(self) -> int:
        """Tricks taken beyond the contract; 0 if it failed."""
        if isinstance(self.contract, PassOut):
            return 0
        return max(self.tricks - self.contract.tricks_needed, 0)

    @property
    def undertricks(self) -> int:
        """Tricks the contract went down by; 0 if it was made."""
        if isinstance(self.contract, PassOut):
            return 0
        return max(self.contract.tricks_needed - self.tricks, 0)

    @property
    def outcome(self) -> str:
        """The outcome as players write it: ``'='``, ``'+1'``, ``'-2'`` (``''`` if passed out)."""
        if isinstance(self.contract, PassOut):
            return ""
        diff = self.tricks - self.contract.tricks_needed
        return "=" if diff == 0 else f"{diff:+d}"

    def notation(self, *, symbols: bool = False) -> str:
        """The canonical notation (``'4HXS-2'``), with suit symbols if asked."""
        seat = self.declarer.value if self.declarer else ""
        return f"{self.contract.notation(symbols=symbols)}{seat}{self.outcome}"

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read a result: ``4HXS-2``, ``3NTN=``, ``4S+1``, ``4HX S -2``, ``3NTSXX-1``, ``Pass``.

        The declarer is optional; a missing outcome means the contract was made exactly. The
        outcome may also be the tricks taken, after a space, as PBN records them: ``4HX S 8``.

        :raises NotationError: if the text is not a result.
        :raises InvalidResultError: if the outcome is impossible, such as ``'7NT+1'``.
        """
        m = _match(text, "result")
        if m is None:
            return cls(PASS_OUT, None, 0)
        contract = _contract_of(m)
        declarer = Seat(m["declarer"].upper()) if m["declarer"] else None
        outcome = "".join((m["outcome"] or "=").split())
        if outcome.isdigit():
            return cls(contract, declarer, int(outcome))
        if outcome == "=":
            return cls(contract, declarer, contract.tricks_needed)
        diff = int(outcome[1:])
        if outcome[0] != "+":
            if diff == 0:
                raise NotationError.coded(
                    "result_minus_zero", field="result", value=text, text=text
                )
            diff = -diff
        tricks = contract.tricks_needed + diff
        if tricks > 13:
            most = 13 - contract.tricks_needed
            raise InvalidResultError.coded(
                "result_overtricks" if most else "result_no_overtricks",
                field="result",
                value=text,
                tricks=tricks,
                contract=str(contract),
                text=text,
                most=most,
            )
        if tricks < 0:
            raise InvalidResultError.coded(
                "result_down",
                field="result",
                value=text,
                contract=str(contract),
                most=contract.tricks_needed,
                text=text,
            )
        return cls(contract, declarer, tricks)
