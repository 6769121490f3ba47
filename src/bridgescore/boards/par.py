"""Par: the result of a deal when both sides bid perfectly, from its double-dummy table.

``tricks[seat][strain]`` is the table: the tricks each seat takes as declarer, seats in
:class:`~bridgescore.Seat` order (N E S W), strains in :class:`~bridgescore.Strain` order
(C D H S NT). :func:`par` follows DDS's definition (``DealerPar``, as used by Bridgemate,
BBO and endplay), scoring every contract with :func:`bridgescore.score`:

* the side *entitled to the contract* is the one that can make the highest contract; when both
  can make the same one, the side of the first seat, from the dealer round the table, that can;
* it bids the contract that scores most (the lowest of those that score the same), unless the
  opponents can outbid it with a sacrifice that costs them less, doubled; then the par
  contracts are their cheapest sacrifices, doubled, and the par score what they cost;
* a contract the opponents cannot profitably outbid is written at the lowest level that keeps
  its score (and still shuts out a sacrifice), with overtricks: ``3NTS+1``.

Without a dealer, :func:`par` gives both sides' par as DDS's ``SidesPar`` does: the result
when North-South bid first (a dealer North or South, the better for them) in :attr:`Par.score`
and :attr:`Par.contracts`, and when East-West bid first in :attr:`Par.ew_first`. The two
differ only when both sides can make the same contract.

>>> table = [(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)]
>>> p = par(table, "None", dealer=Seat.NORTH)
>>> p.score, [str(c) for c in p.contracts]
(300, ['5CXEW-2'])
>>> str(par(table, "EW", dealer=Seat.NORTH))
'NS 420: 4HNS'

**Notation** of a par contract: level, strain, ``X`` when doubled (every sacrifice), the
declarer (``N`` ``E`` ``S`` ``W``, or ``NS`` / ``EW`` when either player of the side can
declare it), then ``+n`` for overtricks or ``-n`` for undertricks: ``4HN``, ``3NTNS+1``,
``5DXE-2``, ``5CXEW-2``. A deal no one can make anything on is ``pass`` (score 0).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from bridgescore.errors import InvalidResultError, NotationError
from bridgescore.model import Contract, Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.scoring import score

__all__ = ["AFFORDABLE", "MADE_VALUES", "Par", "ParContract", "check_table", "par", "penalty"]

_STRAINS: Final = tuple(Strain)
_SEATS: Final = tuple(Seat)
_SIDE_SEATS: Final = ((0, 2), (1, 3))
_NO_SACRIFICE: Final = 99
_PAR_CONTRACT: Final = re.compile(
    r"(?P<level>[1-7])(?P<strain>NT|[CDHS])(?P<doubling>XX|X)?(?P<seats>NS|EW|[NESW])"
    r"(?P<offset>[+-](?:1[0-3]|[1-9]))?",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: ``4HN``, ``3NTNS+1``, ``5DXE-2`` (see the module's notation)."""

    contract: Contract
    """Level, strain and doubling (doubled for a sacrifice)."""
    declarers: tuple[Seat, ...]
    """The seat, or both seats of the side, that can declare it for the par score."""
    tricks: int
    """The tricks declarer takes."""

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarers[0].side

    @property
    def offset(self) -> int:
        """Overtricks (positive) or undertricks (negative), 0 when made exactly."""
        return self.tricks - 6 - self.contract.level

    def __str__(self) -> str:
        seats = "".join(s.value for s in self.declarers)
        offset = f"{self.offset:+d}" if self.offset else ""
        return f"{self.contract}{seats}{offset}"

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """Read a par contract as :func:`str` writes it (any case, blanks around it).

        >>> ParContract.parse("5cxew-2"), str(ParContract.parse("3NTNS+1"))
        (ParContract(contract=Contract.parse('5CX'), declarers=(Seat.EAST, Seat.WEST), \
tricks=9), '3NTNS+1')

        :raises NotationError: (field ``par``) for anything else, or tricks past 13.
        """
        m = _PAR_CONTRACT.fullmatch(text.strip().upper()) if isinstance(text, str) else None
        if m is None:
            raise NotationError.coded("par_notation", field="par", value=text, text=text)
        level = int(m["level"])
        tricks = level + 6 + int(m["offset"] or 0)
        if not 0 <= tricks <= 13:
            raise NotationError.coded(
                "par_tricks", field="par", value=text, text=text, tricks=tricks
            )
        doubling = Doubling(m["doubling"] or "")
        seats = tuple(Seat(c) for c in m["seats"])
        return cls(Contract(level, Strain(m["strain"]), doubling), seats, tricks)


@dataclass(frozen=True, slots=True)
class Par:
    """The par score and contracts of a deal."""

    score: int
    """The par score from North-South's view."""
    contracts: tuple[ParContract, ...]
    """Every par contract, by strain (notrump first, as DDS lists them); empty when passed out."""
    dealer: Seat | None = None
    """The dealer it was worked out for; None for both sides' par."""
    ew_first: Par | None = None
    """Without a dealer, the par when East-West bid first (``score`` and ``contracts`` are the
    par when North-South do); None with a dealer."""

    def __str__(self) -> str:
        if not self.contracts:
            return "pass"
        side = "NS" if self.score >= 0 else "EW"
        return f"{side} {abs(self.score)}: " + " ".join(str(c) for c in self.contracts)


def _rank(level: int, strain: int) -> int:
    """1 for 1C ... 35 for 7NT (may be 0 or negative for a 'level' below 1)."""
    return 5 * (level - 1) + strain + 1


@lru_cache(maxsize=4096)
def _made(level: int, strain: int, vulnerable: bool) -> int:
    return score(Contract(level, _STRAINS[strain]), level + 6, vulnerable=vulnerable).total


@lru_cache(maxsize=256)
def penalty(down: int, vulnerable: bool) -> int:
    """What ``down`` doubled undertricks cost (a positive number)."""
    if down <= 0:
        return 0
    return -score(
        Contract(7, Strain.NOTRUMP, Doubling.DOUBLED), 13 - down, vulnerable=vulnerable
    ).total


@lru_cache(maxsize=1024)
def _affordable(level: int, strain: int, declarer_vul: bool, defender_vul: bool) -> int:
    """The most undertricks doubled that cost less than the contract scores."""
    made = _made(level, strain, declarer_vul)
    down = 0
    while down < 13 and penalty(down + 1, defender_vul) < made:
        down += 1
    return down


def _floor(level: int, strain: int) -> int:
    """The lowest level of the strain that scores the same bonus as ``level``."""
    game = (5, 5, 4, 4, 3)[strain]
    if level >= 6:
        return level
    return game if level >= game else 1


_VUL_SIDES: Final = {v: (v.is_vulnerable(Side.NS), v.is_vulnerable(Side.EW)) for v in Vulnerability}
# By tricks 0-13 in each strain: the rank of the highest contract they make (1 for 1C ... 35 for
# 7NT; 0 or less when they make none), what it scores, and the undertricks (doubled) worth
# taking to outbid it, by the declarer's and the defenders' vulnerability.
_RANKS: Final = tuple(tuple(5 * (t - 7) + s + 1 for t in range(14)) for s in range(5))
MADE_VALUES: Final = {
    vul: tuple(tuple(_made(t - 6, s, vul) if t >= 7 else 0 for t in range(14)) for s in range(5))
    for vul in (False, True)
}
AFFORDABLE: Final = {
    (dv, fv): tuple(
        tuple(_affordable(t - 6, s, dv, fv) if t >= 7 else 0 for t in range(14)) for s in range(5)
    )
    for dv in (False, True)
    for fv in (False, True)
}


def check_table(tricks: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The double-dummy table as a tuple of rows, checked: 4 rows (N E S W) of 5 trick counts
    (C D H S NT), each a whole number from 0 to 13.

    >>> check_table([[7] * 5] * 4)[0]
    (7, 7, 7, 7, 7)

    :raises InvalidResultError: for anything else, naming the table.
    """
    rows = tuple(tuple(row) for row in tricks)
    if (
        len(rows) == 4
        and all(len(r) == 5 for r in rows)
        and {t.__class__ for r in rows for t in r} == {int}
        and min(min(r) for r in rows) >= 0
        and max(max(r) for r in rows) <= 13
    ):
        return rows
    if len(rows) != 4 or any(len(r) != 5 for r in rows):
        raise InvalidResultError.coded(
            "dd_table_shape", field="tricks", value=tricks, tricks=tricks
        )
    for row in rows:
        for t in row:
            if t.__class__ is not int or not 0 <= t <= 13:
                raise InvalidResultError.coded("dd_tricks", field="tricks", value=tricks, got=t)
    return rows


def par(
    tricks: Sequence[Sequence[int]],
    vulnerability: Vulnerability | str,
    dealer: Seat | str | None = None,
) -> Par:
    """The par score and contracts of a deal from its double-dummy table.

    ``tricks[seat][strain]``: seats N E S W, strains C D H S NT. See the module for the rules
    and the notation.

    :raises InvalidResultError: if ``tricks`` is not 4 rows of 5 numbers from 0 to 13.
    :raises NotationError: for an unknown vulnerability or dealer.
    """
    table = check_table(tricks)
    vul = (
        vulnerability
        if isinstance(vulnerability, Vulnerability)
        else Vulnerability.parse(vulnerability)
    )
    if dealer is not None:
        seat = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
        return _dealer_par(table, vul, _SEATS.index(seat))
    ns = _first_par(table, vul, Side.NS)
    ew = _first_par(table, vul, Side.EW)
    return Par(ns.score, ns.contracts, None, Par(ew.score, ew.contracts))


def _first_par(table: tuple[tuple[int, ...], ...], vul: Vulnerability, side: Side) -> Par:
    """The par when ``side`` bids first: the better for it of its two players dealing."""
    one, two = (_dealer_par(table, vul, d) for d in ((0, 2) if side is Side.NS else (1, 3)))
    sign = 1 if side is Side.NS else -1
    return two if sign * two.score > sign * one.score else one


def _dealer_par(table: tuple[tuple[int, ...], ...], vul: Vulnerability, dealer: int) -> Par:
    side_vul = _VUL_SIDES[vul]
    # Each side's tricks in each strain (the better of its two seats), the rank of the
    # highest contract that makes, and what that contract scores.
    tn, te, ts, tw = table
    best = (
        [tn[0] if tn[0] > ts[0] else ts[0], tn[1] if tn[1] > ts[1] else ts[1],
         tn[2] if tn[2] > ts[2] else ts[2], tn[3] if tn[3] > ts[3] else ts[3],
         tn[4] if tn[4] > ts[4] else ts[4]],
        [te[0] if te[0] > tw[0] else tw[0], te[1] if te[1] > tw[1] else tw[1],
         te[2] if te[2] > tw[2] else tw[2], te[3] if te[3] > tw[3] else tw[3],
         te[4] if te[4] > tw[4] else tw[4]],
    )  # fmt: skip
    rank = [[_RANKS[s][b[s]] for s in range(5)] for b in best]
    value = [
        [MADE_VALUES[side_vul[0]][s][best[0][s]] for s in range(5)],
        [MADE_VALUES[side_vul[1]][s][best[1][s]] for s in range(5)],
    ]
    highest = [max(0, *r) for r in rank]
    if highest[0] == highest[1] == 0:
        return Par(0, (), _SEATS[dealer])
    if highest[0] != highest[1]:
        side = 0 if highest[0] > highest[1] else 1
    else:  # the same contract: the first seat from the dealer that makes it bids it first
        s = (highest[0] - 1) % 5
        first = next(p % 4 for p in range(dealer, dealer + 4) if table[p % 4][s] == best[0][s])
        side = first % 2
    other = 1 - side
    top = max(value[side])
    dearest = min(rank[side][s] for s in range(5) if best[side][s] >= 7 and value[side][s] == top)
    ranks = rank[side]
    candidates = [
        s for s in sorted(range(5), key=ranks.__getitem__, reverse=True) if ranks[s] >= dearest
    ]
    order = [p % 4 for p in range(dealer, dealer + 4)]

    def sacrifices(strain: int) -> list[int]:
        """Undertricks the opponents go to outbid the side's contract in ``strain``, per strain."""
        no = rank[side][strain]
        need = best[side][strain]
        downs = []
        for e in range(5):
            if e != strain:
                down = -(-(no - rank[other][e]) // 5) if no > rank[other][e] else 0
            else:
                down, ahead = _NO_SACRIFICE, 0
                for p in order:
                    if p % 2 == side:
                        ahead |= table[p][e] == need
                    else:
                        down = min(down, need - table[p][e] + ahead)
            if rank[other][e] + 5 * down > 35:
                down = _NO_SACRIFICE
            downs.append(down)
        return downs

    best_plus, best_down = 0, 0
    sacrificed: tuple[int, list[int]] | None = None  # the first contract worth a sacrifice
    makes: list[tuple[int, int]] = []  # (strain, how many levels lower it may be bid)
    for s in candidates:
        downs = sacrifices(s)
        down = min(downs)
        target = AFFORDABLE[side_vul[side], side_vul[other]][s][best[side][s]]
        if down <= target:
            best_down = max(best_down, down)
            if sacrificed is None:
                sacrificed = (s, downs)
        else:
            best_plus = max(best_plus, value[side][s])
            makes.append((s, target - down))
    sign = 1 if side == 0 else -1
    contracts: list[ParContract] = []
    if sacrificed is None or best_plus > penalty(best_down, side_vul[other]):
        for s, gap in makes:
            if value[side][s] != best_plus:
                continue
            level = best[side][s] - 6
            if gap < -1:
                level = max(level + gap + 1, _floor(level, s))
            contracts.append(_contract(table, side, level, s, best[side][s], False))
        return Par(sign * best_plus, _by_strain(contracts), _SEATS[dealer])
    s, downs = sacrificed
    if min(downs) == best_down:
        for e, down in enumerate(downs):
            if down != best_down:
                continue
            if e != s:
                level = best[other][e] - 6 + best_down
                contracts.append(_contract(table, other, level, e, best[other][e], True))
                continue
            contracts += _same_strain(table, side, order, s, best[side][s], best_down)
    return Par(sign * penalty(best_down, side_vul[other]), _by_strain(contracts), _SEATS[dealer])


def _same_strain(
    table: tuple[tuple[int, ...], ...], side: int, order: list[int], s: int, need: int, down: int
) -> list[ParContract]:
    """The sacrifices in the side's own strain: the opponent who bids it lowest."""
    ahead = 0
    hits: list[tuple[int, int]] = []  # (level, seat)
    for p in order:
        if p % 2 == side:
            ahead |= table[p][s] == need
        elif need - table[p][s] + ahead == down:
            hits.append((need - 6 + ahead, p))
    if len(hits) == 2 and hits[0][0] == hits[1][0]:
        return [_contract(table, 1 - side, hits[0][0], s, need - down, True)]
    level, seat = min(hits)
    return [ParContract(_CONTRACTS[level, s, True], (_SEATS[seat],), level + 6 - down)]


def _contract(
    table: tuple[tuple[int, ...], ...], side: int, level: int, s: int, best: int, doubled: bool
) -> ParContract:
    """The side's contract, declared by each of its seats that takes the most tricks in it."""
    a, b = _SIDE_SEATS[side]
    ta, tb = table[a][s], table[b][s]
    seats = _SEAT_PAIRS[side] if ta == tb else (_SEATS[a],) if ta > tb else (_SEATS[b],)
    return ParContract(_CONTRACTS[level, s, doubled], seats, best)


_SEAT_PAIRS: Final = ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_CONTRACTS: Final = {
    (level, s, doubled): Contract(
        level, _STRAINS[s], Doubling.DOUBLED if doubled else Doubling.UNDOUBLED
    )
    for level in range(1, 8)
    for s in range(5)
    for doubled in (False, True)
}
_STRAIN_ORDER: Final = {strain: -i for i, strain in enumerate(_STRAINS)}


def _by_strain(contracts: list[ParContract]) -> tuple[ParContract, ...]:
    if len(contracts) < 2:
        return tuple(contracts)
    return tuple(sorted(contracts, key=lambda c: _STRAIN_ORDER[c.contract.strain]))
