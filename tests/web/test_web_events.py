"""Live updates: a change to a stored game reaches the streams watching it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient

from bridgescore.cli.serve import SHUTDOWN_GRACE
from bridgescore.home.rubber import Rubber
from bridgescore.live import LiveState
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore
from bridgescore.storage.store import announce, notice
from bridgescore.web import streams
from bridgescore.web.deps import live_of
from bridgescore.web.settings import Settings
from bridgescore.web.streams import GATHER, Changes, Told, event_stream
from tests.conftest import auth, create_app, run_loop, serving


async def _next_versions(changes: Changes, game_id: str, n: int) -> list[int]:
    got: list[int] = []
    async for version in changes.watch(game_id):
        got.append(version)
        if len(got) == n:
            break
    return got


def test_a_change_reaches_every_watcher_of_that_game_only(database_url: str) -> None:
    """On SQLite from the store itself; on PostgreSQL through NOTIFY, from another store."""

    async def scenario() -> tuple[list[int], list[int], int]:
        with Store(database_url) as store, Store(database_url) as writer:
            game = store.create(Rubber())
            other = store.create(Rubber())
            changes = Changes(store)
            await changes.start()
            await asyncio.wait_for(changes.listening.wait(), 10)
            # On SQLite only the app's own store is heard; on PostgreSQL any process is.
            pg = store.url.startswith("postgresql")
            source = writer if pg else store
            first = asyncio.ensure_future(_next_versions(changes, game.id, 2))
            second = asyncio.ensure_future(_next_versions(changes, game.id, 2))
            await asyncio.sleep(0.05)
            assert changes.watching == 2

            def write() -> None:
                one = Rubber().record("4H", "we", 10)
                source.save(other.id, Rubber().record("1NT", "we", 7))
                source.save(game.id, one)
                source.save(game.id, one.record("2S", "they", 8))

            await asyncio.to_thread(write)
            got = await asyncio.wait_for(asyncio.gather(first, second), 10)
            await changes.stop()
            return got[0], got[1], changes.watching

    one, two, left = run_loop(scenario())
    assert one == two == [2, 3]
    assert left == 0


@pytest.mark.slow
@pytest.mark.timing
def test_the_view_link_stream_tells_of_a_deal_added_from_another_phone(server: str) -> None:
    created = httpx.post(f"{server}/api/rubbers", json={}).json()
    game_id, headers = created["id"], auth(created["edit_token"])
    events = []
    with httpx.stream("GET", f"{server}/api/rubbers/{game_id}/events", timeout=10) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        for line in lines:
            if line.startswith("data:"):
                events.append(json.loads(line[5:]))
                break
        start = time.perf_counter()
        deal = {"contract": "4H", "by": "we", "tricks": 10}
        assert httpx.post(f"{server}/api/rubbers/{game_id}/deals", json=deal,
                          headers=headers).status_code == 201  # fmt: skip
        for line in lines:
            if line.startswith("data:"):
                events.append(json.loads(line[5:]))
                break
        elapsed = time.perf_counter() - start
    assert events == [{"version": 1}, {"version": 2}]
    assert elapsed < 1.0


@pytest.mark.slow
def test_a_stop_does_not_wait_for_open_streams(tmp_path: Path) -> None:
    """Event streams never end by themselves: a stop (SIGTERM, Ctrl+C) ends them after
    ``SHUTDOWN_GRACE`` seconds instead of waiting for every phone to hang up."""
    with serving(f"sqlite:///{tmp_path}/live.db", "--open-evenings") as (url, pid):
        game_id = httpx.post(f"{url}/api/rubbers", json={}).json()["id"]
        with httpx.stream("GET", f"{url}/api/rubbers/{game_id}/events", timeout=10) as stream:
            lines = stream.iter_lines()
            next(line for line in lines if line.startswith("data:"))
            start = time.perf_counter()
            os.kill(pid, signal.SIGTERM)
            with contextlib.suppress(httpx.HTTPError):  # cut off or ended: it ends
                for _ in lines:
                    pass
            stopped = time.perf_counter() - start
    assert stopped < SHUTDOWN_GRACE + 3


def test_an_unknown_game_has_no_stream(client: TestClient) -> None:
    assert client.get("/api/rubbers/nope/events").status_code == 404


def test_a_change_made_while_a_stream_opens_is_told_at_once() -> None:
    """A view link's stream reads the game's version, then subscribes: a change committed in
    between (told only to the other phone's stream) still reaches it, in its first event."""

    async def scenario() -> tuple[int, str]:
        with Store("sqlite://") as store:
            game = store.create(Rubber())
            changes = Changes(store)
            await changes.start()
            state = SimpleNamespace(changes=changes, settings=Settings())
            request = SimpleNamespace(
                app=SimpleNamespace(state=state), client=None, query_params={}
            )
            with changes.subscription(game.id, game.version):  # the scorer's own page
                saved = await asyncio.to_thread(
                    store.save, game.id, Rubber().record("4H", "we", 10)
                )
                await asyncio.sleep(0.05)  # told to the scorer's page
                # the viewer's stream, opened with the version read before the save
                stream = event_stream(request, game.id, game.version)  # type: ignore[arg-type]
                first = await anext(stream.body_iterator)  # type: ignore[call-overload]
            await changes.stop()
            return saved.version, first.decode()

    version, first = run_loop(scenario())
    assert f'"version": {version}' in first


def _versions(queue: asyncio.Queue[Told]) -> list[int]:
    """The versions told to a stream's queue so far."""
    told = [queue.get_nowait() for _ in range(queue.qsize())]
    return [v for t in told for v in range(t.first, t.last + 1)]


def test_a_notice_of_a_later_version_tells_the_versions_between_once_each() -> None:
    """One NOTIFY a commit names a game's last version: the versions its group made before
    it are told too, each once; an older notice (a catch-up behind) tells nothing."""

    async def scenario() -> tuple[list[int], list[int]]:
        with Store("sqlite://") as store:
            changes = Changes(store)
            with changes.subscription("g", 3) as queue, changes.subscription("g") as later:
                changes.publish("g", 6)  # a group made 4, 5 and 6
                changes.publish("g", 5)  # an older notice: nothing new
                changes.publish("g", 7)
                told = _versions(queue)
                also = _versions(later)
            return told, also

    told, also = run_loop(scenario())
    assert told == also == [4, 5, 6, 7]


def test_a_change_after_a_quiet_spell_is_told_at_once_and_those_right_behind_it_together() -> None:
    """A game's streams hear a change at once when they were told nothing for GATHER seconds
    (no wait, no second wake-up of the loop); the changes right behind it reach them in one
    chunk when the GATHER seconds end."""

    async def scenario() -> tuple[list[int], list[int], tuple[int, int], bool]:
        with Store("sqlite://") as store:
            changes = Changes(store)
            await changes.start()
            with changes.subscription("g", 3) as queue:
                changes.publish("g", 4)
                at_once = _versions(queue)
                changes.publish("g", 5)
                changes.publish("g", 6)
                behind = _versions(queue)  # not yet: within GATHER of the last told
                await asyncio.sleep(GATHER + 0.05)
                told = queue.get_nowait()
                await changes.stop()
                return at_once, behind, (told.first, told.last), queue.empty()

    at_once, behind, together, nothing_more = run_loop(scenario())
    assert (at_once, behind, together, nothing_more) == ([4], [], (5, 6), True)


def test_keep_alive_comments_go_to_the_streams_of_games_told_nothing_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each KEEP_ALIVE seconds a comment goes to the streams of a quiet game only: a stream
    told a change meanwhile has written already."""
    monkeypatch.setattr(streams, "KEEP_ALIVE", 0.2)

    async def scenario() -> tuple[list[bytes], list[bytes]]:
        with Store("sqlite://") as store:
            changes = Changes(store)
            await changes.start()
            with (
                changes.subscription("busy", 3) as busy,
                changes.subscription("quiet", 3) as quiet,
            ):
                await asyncio.sleep(0.1)
                changes.publish("busy", 4)
                await asyncio.sleep(0.15)  # the first comments
                await changes.stop()
                return _chunks(busy), _chunks(quiet)

    busy, quiet = run_loop(scenario())
    assert busy == [Told.of(4, 4).chunk]
    assert quiet == [b": still here\n\n"]


def _chunks(queue: asyncio.Queue[Told]) -> list[bytes]:
    return [queue.get_nowait().chunk for _ in range(queue.qsize())]


class _CutConnection:
    """A LISTEN connection's libpq side (``socket``, ``consume_input``, ``notifies``): its
    server sends a change (``N``), then ends the connection (``E``): libpq closes the socket
    (and the next connection the worker accepts may take its number: a table's POST)."""

    def __init__(self) -> None:
        self.listened, self.server = socket.socketpair()
        self.socket = self.listened.fileno()
        self.notes = [SimpleNamespace(extra=b"g 4")]

    def consume_input(self) -> None:
        if self.listened.recv(1) == b"N":
            return
        self.listened.close()
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    def notifies(self) -> SimpleNamespace | None:
        return self.notes.pop() if self.notes else None


def _removals(loop: asyncio.AbstractEventLoop) -> list[int]:
    """The file numbers whose readers ``loop`` is asked to remove from now on."""
    removed: list[int] = []
    remove = loop.remove_reader

    def removing(fd: Any) -> bool:
        removed.append(fd)
        return remove(fd)

    loop.remove_reader = removing  # type: ignore[method-assign]
    return removed


def test_the_listener_lets_go_only_of_its_own_socket_when_postgresql_ends_it() -> None:
    """A change heard reaches the streams; the connection's end is raised, and the reader on
    the socket is removed once: a second removal would take away the reader of the connection
    that has the socket's number by then (another client's)."""

    async def scenario() -> tuple[list[int], list[int], int]:
        conn = _CutConnection()
        removed = _removals(asyncio.get_running_loop())
        with Store("sqlite://") as store:
            changes = Changes(store)
            with changes.subscription("g", 3) as queue:
                hearing = asyncio.create_task(changes._hear(conn))  # type: ignore[arg-type]
                conn.server.send(b"N")
                await asyncio.sleep(0.2)  # (told after GATHER)
                told = _versions(queue)
                conn.server.send(b"E")
                with pytest.raises(psycopg.OperationalError):
                    await hearing
        conn.server.close()
        return told, removed, conn.socket

    told, removed, fd = run_loop(scenario())
    assert told == [4]
    assert removed == [fd]


def test_a_listener_stopped_leaves_no_reader_on_its_socket() -> None:
    """The workers' stop cancels the listener: its reader goes with it (the socket is closed
    next, and its number may be another file's)."""

    async def scenario() -> bool:
        loop = asyncio.get_running_loop()
        conn = _CutConnection()
        with Store("sqlite://") as store:
            hearing = asyncio.create_task(Changes(store)._hear(conn))  # type: ignore[arg-type]
            await asyncio.sleep(0.05)
            hearing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await hearing
        left = loop.remove_reader(conn.socket)
        conn.listened.close()
        conn.server.close()
        return left

    assert not run_loop(scenario())


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_worker_keeps_the_result_another_worker_took(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers (apps) on one PostgreSQL database: a table's result one takes reaches the
    other's evening kept in memory through its notice, and the other's next result is then
    written on that evening, with no read of it under its lock."""
    settings = Settings(database_url=database_url, open_evenings=True)
    one, two = create_app(settings), create_app(settings)
    locked: list[object] = []
    take = LiveStore._locked

    def counted(*args: Any) -> LiveState:
        locked.append(args)
        return take(*args)

    monkeypatch.setattr(LiveStore, "_locked", counted)
    evening = {"movement": {"movement": "mitchell", "tables": 3, "boards_per_round": 2}}
    with TestClient(one) as first, TestClient(two) as second:
        created = first.post("/api/sessions", json=evening).json()
        results, tables = f"/api/sessions/{created['id']}/results", created["tables"]
        assert second.get(f"{results[:-8]}/whoami", headers=auth(tables[1]["token"])).is_success
        body = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
        taken = first.post(results, json=body, headers=auth(tables[0]["token"]))
        assert taken.status_code == 201
        kept = live_of(two).store
        deadline = time.monotonic() + 5
        while (kept.known(created["id"]) or SimpleNamespace(version=0)).version < 2:
            assert time.monotonic() < deadline, "the other worker never heard the result"
            time.sleep(0.01)
        locked.clear()
        body |= {"table": 2, "board": 3}
        answer = second.post(results, json=body, headers=auth(tables[1]["token"]))
        assert (answer.status_code, answer.json()["version"]) == (201, 3)
        assert locked == []
        assert kept.known(created["id"]).results == kept.state(created["id"]).results  # type: ignore[union-attr]


def test_a_notice_the_live_store_fails_to_take_still_reaches_the_streams(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def failing(game_id: str, version: int, told: str) -> None:
        raise RuntimeError("a bug")

    async def scenario() -> list[int]:
        conn = _CutConnection()
        with Store("sqlite://") as store:
            changes = Changes(store, failing)
            with changes.subscription("g", 3) as queue:
                hearing = asyncio.create_task(changes._hear(conn))  # type: ignore[arg-type]
                conn.server.send(b"N")
                await asyncio.sleep(0.2)  # (told after GATHER)
                hearing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await hearing
                told = _versions(queue)
        conn.listened.close()
        conn.server.close()
        return told

    assert run_loop(scenario()) == [4]
    assert "a notice of g was not taken in" in caplog.text


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_the_listener_forgets_the_clubs_settings_when_it_connects_and_on_a_clubs_notice(
    database_url: str,
) -> None:
    """What a club changed while nobody listened may have been missed: the listener's
    ``forget`` is called each time it connects, and on each club's notice (not a game's)."""
    from bridgescore.storage.clubs import club_notice

    forgotten: list[None] = []

    async def scenario() -> None:
        with Store(database_url) as store:
            changes = Changes(store, None, lambda: forgotten.append(None))
            await changes.start()
            await asyncio.wait_for(changes.listening.wait(), 10)
            assert len(forgotten) == 1
            with store.transaction(write=True) as conn:
                announce(conn, notice("g1", 3))
                announce(conn, club_notice("c1"))
            deadline = time.monotonic() + 5
            while len(forgotten) < 2:
                assert time.monotonic() < deadline, "the club's notice was never heard"
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)
            await changes.stop()

    run_loop(scenario())
    assert len(forgotten) == 2
