"""Live updates: every change to a stored game reaches the pages and streams watching it.

A page that shows a game (a rubber's view link, a session's rankings) opens
``GET .../events``, a server-sent event stream; each change to the game sends one event whose
data is the game's new version, ``{"version": 7}``, and the page fetches what changed.

Where the changes come from: on SQLite, from the app's own :class:`~bridgescore.storage.Store`
(its :attr:`~bridgescore.storage.Store.listeners`): one process serves every client. On
PostgreSQL every change is announced with ``NOTIFY`` on
:data:`~bridgescore.storage.CHANNEL` in the transaction that makes it, and each worker process
``LISTEN`` s, so viewers connected to any worker, and changes made by any process (another worker,
the command line), are told.

Nothing is lost when the listener's connection is (PostgreSQL restarted, the connection cut):
it connects again (within :data:`RECONNECT` seconds, then more slowly), and once it listens it
reads the current version of every game it has watchers for and tells them the versions they
have not seen. Each event carries its version as its ``id``: a page whose stream was cut
connects again by itself (``EventSource``), and the new stream's first event is the version
the game is at, so the page catches up at once.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import logging
from collections import defaultdict
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fastapi import Request
from fastapi.responses import StreamingResponse
from sqlalchemy import make_url

from bridgescore import BridgeError
from bridgescore.storage import CHANNEL, Store
from bridgescore.storage.clubs import club_heard
from bridgescore.storage.store import heard

if TYPE_CHECKING:
    from psycopg.pq.abc import PGconn

__all__ = ["END", "Changes", "event_stream", "stream_pass", "stream_url"]

log = logging.getLogger(__name__)

KEEP_ALIVE = 15.0
"""Seconds between comments on the streams of a game told nothing meanwhile, so proxies and
phones keep a quiet stream open (one timer for all the streams, not one each): a stream is
never silent for twice as long."""

GATHER = 0.05
"""Seconds a game's streams are told at most once in: a change after a quiet spell is told at
once, and the changes right behind it together when the spell ends. Thirty tables posting at
once then cost each stream two writes, not thirty, and the event loop has time left for the
tables' posts. The events are made once a game, for all its streams."""


@dataclass(frozen=True, slots=True)
class Told:
    """What a stream's queue receives: a game's versions ``first`` to ``last``, and their
    events as the stream writes them (made once for every stream of the game)."""

    first: int
    last: int
    chunk: bytes

    @classmethod
    def of(cls, first: int, last: int) -> Told:
        """The versions ``first`` to ``last``, one event each.

        >>> Told.of(4, 5).chunk.count(b"event: change")
        2
        """
        return cls(first, last, "".join(map(_event, range(first, last + 1))).encode())


END = Told(0, -1, b"")
"""Put in a stream's queue: the stream ends (its client opened too many)."""
_STILL_HERE = Told(0, -1, b": still here\n\n")
"""Put in every stream's queue each :data:`KEEP_ALIVE` seconds: a comment to write."""

RECONNECT = 0.2
"""Seconds before the listener first tries again after losing PostgreSQL (doubling, to 5 s)."""


Heard = Callable[[str, int, str], None]
"""Given a notice's game, version and what follows them (:func:`~bridgescore.storage.store.
heard`)."""


class Changes:
    """The changes of stored games, fanned out to the streams that watch each game."""

    def __init__(
        self, store: Store, taken: Heard | None = None, forget: Callable[[], None] | None = None
    ) -> None:
        self._store = store
        self._heard = taken
        """Given what each notice from PostgreSQL tells of a game (the live nights kept in
        memory take a table's new result from it: :meth:`~bridgescore.storage.live.LiveStore.
        heard`)."""
        self._forget = forget
        """Called on each notice of a club's change (:func:`~bridgescore.storage.clubs.
        club_notice`), and whenever the listener connects (it may have missed some): what is
        kept of the clubs' settings is read again (:meth:`~bridgescore.storage.clubs.
        ClubStore.forget_languages`)."""
        self._watchers: dict[str, set[asyncio.Queue[Told]]] = defaultdict(set)
        self._seen: dict[str, int] = {}  # the last version heard, of each game watched
        self._waiting: dict[str, int] = {}  # the first version heard and not yet told
        self._told_at: dict[str, float] = {}  # when each game's streams were last told
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()
        """Set once changes can arrive (at once on SQLite; after ``LISTEN`` on PostgreSQL)."""
        self._held: dict[str, dict[asyncio.Queue[Told], None]] = {}  # a client's, oldest first

    async def start(self) -> None:
        """Begin taking changes: the store's own, or PostgreSQL's notifications."""
        self._loop = asyncio.get_running_loop()
        self._tasks.append(asyncio.create_task(self._keep_alive()))
        url = make_url(self._store.url)
        if url.get_backend_name() == "postgresql":
            conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
            self._tasks.append(asyncio.create_task(self._listen(conninfo)))
        else:
            self._store.listeners.append(self._from_store)
            self.listening.set()

    async def stop(self) -> None:
        """Stop taking changes."""
        if self._from_store in self._store.listeners:
            self._store.listeners.remove(self._from_store)
        for task in self._tasks:
            task.cancel()
            if task.get_loop() is asyncio.get_running_loop():  # (a test client's may not be)
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._tasks.clear()

    async def _keep_alive(self) -> None:
        """A comment each :data:`KEEP_ALIVE` seconds to the streams of every game told nothing
        meanwhile (one timer for all)."""
        while True:
            await asyncio.sleep(KEEP_ALIVE)
            quiet = asyncio.get_running_loop().time() - KEEP_ALIVE
            for game_id, queues in self._watchers.items():
                if self._told_at.get(game_id, quiet) <= quiet:
                    for queue in queues:
                        queue.put_nowait(_STILL_HERE)

    def _from_store(self, game_id: str, version: int) -> None:
        """A change committed by this process's store, told from the writer's thread."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.publish, game_id, version)

    async def _listen(self, conninfo: str) -> None:
        """``LISTEN`` on PostgreSQL for ever, reconnecting after a lost connection."""
        import psycopg

        wait = RECONNECT
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self._forget is not None:  # a club's change while nobody listened
                        self._forget()
                    await self.catch_up()  # what changed while nobody listened
                    self.listening.set()
                    wait = RECONNECT
                    await self._hear(conn.pgconn)
            except (psycopg.Error, OSError, BridgeError) as exc:
                self.listening.clear()
                log.warning("lost the PostgreSQL connection for live updates: %s", type(exc))
                await asyncio.sleep(wait)
                wait = min(wait * 2, 5.0)

    async def _hear(self, pgconn: PGconn) -> None:
        """Publish the notifications ``pgconn`` receives until its connection is lost (raised).

        One reader on the connection's socket for as long as it lasts: psycopg's
        ``notifies()`` registers a reader, a future and a 0.1 s timer for each wait, and wakes
        the loop ten times a second when nothing happens."""
        import psycopg

        loop = asyncio.get_running_loop()
        lost: asyncio.Future[None] = loop.create_future()
        closed = False  # by libpq, when it found the connection lost

        def readable() -> None:
            nonlocal closed
            try:
                pgconn.consume_input()
            except psycopg.OperationalError as exc:
                loop.remove_reader(fd)  # now: the number may soon be another file's
                closed = True
                if not lost.done():
                    lost.set_exception(exc)
                return
            while (note := pgconn.notifies()) is not None:
                payload = note.extra.decode(errors="replace")
                told = heard(payload)
                if told is None:
                    if self._forget is not None and club_heard(payload) is not None:
                        self._forget()
                    continue
                self.publish(told[0], told[1])
                if self._heard is not None:
                    try:
                        self._heard(*told)
                    except Exception:  # what it keeps is its own affair: the streams go on
                        log.exception("a notice of %s was not taken in", told[0])

        fd = pgconn.socket
        loop.add_reader(fd, readable)
        try:
            await lost
        finally:
            if not closed:  # (else removed already, and the number may be another file's)
                loop.remove_reader(fd)

    async def catch_up(self) -> None:
        """Tell every watched game's streams its current version, if they have not had it."""
        if self._watchers:
            versions = await asyncio.to_thread(self._store.versions, list(self._watchers))
            for game_id, version in versions.items():
                self.publish(game_id, version)

    def publish(self, game_id: str, version: int) -> None:
        """Tell every stream watching ``game_id`` that it is now at ``version`` (on the loop),
        unless they have been told it (or a later one) already: at once if they were told
        nothing in the last :data:`GATHER` seconds, else when those end, with the versions
        heard behind it, in one chunk made once for them all."""
        queues = self._watchers.get(game_id)
        seen = self._seen.get(game_id)
        if not queues or (seen is not None and version <= seen):
            return
        self._seen[game_id] = version
        # versions are consecutive: a notice that skips some (a commit's several writes of a
        # game, told together; a catch-up) tells the versions between too, each its own event
        if game_id not in self._waiting:
            self._waiting[game_id] = version if seen is None else seen + 1
            # told at once after a quiet spell: no second wake-up of the loop for it
            told_at = self._told_at.get(game_id)
            if self._loop is None or told_at is None or self._loop.time() - told_at >= GATHER:
                self.tell(game_id)
            else:
                self._loop.call_at(told_at + GATHER, self.tell, game_id)

    def tell(self, game_id: str) -> None:
        """Tell ``game_id``'s streams the versions heard since it was last told."""
        first = self._waiting.pop(game_id, None)
        last = self._seen.get(game_id)
        queues = self._watchers.get(game_id)
        if first is None or last is None or not queues:
            return
        if self._loop is not None:
            self._told_at[game_id] = self._loop.time()
        told = Told.of(first, last)
        for queue in queues:
            queue.put_nowait(told)

    @contextlib.contextmanager
    def subscription(self, game_id: str, since: int | None = None) -> Iterator[asyncio.Queue[Told]]:
        """A queue that receives ``game_id``'s new versions while the block runs (``since``:
        the version the watcher has; it may also receive versions up to it)."""
        queue: asyncio.Queue[Told] = asyncio.Queue()
        self._watchers[game_id].add(queue)
        if since is not None:
            self._seen.setdefault(game_id, since)
        try:
            yield queue
        finally:
            self._watchers[game_id].discard(queue)
            if not self._watchers[game_id]:
                del self._watchers[game_id]
                self._seen.pop(game_id, None)
                self._waiting.pop(game_id, None)
                self._told_at.pop(game_id, None)

    @contextlib.contextmanager
    def held(self, client: str, queue: asyncio.Queue[Told], most: int) -> Iterator[None]:
        """Count ``queue``'s stream as ``client``'s while the block runs: past ``most`` streams
        the client's oldest is told :data:`END` (its page connects again by itself)."""
        streams = self._held.setdefault(client, {})
        streams[queue] = None
        while len(streams) > most:
            oldest = next(iter(streams))
            del streams[oldest]
            oldest.put_nowait(END)
        try:
            yield
        finally:
            streams.pop(queue, None)
            if not streams and self._held.get(client) is streams:
                del self._held[client]

    async def watch(self, game_id: str) -> AsyncGenerator[int, None]:
        """The versions of ``game_id`` as they are committed, for as long as the caller reads."""
        with self.subscription(game_id) as queue:
            while True:
                told = await queue.get()
                for version in range(told.first, told.last + 1):
                    yield version

    async def current(self, game_id: str, known: int) -> int:
        """``game_id``'s version now, ``known`` at the least: read once a stream has
        subscribed, so that a change committed after ``known`` was read and before the
        stream subscribed is not missed (it was told to nobody, or to other streams only)."""
        try:
            found = await asyncio.to_thread(self._store.versions, [game_id])
        except BridgeError:  # the database is away: the catch-up on its return tells it
            return known
        return max(known, found.get(game_id, known))

    @property
    def watching(self) -> int:
        """How many streams are open."""
        return sum(len(queues) for queues in self._watchers.values())


def _event(version: int) -> str:
    return f'id: {version}\nevent: change\ndata: {{"version": {version}}}\n\n'


def stream_pass(secret: str, game_id: str, who: int | str) -> str:
    """The pass a page of ``who`` (a table's number, or the director) adds to its night's
    stream (``?pass=``): its streams are then counted as that token's, not its address's
    (:func:`event_stream`). Not a credential: it grants nothing but that count, so the
    access log may keep it; only the server can make one (a keyed hash).

    >>> stream_pass("k", "abc", 3)
    '3.1LOOmZBfskOetprrwlHCXw'
    """
    mac = hmac.new(secret.encode(), f"{game_id}:{who}".encode(), hashlib.sha256).digest()
    return f"{who}.{base64.urlsafe_b64encode(mac[:16]).decode().rstrip('=')}"


def stream_url(request: Request, path: str, game_id: str, who: int | str) -> str:
    """``path`` (a night's ``.../events``) with ``who``'s pass."""
    return f"{path}?pass={stream_pass(request.app.state.secret_key, game_id, who)}"


def _holder(request: Request, game_id: str) -> tuple[str, int]:
    """Whose stream this is, and how many such may be open: a pass's token's
    (:attr:`~bridgescore.web.settings.Limits.streams_per_token`), else the address's."""
    limits = request.app.state.settings.limits
    sent = request.query_params.get("pass", "")
    who = sent.partition(".")[0]
    if (
        who
        and len(sent) <= 64
        and hmac.compare_digest(sent, stream_pass(request.app.state.secret_key, game_id, who))
    ):
        return f"{game_id}:{who}", limits.streams_per_token
    return request.client.host if request.client else "", limits.streams_per_client


def event_stream(request: Request, game_id: str, version: int) -> StreamingResponse:
    """A ``text/event-stream`` of ``game_id``'s new versions, starting after ``version``.

    The first event carries the version the game is at once the stream has subscribed, so a
    page that loaded an older one catches up at once (a change committed while the stream was
    being opened included); so does a page whose ``EventSource`` connects again after a cut
    (it sends ``Last-Event-ID``, the last version it had: the answer is the current one, at
    once, whatever it had). Each event's ``id`` is its version. Comments every
    :data:`KEEP_ALIVE` seconds keep a quiet stream open.
    """
    changes: Changes = request.app.state.changes
    client, most = _holder(request, game_id)

    async def events() -> AsyncIterator[bytes]:
        # Ends when the client goes (the response is cancelled on its disconnect), or when
        # it opens more than it may (`Limits.streams_per_token`, or per client: its oldest
        # ends).
        with (
            changes.subscription(game_id, version) as queue,
            changes.held(client, queue, most),
        ):
            told = await changes.current(game_id, version)  # subscribed: nothing is missed now
            yield f"retry: 3000\n{_event(told)}".encode()
            while True:
                news = await queue.get()
                if news is END:
                    return
                if news.first > told:  # the chunk made for every stream, written as it is
                    told = news.last
                    yield news.chunk
                elif news.last > told:  # none it has had already
                    told, first = news.last, told + 1
                    yield Told.of(first, told).chunk
                elif news is _STILL_HERE:
                    yield news.chunk

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)
