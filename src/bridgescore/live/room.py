"""The live evening following the room: the director's changes to the session's definition.

A late pair (:class:`LatePair`), a pair that leaves early (:class:`Withdrawal`) and a fouled
board's versions (:class:`FouledBoard`) change who plays whom, or how a board is scored, while
the evening goes on. :func:`redefine` is the one decision about them, as
:func:`~bridgescore.live.accept` is about results: storage calls it with the state read inside
its write transaction and keeps the session it gives (a new version) only if it passes.

>>> from bridgescore.live.rules import LiveState
>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> from bridgescore.model import Side
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2, half_table=True)),)))
>>> state.position(3)
TablePosition(table=3, current_round=1, fix_round=None, finished=False, sit_out=True)
>>> later = state.redefined(redefine(state, DIRECTOR, LatePair(Pair(3, Side.NS, "Ann & Bob"), 2)))
>>> later.play(2, 3).ns, later.play(2, 3).ew, later.definition.pair(3, Side.NS).names
('NS 3', 'EW 2', 'Ann & Bob')
>>> redefine(later, 1, Withdrawal("EW 1", 3))
Traceback (most recent call last):
...
bridgescore.live.rules.NotAllowedError: only the director changes who plays (a late pair, a \
withdrawal, a fouled board)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bridgescore.duplicate.session import (
    Pair,
    Section,
    Session,
    with_fouled_board,
    with_late_pair,
    with_withdrawal,
)
from bridgescore.errors import SessionError
from bridgescore.live.deals import Analysed, AttachDeals, analysed, attach
from bridgescore.live.rules import DIRECTOR, LiveState, NotAllowedError, Who

__all__ = ["FouledBoard", "LatePair", "RoomChange", "Withdrawal", "redefine"]


@dataclass(frozen=True, slots=True)
class LatePair:
    """A pair that arrives for ``from_round``: it takes the phantom's or the sit-out's place."""

    pair: Pair
    """Its label, names and players."""
    from_round: int


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A pair that leaves before ``from_round``: its later opponents sit out."""

    pair: str
    """Its label (``EW 2``, or ``5`` in a Howell)."""
    from_round: int


@dataclass(frozen=True, slots=True)
class FouledBoard:
    """A fouled board (Law 87): the tables that played each version (none: not fouled)."""

    board: int
    versions: tuple[tuple[int, ...], ...]


RoomChange = LatePair | Withdrawal | FouledBoard | AttachDeals | Analysed
"""A change to the session's definition (the deals and their analysis:
:mod:`bridgescore.live.deals`)."""


def redefine(state: LiveState, who: Who, change: RoomChange) -> Session:
    """The session's new definition (no results) after ``change``, if ``who`` may make it.

    The change is checked against the results stored so far: a late pair takes the place of
    a pair that has not played; a pair withdraws only from rounds it has no results in; a
    fouled board's versions share out the tables the board is played at.

    :raises NotAllowedError: (403) for anyone but the director.
    :raises SessionError: (422) for a change that does not fit the movement or the results.
    """
    if isinstance(change, AttachDeals):
        return attach(state, who, change)
    if isinstance(change, Analysed):
        return analysed(state, who, change)
    if who != DIRECTOR:
        raise NotAllowedError(
            "only the director changes who plays (a late pair, a withdrawal, a fouled board)",
            field="pair",
        )
    section = state.section
    if isinstance(change, LatePair):
        changed = with_late_pair(section, change.pair, change.from_round)
    elif isinstance(change, Withdrawal):
        changed = with_withdrawal(section, change.pair, change.from_round)
    else:
        changed = with_fouled_board(section, change.board, change.versions)
    plays = {(p.round, p.table) for p in (changed.movement.plays if changed.movement else ())}
    for r in state.results:  # the stored results still fit who plays whom
        if (r.entry.round, r.entry.table) not in plays:
            raise SessionError(
                f"table {r.entry.table} has results in round {r.entry.round}, which it would "
                "no longer play",
                field="from_round",
            )
    bare: Section = changed.with_results(())
    return replace(state.session, sections=(bare,))
