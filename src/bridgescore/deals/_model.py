"""A board with its cards: what every deal file holds."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.errors import DealFileError
from bridgescore.model import Seat, Vulnerability

__all__ = ["DealtBoard"]


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board and its deal (the board's :attr:`~bridgescore.boards.board.Board.deal` too); the
    board holds what else a file says of it (its auction and play, its double-dummy table and
    par as fields; ``Event``, the players ... among its tags), as a session's boards hold them,
    so that they are written back.

    >>> b = DealtBoard.numbered(5, Deal.parse("N:AKQJT98765432... - - -"))
    >>> b.number, b.dealer, b.vulnerability, b.board.follows_law_2, b.board.deal == b.deal
    (5, Seat.NORTH, Vulnerability.NS, True, True)
    """

    board: Board
    deal: Deal
    written: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    """The tags as the PBN file the board was read from wrote them (all but ``Board``,
    ``Dealer``, ``Vulnerable`` and ``Deal``), in its order and spelling: written back as they
    were while they still say what the board says, so that a file read and written again is
    the same, byte for byte."""

    def __post_init__(self) -> None:
        if self.board.deal != self.deal:
            object.__setattr__(self, "board", self.board.with_fields(deal=self.deal))

    @classmethod
    def numbered(cls, number: int, deal: Deal) -> DealtBoard:
        """Board ``number`` with Law 2's dealer and vulnerability."""
        return cls(Board.numbered(number), deal)

    @property
    def number(self) -> int:
        """The board number."""
        return self.board.number

    @property
    def dealer(self) -> Seat:
        """The board's dealer."""
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability."""
        return self.board.vulnerability

    def with_deal_tag(self) -> Board:
        """The board with its deal, as a session's board holds it (:attr:`board`: its
        :attr:`~bridgescore.boards.board.Board.deal` is the deal).

        >>> str(DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -")).with_deal_tag().deal)
        'N:AKQJT98765432... - - -'
        """
        return self.board


def consecutive(boards: tuple[DealtBoard, ...], name: str, target: str, most: int) -> int:
    """The first board of boards numbered one after another (as a format with no board numbers,
    or only a first and a last, holds them), of complete deals, at most ``most`` of them.

    :raises DealFileError: naming the board that breaks the run or is not complete.
    """
    if not boards:
        raise DealFileError.coded("deals_no_board", at={"source": target}, format=name)
    first = boards[0].number
    for i, b in enumerate(boards):
        if b.number != first + i:
            raise DealFileError.coded(
                "deals_run",
                at={"source": target, "board": b.number},
                format=name,
                board=b.number,
                before=boards[i - 1].number,
            )
        if not b.deal.is_complete:
            raise DealFileError.coded("deals_four_hands", at={"source": target, "board": b.number},
                                      format=name, deal=str(b.deal))  # fmt: skip
    if first + len(boards) - 1 > most:
        raise DealFileError.coded(
            "deals_most",
            format=name,
            most=most,
            at={"source": target, "board": first + len(boards) - 1},
        )
    return first
