"""Live results stored one row each: any sequence of adds, edits and deletes leaves exactly the
results a plain dictionary would hold, the version one more per change, and an audit line each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.movement import mitchell
from bridgescore.session import Section, Session
from bridgescore.storage import Store
from bridgescore.storage.live import DuplicateResultError, Entry, LiveStore, ResultNotFoundError

SLOTS = [(p.round, p.table, b, p.ns, p.ew) for p in mitchell(3, 2).plays for b in p.boards]


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
    model: dict[int, Entry] = {}
    ids: dict[int, int] = {}  # slot -> result id
    changes = 0
    for action, slot, tricks in ops:
        round_number, table, board, ns, ew = SLOTS[slot]
        entry = Entry(round_number, table, board, ns, ew, "3NT", "N", tricks)
        try:
            if action == "add":
                added, _ = live.add(stored.id, entry, "table 1")
                ids[slot] = added.id
                model[added.id] = entry
            elif action == "edit":
                edited, _ = live.edit(stored.id, ids.get(slot, 10**6), entry, "director")
                model[edited.id] = entry
            else:
                removed, _ = live.remove(stored.id, ids.get(slot, 10**6), "director")
                del model[removed.id]
                del ids[slot]
            changes += 1
        except DuplicateResultError as exc:
            existing = exc.existing.id
            assert action == "add"
            assert existing == ids[slot]
        except ResultNotFoundError:
            assert action != "add"
            assert slot not in ids
    state = live.results(stored.id)
    assert {r.id: r.entry for r in state.results} == model
    assert state.version == 1 + changes
    assert len(live.changes(stored.id)) == changes


def test_a_weighted_score_is_stored_and_audited(store: Store) -> None:
    live = LiveStore(store)
    stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    round_number, table, board, ns, ew = SLOTS[0]
    text = "50% 4SN=, 30% 4SN-1, 20% 5HXE-2"
    entry = Entry(round_number, table, board, ns, ew, weighted=text)
    added, _ = live.add(stored.id, entry, "director")
    assert live.results(stored.id).results[0].entry == entry
    assert added.to_dict()["weighted"] == text
    edited, _ = live.edit(stored.id, added.id, Entry(round_number, table, board, ns, ew, "3NT",
                                                     "N", 9), "director")  # fmt: skip
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
        for board in (1, 2):
            live.add(stored.id, Entry(1, 1, board, "NS 1", "EW 1", "3NT", "N", 9), "table 1")
        assert [r.entry.board for r in live.results(stored.id).results] == [1, 2]
        assert "a listener failed" in caplog.text
