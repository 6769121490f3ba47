"""A duplicate board, typed: its number, dealer and vulnerability, and what is known of its
cards (the deal, the auction and the play of a hand record or a vugraph, the double-dummy table
and par), each a field read once, by the reader of the file it came from.

>>> from bridgescore.boards.deal import Deal
>>> b = Board.numbered(7).with_fields(deal=Deal.parse("N:AKQJ.AKQ.AKQ.AKQ - - -"))
>>> b, b.deal[Seat.NORTH].points, b.auction
(Board(number=7, dealer=Seat.SOUTH, vulnerability=Vulnerability.BOTH), 37, None)

The readers of files (:mod:`bridgescore.pbn`, :mod:`bridgescore.lin`, :mod:`bridgescore.usebio`,
:mod:`bridgescore.deals`) set the fields; their writers write them back as text
(:mod:`bridgescore.boards.tags` is the one place that knows which PBN tags hold them). What
else a file says of a board (its ``Event``, the players, a vugraph's ``Room``) is kept in
:attr:`Board.tags`, in the file's order, so that it is written back too.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field, replace
from typing import Any, Final

from bridgescore.boards.auction import Auction
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, check_table
from bridgescore.boards.play import Play
from bridgescore.boards.tags import FIELD_TAGS, Fields, read_tags
from bridgescore.errors import SessionError
from bridgescore.model import Seat, Vulnerability

__all__ = ["FIELDS", "Board"]

FIELDS: Final = tuple(FIELD_TAGS)
"""The typed fields of a board besides its number, dealer and vulnerability:
``deal``, ``auction``, ``play``, ``dd``, ``par``."""

_NUMBERED: dict[int, Board] = {}
"""Law 2's boards made lately, by number (:meth:`Board.numbered`)."""
_TAG_NAMES: Final = frozenset(name for names in FIELD_TAGS.values() for name in names)


@dataclass(frozen=True, slots=True)
class Board:
    """A board: its number, dealer and vulnerability (Law 2 unless the board says otherwise),
    and what is known of its cards.

    Built with ``tags`` that hold a field (a ``Deal``, an ``Auction`` ...: older code built
    boards so, and a session stored by an older version keeps them so), the board reads them
    into its fields (:func:`bridgescore.boards.tags.read_tags`); a field given as well wins
    over the tags that would hold it.

    :raises SessionError: (field ``dd``) for a double-dummy table that is not 4 rows of 5
        tricks from 0 to 13.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    tags: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    """What else the file said of the board, in its order, so that it is written back: the
    tags that hold no field (``("Event", "Club pairs")``, the players, a vugraph's ``Room``),
    and one that holds a field but did not read as it (a partial ``OptimumResultTable``, an
    ``OptimumScore`` without its ``ParContract``). A tag followed by section data keeps the
    data's lines after its value, one per line."""
    _: KW_ONLY
    deal: Deal | None = field(default=None, repr=False)
    """The four hands (some may be unknown); None if not known."""
    auction: Auction | None = field(default=None, repr=False)
    """The auction with its notes (a hand record's or a vugraph's board: the auctions of a
    game per table differ, and are not kept with the board); None if not known."""
    play: Play | None = field(default=None, repr=False)
    """The play with its notes, as the auction; None if not known."""
    dd: DDTable | None = field(default=None, repr=False)
    """The double-dummy table, rows N E S W of tricks in C D H S NT (the shape
    :func:`bridgescore.par` takes); None until solved."""
    par: Par | None = field(default=None, repr=False)
    """Par (for the board's dealer, as a file or :func:`bridgescore.par` gives it); None until
    solved."""

    def __post_init__(self) -> None:
        if any(name in _TAG_NAMES for name, _ in self.tags):
            self._read_tags()
        if self.dd is not None:
            try:
                rows = check_table(self.dd)
            except (TypeError, ValueError) as exc:
                raise SessionError.coded(
                    "board_dd", field="dd", value=self.dd, board=self.number, error=exc
                ) from None
            object.__setattr__(self, "dd", tuple((r[0], r[1], r[2], r[3], r[4]) for r in rows))

    def _read_tags(self) -> None:
        """Read the fields the tags hold; a field already given drops the tags of its own."""
        found, others = read_tags(self.tags, self.dealer)
        given = {name for name in FIELDS if getattr(self, name) is not None}
        for name in FIELDS:
            if name not in given and getattr(found, name) is not None:
                object.__setattr__(self, name, getattr(found, name))
        dropped = {tag for name in given for tag in FIELD_TAGS[name]}
        object.__setattr__(self, "tags", tuple(t for t in others if t[0] not in dropped))

    @classmethod
    def numbered(cls, number: int) -> Board:
        """The board with Law 2's dealer and vulnerability.

        >>> Board.numbered(7)
        Board(number=7, dealer=Seat.SOUTH, vulnerability=Vulnerability.BOTH)
        """
        plain = cls is Board and type(number) is int
        known = _NUMBERED.get(number) if plain else None
        if known is not None:  # a file asks for each game's board (a board is immutable)
            return known
        board = cls(number, Seat.dealer_of_board(number), Vulnerability.from_board(number))
        if plain:
            if len(_NUMBERED) >= 4096:
                _NUMBERED.clear()  # bounded: distinct numbers cannot grow it
            _NUMBERED[number] = board
        return board

    @property
    def fields(self) -> Fields:
        """The typed fields together (what :func:`bridgescore.boards.tags.write_tags` writes)."""
        return Fields(self.deal, self.auction, self.play, self.dd, self.par)

    @property
    def follows_law_2(self) -> bool:
        """Whether the dealer and vulnerability are Law 2's for this number."""
        law = Board.numbered(self.number)
        return (self.dealer, self.vulnerability) == (law.dealer, law.vulnerability)

    def with_fields(self, **fields: Any) -> Board:
        """The board with these fields (of :data:`FIELDS`) set, None to clear one, and without
        any tag that held one of them.

        >>> Board.numbered(1).with_fields(dd=[[7] * 5] * 4).dd[0]
        (7, 7, 7, 7, 7)

        :raises TypeError: for a name that is not one of :data:`FIELDS`.
        """
        unknown = sorted(set(fields) - set(FIELDS))
        if unknown:
            raise TypeError(f"a board has no field {unknown[0]!r}; its fields are {FIELDS}")
        dropped = {tag for name in fields for tag in FIELD_TAGS[name]}
        tags = tuple(t for t in self.tags if t[0] not in dropped)
        return replace(self, tags=tags, **fields)
