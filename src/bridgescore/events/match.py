"""Team matches: two tables, board-by-board IMPs, totals and victory points.

The home team sits NS in the open room and EW in the closed room, so on each board it wins
``imps(open NS score - closed NS score)`` (SCORING.md §6), and the match margin converts to
victory points on the WBF continuous scale (:func:`~bridgescore.duplicate.victory_points`).

>>> m = TeamMatch("Lions", "Tigers", [
...     MatchBoard.of(1, "4SN=", "4SE-1"), MatchBoard.of(2, "3NTN+1", "3NTS+1")])
>>> [b.imps for b in m.boards], m.imps, m.victory_points
([9, 0], (9, 0), (16.0, 4.0))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.duplicate.field import ARTIFICIAL, Adjusted, Artificial, victory_points
from bridgescore.duplicate.session import Board
from bridgescore.model import Result, Side
from bridgescore.scoring import UndertrickRule, imps, score_result

__all__ = ["MatchBoard", "TeamMatch"]


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a team match: what happened in each room."""

    board: Board
    open: Result | Adjusted
    """The open room, where the home team sits NS."""
    closed: Result | Adjusted
    """The closed room, where the home team sits EW."""

    @classmethod
    def of(cls, number: int, open_room: str, closed_room: str) -> MatchBoard:
        """A board from notation (``'4SN='`` or an artificial ``'A+/A-'``), Law 2 vulnerability.

        :raises NotationError: for bad notation.
        """
        return cls(Board.numbered(number), _read(open_room), _read(closed_room))

    def ns_score(self, room: Result | Adjusted, undertrick_rule: UndertrickRule = "modern") -> int:
        """A room's NS score (0 for an artificial score)."""
        if isinstance(room, Adjusted):
            return 0
        return score_result(
            room, self.board.vulnerability, undertrick_rule=undertrick_rule
        ).for_side(Side.NS)

    @property
    def imps(self) -> int:
        """The home team's IMPs on this board (artificial scores: ±3 or 0 for the room)."""
        return self.imps_with(ARTIFICIAL)

    def imps_with(self, artificial: Artificial, undertrick_rule: UndertrickRule = "modern") -> int:
        """The home team's IMPs, with these artificial-score values."""
        if isinstance(self.open, Adjusted) or isinstance(self.closed, Adjusted):
            total = 0
            if isinstance(self.open, Adjusted):
                total += artificial.imps_of(self.open.ns)
            if isinstance(self.closed, Adjusted):
                total += artificial.imps_of(self.closed.ew)
            return total
        difference = self.ns_score(self.open, undertrick_rule) - self.ns_score(
            self.closed, undertrick_rule
        )
        return imps(difference)


def _read(text: str) -> Result | Adjusted:
    stripped = text.strip()
    if stripped.upper().startswith("A") and not stripped.upper().startswith("AP"):
        return Adjusted.parse(stripped)
    return Result.parse(stripped)


@dataclass(frozen=True)
class TeamMatch:
    """A match between two teams over some boards."""

    home: str
    away: str
    boards: tuple[MatchBoard, ...]

    def __init__(self, home: str, away: str, boards: Iterable[MatchBoard]) -> None:
        object.__setattr__(self, "home", home)
        object.__setattr__(self, "away", away)
        object.__setattr__(self, "boards", tuple(boards))

    @property
    def imps(self) -> tuple[int, int]:
        """IMPs won by each team: (home, away)."""
        won = sum(max(b.imps, 0) for b in self.boards)
        lost = sum(max(-b.imps, 0) for b in self.boards)
        return won, lost

    @property
    def margin(self) -> int:
        """The home team's IMP margin (negative if it lost)."""
        home, away = self.imps
        return home - away

    @property
    def victory_points(self) -> tuple[float, float]:
        """Victory points (home, away) on the WBF continuous scale for this many boards."""
        return victory_points(self.margin, max(len(self.boards), 1))
