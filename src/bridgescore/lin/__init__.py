"""BBO's LIN: placeholder docstring."""

from bridgescore.errors import LinError
from bridgescore.lin._convert import (
    boards_from_games,
    lin_to_pbn,
    pbn_to_lin_boards,
    read_lin_deals,
    read_lin_match,
    read_lin_session,
    to_games,
)
from bridgescore.lin._reader import LinBoard, LinFile, read_lin
from bridgescore.lin._writer import HANDVIEWER, handviewer_url, write_board, write_lin

__all__ = [
    "HANDVIEWER",
    "LinBoard",
    "LinError",
    "LinFile",
    "boards_from_games",
    "handviewer_url",
    "lin_to_pbn",
    "pbn_to_lin_boards",
    "read_lin",
    "read_lin_deals",
    "read_lin_match",
    "read_lin_session",
    "to_games",
    "write_board",
    "write_lin",
]
