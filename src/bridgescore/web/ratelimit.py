"""How often one client may ask for what costs: creating a game or a session, uploading a file.

Each client address has a bucket of :attr:`~bridgescore.web.settings.Limits.creations_per_minute`
tokens that fills again at that rate; a costly request takes one, and with none left it is
refused with 429 and ``Retry-After``. Everything else (a table's results, a viewer's reads and
event streams) is never counted: a club's phones all behind one address are never refused.
Counts are per worker process (:class:`Buckets` lives in the app).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from fastapi import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore.web.guard import error_response

__all__ = ["COSTLY", "Buckets", "CreationLimit"]

COSTLY = frozenset(
    {
        ("POST", "/api/sessions"),
        ("POST", "/session/new"),
        ("POST", "/api/rubbers"),
        ("POST", "/api/chicagos"),
    }
)
"""The requests that create: (method, path)."""


class Buckets:
    """A token bucket per client: ``rate`` a minute, as many at once.

    >>> clock = iter([0.0, 0.0, 0.0, 30.0]).__next__
    >>> buckets = Buckets(2, clock=clock)
    >>> [buckets.take("a") for _ in range(3)], buckets.take("a")
    ([0.0, 0.0, 30.0], 0.0)
    """

    def __init__(self, rate: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._full = float(rate)
        self._left: dict[str, tuple[float, float]] = {}  # client: (tokens, when)

    def take(self, client: str) -> float:
        """Take one of ``client``'s tokens: 0.0 if it had one, else the seconds until it has."""
        now = self.clock()
        tokens, then = self._left.get(client, (self._full, now))
        tokens = min(self._full, tokens + (now - then) * self.rate / 60.0)
        if tokens >= 1.0:
            self._left[client] = (tokens - 1.0, now)
            if len(self._left) > 100_000:  # forget the full ones (bounded memory)
                self._forget(now)
            return 0.0
        self._left[client] = (tokens, now)
        return (1.0 - tokens) * 60.0 / self.rate

    def _forget(self, now: float) -> None:
        for client, (tokens, then) in list(self._left.items()):
            if tokens + (now - then) * self.rate / 60.0 >= self._full:
                del self._left[client]


class CreationLimit:
    """Refuse a client's costly request (:data:`COSTLY`) past its bucket, with 429."""

    def __init__(self, app: ASGIApp, rate: int) -> None:
        self.app = app
        self.buckets = Buckets(rate)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and (scope["method"], scope["path"]) in COSTLY:
            client = scope.get("client")
            wait = self.buckets.take(client[0] if client else "")
            if wait > 0:
                retry = {"Retry-After": str(math.ceil(wait))}
                message = (
                    f"too many new games from this address: at most {self.buckets.rate} a "
                    f"minute; try again in {math.ceil(wait)} s"
                )
                await error_response(Request(scope), 429, message, retry)(scope, receive, send)
                return
        await self.app(scope, receive, send)
