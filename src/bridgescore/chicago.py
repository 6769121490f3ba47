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
from dataclasses import dataclass, replace
from typing import Final, Literal

from bridgescore.errors import GameStateError, InvalidResultError, NotationError, RulesError
from bridgescore.model import (
    PASS_OUT,
    Contract,
    PassOut,
    Result,
    Seat,
    Side,
    Vulnerability,
    parse_contract,
)
from bridgescore.rubber import read_honors
from bridgescore.scoring import (
    UndertrickRule,
    check_honors,
    check_undertrick_rule,
    honors_label,
    score,
)

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
Honors = Mapping[Side, int] | Mapping[str, int] | Mapping[Side | str, int]
"""An honors claim: the side that held them and 100 or 150, ``{"NS": 100}``."""


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    """How a Chicago is scored. Use a preset by name: ``ChicagoRules.preset('acbl')``."""

    name: str = "default"
    """The preset these rules start from."""
    style: Style = "duplicate"
    """``'duplicate'``: every deal scored as a duplicate board; ``'acbl'``: part scores carry
    within the set of four, no 50 premium, 100 for an incomplete fourth-deal part score."""
    switched: bool = False
    """Deals 2 and 3: the dealer's opponents are vulnerable, not the dealer's side."""
    honors: bool = False
    """Whether honors are scored."""
    undertrick_rule: UndertrickRule = "modern"
    """The undertrick table."""

    def __post_init__(self) -> None:
        if self.style not in ("duplicate", "acbl"):
            raise RulesError(
                f"unknown Chicago style: {self.style!r}; expected 'duplicate' or 'acbl'"
            )
        check_undertrick_rule(self.undertrick_rule)

    @classmethod
    def preset(cls, name: str) -> ChicagoRules:
        """A named preset from :data:`CHICAGO_PRESETS`.

        :raises RulesError: for an unknown name.
        """
        rules = CHICAGO_PRESETS.get(name)
        if rules is None:
            raise RulesError(
                f"unknown Chicago rules: {name!r}; expected one of {', '.join(CHICAGO_PRESETS)}"
            )
        return rules

    @classmethod
    def of(cls, rules: ChicagoRules | str) -> ChicagoRules:
        """Accept a rules object or a preset name."""
        return rules if isinstance(rules, ChicagoRules) else cls.preset(rules)

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "style": self.style,
            "switched": self.switched,
            "honors": self.honors,
            "undertrick_rule": self.undertrick_rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ChicagoRules:
        """Rules from :meth:`to_dict`'s data; missing keys keep the preset's values.

        :raises RulesError: for unknown names or values.
        """
        base = cls.preset(str(data.get("name", "default")))
        return replace(
            base,
            style=data.get("style", base.style),  # type: ignore[arg-type]
            switched=bool(data.get("switched", base.switched)),
            honors=bool(data.get("honors", base.honors)),
            undertrick_rule=data.get("undertrick_rule", base.undertrick_rule),  # type: ignore[arg-type]
        )

    def __str__(self) -> str:
        """The preset's name and any option that differs from it: ``'acbl, switched'``."""
        base = CHICAGO_PRESETS.get(self.name)
        extras = []
        if base is None or self.style != base.style:
            extras.append(f"{self.style} scoring")
        if base is None or self.switched != base.switched:
            extras.append("switched" if self.switched else "dealer's side vulnerable")
        if base is None or self.honors != base.honors:
            extras.append("honors on" if self.honors else "honors off")
        if base is None or self.undertrick_rule != base.undertrick_rule:
            extras.append(f"{self.undertrick_rule} undertricks")
        return ", ".join([self.name, *extras])


CHICAGO_PRESETS: Final[Mapping[str, ChicagoRules]] = {
    "default": ChicagoRules("default", "duplicate"),
    "acbl": ChicagoRules("acbl", "acbl"),
}
"""The rule sets of SCORING.md §10 (V7-V10): ``default`` scores each deal as duplicate (the
source documents), ``acbl`` is the ACBL's published four-deal bridge."""


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
class ChicagoDeal:
    """One deal as entered: contract, declarer, tricks, and honors if scored."""

    contract: Contract | PassOut
    """The contract, or :data:`~bridgescore.PASS_OUT` (redealt: it does not count)."""
    declarer: Seat | None
    """Declarer's seat; None for a pass-out."""
    tricks: int
    """Tricks taken by declarer's side (0 for a pass-out)."""
    honors_by: Side | None = None
    """The side that held honors."""
    honors: int = 0
    """100 or 150; 0 if nobody claimed honors."""

    def __post_init__(self) -> None:
        Result(self.contract, self.declarer, self.tricks)  # checks contract, seat and tricks
        if self.declarer is None and self.contract is not PASS_OUT:
            raise InvalidResultError(f"{self.contract} needs a declarer: N, E, S or W")
        if (self.honors_by is None) != (self.honors == 0):
            raise InvalidResultError("honors need both the side that held them and their points")
        if self.honors:
            check_honors(self.contract, self.honors)

    @property
    def result(self) -> Result:
        """The deal as a :class:`~bridgescore.Result`."""
        return Result(self.contract, self.declarer, self.tricks)

    @classmethod
    def make(
        cls,
        contract: Contract | PassOut | str,
        declarer: Seat | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> ChicagoDeal:
        """Build a deal from notation: ``ChicagoDeal.make("4H", "S", 10, honors={"NS": 100})``.

        :raises NotationError: for a bad contract, seat or side.
        :raises InvalidResultError: for impossible tricks or honors.
        """
        if isinstance(contract, str):
            contract = parse_contract(contract)
        seat = None
        if contract is not PASS_OUT:
            seat = declarer if isinstance(declarer, Seat) else Seat.parse(declarer or "")
        honors_by, points = read_honors(honors, _side)
        return cls(contract, seat, tricks, honors_by, points)

    @classmethod
    def parse(cls, text: str, *, honors: Honors | None = None) -> ChicagoDeal:
        """Read a deal: a result (``4HXS-2``, ``3NT N =``) or a contract, declarer and tricks.

        >>> [str(ChicagoDeal.parse(t).result) for t in ("4H S 10", "4HX by E -2", "3NTN=")]
        ['4HS=', '4HXE-2', '3NTN=']

        :raises NotationError: if the text is not a deal.
        :raises InvalidResultError: for an impossible outcome.
        """
        words = text.split() if isinstance(text, str) else []
        result = Result.parse(" ".join(w for w in words if w.lower() != "by"))
        if result.declarer is None and not result.is_pass_out:
            raise NotationError(
                f"invalid deal: {text!r} has no declarer; expected e.g. '4H S 10', "
                "'4HX by E -2', '3NTN=' or 'Pass'"
            )
        return cls.make(result.contract, result.declarer, result.tricks, honors=honors)

    def __str__(self) -> str:
        return str(self.result)


def _side(side: Side | str) -> Side:
    return side if isinstance(side, Side) else Side.parse(side)


ChicagoKind = Literal[
    "trick_points",
    "overtricks",
    "game",
    "part_score",
    "slam",
    "insult",
    "undertricks",
    "honors",
    "fourth_deal_premium",
]


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
        s = score(
            deal.contract, deal.tricks, vulnerable=vulnerable, undertrick_rule=rules.undertrick_rule
        )
        vul = "vulnerable" if vulnerable else "not vulnerable"
        for part in s.parts:
            if part.name == "undertricks":
                entries.append(
                    ChicagoEntry(n, side.opponents, -part.points, "undertricks", part.label)
                )
            elif rules.style == "duplicate" or part.name not in ("game", "part_score"):
                entries.append(ChicagoEntry(n, side, part.points, part.name, part.label))  # type: ignore[arg-type]
        if rules.style == "acbl" and s.made:
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


class Chicago:
    """A Chicago game: its rules, first dealer and deals, and the sheet derived from them.

    Immutable: :meth:`record`, :meth:`undo` and :meth:`replace` return a new game.
    """

    __slots__ = ("_deals", "_entries", "_first_dealer", "_rows", "_rules")

    def __init__(
        self,
        rules: ChicagoRules | str = "default",
        first_dealer: Seat | str = Seat.NORTH,
        switched: bool | None = None,
        honors: bool | None = None,
        deals: Iterable[ChicagoDeal] = (),
    ) -> None:
        """Start or rebuild a game; ``switched`` and ``honors`` override the preset's.

        :raises RulesError: for an unknown preset, or honors where the rules have none.
        :raises NotationError: for a bad first dealer.
        """
        base = ChicagoRules.of(rules)
        self._rules = replace(
            base,
            switched=base.switched if switched is None else switched,
            honors=base.honors if honors is None else honors,
        )
        self._first_dealer = (
            first_dealer if isinstance(first_dealer, Seat) else Seat.parse(first_dealer)
        )
        self._deals = tuple(deals)
        self._entries: tuple[ChicagoEntry, ...] = ()
        self._rows: tuple[ChicagoRow, ...] = ()
        self._replay()

    def _replay(self) -> None:
        rules = self._rules
        entries: list[ChicagoEntry] = []
        rows: list[ChicagoRow] = []
        legs = {Side.NS: 0, Side.EW: 0}
        totals = {Side.NS: 0, Side.EW: 0}
        played = 0
        for n, deal in enumerate(self._deals, 1):
            if deal.honors and not rules.honors:
                raise RulesError(
                    f"deal {n} claims honors, but these rules do not score them: {rules}"
                )
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
        self._entries = tuple(entries)
        self._rows = tuple(rows)

    @property
    def rules(self) -> ChicagoRules:
        """The rules that produced every score of this game."""
        return self._rules

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the first deal."""
        return self._first_dealer

    @property
    def deals(self) -> tuple[ChicagoDeal, ...]:
        """The deals in the order they were played, pass-outs included."""
        return self._deals

    @property
    def entries(self) -> tuple[ChicagoEntry, ...]:
        """Every score written on the sheet, in order."""
        return self._entries

    @property
    def rows(self) -> tuple[ChicagoRow, ...]:
        """One row per deal, with running totals."""
        return self._rows

    @property
    def played(self) -> int:
        """How many deals counted (pass-outs do not)."""
        return sum(1 for d in self._deals if d.contract is not PASS_OUT)

    @property
    def totals(self) -> dict[Side, int]:
        """Each side's total."""
        totals = dict.fromkeys(Side, 0)
        for entry in self._entries:
            totals[entry.side] += entry.points
        return totals

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
        totals = self.totals
        if totals[Side.NS] == totals[Side.EW]:
            return None
        return max(totals, key=totals.__getitem__)

    def record(
        self,
        contract: Contract | PassOut | str,
        declarer: Seat | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> Chicago:
        """The game with one more deal.

        :raises NotationError: for a bad contract, seat or side.
        :raises InvalidResultError: for impossible tricks or honors.
        :raises RulesError: for honors when the rules do not score them.
        """
        return self._with(
            (*self._deals, ChicagoDeal.make(contract, declarer, tricks, honors=honors))
        )

    def undo(self) -> Chicago:
        """The game without its last deal.

        :raises GameStateError: if there is no deal.
        """
        if not self._deals:
            raise GameStateError("there is no deal to undo")
        return self._with(self._deals[:-1])

    def replace(
        self,
        deal_no: int,
        contract: Contract | PassOut | str,
        declarer: Seat | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> Chicago:
        """The game with deal ``deal_no`` (counting from 1) changed; later deals are rescored.

        :raises GameStateError: if there is no such deal.
        """
        if not isinstance(deal_no, int) or not 1 <= deal_no <= len(self._deals):
            raise GameStateError(f"no deal {deal_no!r}: the game has {len(self._deals)} deals")
        deal = ChicagoDeal.make(contract, declarer, tricks, honors=honors)
        return self._with((*self._deals[: deal_no - 1], deal, *self._deals[deal_no:]))

    def _with(self, deals: tuple[ChicagoDeal, ...]) -> Chicago:
        return Chicago(self._rules, self._first_dealer, deals=deals)

    def to_dict(self) -> dict[str, object]:
        """The game as JSON-ready data: rules, deals, rows, entries, totals and the next deal."""
        totals = self.totals
        return {
            "rules": {**self._rules.to_dict(), "description": str(self._rules)},
            "first_dealer": self._first_dealer.value,
            "deals": [
                {
                    "n": n,
                    "contract": str(d.contract),
                    "declarer": d.declarer.value if d.declarer else None,
                    "tricks": d.tricks,
                    "honors": {d.honors_by.value: d.honors} if d.honors_by else None,
                    "result": str(d.result),
                }
                for n, d in enumerate(self._deals, 1)
            ],
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
            "entries": [
                {
                    "deal": e.deal,
                    "side": e.side.value,
                    "points": e.points,
                    "kind": e.kind,
                    "label": e.label,
                }
                for e in self._entries
            ],
            "totals": {side.value: totals[side] for side in Side},
            "played": self.played,
            "next": {
                "number": self.next_number,
                "dealer": self.next_dealer.value,
                "vulnerability": self.next_vulnerability.value,
            },
            "leader": self.leader.value if self.leader else None,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chicago):
            return NotImplemented
        return (self._rules, self._first_dealer, self._deals) == (
            other._rules,
            other._first_dealer,
            other._deals,
        )

    def __hash__(self) -> int:
        return hash((self._rules, self._first_dealer, self._deals))

    def __repr__(self) -> str:
        totals = self.totals
        return (
            f"<Chicago {self._rules}: {self.played} deals, "
            f"NS {totals[Side.NS]} EW {totals[Side.EW]}>"
        )
