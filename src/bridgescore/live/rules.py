"""The rules of a night at the tables: what a table or the director may enter, change or
delete, for every kind of night (a pairs evening, a team night).

A night whose tables enter their own results is a :class:`~bridgescore.live.state.LiveState`:
its definition, whether it is closed, and the results stored so far, each a
:class:`TableEntry` (what a table enters for one board: where, who, and a result, an
artificial, a weighted or a split score). :func:`accept` is the one decision about every
change (:class:`Add`, :class:`Edit`, :class:`Delete`): storage calls it with the state read
inside its write transaction and writes only if it passes; the web only maps its errors to
HTTP statuses (:class:`NotAllowedError` 403, :class:`AlreadyEnteredError` 409,
:class:`~bridgescore.errors.SessionError` and :class:`NotReachedError` 422,
:class:`TooManyRequestsError` 429, :class:`UnknownResultError` 404).

The rules (SCORING.md §13, §16.6):

- an entry fits the night: the table plays that board in that round, the sides are the ones
  sitting there, a fouled board's versions name the table, the night takes that kind of score
  (a team night: a result or an artificial score), and a passed-out board, an artificial or a
  weighted score has no lead;
- the director may do anything, also after closing; a table enters only its own results,
  while the night is open, of the round it has reached (the round after its last complete
  one, :meth:`LiveState.reached_round`) or the latest it has entered (a board of a later
  round is :class:`NotReachedError`, so nothing of a board is shown to a table before it
  plays it: :meth:`LiveState.may_see`); it changes or deletes only
  its own results of the latest round it has entered (the round it is playing, or the last
  round it finished until it enters a board of the next), and on a team night only until the
  other room of its match has entered the board; its round never goes back: its only result
  of a round after its first is changed, not deleted (what it was shown stays shown, and
  what it entered to get there stays in for the director);
- artificial, weighted and split scores are the director's;
- one result per table, round and board (a second is :class:`AlreadyEnteredError`);
- a table's change names the version of the result it replaces (its ``updated_at`` as the
  table read it: :attr:`Edit.replaces`); one naming none, or another (older) one, is
  :class:`OutdatedError`, kept for the director as a conflict, never applied: a phone changes
  only what it was shown. The director's changes need no version;
- the weighted scores of the session make at most :data:`MOST_WEIGHTED_WORK` of scoring in
  all (far fewer combinations than the library's
  :data:`~bridgescore.duplicate.MAX_COMBINATIONS` on any board), so that no session accepted
  takes long to score.

>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
>>> entry = state.entry(1, 1, 1, result="4HS=")
>>> entry.ns, entry.ew, entry.result
(1, 1, Result.parse('4HS='))
>>> accept(state, 1, Add(entry))
>>> state = state.added(LiveResult(1, entry, NOW, NOW))
>>> accept(state, 2, Add(entry))
Traceback (most recent call last):
...
bridgescore.live.state.NotAllowedError: this is table 2's token: it enters only table 2's \
results
>>> from bridgescore.events import Event, EventKind, teams
>>> night = LiveState.start(Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B"), 1,
...                               boards_per_match=2).draw_next())
>>> accept(night, 1, Add(night.entry(1, 1, 1, artificial="A/A")))
Traceback (most recent call last):
...
bridgescore.live.state.NotAllowedError: only the director gives or changes an artificial score
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from bridgescore.duplicate.session import Pair, Session
from bridgescore.errors import SessionError
from bridgescore.live.entry import LiveResult, TableEntry, read_lead, read_result
from bridgescore.live.state import (
    DIRECTOR,
    NOW,
    AlreadyEnteredError,
    LiveState,
    NotAllowedError,
    NotReachedError,
    OutdatedError,
    TablePosition,
    UnknownResultError,
    Who,
    check_board,
)
from bridgescore.model import PASS_OUT
from bridgescore.players import Player, pair_names

__all__ = [
    "DIRECTOR",
    "MOST_REQUESTS",
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
    "NotReachedError",
    "OutdatedError",
    "TableEntry",
    "TablePosition",
    "TooManyRequestsError",
    "UnknownResultError",
    "Who",
    "accept",
    "accept_request",
    "check_director",
    "check_kept",
    "check_roster_lookup",
    "read_lead",
    "read_result",
    "substitute",
]

MOST_WEIGHTED_WORK: Final = 300
"""The most work a session's weighted scores may make: the sum over its boards of the
combinations of their weighted scores' results times the number of times the board is played
(each combination is the board scored once more). Measured, a session at this bound scores in
about 50 ms (a board scored costs about 0.16 ms a result); tests/live/test_live_core.py checks that
it takes less than 100."""


MOST_REQUESTS: Final = 30
"""The most entries a table may have kept for the director on one board (correction requests
after closing, and entries that differ from the stored result): past it, 429, so that no table
floods the director's list (or the session's answer)."""


class TooManyRequestsError(NotAllowedError):
    """A table has :data:`MOST_REQUESTS` entries kept for the director on this board already
    (429)."""


def check_kept(who: Who, entry: TableEntry, kept: int) -> None:
    """Whether one more of ``who``'s entries for this board may be kept for the director,
    ``kept`` being kept already (those the director has settled too): a table's at most
    :data:`MOST_REQUESTS` per board; the director's are never kept, so never counted.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Section
    >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
    >>> entry = state.entry(1, 1, 1, result="4HS=")
    >>> check_kept(1, entry, MOST_REQUESTS - 1)
    >>> check_kept(1, entry, MOST_REQUESTS)
    Traceback (most recent call last):
    ...
    bridgescore.live.rules.TooManyRequestsError: table 1 has sent the director 30 entries for \
board 1 already: the director settles them at the table
    """
    if who != DIRECTOR and kept >= MOST_REQUESTS:
        raise TooManyRequestsError.coded(
            "too_many_requests", field="board", value=entry.board, table=entry.table, kept=kept,
            board=entry.board)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Add:
    """Enter a result."""

    entry: TableEntry


@dataclass(frozen=True, slots=True)
class Edit:
    """Change a stored result."""

    result_id: int
    entry: TableEntry
    replaces: str | None = None
    """The version of the result this change replaces: the stored result's ``updated_at``
    (:attr:`LiveResult.version`) as the table read it. A phone can always know it: it is in
    every result the night answers (the night's reads, a POST's 201 or 409), and it names
    this result alone (the session's version moves with every other table's entry, which
    would make every change a conflict). A table must name the stored one; the director
    need not."""


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete a stored result."""

    result_id: int


Change = Add | Edit | Delete


def _check_fit(state: LiveState, entry: TableEntry) -> None:
    """The entry fits the night: the table plays the board in the round, between the sides
    sitting there; a score the night takes; no lead without a contract played."""
    sitting = state.sitting(entry.round, entry.table)
    check_board(sitting, entry.board)
    if (entry.ns, entry.ew) != (sitting.ns, sitting.ew):
        raise SessionError.coded("entry_wrong_pairs", field="ns", value=entry.ns,
            round=entry.round, table=entry.table, ns_label=sitting.ns_label,
            ew_label=sitting.ew_label, ns=entry.ns, ew=entry.ew)  # fmt: skip
    if state.seating.kind == "pairs":
        groups = dict(state.definition.versions).get(entry.board)
        if groups is not None and all(entry.table not in g for g in groups):
            versions = " / ".join(", ".join(map(str, g)) for g in groups)
            raise SessionError.coded("fouled_table_in_none", field="board",
                value=entry.board, board=entry.board, versions=versions,
                table=entry.table)  # fmt: skip
    form = entry.form
    if form not in state.seating.forms:
        raise SessionError.coded(f"team_night_{form}", field=form)
    if entry.lead is not None:
        read_lead(entry.lead)
        if entry.result is None or entry.result.contract is PASS_OUT:
            raise SessionError.coded("lead_without_contract", field="lead", value=entry.lead)


def _check_compared(state: LiveState, entry: TableEntry) -> None:
    """A table's own result is its own to change until the result it is compared with is in
    (a team match's other room: then both are shown, and the IMPs)."""
    if state.compared(entry) is not None:
        raise NotAllowedError.coded("board_in_at_both_tables", field="board", value=entry.board,
                                    board=entry.board)  # fmt: skip


def _check_weights(state: LiveState, entry: TableEntry, besides: int | None) -> None:
    """At most MOST_WEIGHTED_WORK in the session (so also far fewer than the library's
    MAX_COMBINATIONS on any board)."""
    if entry.weighted is None:
        return
    counts = state.combinations(besides)
    counts[entry.board] = counts.get(entry.board, 1) * len(entry.weighted.components)
    work = sum(count * state.scheduled(b) for b, count in counts.items())
    if work > MOST_WEIGHTED_WORK:
        raise SessionError.coded("weighted_work", field="weighted", value=str(entry.weighted),
                                 work=work, most=MOST_WEIGHTED_WORK)  # fmt: skip


def _check_table(
    state: LiveState, who: int, entry: TableEntry, *, change: bool, verb: str = "enters"
) -> None:
    """A table's own result, the session open, the round its own to enter or fix, no
    director's score."""
    if entry.table != who:
        raise NotAllowedError.coded(f"token_{verb}", field="table", value=entry.table, table=who)
    if state.closed:
        raise NotAllowedError.coded("closed_change_results", field="closed")
    if entry.weighted is not None:
        raise NotAllowedError.coded("director_weighted", field="weighted")
    if entry.artificial is not None:
        raise NotAllowedError.coded("director_artificial", field="artificial")
    if entry.split is not None:
        raise NotAllowedError.coded("director_split", field="split")
    entered = state.entered_round(who)
    if entered is not None and (entry.round < entered or (change and entry.round != entered)):
        raise NotAllowedError.coded("round_entered", field="round", value=entry.round,
                                    table=who, entered=entered, round=entry.round)  # fmt: skip
    reached = state.reached_round(who)
    if not change and entry.round not in (entered, reached):
        raise NotReachedError.coded("round_not_reached", field="round", value=entry.round,
            table=who, reached=reached, board=entry.board, round=entry.round)  # fmt: skip


def _check_keeps_round(state: LiveState, gone: LiveResult) -> None:
    """A table's delete never takes it back to an earlier round: its round only grows (what
    it was shown of a later round stays shown, and what it entered to get there stays in for
    the director to see). Its last result of a round after its first is changed, not deleted.
    """
    e = gone.entry
    first = min(s.round for s in state.seating.sittings if s.table == e.table)
    sitting = state.seating.sitting(e.round, e.table)
    boards = sitting.boards if sitting is not None else (e.board,)
    alone = all(state.at(e.table, e.round, b) in (None, gone) for b in boards)
    if alone and e.round > first:
        raise NotAllowedError.coded("only_result_of_round", field="round", value=e.round,
                                    board=e.board, table=e.table, round=e.round)  # fmt: skip


def _check_replaces(old: LiveResult, change: Edit) -> None:
    """A table's change names the stored result's version: what it replaces is what it read."""
    if change.replaces != old.version:
        code = "outdated_no_version" if change.replaces is None else "outdated_changed"
        raise OutdatedError.about(old, code, board=old.entry.board, now=old.entry.describe())


def _refuse_another(state: LiveState, entry: TableEntry, besides: int | None = None) -> None:
    found = state.at(entry.table, entry.round, entry.board)
    if found is not None and found.id != besides:
        code = "entered_already" if besides is not None else "entered_already_change"
        raise AlreadyEnteredError.about(found, code, table=entry.table, board=entry.board,
                                        round=entry.round, now=found.entry.describe())  # fmt: skip


def accept(state: LiveState, who: Who, change: Change) -> None:
    """Whether ``who`` may make ``change`` to the session as ``state`` has it: nothing if so.

    :raises SessionError: (422) for an entry that does not fit the movement, or weighted
        scores past the bounds.
    :raises NotAllowedError: (403) for what this table may not do.
    :raises NotReachedError: (422) for a table's entry of a round it has not reached.
    :raises AlreadyEnteredError: (409) for a board the table has entered already.
    :raises OutdatedError: (409, kept as a conflict) for a table's change that does not name
        the stored result's version.
    :raises UnknownResultError: (404) for a result the session does not have.
    """
    if isinstance(change, Delete):
        gone = state.result(change.result_id)
        if who != DIRECTOR:
            _check_table(state, who, gone.entry, change=True, verb="deletes")
            _check_compared(state, gone.entry)
            _check_keeps_round(state, gone)
        return
    entry = change.entry
    besides = change.result_id if isinstance(change, Edit) else None
    old = None if besides is None else state.result(besides)
    _check_fit(state, entry)
    if who != DIRECTOR:
        if old is not None:
            _check_table(state, who, old.entry, change=True, verb="changes")
            _check_compared(state, old.entry)
        _check_table(state, who, entry, change=old is not None)
        if old is not None:
            assert isinstance(change, Edit)
            _check_replaces(old, change)
    _check_weights(state, entry, besides)
    _refuse_another(state, entry, besides)


def accept_request(state: LiveState, who: Who, entry: TableEntry, kept: int = 0) -> None:
    """Whether ``who`` may send ``entry`` to the director as a correction request (a table's
    entry after closing, kept as a conflict): it fits the movement, a table sends only its
    own table's, and at most :data:`MOST_REQUESTS` on a board (``kept``: those kept already,
    :func:`check_kept`).

    :raises SessionError: for an entry that does not fit the movement.
    :raises NotAllowedError: for another table's entry.
    :raises TooManyRequestsError: past :data:`MOST_REQUESTS`.
    """
    _check_fit(state, entry)
    if who != DIRECTOR and entry.table != who:
        raise NotAllowedError.coded("token_sends", field="table", value=entry.table, table=who)
    check_kept(who, entry, kept)


def substitute(state: LiveState, who: Who, label: str, players: tuple[Player, ...]) -> Session:
    """The session's definition with the pair ``label``'s players changed, if ``who`` may:
    the director at any time (a substitute); a table, as Bridgemate asks at the start, only
    the players of the two pairs sitting at it in its first round, while it is still in that
    round, the session open, and only once (a pair whose players are in is changed by the
    director).

    >>> from bridgescore.model import Side
    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Section
    >>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
    >>> two = (Player("Ann Smith", "1001"), Player("Bob Jones"))
    >>> substitute(state, 2, "EW 2", two).sections[0].pair(2, Side.EW).names
    'Ann Smith & Bob Jones'
    >>> substitute(state, 2, "EW 1", two)
    Traceback (most recent call last):
    ...
    bridgescore.live.state.NotAllowedError: table 2 enters the players of NS 2 and EW 2 (who sit \
there in round 1), not EW 1's

    An individual's partnerships are not the players' (each player is in several, named by
    their number in ``Session.individual``): no partnership's players are changed there.

    :raises NotAllowedError: for a table's token past these bounds.
    :raises SessionError: for a pair the session does not have, not two players, or a
        partnership of an individual (SCORING.md §26).
    """
    if len(players) != 2:
        raise SessionError.coded("pair_two_players", field="players", count=len(players))
    if state.session.individual is not None:
        raise SessionError.coded("individual_no_substitute", field="pair", value=label,
                                 pair=label)  # fmt: skip
    sec = state.definition
    pair = next((p for p in sec.pairs if p.label == label), None)
    if pair is None:
        raise SessionError.coded("no_such_pair", field="pair", value=label, pair=label)
    if who != DIRECTOR:
        _check_seated(state, who, pair)
    pairs = [replace(p, players=players, names=pair_names(players)) if p.label == label else p
             for p in sec.pairs]  # fmt: skip
    return replace(state.session, sections=(replace(sec, pairs=tuple(pairs)),))


def check_director(who: Who, code: str, field: str) -> None:
    """Refuse anyone but the director what only the director does (``code``: the refusal's
    message, naming what; ``field``: the request's part it is told against).

    >>> check_director(DIRECTOR, "director_settles", "conflict_id")
    >>> check_director(3, "director_settles", "conflict_id")
    Traceback (most recent call last):
    bridgescore.live.state.NotAllowedError: only the director settles conflicts

    :raises NotAllowedError: for a table.
    """
    if who != DIRECTOR:
        raise NotAllowedError.coded(code, field=field)


def check_roster_lookup(state: LiveState, who: Who) -> None:
    """Whether ``who`` may look a national number up in the club's roster (to enter a pair's
    players by number): the director at any time; a table only while it may still enter the
    players of a pair sitting at it (:func:`substitute`), so no phone reads the roster all
    evening.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Section
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
        raise NotAllowedError.coded("nobody_at_table", field="table", value=who, table=who)
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
        raise NotAllowedError.coded("closed_ask_director", field="closed")
    rounds = [p.round for p in state.movement.plays if p.table == who]
    if not rounds:
        raise NotAllowedError.coded("nobody_at_table", field="table", value=who, table=who)
    play = state.play(min(rounds), who)
    if pair.label not in (play.ns, play.ew):
        raise NotAllowedError.coded("players_not_at_table", field="pair", value=pair.label,
            table=who, ns=play.ns, ew=play.ew, round=play.round, pair=pair.label)  # fmt: skip
    entered = state.entered_round(who)
    if entered is not None and entered > play.round:
        raise NotAllowedError.coded("table_past_round", field="round", value=entered,
                                    table=who, round=play.round)  # fmt: skip
    if pair.players:
        raise NotAllowedError.coded("players_in_already", field="players", value=pair.label,
                                    pair=pair.label)  # fmt: skip
