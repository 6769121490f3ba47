"""A night's definition and the director's changes to it, as the night goes on.

On a pairs evening, a late pair (:class:`LatePair`), a pair that leaves early
(:class:`Withdrawal`) and a fouled board's versions (:class:`FouledBoard`) change who plays
whom, or how a board is scored, while the evening goes on; on a team night, the next round is
drawn (:class:`Draw`), two entrants swapped in a round's draw (:class:`Swap`) and a knockout
match's carry-over set (:class:`CarryOver`). :func:`redefine` is the one decision about them,
as :func:`~bridgescore.live.accept` is about results: storage calls it with the state read
inside its write transaction and keeps the definition it gives (a new version) only if it
passes.

>>> from bridgescore.live.rules import DIRECTOR, LiveState
>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> from bridgescore.model import Side
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2, half_table=True)),)))
>>> state.position(3).sit_out
True
>>> later = state.redefined(redefine(state, DIRECTOR, LatePair(Pair(3, Side.NS, "Ann & Bob"), 2)))
>>> later.play(2, 3).ns, later.play(2, 3).ew, later.definition.pair(3, Side.NS).names
('NS 3', 'EW 2', 'Ann & Bob')
>>> redefine(later, 1, Withdrawal("EW 1", 3))
Traceback (most recent call last):
...
bridgescore.live.state.NotAllowedError: only the director changes who plays (a late pair, a \
withdrawal, a fouled board)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.duplicate.session import (
    Pair,
    Section,
    with_fouled_board,
    with_late_pair,
    with_withdrawal,
)
from bridgescore.errors import EventError, SessionError
from bridgescore.events import (
    Event,
    EventKind,
    RepeatMeetingError,
    carry_over,
    swap_repeats,
    with_extra_boards,
)
from bridgescore.grades.handicap import HandicapRules
from bridgescore.live.deals import Analysed, AttachDeals, analysed, attach
from bridgescore.live.night import Night
from bridgescore.live.rules import LiveState, Who, check_director

__all__ = [
    "CarryOver",
    "Draw",
    "ExtraBoards",
    "FouledBoard",
    "Handicapping",
    "LatePair",
    "MinShare",
    "NotReadyError",
    "Redefinition",
    "Swap",
    "Withdrawal",
    "redefine",
]


class NotReadyError(EventError):
    """The night is not ready for this: the round a draw needs is unfinished, or the round to
    change has begun (HTTP 409)."""


@dataclass(frozen=True, slots=True)
class LatePair:
    """A pair that arrives for ``from_round``: it takes the phantom's or the sit-out's place."""

    pair: Pair
    """Its label, names and players."""
    from_round: int


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A pair that leaves before ``from_round``: its later opponents sit out."""

    pair: str
    """Its label (``EW 2``, or ``5`` in a Howell)."""
    from_round: int


@dataclass(frozen=True, slots=True)
class FouledBoard:
    """A fouled board (Law 87): the tables that played each version (none: not fouled)."""

    board: int
    versions: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class MinShare:
    """The share of boards a pair plays to be ranked (of the most any pair of the section
    played; SCORING.md, "A minimum share of boards"); None: every pair is ranked."""

    share: Fraction | None


@dataclass(frozen=True, slots=True)
class Handicapping:
    """Handicapped rankings beside the scratch ones, by these rules (SCORING.md §27); None:
    scratch only."""

    rules: HandicapRules | None


@dataclass(frozen=True, slots=True)
class Draw:
    """A team night's next round drawn: a round robin's from its schedule, a knockout's from
    the bracket, a Swiss round from the standings once the round they come from is in."""


@dataclass(frozen=True, slots=True)
class Swap:
    """Two entrants swapped in a round's draw (or one with the bye), before the round starts."""

    round: int
    first: str
    second: str
    confirm: bool = False
    """The director's yes to a swap that makes a repeat meeting (else refused)."""


@dataclass(frozen=True, slots=True)
class CarryOver:
    """A knockout match's carry-over: IMPs its home team starts with (negative: the away
    team's)."""

    round: int
    match: int
    imps: Fraction


@dataclass(frozen=True, slots=True)
class ExtraBoards:
    """A tied knockout match's extra boards: both rooms play them, their IMPs decide."""

    round: int
    match: int
    boards: int


Redefinition = (
    LatePair
    | Withdrawal
    | FouledBoard
    | MinShare
    | Handicapping
    | AttachDeals
    | Analysed
    | Draw
    | Swap
    | CarryOver
    | ExtraBoards
)
"""A change to the night's definition (the deals and their analysis:
:mod:`bridgescore.live.deals`)."""


def redefine(state: LiveState, who: Who, change: Redefinition) -> Night:
    """The night's new definition (no results) after ``change``, if ``who`` may make it.

    The change is checked against the results stored so far: a late pair takes the place of
    a pair that has not played; a pair withdraws only from rounds it has no results in; a
    fouled board's versions share out the tables the board is played at; a Swiss round (and a
    knockout's) is drawn once the round its standings come from is complete; a swap only
    before its round has a result.

    :raises NotAllowedError: (403) for anyone but the director.
    :raises NotReadyError: (409) while the round a draw needs is unfinished, or once the round
        to swap in has begun.
    :raises SessionError: (422) for a change that does not fit the night or the results (a
        pairs evening's change on a team night, and the reverse; a late player or a
        withdrawal in an individual).
    """
    if isinstance(change, AttachDeals):
        return attach(state, who, change)
    if isinstance(change, Analysed):
        return analysed(state, who, change)
    if isinstance(change, Draw | Swap | CarryOver | ExtraBoards):
        return _redraw(state, who, change)
    if isinstance(change, MinShare):
        _check_ranking_rule(state, who, "min_share")
        return replace(state.session, min_share=change.share)
    if isinstance(change, Handicapping):
        _check_ranking_rule(state, who, "handicap")
        return replace(state.session, handicap=change.rules)
    check_director(who, "director_who_plays", "pair")
    section = state.section
    if state.session.individual is not None and not isinstance(change, FouledBoard):
        raise SessionError.coded("individual_no_late_pair", field="pair")
    if isinstance(change, LatePair):
        changed = with_late_pair(section, change.pair, change.from_round)
    elif isinstance(change, Withdrawal):
        changed = with_withdrawal(section, change.pair, change.from_round)
    else:
        changed = with_fouled_board(section, change.board, change.versions)
    plays = {(p.round, p.table) for p in (changed.movement.plays if changed.movement else ())}
    for r in state.results:  # the stored results still fit who plays whom
        if (r.entry.round, r.entry.table) not in plays:
            raise SessionError.coded("results_would_not_fit", field="from_round",
                                     table=r.entry.table, round=r.entry.round)  # fmt: skip
    bare: Section = changed.with_results(())
    return replace(state.session, sections=(bare,))


def _redraw(state: LiveState, who: Who, change: Draw | Swap | CarryOver | ExtraBoards) -> Event:
    """A team night's draw changed, if ``who`` is the director and the night is ready."""
    check_director(who, "director_draws", "round")
    event = state.event
    if isinstance(change, Draw):
        number = len(event.rounds) + 1
        if event.kind in (EventKind.SWISS_TEAMS, EventKind.SWISS_PAIRS, EventKind.KNOCKOUT):
            arrears = event.arrears and event.kind is not EventKind.KNOCKOUT
            needed = number - 1 - arrears
            if needed >= 1 and number <= event.total_rounds and state.missing(round_number=needed):
                raise NotReadyError.coded("round_not_finished", field="round", value=number,
                                          needed=needed, round=number)  # fmt: skip
        changed = event.draw_next()
    elif isinstance(change, Swap):
        event.round(change.round)
        if any(r.entry.round == change.round for r in state.results):
            raise NotReadyError.coded("round_begun", field="round", value=change.round,
                                      round=change.round)  # fmt: skip
        changed = event.swap(change.round, change.first, change.second)
        again = swap_repeats(event, change.round, change.first, change.second)
        if again and not change.confirm:
            raise RepeatMeetingError.of(change.round, again)
    elif isinstance(change, ExtraBoards):
        changed = with_extra_boards(event, change.round, change.match, change.boards)
    else:
        if event.kind is not EventKind.KNOCKOUT:
            raise EventError.coded("carry_over_knockout", field="carry_over")
        changed = carry_over(event, change.round, change.match, change.imps)
    return replace(changed, entries=())


def _check_ranking_rule(state: LiveState, who: Who, field: str) -> None:
    """A rule of a pairs evening's rankings is the director's to set; a team night has
    none, nor has an individual (its ranking is its players', which these rules do not act
    on: set, they would be shown and ignored; SCORING.md §26)."""
    check_director(who, f"director_{field}", field)
    if state.seating.kind != "pairs":
        raise SessionError.coded(f"team_no_{field}", field=field)
    if state.session.individual is not None:
        raise SessionError.coded(f"individual_no_{field}", field=field)
