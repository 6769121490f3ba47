"""The parts of a movement, values of their own: a :class:`TableRound` (a table in a round), a
:class:`SitOut`, a :class:`Share` and a :class:`Relay`. :mod:`.model`'s :class:`~.model.Movement`
is made of them, and the modules that work out what a movement does read them.

:data:`Play` is :class:`TableRound`'s old name, deprecated (``Play`` is the cards played,
:class:`bridgescore.boards.play.Play`); it stays for one release."""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.errors import MovementError

__all__ = ["Play", "Relay", "Share", "SitOut", "TableRound", "whole"]


def whole(value: object, name: str, low: int, high: int, code: str, **params: object) -> int:
    """A movement's size: a whole number from ``low`` to ``high``, else the error of ``code``
    (its template in :data:`bridgescore.errors.MESSAGES`, given ``got`` and ``params``), about
    the option ``name``.

    >>> whole(31, "tables", 2, 30, "mitchell_tables")
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: a Mitchell needs 2 to 30 tables, got 31
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MovementError.coded(code, field=name, value=value, got=value, **params)
    return value


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round: who sits there and which boards they play."""

    round: int
    """The round, from 1."""
    table: int
    """The table, from 1."""
    ns: str
    """The pair sitting North-South (an EW pair in an arrow-switched round)."""
    ew: str
    """The pair sitting East-West."""
    boards: tuple[int, ...]
    """The boards played, in order."""


Play = TableRound
"""Deprecated: the old name of :class:`TableRound` (a table's round in a movement)."""


@dataclass(frozen=True, slots=True)
class SitOut:
    """A pair with no table in a round (an odd number of pairs)."""

    round: int
    pair: str
    """Its label (``EW 7``, or ``1`` in a Howell); in a half-table Mitchell, the EW pair due
    at the table whose NS pair is missing."""


@dataclass(frozen=True, slots=True)
class Share:
    """Tables that play the same boards in the same round, passing them between them."""

    round: int
    tables: tuple[int, ...]
    """The tables that share them, in order (a Mitchell's last table shares with table 1)."""
    boards: tuple[int, ...]
    """The boards they share."""


@dataclass(frozen=True, slots=True)
class Relay:
    """Boards that wait out a round unplayed: on a relay stand, or at a half table."""

    round: int
    boards: tuple[int, ...]
    place: str
    """Where they wait, as a director says it: ``'relay stand between tables 4 and 5'``."""
