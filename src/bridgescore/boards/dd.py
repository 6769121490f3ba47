"""Double-dummy tables through DDS (the ``bridgescore[dd]`` extra: endplay).

``dd_table(deal)`` gives the tricks each seat takes as declarer in each strain, with perfect
play by all four players: ``table[seat][strain]``, seats in :class:`~bridgescore.Seat` order
(N E S W) and strains in :class:`~bridgescore.Strain` order (C D H S NT), the shape
:func:`bridgescore.par` takes. ``dd_tables(deals)`` solves many deals, a chunk of
:data:`CHUNK` deals per call to DDS, which spreads each chunk over every core.

endplay is imported on the first call, never by ``import bridgescore``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, ParContract, check_table
from bridgescore.errors import NotationError
from bridgescore.model import Contract, Doubling, Seat, Strain, Vulnerability

if TYPE_CHECKING:  # pragma: no cover
    from endplay.types import Deal as EndplayDeal

__all__ = [
    "CHUNK",
    "DDTable",
    "dd_table",
    "dd_tables",
    "dds_par",
    "endplay_deal",
    "from_dds_par",
    "from_endplay",
    "lead_tricks",
    "session_tables",
    "set_threads",
]

DDTable = tuple[tuple[int, int, int, int, int], ...]
"""Four rows (N E S W) of five trick counts (C D H S NT)."""

CHUNK: Final = 40
"""Deals per call to DDS's ``CalcAllTables``: its limit with all five strains (MAXNOOFTABLES)."""

_LOCK: Final = threading.Lock()
"""DDS keeps its working memory per process: one call at a time (each spreads over the cores)."""


def set_threads(threads: int) -> None:
    """Let DDS use at most ``threads`` threads in this process (by default, one per core): one
    per Dask worker process, say, when each worker has a core of its own."""
    import endplay._dds as dds

    with _LOCK:
        dds.SetMaxThreads(threads)


# endplay's Denom order is S H D C NT; its Player order is N E S W.
_DENOMS: Final = (3, 2, 1, 0, 4)


def _check(deal: Deal | str) -> Deal:
    parsed = Deal.parse(deal) if isinstance(deal, str) else deal
    if not isinstance(parsed, Deal) or not parsed.is_complete:
        raise NotationError.coded("dd_deal_incomplete", field="deal", value=deal, deal=str(deal))
    return parsed


def endplay_deal(deal: Deal | str) -> EndplayDeal:
    """The deal as an endplay ``Deal``.

    :raises NotationError: if the deal is not complete (or not a deal).
    """
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(_check(deal).notation())


def from_endplay(table: Any) -> DDTable:
    """Our table from an endplay ``DDTable``."""
    data = table._data.resTable
    return tuple((data[3][p], data[2][p], data[1][p], data[0][p], data[4][p]) for p in range(4))


def dd_table(deal: Deal | str) -> DDTable:
    """The double-dummy table of one complete deal.

    :raises NotationError: if the deal is not complete (or not a deal).
    """
    from endplay.dds import calc_dd_table

    ours = endplay_deal(deal)
    with _LOCK:
        return from_endplay(calc_dd_table(ours))


def dd_tables(
    deals: Iterable[Deal | str], *, progress: Callable[[int], object] | None = None
) -> Iterator[DDTable]:
    """The double-dummy tables of many complete deals, in order, :data:`CHUNK` at a time.

    ``progress``, if given, is called with the number of deals solved after each chunk.

    :raises NotationError: if a deal is not complete (or not a deal).
    """
    from endplay.dds import calc_all_tables

    chunk: list[EndplayDeal] = []
    for deal in deals:
        chunk.append(endplay_deal(deal))
        if len(chunk) == CHUNK:
            with _LOCK:
                tables = [from_endplay(t) for t in calc_all_tables(chunk)]
            yield from tables
            if progress is not None:
                progress(len(chunk))
            chunk = []
    if chunk:
        with _LOCK:
            tables = [from_endplay(t) for t in calc_all_tables(chunk)]
        yield from tables
        if progress is not None:
            progress(len(chunk))


@lru_cache(maxsize=64)
def session_tables(deals: tuple[Deal, ...]) -> tuple[DDTable, ...]:
    """:func:`dd_tables` of a session's few deals, remembered (the last 64 sets asked for):
    its hand records and each pair's analysis ask for the same tables again.

    :raises NotationError: if a deal is not complete.
    """
    return tuple(dd_tables(deals))


_DDS_DENOMS: Final = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3,
                      Strain.NOTRUMP: 4}  # fmt: skip
"""endplay's ``Denom`` number of each strain."""
_BOARDS: Final = 100
"""Boards per call to DDS's ``SolveAllBoards`` (its limit is 200)."""


def lead_tricks(
    deals: Iterable[tuple[Deal | str, Strain, Seat]],
) -> Iterator[dict[str, int]]:
    """For each (deal, strain, opening leader): the tricks declarer's side takes double dummy
    after each card the leader may lead (``'SK'``, ``'H2'`` ...), by DDS's ``SolveAllBoards``
    (every card, equal ones too). The least of them is the double-dummy table's figure.

    :raises NotationError: if a deal is not complete (or not a deal).
    """
    from endplay.dds import solve_all_boards
    from endplay.types import Denom, Player

    def solve(chunk: list[EndplayDeal]) -> list[dict[str, int]]:
        with _LOCK:
            solved = [list(board) for board in solve_all_boards(chunk)]
        return [{"SHDC"[card.suit.value] + card.rank.name[1]: 13 - tricks
                 for card, tricks in board} for board in solved]  # fmt: skip

    chunk: list[EndplayDeal] = []
    for deal, strain, leader in deals:
        ours = endplay_deal(deal)
        ours.first = Player(tuple(Seat).index(leader))
        ours.trump = Denom(_DDS_DENOMS[strain])
        chunk.append(ours)
        if len(chunk) == _BOARDS:
            yield from solve(chunk)
            chunk = []
    if chunk:
        yield from solve(chunk)


# DDS's par contracts: denom 0 = notrump, 1 = spades ... 4 = clubs; seats 0-3 N E S W, 4 = N
# and S, 5 = E and W; vulnerability 0 None, 1 All, 2 NS, 3 EW.
_DDS_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DDS_SEATS: Final = ((Seat.NORTH,), (Seat.EAST,), (Seat.SOUTH,), (Seat.WEST,))
_DDS_SEATS_BOTH: Final = {4: (Seat.NORTH, Seat.SOUTH), 5: (Seat.EAST, Seat.WEST)}
DDS_VULNERABILITY: Final = {
    Vulnerability.NONE: 0,
    Vulnerability.BOTH: 1,
    Vulnerability.NS: 2,
    Vulnerability.EW: 3,
}
"""DDS's number for each vulnerability."""


def from_dds_par(
    score: int, contracts: Iterable[tuple[int, int, int, int, int]], dealer: Seat | None = None
) -> Par:
    """Our :class:`~bridgescore.boards.par.Par` from DDS's binary answer.

    ``score`` from North-South's view; each contract ``(level, denom, seats, undertricks,
    overtricks)`` as DDS's ``contractType`` holds it. A level of 0 (DDS's pass-out) is dropped.
    """
    out = []
    for level, denom, seats, under, over in contracts:
        if level == 0:
            continue
        strain = _DDS_STRAINS[denom]
        declarers = _DDS_SEATS_BOTH.get(seats) or _DDS_SEATS[seats]
        doubling = Doubling.DOUBLED if under else Doubling.UNDOUBLED
        out.append(
            ParContract(Contract(level, strain, doubling), declarers, level + 6 + over - under)
        )
    out.sort(key=lambda c: -tuple(Strain).index(c.contract.strain))
    return Par(score, tuple(out), dealer)


def dds_par(
    tricks: DDTable | list[list[int]],
    vulnerability: Vulnerability | str,
    dealer: Seat | str | None = None,
) -> Par:
    """DDS's par for a table, as :func:`bridgescore.par` gives it (to compare and time them).

    With a dealer, DDS's ``DealerParBin``; without, its ``SidesParBin`` (North-South first,
    then East-West first in :attr:`~bridgescore.boards.par.Par.ew_first`).
    """
    import endplay._dds as dds

    table = check_table(tricks)
    vul = (
        vulnerability
        if isinstance(vulnerability, Vulnerability)
        else Vulnerability.parse(vulnerability)
    )
    results = dds.ddTableResults()
    for p in range(4):
        for s in range(5):
            results.resTable[_DENOMS[s]][p] = table[p][s]

    def answer(res: Any) -> tuple[int, list[tuple[int, int, int, int, int]]]:
        cs = [
            (c.level, c.denom, c.seats, c.underTricks, c.overTricks)
            for c in res.contracts[: res.number]
        ]
        return res.score, cs

    if dealer is not None:
        seat = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
        master = dds.parResultsMaster()
        dds.DealerParBin(results, master, tuple(Seat).index(seat), DDS_VULNERABILITY[vul])
        return from_dds_par(*answer(master), seat)
    sides = (dds.parResultsMaster * 2)()
    dds.SidesParBin(results, sides, DDS_VULNERABILITY[vul])
    ns = from_dds_par(*answer(sides[0]))
    score, contracts = answer(sides[1])
    ew = from_dds_par(-score, contracts)
    return Par(ns.score, ns.contracts, None, ew)
