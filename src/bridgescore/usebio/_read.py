"""A USEBIO file read as a session: club, event, participants and every traveller line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Final

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.duplicate.field import Adjusted, Award
from bridgescore.duplicate.session import (
    BoardResult,
    Method,
    Pair,
    Section,
    SectionKind,
    Session,
    SessionWarning,
)
from bridgescore.errors import BridgeError, UsebioError
from bridgescore.model import PASS_OUT, Contract, Result, Seat, Side, Vulnerability
from bridgescore.players import Player, pair_names
from bridgescore.scoring import score_result
from bridgescore.usebio._xml import KNOWN, Tree, parse_xml, quote

__all__ = ["METHOD_OF", "AssignedLine", "FileRankRow", "Standing", "UsebioFile", "read_file"]

METHOD_OF: Final[dict[str, Method]] = {
    "MATCH_POINTS": "mp", "MP_PAIRS": "mp", "MP": "mp",
    "BUTLER_IMPS": "butler", "BUTLER_PAIRS": "butler", "BUTLER": "butler",
    "CROSS_IMPS": "cross-imps", "CROSS_IMP": "cross-imps", "CROSS_IMP_PAIRS": "cross-imps",
}  # fmt: skip
"""How a file names its scoring (``BOARD_SCORING_METHOD``, or a pairs ``EVENT_TYPE``)."""

_PAIRS_EVENTS: Final = ("PAIRS", "MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "CROSS_IMP_PAIRS",
                        "HOWELL", "MITCHELL")  # fmt: skip
_INDIVIDUAL: Final = "INDIVIDUAL"
"""An individual's ``EVENT_TYPE``: its participants are ``PLAYER`` s (SCORING.md §26)."""
_POINTS: Final = {"mp": "MATCH_POINTS", "butler": "BUTLER_POINTS", "cross-imps": "CROSS_IMP_POINTS"}
_PAIR: Final = re.compile(
    r"\s*(?:\(\s*([A-Z0-9]{1,10})\s*\)|([A-Z]{1,2}(?=\s*\d)))?\s*(\d{1,4})\s*(NS|EW|N|E)?\s*",
    re.IGNORECASE,
)
"""A pair number: ``3``, ``3NS``, ``3 EW``, or with its section, ``(A) 3 NS`` (NZ Scorer's
files, through scorer-to-usebio) or ``A3``."""
_NOT_PLAYED: Final = ("NP", "NOTPLAYED")
"""``CONTRACT`` of a line not played (NZ Scorer's ``N P``; SCORING.md §21)."""
_ADJUSTED: Final = re.compile(r"A(\d\d)(\d\d)")
_AWARD: Final[dict[str, Award]] = {"60": "A+", "50": "A", "40": "A-"}
_RANKS: Final = "AKQJT98765432"
_DECLARED: Final = re.compile(
    r"""\A(\ufeff?\s*<\?xml[^>]{0,200}?encoding\s*=\s*)["'][^"']{0,40}["']"""
)
_VULNERABLE: Final = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "NORTH-SOUTH": Vulnerability.NS, "N-S": Vulnerability.NS,
    "EW": Vulnerability.EW, "EAST-WEST": Vulnerability.EW, "E-W": Vulnerability.EW,
    "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH, "GAME": Vulnerability.BOTH,
}  # fmt: skip
"""``VULNERABILITY`` as files write it; a board without one follows Law 2."""
_MOST_WARNINGS: Final = 200
"""The most warnings a file's reading lists one by one."""
_LONGEST: Final = 100
"""The longest text element read (names are at most 100 characters)."""
_DIRECTIONS: Final = {"NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH,
                      "WEST": Seat.WEST, "N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH,
                      "W": Seat.WEST}  # fmt: skip
SUITS: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
"""A ``HAND``'s suits, as PBN's hands list them."""


@dataclass(frozen=True, slots=True)
class FileRankRow:
    """A pair's line of the file's own rankings, as the file gives it (to compare with
    bridgescore's: :class:`~bridgescore.duplicate.session.RankRow`)."""

    section: str
    """The section's name (``SECTION_ID``)."""
    pair: Pair
    """The pair, numbered as the file numbers it, with its players."""
    place: str
    """``'1'``, or ``'3='`` for a tie (``''`` if the file gives none)."""
    total: float | None
    """Matchpoints or IMPs (``TOTAL_SCORE``)."""
    percent: float | None
    """``PERCENTAGE``."""
    handicap: float | None = None
    """``HANDICAP``: the pair's handicap in percent, as the file gives it (NZ Scorer's
    ``PERCENTAGE`` is the plain percentage plus half of it; SCORING.md §21)."""
    master_points: int | None = None
    """``MASTER_POINTS_AWARDED``, in the file's unit (a hundredth of a masterpoint in the ABF's
    Compscore, a whole master point in the EBU's ScoreBridge: SCORING.md §25.5), from the
    ``MASTER_POINTS`` in the ``PAIR`` or, as Compscore writes it, the ``PAIR`` itself."""
    master_point_type: str = ""
    """``MASTER_POINT_TYPE``, as written (``GREEN``, ``black``)."""


Standing = FileRankRow
"""Deprecated: the old name of :class:`FileRankRow` (standings are a team event's:
:class:`bridgescore.events.Standing`)."""


@dataclass(frozen=True, slots=True)
class AssignedLine:
    """A traveller line that gives only the points each side scored, no contract: how club
    programs write an adjusted score that is no single contract (a weighted or split score,
    Law 12C1(c), (b); SCORING.md §21). bridgescore cannot score it again: it is kept apart
    from the session's results, and the file's own rankings (:class:`FileRankRow`) include
    it."""

    section: str
    """The section's name (``SECTION_ID``)."""
    board: int
    ns: int
    """The NS pair's number."""
    ew: int
    """The EW pair's number."""
    ns_points: float
    """NS's matchpoints (or IMPs), as the file gives them."""
    ew_points: float
    """EW's."""


@dataclass(frozen=True, slots=True)
class UsebioFile:
    """A USEBIO file read: the session, and the rankings and program the file names."""

    session: Session
    """What the file holds: its sections, pairs with their players, every traveller line,
    and each board's deal where the file has a ``HANDSET``."""
    standings: tuple[FileRankRow, ...]
    """The file's own rankings, a line a pair."""
    program: str
    """``PROGRAM_NAME`` and ``PROGRAM_VERSION``, e.g. ``'ScoreBridge 10.25.02'``."""
    version: str
    """The ``Version`` of the ``USEBIO`` element, e.g. ``'1.2'``."""
    assigned: tuple[AssignedLine, ...] = ()
    """The lines with points and no contract (adjusted scores), left out of :attr:`session`."""
    warnings: tuple[str, ...] = ()
    """What was read otherwise than the file may mean, or not read at all: an element the
    reader does not know, a line not played; each names the file, line and element."""


class _XmlReader:
    """Reads elements of one tree; every error names the file, line and element."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.warnings: list[str] = []
        self.more = 0

    def warn(self, element: ET.Element, message: str, where: str = "") -> None:
        """Note something read otherwise than the file may mean (never a refusal); after
        :data:`_MOST_WARNINGS`, only how many more there were."""
        if len(self.warnings) >= _MOST_WARNINGS:
            self.more += 1
            return
        line = self.tree.line(element)
        place = ", ".join(x for x in (self.tree.source, line and f"line {line}", where) if x)
        self.warnings.append(f"{place}: {message}")

    def said(self) -> tuple[str, ...]:
        """The warnings, the last one saying how many more were left out."""
        more = (f"{self.tree.source}: {self.more} more warnings",) if self.more else ()
        return (*self.warnings, *more)

    def unknown(self) -> None:
        """A warning for each element not in USEBIO's known vocabulary (once a name)."""
        seen: set[str] = set()
        for element in self.tree.root.iter():
            tag = element.tag
            if isinstance(tag, str) and tag not in KNOWN and tag not in seen:
                seen.add(tag)
                self.warn(element, f"element {quote(tag)} is not read (ignored)")

    def fail(self, element: ET.Element, reason: str, name: str, value: object = None,
             where: str = "") -> UsebioError:  # fmt: skip
        return UsebioError(reason, source=self.tree.source, line=self.tree.line(element),
                           where=where, field=name, value=value)  # fmt: skip

    def refuse(self, element: ET.Element, code: str, field: str, value: object = None,
               where: str = "", **params: object) -> UsebioError:  # fmt: skip
        """:meth:`fail` with the reason :data:`~bridgescore.errors.MESSAGES` ``[code]`` filled
        with ``params``, so that the web and the CLI say it in the reader's language."""
        at = {"source": self.tree.source, "line": self.tree.line(element), "where": where}
        return UsebioError.coded(code, field=field, value=value, at=at, **params)

    @staticmethod
    def at(parent: ET.Element, name: str) -> ET.Element:
        """The child element (for its line), or the parent if there is none."""
        child = parent.find(name)
        return parent if child is None else child

    def text(self, parent: ET.Element, name: str, where: str = "") -> str:
        """The stripped text of a child element (``''`` if absent or empty)."""
        child = parent.find(name)
        if child is None:
            return ""
        if len(child):
            raise self.refuse(child, "usebio_elements", name, where=where, name=name)
        value = (child.text or "").strip()
        if len(value) > _LONGEST:
            raise self.refuse(child, "usebio_long", name, value[:_LONGEST], where, name=name,
                              quoted=quote(value), most=_LONGEST)  # fmt: skip
        return value

    def integer(self, parent: ET.Element, name: str, where: str, lo: int, hi: int) -> int | None:
        value = self.text(parent, name, where)
        if not value:
            return None
        digits = value[1:] if value[:1] in "+-" else value
        if not (digits.isascii() and digits.isdigit() and len(value) <= 6
                and lo <= int(value) <= hi):  # fmt: skip
            raise self.refuse(self.at(parent, name), "usebio_number_range", name, value, where,
                              name=name, quoted=quote(value), low=lo, high=hi)  # fmt: skip
        return int(value)

    def decimal(self, parent: ET.Element, name: str, where: str) -> float | None:
        value = self.text(parent, name, where)
        if not value:
            return None
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if not (abs(number) < 1e9) or not re.fullmatch(r"[-+]?\d+(\.\d+)?", value):
            raise self.refuse(self.at(parent, name), "usebio_number", name, value, where,
                              name=name, quoted=quote(value))  # fmt: skip
        return number


def read_file(data: bytes | str, *, source: str = "<bytes>") -> UsebioFile:
    """Read a USEBIO 1.0-1.3 file of a pairs event (matchpoints, Butler or cross-IMPs).

    A section per ``SECTION`` (or the event itself when it has none, as most club programs
    write it); a Mitchell section when the pairs have a ``DIRECTION`` (or numbers such as
    ``1NS``), else a Howell. Each traveller line becomes a result: its contract, declarer,
    tricks and lead, with the file's ``SCORE`` kept when it differs from the result's (an
    irregularity the file scored), and ``A6040``-style scores as artificial scores (60, 50 and
    40 percent are average plus, average and average minus). The ``HANDSET``'s hands (each
    ``HAND``'s ``DIRECTION`` and suits) are the boards' deals. The file's own places, totals
    and percentages are kept as :class:`FileRankRow` s, to be compared with bridgescore's.

    What real programs write is read (SCORING.md §21): pair numbers with their section
    (``(A) 1 NS``, ``A1``), a ``CONTRACT`` ``NP`` line as its program scored it, several
    sections the file ranks together as one field, each pair's ``HANDICAP``; what is read
    otherwise than the file may mean, and any element not known, is a warning
    (:attr:`UsebioFile.warnings`), never a refusal.

    :raises UsebioError: for a file that is not USEBIO or holds something that cannot be read:
        it names the file, the line, the element and quotes the value.
    """
    raw = _utf8(data) if isinstance(data, str) else data
    tree = parse_xml(raw, source)
    r = _XmlReader(tree)
    root = tree.root
    if root.tag != "USEBIO":
        raise r.refuse(root, "usebio_root", "USEBIO", root.tag, quoted=quote(root.tag))
    version = root.get("Version", "")
    if not re.fullmatch(r"1\.[0-3]", version):
        raise r.refuse(root, "usebio_version", "Version", version, quoted=quote(version))
    events = root.findall("EVENT")
    if len(events) != 1:
        raise r.refuse(root, "usebio_events", "EVENT", len(events), count=len(events))
    event = events[0]
    method = _method(r, event)
    tags = _tags(r, root, event)
    sessions = event.findall("SESSION")
    if len(sessions) > 1:
        raise r.fail(sessions[1], f"the event has {len(sessions)} sessions; a file of one "
                     "session is read", "SESSION", len(sessions))  # fmt: skip
    holders = (sessions[0].findall("SECTION") if sessions else []) or event.findall("SECTION")
    individual = (event.get("EVENT_TYPE") or r.text(event, "EVENT_TYPE")).upper() == _INDIVIDUAL
    if individual and len(holders) > 1:
        raise r.fail(holders[1], f"an individual of {len(holders)} sections is not read; one "
                     "section is", "SECTION", len(holders))  # fmt: skip
    r.unknown()
    deals = _deals(r, root)
    sections, standings, assigned = [], [], []
    for index, holder in enumerate(holders or [event]):
        name = _section_name(r, holder, index)
        section, found, kept = _section(r, holder, name, deals, _POINTS[method], individual)
        sections.append(section)
        standings.extend(found)
        assigned.extend(kept)
    description = r.text(event, "EVENT_DESCRIPTION") or r.text(event, "TITLE")
    if r.said() and sections:  # shown with the session's warnings wherever it goes (PBN's way)
        said = [SessionWarning(0, (0, 0), w) for w in r.said()]
        sections[0] = replace(sections[0], notes=(*said, *sections[0].notes))
    try:
        across = _one_field(sections, standings)
        session = Session(tuple(sections), method, description, _date(r, event), tags=tags,
                          across_field=across)  # fmt: skip
    except BridgeError as exc:
        raise r.fail(event, str(exc), exc.field or "EVENT", exc.value) from None
    program = " ".join(x for x in (r.text(event, "PROGRAM_NAME"),
                                   r.text(event, "PROGRAM_VERSION")) if x)  # fmt: skip
    return UsebioFile(session, tuple(standings), program, version, tuple(assigned),
                      r.said())  # fmt: skip


def _one_field(sections: list[Section], standings: list[FileRankRow]) -> bool:
    """Whether several sections are one field: the file ranks their pairs together (a
    ``PLACE`` beyond its own section's pairs, as NZ Scorer's files rank a whole field;
    SCORING.md §21)."""
    size = {s.name: len(s.pairs) for s in sections}
    return len(sections) > 1 and any(
        int(place) > size[row.section]
        for row in standings
        if (place := row.place.rstrip("=")).isdigit() and len(place) < 6
    )


def _utf8(text: str) -> bytes:
    """Text as UTF-8 bytes, its XML declaration saying so (the text was decoded already)."""
    return _DECLARED.sub(r'\1"UTF-8"', text, count=1).encode()


def _method(r: _XmlReader, event: ET.Element) -> Method:
    """The scoring method: ``BOARD_SCORING_METHOD`` (1.1 on), else the ``EVENT_TYPE``."""
    kind = (event.get("EVENT_TYPE") or r.text(event, "EVENT_TYPE")).upper()
    known = (*_PAIRS_EVENTS, _INDIVIDUAL)
    if kind not in known:
        teams = " (a team event: read it with usebio.read_event)" if "TEAM" in kind else ""
        raise r.fail(event, f"EVENT_TYPE {quote(kind)} is not a pairs event{teams}; expected "
                     f"one of {', '.join(known)}", "EVENT_TYPE", kind)  # fmt: skip
    scoring = r.text(event, "BOARD_SCORING_METHOD").upper()
    if scoring and scoring not in METHOD_OF:
        raise r.fail(event, f"BOARD_SCORING_METHOD {quote(scoring)} is not scored; expected "
                     "MATCH_POINTS, BUTLER_IMPS or CROSS_IMPS", "BOARD_SCORING_METHOD",
                     scoring)  # fmt: skip
    if scoring:
        return METHOD_OF[scoring]
    if kind in METHOD_OF:
        return METHOD_OF[kind]
    for line in event.iter("TRAVELLER_LINE"):  # a plain PAIRS event: the lines' points tell
        for method, points in _POINTS.items():
            if line.find("NS_" + points) is not None:
                return method  # type: ignore[return-value]
    return "mp"


def _tags(r: _XmlReader, root: ET.Element, event: ET.Element) -> dict[str, str]:
    """The club, venue and program as the session's PBN-style tags."""
    club = root.find("CLUB")
    found = {
        "Club": "" if club is None else r.text(club, "CLUB_NAME", "CLUB"),
        "ClubNumber": "" if club is None else r.text(club, "CLUB_ID_NUMBER", "CLUB"),
        "Site": r.text(event, "VENUE"),
        "Generator": " ".join(x for x in (r.text(event, "PROGRAM_NAME"),
                                          r.text(event, "PROGRAM_VERSION")) if x),
    }  # fmt: skip
    return {k: v for k, v in found.items() if v}


def _date(r: _XmlReader, event: ET.Element) -> str:
    """``DATE`` (``dd/mm/yyyy``) as PBN writes a date (``yyyy.mm.dd``)."""
    text = r.text(event, "DATE")
    if not text:
        return ""
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", text)
    if m is None or not (1 <= int(m[1]) <= 31 and 1 <= int(m[2]) <= 12):
        raise r.fail(r.at(event, "DATE"), f"DATE {quote(text)} is not a date "
                     "(dd/mm/yyyy)", "DATE", text)  # fmt: skip
    return f"{m[3]}.{int(m[2]):02d}.{int(m[1]):02d}"


def _section_name(r: _XmlReader, holder: ET.Element, index: int) -> str:
    if holder.tag != "SECTION":
        return "A"
    name = (holder.get("SECTION_ID") or r.text(holder, "SECTION_ID")).strip()
    if len(name) > 10:
        raise r.fail(holder, f"SECTION_ID {quote(name)} is longer than 10 characters",
                     "SECTION_ID", name[:10])  # fmt: skip
    return name or "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index % 26] + ("" if index < 26 else str(index))


def _number(r: _XmlReader, element: ET.Element, name: str, where: str,
            section: str) -> tuple[int, Side | None]:  # fmt: skip
    """A pair number as files write it: ``3``, ``3NS``, ``3 EW``, ``(A) 3 NS``, ``A3``; a
    section named must be the one the number is in."""
    text = r.text(element, name, where)
    m = _PAIR.fullmatch(text)
    if m is None:
        raise r.refuse(element, "usebio_pair_number", name, text, where, name=name,
                       quoted=quote(text))  # fmt: skip
    named = m[1] or m[2]
    if named is not None and named.upper() != section.upper():
        raise r.fail(element, f"{name} {quote(text)} names section {named}, but it is in "
                     f"section {section}", name, text, where)  # fmt: skip
    side = None if m[4] is None else (Side.NS if m[4].upper().startswith("N") else Side.EW)
    return int(m[3]), side


def _section(r: _XmlReader, holder: ET.Element, name: str, deals: Mapping[int, Deal],
             points: str, individual: bool = False,
             ) -> tuple[Section, list[FileRankRow], list[AssignedLine]]:  # fmt: skip
    participants = holder.find("PARTICIPANTS")
    if participants is None:
        raise r.fail(holder, "no PARTICIPANTS", "PARTICIPANTS", where=f"section {name}")
    if participants.find("TEAM") is not None:
        raise r.fail(participants, "the participants are teams (read a team event with "
                     "usebio.read_event)",
                     "TEAM")  # fmt: skip
    if individual or participants.find("PLAYER") is not None:
        return _individual(r, holder, participants, name, deals, points, individual)
    read = []
    for index, element in enumerate(participants.findall("PAIR"), 1):
        where = f"PAIR {index}"
        number, side = _number(r, element, "PAIR_NUMBER", where, name)
        direction = r.text(element, "DIRECTION", where).upper().replace("-", "")
        if direction not in ("", "NS", "EW", "N", "E"):
            raise r.refuse(element, "usebio_direction", "DIRECTION", direction, where,
                           quoted=quote(direction))  # fmt: skip
        side = side or (Side.NS if direction.startswith("N") else Side.EW if direction else None)
        players = tuple(
            x
            for x in (
                _player(r, p, f"{where}, PLAYER {i}")
                for i, p in enumerate(element.findall("PLAYER"), 1)
            )
            if x.name or x.number
        )  # fmt: skip  (an empty PLAYER is no one)
        read.append((element, side, Pair(number, side, pair_names(players), players), where))
    mitchell = any(side is not None for _, side, _, _ in read)
    pairs, standings = [], []
    for element, side, pair, where in read:
        if mitchell and side is None:
            raise r.refuse(element, "usebio_no_direction", "DIRECTION", "", where,
                           pair=pair.number)  # fmt: skip
        pairs.append(pair)
        standings.append(_rank_row(r, element, name, pair, where, handicap=True))
    boards, results, assigned = _lines(r, holder, name, mitchell, deals, points)
    kind: SectionKind = "mitchell" if mitchell else "howell"
    return _scored_section(r, holder, name, kind, pairs, boards, results), standings, assigned


def _rank_row(r: _XmlReader, element: ET.Element, name: str, pair: Pair, where: str, *,
              handicap: bool) -> FileRankRow:  # fmt: skip
    """A participant's row of the file's ranking (masterpoints in ``MASTER_POINTS`` or not)."""
    held = element.find("MASTER_POINTS")
    held = element if held is None else held
    return FileRankRow(name, pair, r.text(element, "PLACE", where),
                       r.decimal(element, "TOTAL_SCORE", where),
                       r.decimal(element, "PERCENTAGE", where),
                       r.decimal(element, "HANDICAP", where) if handicap else None,
                       r.integer(held, "MASTER_POINTS_AWARDED", where, 0, 999999),
                       r.text(held, "MASTER_POINT_TYPE", where))  # fmt: skip


def _lines(r: _XmlReader, holder: ET.Element, name: str, mitchell: bool,
           deals: Mapping[int, Deal], points: str,
           ) -> tuple[dict[int, Board], list[BoardResult], list[AssignedLine]]:  # fmt: skip
    """A section's boards, its traveller lines' results and its assigned scores."""
    boards = {b.number: b for b in _boards(r, holder, deals)}
    lines = [x for x in _results(r, holder, name, mitchell, boards, points) if x is not None]
    assigned = [AssignedLine(name, *x) for x in lines if not isinstance(x, BoardResult)]
    return boards, [x for x in lines if isinstance(x, BoardResult)], assigned


def _scored_section(r: _XmlReader, holder: ET.Element, name: str, kind: SectionKind,
                    pairs: list[Pair], boards: dict[int, Board],
                    results: list[BoardResult]) -> Section:  # fmt: skip
    """The section of the boards played; a section the core refuses names its ``BOARD``."""
    try:
        played = [boards[b] for b in sorted({x.board for x in results})]
        return Section(name, kind, pairs, played, results)
    except BridgeError as exc:
        raise r.fail(holder, str(exc), exc.field or "BOARD", exc.value,
                     f"section {name}") from None  # fmt: skip


def _individual(r: _XmlReader, holder: ET.Element, participants: ET.Element, name: str,
                deals: Mapping[int, Deal], points: str, individual: bool,
                ) -> tuple[Section, list[FileRankRow], list[AssignedLine]]:  # fmt: skip
    """An ``INDIVIDUAL`` event's section: the players' ranking as the file gives it (a
    :class:`FileRankRow` a ``PLAYER``, its pair the player numbered by ``PLAYER_NUMBER``), and
    the traveller lines' partnerships as a Howell's pairs (who partnered whom is not in the
    file: SCORING.md §26)."""
    if not individual:
        raise r.fail(participants, "the participants are players, but the EVENT_TYPE is not "
                     "INDIVIDUAL", "PLAYER")  # fmt: skip
    if participants.find("PAIR") is not None:
        raise r.fail(participants, "an INDIVIDUAL event's participants are PLAYERs, not PAIRs",
                     "PAIR")  # fmt: skip
    standings, seen = [], set()
    for index, element in enumerate(participants.findall("PLAYER"), 1):
        where = f"PLAYER {index}"
        number = r.integer(element, "PLAYER_NUMBER", where, 1, 9999)
        if number is None:
            raise r.refuse(element, "usebio_no_player_number", "PLAYER_NUMBER", "", where)
        if number in seen:
            raise r.refuse(element, "usebio_player_twice", "PLAYER_NUMBER", number, where,
                           number=number)  # fmt: skip
        seen.add(number)
        player = _player(r, element, where)
        pair = Pair(number, None, player.name, (player,) if player.name or player.number else ())
        standings.append(_rank_row(r, element, name, pair, where, handicap=False))
    boards, results, assigned = _lines(r, holder, name, False, deals, points)
    numbers = sorted({n for x in results for n in (x.ns, x.ew)}
                     | {n for x in assigned for n in (x.ns, x.ew)})  # fmt: skip
    pairs = [Pair(n) for n in numbers]
    return _scored_section(r, holder, name, "howell", pairs, boards, results), standings, assigned


def _player(r: _XmlReader, element: ET.Element, where: str) -> Player:
    name = r.text(element, "PLAYER_NAME", where)
    number = r.text(element, "NATIONAL_ID_NUMBER", where) or None
    try:
        return Player(name, number)
    except BridgeError as exc:
        field = "PLAYER_NAME" if exc.field == "name" else "NATIONAL_ID_NUMBER"
        raise r.fail(element, str(exc), field, exc.value, where) from None


def _board_number(r: _XmlReader, element: ET.Element) -> int:
    number = r.integer(element, "BOARD_NUMBER", "BOARD", 1, 999)
    if number is None:
        raise r.refuse(element, "usebio_no_board_number", "BOARD_NUMBER")
    return number


def _boards(r: _XmlReader, holder: ET.Element, deals: Mapping[int, Deal]) -> Iterator[Board]:
    """The boards: Law 2's dealer, the ``VULNERABILITY`` if the file gives one, the deal if
    its ``HANDSET`` does."""
    for element in holder.findall("BOARD"):
        number = _board_number(r, element)
        board = Board.numbered(number)
        text = r.text(element, "VULNERABILITY", f"BOARD {number}").upper()
        if text and text not in _VULNERABLE:
            raise r.refuse(
                r.at(element, "VULNERABILITY"),
                "usebio_vulnerability",
                "VULNERABILITY",
                text,
                f"BOARD {number}",
                quoted=quote(text),
            )
        vulnerability = _VULNERABLE[text] if text else board.vulnerability
        yield Board(number, board.dealer, vulnerability, deal=deals.get(number))


def _deals(r: _XmlReader, root: ET.Element) -> dict[int, Deal]:
    """The deals of the file's ``HANDSET``, by board number: each ``HAND``'s ``DIRECTION``
    (``North`` ... or ``N`` ...) and its ``SPADES``, ``HEARTS``, ``DIAMONDS`` and ``CLUBS``
    (ranks, ``10`` or ``T`` for the ten); a hand not given is not known."""
    handset = root.find("HANDSET")
    out: dict[int, Deal] = {}
    for element in [] if handset is None else handset.findall("BOARD"):
        number = _board_number(r, element)
        where = f"HANDSET, BOARD {number}"
        if number in out:
            raise r.refuse(element, "usebio_dealt_twice", "BOARD_NUMBER", number, where,
                           board=number)  # fmt: skip
        hands: dict[Seat, str] = {}
        for hand in element.findall("HAND"):
            direction = r.text(hand, "DIRECTION", where).upper()
            seat = _DIRECTIONS.get(direction)
            if seat is None or seat in hands:
                why = "given twice" if seat else "expected North, East, South or West"
                raise r.fail(r.at(hand, "DIRECTION"), f"DIRECTION {quote(direction)}: {why}",
                             "DIRECTION", direction, where)  # fmt: skip
            suits = (r.text(hand, suit, where).upper().replace("10", "T") for suit in SUITS)
            hands[seat] = ".".join(suits)
        try:
            out[number] = Deal.parse("N:" + " ".join(hands.get(s, "-") for s in Seat))
        except BridgeError as exc:
            raise r.fail(element, str(exc), "HAND", exc.value, where) from None
    return out


_Assigned = tuple[int, int, int, float, float]
"""An assigned line as read: board, NS, EW, NS's points, EW's points."""


def _results(r: _XmlReader, holder: ET.Element, section: str, mitchell: bool,
             boards: dict[int, Board],
             points: str) -> Iterator[BoardResult | _Assigned | None]:  # fmt: skip
    for element in holder.findall("BOARD"):
        board = boards[_board_number(r, element)]
        for index, line in enumerate(element.findall("TRAVELLER_LINE"), 1):
            yield _line(r, line, board, index, (section, mitchell), points)


def _line(r: _XmlReader, line: ET.Element, b: Board, index: int, layout: tuple[str, bool],
          points: str) -> BoardResult | _Assigned | None:  # fmt: skip
    """A traveller line: a result, an artificial score, an assigned score (the points each
    side scored, no ``CONTRACT`` and no ``SCORE``), or ``None`` for a line not played."""
    board = b.number
    section, mitchell = layout
    where = f"BOARD {board}, TRAVELLER_LINE {index}"
    ns, ns_side = _number(r, line, "NS_PAIR_NUMBER", where, section)
    ew, ew_side = _number(r, line, "EW_PAIR_NUMBER", where, section)
    if mitchell and (ns_side, ew_side) not in ((None, None), (Side.NS, Side.EW)):
        raise r.fail(line, f"NS {ns}{ns_side or ''} v EW {ew}{ew_side or ''}: a Mitchell's NS "
                     "pair sits NS", "NS_PAIR_NUMBER", f"{ns}{ns_side or ''}", where)  # fmt: skip
    score_text = r.text(line, "SCORE", where)
    lead = _lead(r, line, where)
    adjusted = _ADJUSTED.fullmatch(score_text.upper())
    contract = r.text(line, "CONTRACT", where).upper().replace(" ", "")
    if not score_text and not contract and (given := _points(r, line, points, where)):
        return board, ns, ew, *given
    if contract in _NOT_PLAYED:
        return _not_played(r, line, (board, ns, ew), where)
    try:
        if adjusted:
            ns_award, ew_award = _AWARD.get(adjusted[1]), _AWARD.get(adjusted[2])
            if (ns_award is None or ew_award is None) and (
                given := _points(r, line, points, where)
            ):
                r.warn(line, f"SCORE {quote(score_text)}: an artificial score of other than 60, "
                       "50 or 40 percent is kept with the file's points, apart from the "
                       "results (usebio.AssignedLine)", where)  # fmt: skip
                return board, ns, ew, *given
            if ns_award is None or ew_award is None:
                raise r.fail(line, f"SCORE {quote(score_text)}: artificial scores of 60, 50 and "
                             "40 percent are read (others with the line's points)", "SCORE",
                             score_text, where)  # fmt: skip
            return BoardResult(board, ns, ew, artificial=Adjusted(ns_award, ew_award), lead=lead)
        result = _result(r, line, where)
        score = r.integer(line, "SCORE", where, -7600, 7600)
        own = score_result(result, b.vulnerability).for_side(Side.NS)
        return BoardResult(board, ns, ew, result, score=None if score in (None, own) else score,
                           lead=lead)  # fmt: skip
    except UsebioError:
        raise
    except BridgeError as exc:
        raise r.fail(line, str(exc), exc.field or "TRAVELLER_LINE", exc.value, where) from None


def _points(r: _XmlReader, line: ET.Element, points: str,
            where: str) -> tuple[float, float] | None:  # fmt: skip
    """The line's NS and EW points (``NS_MATCH_POINTS`` ...), if it gives both."""
    ns_points = r.decimal(line, "NS_" + points, where)
    ew_points = r.decimal(line, "EW_" + points, where)
    return None if ns_points is None or ew_points is None else (ns_points, ew_points)


def _not_played(r: _XmlReader, line: ET.Element, pairs: tuple[int, int, int],
                where: str) -> BoardResult | None:  # fmt: skip
    """A line whose ``CONTRACT`` is ``NP``: scored as the file's program scored it. With a
    ``SCORE`` (NZ Scorer writes ``0``, and matchpoints it as a score of 0 for NS, as a
    passed-out board), a passed-out result with that score; without one, not played: no
    result, the pairs' percentages over the boards they played (SCORING.md §21)."""
    board, ns, ew = pairs
    score = r.integer(line, "SCORE", where, -7600, 7600)
    if score is None:
        r.warn(line, f"NS {ns} v EW {ew}: CONTRACT NP, no SCORE: not played, no result", where)
        return None
    r.warn(line, f"NS {ns} v EW {ew}: CONTRACT NP with SCORE {score}: scored {score} to NS "
           "(as a passed-out board), as the file's program scores it", where)  # fmt: skip
    return BoardResult(board, ns, ew, Result(PASS_OUT, None, 0), score=score or None)


def _result(r: _XmlReader, line: ET.Element, where: str) -> Result:
    contract = r.text(line, "CONTRACT", where).upper().replace(" ", "")
    if contract in ("PASS", "P", "PASSED", "PASSOUT", "AP"):
        return Result(PASS_OUT, None, 0)
    if not contract:
        raise r.refuse(line, "usebio_no_contract", "CONTRACT", "", where)
    try:
        parsed = Contract.parse(contract)
    except BridgeError:
        raise r.refuse(line, "usebio_contract", "CONTRACT", contract, where,
                       quoted=quote(contract)) from None  # fmt: skip
    by = r.text(line, "PLAYED_BY", where).upper()
    if by not in ("N", "E", "S", "W"):
        raise r.refuse(line, "usebio_played_by", "PLAYED_BY", by, where, quoted=quote(by))
    tricks = r.integer(line, "TRICKS", where, 0, 13)
    if tricks is None:
        raise r.refuse(line, "usebio_no_tricks", "TRICKS", "", where)
    return Result(parsed, Seat(by), tricks)


def _lead(r: _XmlReader, line: ET.Element, where: str) -> str | None:
    """``LEAD`` as PBN writes a card (suit then rank): ``TD``, ``DT`` and ``10D`` are ``DT``."""
    text = r.text(line, "LEAD", where).upper().replace("10", "T")
    if not text:
        return None
    if len(text) == 2 and text[0] in _RANKS and text[1] in "SHDC":
        return text[1] + text[0]
    if len(text) == 2 and text[0] in "SHDC" and text[1] in _RANKS:
        return text
    raise r.refuse(line, "usebio_lead", "LEAD", text, where, quoted=quote(text))
