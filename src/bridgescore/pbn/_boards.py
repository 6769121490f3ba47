"""A game's board (its number, dealer and vulnerability), read once per texts: a file's
games repeat a board's tags, and a session of many boards repeats its dealers and
vulnerabilities."""

from __future__ import annotations

from bridgescore.duplicate.session import Board
from bridgescore.model import Seat, Vulnerability
from bridgescore.pbn._games import Game, Tag
from bridgescore.pbn._location import Location
from bridgescore.pbn._rows import plain_number
from bridgescore.pbn._values import absent, dealer, integer, vulnerability

__all__ = ["BoardReader"]

_BOUND = 4096
"""The most texts each look-up keeps: distinct junk cannot grow them."""


class BoardReader:
    """Reads the board of each game of a file (at ``at``, for its errors).

    >>> from bridgescore.pbn._lexer import read_games
    >>> (game,) = read_games('[Board "7"]\\n[Dealer "N"]')
    >>> BoardReader(Location()).board(game, game.tag("Board"))
    Board(number=7, dealer=Seat.NORTH, vulnerability=Vulnerability.BOTH)
    """

    def __init__(self, at: Location) -> None:
        self.at = at
        self.boards: dict[tuple[str, str | None, str | None], Board] = {}
        """The boards read, by their Board, Dealer and Vulnerable values."""
        self.facts_: dict[tuple[str | None, str | None], tuple[Seat | None, Vulnerability | None]]
        self.facts_ = {}
        """The dealers and vulnerabilities read, by their Dealer and Vulnerable values."""

    def board(self, game: Game, tag: Tag) -> Board:
        """The board a game is about: its number (``tag``'s value), and its dealer and
        vulnerability (Law 2's where the game does not say).

        :raises PbnError: for a number, a Dealer or a Vulnerable that is not one, naming its
            line.
        """
        key = (tag.value, game.get("Dealer"), game.get("Vulnerable"))
        known = self.boards.get(key)
        if known is None:
            if len(self.boards) >= _BOUND:
                self.boards.clear()
            known = self.boards[key] = self.new_board(game, tag)
        return known

    def new_board(self, game: Game, tag: Tag) -> Board:
        """:meth:`board`, read from the tags."""
        number = plain_number(tag.value)
        if number is None or number < 1:
            at = self.at.at(tag.line)
            number = integer(tag.value, "board number", at, field="Board", least=1)
        law = Board.numbered(number)
        seat, vul = self.facts(game)
        seat = law.dealer if seat is None else seat
        vul = law.vulnerability if vul is None else vul
        if seat is law.dealer and vul is law.vulnerability:
            return law  # most games: Law 2's board (immutable), not made again
        return Board(number, seat, vul)

    def facts(self, game: Game) -> tuple[Seat | None, Vulnerability | None]:
        """A game's dealer and vulnerability (None where it does not say)."""
        key = (game.get("Dealer"), game.get("Vulnerable"))
        known = self.facts_.get(key)
        if known is None:
            seat, vul = None, None
            tag = game.tag("Dealer")
            if tag is not None and not absent(tag.value):
                seat = dealer(tag.value, self.at.at(tag.line))
            tag = game.tag("Vulnerable")
            if tag is not None and tag.value.strip() not in ("", "?"):
                vul = vulnerability(tag.value, self.at.at(tag.line))
            if len(self.facts_) >= _BOUND:
                self.facts_.clear()
            known = self.facts_[key] = (seat, vul)
        return known
