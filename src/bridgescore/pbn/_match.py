"""Reading team matches (§4.1.7, §4.4.3, §4.4.8) into
:class:`~bridgescore.events.match.TeamMatch` es: one match, or the several matches of a team
event."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.duplicate.field import Adjusted, Weighted
from bridgescore.duplicate.session import Board, Split
from bridgescore.errors import PbnError
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.model import Result
from bridgescore.pbn._games import Game
from bridgescore.pbn._lexer import read_games
from bridgescore.pbn._location import Location
from bridgescore.pbn._reader import SessionReader
from bridgescore.pbn._values import Scoring, absent

__all__ = ["read_match", "read_matches", "read_rounds"]


def read_match(
    text: str, *, source: str = "<text>", warnings: list[str] | None = None
) -> TeamMatch:
    """Read a two-room team match: a game per board and room (``Room "Open"``/``"Closed"``,
    §4.1.7), with ``HomeTeam`` and ``VisitTeam`` (§4.4.3, §4.4.8). The home team sits NS in
    the open room.

    >>> m = read_match('[Board "1"][Room "Open"][Contract "4S"][Declarer "N"][Result "10"]\\n'
    ...                '\\n[Board "1"][Room "Closed"][Contract "Pass"][Declarer ""][Result ""]')
    >>> [b.imps for b in m.boards], m.home
    ([9], 'Home')

    :param warnings: where to add a warning for each board one room did not play (that
        board is not scored), naming the file and line.
    :raises PbnError: for malformed text, a room twice, a ``Score`` that is not the
        contract's, or a file that holds several matches (:func:`read_matches` reads those).
    """
    matches = read_matches(text, source=source, warnings=warnings)
    if len(matches) > 1:
        names = ", ".join(f"{m.home} v {m.away}" for m in matches[:4])
        more = ", ..." if len(matches) > 4 else ""
        raise PbnError(f"the file holds {len(matches)} team matches ({names}{more}): read them "
                       "with read_matches", source=source, field="HomeTeam")  # fmt: skip
    return matches[0] if matches else TeamMatch("Home", "Visitors", [])


def read_matches(
    text: str, *, source: str = "<text>", warnings: list[str] | None = None
) -> list[TeamMatch]:
    """Read the team matches of a file, in the order they first appear: a match is a pair of
    teams (``HomeTeam`` and ``VisitTeam``, either way round), its games a game per board and
    room. A game without team tags belongs to the match of the game before it.

    The rooms: ``Room "Open"`` (the home team NS) or ``"Closed"`` (the home team EW). Without
    a Room tag, a game whose ``HomeTeam`` is the match's visiting team (the teams swapped) is
    the closed room; else the two games of a board, in the file's order, are the open room
    and the closed room. A board that only one room played is not scored in that match, with
    a warning (added to ``warnings``), never a refusal.

    >>> ms = read_matches('[HomeTeam "A"][VisitTeam "B"][Board "1"][Contract "3NT"]'
    ...     '[Declarer "N"][Result "9"]\\n\\n[HomeTeam "B"][VisitTeam "A"][Board "1"]'
    ...     '[Contract "3NT"][Declarer "N"][Result "8"]\\n\\n[HomeTeam "C"][VisitTeam "D"]'
    ...     '[Board "1"][Room "Open"][Contract "Pass"]\\n\\n[Room "Closed"][Board "1"]'
    ...     '[Contract "Pass"]')
    >>> [(m.home, m.away, m.margin) for m in ms]
    [('A', 'B', 10), ('C', 'D', 0)]

    :raises PbnError: as :func:`read_match`, naming the line.
    """
    return [m for _, m in read_rounds(text, source=source, warnings=warnings)]


def read_rounds(
    text: str, *, source: str = "<text>", warnings: list[str] | None = None
) -> list[tuple[str, TeamMatch]]:
    """The team matches of a file with the round each belongs to (its ``Round`` tag, §4.4.6,
    ``''`` if none): as :func:`read_matches`, but the same two teams in two rounds are two
    matches. A game without a Round tag is in the round of the game before it.

    >>> [(r, m.home, m.away) for r, m in read_rounds(
    ...     '[Round "1"][HomeTeam "A"][VisitTeam "B"][Board "1"][Contract "Pass"]\\n\\n'
    ...     '[HomeTeam "B"][VisitTeam "A"][Board "1"][Contract "Pass"]\\n\\n'
    ...     '[Round "2"][HomeTeam "B"][VisitTeam "A"][Board "2"][Contract "Pass"]\\n\\n'
    ...     '[HomeTeam "A"][VisitTeam "B"][Board "2"][Contract "Pass"]')]
    [('1', 'A', 'B'), ('2', 'B', 'A')]

    :raises PbnError: as :func:`read_match`.
    """
    reader = SessionReader(read_games(text, source=source), source)
    scoring = reader.scoring()
    matches: dict[tuple[str, frozenset[str]], _Match] = {}
    last: _Match | None = None
    round_ = ""
    for game in reader.games:
        given = _team(game, "Round")
        changed = bool(given) and given != round_
        round_ = given or round_
        home, visit = (_team(game, name) for name in ("HomeTeam", "VisitTeam"))
        if home or visit or last is None or changed:
            key = (round_, frozenset({home, visit}))
            if key not in matches:
                matches[key] = _Match(
                    reader, scoring, home or "Home", visit or "Visitors", named=bool(home or visit)
                )
            last = matches[key]
        last.game(game, home)
    notes = [] if warnings is None else warnings
    return [(r, m.build(notes)) for (r, _), m in matches.items()]


def _team(game: Game, name: str) -> str:
    value = game.get(name)
    return "" if absent(value) else (value or "").strip()


@dataclass
class _Match:
    reader: SessionReader
    scoring: Scoring
    home: str
    away: str
    boards: dict[int, Board] = field(default_factory=dict)
    rooms: dict[int, dict[str, tuple[Result | Adjusted, int]]] = field(default_factory=dict)
    """By board and room (``'open'``, ``'closed'``): the result and its line."""
    named: bool = False
    """The file names the match's teams (HomeTeam or VisitTeam)."""
    last: int | None = None
    """The board of the match's last game."""
    unnumbered: list[int] = field(default_factory=list)
    """The lines of games without a Board tag, taken as the other room of the board before."""

    def game(self, game: Game, home: str) -> None:
        at = self.reader.at.at(game.line)
        board_tag = game.tag("Board")
        if board_tag is not None and not absent(board_tag.value):
            board = self.reader.boards.board(game, board_tag)
            self.boards.setdefault(board.number, board)
        elif self.last is not None and len(self.rooms[self.last]) == 1:
            board = self.boards[self.last]  # the other room of the board before
            self.unnumbered.append(game.line)
        else:
            at.fail("a game of a team match without a Board tag (and not the other room of "
                    "the board before it)", field="Board")  # fmt: skip
        number = self.last = board.number
        rooms = self.rooms.setdefault(number, {})
        room = self.room(game, home, number, at)
        if room in rooms:
            at.fail(f"board {number} has two {room} room results (the other at line "
                    f"{rooms[room][1]})", field="Room", value=room)  # fmt: skip
        contract = game.tag("Contract")
        line = game.line if contract is None else contract.line
        outcome = self.reader.table_outcome(game, contract, board, self.scoring)
        if outcome is None:
            at.fail(f"board {number}, {room} room: no result (Contract, Declarer, Result)",
                    field="Contract")  # fmt: skip
        value, score, _ = outcome
        if isinstance(value, Weighted | Split):
            at.at(line).fail(f"board {number}, {room} room: an adjusted score ({value}); team "
                             "matches do not score weighted or split scores yet",
                             field="Contract", value=str(value))  # fmt: skip
        if score is not None:
            at.at(line).fail(
                f"board {number}, {room} room: Score is not the score of {value}; a team "
                "match is scored from the contracts", field="Score",
                value=game.get("Score"))  # fmt: skip
        rooms[room] = (value, line)

    def room(self, game: Game, home: str, number: int, at: Location) -> str:
        """``'open'`` or ``'closed'``: the Room tag; without one, the closed room where the
        teams are swapped (HomeTeam is the match's visitors), else the board's first game is
        the open room and its second the closed room."""
        room_tag = game.tag("Room")
        room = (room_tag.value if room_tag else "").strip().lower()
        if room in ("open", "closed"):
            return room
        if (room_tag is None or absent(room_tag.value)) and (home or self.named):
            if home and home != self.home:
                return "closed"
            return "closed" if "open" in self.rooms.get(number, {}) else "open"
        given = room_tag.value if room_tag else None
        at.fail(f"board {number}: expected a Room tag, Open or Closed, got {given!r} (or, "
                "without one, HomeTeam and VisitTeam naming the match's teams)", field="Room",
                value=given)  # fmt: skip

    def build(self, warnings: list[str]) -> TeamMatch:
        """The match of the boards both rooms played; a warning for each other board."""
        out = []
        where = "" if self.reader.at.source == "<text>" else f"{self.reader.at.source}, "
        if self.unnumbered:
            lines = ", ".join(map(str, self.unnumbered[:5]))
            warnings.append(f"{where}{self.home} v {self.away}: games without a Board tag are "
                            f"taken as the other room of the board before them: line(s) "
                            f"{lines}{' ...' if len(self.unnumbered) > 5 else ''}")  # fmt: skip
        for number, board in sorted(self.boards.items()):
            found = self.rooms[number]
            missing = [room for room in ("open", "closed") if room not in found]
            if missing:
                line = next(iter(found.values()))[1]
                warnings.append(f"{where}line {line}: {self.home} v {self.away}: board "
                                f"{number} has no {missing[0]} room result; the board is not "
                                "scored in this match")  # fmt: skip
                continue
            out.append(MatchBoard(board, found["open"][0], found["closed"][0]))
        return TeamMatch(self.home, self.away, out)
