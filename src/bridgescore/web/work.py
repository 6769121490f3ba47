"""Heavy work off the event loop, within a time budget: reading an upload, scoring a session,
writing an export; and the scores of each session version, computed once.

The routes that do such work are plain ``def`` functions (FastAPI runs them in its thread
pool) or hand their work to one; they pass the heavy part to :func:`run_heavy`, which runs it
in a pool of :data:`JOBS` threads, or to :func:`run_in_process`, which runs it in a pool of
:data:`JOBS` worker processes (reading a PBN file: pure Python on up to 5 MB of text, which in
a thread would hold the server's GIL for a second and more, so that every other request
waited; measured, /health's median during a 5 MB upload went from 6.4 ms to 1.2 ms, its p99
from 38 to 22 ms). Either waits at most ``Limits.seconds``; past that the request is refused
with 503: a job that overran keeps its thread or process until it ends, so at most
:data:`JOBS` heavy jobs of each kind ever run at once, whatever is asked.
"""

from __future__ import annotations

import contextvars
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import ParamSpec, TypeVar

from fastapi import HTTPException, Request

from bridgescore.duplicate.session import SectionScorer, SectionScores, Session, score_session
from bridgescore.locale import gettext
from bridgescore.storage import StoredGame
from bridgescore.web.settings import Limits

__all__ = [
    "JOBS",
    "Work",
    "run_heavy",
    "run_in_process",
    "scores",
    "scores_of",
    "section_scorer",
    "stop_processes",
]

JOBS = 2
"""Heavy jobs that run at once (more wait for a turn, within the time budget)."""

P = ParamSpec("P")
T = TypeVar("T")


class Work:
    """The heavy jobs' threads, and the scores of the last few session versions viewed, keyed
    by (id, version)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, int], list[SectionScores]] = OrderedDict()
        self._scoring: dict[tuple[str, int], threading.Lock] = {}
        self._pool = ThreadPoolExecutor(JOBS, thread_name_prefix="bridgescore-heavy")

    def lock(self, key: tuple[str, int]) -> threading.Lock:
        """The lock held while this version is scored (one per version kept or being scored)."""
        with self._lock:
            lock = self._scoring.get(key)
            if lock is None:
                lock = self._scoring[key] = threading.Lock()
            return lock

    def get(self, key: tuple[str, int]) -> list[SectionScores] | None:
        """The scores kept for this version, if any."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[str, int], scored: list[SectionScores]) -> None:
        """Keep the scores of this version (the oldest kept one goes past :attr:`size`)."""
        with self._lock:
            self._items[key] = scored
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                old, _ = self._items.popitem(last=False)
                self._scoring.pop(old, None)


def run_heavy(request: Request, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``work`` in the heavy jobs' threads and wait for it, at most ``Limits.seconds``.

    Call it from a worker thread (a ``def`` route), never from the event loop.

    :raises HTTPException: 503 if the work (with its wait for a turn) takes longer.
    """
    pool: Work = request.app.state.work
    # the request's context goes along: its language (bridgescore.locale) for a PDF's words
    context = contextvars.copy_context()

    def in_context() -> T:
        return context.run(work, *args, **kwargs)

    return _wait(request, pool._pool.submit(in_context))


_processes: ProcessPoolExecutor | None = None
_processes_lock = threading.Lock()


def run_in_process(request: Request, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """:func:`run_heavy` in a worker process: ``work`` is a module-level function, its
    arguments and its answer (or error) are pickled. One pool serves every app in the process.

    :raises HTTPException: 503 if the work takes longer, or its process died.
    """
    global _processes
    with _processes_lock:
        if _processes is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            if "forkserver" in methods:  # each worker starts with the web app imported
                context.set_forkserver_preload(["bridgescore.web.sessions"])
            _processes = ProcessPoolExecutor(JOBS, mp_context=context)
        pool = _processes
    try:
        return _wait(request, pool.submit(work, *args, **kwargs))
    except BrokenProcessPool:
        with _processes_lock:
            if _processes is pool:
                _processes = None
        raise HTTPException(
            503,
            gettext("the server could not finish this work (a worker process stopped); try again"),
        ) from None


def stop_processes() -> None:
    """Stop the worker processes (when the app stops: uvicorn then ends the process by the
    signal it was sent, so no exit handler would). A job still running is waited for."""
    global _processes
    with _processes_lock:
        pool, _processes = _processes, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _wait(request: Request, future: Future[T]) -> T:
    limits: Limits = request.app.state.settings.limits
    try:
        return future.result(timeout=limits.seconds)
    except FutureTimeout:
        future.cancel()  # if it has not started; else it runs on, holding one of the JOBS
        raise HTTPException(
            503,
            gettext(
                "this needs more than %(seconds)s seconds of work, the most one request may "
                "take (or the server is busy with other large sessions); try a smaller file or "
                "try again in a minute"
            )
            % {"seconds": f"{limits.seconds:g}"},
        ) from None


def scores(request: Request, stored: StoredGame) -> list[SectionScores]:
    """The stored session's scores as the pages show them: :func:`scores_of` its id and
    version, kept apart from the live director's (the pages may show players by number)."""
    assert isinstance(stored.game, Session)
    return scores_of(request, (f"{stored.id}/pages", stored.version), stored.game)


def scores_of(request: Request, key: tuple[str, int], session: Session) -> list[SectionScores]:
    """A session's scores at a version (``key``: its id and version): computed once per
    version, within the time budget (views of a version not yet scored wait for the one job
    that scores it)."""
    cache: Work = request.app.state.work
    found = cache.get(key)
    if found is None:
        found = run_heavy(request, _score_once, cache, key, session)
    return found


def _score_once(work: Work, key: tuple[str, int], session: Session) -> list[SectionScores]:
    with work.lock(key):
        found = work.get(key)
        if found is None:
            found = score_session(session, section_scorer())
            work.put(key, found)
        return found


@cache
def section_scorer() -> SectionScorer | None:
    """numpy's way of scoring a section (``bridgescore.batch.score_section_fast``: the same
    figures, many times faster on a big field) when ``bridgescore[batch]`` is installed, for
    :func:`~bridgescore.duplicate.session.score_session`; None (the pure way) without it."""
    try:
        from bridgescore.batch.field import score_section_fast
    except ImportError:  # pragma: no cover - depends on the installed extras
        return None
    return score_section_fast
