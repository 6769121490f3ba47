"""A board with its cards: what every deal file holds."""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.boards.deal import Deal
from bridgescore.duplicate.session import Board
from bridgescore.errors import DealFileError
from bridgescore.model import Seat, Vulnerability

__all__ = ["DealtBoard"]


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board and its deal; the board's :attr:`~bridgescore.duplicate.session.Board.tags` hold what
    else a PBN file says of it (``Event``, players, ``Auction`` ...), as a session's boards
    hold them, so that they are written back.

    >>> b = DealtBoard.numbered(5, Deal.parse("N:AKQJT98765432... - - -"))
    >>> b.number, b.dealer, b.vulnerability, b.board.follows_law_2
    (5, Seat.NORTH, Vulnerability.NS, True)
    """

    board: Board
    deal: Deal

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
        """The board with its deal among its tags, as a session's board holds it.

        >>> DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -")).with_deal_tag().tags
        (('Deal', 'N:AKQJT98765432... - - -'),)
        """
        tags = tuple(t for t in self.board.tags if t[0] != "Deal")
        return Board(
            self.number, self.dealer, self.vulnerability, (("Deal", str(self.deal)), *tags)
        )


def consecutive(boards: tuple[DealtBoard, ...], name: str, target: str, most: int) -> int:
    """The first board of boards numbered one after another (as a format with no board numbers,
    or only a first and a last, holds them), of complete deals, at most ``most`` of them.

    :raises DealFileError: naming the board that breaks the run or is not complete.
    """
    if not boards:
        raise DealFileError(f"a {name} file holds at least one board; got none", source=target)
    first = boards[0].number
    for i, b in enumerate(boards):
        if b.number != first + i:
            raise DealFileError(
                f"a {name} file holds boards numbered one after another: board {b.number} "
                f"follows board {boards[i - 1].number}",
                source=target,
                board=b.number,
            )
        if not b.deal.is_complete:
            raise DealFileError(f"a {name} file holds all four hands; {b.deal} has not",
                                source=target, board=b.number)  # fmt: skip
    if first + len(boards) - 1 > most:
        raise DealFileError(f"a {name} file holds boards up to {most}",
                            source=target, board=first + len(boards) - 1)  # fmt: skip
    return first
