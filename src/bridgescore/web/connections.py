"""What one client may hold open: a bound on connections, and timeouts for headers and bodies.

uvicorn serves the app with httptools, and limits neither how many connections one client
holds nor how long a request's headers or body may take to arrive: a client that opens a
thousand connections and sends a byte a second holds them for ever. :class:`GuardedHttp` is
uvicorn's own HTTP protocol with that added (``uvicorn.run(..., http=GuardedHttp)``):

- a request's headers must arrive within :attr:`Limits.header_seconds` of its first byte (or of
  the connection, for its first request), and its body within :attr:`Limits.body_seconds` of its
  headers, else the connection is closed;
- a client (one address) has at most :attr:`Limits.pending_per_client` connections still waiting
  for a request's headers: a new one past that closes its oldest such connection that has
  waited a second or more (so the idle and the trickling make room, and the client's real
  requests are served; a burst of new connections, a club's phones at a round's end, is not);
- a client holds at most :attr:`Limits.connections_per_client` connections (200: a club room's
  phones behind one router hold far fewer; a process may open thousands of files): a new one
  past that closes the client's oldest connection still waiting for its headers (the idle and
  the trickling), else its oldest still sending a request's body, else it is closed at once
  (a request being answered, an event stream, is never cut for another); the process holds at most
  :attr:`Limits.connections`, past which a new connection is closed at once;
- a named reverse proxy (:class:`~bridgescore.web.proxies.Proxies`) is many clients: its
  connections count towards the process's bound only (its clients are bounded by it).

Counts are per worker process. Every guard acts by closing the connection: a client that sent
no complete request gets no answer to misread.
"""

from __future__ import annotations

import asyncio
import resource
from collections import OrderedDict, defaultdict
from typing import ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from bridgescore.web.proxies import Proxies
from bridgescore.web.settings import Limits

__all__ = ["STALE", "GuardedHttp", "raise_open_files"]

STALE = 1.0
"""Seconds a connection waits for its headers before a newer one may close it."""


def raise_open_files() -> int:
    """Raise this process's open-file limit to its hard limit (each connection is one file;
    Debian's default soft limit, 1,024, is too low for a club's evening). Returns the limit now.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65_536)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # not allowed here: keep the soft limit
            return soft
        return wanted
    return soft


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, with the bounds and timeouts of :attr:`limits`."""

    limits: ClassVar[Limits] = Limits()
    """The bounds (set once per process by :meth:`configure`, before serving)."""
    proxies: ClassVar[Proxies] = Proxies()
    """The reverse proxies named by the operator (no per-client bounds for them)."""
    _open: ClassVar[dict[str, int]] = defaultdict(int)
    _pending: ClassVar[dict[str, OrderedDict[GuardedHttp, float]]] = defaultdict(OrderedDict)
    _bodies: ClassVar[dict[str, OrderedDict[GuardedHttp, None]]] = defaultdict(OrderedDict)
    _total: ClassVar[int] = 0

    @classmethod
    def configure(cls, limits: Limits, proxies: Proxies | None = None) -> None:
        """Use ``limits`` (and ``proxies``) for the connections this process accepts from now
        on."""
        cls.limits = limits
        cls.proxies = proxies or Proxies()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._who = self.client[0] if self.client else ""
        self._counted = False
        cls = type(self)
        limits = cls.limits
        self._bounded = self._who not in cls.proxies
        if self._bounded and cls._open[self._who] >= limits.connections_per_client:
            waiting = cls._pending.get(self._who) or cls._bodies.get(self._who)
            if waiting:  # the oldest still sending its headers (else a body) makes room
                oldest = next(iter(waiting))
                oldest._uncount()  # now: the close itself is only scheduled
                oldest.transport.close()
        if (
            cls._total >= limits.connections
            or cls._open[self._who] >= limits.connections_per_client
        ):
            transport.close()
            return
        self._counted = True
        cls._total += 1
        cls._open[self._who] += 1
        self._waiting_for_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        super().connection_lost(exc)

    def _uncount(self) -> None:
        self._cancel()
        if self._counted:
            cls = type(self)
            self._counted = False
            cls._total -= 1
            cls._open[self._who] -= 1
            if not cls._open[self._who]:
                del cls._open[self._who]
            self._not_pending()
            self._no_body()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._counted and self._timer is None:  # a keep-alive connection's next request
            self._waiting_for_headers()

    def on_headers_complete(self) -> None:
        self._cancel()
        self._not_pending()
        if self._counted:
            type(self)._bodies[self._who][self] = None
        self._timer = self.loop.call_later(self.limits.body_seconds, self._too_slow)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._cancel()
        self._no_body()
        super().on_message_complete()

    def _no_body(self) -> None:
        bodies = type(self)._bodies.get(self._who)
        if bodies is not None:
            bodies.pop(self, None)
            if not bodies:
                del type(self)._bodies[self._who]

    def _waiting_for_headers(self) -> None:
        pending = type(self)._pending[self._who]
        now = self.loop.time()
        while self._bounded and len(pending) >= self.limits.pending_per_client:
            oldest, since = next(iter(pending.items()))
            if now - since < STALE:
                break
            del pending[oldest]
            oldest.transport.close()
        pending[self] = now
        self._cancel()
        self._timer = self.loop.call_later(self.limits.header_seconds, self._too_slow)

    def _not_pending(self) -> None:
        pending = type(self)._pending.get(self._who)
        if pending is not None:
            pending.pop(self, None)
            if not pending:
                del type(self)._pending[self._who]

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        self._not_pending()
        self._no_body()
        self.transport.close()
