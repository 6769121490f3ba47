"""A live pairs evening as Bridgemate Control Software (BCS) takes it: the Data Connector's
:class:`InitDTO` (one session, one scoring group, one section, its tables and rounds, the
players' numbers and names), built with the vendor's data classes and checked with the
vendor's own validation (``bridgemate_dataconnector.validate_init_dto``) before it is sent.

The evening's session and event get GUIDs of their own, worked out from its id
(:func:`guid_of`), so a bridge started again after a stop names the same BCS session.

>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> from bridgescore.live import LiveState
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),),
...                                 event="Monday pairs", date="2026.12.07"), "abcd")
>>> dto = init_dto(state, "CLUB1")
>>> section = dto.sessions[0].scoring_groups[0].sections[0]
>>> section.letters, section.winners, len(section.tables), len(section.tables[0].rounds)
('A', 2, 3, 3)
>>> r = section.tables[1].rounds[0]
>>> r.pair_ns, r.pair_ew, r.low_board_number, r.high_board_number
(2, 2, 3, 4)
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Final

from bridgemate_dataconnector import validate_init_dto
from bridgemate_dataconnector.dto import (
    InitDTO,
    ParticipationDTO,
    PlayerDataDTO,
    RoundDTO,
    ScoringGroupDTO,
    SectionDTO,
    SessionDTO,
    TableDirection,
    TableDTO,
)

from bridgescore.errors import BridgeError
from bridgescore.live import LiveState
from bridgescore.players import Player

__all__ = ["COMMANDS", "SCORING", "BridgemateError", "guid_of", "init_dto", "letters_of"]

COMMANDS: Final = InitDTO.StartBCS | InitDTO.Command_Reset | InitDTO.Command_StartReading
"""What the InitDTO asks of BCS: start it, reset the handsets with this evening, and start
reading their results (7, as the vendor's getting-started sample sends)."""

SCORING: Final = {
    "mp": ScoringGroupDTO.ScoringType_Pairs,
    "butler": ScoringGroupDTO.ScoringType_Imp2_Weighted,
    "cross-imps": ScoringGroupDTO.ScoringType_XImp2_Average,
}
"""The BCS scoring method of each of ours (what the handsets show; bridgescore scores)."""


class BridgemateError(BridgeError, ValueError):
    """What cannot go to BCS, or came from it and cannot be read (``.field`` names the part)."""


def guid_of(game_id: str, what: str = "session") -> str:
    """A GUID as BCS writes them (32 capital hex digits) for the evening ``game_id``'s
    ``session`` or ``event``: the same every time.

    >>> guid_of("abcd"), guid_of("abcd") != guid_of("abcd", "event")
    ('B28EC1083A311697E6AA86C7431675E1', True)
    """
    return hashlib.sha256(f"bridgescore/{what}/{game_id}".encode()).hexdigest()[:32].upper()


def letters_of(state: LiveState) -> str:
    """The section's letters as BCS takes them (``A``-``Z``, ``AA``, ``AAA``): its name if it
    is such, else ``A``.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Section, Session
    >>> letters_of(LiveState.start(Session((Section.from_movement(mitchell(3, 2), name="BB"),))))
    'BB'
    """
    name = state.definition.name
    ok = 1 <= len(name) <= 3 and name.isascii() and name.isupper() and len(set(name)) == 1
    return name if ok else "A"


def init_dto(state: LiveState, club_id: str, now: datetime | None = None) -> InitDTO:
    """The InitDTO of a live pairs evening (its movement and its pairs' players), valid by
    the vendor's validation.

    :raises BridgemateError: for what BCS cannot take (a round's boards not one run from low to
        high, a team night), or an InitDTO the vendor's validation
        refuses (its messages).
    """
    if state.seating.kind != "pairs":
        raise BridgemateError.coded("bm_pairs_only", field="kind")
    session = state.session
    guid, event = guid_of(state.id), guid_of(state.id, "event")
    letters = letters_of(state)
    when = _date(session.date, now or datetime.now(UTC))
    section = SectionDTO(
        session_guid=guid, scoring_group_number=1, letters=letters, name=state.definition.name,
        winners=2 if state.definition.kind == "mitchell" else 1,
        game_type=SectionDTO.GameType_Pairs, tables=_tables(state, guid, letters),
    )  # fmt: skip
    group = ScoringGroupDTO(session_guid=guid, club_id=club_id, sections=[section],
                            scoring_group_number=1, scoring_method=SCORING[session.method],
                            name=session.method)  # fmt: skip
    players, seats = _players(state, guid, club_id, letters)
    dto = InitDTO(
        commands=COMMANDS, event_guid=event, club_id=club_id,
        sessions=[SessionDTO(scoring_groups=[group], event_guid=event, session_guid=guid,
                             name=session.event or "Club evening", year=when.year,
                             month=when.month, day=when.day, hour=when.hour,
                             minute=when.minute)],
        player_data=players or None, participations=seats or None,
    )  # fmt: skip
    if not validate_init_dto(dto):
        raise BridgemateError.coded(
            "bm_evening_refused",
            field="movement",
            messages="; ".join(dto.validation_messages or []),
        )
    return dto


def _date(text: str, now: datetime) -> datetime:
    """The evening's date (``2026.12.07``, as its PBN tag), at ``now``'s time; else ``now``."""
    try:
        day = datetime.strptime(text, "%Y.%m.%d")
    except ValueError:
        return now
    return now.replace(year=day.year, month=day.month, day=day.day)


def _tables(state: LiveState, guid: str, letters: str) -> list[TableDTO]:
    """Every table, with every round from 1 (a round nobody plays there is empty)."""
    movement = state.movement
    tables = []
    for table in range(1, movement.tables + 1):
        rounds = []
        for number in range(1, movement.rounds + 1):
            sitting = state.sitting(number, table)
            r = RoundDTO(session_guid=guid, section_letters=letters, table_number=table,
                         round_number=number)  # fmt: skip
            if sitting is not None:
                low, high = min(sitting.boards), max(sitting.boards)
                if sitting.boards != tuple(range(low, high + 1)):
                    raise BridgemateError.coded(
                        "bm_round_run",
                        field="boards",
                        value=sitting.boards,
                        table=table,
                        boards=", ".join(map(str, sitting.boards)),
                        round=number,
                    )
                r.pair_ns, r.pair_ew = sitting.ns, sitting.ew
                r.low_board_number, r.high_board_number = low, high
            rounds.append(r)
        tables.append(TableDTO(session_guid=guid, section_letters=letters, table_number=table,
                               rounds=rounds))  # fmt: skip
    return tables


def _players(
    state: LiveState, guid: str, club_id: str, letters: str
) -> tuple[list[PlayerDataDTO], list[ParticipationDTO]]:
    """The players known, where they sit in round 1 (BCS works out the other rounds from the
    movement): a numbered player as player data and a participation naming the number, one
    without by name only. A pair sitting out round 1 has no seat to name: its players are
    left to the handsets (Bridgemate asks them at their first table)."""
    first: dict[str, tuple[int, bool]] = {}  # a pair's label: its table in round 1, NS or not
    for p in state.movement.plays:
        if p.round == 1:
            first[p.ns], first[p.ew] = (p.table, True), (p.table, False)
    data: dict[str, PlayerDataDTO] = {}
    seats: list[ParticipationDTO] = []
    for pair in state.definition.pairs:
        if pair.label not in first or len(pair.players) != 2:
            continue
        table, ns = first[pair.label]
        directions = (
            (TableDirection.North, TableDirection.South)
            if ns
            else (TableDirection.East, TableDirection.West)
        )
        for player, direction in zip(pair.players, directions, strict=True):
            seat = ParticipationDTO(session_guid=guid, section_letters=letters,
                                    table_number=table, direction=direction,
                                    round_number=1)  # fmt: skip
            given, last = _names(player)
            if player.number is None:
                seat.first_name, seat.last_name = given, last
            else:
                seat.player_number = player.number
                data.setdefault(player.number, PlayerDataDTO(
                    session_guid=guid, club_id=club_id, player_number=player.number,
                    first_name=given, last_name=last))  # fmt: skip
            seats.append(seat)
    return list(data.values()), seats


def _names(player: Player) -> tuple[str | None, str]:
    """A player's first and last names as BCS keeps them (the last word is the last name).

    >>> _names(Player("Ann de Vries")), _names(Player("Zia"))
    (('Ann de', 'Vries'), (None, 'Zia'))
    """
    given, _, last = player.name.rpartition(" ")
    return (given or None), last
