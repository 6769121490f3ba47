"""A team event played at the tables: who may enter which board in which room, when a round
may be drawn, what a board shows (SCORING.md §16.7).

Each match has two tables: the open room (the home team NS) and the closed room (the away team
NS); a Swiss pairs match has one, its open room. Match 1 of every round plays at the same two
tables, and so on: a table is a match's number and a room, and keeps its phone (and token) all
night while the teams move. A table's phone enters the boards of its own match and room, in
any round drawn, once each (:func:`accept_entry`); the director enters or changes any. A
board's IMPs exist once both rooms have entered it (:func:`board_lines`). A Swiss round is
drawn once the round its standings come from is complete (:func:`accept_draw`). Storage asks
these inside the write they guard; the web only maps their refusals (403, 409, 422).

>>> from bridgescore.events import Event, EventKind, teams
>>> from bridgescore.model import Result
>>> e = accept_draw(Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C", "D"), 3,
...                       boards_per_match=2), DIRECTOR)
>>> open_1 = EventTable(1, Room.OPEN)
>>> e = accept_entry(e, open_1, Entry(1, 1, 1, Room.OPEN, Result.parse("4SN=")))
>>> board_lines(e, 1, 1)[0].imps is None  # the closed room has not entered board 1
True
>>> e = accept_entry(e, DIRECTOR, Entry(1, 1, 1, Room.CLOSED, Result.parse("4SN-1")))
>>> board_lines(e, 1, 1)[0].imps
10
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import Board
from bridgescore.errors import BridgeError, EventError
from bridgescore.events import Entry, Event, EventKind, MatchScore, Room, match_scores
from bridgescore.events.match import MatchBoard
from bridgescore.live.rules import DIRECTOR, NotAllowedError
from bridgescore.model import Result

__all__ = [
    "DIRECTOR",
    "BoardLine",
    "EnteredError",
    "EventTable",
    "NotReadyError",
    "Seat",
    "Who",
    "accept_draw",
    "accept_entry",
    "accept_swap",
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

    def current_round(self, event: Event) -> int | None:
        """The round this table plays now: the first drawn round whose match it plays that
        it has not entered every board of; else the last it plays (None: none drawn).

        >>> from bridgescore.events import teams
        >>> e = Event(EventKind.SWISS_TEAMS, "S", teams("A", "B"), 2, boards_per_match=1)
        >>> EventTable(1, Room.OPEN).current_round(e.draw_next().draw_next())
        1
        """
        done = {(e.round, e.board) for e in event.entries
                if (e.match, e.room) == (self.match, self.room)}  # fmt: skip
        last = None
        for rnd in event.rounds:
            for m in rnd.matches:
                if m.number == self.match:
                    if any((rnd.number, b) not in done for b in m.boards):
                        return rnd.number
                    last = rnd.number
        return last


Who = EventTable | Literal["director"]
"""Who makes a change: a table (its token's) or the director (:data:`DIRECTOR`)."""


class EnteredError(BridgeError):
    """The table has entered this board already: :attr:`existing` (HTTP 409)."""

    def __init__(self, message: str, existing: Entry) -> None:
        super().__init__(message, field="board", value=existing.board)
        self.existing = existing


class NotReadyError(EventError):
    """The event is not ready for this: the round a draw needs is unfinished, or the round to
    change has begun (HTTP 409)."""


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


def accept_entry(event: Event, who: Who, entry: Entry, *, change: bool = False) -> Event:
    """The event with ``entry`` recorded, if ``who`` may make it: a table only its own match
    and room's boards (of any round drawn), once each, and with ``change`` its own board
    again until the other room has entered it (then the IMPs are out: the director's); the
    director any board, entered or not.

    :raises NotAllowedError: for a table entering another table's board, or changing one the
        other room has entered (403).
    :raises EnteredError: for a board the table has entered already, without ``change`` (409).
    :raises EventError: for a round, match, board or room the draw does not have, or a
        change of a board not entered (422).
    """
    table = EventTable(entry.match, Room(entry.room))
    if who != DIRECTOR and who != table:
        raise NotAllowedError(f"this is the token of {who}: it enters that table's boards, "
                              f"not {table}'s", field="match", value=entry.match)  # fmt: skip
    event.round(entry.round).match(entry.match)  # a round and match of the draw (else 422)
    if who != DIRECTOR:
        where = (entry.round, entry.match, entry.board)
        rooms = {e.room: e for e in event.entries if (e.round, e.match, e.board) == where}
        mine = rooms.get(table.room)
        if mine is not None and not change:
            raise EnteredError(f"round {entry.round}, board {entry.board} is in already at "
                               f"{table}: {mine.result}", mine)  # fmt: skip
        if change and mine is None:
            raise EventError(f"round {entry.round}, board {entry.board} has no result at "
                             f"{table} to change", field="board", value=entry.board)  # fmt: skip
        if change and len(rooms) == 2:
            raise NotAllowedError(f"board {entry.board} is in at both tables (its IMPs are "
                                  "out): the director changes it now", field="board",
                                  value=entry.board)  # fmt: skip
    return event.record(entry, replace=who == DIRECTOR or change)


def accept_draw(event: Event, who: Who) -> Event:
    """The event with its next round drawn, if ``who`` is the director and the standings the
    draw needs are complete: a Swiss round the previous round's (two rounds back, in
    arrears); a knockout's, its matches decided (:meth:`Event.draw_next`). A round robin's
    schedule is fixed: its rounds may be drawn at any time.

    :raises NotAllowedError: for a table (403).
    :raises NotReadyError: while the round the draw needs is unfinished (409).
    :raises EventError: when every round has been drawn (422).
    """
    if who != DIRECTOR:
        raise NotAllowedError("the director draws the rounds", field="round")
    number = len(event.rounds) + 1
    if event.kind in (EventKind.SWISS_TEAMS, EventKind.SWISS_PAIRS, EventKind.KNOCKOUT):
        needed = number - 1 - (1 if event.arrears and event.kind is not EventKind.KNOCKOUT else 0)
        if needed >= 1 and number <= event.total_rounds and not complete(event, needed):
            raise NotReadyError(f"round {needed} is not finished: round {number} is drawn from "
                                "its standings once every board of it is in", field="round",
                                value=number)  # fmt: skip
    return event.draw_next()


def accept_swap(event: Event, who: Who, number: int, first: str, second: str) -> Event:
    """The event with two entrants swapped in round ``number``'s draw, if ``who`` is the
    director and no result of the round is in (:meth:`Event.swap`).

    :raises NotAllowedError: for a table (403).
    :raises NotReadyError: once the round has begun (409).
    :raises EventError: for names not in the round's draw, or two who already meet (422).
    """
    if who != DIRECTOR:
        raise NotAllowedError("the director changes the draw", field="round")
    event.round(number)
    if any(e.round == number for e in event.entries):
        raise NotReadyError(f"round {number} has begun (results are in): its draw stays",
                            field="round", value=number)  # fmt: skip
    return event.swap(number, first, second)


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
    lines = []
    for b in m.boards:
        o, c = got.get((b, Room.OPEN)), got.get((b, Room.CLOSED))
        if o is None or c is None or event.kind.pairs:
            lines.append(BoardLine(b, o is not None, c is not None))
            continue
        imps = MatchBoard(Board.numbered(b), o, c).imps
        lines.append(BoardLine(b, True, True, str(o), str(c), imps))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class Seat:
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


def seats(event: Event, number: int) -> tuple[Seat, ...]:
    """Where each entrant sits in round ``number`` (the table cards), by name.

    >>> from bridgescore.events import teams
    >>> e = Event(EventKind.SWISS_TEAMS, "S", teams("A", "B", "C")).draw_next()
    >>> [str(s) for s in seats(e, 1)]  # doctest: +NORMALIZE_WHITESPACE
    ['A: match 1 v B, NS in the open room, EW in the closed room', 'B: match 1 v A, NS in the
    closed room, EW in the open room', 'C: bye']
    """
    rnd = event.round(number)
    out = [Seat(b, None, None, None) for b in rnd.byes]
    for m in rnd.matches:
        pairs = event.kind.pairs
        out.append(Seat(m.home, m.number, None if pairs else Room.OPEN, m.away))
        out.append(Seat(m.away, m.number, None if pairs else Room.CLOSED, m.home))
    return tuple(sorted(out, key=lambda s: s.entrant.casefold()))
