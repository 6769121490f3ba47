"""Live results stored one row each: any sequence of adds, edits and deletes leaves exactly the
results a plain dictionary would hold, the version one more per change, and an audit line each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Result, Weighted
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Pair, Section, Session
from bridgescore.live import (
    DIRECTOR,
    AlreadyEnteredError,
    TableEntry,
    UnknownResultError,
)
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore

SLOTS = [
    (p.round, p.table, b, Pair.parse(p.ns).number, Pair.parse(p.ew).number)
    for p in mitchell(3, 2).plays
    for b in p.boards
]


def _entry(slot: int, text: str) -> TableEntry:
    round_number, table, board, ns, ew = SLOTS[slot]
    return TableEntry(round_number, table, board, ns, ew, result=Result.parse(text))


@pytest.fixture(scope="module")
def live() -> Iterator[LiveStore]:
    with Store("sqlite://") as store:
        yield LiveStore(store)


operations = st.lists(
    st.tuples(
        st.sampled_from(["add", "edit", "delete"]),
        st.integers(0, len(SLOTS) - 1),
        st.integers(7, 13),
    ),
    max_size=25,
)


@settings(max_examples=30, deadline=None)
@given(ops=operations)
def test_any_changes_leave_what_a_dictionary_would(
    live: LiveStore, ops: list[tuple[str, int, int]]
) -> None:
    stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    model: dict[int, TableEntry] = {}
    ids: dict[int, int] = {}  # slot -> result id
    changes = 0
    for action, slot, tricks in ops:
        round_number, table, board, ns, ew = SLOTS[slot]
        entry = TableEntry(round_number, table, board, ns, ew, Result.parse(f"3NTN {tricks}"))
        try:
            if action == "add":
                added, _ = live.add(stored.id, entry, DIRECTOR)
                ids[slot] = added.id
                model[added.id] = entry
            elif action == "edit":
                edited, _ = live.edit(stored.id, ids.get(slot, 10**6), entry, DIRECTOR)
                model[edited.id] = entry
            else:
                removed, _ = live.remove(stored.id, ids.get(slot, 10**6), DIRECTOR)
                del model[removed.id]
                del ids[slot]
            changes += 1
        except AlreadyEnteredError as exc:
            existing = exc.existing.id
            assert action == "add"
            assert existing == ids[slot]
        except UnknownResultError:
            assert action != "add"
            assert slot not in ids
    state = live.state(stored.id)
    assert {r.id: r.entry for r in state.results} == model
    assert state.version == 1 + changes
    assert len(live.changes(stored.id)) == changes
    # the state kept in memory is what a fresh read of the database gives
    fresh = LiveStore(live.store).state(stored.id)
    assert (fresh.version, fresh.results) == (state.version, state.results)


def test_a_weighted_score_is_stored_and_audited(store: Store) -> None:
    live = LiveStore(store)
    stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    round_number, table, board, ns, ew = SLOTS[0]
    text = "50% 4SN=, 30% 4SN-1, 20% 5HXE-2"
    entry = TableEntry(round_number, table, board, ns, ew, weighted=Weighted.parse(text))
    added, _ = live.add(stored.id, entry, DIRECTOR)
    assert LiveStore(store).state(stored.id).results[0].entry == entry
    assert added.to_dict()["weighted"] == text
    edited, _ = live.edit(stored.id, added.id, _entry(0, "3NTN="), DIRECTOR)
    assert edited.entry.weighted is None
    (first, second) = live.changes(stored.id)[-2:]
    assert (first.new or {}).get("weighted") == text
    assert (second.old or {}).get("weighted") == text


def test_a_failing_listener_neither_loses_a_write_nor_stops_the_writer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with Store("sqlite://") as store:
        live = LiveStore(store)
        stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)

        def broken(game_id: str, version: int) -> None:
            raise RuntimeError("the event loop has gone")

        store.listeners.append(broken)
        for slot in (0, 1):
            live.add(stored.id, _entry(slot, "3NTN="), 1)
        assert [r.entry.board for r in live.state(stored.id).results] == [1, 2]
        assert "a listener failed" in caplog.text
