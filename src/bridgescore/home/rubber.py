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

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal

from bridgescore.errors import N_, GameStateError, NotationError
from bridgescore.home import game as homegame
from bridgescore.home.game import Honors, Played
from bridgescore.model import Contract, PassOut, Result, TwoSides, parse_contract
from bridgescore.scoring import honors_template

__all__ = [
    "RUBBER_PRESETS",
    "PadEntry",
    "Rubber",
    "RubberDeal",
    "RubberRules",
    "WeThey",
]


class WeThey(TwoSides):
    """The two columns of a rubber bridge pad."""

    WE = "we"
    THEY = "they"

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
            raise NotationError.coded("side_we_they", field="by", value=text, got=repr(text))
        return side


_WE_THEY: Final = {"we": WeThey.WE, "us": WeThey.WE, "they": WeThey.THEY, "them": WeThey.THEY}

RubberHonors = Honors[WeThey] | None
"""An honors claim in a rubber, ``{"we": 100}``, or None."""

Unfinished = Literal["handout", "laws-1993"]
_UNFINISHED: Final = ("handout", "laws-1993")


@dataclass(frozen=True, slots=True)
class RubberRules(homegame.HomeRules):
    """How a rubber is scored: a preset by name, with options changed if need be.

    >>> str(RubberRules.preset("laws-1993", honors=False))
    'laws-1993, honors off'
    """

    unfinished: Unfinished = "handout"
    """The unfinished-rubber premium: ``'handout'`` (300 for each side with a game, 50 for each
    side with a part score in the unfinished game) or ``'laws-1993'`` (Law 80: 300 only if
    exactly one game was completed, 100 only to the one side that alone has a part score)."""
    honors: bool = field(default=True, kw_only=True)
    """Whether honors are scored (they are in rubber unless the players agree otherwise)."""

    _NOUN = "rubber"
    _CHOICES = MappingProxyType({"unfinished": ("unfinished-rubber rule", _UNFINISHED)})
    _LABELS = MappingProxyType({"unfinished": lambda rule: f"unfinished rubber: {rule}"})


RUBBER_PRESETS: Final[Mapping[str, RubberRules]] = {
    "default": RubberRules("default", "handout"),
    "laws-1993": RubberRules("laws-1993", "laws-1993"),
}
"""The rule sets of SCORING.md §10: ``default`` follows the ACBL handout the users gave,
``laws-1993`` the 1993 Laws of Contract Bridge (Law 80 for an unfinished rubber)."""
RubberRules._PRESETS = RUBBER_PRESETS


@dataclass(frozen=True, slots=True)
class RubberDeal(homegame.HomeDeal[WeThey]):
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

    _BY_OR_DECLARER, _BY_OR_DECLARER_TYPE, _SIDE_TYPE = "by", WeThey, WeThey
    _NEEDS, _TEXT = "the declaring side: we or they", "text"

    @classmethod
    def make(
        cls, contract: Played, by: WeThey | str | None, tricks: int, *, honors: RubberHonors = None
    ) -> RubberDeal:
        """Build a deal from notation: ``RubberDeal.make("4H", "we", 10, honors={"we": 100})``.

        :raises NotationError: for a bad contract or side.
        :raises InvalidResultError: for impossible tricks or honors.
        """
        return cls._make(contract, by, tricks, honors)

    @classmethod
    def parse(cls, text: str, *, honors: RubberHonors = None) -> RubberDeal:
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
            raise NotationError.coded("rubber_deal_notation", field="deal", value=text,
                                      got=repr(text))  # fmt: skip
        i = sides[0]
        contract = parse_contract(" ".join(w for w in words[:i] if w.lower() != "by"))
        outcome = "".join(words[i + 1 :])
        if isinstance(contract, PassOut):
            raise NotationError.coded("deal_pass_only", field="deal", value=text, got=repr(text))
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
    template: str = field(default="", compare=False, repr=False)
    """The English template of :attr:`label` (marked for translation), or ``''``."""
    params: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """The values :attr:`template` names: ``template.format(**params) == label``."""


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

    def write(
        n: int | None,
        side: WeThey,
        points: int,
        kind: EntryKind,
        label: str,
        template: str = "",
        params: dict[str, object] | None = None,
    ) -> None:
        line: Literal["above", "below"] = "below" if kind == "trick_points" else "above"
        game = len(winners) + 1
        entry = PadEntry(n, side, points, line, game, kind, label, template, params or {})
        entries.append(entry)

    for n, deal in enumerate(deals, 1):
        if won_on is not None:
            raise GameStateError.coded("deal_after_rubber", field="deal", value=n, deal=n,
                                       won_on=won_on)  # fmt: skip
        if deal.by is not None:
            # The duplicate premiums are left out: rubber pays game through the rubber premium.
            for mine, points, name, part in homegame.written_parts(
                deal.contract,
                deal.tricks,
                vulnerable=deal.by in winners,
                undertrick_rule=rules.undertrick_rule,
                premiums=False,
            ):
                side = deal.by if mine else deal.by.opponents
                write(n, side, points, name, part.label, part.template, part.params)  # type: ignore[arg-type]
        if deal.honors_by is not None:
            template, params = honors_template(deal.contract, deal.honors)
            label = template.format(**params)
            write(n, deal.honors_by, deal.honors, "honors", label, template, params)
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
                            N_("Rubber premium: 2 games to {lost}"),
                            {"lost": lost},
                        )
                    )
    if ended:
        if won_on is not None:
            raise GameStateError.coded("rubber_over_already", won_on=won_on)
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
                None,
                side,
                300,
                "above",
                game,
                "unfinished_game",
                N_("Unfinished rubber: a game won"),
            )
        for side in with_part:
            yield PadEntry(
                None,
                side,
                50,
                "above",
                game,
                "unfinished_part_score",
                N_("Unfinished rubber: a part score in the unfinished game"),
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
                N_("Unfinished rubber: the only game completed (Law 80)"),
            )
        if len(with_part) == 1:
            yield PadEntry(
                None,
                with_part[0],
                100,
                "above",
                game,
                "unfinished_part_score",
                N_("Unfinished rubber: the only part score in the unfinished game (Law 80)"),
            )


class Rubber(homegame.HomeGame[RubberDeal, RubberRules, PadEntry, WeThey]):
    """A rubber: its rules and its deals, and every line of the pad derived from them.

    Immutable: :meth:`record`, :meth:`undo`, :meth:`replace` and :meth:`end` return a new rubber.

    >>> r = Rubber("laws-1993").record("4H", "we", 10).record("1NT", "they", 7).end()
    >>> r.totals[WeThey.WE], r.totals[WeThey.THEY], r.is_finished
    (420, 140, True)
    >>> r.undo() == Rubber("laws-1993", r.deals)  # undo reopens it: every deal is kept
    True
    """

    __slots__ = ("_state",)
    _NOUN = "rubber"
    _SIDES = WeThey

    def __init__(
        self,
        rules: RubberRules | str = "default",
        deals: Iterable[RubberDeal] = (),
        *,
        ended: bool = False,
        **options: object,
    ) -> None:
        """Build a rubber from its deals; ``ended`` means it was stopped early.

        ``options`` change the rules' options: ``Rubber("laws-1993", honors=False)``.

        :raises RulesError: for an unknown preset or option, or honors where the rules have none.
        :raises GameStateError: for a deal after the rubber was won.
        """
        super().__init__(RubberRules.of(rules, **options), deals, ended=ended)

    def _replay(self) -> tuple[PadEntry, ...]:
        self._state = _replay(self._rules, self._deals, self._ended)
        return self._state.entries

    def _rebuild(self, deals: tuple[RubberDeal, ...], *, ended: bool = False) -> Rubber:
        return Rubber(self._rules, deals, ended=ended)

    @property
    def ended(self) -> bool:
        """Whether the rubber was stopped early with :meth:`end`."""
        return self._ended

    @property
    def game_winners(self) -> tuple[WeThey, ...]:
        """The winner of each completed game, in order."""
        return self._state.game_winners

    @property
    def games(self) -> dict[WeThey, int]:
        """Games won by each side."""
        return {side: self._state.game_winners.count(side) for side in WeThey}

    def vulnerable(self, side: WeThey | str) -> bool:
        """A side that has won a game is vulnerable (R-4)."""
        return WeThey.parse(side) in self._state.game_winners

    def leg(self, side: WeThey | str) -> int:
        """Trick points a side has toward the game in progress (the "60 on" players track)."""
        return self._state.legs[0 if WeThey.parse(side) is WeThey.WE else 1]

    @property
    def game_number(self) -> int:
        """The game being played (1 to 3), or the last one if the rubber is over."""
        played = len(self._state.game_winners)
        return played if self.is_complete else min(played + 1, 3)

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
        return self._ahead() if self.is_finished else None

    @property
    def rubber_won_by(self) -> WeThey | None:
        """The side that won two games and the rubber premium; None if nobody has."""
        return self._state.game_winners[-1] if self.is_complete else None

    record = homegame.Recorder(
        RubberDeal.make,
        """The rubber with one more deal: ``record(contract, by, tricks, *, honors=None)``.

        The arguments are :meth:`RubberDeal.make`'s: ``r.record("4H", "we", 10)``.

        :raises GameStateError: if the rubber is over.
        :raises NotationError: for a bad contract or side.
        :raises InvalidResultError: for impossible tricks or honors.
        :raises RulesError: for honors when the rules do not score them.
        """,
    )
    replace = homegame.Replacer(
        RubberDeal.make,
        """The rubber with deal ``deal_no`` (counting from 1) changed; later deals are rescored.

        ``replace(deal_no, contract, by, tricks, *, honors=None)``: the deal as for :meth:`record`.

        :raises GameStateError: if there is no such deal, or the change would end the rubber
            before a later deal.
        """,
    )

    def end(self) -> Rubber:
        """The rubber stopped here, with the unfinished-rubber premiums added.

        :meth:`undo` reopens it, with every deal kept.

        :raises GameStateError: if the rubber is already over.
        """
        return self._end()

    def _check_open(self) -> None:
        if self.is_complete:
            raise GameStateError.coded("rubber_over", side=self.game_winners[-1].label,
                                       won_on=self._state.won_on)  # fmt: skip
        if self._ended:
            raise GameStateError.coded("rubber_ended")

    def to_dict(self) -> dict[str, object]:
        """The rubber as JSON-ready data: rules, deals, entries and every derived figure."""
        games, won_by, winner = self.games, self.rubber_won_by, self.winner
        return {
            **super().to_dict(),
            "games": {side.value: games[side] for side in WeThey},
            "game_winners": [side.value for side in self.game_winners],
            "vulnerable": {side.value: self.vulnerable(side) for side in WeThey},
            "legs": {side.value: self.leg(side) for side in WeThey},
            "game_number": self.game_number,
            "finished": self.is_finished,
            "ended": self._ended,
            "rubber_won_by": won_by.value if won_by else None,
            "winner": winner.value if winner else None,
        }

    def _summary(self, scores: str) -> str:
        state = "finished" if self.is_finished else f"game {self.game_number}"
        return f"{len(self._deals)} deals, {scores}, {state}"
