"""What a team night's tables show: a match's boards (each room's result and the IMPs once
both rooms are in), where each entrant sits in a round, a match's score so far (SCORING.md
§16.6).

Each match has two tables: the open room (the home team NS) and the closed room (the away team
NS); a Swiss pairs match has one, its open room. Match 1 of every round plays at the same two
tables, and so on (:func:`~bridgescore.live.night.table_of`): a table keeps its phone all night
while the teams move. Who may enter what is :func:`bridgescore.live.accept`'s, as on every
night.

>>> from bridgescore.events import Entry, Event, EventKind, Room, teams
>>> from bridgescore.model import Result
>>> e = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C", "D"), 3,
...           boards_per_match=2).draw_next()
>>> e = e.record(Entry(1, 1, 1, Room.OPEN, Result.parse("4SN=")))
>>> board_lines(e, 1, 1)[0].imps is None  # the closed room has not entered board 1
True
>>> board_lines(e.record(Entry(1, 1, 1, Room.CLOSED, Result.parse("4SN-1"))), 1, 1)[0].imps
10
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import Board
from bridgescore.events import Event, MatchScore, Room, match_scores
from bridgescore.events.match import MatchBoard
from bridgescore.live.night import table_of
from bridgescore.model import Result

__all__ = [
    "BoardLine",
    "EntrantPlace",
    "EventTable",
    "board_lines",
    "complete",
    "match_score",
    "seats",
    "tables",
]


@dataclass(frozen=True, slots=True, order=True)
class EventTable:
    """One table of the night: where match ``match`` of each round plays its ``room``."""

    match: int
    room: Room

    def __str__(self) -> str:
        return f"match {self.match}'s {self.room.value} room"

    def number(self, event: Event) -> int:
        """The table's number on the night (:func:`~bridgescore.live.night.table_of`).

        >>> from bridgescore.events import EventKind, teams
        >>> e = Event(EventKind.SWISS_TEAMS, "S", teams("A", "B"), 2, boards_per_match=1)
        >>> EventTable(1, Room.CLOSED).number(e), EventTable.of(2, e)
        (2, EventTable(match=1, room=<Room.CLOSED: 'closed'>))
        """
        return table_of(self.match, self.room, 1 if event.kind.pairs else 2)

    @classmethod
    def of(cls, table: int, event: Event) -> EventTable:
        """The match and room of the night's table ``table``."""
        if event.kind.pairs:
            return cls(table, Room.OPEN)
        return cls((table + 1) // 2, Room.OPEN if table % 2 else Room.CLOSED)


def tables(event: Event, number: int) -> tuple[EventTable, ...]:
    """The tables playing round ``number``: each match's open and closed rooms (Swiss pairs:
    the open room only), by match.

    :raises EventError: if the round has not been drawn.
    """
    rooms = (Room.OPEN,) if event.kind.pairs else (Room.OPEN, Room.CLOSED)
    matches = event.round(number).matches
    return tuple(EventTable(m.number, r) for m in matches for r in rooms)


def complete(event: Event, number: int) -> bool:
    """Whether every board of every match of round ``number`` is in, at every table."""
    rooms = 1 if event.kind.pairs else 2
    wanted = sum(len(m.boards) for m in event.round(number).matches) * rooms
    return sum(e.round == number for e in event.entries) == wanted


def match_score(event: Event, number: int, match: int) -> MatchScore:
    """One match's score so far (only its round is scored: a table's answer stays quick).

    :raises EventError: for a round or match not drawn.
    """
    event.round(number).match(match)
    return next(s for s in match_scores(event, number) if s.match == match)


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A board of a match: whether each room has entered it; its results and the home team's
    IMPs only once both have (nobody sees a board's result before playing it)."""

    board: int
    open_in: bool
    closed_in: bool
    open: str | None = None
    closed: str | None = None
    """None in Swiss pairs (one table a match): ``open`` is the table's result, shown once every
    table of the round has entered the board."""
    imps: int | None = None
    """The home team's IMPs (negative: the away team's); None until both rooms are in (and in
    Swiss pairs, whose boards are scored across the field)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"board": self.board, "open_in": self.open_in, "closed_in": self.closed_in,
                "open": self.open, "closed": self.closed, "imps": self.imps}  # fmt: skip


def board_lines(event: Event, number: int, match: int) -> tuple[BoardLine, ...]:
    """The boards of a match, each with what both rooms have entered.

    :raises EventError: for a round or match not drawn.
    """
    m = event.round(number).match(match)
    got: dict[tuple[int, Room], Result | Adjusted] = {
        (e.board, e.room): e.result for e in event.entries if (e.round, e.match) == (number, match)
    }
    if event.kind.pairs:  # one table a match: its result, once every table of the round has it
        everywhere = Counter(e.board for e in event.entries if e.round == number)
        tables = len(event.round(number).matches)
        lines = []
        for b in m.boards:
            r = got.get((b, Room.OPEN))
            shown = str(r) if r is not None and everywhere[b] >= tables else None
            lines.append(BoardLine(b, r is not None, False, shown))
        return tuple(lines)
    lines = []
    for b in m.boards:
        o, c = got.get((b, Room.OPEN)), got.get((b, Room.CLOSED))
        if o is None or c is None:
            lines.append(BoardLine(b, o is not None, c is not None))
            continue
        imps = MatchBoard(Board.numbered(b), o, c).imps
        lines.append(BoardLine(b, True, True, str(o), str(c), imps))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class EntrantPlace:
    """Where an entrant sits in a round: its match, the room where it sits NS and its
    opponents (None: the bye)."""

    entrant: str
    match: int | None
    ns_room: Room | None
    opponents: str | None

    def __str__(self) -> str:
        if self.match is None:
            return f"{self.entrant}: bye"
        if self.ns_room is None:  # Swiss pairs: one table
            return f"{self.entrant}: table {self.match} v {self.opponents}"
        other = "closed" if self.ns_room is Room.OPEN else "open"
        return (f"{self.entrant}: match {self.match} v {self.opponents}, NS in the "
                f"{self.ns_room.value} room, EW in the {other} room")  # fmt: skip


def seats(event: Event, number: int) -> tuple[EntrantPlace, ...]:
    """Where each entrant sits in round ``number`` (the table cards), by name.

    >>> from bridgescore.events import EventKind, teams
    >>> e = Event(EventKind.SWISS_TEAMS, "S", teams("A", "B", "C")).draw_next()
    >>> [str(s) for s in seats(e, 1)]  # doctest: +NORMALIZE_WHITESPACE
    ['A: match 1 v B, NS in the open room, EW in the closed room', 'B: match 1 v A, NS in the
    closed room, EW in the open room', 'C: bye']
    """
    rnd = event.round(number)
    out = [EntrantPlace(b, None, None, None) for b in rnd.byes]
    for m in rnd.matches:
        pairs = event.kind.pairs
        out.append(EntrantPlace(m.home, m.number, None if pairs else Room.OPEN, m.away))
        out.append(EntrantPlace(m.away, m.number, None if pairs else Room.CLOSED, m.home))
    return tuple(sorted(out, key=lambda s: s.entrant.casefold()))
