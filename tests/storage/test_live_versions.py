"""A table's change naming no version, or an older one, of the result it replaces is kept as a
conflict inside the write's transaction (SQLite and PostgreSQL), for both kinds of night."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.events import Event, EventKind, teams
from bridgescore.live import DIRECTOR, OutdatedError
from bridgescore.live.night import Night
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore


def _pairs() -> Night:
    return Session((Section.from_movement(mitchell(3, 2)),))


def _teams() -> Night:
    return Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C", "D"), 1,
                 boards_per_match=2).draw_next()  # fmt: skip


@pytest.mark.parametrize("night", [_pairs, _teams], ids=["pairs", "teams"])
def test_a_stale_table_change_is_kept_as_a_conflict_never_applied(
    store: Store, night: Callable[[], Night]
) -> None:
    """Defects: a phone opened later changed the other phone's result without a conflict (both
    kinds of night); on a team night a second phone silently changed a board until the other
    room entered it."""
    live = LiveStore(store)
    game, _ = live.start(night())
    state = live.state(game.id)
    first, _ = live.add(game.id, state.entry(1, 1, 1, result="4HS="), 1)
    seen = first.version  # what the first phone read
    # the other phone of the table fixes it, naming the version it read: applied
    fixed, _ = live.edit(game.id, first.id, state.entry(1, 1, 1, result="4HS+1"), 1, seen)
    assert fixed.version != seen
    for replaces in (seen, None):  # an older version, or none (an old client)
        mine = state.entry(1, 1, 1, result="4HS-1")
        with pytest.raises(OutdatedError) as refused:
            live.edit(game.id, first.id, mine, 1, replaces)
        assert refused.value.existing.entry == fixed.entry
        assert live.state(game.id).result(first.id).entry == fixed.entry  # never applied
    kept = live.conflicts(game.id)
    assert [(c.reason, c.result_id, str(c.entry.result)) for c in kept] == [
        ("different", first.id, "4HS-1"),
        ("different", first.id, "4HS-1"),
    ]
    # the same score as stored, though stale: refused, nothing kept
    with pytest.raises(OutdatedError):
        live.edit(game.id, first.id, fixed.entry, 1, seen)
    assert len(live.conflicts(game.id)) == 2
    # the director's change needs no version; the conflict's entry can be put in its place
    live.edit(game.id, first.id, state.entry(1, 1, 1, result="4HS="), DIRECTOR)
    live.settle(game.id, kept[0].id, "entry")
    assert str(live.state(game.id).result(first.id).entry.result) == "4HS-1"
