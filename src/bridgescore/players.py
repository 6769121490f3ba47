"""A player: a name, and the national body's ID number when known (masterpoints and grades are
awarded by it). The one shape of a player in every layer: the JSON API takes and gives
``{"name": ..., "number": ...}`` (``number`` null for a visitor without one).

>>> p = Player.from_dict({"name": " Ann Smith ", "number": "123456"})
>>> p, p.to_dict()
(Player(name='Ann Smith', number='123456'), {'name': 'Ann Smith', 'number': '123456'})
>>> Player.from_dict({"name": "Bob", "number": "12 34"})
Traceback (most recent call last):
...
bridgescore.errors.SessionError: player number '12 34': letters and digits only, at most 20
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgescore.errors import SessionError
from bridgescore.inputs import check_name

__all__ = ["Player", "pair_names"]


@dataclass(frozen=True, slots=True)
class Player:
    """A player: the name as shown, and the national ID number (None for a visitor)."""

    name: str
    number: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name.strip(), "name"))
        n = self.number
        if n is not None and not (0 < len(n) <= 20 and n.isascii() and n.isalnum()):
            raise SessionError.coded("player_number", field="number", value=n, number=n)

    def to_dict(self) -> dict[str, Any]:
        """``{"name": ..., "number": ...}``."""
        return {"name": self.name, "number": self.number}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        """From :meth:`to_dict`'s shape (errors name the field).

        :raises SessionError: for a name or number that is not a string, or not one.
        """
        name, number = data.get("name"), data.get("number")
        if not isinstance(name, str):
            raise SessionError.coded("player_no_name", field="name", value=name)
        if number is not None and not isinstance(number, str):
            raise SessionError.coded("player_number_text", field="number", value=number)
        return cls(name, number.strip() if number else None)


def pair_names(players: tuple[Player, ...]) -> str:
    """A pair's names as the rankings show them.

    >>> pair_names((Player("Ann Smith", "1"), Player("Bob Jones")))
    'Ann Smith & Bob Jones'
    """
    return " & ".join(p.name for p in players)
