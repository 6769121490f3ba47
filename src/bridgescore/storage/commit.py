"""Group commit: the writes waiting at the same moment made by one thread in one transaction.

Thirty tables posting at once wait for one commit instead of for each other's. Each write is
a :data:`Job`: given the transaction, the time and the group's states so far, it asks the core,
writes, and returns what it made and the night's new version. A refused write (the core's
refusal, raised before or after it has written) fails alone: the group is rolled back and done
again without it, so neither its rows nor its states are kept (refusals are rare; a savepoint
for each write cost two statements more a result, 8 % of the server's time in ``make
bench-live``). A database error fails the whole group (rolled back, none of it stored). The
states a group made are kept only once it has committed. A job announces its changes itself
(a live write, with its version's bump). The thread writes through one connection while
writes keep coming (:meth:`~bridgescore.storage.Store.holding`): a group that finds it
dropped (PostgreSQL restarted) before it is sent for committing is done again, once, on a new
connection; dropped while committing, the group fails (it may or may not be stored).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError

from bridgescore.errors import BridgeError
from bridgescore.live import LiveState
from bridgescore.storage.errors import DatabaseError
from bridgescore.storage.store import Store, utcnow

__all__ = ["GroupCommit", "Job", "States"]

log = logging.getLogger(__name__)

T = TypeVar("T")
States = dict[str, LiveState]
"""The sessions' states as a group of writes has made them so far (kept once it commits)."""
Job = Callable[[Connection, datetime, States], tuple[T, int]]
"""A write: given the transaction, the time and the group's states, it asks the core, writes,
and returns what it made and the new version (a refusal raises, and what it wrote is taken
back)."""


class GroupCommit:
    """Writes done one group at a time, by one thread, one transaction and commit a group.

    The thread starts with the first write and ends after a second with none. ``keep`` is
    given the states a group made, once it has committed.
    """

    MOST = 100
    """The most writes in one group."""

    def __init__(self, store: Store, keep: Callable[[States], None]) -> None:
        self._store = store
        self._keep = keep
        self._waiting: queue.SimpleQueue[tuple[str, Job[Any], Future[Any]]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def run(self, game_id: str, job: Job[T]) -> tuple[T, int]:
        """Do ``job`` for ``game_id`` in the next group; its answer, once committed."""
        return self.submit(game_id, job).result()

    def submit(self, game_id: str, job: Job[T]) -> Future[tuple[T, int]]:
        """Put ``job`` for ``game_id`` in the next group; its answer, once committed."""
        future: Future[tuple[T, int]] = Future()
        self._waiting.put((game_id, job, future))
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="live-writes", daemon=True)
                self._thread.start()
        return future

    def _work(self) -> None:
        try:
            with self._store.holding() as held:  # while writes keep coming
                self._groups(held)
        except DatabaseError as failure:  # no connection: the writes waiting fail, not hang
            with self._lock:
                self._thread = None
                while not self._waiting.empty():
                    self._waiting.get_nowait()[2].set_exception(failure)

    def _groups(self, held: Connection | None) -> None:
        while True:
            try:
                group = [self._waiting.get(timeout=1.0)]
            except queue.Empty:
                with self._lock:
                    if self._waiting.empty():
                        self._thread = None
                        return
                continue
            while len(group) < self.MOST and not self._waiting.empty():
                group.append(self._waiting.get_nowait())
            self._commit(group, held)

    def _commit(
        self, group: list[tuple[str, Job[Any], Future[Any]]], held: Connection | None = None
    ) -> None:
        # One game's writes in the order they came; games in one order (no two PostgreSQL
        # workers lock two sessions' rows the other way round).
        group.sort(key=lambda item: item[0])
        refused: list[tuple[Future[Any], Exception]] = []
        retried = held is None
        while True:
            try:
                done, states = self._attempt(group, held)
            except _Refused as refusal:  # rolled back: the group again, without that write
                refused.append((group.pop(refusal.index)[2], refusal.reason))
                continue
            except _Dropped as dropped:
                if not retried:  # once, on a new connection (the held one was dropped)
                    retried = True
                    continue
                self._fail(group, refused, dropped.failure)
                return
            except Exception as failure:  # rolled back: none of the group is stored
                self._fail(group, refused, failure)
                return
            break
        self._keep(states)
        # answered once the transaction has ended (an in-memory database has one connection)
        for future, reason in refused:
            future.set_exception(reason)
        for _, future, answer in done:
            future.set_result(answer)
        for game_id, _, answer in done:
            for listener in self._store.listeners:
                try:
                    listener(game_id, answer[1])
                except Exception:  # a listener's failure is not the writes'
                    log.exception("a listener failed on session %s version %s", game_id, answer[1])

    @staticmethod
    def _fail(
        group: list[tuple[str, Job[Any], Future[Any]]],
        refused: list[tuple[Future[Any], Exception]],
        failure: Exception,
    ) -> None:
        """Tell the group's writes that none of them is stored (the refused, why they were)."""
        for future, reason in refused:
            future.set_exception(reason)
        for _, _, future in group:
            future.set_exception(failure)

    def _attempt(
        self, group: list[tuple[str, Job[Any], Future[Any]]], held: Connection | None
    ) -> tuple[list[tuple[str, Future[Any], Any]], States]:
        """The group's writes in one transaction, committed: what each made, and the states.

        :raises _Refused: for the first write the core refuses (nothing is stored then).
        """
        done: list[tuple[str, Future[Any], Any]] = []
        states: States = {}
        now = utcnow()
        committing = False
        try:
            with self._store.transaction(write=True, on=held) as conn:
                for index, (game_id, job, future) in enumerate(group):
                    try:
                        answer = job(conn, now, states)
                    except BridgeError as reason:  # the core's refusal
                        if isinstance(reason, DatabaseError):
                            raise
                        raise _Refused(index, reason) from None
                    done.append((game_id, future, answer))
                committing = True
        except DatabaseError as failure:
            cause = failure.__cause__
            if committing or not (isinstance(cause, DBAPIError) and cause.connection_invalidated):
                raise
            raise _Dropped(failure) from failure  # nothing sent for committing: none stored
        return done, states


class _Dropped(Exception):
    """The database had dropped the connection before the group was sent for committing
    (PostgreSQL restarted while the writer held it): nothing of it is stored."""

    def __init__(self, failure: DatabaseError) -> None:
        super().__init__(str(failure))
        self.failure = failure


class _Refused(Exception):
    """The core refused the write at ``index`` of a group: the group is rolled back."""

    def __init__(self, index: int, reason: BridgeError) -> None:
        super().__init__(str(reason))
        self.index, self.reason = index, reason
