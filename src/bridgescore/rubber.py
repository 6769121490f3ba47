"""Rubber bridge: the WE | THEY score pad (SCORING.md §3; Laws 72-75 and 80 of 1993).

A :class:`Rubber` is built from its list of deals. The deals are the truth and every line of the
pad is derived from them, so recording returns a new rubber, and undo and edit are trivial.

>>> r = Rubber().record("4H", "we", 10, honors={"we": 100}).record("4S", "they", 10)
>>> r = r.record("4CX", "they", 8).record("1NT", "we", 7).record("5C", "they", 11)
>>> r.totals, r.games
({WeThey.WE: 760, WeThey.THEY: 720}, {WeThey.WE: 1, WeThey.THEY: 2})
>>> r.rubber_won_by, r.winner  # THEY won two games, WE scored more points
(WeThey.THEY, WeThey.WE)

Trick points are written below the line and count toward game; everything else is written
above it: overtricks, slams, the insult, honors, undertricks (to the defenders), the rubber
premium. There is no part-score or per-game premium; game is paid through the rubber premium.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, TypeVar

from bridgescore.errors import GameStateError, InvalidResultError, NotationError, RulesError
from bridgescore.model import PASS_OUT, Contract, PassOut, Result, _Enum, parse_contract
from bridgescore.scoring import (
    UndertrickRule,
    check_honors,
    check_undertrick_rule,
    honors_label,
    score,
)

__all__ = [
    "RUBBER_PRESETS",
    "PadEntry",
    "Rubber",
    "RubberDeal",
    "RubberRules",
    "WeThey",
    "read_honors",
]

H = TypeVar("H")


class WeThey(_Enum):
    """The two columns of a rubber bridge pad."""

    WE = "we"
    THEY = "they"

    @property
    def opponents(self) -> WeThey:
        """The other column."""
        return WeThey.THEY if self is WeThey.WE else WeThey.WE

    @property
    def label(self) -> str:
        """``'WE'`` or ``'THEY'``, as the pad heads its columns."""
        return self.name

    @classmethod
    def parse(cls, text: str | WeThey) -> WeThey:
        """Read ``we``/``they`` in any case (also ``us``/``them``).

        :raises NotationError: for anything else.
        """
        if isinstance(text, WeThey):
            return text
        side = _WE_THEY.get(text.strip().lower()) if isinstance(text, str) else None
        if side is None:
            raise NotationError(f"invalid side: {text!r}; expected 'we' or 'they'")
        return side


Honors = Mapping[WeThey, int] | Mapping[str, int] | Mapping[WeThey | str, int]
"""An honors claim: the side that held them and 100 or 150, ``{"we": 100}``."""

_WE_THEY: Final = {"we": WeThey.WE, "us": WeThey.WE, "they": WeThey.THEY, "them": WeThey.THEY}

Unfinished = Literal["handout", "laws-1993"]


@dataclass(frozen=True, slots=True)
class RubberRules:
    """How a rubber is scored. Use a preset by name: ``RubberRules.preset('laws-1993')``."""

    name: str = "default"
    """The preset these rules start from."""
    unfinished: Unfinished = "handout"
    """The unfinished-rubber premium: ``'handout'`` (300 for each side with a game, 50 for each
    side with a part score in the unfinished game) or ``'laws-1993'`` (Law 80: 300 only if
    exactly one game was completed, 100 only to the one side that alone has a part score)."""
    honors: bool = True
    """Whether honors are scored."""
    undertrick_rule: UndertrickRule = "modern"
    """The undertrick table."""

    def __post_init__(self) -> None:
        if self.unfinished not in ("handout", "laws-1993"):
            raise RulesError(
                f"unknown unfinished-rubber rule: {self.unfinished!r}; "
                "expected 'handout' or 'laws-1993'"
            )
        check_undertrick_rule(self.undertrick_rule)

    @classmethod
    def preset(cls, name: str) -> RubberRules:
        """A named preset from :data:`RUBBER_PRESETS`.

        :raises RulesError: for an unknown name.
        """
        rules = RUBBER_PRESETS.get(name)
        if rules is None:
            raise RulesError(
                f"unknown rubber rules: {name!r}; expected one of {', '.join(RUBBER_PRESETS)}"
            )
        return rules

    @classmethod
    def of(cls, rules: RubberRules | str) -> RubberRules:
        """Accept a rules object or a preset name."""
        return rules if isinstance(rules, RubberRules) else cls.preset(rules)

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "name": self.name,
            "unfinished": self.unfinished,
            "honors": self.honors,
            "undertrick_rule": self.undertrick_rule,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RubberRules:
        """Rules from :meth:`to_dict`'s data; missing keys keep the preset's values.

        :raises RulesError: for unknown names or values.
        """
        base = cls.preset(str(data.get("name", "default")))
        return replace(
            base,
            unfinished=data.get("unfinished", base.unfinished),  # type: ignore[arg-type]
            honors=bool(data.get("honors", base.honors)),
            undertrick_rule=data.get("undertrick_rule", base.undertrick_rule),  # type: ignore[arg-type]
        )

    def __str__(self) -> str:
        """The preset's name and any option that differs from it: ``'laws-1993, honors off'``."""
        base = RUBBER_PRESETS.get(self.name)
        extras = []
        if base is None or self.unfinished != base.unfinished:
            extras.append(f"unfinished rubber: {self.unfinished}")
        if base is None or self.honors != base.honors:
            extras.append("honors on" if self.honors else "honors off")
        if base is None or self.undertrick_rule != base.undertrick_rule:
            extras.append(f"{self.undertrick_rule} undertricks")
        return ", ".join([self.name, *extras])


RUBBER_PRESETS: Final[Mapping[str, RubberRules]] = {
    "default": RubberRules("default", "handout"),
    "laws-1993": RubberRules("laws-1993", "laws-1993"),
}
"""The rule sets of SCORING.md §10: ``default`` follows the ACBL handout the users gave,
``laws-1993`` the 1993 Laws of Contract Bridge (Law 80 for an unfinished rubber)."""


@dataclass(frozen=True, slots=True)
class RubberDeal:
    """One deal as entered: the contract, which column declared it, tricks, and honors."""

    contract: Contract | PassOut
    """The contract, or :data:`~bridgescore.PASS_OUT` (a redeal: nothing is scored)."""
    by: WeThey | None
    """The declaring side; None for a pass-out."""
    tricks: int
    """Tricks taken by the declaring side, 0 to 13 (0 for a pass-out)."""
    honors_by: WeThey | None = None
    """The side that held honors, declarer's or the defenders'."""
    honors: int = 0
    """100 or 150 for the side in :attr:`honors_by`; 0 if nobody claimed honors."""

    def __post_init__(self) -> None:
        Result(self.contract, None, self.tricks)  # checks contract and tricks
        if (self.by is None) != (self.contract is PASS_OUT):
            raise GameStateError("a deal needs the declaring side, and a pass-out has none")
        if (self.honors_by is None) != (self.honors == 0):
            raise GameStateError("honors need both the side that held them and their points")
        if self.honors:
            check_honors(self.contract, self.honors)

    @classmethod
    def make(
        cls,
        contract: Contract | PassOut | str,
        by: WeThey | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> RubberDeal:
        """Build a deal from notation: ``RubberDeal.make("4H", "we", 10, honors={"we": 100})``.

        :raises NotationError: for a bad contract or side.
        :raises InvalidResultError: for impossible tricks or honors.
        """
        if isinstance(contract, str):
            contract = parse_contract(contract)
        side = None if contract is PASS_OUT else WeThey.parse(by or "")
        honors_by, points = read_honors(honors, WeThey.parse)
        return cls(contract, side, tricks, honors_by, points)

    @property
    def made(self) -> bool:
        """Whether the contract was made (False for a pass-out)."""
        return isinstance(self.contract, Contract) and self.tricks >= self.contract.tricks_needed

    @classmethod
    def parse(cls, text: str, *, honors: Honors | None = None) -> RubberDeal:
        """Read a deal as players call it out: contract, side, then tricks or outcome.

        >>> [str(RubberDeal.parse(t)) for t in ("4H we 10", "4HX by they -2", "3NT WE +1")]
        ['4H by WE, 10 tricks', '4HX by THEY, 8 tricks', '3NT by WE, 10 tricks']

        A missing outcome means made exactly; ``Pass`` is a redeal.

        :raises NotationError: if the text is not a deal.
        :raises InvalidResultError: for an impossible outcome.
        """
        words = text.split() if isinstance(text, str) else []
        sides = [i for i, w in enumerate(words) if w.lower() in _WE_THEY]
        if len(sides) != 1:
            if " ".join(words).upper() in ("PASS", "P", "ALL PASS", "PASSED OUT"):
                return cls.make("Pass", None, 0, honors=honors)
            raise NotationError(
                f"invalid deal: {text!r}; expected a contract, the declaring side (we or they) "
                "and the tricks taken or the outcome, e.g. '4H we 10', '4HX by they -2', "
                "'3NT we =' or 'Pass'"
            )
        i = sides[0]
        contract = parse_contract(" ".join(w for w in words[:i] if w.lower() != "by"))
        outcome = "".join(words[i + 1 :])
        if isinstance(contract, PassOut):
            raise NotationError(f"invalid deal: {text!r}; a passed-out deal is just 'Pass'")
        # The tricks taken, or '=', '+n', '-n' or nothing (made exactly).
        tricks = int(outcome) if outcome.isdigit() else Result.parse(f"{contract}{outcome}").tricks
        return cls.make(contract, words[i], tricks, honors=honors)

    def __str__(self) -> str:
        if self.by is None:
            return "Pass"
        text = f"{self.contract} by {self.by.label}, {self.tricks} tricks"
        if self.honors_by is not None:
            text += f", {self.honors_by.label} {self.honors} honors"
        return text


def read_honors(
    honors: Mapping[Any, int] | None, parse: Callable[[Any], H]
) -> tuple[H | None, int]:
    """Read an honors claim, a mapping of one side to 100 or 150, as (side, points).

    :raises InvalidResultError: if more than one side claims honors.
    """
    if not honors:
        return None, 0
    if len(honors) > 1:
        raise InvalidResultError(
            f"both sides cannot hold honors on one deal: {dict(honors)!r}; honors are 4 or 5 "
            "of the trump honors (or the 4 aces) in one hand"
        )
    ((holder, points),) = honors.items()
    return parse(holder), points


EntryKind = Literal[
    "trick_points",
    "overtricks",
    "slam",
    "insult",
    "honors",
    "undertricks",
    "rubber_premium",
    "unfinished_game",
    "unfinished_part_score",
]


@dataclass(frozen=True, slots=True)
class PadEntry:
    """One line of the pad: points written in one column, above or below the line."""

    deal: int | None
    """The deal (counting from 1) that scored it; None for the unfinished-rubber premiums."""
    side: WeThey
    """The column it is written in."""
    points: int
    """The points, always positive."""
    line: Literal["above", "below"]
    """Below the line for trick points, above for everything else."""
    game: int
    """The game (1 to 3) it was scored in; for the rubber premium, the last game."""
    kind: EntryKind
    """What it is for."""
    label: str
    """How a player would explain it."""


@dataclass(frozen=True, slots=True)
class _State:
    entries: tuple[PadEntry, ...]
    game_winners: tuple[WeThey, ...]
    legs: tuple[int, int]  # WE, THEY: trick points in the game in progress
    won_on: int | None  # the deal that won the rubber's second game


def _replay(rules: RubberRules, deals: tuple[RubberDeal, ...], ended: bool) -> _State:
    """Work out every line of the pad from the deals (SCORING.md §3.1 R-1 to R-7)."""
    entries: list[PadEntry] = []
    winners: list[WeThey] = []
    legs = {WeThey.WE: 0, WeThey.THEY: 0}
    won_on: int | None = None

    def write(n: int | None, side: WeThey, points: int, kind: EntryKind, label: str) -> None:
        line: Literal["above", "below"] = "below" if kind == "trick_points" else "above"
        entries.append(PadEntry(n, side, points, line, len(winners) + 1, kind, label))

    for n, deal in enumerate(deals, 1):
        if won_on is not None:
            raise GameStateError(
                f"deal {n} comes after the rubber is over: it was won on deal {won_on}"
            )
        if deal.honors and not rules.honors:
            raise RulesError(f"deal {n} claims honors, but these rules do not score them: {rules}")
        if deal.by is not None:
            by = deal.by
            vulnerable = by in winners
            s = score(
                deal.contract,
                deal.tricks,
                vulnerable=vulnerable,
                undertrick_rule=rules.undertrick_rule,
            )
            for part in s.parts:
                if part.name in ("game", "part_score"):
                    continue  # duplicate premiums: rubber pays game through the rubber premium
                if part.name == "undertricks":
                    write(n, by.opponents, -part.points, "undertricks", part.label)
                else:
                    write(n, by, part.points, part.name, part.label)  # type: ignore[arg-type]
        if deal.honors_by is not None:
            write(
                n, deal.honors_by, deal.honors, "honors", honors_label(deal.contract, deal.honors)
            )
        if deal.by is not None and deal.made:
            assert isinstance(deal.contract, Contract)
            legs[deal.by] += deal.contract.trick_points
            if legs[deal.by] >= 100:  # Law 73: game, and no part score carries into the next
                winners.append(deal.by)
                legs = {WeThey.WE: 0, WeThey.THEY: 0}
                if winners.count(deal.by) == 2:
                    won_on = n
                    lost = len(winners) - 2
                    premium = 700 if lost == 0 else 500
                    entries.append(
                        PadEntry(
                            n,
                            deal.by,
                            premium,
                            "above",
                            len(winners),
                            "rubber_premium",
                            f"Rubber premium: 2 games to {lost}",
                        )
                    )
    if ended:
        if won_on is not None:
            raise GameStateError(f"the rubber is already over: it was won on deal {won_on}")
        entries.extend(_unfinished(rules, winners, legs))
    return _State(tuple(entries), tuple(winners), (legs[WeThey.WE], legs[WeThey.THEY]), won_on)


def _unfinished(
    rules: RubberRules, winners: list[WeThey], legs: dict[WeThey, int]
) -> Iterator[PadEntry]:
    """The premiums of a rubber stopped before a side won two games (R-7)."""
    game = len(winners) + 1
    with_part = [side for side in WeThey if legs[side] > 0]
    if rules.unfinished == "handout":
        for side in winners:
            yield PadEntry(
                None, side, 300, "above", game, "unfinished_game", "Unfinished rubber: a game won"
            )
        for side in with_part:
            yield PadEntry(
                None,
                side,
                50,
                "above",
                game,
                "unfinished_part_score",
                "Unfinished rubber: a part score in the unfinished game",
            )
    else:
        if len(winners) == 1:
            yield PadEntry(
                None,
                winners[0],
                300,
                "above",
                game,
                "unfinished_game",
                "Unfinished rubber: the only game completed (Law 80)",
            )
        if len(with_part) == 1:
            yield PadEntry(
                None,
                with_part[0],
                100,
                "above",
                game,
                "unfinished_part_score",
                "Unfinished rubber: the only part score in the unfinished game (Law 80)",
            )


class Rubber:
    """A rubber: its rules and its deals, and every line of the pad derived from them.

    Immutable: :meth:`record`, :meth:`undo`, :meth:`replace` and :meth:`end` return a new rubber.

    >>> r = Rubber("laws-1993").record("4H", "we", 10).record("1NT", "they", 7).end()
    >>> r.totals[WeThey.WE], r.totals[WeThey.THEY], r.is_finished
    (420, 140, True)
    """

    __slots__ = ("_deals", "_ended", "_rules", "_state")

    def __init__(
        self,
        rules: RubberRules | str = "default",
        deals: Iterable[RubberDeal] = (),
        *,
        ended: bool = False,
    ) -> None:
        """Build a rubber from its deals; ``ended`` means it was stopped early.

        :raises RulesError: for an unknown preset, or honors where the rules have none.
        :raises GameStateError: for a deal after the rubber was won.
        """
        self._rules = RubberRules.of(rules)
        self._deals = tuple(deals)
        self._ended = ended
        self._state = _replay(self._rules, self._deals, ended)

    @property
    def rules(self) -> RubberRules:
        """The rules that produced every score of this rubber."""
        return self._rules

    @property
    def deals(self) -> tuple[RubberDeal, ...]:
        """The deals in the order they were played, pass-outs included."""
        return self._deals

    @property
    def ended(self) -> bool:
        """Whether the rubber was stopped early with :meth:`end`."""
        return self._ended

    @property
    def entries(self) -> tuple[PadEntry, ...]:
        """Every line of the pad, in the order it was written."""
        return self._state.entries

    @property
    def game_winners(self) -> tuple[WeThey, ...]:
        """The winner of each completed game, in order."""
        return self._state.game_winners

    @property
    def games(self) -> dict[WeThey, int]:
        """Games won by each side."""
        return {side: self._state.game_winners.count(side) for side in WeThey}

    @property
    def totals(self) -> dict[WeThey, int]:
        """Each side's total so far: all its points above and below the line."""
        totals = dict.fromkeys(WeThey, 0)
        for entry in self._state.entries:
            totals[entry.side] += entry.points
        return totals

    def vulnerable(self, side: WeThey | str) -> bool:
        """A side that has won a game is vulnerable (R-4)."""
        return WeThey.parse(side) in self._state.game_winners

    def leg(self, side: WeThey | str) -> int:
        """Trick points a side has toward the game in progress (the "60 on" players track)."""
        return self._state.legs[0 if WeThey.parse(side) is WeThey.WE else 1]

    @property
    def game_number(self) -> int:
        """The game being played (1 to 3), or the last one if the rubber is over."""
        return (
            min(len(self._state.game_winners) + 1, 3)
            if not self.is_complete
            else len(self._state.game_winners)
        )

    @property
    def is_complete(self) -> bool:
        """Whether a side has won two games."""
        return self._state.won_on is not None

    @property
    def is_finished(self) -> bool:
        """Whether the rubber is over: won, or ended early."""
        return self.is_complete or self._ended

    @property
    def winner(self) -> WeThey | None:
        """The side with more points once the rubber is over; None while it goes on or on a tie.

        The side that won two games need not be the winner (the handout's NOTE 2).
        """
        if not self.is_finished:
            return None
        totals = self.totals
        if totals[WeThey.WE] == totals[WeThey.THEY]:
            return None
        return max(totals, key=totals.__getitem__)

    @property
    def rubber_won_by(self) -> WeThey | None:
        """The side that won two games and the rubber premium; None if nobody has."""
        return self._state.game_winners[-1] if self.is_complete else None

    def record(
        self,
        contract: Contract | PassOut | str,
        by: WeThey | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> Rubber:
        """The rubber with one more deal.

        :raises GameStateError: if the rubber is over.
        :raises NotationError: for a bad contract or side.
        :raises InvalidResultError: for impossible tricks or honors.
        """
        self._check_open()
        deal = RubberDeal.make(contract, by, tricks, honors=honors)
        return Rubber(self._rules, (*self._deals, deal))

    def undo(self) -> Rubber:
        """The rubber without its last deal (reopened if it had been ended early).

        :raises GameStateError: if there is nothing to undo.
        """
        if self._ended:
            return Rubber(self._rules, self._deals[:-1])
        if not self._deals:
            raise GameStateError("there is no deal to undo")
        return Rubber(self._rules, self._deals[:-1])

    def replace(
        self,
        deal_no: int,
        contract: Contract | PassOut | str,
        by: WeThey | str | None,
        tricks: int,
        *,
        honors: Honors | None = None,
    ) -> Rubber:
        """The rubber with deal ``deal_no`` (counting from 1) changed; later deals are rescored.

        :raises GameStateError: if there is no such deal, or the change would end the rubber
            before a later deal.
        """
        if not isinstance(deal_no, int) or not 1 <= deal_no <= len(self._deals):
            raise GameStateError(f"no deal {deal_no!r}: the rubber has {len(self._deals)} deals")
        deal = RubberDeal.make(contract, by, tricks, honors=honors)
        deals = (*self._deals[: deal_no - 1], deal, *self._deals[deal_no:])
        return Rubber(self._rules, deals, ended=self._ended)

    def end(self) -> Rubber:
        """The rubber stopped here, with the unfinished-rubber premiums added.

        :raises GameStateError: if the rubber is already over.
        """
        self._check_open()
        return Rubber(self._rules, self._deals, ended=True)

    def _check_open(self) -> None:
        if self.is_complete:
            raise GameStateError(
                f"the rubber is over: {self.game_winners[-1].label} won two games on deal "
                f"{self._state.won_on}; undo the last deal or start a new rubber"
            )
        if self._ended:
            raise GameStateError("the rubber was ended early; undo to reopen it")

    def to_dict(self) -> dict[str, object]:
        """The rubber as JSON-ready data: rules, deals, entries and every derived figure."""
        totals, games = self.totals, self.games
        return {
            "rules": {**self._rules.to_dict(), "description": str(self._rules)},
            "deals": [
                {
                    "n": n,
                    "contract": str(d.contract),
                    "by": d.by.value if d.by else None,
                    "tricks": d.tricks,
                    "honors": {d.honors_by.value: d.honors} if d.honors_by else None,
                    "text": str(d),
                }
                for n, d in enumerate(self._deals, 1)
            ],
            "entries": [
                {
                    "deal": e.deal,
                    "side": e.side.value,
                    "points": e.points,
                    "line": e.line,
                    "game": e.game,
                    "kind": e.kind,
                    "label": e.label,
                }
                for e in self._state.entries
            ],
            "totals": {side.value: totals[side] for side in WeThey},
            "games": {side.value: games[side] for side in WeThey},
            "game_winners": [side.value for side in self.game_winners],
            "vulnerable": {side.value: self.vulnerable(side) for side in WeThey},
            "legs": {side.value: self.leg(side) for side in WeThey},
            "game_number": self.game_number,
            "finished": self.is_finished,
            "ended": self._ended,
            "rubber_won_by": self.rubber_won_by.value if self.rubber_won_by else None,
            "winner": self.winner.value if self.winner else None,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rubber):
            return NotImplemented
        return (self._rules, self._deals, self._ended) == (other._rules, other._deals, other._ended)

    def __hash__(self) -> int:
        return hash((self._rules, self._deals, self._ended))

    def __repr__(self) -> str:
        totals = self.totals
        state = "finished" if self.is_finished else f"game {self.game_number}"
        return (
            f"<Rubber {self._rules}: {len(self._deals)} deals, "
            f"WE {totals[WeThey.WE]} THEY {totals[WeThey.THEY]}, {state}>"
        )
