"""A board's hand record as the pages show it: its hands, double-dummy table and par, and
each traveller line's tricks against double dummy and score against par.

A board shows its hands when it has a deal (:attr:`Board.deal
<bridgescore.boards.board.Board.deal>`: a PBN upload's, or a club evening's director attaching
deals: :mod:`bridgescore.live.deals`). Its double-dummy table is the board's own
(:attr:`Board.dd <bridgescore.boards.board.Board.dd>`: a file's, as ``bridgescore analyse``
writes it, or an evening's worker's: :mod:`bridgescore.web.analysis`), or solved when endplay
is installed (the ``dd`` extra) for a session from a file; par and each line against double
dummy and par are the core's (:class:`bridgescore.boards.hand_record.HandRecord`). Shared by
the session's hand records page (:mod:`.hands`) and the club's results site (:mod:`.site`); a
module below the routers. What a page shows of a board is a :class:`HandRecordView`
(``HandRecord`` is its old name here, deprecated: a hand record is the core's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bridgescore.boards.board import Board
from bridgescore.boards.dd import DDTable, session_tables
from bridgescore.boards.deal import SUITS, Deal
from bridgescore.boards.hand_record import HandRecord as BoardRecord
from bridgescore.boards.par import Par
from bridgescore.duplicate.session import SectionScores, Session, TravellerLine

__all__ = [
    "HAND_TABLES",
    "HandRecord",
    "HandRecordView",
    "LineVersus",
    "Solver",
    "hand_record",
    "hand_records",
    "solve_dd",
]


@dataclass(frozen=True, slots=True)
class LineVersus:
    """A traveller line with its tricks against double dummy and its score against par."""

    line: TravellerLine
    """The line itself: its pairs, result, score and points."""
    tricks: str
    """``'+1'``, ``'='``, ``'-2'``: declarer's tricks less double dummy's for that declarer
    and strain (``''`` without a table, or without a contract played)."""
    score: str
    """NS's score less the par score, signed ('' for an artificial score or without par)."""


@dataclass(frozen=True, slots=True)
class HandRecordView:
    """What the page shows for one board: the core's hand record
    (:class:`~bridgescore.boards.hand_record.HandRecord`) with the board and its traveller."""

    board: Board
    deal: Deal
    table: DDTable | None
    """The double-dummy table, None where it is not known (nor solved)."""
    par: Par | None
    lines: tuple[LineVersus, ...]
    """The board's traveller lines, each against double dummy and par."""


HandRecord = HandRecordView
"""Deprecated: the old name of :class:`HandRecordView` (a hand record is the core's
:class:`bridgescore.boards.hand_record.HandRecord`)."""


def hand_record(
    board: Board, table: DDTable | None, lines: list[TravellerLine]
) -> HandRecordView | None:
    """The hand record of a board with a deal (None without one): the core's
    (:class:`bridgescore.boards.hand_record.HandRecord`), each line against it."""
    record = BoardRecord.of(board, table)
    if record is None:
        return None
    versus = [(line, record.versus(line.result.result, line.ns_score)) for line in lines]
    return HandRecordView(board, record.deal, record.table, record.par,
                      tuple(LineVersus(line, v.tricks_text, v.score_text)
                            for line, v in versus))  # fmt: skip


def solve_dd(deals: list[Deal]) -> list[DDTable] | None:
    """The deals' double-dummy tables through endplay (the ``dd`` extra); None without it."""
    try:
        return list(session_tables(tuple(deals)))
    except ImportError:  # pragma: no cover - dd is part of every install we test
        return None


Solver = Callable[[list[Deal]], "list[DDTable] | None"]
"""How missing double-dummy tables are solved (:func:`solve_dd`, in a heavy job or not)."""


def hand_records(
    session: Session, scored: list[SectionScores], solve: Solver
) -> list[tuple[str, list[HandRecordView]]]:
    """Each section's hand records (the boards with a deal): a board's own double-dummy
    table, else solved by ``solve``."""
    by_name = {s.section.name: s for s in scored}
    sections: list[tuple[str, list[HandRecordView]]] = []
    for section in session.sections:
        boards = sorted(section.boards, key=lambda b: b.number)
        tables: dict[int, DDTable | None] = {}
        unsolved: list[tuple[int, Deal]] = []
        for board in boards:
            tables[board.number] = board.dd
            if board.dd is None and board.deal is not None and board.deal.is_complete:
                unsolved.append((board.number, board.deal))
        if unsolved:
            solved = solve([d for _, d in unsolved])
            for (number, _), table in zip(unsolved, solved or [], strict=False):
                tables[number] = table
        travellers = by_name[section.name].travellers if section.name in by_name else {}
        records = [
            r
            for b in boards
            if (r := hand_record(b, tables.get(b.number), travellers.get(b.number, [])))
        ]
        if records:
            sections.append((section.name, records))
    return sections


HAND_TABLES: Final = {"suits": SUITS}
"""What the hand records' templates need besides the records (the suits' symbols)."""
