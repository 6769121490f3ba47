"""Two workers sharing an evening: each keeps the night's state in memory and, when the other
has written since, reads back only the results changed (its mark in the audit trail): after any
interleaving of adds, edits and deletes from either, each one's state is what a fresh read of
the whole night gives."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import make_url

from bridgescore import Result
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Pair, Section, Session
from bridgescore.live import (
    DIRECTOR,
    AlreadyEnteredError,
    NotAllowedError,
    NotReachedError,
    TableEntry,
    UnknownResultError,
)
from bridgescore.storage import CHANNEL, Store
from bridgescore.storage.live import LiveStore
from bridgescore.storage.store import heard

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


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=operations)
def test_a_worker_keeps_the_results_the_other_announced(
    postgres_workers: tuple[LiveStore, LiveStore, Store, psycopg.Connection[Any]],
    ops: list[tuple[int, str, int, int]],
) -> None:
    """Each worker hears the other's notices (as the web's listener does: ``heard``): a table's
    new result is added to the night it keeps, so its own next write begins on the stored
    night; whatever it heard, a night kept at the stored version is the stored night."""
    first, second, store, listener = postgres_workers
    stored, _ = first.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    both = (first, second)
    for one in both:
        one.state(stored.id)
    ids: dict[int, int] = {}
    version = 1
    for worker, action, slot, tricks in ops:
        live = both[worker]
        round_number, table, board, ns, ew = SLOTS[slot]
        entry = TableEntry(round_number, table, board, ns, ew, Result.parse(f"3NTN {tricks}"))
        with contextlib.suppress(
            AlreadyEnteredError, UnknownResultError, NotAllowedError, NotReachedError
        ):
            if action == "add":
                ids[slot] = live.add(stored.id, entry, table)[0].id
            elif action == "edit":
                live.edit(stored.id, ids.get(slot, 10**6), entry, DIRECTOR)
            elif action == "delete":
                live.remove(stored.id, ids.pop(slot, 10**6), DIRECTOR)
        fresh = LiveStore(store).state(stored.id)
        notices = _heard(listener, stored.id, fresh.version) if version < fresh.version else []
        version = fresh.version
        other = both[1 - worker]
        for told in notices:
            behind = other.known(stored.id)
            for one in both:
                one.heard(*told)
            if told[2] and behind is not None and behind.version == told[1] - 1:
                assert other.known(stored.id).version == told[1]  # type: ignore[union-attr]
        for one in both:
            kept = one.known(stored.id)
            assert kept is not None
            if kept.version == fresh.version:
                assert kept.results == fresh.results


@pytest.fixture
def postgres_workers(
    database_url: str,
) -> Iterator[tuple[LiveStore, LiveStore, Store, psycopg.Connection[Any]]]:
    """Two workers on the test PostgreSQL database, and a connection that listens to them."""
    conninfo = make_url(database_url).set(drivername="postgresql").render_as_string(False)
    with (
        Store(database_url) as one,
        Store(database_url) as two,
        psycopg.connect(conninfo, autocommit=True) as listener,
    ):
        listener.execute(f"LISTEN {CHANNEL}")
        yield LiveStore(one), LiveStore(two), one, listener


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_worker_that_heard_the_others_results_writes_without_reading_the_night(
    postgres_workers: tuple[LiveStore, LiveStore, Store, psycopg.Connection[Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tables posting to either worker in turn: each hears the other's results from their
    notices, and each of its own results is written on the night it keeps (never read)."""
    first, second, store, listener = postgres_workers
    stored, _ = first.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    second.state(stored.id)
    reads: list[object] = []
    monkeypatch.setattr(LiveStore, "_read", lambda *args, **kw: reads.append(args))
    plays = [slot for slot in SLOTS if slot[0] == 1]  # round 1: any order
    for n, (round_number, table, board, ns, ew) in enumerate(plays):
        entry = TableEntry(round_number, table, board, ns, ew, Result.parse("3NTN 9"))
        _, version = (first, second)[n % 2].add(stored.id, entry, table)
        told = _heard(listener, stored.id, version)[-1]
        for one in (first, second):
            one.heard(*told)
            assert one.known(stored.id).version == version  # type: ignore[union-attr]
    assert reads == []
    monkeypatch.undo()
    fresh = LiveStore(store).state(stored.id)
    for one in (first, second):
        assert one.known(stored.id).results == fresh.results  # type: ignore[union-attr]


def _heard(
    listener: psycopg.Connection[Any], game_id: str, version: int
) -> list[tuple[str, int, str]]:
    """The game's notices the listener hears, read as the web's listener reads them, up to
    the one of ``version`` (5 s at most)."""
    notices = []
    for note in listener.notifies(timeout=5):
        told = heard(note.payload)
        assert told is not None
        if told[0] == game_id:
            notices.append(told)
            if told[1] == version:
                break
    return notices
