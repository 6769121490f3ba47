"""A live session's rules: what a table or the director may enter, change or delete.

A club evening whose tables enter their own results is a :class:`LiveState`: the session as it
was started (its one section and movement), whether it is closed, and the results stored so
far, each a :class:`TableEntry` (what a table enters for one board: where, who, and a result,
an artificial, a weighted or a split score). :func:`accept` is the one decision about every
change (:class:`Add`, :class:`Edit`, :class:`Delete`): storage calls it with the state read
inside its write transaction and writes only if it passes; the web only maps its errors to
HTTP statuses (:class:`NotAllowedError` 403, :class:`AlreadyEnteredError` 409,
:class:`~bridgescore.errors.SessionError` 422, :class:`UnknownResultError` 404).

The rules (SCORING.md §13):

- an entry fits the movement: the table plays that board in that round, the pairs are the
  ones sitting there, and a passed-out board, an artificial or a weighted score has no lead;
- the director may do anything, also after closing; a table enters only its own results,
  while the session is open, in its current round or a later one; it changes or deletes only
  its own results of the latest round it has entered (the round it is playing, or the last
  round it finished until it enters a board of the next);
- artificial and weighted scores are the director's;
- one result per table, round and board (a second is :class:`AlreadyEnteredError`);
- the weighted scores of the session make at most :data:`MOST_WEIGHTED_WORK` of scoring in
  all (far fewer combinations than the library's
  :data:`~bridgescore.duplicate.MAX_COMBINATIONS` on any board), so that no session accepted
  takes long to score.

>>> from bridgescore.duplicate.movement import mitchell
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
>>> entry = state.entry(1, 1, 1, result="4HS=")
>>> entry.ns, entry.ew, entry.result
(1, 1, Result.parse('4HS='))
>>> accept(state, 1, Add(entry))
>>> state = state.added(LiveResult(1, entry, NOW, NOW))
>>> accept(state, 2, Add(entry))
Traceback (most recent call last):
...
bridgescore.live.rules.NotAllowedError: this is table 2's token: it enters only table 2's results
>>> state.position(1)
TablePosition(table=1, current_round=1, fix_round=1, finished=False, sit_out=False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Final, Literal

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.movement import Movement, Play
from bridgescore.duplicate.session import Pair, Section, Session, Split
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import BridgeError, SessionError, for_field
from bridgescore.live.entry import LiveResult, TableEntry, read_lead, read_result
from bridgescore.model import PASS_OUT, Result
from bridgescore.players import Player, pair_names

__all__ = [
    "DIRECTOR",
    "MOST_WEIGHTED_WORK",
    "NOW",
    "Add",
    "AlreadyEnteredError",
    "Change",
    "Delete",
    "Edit",
    "LiveResult",
    "LiveState",
    "NotAllowedError",
    "TableEntry",
    "TablePosition",
    "UnknownResultError",
    "Who",
    "accept",
    "accept_request",
    "check_roster_lookup",
    "read_lead",
    "read_result",
    "substitute",
]

DIRECTOR: Final = "director"
"""Who the director is, to :func:`accept` (a table is its number)."""

Who = int | Literal["director"]
"""A table's number, or :data:`DIRECTOR`."""

MOST_WEIGHTED_WORK: Final = 300
"""The most work a session's weighted scores may make: the sum over its boards of the
combinations of their weighted scores' results times the number of times the board is played
(each combination is the board scored once more). Measured, a session at this bound scores in
about 50 ms (a board scored costs about 0.16 ms a result); tests/live/test_live_core.py checks that
it takes less than 100."""

NOW: Final = datetime(2026, 1, 1, tzinfo=UTC)
"""A fixed time for examples and tests."""


class NotAllowedError(BridgeError):
    """This table (or token) may not make this change: the session is closed, the round is
    past, the result is another table's, or the score is the director's to give."""


class AlreadyEnteredError(BridgeError):
    """The table has a result for this board in this round already: :attr:`existing`."""

    def __init__(self, message: str, existing: LiveResult) -> None:
        super().__init__(message, field="board", value=existing.entry.board)
        self.existing = existing


class UnknownResultError(BridgeError, LookupError):
    """The session has no result with this id."""


@dataclass(frozen=True, slots=True)
class Add:
    """Enter a result."""

    entry: TableEntry


@dataclass(frozen=True, slots=True)
class Edit:
    """Change a stored result."""

    result_id: int
    entry: TableEntry


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete a stored result."""

    result_id: int


Change = Add | Edit | Delete


@dataclass(frozen=True, slots=True)
class TablePosition:
    """Where a table is in the evening, as its phone shows it."""

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
    (a half table, or the opponents withdrew); it may enter a later round it plays."""


@dataclass(frozen=True)
class LiveState:
    """A live session as of one version: its definition (the session as started, without
    results), whether it is closed, and its stored results in order of entry. Immutable: each
    change gives a new state (:meth:`added`, :meth:`edited`, :meth:`deleted`), and what is
    derived (the section with its results, the tables' positions) is computed once."""

    session: Session
    version: int = 1
    closed: bool = False
    results: tuple[LiveResult, ...] = ()
    id: str = ""
    """The stored session's id."""

    @classmethod
    def start(cls, session: Session, id: str = "") -> LiveState:
        """A session just started: version 1, open, no results.

        :raises SessionError: if it is not one section with a movement.
        """
        if len(session.sections) != 1 or session.sections[0].movement is None:
            raise SessionError("a live session is one section with its movement", field="movement")
        return cls(session, id=id)

    @property
    def definition(self) -> Section:
        """The section as started (no results)."""
        return self.session.sections[0]

    @property
    def movement(self) -> Movement:
        """The section's movement."""
        movement = self.definition.movement
        assert movement is not None
        return movement

    @cached_property
    def section(self) -> Section:
        """The section with the stored results."""
        return self.definition.with_results(r.entry.board_result() for r in self.results)

    @cached_property
    def current(self) -> Session:
        """The session with its results as of this version."""
        return replace(self.session, sections=(self.section,))

    @cached_property
    def _by_slot(self) -> dict[tuple[int, int, int], LiveResult]:
        return {(r.entry.table, r.entry.round, r.entry.board): r for r in self.results}

    @cached_property
    def _by_id(self) -> dict[int, LiveResult]:
        return {r.id: r for r in self.results}

    @cached_property
    def _plays(self) -> dict[tuple[int, int], Play]:
        return {(p.round, p.table): p for p in self.movement.plays}

    def result(self, result_id: int) -> LiveResult:
        """The stored result with this id.

        :raises UnknownResultError: if there is none.
        """
        found = self._by_id.get(result_id)
        if found is None:
            raise UnknownResultError(
                f"this session has no result {result_id}", field="result_id", value=result_id
            )
        return found

    def at(self, table: int, round_number: int, board: int) -> LiveResult | None:
        """The stored result of this table, round and board, if any."""
        return self._by_slot.get((table, round_number, board))

    def entered_round(self, table: int) -> int | None:
        """The latest round the table has a result in; None before its first."""
        rounds = [r.entry.round for r in self.results if r.entry.table == table]
        return max(rounds, default=None)

    def position(self, table: int) -> TablePosition:
        """The table's current round, the round it may fix, and whether it has finished."""
        entered = self.entered_round(table)
        rounds = sorted(p.round for p in self.movement.plays if p.table == table)
        current = entered or 1
        done = entered is not None and all(
            self.at(table, entered, b) for b in self._plays[(entered, table)].boards
        )
        later = [r for r in rounds if r > current]
        finished = done and not later
        if done and not finished:
            current += 1
        sit_out = not finished and (current, table) not in self._plays
        return TablePosition(table, current, entered, finished, sit_out)

    def positions(self) -> list[TablePosition]:
        """Every table's :meth:`position`."""
        return [self.position(t) for t in range(1, self.movement.tables + 1)]

    def play(self, round_number: int, table: int) -> Play:
        """Who sits at this table in this round, and its boards.

        :raises SessionError: (field ``table``) if the movement has no such table and round.
        """
        found = self._plays.get((round_number, table))
        if found is None:
            m = self.movement
            raise SessionError(
                f"no table {table} in round {round_number} of this movement ({m.tables} tables, "
                f"{m.rounds} rounds)",
                field="table",
                value=table,
            )
        return found

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
        """The entry for a board at a table in a round, the pairs taken from the movement and
        the values read from their notation (errors name the field).

        :raises SessionError: if the movement has no such table, round or board, or the entry
            gives none or several of a result, an artificial score and a weighted score.
        :raises NotationError: for a result, score or lead that cannot be read.
        """
        play = self.play(round_number, table)
        _check_board(play, board)
        with for_field("contract"):
            read = Result.parse(result) if isinstance(result, str) else result
        with for_field("artificial"):
            adjusted = None if artificial is None else Adjusted.parse(artificial)
        with for_field("weighted"):
            scores = None if weighted is None else Weighted.parse(weighted)
        both = None if split is None else Split.parse(*split)
        return TableEntry(round_number, table, board, Pair.parse(play.ns).number,
                          Pair.parse(play.ew).number, read, adjusted, scores,
                          read_lead(lead), both)  # fmt: skip

    def _next(self, version: int | None, results: tuple[LiveResult, ...]) -> LiveState:
        return LiveState(self.session, self.version + 1 if version is None else version,
                         self.closed, results, self.id)  # fmt: skip

    def added(self, result: LiveResult, version: int | None = None) -> LiveState:
        """The state with this result stored (at ``version``, else the next)."""
        return self._next(version, (*self.results, result))

    def edited(self, result: LiveResult, version: int | None = None) -> LiveState:
        """The state with the stored result of this id changed."""
        return self._next(version, tuple(result if r.id == result.id else r for r in self.results))

    def deleted(self, result_id: int, version: int | None = None) -> LiveState:
        """The state without the stored result of this id."""
        return self._next(version, tuple(r for r in self.results if r.id != result_id))

    def redefined(self, session: Session, version: int | None = None) -> LiveState:
        """The state with the session's definition changed (a late pair, a withdrawal, a
        fouled board: :mod:`bridgescore.live.room`)."""
        return replace(self._next(version, self.results), session=session)

    def with_closed(self, closed: bool, version: int | None = None) -> LiveState:
        """The state closed (or opened again)."""
        return replace(self._next(version, self.results), closed=closed)

    def played(self, label: str, board: int) -> bool:
        """Whether the pair of this movement label (``NS 3``, ``3``) has a result on the board."""
        for r in self.results:
            if r.entry.board == board:
                play = self._plays.get((r.entry.round, r.entry.table))
                if play is not None and label in (play.ns, play.ew):
                    return True
        return False

    def may_see(self, who: Who | None, board: int) -> bool:
        """Whether ``who`` (a table, the director, or None: anyone) may see the board's
        traveller, and its hands, double-dummy table and par
        (:func:`bridgescore.live.deals.hand_for`): everyone once the session is closed, the
        director always, a table once both pairs sitting there now (those of the latest round
        it has entered a board of) have played it (SCORING.md §13)."""
        if self.closed or who == DIRECTOR:
            return True
        if who is None:
            return False
        sitting = self.entered_round(who) or self.position(who).current_round
        play = self._plays.get((sitting, who))  # the pairs of the round it last entered
        return play is not None and self.played(play.ns, board) and self.played(play.ew, board)

    def missing(
        self, *, table: int | None = None, round_number: int | None = None, pair: str | None = None
    ) -> list[tuple[int, int, int]]:
        """The boards still to be entered, as (round, table, board): of one table's round, of
        a pair (by its movement label), or all of them.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> LiveState.start(Session((Section.from_movement(mitchell(3, 2)),))).missing(
        ...     table=2, round_number=1)
        [(1, 2, 3), (1, 2, 4)]
        """
        return [
            (p.round, p.table, b)
            for p in self.movement.plays
            if (table is None or p.table == table)
            and (round_number is None or p.round == round_number)
            and (pair is None or pair in (p.ns, p.ew))
            for b in p.boards
            if self.at(p.table, p.round, b) is None
        ]

    def scheduled(self, board: int) -> int:
        """How many times the movement has the board played."""
        return sum(board in p.boards for p in self.movement.plays)

    def averages(
        self,
        artificial: str,
        *,
        table: int | None = None,
        round_number: int | None = None,
        pair: str | None = None,
    ) -> list[TableEntry]:
        """Artificial scores for every board still missing of a table's round (``artificial``
        as NS/EW: ``A+/A-``) or of a pair (as the pair's and its opponents': ``A-/A+`` for a
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
            raise SessionError("no board is missing there", field="table", value=table)
        flipped = Adjusted(given.ew, given.ns)
        return [
            self.entry(r, t, b, artificial=str(
                flipped if pair is not None and self.play(r, t).ew == pair else given))
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


def _check_board(play: Play, board: int) -> None:
    if board not in play.boards:
        raise SessionError(
            f"table {play.table} plays boards {', '.join(map(str, play.boards))} in round "
            f"{play.round}, not board {board}",
            field="board",
            value=board,
        )


def _check_fit(state: LiveState, entry: TableEntry) -> None:
    """The entry fits the movement: the table plays the board in the round, between its pairs;
    no lead without a contract played."""
    play = state.play(entry.round, entry.table)
    _check_board(play, entry.board)
    sitting = (Pair.parse(play.ns).number, Pair.parse(play.ew).number)
    if (entry.ns, entry.ew) != sitting:
        raise SessionError(
            f"in round {entry.round} table {entry.table} has {play.ns} v {play.ew}, not "
            f"{entry.ns} v {entry.ew}",
            field="ns",
            value=entry.ns,
        )
    if entry.lead is not None:
        read_lead(entry.lead)
        if entry.result is None or entry.result.contract is PASS_OUT:
            raise SessionError("a lead goes with a contract played", field="lead", value=entry.lead)


def _check_weights(state: LiveState, entry: TableEntry, besides: int | None) -> None:
    """At most MOST_WEIGHTED_WORK in the session (so also far fewer than the library's
    MAX_COMBINATIONS on any board)."""
    if entry.weighted is None:
        return
    counts = state.combinations(besides)
    counts[entry.board] = counts.get(entry.board, 1) * len(entry.weighted.components)
    work = sum(count * state.scheduled(b) for b, count in counts.items())
    if work > MOST_WEIGHTED_WORK:
        raise SessionError(
            f"with this weighted score, scoring the session's weighted scores would take "
            f"{work} board scorings (each combination of their results, each time its board "
            f"is played); at most {MOST_WEIGHTED_WORK} are taken in one session",
            field="weighted",
            value=str(entry.weighted),
        )


def _check_table(
    state: LiveState, who: int, entry: TableEntry, *, change: bool, verb: str = "enters"
) -> None:
    """A table's own result, the session open, the round its own to enter or fix, no
    director's score."""
    if entry.table != who:
        raise NotAllowedError(
            f"this is table {who}'s token: it {verb} only table {who}'s results",
            field="table",
            value=entry.table,
        )
    if state.closed:
        raise NotAllowedError(
            "the session is closed: ask the director to change results", field="closed"
        )
    if entry.weighted is not None:
        raise NotAllowedError(
            "only the director gives or changes a weighted score", field="weighted"
        )
    if entry.artificial is not None:
        raise NotAllowedError(
            "only the director gives or changes an artificial score", field="artificial"
        )
    if entry.split is not None:
        raise NotAllowedError("only the director gives or changes a split score", field="split")
    entered = state.entered_round(who)
    if entered is not None and (entry.round < entered or (change and entry.round != entered)):
        raise NotAllowedError(
            f"table {who} is in round {entered}: ask the director to change round {entry.round}",
            field="round",
            value=entry.round,
        )


def _refuse_another(state: LiveState, entry: TableEntry, besides: int | None = None) -> None:
    found = state.at(entry.table, entry.round, entry.board)
    if found is not None and found.id != besides:
        advice = "" if besides is not None else "; change that result instead"
        raise AlreadyEnteredError(
            f"table {entry.table} has already entered board {entry.board} in round "
            f"{entry.round}: {found.entry.describe()}{advice}",
            found,
        )


def accept(state: LiveState, who: Who, change: Change) -> None:
    """Whether ``who`` may make ``change`` to the session as ``state`` has it: nothing if so.

    :raises SessionError: (422) for an entry that does not fit the movement, or weighted
        scores past the bounds.
    :raises NotAllowedError: (403) for what this table may not do.
    :raises AlreadyEnteredError: (409) for a board the table has entered already.
    :raises UnknownResultError: (404) for a result the session does not have.
    """
    if isinstance(change, Delete):
        gone = state.result(change.result_id)
        if who != DIRECTOR:
            _check_table(state, who, gone.entry, change=True, verb="deletes")
        return
    entry = change.entry
    besides = change.result_id if isinstance(change, Edit) else None
    old = None if besides is None else state.result(besides)
    _check_fit(state, entry)
    if who != DIRECTOR:
        if old is not None:
            _check_table(state, who, old.entry, change=True, verb="changes")
        _check_table(state, who, entry, change=old is not None)
    _check_weights(state, entry, besides)
    _refuse_another(state, entry, besides)


def accept_request(state: LiveState, who: Who, entry: TableEntry) -> None:
    """Whether ``who`` may send ``entry`` to the director as a correction request (a table's
    entry after closing, kept as a conflict): it fits the movement, and a table sends only its
    own table's.

    :raises SessionError: for an entry that does not fit the movement.
    :raises NotAllowedError: for another table's entry.
    """
    _check_fit(state, entry)
    if who != DIRECTOR and entry.table != who:
        raise NotAllowedError(
            f"this is table {who}'s token: it sends only table {who}'s results",
            field="table",
            value=entry.table,
        )


def substitute(state: LiveState, who: Who, label: str, players: tuple[Player, ...]) -> Session:
    """The session's definition with the pair ``label``'s players changed, if ``who`` may:
    the director at any time (a substitute); a table, as Bridgemate asks at the start, only
    the players of the two pairs sitting at it in its first round, while it is still in that
    round, the session open, and only once (a pair whose players are in is changed by the
    director).

    >>> from bridgescore.model import Side
    >>> from bridgescore.duplicate.movement import mitchell
    >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
    >>> two = (Player("Ann Smith", "1001"), Player("Bob Jones"))
    >>> substitute(state, 2, "EW 2", two).sections[0].pair(2, Side.EW).names
    'Ann Smith & Bob Jones'
    >>> substitute(state, 2, "EW 1", two)
    Traceback (most recent call last):
    ...
    bridgescore.live.rules.NotAllowedError: table 2 enters the players of NS 2 and EW 2 (who sit \
there in round 1), not EW 1's

    :raises NotAllowedError: for a table's token past these bounds.
    :raises SessionError: for a pair the session does not have, or not two players.
    """
    if len(players) != 2:
        raise SessionError(f"a pair is two players, got {len(players)}", field="players")
    sec = state.definition
    pair = next((p for p in sec.pairs if p.label == label), None)
    if pair is None:
        raise SessionError(f"no pair {label!r} in this session", field="pair", value=label)
    if who != DIRECTOR:
        _check_seated(state, who, pair)
    pairs = [replace(p, players=players, names=pair_names(players)) if p.label == label else p
             for p in sec.pairs]  # fmt: skip
    return replace(state.session, sections=(replace(sec, pairs=tuple(pairs)),))


def check_roster_lookup(state: LiveState, who: Who) -> None:
    """Whether ``who`` may look a national number up in the club's roster (to enter a pair's
    players by number): the director at any time; a table only while it may still enter the
    players of a pair sitting at it (:func:`substitute`), so no phone reads the roster all
    evening.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
    >>> check_roster_lookup(state, 2), check_roster_lookup(state, DIRECTOR)
    (None, None)

    :raises NotAllowedError: for a table that may enter no pair's players (the reason of its
        last pair's).
    """
    if who == DIRECTOR:
        return
    rounds = [p.round for p in state.movement.plays if p.table == who]
    if not rounds:
        raise NotAllowedError(f"nobody plays at table {who}", field="table", value=who)
    play = state.play(min(rounds), who)
    refused: NotAllowedError | None = None
    for pair in state.definition.pairs:
        if pair.label in (play.ns, play.ew):
            try:
                _check_seated(state, who, pair)
            except NotAllowedError as exc:
                refused = exc
            else:
                return
    assert refused is not None  # a play names two pairs of the section
    raise refused


def _check_seated(state: LiveState, who: int, pair: Pair) -> None:
    """A table enters its own pairs' players: those at it in its first round, while it is in
    that round and the session is open, once."""
    if state.closed:
        raise NotAllowedError("the session is closed: ask the director", field="closed")
    rounds = [p.round for p in state.movement.plays if p.table == who]
    if not rounds:
        raise NotAllowedError(f"nobody plays at table {who}", field="table", value=who)
    play = state.play(min(rounds), who)
    if pair.label not in (play.ns, play.ew):
        raise NotAllowedError(
            f"table {who} enters the players of {play.ns} and {play.ew} (who sit there in round "
            f"{play.round}), not {pair.label}'s",
            field="pair",
            value=pair.label,
        )
    entered = state.entered_round(who)
    if entered is not None and entered > play.round:
        raise NotAllowedError(
            f"table {who} is past round {play.round}: the director changes a pair's players",
            field="round",
            value=entered,
        )
    if pair.players:
        raise NotAllowedError(
            f"{pair.label}'s players are in already: the director changes them (a substitute)",
            field="players",
            value=pair.label,
        )
