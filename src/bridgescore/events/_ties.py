"""A knockout match's tie settled, and the repeat meetings a swap would make (SCORING.md §16).

A knockout's carry-over is set before its match starts (IMPs the home team starts with, from
an earlier meeting or the seeding, as the regulation says); a match that ends tied is decided
by extra boards the two rooms play, whose IMPs count (the EBU's and the WBF's knockout
regulations: "a tie is broken by playing further boards"); a carry-over set once it is over
is the director's ruling when the regulation says so (for example a half IMP to the team that
won the earlier meeting). Neither changes a match that is decided: over with a winner, or the
next round drawn.

>>> from bridgescore.events import Entry, Event, EventKind, Room, teams
>>> from bridgescore.model import Result
>>> e = Event(EventKind.KNOCKOUT, "KO", teams("A", "B"), boards_per_match=1).draw_next()
>>> for room in Room:
...     e = e.record(Entry(1, 1, 1, room, Result.parse("3NN=")))
>>> e = with_extra_boards(e, 1, 1, 2)
>>> e.round(1).match(1).boards
(1, 2, 3)
>>> with_extra_boards(e, 1, 1, 2)
Traceback (most recent call last):
...
bridgescore.events._ties.TieError: round 1, match 1 (A v B) is not over: 1 of its 3 boards scored
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Self, TypeVar

from bridgescore.errors import EventError
from bridgescore.events._score import match_scores
from bridgescore.events._values import EventBase, EventKind, Match, MatchScore

__all__ = ["MAX_EXTRA_BOARDS", "RepeatMeetingError", "TieError", "carry_over", "check_carry_over",
           "repeats", "swap_repeats", "tied", "with_extra_boards"]  # fmt: skip

MAX_EXTRA_BOARDS = 16
"""At most this many extra boards at once."""

E = TypeVar("E", bound=EventBase)


class RepeatMeetingError(EventError):
    """A swap that would make entrants meet again, not confirmed by the director (HTTP 409):
    ``repeat`` lists each new repeat (the two entrants and the round they met in)."""

    repeat: tuple[tuple[str, str, int], ...] = ()

    @classmethod
    def of(cls, number: int, repeat: tuple[tuple[str, str, int], ...]) -> Self:
        """The error for the swap in round ``number`` making the meetings ``repeat``."""
        said: dict[str, Any]
        met: EventError | None = None  # each meeting a sentence the reader's language says
        for a, b, r in reversed(repeat):
            said = {"first": a, "second": b, "round": r}
            met = (EventError.coded("repeat_met", **said) if met is None
                   else EventError.coded("repeat_met_more", more=met, **said))  # fmt: skip
        err = cls.coded("repeat_meeting", field="entrants", round=number, met=met)
        err.repeat = repeat
        return err


class TieError(EventError):
    """Not a tie to settle now: the match is under way, over and not tied, or decided by the
    next round's draw (HTTP 409)."""


def _knockout_match(event: EventBase, number: int, match: int) -> tuple[Match, MatchScore]:
    """The match and its score so far, if it is a knockout's and not decided by a later round.

    :raises EventError: for another kind of event (field ``match``), a match not drawn, or
        one whose next round is drawn.
    """
    m = event.round(number).match(match)
    if event.kind is not EventKind.KNOCKOUT:
        raise EventError.coded("no_ties", field="match", value=match, kind=event.kind.value)
    if len(event.rounds) > number:
        raise TieError.coded("tie_next_drawn", field="match", value=match, round=number,
                             match=match, home=m.home, away=m.away, next=number + 1)  # fmt: skip
    score = next(s for s in match_scores(event, number) if s.match == match)
    return m, score


def tied(event: EventBase, number: int, match: int) -> bool:
    """Whether a knockout match is over and tied (carry-over included), and not decided by a
    later round's draw: the tie the director breaks by extra boards or a carry-over.

    >>> from bridgescore.events import Event, EventKind, teams
    >>> cup = Event(EventKind.KNOCKOUT, "Cup", teams(*"ABCD"), boards_per_match=2).draw_next()
    >>> tied(cup, 1, 1)  # drawn, nothing played yet
    False
    """
    if event.kind is not EventKind.KNOCKOUT or len(event.rounds) > number:
        return False
    m = event.round(number).match(match)
    score = next(s for s in match_scores(event, number) if s.match == match)
    return score.boards >= len(m.boards) and score.margin == 0


def check_carry_over(event: EventBase, number: int, match: int) -> None:
    """Refuse a carry-over for a match that is not a knockout's, or is under way or decided:
    it is set before the match starts, or once it is over and tied.

    :raises EventError: (field ``match``) naming the reason.
    """
    m, score = _knockout_match(event, number, match)
    started = any((e.round, e.match) == (number, match) for e in event.entries)
    if not started:
        return
    if score.boards < len(m.boards):
        raise TieError.coded("tie_begun", field="match", value=match, round=number,
                             match=match, home=m.home, away=m.away)  # fmt: skip
    if score.margin != 0:
        raise TieError.coded("tie_not_tied", field="match", value=match, round=number,
                             match=match, home=m.home, away=m.away)  # fmt: skip


def carry_over(event: E, number: int, match: int, imps: Fraction | int) -> E:
    """The event with a knockout match's carry-over set, when :func:`check_carry_over` allows.

    :raises EventError: as :func:`check_carry_over` says.
    """
    check_carry_over(event, number, match)
    return event.with_carry_over(number, match, imps)


def with_extra_boards(event: E, number: int, match: int, boards: int) -> E:
    """The event with ``boards`` extra boards added to a tied knockout match (numbered after
    its boards); both rooms play them and their IMPs count.

    :raises EventError: for a match that is not a knockout's, not over, not tied, or decided;
        or a number of boards not 1 to :data:`MAX_EXTRA_BOARDS` (field ``boards``).
    """
    if (
        isinstance(boards, bool)
        or not isinstance(boards, int)
        or not 1 <= boards <= MAX_EXTRA_BOARDS
    ):
        raise EventError.coded("extra_boards_range", field="boards", value=boards,
                               most=MAX_EXTRA_BOARDS, got=repr(boards))  # fmt: skip
    m, score = _knockout_match(event, number, match)
    if score.boards < len(m.boards):
        raise TieError.coded("tie_not_over", field="match", value=match, round=number,
                             match=match, home=m.home, away=m.away, scored=score.boards,
                             boards=len(m.boards))  # fmt: skip
    if score.margin != 0:
        raise TieError.coded("tie_decided", field="match", value=match, round=number,
                             match=match, home=m.home, away=m.away)  # fmt: skip
    first = max(m.boards) + 1
    new = dataclasses.replace(m, boards=(*m.boards, *range(first, first + boards)))
    rnd = event.round(number)
    matches = tuple(new if x.number == match else x for x in rnd.matches)
    rounds = tuple(dataclasses.replace(r, matches=matches) if r.number == number else r
                   for r in event.rounds)  # fmt: skip
    return dataclasses.replace(event, rounds=rounds)


def repeats(event: EventBase, number: int) -> tuple[tuple[str, str, int], ...]:
    """The matches of round ``number`` between entrants that met in an earlier round: each
    (home, away, the round they met first).

    >>> from bridgescore.events import Event, EventKind, teams
    >>> e = Event(EventKind.SWISS_TEAMS, "S", teams(*"ABCD"), 3, boards_per_match=1)
    >>> e = e.draw_next().draw_next()
    >>> repeats(e.swap(2, "B", "C"), 2)
    (('A', 'B', 1), ('C', 'D', 1))
    """
    met: dict[frozenset[str], int] = {}
    for rnd in event.rounds[: max(0, number - 1)]:
        for m in rnd.matches:
            met.setdefault(frozenset((m.home, m.away)), rnd.number)
    return tuple((m.home, m.away, met[frozenset((m.home, m.away))])
                 for m in event.round(number).matches
                 if frozenset((m.home, m.away)) in met)  # fmt: skip


def swap_repeats(event: EventBase, number: int, first: str, second: str
                 ) -> tuple[tuple[str, str, int], ...]:  # fmt: skip
    """The repeat meetings swapping ``first`` and ``second`` in round ``number`` would make
    that the draw does not have already (a knockout has none to make). Whether the round
    has begun is not asked here (the swap itself refuses that).

    :raises EventError: for names not in the round's draw, as :meth:`~._values.EventBase.swap`.
    """
    swapped = dataclasses.replace(event, entries=()).swap(number, first, second)
    if event.kind is EventKind.KNOCKOUT:
        return ()
    before = {frozenset(r[:2]) for r in repeats(event, number)}
    return tuple(r for r in repeats(swapped, number) if frozenset(r[:2]) not in before)
