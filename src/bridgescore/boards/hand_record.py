"""A board's hand record: its deal, double-dummy table and par, and each result against them.

A board (:class:`~bridgescore.boards.board.Board`) holds its deal and, once solved, its
double-dummy table and par as fields (:attr:`~bridgescore.boards.board.Board.deal`,
:attr:`~bridgescore.boards.board.Board.dd`, :attr:`~bridgescore.boards.board.Board.par`);
:meth:`HandRecord.of` reads them (par worked out from the table, with the board's dealer and
vulnerability, where the board has none: :func:`bridgescore.par`); :func:`with_deal` and
:func:`with_analysis` give the board with them set.

A result against double dummy is declarer's tricks less the tricks the table gives that
declarer in that strain (``+1``: one trick more than double dummy); against par, NS's score
less the par score (SCORING.md §13).

>>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.8765.76 432.432.432.5432")
>>> board = with_analysis(with_deal(Board.numbered(1), deal), t)
>>> record = HandRecord.of(board)
>>> str(record.par), record.versus(Result.parse("4SN="), 420)
('NS 400: 3NTN', Versus(tricks=1, score=20))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from bridgescore.boards.board import Board
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, par
from bridgescore.model import Contract, Result, Seat, Strain

__all__ = [
    "ANALYSIS",
    "HandRecord",
    "Versus",
    "board_deal",
    "signed",
    "versus_dd",
    "versus_par",
    "with_analysis",
    "with_deal",
]

ANALYSIS: Final = ("DoubleDummyTricks", "OptimumScore", "ParContract")
"""The PBN tags that hold a board's analysis (the board's fields ``dd`` and ``par``, which
:func:`with_analysis` sets; a file's ``OptimumResultTable`` holds the table too)."""


def signed(difference: int | None, zero: str = "=") -> str:
    """A difference as the pages write it: ``+1``, ``-30``, ``zero`` for none, ``''`` if None.

    >>> signed(1), signed(-30), signed(0), signed(0, "0"), signed(None)
    ('+1', '-30', '=', '0', '')
    """
    if difference is None:
        return ""
    return f"{difference:+d}" if difference else zero


@dataclass(frozen=True, slots=True)
class Versus:
    """A result against double dummy and par."""

    tricks: int | None
    """Declarer's tricks less double dummy's (None: no table, or no contract played)."""
    score: int | None
    """NS's score less the par score (None: no par, or no score such as an artificial one)."""

    @property
    def tricks_text(self) -> str:
        """``'+1'``, ``'='``, ``'-2'``, or ``''``."""
        return signed(self.tricks)

    @property
    def score_text(self) -> str:
        """``'+30'``, ``'0'``, ``'-420'``, or ``''``."""
        return signed(self.score, "0")


def versus_dd(result: Result | None, table: DDTable | None) -> int | None:
    """Declarer's tricks less the double-dummy tricks of that declarer in that strain (None
    without a table or a contract played).

    >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    >>> versus_dd(Result.parse("3NTS-1"), t), versus_dd(Result.parse("Pass"), t)
    (0, None)
    """
    if table is None or result is None or not isinstance(result.contract, Contract):
        return None
    assert result.declarer is not None  # a contract played has its declarer
    seat = tuple(Seat).index(result.declarer)
    return result.tricks - table[seat][tuple(Strain).index(result.contract.strain)]


def versus_par(ns_score: object, found: Par | None) -> int | None:
    """NS's score less the par score (None without par, or for a score that is not a number
    of points, such as an artificial one).

    >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    >>> versus_par(-50, par(t, "None", "N")), versus_par("A+/A-", par(t, "None", "N"))
    (-450, None)
    """
    if found is None or not isinstance(ns_score, int) or isinstance(ns_score, bool):
        return None
    return ns_score - found.score


def board_deal(board: Board) -> Deal | None:
    """The board's deal (:attr:`Board.deal <bridgescore.boards.board.Board.deal>`), if known."""
    return board.deal


def with_deal(board: Board, deal: Deal) -> Board:
    """The board with this deal (and without the analysis of any deal it had)."""
    return board.with_fields(deal=deal, dd=None, par=None)


def with_analysis(board: Board, table: DDTable) -> Board:
    """The board with its double-dummy table and par (for its dealer and vulnerability),
    replacing any."""
    return board.with_fields(dd=table, par=par(table, board.vulnerability, board.dealer))


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a hand record shows of a board: its deal, and once solved its double-dummy table
    and par."""

    board: Board
    deal: Deal
    table: DDTable | None
    """Rows N E S W of tricks in C D H S NT; None until solved."""
    par: Par | None

    @classmethod
    def of(cls, board: Board, table: DDTable | None = None) -> HandRecord | None:
        """The board's hand record (None without a deal): its double-dummy table and par,
        or ``table`` (solved elsewhere) with par worked out from it."""
        if board.deal is None:
            return None
        if table is None or table == board.dd:
            table, found = board.dd, board.par
            if table is not None and found is None:
                found = par(table, board.vulnerability, board.dealer)
        else:
            found = par(table, board.vulnerability, board.dealer)
        return cls(board, board.deal, table, found)

    def versus(self, result: Result | None, ns_score: object) -> Versus:
        """A result (and NS's score for it) against this board's double dummy and par."""
        return Versus(versus_dd(result, self.table), versus_par(ns_score, self.par))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the deal in PBN, each seat's hand by suit (spades first), the
        double-dummy tricks by declarer and strain, and par (None until solved).

        >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
        >>> record = HandRecord.of(Board.numbered(1), t)
        >>> record is None  # no deal
        True
        """
        return {
            "board": self.board.number,
            "dealer": self.board.dealer.value,
            "vulnerability": self.board.vulnerability.value,
            "deal": str(self.deal),
            "hands": {
                seat.value: None if hand is None else list(hand.suits)
                for seat, hand in zip(Seat, self.deal.hands, strict=True)
            },
            "dd": None if self.table is None else {
                seat.value: {strain.value: row[i] for i, strain in enumerate(Strain)}
                for seat, row in zip(Seat, self.table, strict=True)
            },
            "par": None if self.par is None else {
                "score": self.par.score, "contracts": [str(c) for c in self.par.contracts],
                "text": str(self.par),
            },
        }  # fmt: skip
