"""Reading a two-room team match (§4.1.7, §4.4.3, §4.4.8) into a
:class:`~bridgescore.match.TeamMatch`."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.duplicate import Adjusted
from bridgescore.match import MatchBoard, TeamMatch
from bridgescore.model import Result
from bridgescore.pbn._games import Game
from bridgescore.pbn._lexer import read_games
from bridgescore.pbn._reader import SessionReader
from bridgescore.pbn._values import Scoring, absent
from bridgescore.session import Board

__all__ = ["read_match"]


def read_match(text: str, *, source: str = "<text>") -> TeamMatch:
    """Read a two-room team match: a game per board and room (``Room "Open"``/``"Closed"``,
    §4.1.7), with ``HomeTeam`` and ``VisitTeam`` (§4.4.3, §4.4.8). The home team sits NS in
    the open room.

    >>> m = read_match('[Board "1"][Room "Open"][Contract "4S"][Declarer "N"][Result "10"]\\n'
    ...                '\\n[Board "1"][Room "Closed"][Contract "Pass"][Declarer ""][Result ""]')
    >>> [b.imps for b in m.boards], m.home
    ([9], 'Home')

    :raises PbnError: for malformed text, a board without both rooms, a room twice, or a
        ``Score`` that is not the contract's.
    """
    reader = SessionReader(read_games(text, source=source), source)
    match = _Match(reader, reader.scoring())
    for game in reader.games:
        match.game(game)
    return match.build()


@dataclass
class _Match:
    reader: SessionReader
    scoring: Scoring
    teams: dict[str, str] = field(default_factory=dict)
    boards: dict[int, Board] = field(default_factory=dict)
    rooms: dict[int, dict[str, tuple[Result | Adjusted, int]]] = field(default_factory=dict)
    """By board and room (``'open'``, ``'closed'``): the result and its line."""

    def game(self, game: Game) -> None:
        at = self.reader.at.at(game.line)
        self.check_teams(game)
        board_tag = game.tag("Board")
        if board_tag is None:
            at.fail("a game without a Board tag", field="Board")
        board = self.reader.board(game, board_tag)
        number = board.number
        self.boards.setdefault(number, board)
        rooms = self.rooms.setdefault(number, {})
        room_tag = game.tag("Room")
        room = (room_tag.value if room_tag else "").strip().lower()
        if room not in ("open", "closed"):
            given = room_tag.value if room_tag else None
            at.fail(f"board {number}: expected a Room tag, Open or Closed, got {given!r}",
                    field="Room", value=given)  # fmt: skip
        if room in rooms:
            at.fail(f"board {number} has two {room} room results (the other at line "
                    f"{rooms[room][1]})", field="Room", value=room)  # fmt: skip
        played = self.reader.table_game("match", board, game, self.scoring)
        if played is None:
            at.fail(f"board {number}, {room} room: no result (Contract, Declarer, Result)",
                    field="Contract")  # fmt: skip
        if played.score is not None:
            at.at(played.line).fail(
                f"board {number}, {room} room: Score is not the score of {played.value}; a "
                "team match is scored from the contracts", field="Score",
                value=game.get("Score"))  # fmt: skip
        rooms[room] = (played.value, played.line)

    def check_teams(self, game: Game) -> None:
        """One HomeTeam and one VisitTeam a file."""
        for name in ("HomeTeam", "VisitTeam"):
            tag = game.tag(name)
            if tag is None or absent(tag.value):
                continue
            if self.teams.setdefault(name, tag.value) != tag.value:
                self.reader.at.at(tag.line).fail(
                    f"{name} {tag.value!r} differs from {self.teams[name]!r}: one match a file",
                    field=name, value=tag.value)  # fmt: skip

    def build(self) -> TeamMatch:
        out = []
        for number, board in sorted(self.boards.items()):
            found = self.rooms[number]
            for room in ("open", "closed"):
                if room not in found:
                    other = next(iter(found.values()))[1]
                    self.reader.at.at(other).fail(f"board {number} has no {room} room result",
                                                  field="Room")  # fmt: skip
            out.append(MatchBoard(board, found["open"][0], found["closed"][0]))
        return TeamMatch(
            self.teams.get("HomeTeam", "Home"), self.teams.get("VisitTeam", "Visitors"), out
        )
