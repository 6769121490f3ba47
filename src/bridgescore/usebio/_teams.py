"""A team event (round robin, Swiss teams, knockout) as USEBIO 1.2, and back (SCORING.md §21.1).

The teams (``TEAM``: number, name, place, VPs, IMPs for and against, players), then each
round's matches (``MATCH``: the two teams, IMPs and VPs), each with its boards and both rooms'
traveller lines (open room: the home team NS) and the board's IMPs. What the file states is
worked out again from its results when read, so the reader can check it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import Board
from bridgescore.errors import BridgeError, UsebioError
from bridgescore.events import (
    Entrant,
    Entry,
    Event,
    EventKind,
    Match,
    MatchScore,
    Room,
    Round,
    VpScale,
)
from bridgescore.events.match import MatchBoard
from bridgescore.model import Result, Side
from bridgescore.players import Player
from bridgescore.scoring import score_result
from bridgescore.usebio._read import _AWARD, _result, _utf8, _XmlReader
from bridgescore.usebio._xml import (
    add,
    add_player,
    add_result,
    document,
    parse_xml,
    quote,
    start,
)

__all__ = ["EVENT_TYPES", "TeamEventFile", "TeamLine", "read_event", "write_event"]

EVENT_TYPES: Final = {
    EventKind.ROUND_ROBIN: "TEAMS",
    EventKind.SWISS_TEAMS: "SWISS_TEAMS",
    EventKind.KNOCKOUT: "KNOCKOUT",
}
"""``EVENT_TYPE`` for each kind of team event (SCORING.md §21.1)."""
_KINDS: Final = {v: k for k, v in EVENT_TYPES.items()}
_PERCENT: Final = {"A+": "60", "A": "50", "A-": "40"}
"""An artificial score's award as the ``A6040`` form writes it (as the pairs files do)."""
_RANGE: Final = re.compile(r"(\d{1,6})-(\d{1,6})")
_CARRY: Final = re.compile(r"[-+]?\d{1,6}(/\d{1,6})?")
_MOST_BOARDS: Final = 10_000
"""The most boards a match may have (a knockout's segments together)."""


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's line of the file's own ranking, as the file states it."""

    entrant: str
    place: str
    vp: int | None
    """VPs in hundredths (board-a-match: boards won); ``None`` if the file gives none."""
    imps_for: int | None
    imps_against: int | None


@dataclass(frozen=True, slots=True)
class TeamEventFile:
    """A team event's USEBIO file read: the event and what the file states of its scores."""

    event: Event
    ranking: tuple[TeamLine, ...]
    matches: dict[tuple[int, int], tuple[tuple[int, int], tuple[int, int] | None]]
    """``(round, match)``: the file's (home IMPs, away IMPs) and (home VPs, away VPs) in
    hundredths (``None`` in a knockout)."""
    program: str


def _vp(hundredths: int) -> str:
    return f"{hundredths / 100:.2f}"


def write_event(event: Event, *, club: str = "", club_number: str = "") -> bytes:
    """A team event as a USEBIO 1.2 file (UTF-8): its teams ranked, and every match's
    boards in both rooms with the IMPs and VPs (SCORING.md §21.1). Only the boards both rooms
    have played are written (they are the ones scored).

    >>> from bridgescore import Result
    >>> from bridgescore.events import teams
    >>> e = Event(EventKind.ROUND_ROBIN, "Teams", teams("Lions", "Tigers"), boards_per_match=2)
    >>> e = e.draw_next().record(Entry(1, 1, 1, Room.OPEN, Result.parse("4SN=")))
    >>> e = e.record(Entry(1, 1, 1, Room.CLOSED, Result.parse("4SN-1")))
    >>> text = write_event(e).decode()
    >>> "<HOME_IMPS>10</HOME_IMPS>" in text, "<TOTAL_SCORE>16.46</TOTAL_SCORE>" in text
    (True, True)

    :raises UsebioError: for a Swiss pairs event (its entrants are pairs: not written yet).
    """
    if event.kind.pairs:
        raise UsebioError("a Swiss pairs event is not written as USEBIO (teams events only)",
                          field="kind", value=event.kind.value)  # fmt: skip
    number = {name: i for i, name in enumerate(event.names, 1)}
    root, element = start(EVENT_TYPES[event.kind], event.name, 1, club=club,
                          club_number=club_number)  # fmt: skip
    add(element, "BOARD_SCORING_METHOD", "BAM" if event.scoring == "bam" else "IMPS")
    if event.kind is not EventKind.KNOCKOUT and event.scoring == "imps":
        add(element, "VP_SCALE", event.scale.value.upper())
    add(element, "BOARDS_PER_MATCH", event.boards_per_match)
    if event.segments > 1:
        add(element, "SEGMENTS", event.segments)
    if event.kind is EventKind.SWISS_TEAMS:
        add(element, "ROUND_COUNT", event.total_rounds)
    if event.bye_vp is not None:
        add(element, "BYE_VICTORY_POINTS", _vp(event.bye_vp))
    _teams(add(element, "PARTICIPANTS"), event, number)
    scores = {(s.round, s.match): s for s in event.scores()}
    rooms: dict[tuple[int, int, int], dict[Room, Result | Adjusted]] = {}
    for e in event.entries:
        rooms.setdefault((e.round, e.match, e.board), {})[e.room] = e.result
    for rnd in event.rounds:
        holder = add(element, "ROUND")
        add(holder, "ROUND_NUMBER", rnd.number)
        for name in rnd.byes:
            bye = add(holder, "BYE")
            add(bye, "TEAM_NUMBER", number[name])
            if event.kind is not EventKind.KNOCKOUT:
                add(bye, "TOTAL_SCORE", _vp(event.bye_score))
        for m in rnd.matches:
            _match(add(holder, "MATCH"), event, m, scores[(rnd.number, m.number)], number,
                   [(b, rooms[(rnd.number, m.number, b)]) for b in m.boards
                    if len(rooms.get((rnd.number, m.number, b), {})) == 2])  # fmt: skip
    return document(root)


def _teams(into: ET.Element, event: Event, number: dict[str, int]) -> None:
    players = {e.name: e.players for e in event.entrants}
    for line in event.standings():
        team = add(into, "TEAM")
        add(team, "TEAM_NUMBER", number[line.entrant])
        add(team, "TEAM_NAME", line.entrant)
        add(team, "PLACE", line.rank)
        if event.kind is not EventKind.KNOCKOUT:
            add(team, "TOTAL_SCORE", _vp(line.vp))
        if event.scoring == "imps":
            add(team, "IMPS_FOR", line.imps_for)
            add(team, "IMPS_AGAINST", line.imps_against)
        add(team, "MATCHES_PLAYED", line.played)
        for p in players[line.entrant]:
            add_player(team, p.name, p.number)


def _match(element: ET.Element, event: Event, m: Match, score: MatchScore,
           number: dict[str, int],
           boards: Iterable[tuple[int, dict[Room, Result | Adjusted]]]) -> None:  # fmt: skip
    add(element, "TABLE_NUMBER", m.number)
    add(element, "HOME_TEAM_NUMBER", number[m.home])
    add(element, "AWAY_TEAM_NUMBER", number[m.away])
    add(element, "BOARDS", f"{m.boards[0]}-{m.boards[-1]}")
    if m.carry_over:
        add(element, "CARRY_OVER", m.carry_over)
    if event.scoring == "imps":
        add(element, "HOME_IMPS", score.imps[0])
        add(element, "AWAY_IMPS", score.imps[1])
    if event.kind is not EventKind.KNOCKOUT:
        what = "BOARDS_WON" if event.scoring == "bam" else "VICTORY_POINTS"
        add(element, "HOME_" + what, _vp(score.vp[0]))
        add(element, "AWAY_" + what, _vp(score.vp[1]))
    for b, results in boards:
        board = add(element, "BOARD")
        add(board, "BOARD_NUMBER", b)
        for room, (ns, ew) in ((Room.OPEN, (m.home, m.away)), (Room.CLOSED, (m.away, m.home))):
            _line(add(board, "TRAVELLER_LINE"), b, room, number[ns], number[ew], results[room])
        imps = MatchBoard(Board.numbered(b), results[Room.OPEN], results[Room.CLOSED]).imps
        add(board, "HOME_IMPS", max(imps, 0))
        add(board, "AWAY_IMPS", max(-imps, 0))


def _line(line: ET.Element, board: int, room: Room, ns: int, ew: int,
          result: Result | Adjusted) -> None:  # fmt: skip
    add(line, "ROOM", room.value.upper())
    add(line, "NS_TEAM_NUMBER", ns)
    add(line, "EW_TEAM_NUMBER", ew)
    if isinstance(result, Adjusted):
        add(line, "SCORE", f"A{_PERCENT[result.ns]}{_PERCENT[result.ew]}")
        return
    vulnerability = Board.numbered(board).vulnerability
    add_result(line, result, score_result(result, vulnerability).for_side(Side.NS))


# --- reading ---------------------------------------------------------------------------


def read_event(data: bytes | str, *, source: str = "<bytes>") -> TeamEventFile:
    """Read a team event's USEBIO file as :func:`write_event` writes it (SCORING.md §21.1):
    the event (its teams, draw and every room's result) and what the file states of the
    ranking and each match, to compare with the event's own scores.

    :raises UsebioError: for a file that is not such an event or holds what cannot be read:
        it names the file, the line, the element and quotes the value.
    """
    tree = parse_xml(_utf8(data) if isinstance(data, str) else data, source)
    r = _XmlReader(tree)
    root = tree.root
    if root.tag != "USEBIO" or not re.fullmatch(r"1\.[0-3]", root.get("Version", "")):
        raise r.fail(root, f"the root element is {quote(root.tag)} Version "
                     f"{quote(root.get('Version', ''))}; expected USEBIO 1.0 to 1.3", "USEBIO",
                     root.tag)  # fmt: skip
    events = root.findall("EVENT")
    if len(events) != 1:
        raise r.fail(root, f"the file has {len(events)} EVENT elements; expected one", "EVENT",
                     len(events))  # fmt: skip
    element = events[0]
    kind_text = (element.get("EVENT_TYPE") or r.text(element, "EVENT_TYPE")).upper()
    if kind_text not in _KINDS:
        raise r.fail(element, f"EVENT_TYPE {quote(kind_text)} is not a team event; expected "
                     f"one of {', '.join(_KINDS)}", "EVENT_TYPE", kind_text)  # fmt: skip
    kind = _KINDS[kind_text]
    method = r.text(element, "BOARD_SCORING_METHOD").upper() or "IMPS"
    if method not in ("IMPS", "BAM"):
        raise r.fail(r.at(element, "BOARD_SCORING_METHOD"), f"BOARD_SCORING_METHOD "
                     f"{quote(method)}; expected IMPS or BAM", "BOARD_SCORING_METHOD",
                     method)  # fmt: skip
    scale_text = r.text(element, "VP_SCALE").lower() or VpScale.WBF_2013.value
    if scale_text not in {s.value for s in VpScale}:
        raise r.fail(r.at(element, "VP_SCALE"), f"VP_SCALE {quote(scale_text)}; expected one "
                     f"of {', '.join(s.value.upper() for s in VpScale)}", "VP_SCALE",
                     scale_text)  # fmt: skip
    boards = r.integer(element, "BOARDS_PER_MATCH", "EVENT", 1, 100) or 8
    segments = r.integer(element, "SEGMENTS", "EVENT", 1, 20) or 1
    planned = r.integer(element, "ROUND_COUNT", "EVENT", 1, 1000)
    bye = _hundredths(r, element, "BYE_VICTORY_POINTS", "EVENT")
    participants = element.find("PARTICIPANTS")
    if participants is None:
        raise r.fail(element, "no PARTICIPANTS", "PARTICIPANTS")
    names, ranking = _read_teams(r, participants)
    rounds, entries, stated = [], [], {}
    for index, holder in enumerate(element.findall("ROUND"), 1):
        rnd, found, said = _read_round(r, holder, index, names)
        rounds.append(rnd)
        entries.extend(found)
        stated.update(said)
    program = " ".join(x for x in (r.text(element, "PROGRAM_NAME"),
                                   r.text(element, "PROGRAM_VERSION")) if x)  # fmt: skip
    try:
        event = Event(kind, r.text(element, "EVENT_DESCRIPTION"), tuple(names.values()),
                      planned, boards, VpScale(scale_text),
                      "bam" if method == "BAM" else "imps", bye, False, segments,
                      tuple(rounds), tuple(entries))  # fmt: skip
    except BridgeError as exc:
        raise r.fail(element, str(exc), exc.field or "EVENT", exc.value) from None
    return TeamEventFile(event, tuple(ranking), stated, program)


def _hundredths(r: _XmlReader, parent: ET.Element, name: str, where: str) -> int | None:
    value = r.decimal(parent, name, where)
    if value is None:
        return None
    hundredths = Fraction(r.text(parent, name, where)) * 100
    if hundredths.denominator != 1 or not 0 <= hundredths <= 100_000:
        raise r.fail(r.at(parent, name), f"{name} {quote(r.text(parent, name, where))} is not "
                     "a number of VPs (two decimals at most, 0 to 1000)", name,
                     r.text(parent, name, where), where)  # fmt: skip
    return int(hundredths)


def _read_teams(r: _XmlReader, participants: ET.Element) -> tuple[dict[int, Entrant],
                                                               list[TeamLine]]:  # fmt: skip
    names: dict[int, Entrant] = {}
    ranking = []
    teams = participants.findall("TEAM")
    if len(teams) < 2:
        raise r.fail(participants, f"{len(teams)} TEAM elements; a team event has two or more",
                     "TEAM", len(teams))  # fmt: skip
    for index, team in enumerate(teams, 1):
        where = f"TEAM {index}"
        number = r.integer(team, "TEAM_NUMBER", where, 1, len(teams))
        if number is None or number in names:
            raise r.fail(team, f"TEAM_NUMBER {quote(r.text(team, 'TEAM_NUMBER', where))} is "
                         f"missing or twice; teams are numbered 1 to {len(teams)}",
                         "TEAM_NUMBER", r.text(team, "TEAM_NUMBER", where), where)  # fmt: skip
        players = []
        for held in team.findall("PLAYER"):
            try:
                players.append(
                    Player(
                        r.text(held, "PLAYER_NAME", where),
                        r.text(held, "NATIONAL_ID_NUMBER", where) or None,
                    )
                )
            except BridgeError as exc:
                raise r.fail(held, str(exc), exc.field or "PLAYER", exc.value, where) from None
        try:
            names[number] = Entrant(r.text(team, "TEAM_NAME", where), tuple(players))
        except BridgeError as exc:
            raise r.fail(team, str(exc), "TEAM_NAME", exc.value, where) from None
        ranking.append(TeamLine(names[number].name, r.text(team, "PLACE", where),
                                _hundredths(r, team, "TOTAL_SCORE", where),
                                r.integer(team, "IMPS_FOR", where, 0, 10**6),
                                r.integer(team, "IMPS_AGAINST", where, 0, 10**6)))  # fmt: skip
    return dict(sorted(names.items())), ranking


def _team(r: _XmlReader, element: ET.Element, name: str, where: str,
          names: dict[int, Entrant]) -> str:  # fmt: skip
    number = r.integer(element, name, where, 1, len(names))
    if number is None:
        raise r.fail(element, f"no {name}", name, "", where)
    return names[number].name


def _read_round(r: _XmlReader, holder: ET.Element, index: int, names: dict[int, Entrant]) -> tuple[
        Round, list[Entry], dict[tuple[int, int], tuple[tuple[int, int], tuple[int, int] | None]]
]:  # fmt: skip
    where = f"ROUND {index}"
    if r.integer(holder, "ROUND_NUMBER", where, 1, 1000) != index:
        raise r.fail(holder, f"ROUND_NUMBER {quote(r.text(holder, 'ROUND_NUMBER', where))}; "
                     f"the rounds are numbered 1, 2 ... in order (expected {index})",
                     "ROUND_NUMBER", r.text(holder, "ROUND_NUMBER", where), where)  # fmt: skip
    byes = tuple(_team(r, b, "TEAM_NUMBER", f"{where}, BYE", names)
                 for b in holder.findall("BYE"))  # fmt: skip
    matches, entries, stated = [], [], {}
    for table, element in enumerate(holder.findall("MATCH"), 1):
        here = f"{where}, MATCH {table}"
        if r.integer(element, "TABLE_NUMBER", here, 1, 1000) != table:
            raise r.fail(element, f"TABLE_NUMBER {quote(r.text(element, 'TABLE_NUMBER', here))};"
                         f" the matches are numbered 1, 2 ... (expected {table})",
                         "TABLE_NUMBER", r.text(element, "TABLE_NUMBER", here), here)  # fmt: skip
        home = _team(r, element, "HOME_TEAM_NUMBER", here, names)
        away = _team(r, element, "AWAY_TEAM_NUMBER", here, names)
        text = r.text(element, "BOARDS", here)
        m = _RANGE.fullmatch(text)
        if m is None or not 1 <= int(m[1]) <= int(m[2]) < int(m[1]) + _MOST_BOARDS:
            raise r.fail(r.at(element, "BOARDS"), f"BOARDS {quote(text)} is not a range of "
                         "boards (e.g. 1-8)", "BOARDS", text, here)  # fmt: skip
        carry = r.text(element, "CARRY_OVER", here) or "0"
        if not _CARRY.fullmatch(carry) or Fraction(carry.lstrip("+")).denominator > 10**6:
            raise r.fail(r.at(element, "CARRY_OVER"), f"CARRY_OVER {quote(carry)} is not a "
                         "number of IMPs (e.g. 7 or 21/2)", "CARRY_OVER", carry, here)  # fmt: skip
        matches.append(Match(table, home, away, tuple(range(int(m[1]), int(m[2]) + 1)),
                             Fraction(carry.lstrip("+"))))  # fmt: skip
        imps = (r.integer(element, "HOME_IMPS", here, 0, 10**6) or 0,
                r.integer(element, "AWAY_IMPS", here, 0, 10**6) or 0)  # fmt: skip
        vp = None
        for what in ("VICTORY_POINTS", "BOARDS_WON"):
            h = _hundredths(r, element, "HOME_" + what, here)
            a = _hundredths(r, element, "AWAY_" + what, here)
            if h is not None and a is not None:
                vp = (h, a)
        stated[(index, table)] = (imps, vp)
        sides = {Room.OPEN: (home, away), Room.CLOSED: (away, home)}
        for board_index, board in enumerate(element.findall("BOARD"), 1):
            at = f"{here}, BOARD {board_index}"
            number = r.integer(board, "BOARD_NUMBER", at, 1, 10**6)
            if number is None:
                raise r.fail(board, "no BOARD_NUMBER", "BOARD_NUMBER", "", at)
            for line_index, line in enumerate(board.findall("TRAVELLER_LINE"), 1):
                place = f"{at}, TRAVELLER_LINE {line_index}"
                room_text = r.text(line, "ROOM", place).lower()
                if room_text not in ("open", "closed"):
                    raise r.fail(line, f"ROOM {quote(room_text)}; expected OPEN or CLOSED",
                                 "ROOM", room_text, place)  # fmt: skip
                room = Room(room_text)
                ns = _team(r, line, "NS_TEAM_NUMBER", place, names)
                ew = _team(r, line, "EW_TEAM_NUMBER", place, names)
                if (ns, ew) != sides[room]:
                    raise r.fail(line, f"NS {quote(ns)} v EW {quote(ew)} is not the "
                                 f"{room.value} room of {quote(home)} v {quote(away)}",
                                 "NS_TEAM_NUMBER", ns, place)  # fmt: skip
                entries.append(Entry(index, table, number, room, _room_result(r, line, place)))
    return Round(index, tuple(matches), byes), entries, stated


def _room_result(r: _XmlReader, line: ET.Element, where: str) -> Result | Adjusted:
    score = r.text(line, "SCORE", where).upper()
    m = re.fullmatch(r"A(\d\d)(\d\d)", score)
    if m is not None and line.find("CONTRACT") is None:
        if m[1] not in _AWARD or m[2] not in _AWARD:
            raise r.fail(line, f"SCORE {quote(score)}: the artificial percentages are 60, 50 "
                         "or 40", "SCORE", score, where)  # fmt: skip
        return Adjusted(_AWARD[m[1]], _AWARD[m[2]])
    return _result(r, line, where)
