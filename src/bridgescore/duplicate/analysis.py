"""The personal analysis: where a pair's matchpoints (or IMPs) went on each board, in the
bidding, the play and the defence, against double dummy and par (SCORING.md, "The personal
analysis").

For each board the pair played, three scores of its side are each valued as the session
values its score, by :func:`bridgescore.duplicate.session.points_if`: matchpointed (or IMPed)
against the other tables' actual results on the board, which stay as they are:

* ``par``: the par score (:func:`bridgescore.par`, for the board's dealer and vulnerability);
* ``dd``: the double-dummy score of the contract reached, by the declarer who played it (the
  tricks the double-dummy table gives that declarer in that strain);
* ``actual``: the pair's score.

Then ``bidding`` = value(dd) - value(par), and ``play`` (when the pair declared) or
``defence`` (when it defended) = value(actual) - value(dd); a passed-out board has neither
(its dd and actual scores are both 0). So bidding plus play (or defence) is what the board
scored against what par would have.

A board is *not analysed*, and is listed with the reason, when it has no double-dummy table
(no deal, or a deal not solved), or the pair's score on it is artificial, weighted or split
(there is no contract reached to value).

>>> from bridgescore import Result
>>> from bridgescore.duplicate.session import BoardResult, Section, Session
>>> section = Section("A", "mitchell", results=[
...     BoardResult(1, 1, 1, Result.parse("4SN=")), BoardResult(1, 2, 2, Result.parse("4SN-1")),
...     BoardResult(1, 3, 3, Result.parse("3SN+1"))])
>>> session = Session((section,))
>>> table = ((6, 6, 6, 10, 8), (7, 7, 7, 3, 5), (6, 6, 6, 10, 8), (7, 7, 7, 3, 5))
>>> a = analyse_pair(session, "A", section.pair(2, Side.NS), {1: table})
>>> b = a.boards[0]
>>> (b.par.score, b.par.points), (b.dd.score, b.dd.points), (b.actual.score, b.actual.points)
((420, 3.0), (420, 3.0), (-50, 0.0))
>>> b.bidding, b.play, a.totals
(0.0, -3.0, Totals(bidding=0.0, play=-3.0, defence=0.0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from bridgescore.boards.dd import DDTable, session_tables
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, par
from bridgescore.duplicate.session import (
    METHODS,
    Pair,
    RecapLine,
    Section,
    SectionScores,
    Session,
    csv_text,
    points_if,
    score_session,
)
from bridgescore.model import Contract, Result, Seat, Side, Strain
from bridgescore.scoring import score_result

__all__ = [
    "CSV_COLUMNS",
    "BoardAnalysis",
    "NotAnalysed",
    "PairAnalysis",
    "Role",
    "Totals",
    "Valued",
    "analyse_pair",
    "analysis_to_dict",
    "csv_block",
    "known_tables",
    "pair_analysis",
    "session_csv",
    "tables_of",
]

Role = Literal["declared", "defended", "passed"]
"""What the pair did on the board: declared, defended, or the board was passed out."""

_SEATS: Final = tuple(Seat)
_STRAINS: Final = tuple(Strain)


@dataclass(frozen=True, slots=True)
class Valued:
    """A score of the pair's side and what it is worth on the board."""

    score: int
    """The score from the pair's side's view (``-50`` for one down when it declared)."""
    points: float
    """Its matchpoints (or IMPs) against the other tables' actual results, as
    :func:`~bridgescore.duplicate.session.points_if` values a score."""


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """One board of a pair's analysis."""

    board: int
    sat: Side
    """Where the pair sat: NS or EW."""
    role: Role
    """Whether the pair declared or defended the contract reached, or the board was passed
    out (then there is neither play nor defence to value)."""
    result: Result
    """The result reached (the contract and declarer the ``dd`` score is worked out for)."""
    par_contracts: str
    """The par contracts, as :class:`~bridgescore.boards.par.Par` writes them (``4SNS``), or
    ``pass``."""
    dd_tricks: int
    """The tricks declarer takes double dummy in the contract reached (0 when passed out)."""
    par: Valued
    """The par score (:func:`bridgescore.par`), from the pair's side, and its worth."""
    dd: Valued
    """The contract reached played double dummy by its declarer, and its worth: against
    ``par`` it values the bidding, against ``actual`` the play or the defence."""
    actual: Valued
    """The score at the table, and the matchpoints (or IMPs) it earned."""

    @property
    def dd_result(self) -> Result:
        """The contract reached with its double-dummy tricks (``3NTS-1``)."""
        if isinstance(self.result.contract, Contract):
            return Result(self.result.contract, self.result.declarer, self.dd_tricks)
        return self.result

    @property
    def bidding(self) -> float:
        """value(dd) - value(par): what the contract reached gained or lost against par."""
        return self.dd.points - self.par.points

    @property
    def play(self) -> float | None:
        """value(actual) - value(dd) when the pair declared, else None."""
        return self.actual.points - self.dd.points if self.role == "declared" else None

    @property
    def defence(self) -> float | None:
        """value(actual) - value(dd) when the pair defended, else None."""
        return self.actual.points - self.dd.points if self.role == "defended" else None


@dataclass(frozen=True, slots=True)
class NotAnalysed:
    """A board the pair played that has no analysis, and why."""

    board: int
    reason: str
    """Why, in words: ``an artificial score (A+/A-)``, ``a weighted score``, ``a split score``,
    ``no deal`` or ``no double-dummy table``."""


@dataclass(frozen=True, slots=True)
class Totals:
    """The evening's sums: matchpoints (or IMPs) gained or left in each."""

    bidding: float
    """The boards' :attr:`~BoardAnalysis.bidding`, added up."""
    play: float
    """What the play gained (or lost: below 0) on the boards the pair declared, the sum of
    their :attr:`~BoardAnalysis.play`."""
    defence: float
    """What the defence gained or lost on the boards the pair defended."""


@dataclass(frozen=True, slots=True)
class PairAnalysis:
    """A pair's analysis of a section: its boards in board order and those not analysed."""

    pair: Pair
    unit: str
    """``MPs`` or ``IMPs``."""
    boards: tuple[BoardAnalysis, ...]
    not_analysed: tuple[NotAnalysed, ...]
    """The boards it played that could not be analysed, with the reason, in board order."""

    @property
    def totals(self) -> Totals:
        """The sums over the analysed boards (rounded to 10 decimals, as pair totals are)."""
        return Totals(
            round(sum(b.bidding for b in self.boards), 10),
            round(sum(b.play or 0.0 for b in self.boards), 10),
            round(sum(b.defence or 0.0 for b in self.boards), 10),
        )


def tables_of(section: Section, *, solve: bool = False) -> dict[int, DDTable]:
    """The double-dummy tables the section's boards hold (:attr:`Board.dd
    <bridgescore.boards.board.Board.dd>`: a file's, as ``bridgescore analyse`` writes them, or
    an evening's worker's), by board number; with ``solve``, also those of the boards with a
    complete deal and no table, solved by DDS (:func:`bridgescore.boards.dd.dd_tables`: the
    ``bridgescore[dd]`` extra).

    :raises ModuleNotFoundError: to solve a deal without endplay.
    """
    tables = {}
    unsolved: list[tuple[int, Deal]] = []
    for board in section.boards:
        if board.dd is not None:
            tables[board.number] = board.dd
        elif solve and board.deal is not None and board.deal.is_complete:
            unsolved.append((board.number, board.deal))
    if unsolved:
        solved = session_tables(tuple(deal for _, deal in unsolved))
        tables.update(zip((number for number, _ in unsolved), solved, strict=True))
    return tables


def known_tables(section: Section) -> dict[int, DDTable]:
    """:func:`tables_of` the section, its deals solved when endplay is installed (the
    ``bridgescore[dd]`` extra), else its tags' tables only."""
    try:
        return tables_of(section, solve=True)
    except ModuleNotFoundError:  # pragma: no cover - dd is part of every install we test
        return tables_of(section)


def pair_analysis(session: Session, scored: SectionScores, pair: Pair) -> dict[str, Any] | None:
    """A pair's analysis as JSON (:func:`analysis_to_dict`), its tables :func:`known_tables`;
    None when no board of the section has one (nothing to analyse)."""
    tables = known_tables(scored.section)
    if not tables:
        return None
    return analysis_to_dict(analyse_pair(session, scored, pair, tables))


def analyse_pair(
    session: Session,
    section: str | SectionScores,
    pair: Pair,
    tables: Mapping[int, DDTable],
    pars: Mapping[int, Par] | None = None,
) -> PairAnalysis:
    """The analysis of a pair's boards in a section (a name, or the section scored).

    ``tables`` holds the boards' double-dummy tables by number (:func:`tables_of` reads the
    section's own); ``pars`` their par, worked out from the tables (for each board's dealer
    and vulnerability) where not given.

    :raises SessionError: for a section or pair the session does not have.
    """
    scored = section if isinstance(section, SectionScores) else _scored(session, section)
    sec = scored.section
    boards: list[BoardAnalysis] = []
    skipped: list[NotAnalysed] = []
    for line in scored.recap(pair.number, pair.side):
        reason = _unanalysable(sec, line, tables)
        if reason:
            skipped.append(NotAnalysed(line.board, reason))
            continue
        given = (pars or {}).get(line.board)
        boards.append(_board(session, scored, line, tables[line.board], given))
    return PairAnalysis(sec.pair(pair.number, pair.side), METHODS[scored.method].unit,
                        tuple(boards), tuple(skipped))  # fmt: skip


def _scored(session: Session, name: str) -> SectionScores:
    chosen = session.section(name)
    return next(s for s in score_session(session) if s.section is chosen)


def _unanalysable(section: Section, line: RecapLine, tables: Mapping[int, DDTable]) -> str:
    r = line.result
    if r.artificial is not None:
        return f"an artificial score ({r.artificial})"
    if r.weighted is not None:
        return "a weighted score"
    if r.split is not None:
        return "a split score"
    if line.board not in tables:
        deal = section.board(line.board).deal
        return "no deal" if deal is None or not deal.is_complete else "no double-dummy table"
    return ""


def _board(
    session: Session, scored: SectionScores, line: RecapLine, table: DDTable, given: Par | None
) -> BoardAnalysis:
    section = scored.section
    board = section.board(line.board)
    reached = line.result.result
    assert reached is not None  # _unanalysable checked
    assert isinstance(line.score, int)
    target = given or par(table, board.vulnerability, board.dealer)
    sign = 1 if line.sat is Side.NS else -1
    if isinstance(reached.contract, Contract):
        assert reached.declarer is not None  # a BoardResult's contract has a declarer
        tricks = table[_SEATS.index(reached.declarer)][_STRAINS.index(reached.contract.strain)]
        dd_result = Result(reached.contract, reached.declarer, tricks)
        dd_ns = score_result(dd_result, board.vulnerability,
                             undertrick_rule=session.undertrick_rule).for_side(Side.NS)  # fmt: skip
        role: Role = "declared" if reached.declarer.side is line.sat else "defended"
    else:
        tricks, dd_ns, role = 0, 0, "passed"

    def value(own: int) -> Valued:
        ns_points, ew_points = points_if(session, section, line.result, sign * own, scored=scored)
        return Valued(own, ns_points if line.sat is Side.NS else ew_points)

    return BoardAnalysis(
        line.board, line.sat, role, reached, str(target).partition(": ")[2] or "pass", tricks,
        value(sign * target.score), value(sign * dd_ns), value(line.score),
    )  # fmt: skip


def _round(x: float) -> float:
    return round(x, 2)


def analysis_to_dict(analysis: PairAnalysis) -> dict[str, Any]:
    """The analysis as JSON: ``boards`` (each ``board``, ``par``, ``dd``, ``actual``, each a
    score with its ``points``, then ``bidding`` and ``play`` or ``defence``), ``totals``
    (``bidding``, ``play``, ``defence``) and ``not_analysed`` (each ``board`` and ``reason``).
    """
    boards = []
    for b in analysis.boards:
        entry: dict[str, Any] = {
            "board": b.board,
            "sat": b.sat.value,
            "par": {"contract": b.par_contracts, "score": b.par.score,
                    "points": _round(b.par.points)},
            "dd": {"result": str(b.dd_result), "contract": str(b.result.contract),
                   "declarer": _seat(b.result), "tricks": b.dd_tricks, "score": b.dd.score,
                   "points": _round(b.dd.points)},
            "actual": {"result": str(b.result), "score": b.actual.score,
                       "points": _round(b.actual.points)},
            "bidding": _round(b.bidding),
        }  # fmt: skip
        if b.play is not None:
            entry["play"] = _round(b.play)
        if b.defence is not None:
            entry["defence"] = _round(b.defence)
        boards.append(entry)
    totals = analysis.totals
    return {
        "unit": analysis.unit,
        "boards": boards,
        "totals": {"bidding": _round(totals.bidding), "play": _round(totals.play),
                   "defence": _round(totals.defence)},
        "not_analysed": [{"board": n.board, "reason": n.reason} for n in analysis.not_analysed],
    }  # fmt: skip


CSV_COLUMNS: Final = ("section", "pair", "board", "sat", "par", "par_score", "par_points", "dd",
                       "dd_score", "dd_points", "result", "score", "points", "bidding", "play",
                       "defence", "not_analysed")  # fmt: skip
"""The columns of the analysis in a session's CSV (:func:`csv_block`)."""


def csv_block(
    session: Session, scored: list[SectionScores]
) -> tuple[tuple[str, ...], list[list[object]]] | None:
    """Every pair's analysis for a session's CSV (``csv_text(..., extra=)``): the columns and a
    row per board it played, from the boards' own tables only (a download solves no deal);
    None if no board has a table."""
    rows: list[list[object]] = []
    for s in scored:
        tables = tables_of(s.section)  # the boards' own only: a download solves no deal
        if not tables:
            continue
        for pair in s.section.pairs:
            got = analyse_pair(session, s, pair, tables)
            for b in got.boards:
                rows.append([s.section.name, pair.label, b.board, b.sat.value, b.par_contracts,
                             b.par.score, b.par.points, str(b.dd_result), b.dd.score,
                             b.dd.points, str(b.result), b.actual.score, b.actual.points,
                             b.bidding, _blank(b.play), _blank(b.defence), ""])  # fmt: skip
            for n in got.not_analysed:
                rows.append([s.section.name, pair.label, n.board, *[""] * 13, n.reason])
    return (CSV_COLUMNS, rows) if rows else None


def session_csv(scored: list[SectionScores], session: Session) -> str:
    """A scored session's CSV (:func:`bridgescore.duplicate.session.csv_text`) with each pair's
    analysis where its boards have double-dummy tables: what the downloads give."""
    return csv_text(scored, session, csv_block(session, scored))


def _blank(x: float | None) -> object:
    return "" if x is None else x


def _seat(result: Result) -> str | None:
    return result.declarer.value if result.declarer is not None else None
