"""What differs between the kinds of night played at the tables: who sits where, which scores
a board takes, and what a board's result is compared with.

A night is a pairs evening (a :class:`~bridgescore.duplicate.session.Session` of one section
with its movement) or a team night (an :class:`~bridgescore.events.Event`: a round robin,
Swiss teams, a knockout or Swiss pairs, its rounds drawn as the night goes on). Its
:class:`Seating` says, for each round and table, who sits North-South and East-West (their
numbers: pairs, or entrants in seeding order) and which boards they play; every rule of
:mod:`bridgescore.live.rules` reads the night through it, whatever its kind.

A team night's tables stay where they are all night while the teams move: match *m* of every
round plays at tables *2m - 1* (the open room: home team North-South) and *2m* (the closed
room: away team North-South), whose results on a board are compared with each other; a Swiss
pairs match has one table, *m*, scored across the field.

>>> from bridgescore.events import Event, EventKind, teams
>>> night = Event(EventKind.ROUND_ROBIN, "Teams", teams("A", "B", "C", "D"),
...               boards_per_match=2).draw_next()
>>> seating = Seating.of(night)
>>> seating.sitting(1, 2), seating.other_room(2), table_of(1, Room.CLOSED, seating.rooms)
(Sitting(round=1, table=2, ns=4, ew=1, boards=(1, 2), ns_label='D', ew_label='A'), 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from bridgescore.duplicate.session import Pair, Session
from bridgescore.errors import SessionError
from bridgescore.events import Event, Room
from bridgescore.live.entry import FORMS, Form

__all__ = ["Night", "NightKind", "Room", "Seating", "Sitting", "table_of"]

Night = Session | Event
"""A night's definition: a pairs evening's session, or a team night's event."""

NightKind = Literal["pairs", "teams"]
"""A pairs evening, or a team night (its event's kind says which)."""


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: who sits North-South and East-West, and the boards."""

    round: int
    table: int
    ns: int
    """The number of the pair (or entrant) sitting North-South."""
    ew: int
    boards: tuple[int, ...]
    ns_label: str
    """How the night names the North-South side: ``NS 3`` (``3`` in a Howell), or a team's
    name."""
    ew_label: str


def table_of(match: int, room: Room | str, rooms: int) -> int:
    """A team night's table for a match's room (``rooms``: 2, or 1 in Swiss pairs).

    >>> table_of(3, "open", 2), table_of(3, "closed", 2), table_of(3, "open", 1)
    (5, 6, 3)
    """
    return match if rooms == 1 else 2 * match - (Room(room) is Room.OPEN)


@dataclass(frozen=True)
class Seating:
    """Who sits where on a night, and what differs with its kind."""

    kind: NightKind
    tables: int
    sittings: tuple[Sitting, ...]
    rounds: int
    """The rounds the night will have (a team night's: drawn or not)."""
    forms: frozenset[Form]
    """The scores a board takes: a team night's are a result or an artificial score."""
    rooms: int = 1
    """The tables a match has, whose results on a board are compared (2 in teams)."""

    @classmethod
    def of(cls, night: Night) -> Seating:
        """The seating of a night as it is defined now (a team night: its rounds drawn).

        :raises SessionError: for a session that is not one section with its movement.
        """
        if isinstance(night, Event):
            return _of_event(night)
        if len(night.sections) != 1 or night.sections[0].movement is None:
            raise SessionError.coded("live_one_section", field="movement")
        movement = night.sections[0].movement
        sittings = tuple(
            Sitting(p.round, p.table, Pair.parse(p.ns).number, Pair.parse(p.ew).number,
                    p.boards, p.ns, p.ew)
            for p in movement.plays
        )  # fmt: skip
        return cls("pairs", movement.tables, sittings, movement.rounds, FORMS)

    @cached_property
    def _at(self) -> dict[tuple[int, int], Sitting]:
        return {(s.round, s.table): s for s in self.sittings}

    def sitting(self, round_number: int, table: int) -> Sitting | None:
        """Who sits at the table in the round; None if nobody plays there (or it is not
        drawn yet)."""
        return self._at.get((round_number, table))

    def other_room(self, table: int) -> int | None:
        """The table whose results on a board this one's are compared with (a team match's
        other room); None on a pairs night or in Swiss pairs."""
        if self.rooms != 2:
            return None
        return table + 1 if table % 2 else table - 1

    def drawn(self, round_number: int) -> bool:
        """Whether the round's sittings are known (a pairs night's always are)."""
        return self.kind == "pairs" or any(s.round == round_number for s in self.sittings)


def _of_event(event: Event) -> Seating:
    rooms = 1 if event.kind.pairs else 2
    number = {name.casefold(): n for n, name in enumerate(event.names, 1)}
    sittings: list[Sitting] = []
    for rnd in event.rounds:
        for m in rnd.matches:
            home, away = number[m.home.casefold()], number[m.away.casefold()]
            sittings.append(Sitting(rnd.number, table_of(m.number, Room.OPEN, rooms), home, away,
                                    m.boards, m.home, m.away))  # fmt: skip
            if rooms == 2:
                sittings.append(Sitting(rnd.number, table_of(m.number, Room.CLOSED, rooms), away,
                                        home, m.boards, m.away, m.home))  # fmt: skip
    matches = len(event.entrants) // 2
    forms: frozenset[Form] = frozenset({"result", "artificial"})
    return Seating("teams", matches * rooms, tuple(sittings), event.total_rounds, forms, rooms)
