"""The values of a team or Swiss event (SCORING.md §16): its kind, its entrants, the rounds and
matches drawn, the tables' entries, a match's score and a line of the standings, and
:class:`EventBase`, the event itself as entered (its data and their checks).

:class:`~._model.Event` adds to it what is worked out from it (:mod:`._score`, :mod:`._schedule`,
:mod:`._swiss`, :mod:`._data`), and those modules read these values, so that each imports only
what is below it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Literal, Self

from bridgescore.duplicate.field import Adjusted
from bridgescore.errors import EventError, RulesError
from bridgescore.events.scales import BYE_PRESETS, VpScale
from bridgescore.inputs import LONGEST_NAME, check_name
from bridgescore.model import Result
from bridgescore.players import Player

__all__ = [
    "MAX_ENTRANTS",
    "MAX_NAME",
    "Entrant",
    "Entry",
    "EventBase",
    "EventKind",
    "Match",
    "MatchScore",
    "Room",
    "Round",
    "Scoring",
    "Standing",
    "player",
    "teams",
]

Scoring = Literal["imps", "bam", "mp", "butler"]
"""How a match is scored: IMPs then VPs or board-a-match (teams); matchpoints or Butler IMPs
across the field, then VPs (Swiss pairs)."""

MAX_NAME = LONGEST_NAME
"""The longest entrant or player name (the core's one maximum for names)."""

MAX_ENTRANTS = 2000
"""The most entrants an event may have (the Swiss draw is timed up to 1,000)."""


class EventKind(StrEnum):
    """The format of an event. A pairs championship of several sessions will be another."""

    SWISS_TEAMS = "swiss-teams"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"
    SWISS_PAIRS = "swiss-pairs"

    @property
    def pairs(self) -> bool:
        """Whether the entrants are pairs (else teams)."""
        return self is EventKind.SWISS_PAIRS


class Room(StrEnum):
    """A match's table: the open room (home NS) or the closed room (away NS). A Swiss pairs
    match has one table, its open room (the home pair NS)."""

    OPEN = "open"
    CLOSED = "closed"


def _name(text: object, what: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise EventError.coded("event_name", field=what, value=text, what=what, got=repr(text))
    return check_name(text.strip(), what, longest=MAX_NAME)


def player(value: str | Mapping[str, object] | Player) -> Player:
    """A player from a name or the roster's ``{"name": ..., "number": ...}``
    (:class:`~bridgescore.players.Player`, the one shape of a player).

    >>> player("Ann Smith"), player({"name": "Bob", "number": "123"})
    (Player(name='Ann Smith', number=None), Player(name='Bob', number='123'))

    :raises EventError: for anything else; :raises SessionError: for a bad name or number.
    """
    if isinstance(value, Player):
        return value
    if isinstance(value, str):
        return Player(_name(value, "player"))
    if isinstance(value, Mapping) and set(value) <= {"name", "number"}:
        return Player.from_dict(value)
    raise EventError.coded("event_player", field="player", value=value, got=repr(value))


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team (four to six players) or, in Swiss pairs, a pair; its players may be unknown."""

    name: str
    players: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", _name(self.name, "entrant"))
        object.__setattr__(self, "players", tuple(player(p) for p in self.players))


def teams(*names: str) -> tuple[Entrant, ...]:
    """Entrants by name only.

    >>> teams("Lions", "Tigers")[1]
    Entrant(name='Tigers', players=())
    """
    return tuple(Entrant(n) for n in names)


@dataclass(frozen=True, slots=True)
class Match:
    """A match of a round: the home team sits NS in the open room and EW in the closed room."""

    number: int
    home: str
    away: str
    boards: tuple[int, ...]
    carry_over: Fraction = Fraction(0)
    """IMPs the home team starts with (a knockout's carry-over; negative for the away team)."""


@dataclass(frozen=True, slots=True)
class Round:
    """A round drawn: its matches, and the entrants with a bye (at most one, but in the first
    round of a knockout)."""

    number: int
    matches: tuple[Match, ...]
    byes: tuple[str, ...] = ()

    @property
    def bye(self) -> str | None:
        """The entrant with the bye, if one has it."""
        return self.byes[0] if self.byes else None

    def match(self, number: int) -> Match:
        """The match with this number.

        :raises EventError: (field ``match``) if the round has none.
        """
        for m in self.matches:
            if m.number == number:
                return m
        raise EventError.coded("round_no_match", field="match", value=number, round=self.number,
                               match=repr(number))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Entry:
    """A board's result at one table of a match, as a table enters it."""

    round: int
    match: int
    board: int
    room: Room
    result: Result | Adjusted

    def __post_init__(self) -> None:
        if self.room not in tuple(Room):
            raise EventError.coded("room_open_closed", field="room", value=self.room,
                                   got=repr(self.room))  # fmt: skip
        object.__setattr__(self, "room", Room(self.room))
        if not isinstance(self.result, Result | Adjusted):
            raise EventError.coded("table_result_type", field="result", value=self.result,
                                   got=repr(self.result))  # fmt: skip


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match scored so far: IMPs (or board-a-match points) and VPs, from the boards in."""

    round: int
    match: int
    home: str
    away: str
    boards: int
    """Boards scored: both rooms in (Swiss pairs: the table's result in)."""
    imps: tuple[int, int]
    """IMPs (home, away); Swiss pairs by Butler: the home pair's plus and minus; matchpoints
    and board-a-match: (0, 0)."""
    vp: tuple[int, int]
    """VPs (home, away) in hundredths; board-a-match: boards won (a tie a half), in hundredths;
    knockout: (0, 0)."""
    percent: Fraction | None = None
    """Swiss pairs by matchpoints: the home pair's percentage over the match."""
    carry_over: Fraction = Fraction(0)
    """A knockout match's carry-over to the home team."""

    @property
    def percents(self) -> tuple[Fraction, Fraction] | None:
        """Swiss pairs by matchpoints: the (home, away) pairs' percentages over the match (at
        one table, the away pair's is the rest); None otherwise.

        >>> MatchScore(1, 1, "A", "B", 1, (0, 0), (0, 0), Fraction(125, 2)).percents
        (Fraction(125, 2), Fraction(75, 2))
        """
        return None if self.percent is None else (self.percent, 100 - self.percent)

    @property
    def margin(self) -> Fraction:
        """The home side's IMP margin, carry-over included."""
        return self.imps[0] - self.imps[1] + self.carry_over


@dataclass(frozen=True, slots=True)
class Standing:
    """A line of the standings."""

    rank: str
    """``'1'``, or ``'3='`` for a shared place."""
    entrant: str
    vp: int
    """VPs (board-a-match: boards won) in hundredths; a knockout: 0."""
    imps_for: int
    imps_against: int
    played: int
    """Matches finished: every board scored (byes not counted)."""
    byes: int
    in_progress: bool = False
    """Whether it has a match under way: a board scored (both rooms in), not every board."""

    @property
    def vps(self) -> float:
        """The VPs to two decimals, as the standings show them."""
        return self.vp / 100


@dataclass(frozen=True)
class EventBase:
    """What an event is: its format, its entrants in seeding order, its rounds drawn and the
    results entered, checked when made; what a director changes (:meth:`record`, :meth:`swap`,
    :meth:`with_carry_over`) gives a new one. Nothing is worked out from them here: the scores,
    the standings, the next round's draw and the JSON form are :class:`~._model.Event`'s, which
    is this with those methods (the modules that work them out read this)."""

    kind: EventKind
    name: str
    entrants: tuple[Entrant, ...]
    planned_rounds: int | None = None
    """How many rounds (a Swiss's; a round robin has n-1 or n, a knockout log2 of its bracket)."""
    boards_per_match: int = 8
    """Boards in a match (in a knockout, in a segment)."""
    scale: VpScale = VpScale.WBF_2013
    scoring: Scoring = "imps"
    bye_vp: int | None = None
    """What a bye scores, in hundredths of a VP; None: the scale's preset (:data:`BYE_PRESETS`)."""
    arrears: bool = False
    """Draw each Swiss round from the standings one round in arrears."""
    segments: int = 1
    """Segments of a knockout match."""
    rounds: tuple[Round, ...] = ()
    entries: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in tuple(EventKind):
            raise EventError.coded("event_kind", field="kind", value=self.kind,
                                   got=repr(self.kind),
                                   kinds=", ".join(k.value for k in EventKind))  # fmt: skip
        if self.scale not in tuple(VpScale):
            raise RulesError.coded("vp_scale", field="scale", value=self.scale,
                                   got=repr(self.scale),
                                   scales=", ".join(s.value for s in VpScale))  # fmt: skip
        kind = EventKind(self.kind)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "scale", VpScale(self.scale))
        object.__setattr__(self, "entrants", tuple(self.entrants))
        object.__setattr__(self, "rounds", tuple(self.rounds))
        object.__setattr__(self, "entries", tuple(self.entries))
        names = [e.name for e in self.entrants]
        if len(names) < 2:
            raise EventError.coded("event_entrants_least", field="entrants", value=len(names),
                                   count=len(names))  # fmt: skip
        seen: set[str] = set()
        for n in names:
            if n.casefold() in seen:
                raise EventError.coded("entrants_same_name", field="entrants", value=n, name=n)
            seen.add(n.casefold())
        low, high = (2, 2) if kind.pairs else (4, 6)
        for e in self.entrants:
            if e.players and not low <= len(e.players) <= high:
                raise EventError.coded("pair_players_count" if kind.pairs else "team_players_count",
                                       field="players", value=e.name, name=e.name,
                                       count=len(e.players))  # fmt: skip
        allowed = ("mp", "butler") if kind.pairs else ("imps", "bam")
        if self.scoring not in allowed:
            raise RulesError.coded("event_scoring", field="scoring", value=self.scoring,
                                   kind=kind.value, allowed=" or ".join(allowed),
                                   got=repr(self.scoring))  # fmt: skip
        if self.scoring != "bam" and kind is not EventKind.KNOCKOUT:
            wanted = "percent" if self.scoring == "mp" else "imps"
            if self.scale.measure != wanted:
                raise RulesError.coded("scale_measure", field="scale", value=self.scale.value,
                                       scale=self.scale.value, measure=self.scale.measure,
                                       scoring=repr(self.scoring), wanted=wanted)  # fmt: skip
            self.scale.check(self.boards_per_match)
        for name, value, top in (("boards_per_match", self.boards_per_match, 100),
                                 ("segments", self.segments, 20),
                                 ("planned_rounds", self.planned_rounds, 1000)):  # fmt: skip
            if value is None and name == "planned_rounds":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
                raise EventError.coded("event_whole_number", field=name, value=value, name=name,
                                       top=top, got=repr(value))  # fmt: skip
        if self.bye_vp is not None and (
            isinstance(self.bye_vp, bool) or not isinstance(self.bye_vp, int)
            or not 0 <= self.bye_vp <= self.scale.total
        ):  # fmt: skip
            raise EventError.coded("bye_hundredths", field="bye_vp", value=self.bye_vp,
                                   total=self.scale.total, got=repr(self.bye_vp))  # fmt: skip
        if len(names) > MAX_ENTRANTS:
            raise EventError.coded("event_entrants_most", field="entrants", value=len(names),
                                   most=MAX_ENTRANTS, count=len(names))  # fmt: skip
        self._check_draw(seen)

    def _check_draw(self, names: set[str]) -> None:
        """Refuse rounds that are not the event's (numbered 1, 2 ...; each entrant at most once
        a round, only the event's entrants) and entries for tables that were not drawn."""
        boards: dict[tuple[int, int], frozenset[int]] = {}
        for number, rnd in enumerate(self.rounds, 1):
            if rnd.number != number or [m.number for m in rnd.matches] != list(
                range(1, len(rnd.matches) + 1)
            ):
                raise EventError.coded("round_numbered", field="round", value=rnd.number,
                                       got=repr(rnd.number), round=number)  # fmt: skip
            placed = [n for m in rnd.matches for n in (m.home, m.away)] + list(rnd.byes)
            for name in placed:
                if not isinstance(name, str) or name.casefold() not in names:
                    raise EventError.coded("round_not_entrant", field="entrant", value=name,
                                           round=number, name=name)  # fmt: skip
            counted = Counter(n.casefold() for n in placed)
            twice = [n for n in placed if counted[n.casefold()] > 1]
            if twice:
                raise EventError.coded("round_places_twice", field="round", value=number,
                                       round=number, name=twice[0])  # fmt: skip
            for m in rnd.matches:
                boards[(number, m.number)] = frozenset(m.boards)
        seen: set[tuple[int, int, int, Room]] = set()
        for e in self.entries:
            key = (e.round, e.match, e.board, e.room)
            if e.board not in boards.get((e.round, e.match), ()) or key in seen:
                raise EventError.coded("entry_not_drawn", field="board", value=e.board,
                                       round=repr(e.round), match=repr(e.match),
                                       board=repr(e.board), room=str(e.room))  # fmt: skip
            if self.kind.pairs and e.room != Room.OPEN:
                raise EventError.coded("swiss_pairs_open_room", field="room", value=str(e.room))
            seen.add(key)

    # --- what the event is -------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The entrants' names in seeding order."""
        return tuple(e.name for e in self.entrants)

    @property
    def bye_score(self) -> int:
        """What a bye scores, in hundredths of a VP."""
        return BYE_PRESETS[self.scale] if self.bye_vp is None else self.bye_vp

    def round(self, number: int) -> Round:
        """The round with this number.

        :raises EventError: (field ``round``) if it has not been drawn.
        """
        if (
            isinstance(number, int)
            and not isinstance(number, bool)
            and 1 <= number <= len(self.rounds)
        ):
            return self.rounds[number - 1]
        raise EventError.coded("round_not_drawn", field="round", value=number,
                               round=repr(number), count=len(self.rounds))  # fmt: skip

    def boards_of_round(self, number: int) -> tuple[int, ...]:
        """The boards every match of a round plays: the next ``boards_per_match`` (times the
        segments of a knockout) after the previous round's."""
        length = self.boards_per_match * self.segments
        return tuple(range((number - 1) * length + 1, number * length + 1))

    # --- what a director does -----------------------------------------------------------

    def record(self, entry: Entry, *, replace: bool = False) -> Self:
        """The event with a table's result entered (or, with ``replace``, changed).

        :raises EventError: for a round, match or board that is not the draw's, a closed room
            in Swiss pairs, or a result already entered (unless ``replace``).
        """
        match = self.round(entry.round).match(entry.match)
        if entry.board not in match.boards:
            raise EventError.coded("match_boards", field="board", value=entry.board,
                                   round=entry.round, match=entry.match, first=match.boards[0],
                                   last=match.boards[-1], got=repr(entry.board))  # fmt: skip
        room = Room(entry.room)
        if self.kind.pairs and room is not Room.OPEN:
            raise EventError.coded("swiss_pairs_open_room", field="room", value=room.value)
        key = (entry.round, entry.match, entry.board, room)
        kept = tuple(e for e in self.entries if (e.round, e.match, e.board, e.room) != key)
        if len(kept) != len(self.entries) and not replace:
            raise EventError.coded("room_result_in", field="board", value=entry.board,
                                   round=entry.round, match=entry.match, board=entry.board,
                                   room=room.value)  # fmt: skip
        return dataclasses.replace(self, entries=(*kept, dataclasses.replace(entry, room=room)))

    def swap(self, number: int, first: str, second: str) -> Self:
        """The event with two entrants' places swapped in a round's draw (or the bye) before
        the round starts.

        :raises EventError: for a round with results in, a name not in the round, or the
            two entrants of one match.
        """
        rnd = self.round(number)
        if any(e.round == number for e in self.entries):
            raise EventError.coded("round_started", field="round", value=number, round=number)
        placed = [n for m in rnd.matches for n in (m.home, m.away)] + list(rnd.byes)
        for name in (first, second):
            if name not in placed:
                raise EventError.coded("not_in_draw", field="entrant", value=name, name=name,
                                       round=number)  # fmt: skip
        if any({m.home, m.away} == {first, second} for m in rnd.matches) or first == second:
            raise EventError.coded("already_meet", field="entrant", value=second, first=first,
                                   second=second)  # fmt: skip
        swapped = {first: second, second: first}

        def put(name: str) -> str:
            return swapped.get(name, name)

        matches = tuple(dataclasses.replace(m, home=put(m.home), away=put(m.away))
                        for m in rnd.matches)  # fmt: skip
        new = dataclasses.replace(rnd, matches=matches, byes=tuple(put(b) for b in rnd.byes))
        rounds = tuple(new if r.number == number else r for r in self.rounds)
        return dataclasses.replace(self, rounds=rounds)

    def with_carry_over(self, number: int, match: int, imps: Fraction | int) -> Self:
        """The event with a knockout match's carry-over set (IMPs to the home team).

        :raises EventError: for a match that was not drawn.
        """
        rnd = self.round(number)
        old = rnd.match(match)
        new = dataclasses.replace(old, carry_over=Fraction(imps))
        matches = tuple(new if m.number == match else m for m in rnd.matches)
        rounds = tuple(dataclasses.replace(r, matches=matches) if r.number == number else r
                       for r in self.rounds)  # fmt: skip
        return dataclasses.replace(self, rounds=rounds)
