"""Pairs told apart by their players' names, for games per table that give no pair numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from bridgescore.pbn._games import Game
from bridgescore.pbn._location import Location
from bridgescore.pbn._values import absent

__all__ = ["PairNames", "players"]

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
