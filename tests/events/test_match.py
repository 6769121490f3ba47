"""Team matches: board IMPs (SCORING.md §6 team examples), totals and VPs."""

from __future__ import annotations

import pytest

from bridgescore.duplicate import Adjusted, Artificial, victory_points
from bridgescore.events.match import MatchBoard, TeamMatch


@pytest.mark.parametrize(
    ("board", "open_room", "closed_room", "expected"),
    [
        (2, "4SN=", "4SS-1", 12),  # +620 v -100: 720
        (1, "4SN=", "4SN+1", -1),  # +420 v +450
        (2, "6SN=", "4SN+2", 13),  # +1430 v +680: 750
        (4, "5SXN-2", "4HE=", 3),  # -500 (a sacrifice) v -620: 120
        (1, "Pass", "Pass", 0),
    ],
)
def test_board_imps(board: int, open_room: str, closed_room: str, expected: int) -> None:
    assert MatchBoard.of(board, open_room, closed_room).imps == expected


def test_a_match() -> None:
    boards = [MatchBoard.of(2, "4SN=", "4SS-1"), MatchBoard.of(1, "4SN=", "4SN+1"),
              MatchBoard.of(2, "6SN=", "4SN+2"), MatchBoard.of(4, "5SXN-2", "4HE=")]  # fmt: skip
    match = TeamMatch("Lions", "Tigers", boards)
    assert [b.imps for b in match.boards] == [12, -1, 13, 3]
    assert match.imps == (28, 1)
    assert match.margin == 27
    assert match.victory_points == victory_points(27, 4) == (19.52, 0.48)  # blitz 15 √4 = 30
    reverse = TeamMatch("Tigers", "Lions", [MatchBoard(b.board, b.closed, b.open) for b in boards])
    assert reverse.margin == -27


def test_artificial_rooms() -> None:
    board = MatchBoard.of(1, "A+/A-", "4SE=")
    assert board.imps == 3
    assert board.imps_with(Artificial(imps=2)) == 2
    assert MatchBoard.of(1, "A/A", "A-/A+").imps == 3
    assert isinstance(board.open, Adjusted)


def test_victory_points_of_a_close_match() -> None:
    match = TeamMatch("A", "B", [MatchBoard.of(n, "4SN=", "4SN=") for n in range(1, 17)])
    assert match.victory_points == (10.0, 10.0)
