"""Live: results entered at the tables while a night is played.

- :mod:`~bridgescore.live.rules`: :func:`accept`, the one decision on every entry, change and
  deletion (its names are also this package's);
- :mod:`~bridgescore.live.entry`: what a table enters for one board, and a stored entry;
- :mod:`~bridgescore.live.room`: the director's changes to who plays whom (late pairs,
  withdrawals, fouled boards);
- :mod:`~bridgescore.live.deals`: the hand records attached while the night goes on, and who may
  see them;
- :mod:`~bridgescore.live.teams`: a team night's tables.
"""

from __future__ import annotations

from bridgescore.live.rules import (
    DIRECTOR,
    MOST_WEIGHTED_WORK,
    NOW,
    Add,
    AlreadyEnteredError,
    Change,
    Delete,
    Edit,
    LiveResult,
    LiveState,
    NotAllowedError,
    TableEntry,
    TablePosition,
    UnknownResultError,
    Who,
    accept,
    accept_request,
    check_roster_lookup,
    read_lead,
    read_result,
    substitute,
)

__all__ = [
    "DIRECTOR",
    "MOST_WEIGHTED_WORK",
    "NOW",
    "Add",
    "AlreadyEnteredError",
    "Change",
    "Delete",
    "Edit",
    "LiveResult",
    "LiveState",
    "NotAllowedError",
    "TableEntry",
    "TablePosition",
    "UnknownResultError",
    "Who",
    "accept",
    "accept_request",
    "check_roster_lookup",
    "read_lead",
    "read_result",
    "substitute",
]
