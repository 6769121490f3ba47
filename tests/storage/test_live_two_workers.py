"""Two workers sharing an evening: each keeps the night's state in memory and, when the other
has written since, reads back only the results changed (its mark in the audit trail): after any
interleaving of adds, edits and deletes from either, each one's state is what a fresh read of
the whole night gives."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import Result
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Pair, Section, Session
from bridgescore.live import DIRECTOR, AlreadyEnteredError, TableEntry, UnknownResultError
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore

SLOTS = [
    (p.round, p.table, b, Pair.parse(p.ns).number, Pair.parse(p.ew).number)
    for p in mitchell(3, 2).plays
    for b in p.boards
]

operations = st.lists(
    st.tuples(
        st.integers(0, 1),  # which worker
        st.sampled_from(["add", "edit", "delete", "read"]),
        st.integers(0, len(SLOTS) - 1),
        st.integers(7, 13),
    ),
    max_size=30,
)


@pytest.fixture
def workers(database_url: str) -> Iterator[tuple[LiveStore, LiveStore, Store]]:
    with Store(database_url) as one, Store(database_url) as two:
        yield LiveStore(one), LiveStore(two), one


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=operations)
def test_each_worker_reads_back_what_the_other_wrote(
    workers: tuple[LiveStore, LiveStore, Store], ops: list[tuple[int, str, int, int]]
) -> None:
    first, second, store = workers
    stored, _ = first.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    both = (first, second)
    ids: dict[int, int] = {}  # slot -> result id
    for worker, action, slot, tricks in ops:
        live = both[worker]
        round_number, table, board, ns, ew = SLOTS[slot]
        entry = TableEntry(round_number, table, board, ns, ew, Result.parse(f"3NTN {tricks}"))
        entered = slot in ids
        try:
            if action == "add":
                ids[slot] = live.add(stored.id, entry, DIRECTOR)[0].id
                assert not entered  # decided on the stored night, not on a state kept behind it
            elif action == "edit":
                live.edit(stored.id, ids.get(slot, 10**6), entry, DIRECTOR)
            elif action == "delete":
                live.remove(stored.id, ids.get(slot, 10**6), DIRECTOR)
                del ids[slot]
            else:
                live.state(stored.id)
        except AlreadyEnteredError:
            assert action == "add"
            assert entered
        except UnknownResultError:
            assert slot not in ids
        fresh = LiveStore(store).state(stored.id)
        for one in both:
            state = one.state(stored.id)
            assert (state.version, state.results) == (fresh.version, fresh.results)


def test_a_table_is_judged_on_the_stored_night_not_on_a_state_kept_behind_it(
    workers: tuple[LiveStore, LiveStore, Store],
) -> None:
    """A worker begins a table's result on the night it keeps in memory (not read first):
    where the other worker has written since, the write is judged again on the stored night,
    so a round the table has reached meanwhile is taken, and its board entered is refused."""
    first, second, _ = workers
    stored, _ = first.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    second.state(stored.id)  # second keeps the night with nothing entered
    plays = [(r, t, b, ns, ew) for r, t, b, ns, ew in SLOTS if t == 1]
    for round_number, table, board, ns, ew in plays[:2]:  # table 1's first round, on first
        first.add(stored.id, TableEntry(round_number, table, board, ns, ew,
                                        Result.parse("3NTN 9")), 1)  # fmt: skip
    round_number, table, board, ns, ew = plays[2]  # its second round, on second
    assert round_number == 2
    added, version = second.add(stored.id, TableEntry(round_number, table, board, ns, ew,
                                                      Result.parse("4SS 10")), 1)  # fmt: skip
    assert version == 4
    assert second.state(stored.id).result(added.id).entry.board == board
    with pytest.raises(AlreadyEnteredError):  # first keeps the night without it
        first.add(stored.id, TableEntry(round_number, table, board, ns, ew,
                                        Result.parse("4SS 10")), 1)  # fmt: skip
    assert first.state(stored.id).version == 4
