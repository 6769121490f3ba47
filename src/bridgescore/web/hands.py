"""Hand records: a printable page per session with each board's hands, double-dummy table and
par, and each traveller line's tricks against double dummy and score against par.

A board shows its hands when it has a deal (:attr:`Board.deal
<bridgescore.boards.board.Board.deal>`: a PBN upload's, or a club evening's director attaching
deals: :mod:`bridgescore.live.deals`). Its double-dummy table is the board's own
(:attr:`Board.dd <bridgescore.boards.board.Board.dd>`: a file's, as ``bridgescore analyse``
writes it, or an evening's worker's: :mod:`bridgescore.web.analysis`), or solved here when
endplay is installed (the ``dd`` extra) for a session from a file; par and each line against
double dummy and par are the core's (:class:`bridgescore.boards.hand_record.HandRecord`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.boards.board import Board
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import SUITS, Deal
from bridgescore.boards.hand_record import HandRecord as BoardRecord
from bridgescore.boards.par import Par
from bridgescore.duplicate.session import SectionScores, Session, TravellerLine
from bridgescore.web.common import page
from bridgescore.web.deps import readable_session
from bridgescore.web.live import live
from bridgescore.web.live_deals import UNAVAILABLE, analyser, deals_of
from bridgescore.web.work import run_heavy, scores

__all__ = [
    "HAND_TABLES",
    "HandRecord",
    "LineVersus",
    "Solver",
    "hand_record",
    "hand_records",
    "router",
    "solve_dd",
]

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True, slots=True)
class LineVersus:
    """A traveller line with its tricks against double dummy and its score against par."""

    line: TravellerLine
    tricks: str
    """``'+1'``, ``'='``, ``'-2'``: declarer's tricks less double dummy's ('' if none)."""
    score: str
    """NS's score less the par score, signed ('' for an artificial score or without par)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What the page shows for one board."""

    board: Board
    deal: Deal
    table: DDTable | None
    par: Par | None
    lines: tuple[LineVersus, ...]


def hand_record(
    board: Board, table: DDTable | None, lines: list[TravellerLine]
) -> HandRecord | None:
    """The hand record of a board with a deal (None without one): the core's
    (:class:`bridgescore.boards.hand_record.HandRecord`), each line against it."""
    record = BoardRecord.of(board, table)
    if record is None:
        return None
    versus = [(line, record.versus(line.result.result, line.ns_score)) for line in lines]
    return HandRecord(board, record.deal, record.table, record.par,
                      tuple(LineVersus(line, v.tricks_text, v.score_text)
                            for line, v in versus))  # fmt: skip


def solve_dd(deals: list[Deal]) -> list[DDTable] | None:
    """The deals' double-dummy tables through endplay (the ``dd`` extra); None without it."""
    try:
        from bridgescore.boards.dd import dd_tables
    except ImportError:  # pragma: no cover - dd is part of every install we test
        return None
    try:
        return list(dd_tables(deals))
    except ImportError:
        return None


Solver = Callable[[list[Deal]], "list[DDTable] | None"]
"""How missing double-dummy tables are solved (:func:`solve_dd`, in a heavy job or not)."""


def hand_records(
    session: Session, scored: list[SectionScores], solve: Solver
) -> list[tuple[str, list[HandRecord]]]:
    """Each section's hand records (the boards with a deal): a board's own double-dummy
    table, else solved by ``solve``."""
    by_name = {s.section.name: s for s in scored}
    sections: list[tuple[str, list[HandRecord]]] = []
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


@router.get("/session/{game_id}/hands", response_class=HTMLResponse)
def hands_page(request: Request, game_id: str) -> Response:
    """The session's hand records, ready to print."""
    stored, session = readable_session(request, game_id)
    scored = scores(request, stored)
    unsolved_note = (
        "No double-dummy table (install bridgescore[dd], or run bridgescore analyse on the file)."
    )
    if live(request).store.is_live(game_id):  # an evening's boards are solved by its worker
        unsolved_note = (
            "The double-dummy table is being solved: read this page again in a minute."
            if analyser(request).available
            else f"No double-dummy table: {UNAVAILABLE}."
        )
        sections = hand_records(session, scored, lambda deals: None)
    else:
        sections = hand_records(session, scored, lambda deals: run_heavy(request, solve_dd, deals))
    context: dict[str, Any] = {"stored": stored, "session": session, "sections": sections,
                               "unsolved_note": unsolved_note,
                               "seed": deals_of(request).seed(game_id),  # a closed one's only
                               **HAND_TABLES}  # fmt: skip
    return page(request, "hands.html", context)
