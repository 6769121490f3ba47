"""Team and Swiss events: who plays, the rounds drawn, the results entered (SCORING.md §16).

An :class:`Event` is a value: drawing a round, entering a result or swapping two teams gives a
new event. Its rounds, matches and entries are what a director or a table's phone gives; every
score (IMPs, victory points, standings) is worked out from them (:mod:`._score`).

The values it is made of, and its fields with their checks (:class:`~._values.EventBase`), are
in :mod:`._values`; the modules that work something out from an event (:mod:`._score`,
:mod:`._schedule`, :mod:`._swiss`, :mod:`._data`) read those, and :class:`Event` calls them.

>>> from bridgescore.events import Entry, Room, teams
>>> from bridgescore.model import Result
>>> e = Event(EventKind.ROUND_ROBIN, "Club teams", teams("Lions", "Tigers", "Bears", "Owls"),
...           boards_per_match=2)
>>> e = e.draw_next()
>>> [(m.home, m.away, m.boards) for m in e.rounds[0].matches]
[('Lions', 'Owls', (1, 2)), ('Tigers', 'Bears', (1, 2))]
>>> e = e.record(Entry(1, 1, 1, Room.OPEN, Result.parse("4SN=")))
>>> e = e.record(Entry(1, 1, 1, Room.CLOSED, Result.parse("4SN-1")))
>>> [(s.rank, s.entrant, s.vp) for s in e.standings()][:2]
[('1', 'Lions', 1646), ('2', 'Owls', 354)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from bridgescore.errors import EventError
from bridgescore.events import _data, _schedule, _score, _swiss
from bridgescore.events._values import EventBase, EventKind, MatchScore, Standing

__all__ = ["Event"]


@dataclass(frozen=True)
class Event(EventBase):
    """A team or Swiss event: its format, its entrants in seeding order, and what happened
    (the fields, their checks and the director's changes are :class:`~._values.EventBase`'s);
    with what is worked out from them: the scores, the standings, the next round's draw and
    the JSON form."""

    @property
    def total_rounds(self) -> int:
        """How many rounds the event has."""
        if self.kind is EventKind.ROUND_ROBIN:
            return _schedule.round_robin_rounds(len(self.entrants))
        if self.kind is EventKind.KNOCKOUT:
            return _schedule.knockout_rounds(len(self.entrants))
        return self.planned_rounds or 7

    def draw_next(self) -> Self:
        """The event with its next round drawn (round robin: the schedule's; knockout: the
        bracket's; Swiss: the best draw, :mod:`bridgescore.events.draw`).

        :raises EventError: when every round has been drawn, or a knockout match is unfinished
            or tied.
        """
        number = len(self.rounds) + 1
        if number > self.total_rounds:
            raise EventError.coded("all_rounds_drawn", field="round", value=number,
                                   rounds=self.total_rounds)  # fmt: skip
        if self.kind is EventKind.ROUND_ROBIN:
            new = _schedule.round_robin_round(self, number)
        elif self.kind is EventKind.KNOCKOUT:
            new = _schedule.knockout_round(self, number)
        else:
            new = _swiss.swiss_round(self, number)
        return dataclasses.replace(self, rounds=(*self.rounds, new))

    # --- scores -------------------------------------------------------------------------

    def scores(self) -> tuple[MatchScore, ...]:
        """Every drawn match's score so far, round by round."""
        return _score.match_scores(self)

    def standings(self, through: int | None = None) -> tuple[Standing, ...]:
        """The standings after round ``through`` (default: every round), best first.

        Ranked by VPs (board-a-match: boards won); equal totals share a rank (``'3='``), and
        are listed in seeding order.
        """
        return _score.standings(self, len(self.rounds) if through is None else through)

    @property
    def over(self) -> bool:
        """Whether the event is over: every round drawn and played (a knockout: its final
        decided)."""
        return _score.over(self, self.total_rounds)

    @property
    def winner(self) -> str | None:
        """Who won, once the event is over (None before, or for a shared first place)."""
        return _score.winner(self, self.total_rounds)

    # --- JSON ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The event as JSON-ready data; :meth:`from_dict` reads it back."""
        return _data.event_to_dict(self)

    def summary(self) -> dict[str, object]:
        """The standings and each round's matches with IMPs and VPs, JSON-ready (what the
        API's ``GET /api/events/{id}`` and ``bridgescore event score --json`` give), whether
        it is ``over`` and its ``winner``."""
        return {**_data.event_summary(self), "over": self.over, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """An event from :meth:`to_dict`'s data (or the API's ``POST /api/events`` body).

        :raises EventError: for data that is not an event; :raises BridgeError: for bad values.
        """
        return _data.event_from_dict(data, cls)
