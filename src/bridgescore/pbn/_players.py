"""The pairs of games per table: their numbers, or where a file gives none, their players'
names."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from bridgescore.pbn._games import Game
from bridgescore.pbn._location import Location
from bridgescore.pbn._values import absent, pair_id

__all__ = ["PairNames", "TablePairs", "players"]

_SEATS: Final = (("North", "South"), ("East", "West"))
"""The seats of the NS pair and of the EW pair."""


def players(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The named players of the NS and of the EW pair of a game, each once, in seat order.

    >>> from bridgescore.pbn import read_games
    >>> (g,) = read_games('[North "Para-1"][South "Para-1"][East "Ann"][West "?"]')
    >>> players(g)
    (('Para-1',), ('Ann',))
    """
    out = []
    for seats in _SEATS:
        names = [(game.get(seat) or "").strip() for seat in seats]
        out.append(tuple(dict.fromkeys(n for n in names if not absent(n))))
    return out[0], out[1]


@dataclass
class PairNames:
    """Numbers pairs by their players, in order of first appearance: the same two names (in
    either seat, either direction) are the same pair."""

    numbers: dict[frozenset[str], int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

    def pairs(self, game: Game, board: int, at: Location) -> tuple[int, int]:
        """The NS and EW pair numbers of a game per table without PairNS/PairEW.

        :raises PbnError: if a side's players are not both named.
        """
        out = []
        for side, (named, seats) in zip(("NS", "EW"), zip(players(game), _SEATS, strict=True),
                                        strict=True):  # fmt: skip
            given = [game.get(seat) for seat in seats]
            missing = [seat for seat, g in zip(seats, given, strict=True) if absent(g)]
            if missing:
                at.fail(
                    f"board {board}: the game gives no pair numbers (PairNS, PairEW) and does "
                    f"not name the {side} players ({seats[0]} {given[0]!r}, {seats[1]} "
                    f"{given[1]!r}): pairs can be told apart only by numbers or by names",
                    field=missing[0],
                    value=game.get(missing[0]),
                )
            key = frozenset(n.casefold() for n in named)
            number = self.numbers.setdefault(key, len(self.numbers) + 1)
            self.names.setdefault(number, " & ".join(named))
            out.append(number)
        return out[0], out[1]


class TablePairs:
    """The pairs of a file's games per table, section by section: their ``PairNS`` and
    ``PairEW``, else numbered by their players' names (never made up from the order of the
    games: that would mix partnerships)."""

    def __init__(self, at: Location) -> None:
        self.at = at
        self.named: dict[str, PairNames] = {}
        """By section: the pairs numbered by their players, where games give no numbers."""
        self.numbered: dict[str, int] = {}
        """By section: the line of a game per table that gives pair numbers."""

    def pairs(self, game: Game, section: str, board: int) -> tuple[int, int]:
        """A game per table's NS and EW pair numbers.

        :raises PbnError: for a game with neither numbers nor names, or a section whose games
            mix the two.
        """
        ns, ew = game.tag("PairNS"), game.tag("PairEW")
        at = self.at.at(game.line)
        if ns is not None and ew is not None and not (absent(ns.value) and absent(ew.value)):
            if section in self.named:
                self._mixed(section, at)
            self.numbered.setdefault(section, game.line)
            return (pair_id(ns.value, "PairNS", self.at.at(ns.line)),
                    pair_id(ew.value, "PairEW", self.at.at(ew.line)))  # fmt: skip
        if section in self.numbered:
            self._mixed(section, at)
        return self.named.setdefault(section, PairNames()).pairs(game, board, at)

    def names(self, game: Game, section: str, ns: int, ew: int) -> tuple[str, str]:
        """The players of a game's NS and EW pairs: where they tell the pairs apart, as first
        written (``Ann & Bob`` even where Bob sits North)."""
        named = self.named.get(section)
        if named is not None:
            return named.names[ns], named.names[ew]
        ns_names, ew_names = (" & ".join(names) for names in players(game))
        return ns_names, ew_names

    def notes(self) -> list[str]:
        """A warning for each section whose pairs are numbered by their names."""
        return [f"section {section}: no pair numbers (PairNS, PairEW): the "
                f"{len(named.numbers)} pairs are numbered by their players' names in order of "
                "first appearance" for section, named in self.named.items()]  # fmt: skip

    def _mixed(self, section: str, at: Location) -> None:
        at.fail(f"section {section}: some games give pair numbers (PairNS, PairEW; line "
                f"{self.numbered.get(section, at.line)}) and some do not: pairs cannot be told "
                "apart both ways", field="PairNS")  # fmt: skip
