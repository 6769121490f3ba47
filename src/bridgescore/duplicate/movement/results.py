"""Results against the movement: where a board should have been played, and what is missing.

The pairs are named by their labels (``'NS 3'``, ``'EW 3'`` or ``'3'``), as in the movement; a
result's two pairs are matched whichever seats they sat in, so an arrow-switched round needs no
special case.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.duplicate.movement.model import Movement, format_boards

__all__ = ["Slot", "check_result", "missing", "slot_of", "slots"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One board to be played: the round, the table, the pairs sitting NS and EW, the board."""

    round: int
    table: int
    ns: str
    """The label of the pair sitting North-South, as the movement has it (an EW pair's in an
    arrow-switched round)."""
    ew: str
    """The label of the pair sitting East-West."""
    board: int


def slots(movement: Movement) -> tuple[Slot, ...]:
    """Every board of every table of every round, in order of round, table and board.

    >>> from bridgescore import mitchell
    >>> slots(mitchell(3, 2))[:2]
    (Slot(round=1, table=1, ns='NS 1', ew='EW 1', board=1), Slot(round=1, table=1, ns='NS 1', \
ew='EW 1', board=2))
    """
    return tuple(Slot(p.round, p.table, p.ns, p.ew, b) for p in movement.plays for b in p.boards)


def slot_of(movement: Movement, board: int, pair: str, other: str) -> Slot | None:
    """Where two pairs play a board against each other in the movement; None if they do not.

    >>> from bridgescore import mitchell
    >>> slot_of(mitchell(3, 2), 5, "EW 1", "NS 2")
    Slot(round=2, table=2, ns='NS 2', ew='EW 1', board=5)
    """
    for p in movement.plays:
        if {p.ns, p.ew} == {pair, other} and board in p.boards:
            return Slot(p.round, p.table, p.ns, p.ew, board)
    return None


def check_result(
    movement: Movement,
    board: int,
    ns: str,
    ew: str,
    round: int | None = None,
    table: int | None = None,
) -> str | None:
    """What is wrong with a result for this movement, in words for a director; None if nothing.

    >>> from bridgescore import mitchell
    >>> m = mitchell(3, 2)
    >>> check_result(m, 5, "NS 2", "EW 1") is None
    True
    >>> check_result(m, 1, "NS 2", "EW 1")
    'NS 2 and EW 1 play boards 5-6 (round 2, table 2), not board 1; board 1 is played by NS 1 \
v EW 1 (round 1, table 1), NS 3 v EW 2 (round 2, table 3), NS 2 v EW 3 (round 3, table 2)'
    >>> check_result(m, 5, "NS 2", "EW 1", round=3, table=2)
    'entered for round 3, table 2; the movement has NS 2 v EW 1 on board 5 at round 2, table 2'
    """
    slot = slot_of(movement, board, ns, ew)
    if slot is not None:
        if (round or slot.round, table or slot.table) != (slot.round, slot.table):
            given = ", ".join(
                f"{word} {n}" for word, n in (("round", round), ("table", table)) if n is not None
            )
            return (
                f"entered for {given}; the movement has {ns} v {ew} on board {board} at round "
                f"{slot.round}, table {slot.table}"
            )
        return None
    at = [s for s in slots(movement) if s.board == board]
    where = [f"{s.ns} v {s.ew} (round {s.round}, table {s.table})" for s in at]
    if not where:
        return f"board {board} is not in the movement (its boards are 1-{movement.boards})"
    elsewhere = f"board {board} is played by " + ", ".join(where)
    for p in movement.plays:
        if {p.ns, p.ew} == {ns, ew}:
            return (
                f"{ns} and {ew} play boards {format_boards(p.boards)} (round {p.round}, table "
                f"{p.table}), not board {board}; {elsewhere}"
            )
    return f"{ns} and {ew} do not meet in the movement; {elsewhere}"


def missing(movement: Movement, entered: Iterable[tuple[int, str, str]]) -> tuple[Slot, ...]:
    """The boards the movement has played that have no result yet.

    ``entered`` holds a ``(board, pair, other pair)`` for each result, either pair first.

    >>> from bridgescore import mitchell
    >>> len(missing(mitchell(3, 2), [(1, "NS 1", "EW 1"), (2, "EW 1", "NS 1")]))
    16
    """
    done = {(board, frozenset((a, b))) for board, a, b in entered}
    return tuple(s for s in slots(movement) if (s.board, frozenset((s.ns, s.ew))) not in done)
