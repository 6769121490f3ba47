"""Double-dummy tables in the background: a thread that feeds a worker process, so that DDS
never runs on the event loop or holds the server's GIL.

The live sessions' boards still to solve wait in the database
(:class:`~bridgescore.storage.live_deals.DealStore`: a row each, written with the deal). The
:class:`Analyser` thread claims a few boards of one session at a time, has the worker process
solve them (:func:`solve`: DDS through endplay, the ``dd`` extra, as
:func:`bridgescore.boards.dd.dd_tables` does), and stores their tables and par in one write (a new
version: the director's page hears it). It starts with the app and whenever deals are
attached, so a restart resumes what was left; it sleeps when nothing waits. Without endplay
it does not run, and :attr:`Analyser.available` says so (the pages say it too).
"""

from __future__ import annotations

import importlib.util
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Final

from bridgescore.boards.dd import DDTable
from bridgescore.errors import BridgeError
from bridgescore.storage.live_deals import DealStore

__all__ = ["IDLE", "RETRY", "UNAVAILABLE", "Analyser", "endplay_installed", "solve"]

log = logging.getLogger(__name__)

IDLE: Final = 30.0
"""Seconds the thread sleeps when nothing waits, before it looks again (it is woken at once
when deals are attached)."""

RETRY: Final = 5.0
"""Seconds before the thread tries again after a failure."""

UNAVAILABLE: Final = (
    "double-dummy tables need DDS, which this server does not have: install bridgescore[dd] "
    "(endplay) and restart it; the hands are shown meanwhile"
)
"""What the pages say without endplay."""


def solve(deals: list[str]) -> list[DDTable]:
    """The double-dummy tables of the deals (PBN), in the worker process: DDS on every core
    but one, which is left to the server."""
    from bridgescore.boards.dd import dd_tables, set_threads

    global _threads_set
    if not _threads_set:  # once a process: DDS sets up each thread's memory anew
        set_threads(max(1, (os.cpu_count() or 2) - 1))
        _threads_set = True
    return list(dd_tables(deals))


_threads_set = False


def endplay_installed() -> bool:
    """Whether DDS can be had here (endplay, the ``dd`` extra)."""
    return importlib.util.find_spec("endplay") is not None


class Analyser:
    """The background solver of one app's live sessions' deals."""

    def __init__(self, deals: DealStore, *, available: bool | None = None) -> None:
        self.deals = deals
        self.available = endplay_installed() if available is None else available
        """Whether double-dummy tables can be solved here (endplay is installed)."""
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pool: ProcessPoolExecutor | None = None

    def wake(self) -> None:
        """Look for boards to solve now (starting the thread if it is not running)."""
        if not self.available:
            return
        with self._lock:
            if self._stop.is_set():
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="dd-worker", daemon=True)
                self._thread.start()
        self._wake.set()

    def stop(self) -> None:
        """Stop the thread and the worker process (a solve under way is waited for)."""
        with self._lock:
            self._stop.set()
            thread, self._thread = self._thread, None
        self._wake.set()
        if thread is not None:
            thread.join(timeout=30)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _process(self) -> ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            self._pool = ProcessPoolExecutor(1, mp_context=context)
        return self._pool

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                worked = self.turn()
            except Exception:  # a database or worker failure: logged, tried again later
                if not threading.main_thread().is_alive():  # the interpreter is ending
                    return
                log.exception("the double-dummy worker failed; trying again")
                pool, self._pool = self._pool, None
                if pool is not None:
                    pool.shutdown(wait=False, cancel_futures=True)
                self._stop.wait(RETRY)
                continue
            if not worked:
                self._wake.wait(IDLE)
                self._wake.clear()

    def turn(self) -> bool:
        """Solve one session's claimed boards and store them; whether there were any."""
        work = self.deals.claim()
        if not work:
            return False
        game_id = work[0][0]
        try:
            tables = self._process().submit(solve, [str(deal) for _, _, deal in work]).result()
        except Exception:  # the worker process failed (or died): the boards wait again
            self.deals.release(game_id, [board for _, board, _ in work])
            raise
        solved = [(board, deal, table) for (_, board, deal), table in zip(work, tables,
                                                                          strict=True)]  # fmt: skip
        try:
            self.deals.solved(game_id, solved)
        except BridgeError:  # the session is gone (its rows went with it)
            log.info("session %s went before its deals were solved", game_id)
        return True
