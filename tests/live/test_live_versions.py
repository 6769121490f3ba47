"""A table's change names the version of the result it replaces (issue 31): the core's rule,
for a pairs evening and a team night alike."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.events import Event, EventKind, teams
from bridgescore.live import (
    DIRECTOR,
    NOW,
    AlreadyEnteredError,
    Edit,
    LiveResult,
    LiveState,
    NotAllowedError,
    OutdatedError,
    accept,
)

LATER = NOW + timedelta(minutes=3)


def pairs() -> LiveState:
    return LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))


def team_night() -> LiveState:
    return LiveState.start(
        Event(
            EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C", "D"), 1, boards_per_match=2
        ).draw_next()
    )


@pytest.mark.parametrize("start", [pairs, team_night], ids=["pairs", "teams"])
def test_a_table_changes_only_the_version_it_read(start: Callable[[], LiveState]) -> None:
    """Defect: a phone opened later (or the other phone) changed a result the other phone had
    entered, without a conflict: a change naming no version, or an older one, is refused
    (OutdatedError, a 409 the storage keeps as a conflict); naming the stored one, it passes;
    the director needs none."""
    state = start()
    first = state.entry(1, 1, 1, result="4HS=")
    state = state.added(LiveResult(1, first, NOW, NOW))
    other = state.entry(1, 1, 1, result="4HS-1")
    accept(state, 1, Edit(1, other, NOW.isoformat()))  # the version it read: applied
    # the other phone changed it since (its updated_at moved on)
    changed = state.edited(LiveResult(1, state.entry(1, 1, 1, result="4HS+1"), NOW, LATER))
    for replaces in (None, NOW.isoformat(), "not a version"):
        with pytest.raises(OutdatedError) as refused:
            accept(changed, 1, Edit(1, other, replaces))
        assert isinstance(refused.value, AlreadyEnteredError)  # the same 409 as a second POST
        assert refused.value.existing.version == LATER.isoformat()
        assert refused.value.field == "board"
        assert "kept for the director" in str(refused.value)
    accept(changed, 1, Edit(1, other, LATER.isoformat()))
    accept(changed, DIRECTOR, Edit(1, other))  # the director's changes need no version


def test_the_version_is_checked_after_what_the_table_may_do() -> None:
    """A change the table may not make at all is refused as before (403), not kept."""
    state = pairs()
    state = state.added(LiveResult(1, state.entry(1, 2, 3, result="4HS="), NOW, NOW))
    with pytest.raises(NotAllowedError):
        accept(state, 1, Edit(1, state.entry(1, 2, 3, result="4HS-1"), None))
