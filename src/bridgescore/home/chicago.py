"""Chicago, or four-deal bridge (SCORING.md §4).

Deals go round in sets of four: the first with neither side vulnerable, the second and third
with the dealer's side vulnerable (the dealer's opponents if ``switched``, as on duplicate
boards 2 and 3), the fourth with both. A passed-out deal is redealt by the same dealer and does
not count as one of the four.

The ``default`` rules score every deal exactly as duplicate does (the source documents), the
50 part-score premium included, with nothing carried from deal to deal. The ``acbl`` preset is
the ACBL's four-deal bridge: no part-score premium, part scores carry toward game within the set,
and 100 for a part score on the fourth deal that does not complete a game.

>>> c = Chicago().record("2S", "N", 9).record("3NT", "E", 9).record("4HX", "S", 9)
>>> c = c.record("2H", "N", 8)
>>> c.totals, c.next_dealer, c.next_vulnerability
({Side.NS: 250, Side.EW: 800}, Seat.NORTH, Vulnerability.NONE)
>>> Chicago("acbl", deals=c.deals).totals
{Side.NS: 250, Side.EW: 800}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

from bridgescore.errors import NotationError, for_field
from bridgescore.home import game as homegame
from bridgescore.home.game import Honors, Played
from bridgescore.model import PASS_OUT, Contract, PassOut, Result, Seat, Side, Vulnerability
from bridgescore.scoring import PartName, honors_label

__all__ = [
    "CHICAGO_PRESETS",
    "Chicago",
    "ChicagoDeal",
    "ChicagoEntry",
    "ChicagoRow",
    "ChicagoRules",
    "chicago_vulnerability",
]

Style = Literal["duplicate", "acbl"]
ChicagoHonors = Honors[Side] | None
"""An honors claim in a Chicago, ``{"NS": 100}``, or None."""


@dataclass(frozen=True, slots=True)
class ChicagoRules(homegame.HomeRules):
    """How a Chicago is scored: a preset by name, with options changed if need be.

    >>> str(ChicagoRules.preset("acbl", switched=True))
    'acbl, switched'
    """

    style: Style = "duplicate"
    """``'duplicate'``: every deal scored as a duplicate board; ``'acbl'``: part scores carry
    within the set of four, no 50 premium, 100 for an incomplete fourth-deal part score."""
    switched: bool = False
    """Deals 2 and 3: the dealer's opponents are vulnerable, not the dealer's side."""

    _NOUN = "Chicago"
    _CHOICES = MappingProxyType({"style": ("Chicago style", ("duplicate", "acbl"))})
    _LABELS = MappingProxyType(
        {
            "style": lambda style: f"{style} scoring",
            "switched": lambda on: "switched" if on else "dealer's side vulnerable",
        }
    )


CHICAGO_PRESETS: Final[Mapping[str, ChicagoRules]] = {
    "default": ChicagoRules("default", "duplicate"),
    "acbl": ChicagoRules("acbl", "acbl"),
}
"""The rule sets of SCORING.md §10 (V7-V10): ``default`` scores each deal as duplicate (the
source documents), ``acbl`` is the ACBL's published four-deal bridge."""
ChicagoRules._PRESETS = CHICAGO_PRESETS


def chicago_vulnerability(number: int, dealer: Seat, *, switched: bool = False) -> Vulnerability:
    """The vulnerability of the ``number``-th deal played (counting from 1), ACBL rule C-1.

    >>> [chicago_vulnerability(n, d).value for n, d in zip(range(1, 6), "NESWN")]
    ['None', 'EW', 'NS', 'All', 'None']
    >>> chicago_vulnerability(2, Seat.EAST, switched=True).value
    'NS'
    """
    position = (number - 1) % 4
    if position == 0:
        return Vulnerability.NONE
    if position == 3:
        return Vulnerability.BOTH
    side = Seat(dealer).side
    return Vulnerability((side.opponents if switched else side).value)


@dataclass(frozen=True, slots=True)
class ChicagoDeal(homegame.HomeDeal[Side]):
    """One deal as entered: the contract (:data:`~bridgescore.PASS_OUT` if redealt: it does not
    count), the declarer's seat (None for a pass-out), the tricks declarer's side took, and, if
    honors are scored, the side that held them and their 100 or 150 (0 if nobody claimed any)."""

    _BY_OR_DECLARER, _BY_OR_DECLARER_TYPE, _SIDE_TYPE = "declarer", Seat, Side
    _NEEDS, _TEXT = "a declarer: N, E, S or W", "result"

    contract: Contract | PassOut
    declarer: Seat | None
    tricks: int
    honors_by: Side | None = None
    honors: int = 0

    @classmethod
    def make(
        cls,
        contract: Played,
        declarer: Seat | str | None,
        tricks: int,
        *,
        honors: ChicagoHonors = None,
    ) -> ChicagoDeal:
        """Build a deal from notation: ``ChicagoDeal.make("4H", "S", 10, honors={"NS": 100})``.

        :raises NotationError: for a bad contract, seat or side.
        :raises InvalidResultError: for impossible tricks or honors.
        """
        return cls._make(contract, declarer, tricks, honors)

    @classmethod
    def parse(cls, text: str, *, honors: ChicagoHonors = None) -> ChicagoDeal:
        """Read a deal: a result (``4HXS-2``, ``3NT N =``) or a contract, declarer and tricks.

        >>> [str(ChicagoDeal.parse(t).result) for t in ("4H S 10", "4HX by E -2", "3NTN=")]
        ['4HS=', '4HXE-2', '3NTN=']

        :raises NotationError: if the text is not a deal.
        :raises InvalidResultError: for an impossible outcome.
        """
        words = text.split() if isinstance(text, str) else []
        result = Result.parse(" ".join(w for w in words if w.lower() != "by"))
        if result.declarer is None and not result.is_pass_out:
            raise NotationError.coded("chicago_deal_declarer", field="deal", value=text,
                                      got=repr(text))  # fmt: skip
        return cls.make(result.contract, result.declarer, result.tricks, honors=honors)

    def __str__(self) -> str:
        return str(self.result)


ChicagoKind = Literal[PartName, "honors", "fourth_deal_premium"]


@dataclass(frozen=True, slots=True)
class ChicagoEntry:
    """One score written on the sheet: points to one side, for one reason."""

    deal: int
    """The deal (counting from 1, pass-outs included) that scored it."""
    side: Side
    """The side that scores it."""
    points: int
    """The points, always positive."""
    kind: ChicagoKind
    """What it is for."""
    label: str
    """How a player would explain it."""


@dataclass(frozen=True, slots=True)
class ChicagoRow:
    """One deal on the sheet: who dealt, who was vulnerable, the result and the running totals."""

    deal: int
    """The deal, counting from 1, pass-outs included."""
    number: int | None
    """The deal's place in play counting only deals that count (1, 2, 3...); None if redealt."""
    dealer: Seat
    """The dealer."""
    vulnerability: Vulnerability
    """The vulnerability of the deal."""
    result: Result
    """What happened."""
    ns: int
    """Points NS scored on this deal."""
    ew: int
    """Points EW scored on this deal."""
    ns_total: int
    """NS's running total."""
    ew_total: int
    """EW's running total."""

    @property
    def set(self) -> int | None:
        """Which set of four the deal belongs to (from 1); None if redealt."""
        return None if self.number is None else (self.number - 1) // 4 + 1


def _entries(
    rules: ChicagoRules,
    n: int,
    deal: ChicagoDeal,
    vulnerability: Vulnerability,
    position: int,
    legs: dict[Side, int],
) -> list[ChicagoEntry]:
    """The entries of one deal; updates ``legs`` (the ACBL style's part scores toward game)."""
    entries = []
    if deal.declarer is not None:
        side = deal.declarer.side
        vulnerable = vulnerability.is_vulnerable(side)
        vul = "vulnerable" if vulnerable else "not vulnerable"
        for mine, points, name, part in homegame.written_parts(
            deal.contract,
            deal.tricks,
            vulnerable=vulnerable,
            undertrick_rule=rules.undertrick_rule,
            premiums=rules.style == "duplicate",
        ):
            to = side if mine else side.opponents
            entries.append(ChicagoEntry(n, to, points, name, part.label))  # type: ignore[arg-type]
        if rules.style == "acbl" and deal.made:
            assert isinstance(deal.contract, Contract)
            legs[side] += deal.contract.trick_points
            if legs[side] >= 100:  # C-4: a game, made at once or by adding part scores
                how = "" if deal.contract.is_game else " (completed with earlier part scores)"
                points = 500 if vulnerable else 300
                entries.append(ChicagoEntry(n, side, points, "game", f"Game premium, {vul}{how}"))
                legs[Side.NS] = legs[Side.EW] = 0
            elif position == 3:  # C-5
                entries.append(
                    ChicagoEntry(n, side, 100, "fourth_deal_premium",
                                 "Part score on the fourth deal")
                )  # fmt: skip
    if deal.honors_by is not None:
        label = honors_label(deal.contract, deal.honors)
        entries.append(ChicagoEntry(n, deal.honors_by, deal.honors, "honors", label))
    return entries


class Chicago(homegame.HomeGame[ChicagoDeal, ChicagoRules, ChicagoEntry, Side]):
    """A Chicago game: its rules, first dealer and deals, and the sheet derived from them.

    Immutable: :meth:`record`, :meth:`undo` and :meth:`replace` return a new game.
    """

    __slots__ = ("_first_dealer", "_rows")
    _NOUN = "game"
    _SIDES = Side

    def __init__(
        self,
        rules: ChicagoRules | str = "default",
        first_dealer: Seat | str = Seat.NORTH,
        deals: Iterable[ChicagoDeal] = (),
        **options: object,
    ) -> None:
        """Start or rebuild a game.

        ``options`` change the rules' options: ``Chicago("acbl", "E", switched=True)``.

        :raises RulesError: for an unknown preset or option, or honors where the rules have none.
        :raises NotationError: for a bad first dealer.
        """
        with for_field("first_dealer", first_dealer):
            self._first_dealer = (
                first_dealer if isinstance(first_dealer, Seat) else Seat.parse(first_dealer)
            )
        super().__init__(ChicagoRules.of(rules, **options), deals)

    def _replay(self) -> tuple[ChicagoEntry, ...]:
        rules = self._rules
        entries: list[ChicagoEntry] = []
        rows: list[ChicagoRow] = []
        legs = {Side.NS: 0, Side.EW: 0}
        totals = {Side.NS: 0, Side.EW: 0}
        played = 0
        for n, deal in enumerate(self._deals, 1):
            dealer = self._first_dealer.next(played)
            vulnerability = chicago_vulnerability(played + 1, dealer, switched=rules.switched)
            new = _entries(rules, n, deal, vulnerability, played % 4, legs)
            entries.extend(new)
            points = {side: sum(e.points for e in new if e.side is side) for side in Side}
            for side in Side:
                totals[side] += points[side]
            number = None
            if deal.contract is not PASS_OUT:
                played += 1
                number = played
                if played % 4 == 0:  # A6: part scores do not carry into the next set
                    legs = {Side.NS: 0, Side.EW: 0}
            rows.append(
                ChicagoRow(n, number, dealer, vulnerability, deal.result, points[Side.NS],
                           points[Side.EW], totals[Side.NS], totals[Side.EW])
            )  # fmt: skip
        self._rows = tuple(rows)
        return tuple(entries)

    def _rebuild(self, deals: tuple[ChicagoDeal, ...], *, ended: bool = False) -> Chicago:
        return Chicago(self._rules, self._first_dealer, deals)

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the first deal."""
        return self._first_dealer

    @property
    def played(self) -> int:
        """How many deals counted (pass-outs do not)."""
        return sum(1 for d in self._deals if d.contract is not PASS_OUT)

    @property
    def rows(self) -> tuple[ChicagoRow, ...]:
        """One row per deal, with running totals."""
        return self._rows

    @property
    def sets_completed(self) -> int:
        """How many sets of four deals are complete."""
        return self.played // 4

    @property
    def next_number(self) -> int:
        """The place of the next deal in its set of four: 1 to 4."""
        return self.played % 4 + 1

    @property
    def next_dealer(self) -> Seat:
        """Who deals next (the same dealer again after a pass-out)."""
        return self._first_dealer.next(self.played)

    @property
    def next_vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal."""
        return chicago_vulnerability(
            self.played + 1, self.next_dealer, switched=self._rules.switched
        )

    @property
    def leader(self) -> Side | None:
        """The side ahead on points; None on a tie."""
        return self._ahead()

    record = homegame.Recorder(
        ChicagoDeal.make,
        """The game with one more deal: ``record(contract, declarer, tricks, *, honors=None)``.

        The arguments are :meth:`ChicagoDeal.make`'s: ``c.record("4H", "S", 10)``.

        :raises NotationError: for a bad contract, seat or side.
        :raises InvalidResultError: for impossible tricks or honors.
        :raises RulesError: for honors when the rules do not score them.
        """,
    )
    replace = homegame.Replacer(
        ChicagoDeal.make,
        """The game with deal ``deal_no`` (counting from 1) changed; later deals are rescored.

        ``replace(deal_no, contract, declarer, tricks, *, honors=None)``: as for :meth:`record`.

        :raises GameStateError: if there is no such deal.
        """,
    )

    def to_dict(self) -> dict[str, object]:
        """The game as JSON-ready data: rules, deals, rows, entries, totals and the next deal."""
        leader = self.leader
        return {
            **super().to_dict(),
            "first_dealer": self._first_dealer.value,
            "rows": [
                {
                    "deal": r.deal,
                    "number": r.number,
                    "set": r.set,
                    "dealer": r.dealer.value,
                    "vulnerability": r.vulnerability.value,
                    "result": str(r.result),
                    "NS": r.ns,
                    "EW": r.ew,
                    "NS_total": r.ns_total,
                    "EW_total": r.ew_total,
                }
                for r in self._rows
            ],
            "played": self.played,
            "next": {
                "number": self.next_number,
                "dealer": self.next_dealer.value,
                "vulnerability": self.next_vulnerability.value,
            },
            "leader": leader.value if leader else None,
        }

    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self._first_dealer)

    def _summary(self, scores: str) -> str:
        return f"{self.played} deals, {scores}"
