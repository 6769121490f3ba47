"""A ``.bws`` file's tables (as :mod:`bridgescore.bws._mdb` reads them) turned into a typed
:class:`~bridgescore.duplicate.session.Session`, as the handsets left it.

The columns are those of the Bridgemate developer's guide: ``Section`` (``ID``, ``Letter``),
``RoundData`` (``Section``, ``Table``, ``Round``, ``NSPair``, ``EWPair``), ``ReceivedData``
(``ID``, ``Section``, ``Table``, ``Round``, ``Board``, ``PairNS``, ``PairEW``, ``NS/EW``,
``Contract``, ``Result``, ``LeadCard``, ``Remarks``, ``DateLog``, ``TimeLog``, ``Erased``),
``PlayerNumbers`` (``Section``, ``Table``, ``Direction``, ``Number``, ``Name``, and ``Round`` in
later versions), ``PlayerNames`` (``ID``, ``Name``, ``strID``) and ``HandRecord`` (``Section``,
``Board``, ``NorthSpades`` ... ``WestClubs``)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.duplicate.field import Adjusted, Award
from bridgescore.duplicate.session import (
    BoardResult,
    Pair,
    Section,
    SectionKind,
    Session,
    SessionWarning,
)
from bridgescore.errors import BridgeError, BwsError, SessionError
from bridgescore.live.entry import read_lead
from bridgescore.model import Result, Side
from bridgescore.players import Player

__all__ = ["Row", "session_of"]

Row = Mapping[str, str]

_CONTRACT: Final = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X)?")
_RESULT: Final = re.compile(r"=|[+-](1[0-3]|[1-9])")
_PERCENT: Final = re.compile(r"\s*(40|50|60)%\s*-\s*(40|50|60)%\s*")
_AWARDS: Final[dict[str, Award]] = {"40": "A-", "50": "A", "60": "A+"}
_SEATS: Final = {"N": "N", "S": "S", "E": "E", "W": "W", "NS": "N", "EW": "E"}
_SUITS: Final = ("Spades", "Hearts", "Diamonds", "Clubs")
_HANDS: Final = ("North", "East", "South", "West")
_SECTIONS: Final = 78
"""The most sections BCS allows (IDs 1 to 78, letters A to ZZZ)."""


@dataclass(frozen=True, slots=True)
class _Line:
    """A ``ReceivedData`` line read: where, when, and what it says."""

    section: int
    table: int
    round: int
    board: int
    ns: int
    ew: int
    when: tuple[str, str, int]
    """``DateLog``, ``TimeLog`` and ``ID``: the later line is the correction."""
    result: BoardResult | None
    note: str


class _Reader:
    """Reads the rows of one file; every error names the file, the table and the row."""

    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, where: str, column: str, value: str, code: str, **params: object) -> BwsError:
        """``{column} {shown!r}`` and why (the template ``code`` names), at a table's row."""
        return BwsError.coded(code, field=column, value=value, column=column, shown=value,
                              at={"source": self.source, "where": where}, **params)  # fmt: skip

    def number(self, row: Row, column: str, where: str, *, default: int | None = None) -> int:
        text = row.get(column, "").strip()
        if not text and default is not None:
            return default
        if not (text.isascii() and text.isdigit() and len(text) <= 6):
            raise self.error(where, column, text, "bws_number")
        return int(text)

    def line(self, row: Row, index: int) -> _Line:
        ident = row.get("ID", "").strip() or str(index + 1)
        where = f"ReceivedData ID {ident}"
        section, table, round_, board, ns, ew = (
            self.number(row, column, where)
            for column in ("Section", "Table", "Round", "Board", "PairNS", "PairEW")
        )
        if board < 1:
            raise self.error(where, "Board", str(board), "bws_board")
        when = (row.get("DateLog", ""), row.get("TimeLog", ""), int(ident) if ident.isdigit()
                else index)  # fmt: skip
        contract = row.get("Contract", "").strip().upper().replace(" ", "")
        remarks = row.get("Remarks", "").strip()
        lead = self.lead(row.get("LeadCard", ""))
        if not contract:
            percent = _PERCENT.fullmatch(remarks)
            if percent is None:
                said = remarks or "no contract and no remark"
                return _Line(section, table, round_, board, ns, ew, when, None,
                             f"no score: {said}")  # fmt: skip
            award = Adjusted(_AWARDS[percent[1]], _AWARDS[percent[2]])
            scored = BoardResult(board, ns, ew, artificial=award, round=round_, table=table)
            return _Line(section, table, round_, board, ns, ew, when, scored,
                         f"arbitral score {remarks}")  # fmt: skip
        result = Result.parse("Pass") if contract == "PASS" else self.result(row, contract, where)
        scored = BoardResult(board, ns, ew, result, round=round_, table=table, lead=lead)
        return _Line(section, table, round_, board, ns, ew, when, scored, remarks)

    def result(self, row: Row, contract: str, where: str) -> Result:
        match = _CONTRACT.fullmatch(contract)
        if match is None:
            raise self.error(where, "Contract", row.get("Contract", ""), "bws_contract")
        direction = row.get("NS/EW", "").strip().upper()
        seat = _SEATS.get(direction)
        if seat is None:
            raise self.error(where, "NS/EW", direction, "bws_declarer")
        tricks = row.get("Result", "").strip()
        if _RESULT.fullmatch(tricks) is None:
            raise self.error(where, "Result", tricks, "bws_result")
        strain = "NT" if match[2] in ("N", "NT") else match[2]
        text = f"{match[1]}{strain}{match[3] or ''}{seat}{tricks}"
        try:
            return Result.parse(text)
        except BridgeError as exc:
            raise self.error(where, "Result", f"{row.get('Contract', '')} {tricks}",
                             "bws_impossible", error=exc) from exc  # fmt: skip

    @staticmethod
    def lead(text: str) -> str | None:
        """``LeadCard`` as PBN writes a card (``'C10'`` is ``'CT'``); None if not a card (a
        lead is optional: a bad one does not refuse the result)."""
        try:
            return read_lead(text)
        except SessionError:
            return None


def _latest(lines: Iterable[_Line]) -> tuple[list[_Line], list[tuple[int, SessionWarning]]]:
    """The last line of each table's board (erased ones already left out); the earlier ones
    are corrections overtaken, each a note."""
    kept: dict[tuple[int, int, int, int], _Line] = {}
    notes: list[tuple[int, SessionWarning]] = []
    for line in sorted(lines, key=lambda x: x.when):
        key = (line.section, line.table, line.round, line.board)
        if key in kept:
            said = f"corrected: {_text(kept[key])} replaced by {_text(line)}"
            notes.append((line.section, SessionWarning(line.board, (line.ns, line.ew), said)))
        kept[key] = line
    return sorted(kept.values(), key=lambda x: (x.section, x.round, x.table, x.board)), notes


def _text(line: _Line) -> str:
    return line.result.text if line.result is not None else line.note


def _kind(lines: list[_Line], seats: Iterable[tuple[int, int, int]]) -> SectionKind:
    """A Mitchell (NS and EW ranked apart) unless the file's numbers say one field: a pair
    number that sits NS in one round and EW in another (a Howell, or an arrow switch), and
    never on both sides in one round (where the same number would be two pairs)."""
    sides: dict[int, set[str]] = defaultdict(set)
    per_round: dict[int, tuple[set[int], set[int]]] = defaultdict(lambda: (set(), set()))
    for round_, ns, ew in [*((x.round, x.ns, x.ew) for x in lines), *seats]:
        sides[ns].add("NS")
        sides[ew].add("EW")
        per_round[round_][0].add(ns)
        per_round[round_][1].add(ew)
    if any(ns & ew for ns, ew in per_round.values()):
        return "mitchell"
    return "howell" if any(len(s) == 2 for s in sides.values()) else "mitchell"


def _deal(row: Row) -> Deal | None:
    hands = [".".join(row.get(f"{hand}{suit}", "").strip().upper() for suit in _SUITS)
             for hand in _HANDS]  # fmt: skip
    if all(h == "..." for h in hands):
        return None
    try:
        return Deal.parse("N:" + " ".join(hands))
    except BridgeError:
        return None


def _players(
    rows: Iterable[tuple[int, Row]],
    seating: Mapping[tuple[int, int], tuple[int, int]],
    names: Mapping[str, str],
    reader: _Reader,
) -> dict[tuple[str, int], list[Player]]:
    """The players each pair's members entered (``PlayerNumbers``), by the pair sitting at
    that table in the row's round (the first round if the row names none)."""
    first = min((r for r, _ in seating), default=1)
    found: dict[tuple[str, int], list[Player]] = defaultdict(list)
    for index, row in rows:
        where = f"PlayerNumbers row {index + 1}"
        number = row.get("Number", "").strip()
        direction = row.get("Direction", "").strip().upper()
        if not number or direction not in ("N", "S", "E", "W"):
            continue
        table = reader.number(row, "Table", where)
        round_ = reader.number(row, "Round", where, default=first) or first
        pairs = seating.get((round_, table))
        if pairs is None:
            continue
        side, pair = ("NS", pairs[0]) if direction in "NS" else ("EW", pairs[1])
        name = row.get("Name", "").strip() or names.get(number.lstrip("0"), "") or number
        try:
            player = Player(name, number if number.isalnum() and len(number) <= 20 else None)
        except BridgeError:
            continue
        found[(side, pair)].append(player)
    return found


def session_of(tables: Mapping[str, list[dict[str, str]]], source: str, event: str = "") -> tuple[
        Session, int]:  # fmt: skip
    """The session of a ``.bws`` file's tables, and how many erased lines were left out (in
    time linear in the rows).

    :raises BwsError: for a value the handsets could not have written (naming the table, row
        and column), or a file with no section, or more than BCS allows (78).
    """
    reader = _Reader(source)
    letters: dict[int, str] = {}
    for index, row in enumerate(tables.get("Section", [])):
        where = f"Section row {index + 1}"
        letter = row.get("Letter", "").strip()
        if not (0 < len(letter) <= 3 and letter.isascii() and letter.isalnum()):
            raise reader.error(where, "Letter", letter, "bws_letter")
        if letter in letters.values() or len(letters) >= _SECTIONS:
            twice = letter in letters.values()
            raise reader.error(
                where,
                "Letter",
                letter,
                "bws_letter_twice" if twice else "bws_sections",
                most=_SECTIONS,
            )
        letters[reader.number(row, "ID", where)] = letter
    if not letters:
        raise BwsError.coded("bws_no_section", field="Section", at={"source": source})
    erased, lines = 0, []
    for index, row in enumerate(tables.get("ReceivedData", [])):
        if row.get("Erased", "0").strip() not in ("", "0"):
            erased += 1
            continue
        lines.append(reader.line(row, index))
    latest, corrections = _latest(lines)
    names = {r.get("strID", "").strip().lstrip("0") or r.get("ID", "").strip(): r.get(
        "Name", "").strip() for r in tables.get("PlayerNames", [])}  # fmt: skip
    boards: dict[int, list[Board]] = defaultdict(list)
    for index, row in enumerate(tables.get("HandRecord", [])):
        where = f"HandRecord row {index + 1}"
        deal = _deal(row)
        if deal is not None:
            number = reader.number(row, "Board", where)
            board = replace(Board.numbered(max(number, 1)), deal=deal)
            boards[reader.number(row, "Section", where)].append(board)
    seating: dict[int, dict[tuple[int, int], tuple[int, int]]] = defaultdict(dict)
    for index, row in enumerate(tables.get("RoundData", [])):
        where = f"RoundData row {index + 1}"
        key = (reader.number(row, "Round", where), reader.number(row, "Table", where))
        seating[reader.number(row, "Section", where)][key] = (
            reader.number(row, "NSPair", where), reader.number(row, "EWPair", where))  # fmt: skip
    numbers: dict[int, list[tuple[int, Row]]] = defaultdict(list)
    for index, row in enumerate(tables.get("PlayerNumbers", [])):
        numbers[reader.number(row, "Section", f"PlayerNumbers row {index + 1}")].append(
            (index, row))  # fmt: skip
    mine: dict[int, list[_Line]] = defaultdict(list)
    for line in latest:
        if line.section not in letters:
            raise reader.error(f"ReceivedData ID {line.when[2]}", "Section", str(line.section),
                               "bws_section_unknown")  # fmt: skip
        mine[line.section].append(line)
    notes: dict[int, list[SessionWarning]] = defaultdict(list)
    for section, warning in corrections:
        notes[section].append(warning)
    sections = [
        _section(letter, mine[ident], seating[ident], boards[ident], notes[ident],
                 _players(numbers[ident], seating[ident], names, reader), source)
        for ident, letter in sorted(letters.items())
    ]  # fmt: skip
    return Session(tuple(sections), "mp", event=event), erased


def _section(
    letter: str,
    lines: list[_Line],
    seating: Mapping[tuple[int, int], tuple[int, int]],
    boards: list[Board],
    notes: list[SessionWarning],
    players: Mapping[tuple[str, int], list[Player]],
    source: str,
) -> Section:
    kind = _kind(lines, ((r, ns, ew) for (r, _), (ns, ew) in seating.items()))
    notes = notes + [SessionWarning(x.board, (x.ns, x.ew), x.note) for x in lines
                     if x.result is None]  # fmt: skip
    pairs: dict[tuple[Side | None, int], Pair] = {}
    for (side, number), members in sorted(players.items()):
        pair = Pair(number, Side(side) if kind == "mitchell" else None)
        # a Howell pair that entered its numbers on both sides: the first kept
        pairs.setdefault(pair.key, replace(pair, names=" & ".join(p.name for p in members),
                                           players=tuple(members)))  # fmt: skip
    results = [x.result for x in lines if x.result is not None]
    try:
        return Section(letter, kind, pairs.values(), boards, results, notes=notes)
    except BridgeError as exc:
        raise BwsError(str(exc), source=source, where=f"section {letter}", field=exc.field,
                       value=exc.value) from exc  # fmt: skip
