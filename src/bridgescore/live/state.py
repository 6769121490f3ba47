"""A night at the tables as of one version: its definition, whether it is closed, and the
results stored so far; where each table is, what is missing, who may see a board.

One :class:`LiveState` for every kind of night (a pairs evening, a team night: its
:class:`~bridgescore.live.night.Seating` says who sits where); :func:`bridgescore.live.accept`
decides every change against it.

>>> from bridgescore.duplicate.movement import mitchell
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
>>> entry = state.entry(1, 1, 1, result="4HS=")
>>> state = state.added(LiveResult(1, entry, NOW, NOW))
>>> state.position(1)
TablePosition(table=1, current_round=1, fix_round=1, finished=False, sit_out=False, \
waiting=False)
>>> state.missing(table=1, round_number=1)
[(1, 1, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Final, Literal, Self

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.movement import Movement, TableRound
from bridgescore.duplicate.session import Board, Section, Session, Split
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import BridgeError, SessionError, for_field
from bridgescore.events import Entry, Event, Room
from bridgescore.live.entry import LiveResult, TableEntry, read_lead
from bridgescore.live.night import Night, Seating, Sitting
from bridgescore.model import Result

__all__ = [
    "DIRECTOR",
    "NOW",
    "AlreadyEnteredError",
    "LiveState",
    "NotAllowedError",
    "NotReachedError",
    "OutdatedError",
    "TablePosition",
    "UnknownResultError",
    "Who",
]

DIRECTOR: Final = "director"
"""Who the director is, to :func:`~bridgescore.live.accept` (a table is its number)."""

Who = int | Literal["director"]
"""A table's number, or :data:`DIRECTOR`."""

NOW: Final = datetime(2026, 1, 1, tzinfo=UTC)
"""A fixed time for examples and tests."""


class NotAllowedError(BridgeError):
    """This table (or token) may not make this change: the night is closed, the round is past,
    the result is another table's, or the score is the director's to give."""


class NotReachedError(BridgeError):
    """A table's entry for a board of a round it has not reached yet (422, naming ``round``):
    it enters only the
    round after its last complete one, and the last one it may still fix
    (:meth:`LiveState.reached_round`), so that no phone sees a board before its table plays
    it."""


class AlreadyEnteredError(BridgeError):
    """The table has a result for this board in this round already: :attr:`existing`."""

    def __init__(self, message: str, existing: LiveResult) -> None:
        super().__init__(message, field="board", value=existing.entry.board)
        self.existing = existing

    @classmethod
    def about(cls, existing: LiveResult, code: str, **params: object) -> Self:
        """The error of ``code`` (its template in :data:`bridgescore.errors.MESSAGES`) about
        ``existing``."""
        coded = BridgeError.coded(code, field="board", value=existing.entry.board, **params)
        err = cls(str(coded), existing)
        err.code, err.params = coded.code, coded.params
        return err


class OutdatedError(AlreadyEnteredError):
    """A table's change names no version of the result it replaces, or an older one than
    :attr:`existing`'s (another phone of the table, or the director, changed it since): kept
    for the director as a conflict, never applied."""


class UnknownResultError(BridgeError, LookupError):
    """The night has no result with this id."""


@dataclass(frozen=True, slots=True)
class TablePosition:
    """Where a table is in the night, as its phone shows it."""

    table: int
    current_round: int
    """The round it is playing: the latest it has entered a board of, or the next once every
    board of that round is in (its last round when it has finished)."""
    fix_round: int | None
    """The round whose results it may still change (the latest it has entered); None before
    its first result."""
    finished: bool
    """Whether it has entered every board of every round it plays."""
    sit_out: bool = False
    """Whether nobody plays at the table in its current round: its pair (if any) sits out
    (a half table, or the opponents withdrew; a team night's knockout needs fewer tables); it
    may enter a later round it plays."""
    waiting: bool = False
    """Whether its current round is not drawn yet (a team night)."""


@dataclass(frozen=True)
class LiveState:
    """A night as of one version: its definition (a pairs evening's session as started,
    without results, or a team night's event with its rounds drawn, without entries), whether
    it is closed, and its stored results in order of entry. Immutable: each change gives a
    new state (:meth:`added`, :meth:`edited`, :meth:`deleted`, :meth:`redefined`), and what is
    derived (the seating, the section or event with its results, the tables' positions) is
    computed once."""

    night: Night
    version: int = 1
    closed: bool = False
    results: tuple[LiveResult, ...] = ()
    id: str = ""
    """The stored night's id."""

    @classmethod
    def start(cls, night: Night, id: str = "") -> LiveState:
        """A night just started: version 1, open, no results.

        :raises SessionError: for a session that is not one section with a movement.
        """
        Seating.of(night)
        return cls(night, id=id)

    # -- the night's definition ----------------------------------------------------------

    @cached_property
    def seating(self) -> Seating:
        """Who sits where, and what differs with the night's kind."""
        return Seating.of(self.night)

    @property
    def session(self) -> Session:
        """A pairs evening's session as started (no results).

        :raises SessionError: for a team night.
        """
        if isinstance(self.night, Session):
            return self.night
        raise SessionError.coded("team_night_no_session", field="night")

    @property
    def definition(self) -> Section:
        """A pairs evening's section as started (no results)."""
        return self.session.sections[0]

    @property
    def movement(self) -> Movement:
        """A pairs evening's movement."""
        movement = self.definition.movement
        assert movement is not None
        return movement

    @cached_property
    def section(self) -> Section:
        """A pairs evening's section with the stored results."""
        return self.definition.with_results(r.entry.board_result() for r in self.results)

    @cached_property
    def current(self) -> Session:
        """A pairs evening's session with its results as of this version."""
        return replace(self.session, sections=(self.section,))

    @cached_property
    def event(self) -> Event:
        """A team night's event with its results as of this version.

        :raises SessionError: for a pairs evening.
        """
        if not isinstance(self.night, Event):
            raise SessionError.coded("pairs_evening_no_event", field="night")
        rooms = self.seating.rooms
        entries = []
        for r in self.results:
            e = r.entry
            score = e.result if e.result is not None else e.artificial
            assert score is not None  # a team night takes only these (accept's rule)
            match = e.table if rooms == 1 else (e.table + 1) // 2
            room = Room.OPEN if rooms == 1 or e.table % 2 else Room.CLOSED
            entries.append(Entry(e.round, match, e.board, room, score))
        return replace(self.night, entries=tuple(entries))

    # -- the results ---------------------------------------------------------------------

    @cached_property
    def _by_slot(self) -> dict[tuple[int, int, int], LiveResult]:
        return {(r.entry.table, r.entry.round, r.entry.board): r for r in self.results}

    @cached_property
    def _by_id(self) -> dict[int, LiveResult]:
        return {r.id: r for r in self.results}

    def result(self, result_id: int) -> LiveResult:
        """The stored result with this id.

        :raises UnknownResultError: if there is none.
        """
        found = self._by_id.get(result_id)
        if found is None:
            raise UnknownResultError.coded("no_such_result", field="result_id", value=result_id,
                                           result_id=result_id)  # fmt: skip
        return found

    def at(self, table: int, round_number: int, board: int) -> LiveResult | None:
        """The stored result of this table, round and board, if any."""
        return self._by_slot.get((table, round_number, board))

    @cached_property
    def _entered(self) -> dict[int, int]:
        entered: dict[int, int] = {}
        for r in self.results:
            e = r.entry
            if entered.get(e.table, 0) < e.round:
                entered[e.table] = e.round
        return entered

    def entered_round(self, table: int) -> int | None:
        """The latest round the table has a result in; None before its first."""
        return self._entered.get(table)

    def reached_round(self, table: int) -> int | None:
        """The round the table has reached, from the seating: the first round it plays after
        the last one whose every board is in (its first before that, its last once every
        round it plays is in); None if nobody plays at it. A round it sits out (nobody at the
        table) is skipped.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> state.reached_round(1)
        1
        >>> for board in (1, 2):
        ...     state = state.added(LiveResult(board, state.entry(1, 1, board, result="4HS="),
        ...                                    NOW, NOW))
        >>> state.reached_round(1), state.reached_round(2)
        (2, 1)
        """
        rounds = sorted((s.round, s.boards) for s in self.seating.sittings if s.table == table)
        if not rounds:
            return None
        complete = [i for i, (r, boards) in enumerate(rounds)
                    if all((table, r, b) in self._by_slot for b in boards)]  # fmt: skip
        after = complete[-1] + 1 if complete else 0
        return rounds[min(after, len(rounds) - 1)][0]

    def compared(self, entry: TableEntry) -> LiveResult | None:
        """The result its board's entry is compared with, once in: the other room's (a team
        match); None on a pairs night."""
        other = self.seating.other_room(entry.table)
        return None if other is None else self.at(other, entry.round, entry.board)

    # -- where the tables are ------------------------------------------------------------

    def position(self, table: int) -> TablePosition:
        """The table's current round, the round it may fix, and whether it has finished."""
        seating = self.seating
        entered = self.entered_round(table)
        current = entered or 1
        sitting = None if entered is None else seating.sitting(entered, table)
        done = sitting is not None and all(self.at(table, current, b) for b in sitting.boards)
        later = [s.round for s in seating.sittings if s.table == table and s.round > current]
        undrawn = seating.kind == "teams" and current < seating.rounds and not later
        finished = done and not later and not undrawn
        if done and not finished:
            current += 1
        waiting = not finished and not seating.drawn(current)
        sit_out = not finished and not waiting and seating.sitting(current, table) is None
        return TablePosition(table, current, entered, finished, sit_out, waiting)

    def positions(self) -> list[TablePosition]:
        """Every table's :meth:`position`."""
        return [self.position(t) for t in range(1, self.seating.tables + 1)]

    def sitting(self, round_number: int, table: int) -> Sitting:
        """Who sits at this table in this round, and its boards.

        :raises SessionError: (field ``table``) if nobody plays there then (or the round is
            not drawn).
        """
        found = self.seating.sitting(round_number, table)
        if found is None:
            s = self.seating
            raise SessionError.coded("table_not_in_round", field="table", value=table,
                table=table, round=round_number, tables=s.tables, rounds=s.rounds)  # fmt: skip
        return found

    def play(self, round_number: int, table: int) -> TableRound:
        """A pairs evening's movement line for this table and round (the pairs' labels).

        :raises SessionError: (field ``table``) if the movement has no such table and round.
        """
        s = self.sitting(round_number, table)
        return TableRound(s.round, s.table, s.ns_label, s.ew_label, s.boards)

    def entry(
        self,
        round_number: int,
        table: int,
        board: int,
        *,
        result: str | Result | None = None,
        artificial: str | None = None,
        weighted: str | None = None,
        lead: str | None = None,
        split: tuple[str, str] | None = None,
    ) -> TableEntry:
        """The entry for a board at a table in a round, the sides taken from the seating and
        the values read from their notation (errors name the field).

        :raises SessionError: if nobody plays the board there then, or the entry gives none
            or several of a result, an artificial score, a weighted score and a split score.
        :raises NotationError: for a result, score or lead that cannot be read.
        """
        sitting = self.sitting(round_number, table)
        check_board(sitting, board)
        with for_field("contract"):
            read = Result.parse(result) if isinstance(result, str) else result
        with for_field("artificial"):
            adjusted = None if artificial is None else Adjusted.parse(artificial)
        with for_field("weighted"):
            scores = None if weighted is None else Weighted.parse(weighted)
        both = None if split is None else Split.parse(*split)
        return TableEntry(round_number, table, board, sitting.ns, sitting.ew, read, adjusted,
                          scores, read_lead(lead), both)  # fmt: skip

    # -- new states ----------------------------------------------------------------------

    def _next(
        self, version: int | None, results: tuple[LiveResult, ...], closed: bool | None = None
    ) -> LiveState:
        state = LiveState(self.night, self.version + 1 if version is None else version,
                          self.closed if closed is None else closed, results, self.id)  # fmt: skip
        if "seating" in self.__dict__:  # the same night: its seating, worked out once
            state.__dict__["seating"] = self.__dict__["seating"]
        return state

    def added(self, result: LiveResult, version: int | None = None) -> LiveState:
        """The state with this result stored (at ``version``, else the next); the lookups
        already worked out carried on with it (a write per result costs no pass over all).

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> first = state.added(LiveResult(1, state.entry(1, 1, 1, result="4HS="), NOW, NOW))
        >>> second = first.added(LiveResult(2, first.entry(1, 2, 3, result="3NTN="), NOW, NOW))
        >>> second.entered_round(2), second.at(2, 1, 3).id, second.result(1).entry.board
        (1, 2, 1)
        """
        state = self._next(version, (*self.results, result))
        known, e = self.__dict__, result.entry
        if "_by_slot" in known:
            state.__dict__["_by_slot"] = {**known["_by_slot"], (e.table, e.round, e.board): result}
        if "_by_id" in known:
            state.__dict__["_by_id"] = {**known["_by_id"], result.id: result}
        if "_entered" in known:
            entered = dict(known["_entered"])
            entered[e.table] = max(entered.get(e.table, 0), e.round)
            state.__dict__["_entered"] = entered
        return state

    def reread(self, version: int, closed: bool, results: tuple[LiveResult, ...]) -> LiveState:
        """The same night read again at ``version`` (another process wrote it since), with
        its seating carried on (worked out once a night, not once a read).

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> seating = state.seating
        >>> again = state.reread(5, True, ())
        >>> again.version, again.closed, again.seating is seating
        (5, True, True)
        """
        return self._next(version, results, closed)

    def edited(self, result: LiveResult, version: int | None = None) -> LiveState:
        """The state with the stored result of this id changed."""
        return self._next(version, tuple(result if r.id == result.id else r for r in self.results))

    def deleted(self, result_id: int, version: int | None = None) -> LiveState:
        """The state without the stored result of this id."""
        return self._next(version, tuple(r for r in self.results if r.id != result_id))

    def redefined(self, night: Night, version: int | None = None) -> LiveState:
        """The state with the night's definition changed (a late pair, a withdrawal, a fouled
        board, a round drawn: :mod:`bridgescore.live.definition`)."""
        return replace(self._next(version, self.results), night=night)

    def with_closed(self, closed: bool, version: int | None = None) -> LiveState:
        """The state closed (or opened again)."""
        return self._next(version, self.results, closed)

    # -- what is played, missing and seen ------------------------------------------------

    def played(self, label: str, board: int) -> bool:
        """Whether the side of this label (``NS 3``, ``3``, a team's name) has a result on
        the board (a team: at either of its match's tables)."""
        for r in self.results:
            if r.entry.board == board:
                s = self.seating.sitting(r.entry.round, r.entry.table)
                if s is not None and label in (s.ns_label, s.ew_label):
                    return True
        return False

    def may_see(self, who: Who | None, board: int) -> bool:
        """Whether ``who`` (a table, the director, or None: anyone) may see the board's
        results, and its hands, double-dummy table and par
        (:func:`bridgescore.live.deals.hand_for`): everyone once the night is closed, the
        director always; a table once both sides sitting there now (those of the latest round
        it has entered a board of) have played it, and on a team night once both rooms of its
        match have (SCORING.md §13)."""
        if self.closed or who == DIRECTOR:
            return True
        if who is None:
            return False
        other = self.seating.other_room(who)
        if other is not None:  # a team match: both its rooms have played the board
            played = [
                s.round for s in self.seating.sittings if s.table == who and board in s.boards
            ]
            return bool(played) and all(self.at(t, played[0], board) for t in (who, other))
        sitting_round = self.entered_round(who) or self.position(who).current_round
        s = self.seating.sitting(sitting_round, who)  # the sides of the round it last entered
        return s is not None and self.played(s.ns_label, board) and self.played(s.ew_label, board)

    def missing(
        self, *, table: int | None = None, round_number: int | None = None, pair: str | None = None
    ) -> list[tuple[int, int, int]]:
        """The boards still to be entered, as (round, table, board): of one table's round, of
        a side (by its label), or all of them.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> LiveState.start(Session((Section.from_movement(mitchell(3, 2)),))).missing(
        ...     table=2, round_number=1)
        [(1, 2, 3), (1, 2, 4)]
        """
        return [
            (s.round, s.table, b)
            for s in self.seating.sittings
            if (table is None or s.table == table)
            and (round_number is None or s.round == round_number)
            and (pair is None or pair in (s.ns_label, s.ew_label))
            for b in s.boards
            if self.at(s.table, s.round, b) is None
        ]

    @cached_property
    def room_round(self) -> int:
        """The round the room has reached: the latest any table has entered a board of (0
        before the first result). Every board of an earlier round is due."""
        return max((r.entry.round for r in self.results), default=0)

    def due(self) -> list[tuple[int, int, int]]:
        """The boards due and not in, as (round, table, board): those of rounds the room has
        left (:attr:`room_round`), or every missing board once the night is closed. A table
        that sits out a round (a half table, withdrawn pairs) has nothing due in it.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> state.due()
        []
        >>> state = state.added(LiveResult(1, state.entry(2, 1, 3, result="4HS="), NOW, NOW))
        >>> state.due()[:3], len(state.due())
        ([(1, 1, 1), (1, 1, 2), (1, 2, 3)], 6)
        """
        if self.closed:
            return self.missing()
        return [slot for slot in self.missing() if slot[0] < self.room_round]

    def late(self) -> list[int]:
        """The tables with boards due and not in (:meth:`due`); none once the night is closed.
        A sit-out or a withdrawal is never late: nobody plays there.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> state.added(LiveResult(1, state.entry(2, 1, 3, result="4HS="), NOW, NOW)).late()
        [1, 2, 3]
        """
        if self.closed:
            return []
        return sorted({table for _, table, _ in self.due()})

    def ns_score(self, entry: TableEntry) -> int | None:
        """NS's score of an entry that has one (a result, or a split score's NS result; None
        for an artificial or a weighted score), on the board as the night deals it (a team
        night's: Law 2's dealer and vulnerability).

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> state.ns_score(state.entry(1, 1, 1, result="4HS=")), state.ns_score(
        ...     state.entry(1, 1, 2, artificial="A+/A-"))
        (420, None)
        """
        played = entry.board_result()
        if isinstance(self.night, Event):
            score = played.ns_score(Board.numbered(entry.board))
        else:
            score = played.ns_score(self.definition.board(entry.board), self.night.undertrick_rule)
        return score if isinstance(score, int) else None

    def scheduled(self, board: int) -> int:
        """How many times the board is played (as drawn so far)."""
        return sum(board in s.boards for s in self.seating.sittings)

    def averages(
        self,
        artificial: str,
        *,
        table: int | None = None,
        round_number: int | None = None,
        pair: str | None = None,
    ) -> list[TableEntry]:
        """Artificial scores for every board still missing of a table's round (``artificial``
        as NS/EW: ``A+/A-``) or of a side (as the side's and its opponents': ``A-/A+`` for a
        pair late by its own fault, turned board by board to NS/EW as it sat).

        >>> from bridgescore.duplicate.movement import mitchell
        >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
        >>> [str(e.artificial) for e in state.averages("A-/A+", pair="EW 1")][:2]
        ['A+/A-', 'A+/A-']

        :raises SessionError: for a score that cannot be read, or nothing missing there.
        """
        with for_field("artificial"):
            given = Adjusted.parse(artificial)
        slots = self.missing(table=table, round_number=round_number, pair=pair)
        if not slots:
            raise SessionError.coded("nothing_missing", field="table", value=table)
        flipped = Adjusted(given.ew, given.ns)
        return [
            self.entry(r, t, b, artificial=str(
                flipped if pair is not None and self.sitting(r, t).ew_label == pair else given))
            for r, t, b in slots
        ]  # fmt: skip

    def combinations(self, besides: int | None = None) -> dict[int, int]:
        """Per board with weighted scores, how many combinations of their results it has
        (leaving out the stored result ``besides``)."""
        counts: dict[int, int] = {}
        for r in self.results:
            if r.entry.weighted is not None and r.id != besides:
                b = r.entry.board
                counts[b] = counts.get(b, 1) * len(r.entry.weighted.components)
        return counts


def check_board(sitting: Sitting, board: int) -> None:
    """The board is one the table plays in that round.

    :raises SessionError: (field ``board``) if not.
    """
    if board not in sitting.boards:
        raise SessionError.coded("board_not_at_table", field="board", value=board,
            table=sitting.table, boards=", ".join(map(str, sitting.boards)), round=sitting.round,
            board=board)  # fmt: skip
