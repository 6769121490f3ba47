"""Storage under contention: threads and processes writing one game, and database errors.

SQLite files run in WAL mode with a busy timeout, writes begin with BEGIN IMMEDIATE, and
:meth:`Store.update` changes a game under its row lock: concurrent writers queue, none fails.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import URL, make_url

from bridgescore.home.chicago import Chicago
from bridgescore.home.rubber import Rubber
from bridgescore.storage import (
    DatabaseError,
    Game,
    GameNotFoundError,
    StorageError,
    Store,
    VersionConflictError,
)
from bridgescore.storage import database as database_module
from bridgescore.web import Settings
from tests.conftest import _postgres_url, auth, create_app

BUSY = "the database is busy, try again"


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def down_one(contract: str, by: str = "we") -> Callable[[Game], Game]:
    """A change that records ``contract`` going one down: a rubber that never ends."""

    def change(game: Game) -> Game:
        assert isinstance(game, Rubber)
        return game.record(contract, by, int(contract[0]) + 5)

    return change


@pytest.fixture
def short_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite connections opened from now on give up on a lock after 50 ms."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT_MS", 50)


@pytest.fixture
def write_lock(tmp_path: Path) -> Iterator[Callable[[], None]]:
    """A function that takes the write lock of ``tmp_path / 'games.db'`` until the test ends."""
    holders: list[sqlite3.Connection] = []

    def take() -> None:
        holder = sqlite3.connect(tmp_path / "games.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        holders.append(holder)

    yield take
    for holder in holders:
        holder.rollback()
        holder.close()


# SQLite set-up


def test_a_sqlite_file_is_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    with Store(sqlite_url(tmp_path / "games.db")) as store, store.transaction() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    raw = sqlite3.connect(tmp_path / "games.db")  # the mode is kept in the file
    assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    raw.close()


def test_an_in_memory_store_keeps_its_journal_in_memory() -> None:
    with Store("sqlite://") as store, store.transaction() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "memory"


def test_a_writer_waits_for_the_lock_instead_of_failing(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "games.db")
    with Store(url) as store:
        game_id = store.create(Rubber()).id
        holder = sqlite3.connect(
            tmp_path / "games.db", isolation_level=None, check_same_thread=False
        )
        holder.execute("BEGIN IMMEDIATE")
        timer = threading.Timer(0.3, holder.commit)  # let go of the lock after 0.3 s
        timer.start()
        try:
            stored = store.update(game_id, down_one("1C"))
        finally:
            timer.join()
            holder.close()
        assert stored.version == 2


def test_readers_do_not_wait_for_a_writer(
    tmp_path: Path, short_timeout: None, write_lock: Callable[[], None]
) -> None:
    with Store(sqlite_url(tmp_path / "games.db")) as store:
        created = store.create(Rubber().record("4H", "we", 10))
        write_lock()
        assert store.get(created.id).game == created.game  # WAL: the reader is not blocked
        assert store.list() != []


# Errors that show no URL, path or password


def test_a_locked_database_is_a_busy_error_without_the_path(
    tmp_path: Path, short_timeout: None, write_lock: Callable[[], None]
) -> None:
    with Store(sqlite_url(tmp_path / "games.db")) as store:
        game_id = store.create(Rubber()).id
        write_lock()
        for write in (
            lambda: store.update(game_id, down_one("1C")),
            lambda: store.save(game_id, Rubber().record("1C", "we", 6)),
            lambda: store.create(Rubber()),
            lambda: store.delete(game_id),
        ):
            with pytest.raises(DatabaseError) as excinfo:
                write()
            assert str(excinfo.value) == BUSY
            assert isinstance(excinfo.value, StorageError)
            assert isinstance(excinfo.value.__cause__, Exception)  # the details, for a log
        assert store.get(game_id).version == 1


def test_a_read_only_database_says_so_without_the_path(tmp_path: Path) -> None:
    path = tmp_path / "s3cret.db"
    Store(sqlite_url(path)).close()
    with (
        Store(f"sqlite:///file:{path}?mode=ro&uri=true") as store,
        pytest.raises(DatabaseError, match="attempt to write a readonly database") as excinfo,
    ):
        store.create(Rubber())
    assert "s3cret" not in str(excinfo.value)
    assert str(tmp_path) not in str(excinfo.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda url: url.set(host="127.0.0.1", port=1), "cannot connect to the database server"),
        (lambda url: url.set(password="wrong-s3cret"), "refused the user name or password"),
        (lambda url: url.set(database="no_such_s3cret"), "named in the URL does not exist"),
    ],
    ids=["closed port", "wrong password", "missing database"],
)
@pytest.mark.postgres
def test_postgresql_errors_show_no_url(change: Callable[[URL], URL], message: str) -> None:
    url = change(make_url(_postgres_url()))
    with pytest.raises(DatabaseError, match=message) as excinfo:
        Store(url.render_as_string(hide_password=False))
    shown = str(excinfo.value)
    for secret in (url.password, url.host, url.username, url.database):
        assert str(secret) not in shown


def test_an_unreachable_postgresql_server_shows_no_url() -> None:
    with pytest.raises(DatabaseError, match="cannot connect") as excinfo:
        Store("postgresql+psycopg://someone:s3cret@127.0.0.1:1/games")
    assert "s3cret" not in str(excinfo.value)
    assert "127.0.0.1" not in str(excinfo.value)
    assert "someone" not in str(excinfo.value)


# Store.update


def test_update_applies_the_change_to_the_stored_game(store: Store) -> None:
    created = store.create(Rubber(), names={"we": "Us"})
    first = store.update(created.id, down_one("1C"))
    second = store.update(created.id, down_one("2D", "they"), expected_version=2)
    assert (first.version, second.version) == (2, 3)
    assert second.names == {"we": "Us", "they": ""}
    assert store.get(created.id) == second
    assert [str(d.contract) for d in second.home_game.deals] == ["1C", "2D"]


def test_update_with_a_stale_version_is_refused(store: Store) -> None:
    created = store.create(Rubber())
    store.update(created.id, down_one("1C"))
    with pytest.raises(VersionConflictError, match="expected version 1, but it is at version 2"):
        store.update(created.id, down_one("2C"), expected_version=1)
    assert len(store.get(created.id).home_game.deals) == 1


def test_update_saves_nothing_when_the_change_fails(store: Store) -> None:
    created = store.create(Rubber())
    with pytest.raises(GameNotFoundError):
        store.update("nosuchgame", down_one("1C"))
    with pytest.raises(StorageError, match="it cannot be saved as a chicago"):
        store.update(created.id, lambda game: Chicago())

    def boom(game: Game) -> Game:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        store.update(created.id, boom)
    assert store.get(created.id).version == 1


def test_concurrent_updates_from_threads_all_land(database_url: str) -> None:
    """Eight threads, one store each, append to one game at once: every deal is kept."""
    threads, each = 8, 10
    contracts = [f"{level}{strain}" for level in "12" for strain in "CDHS"]
    with Store(database_url) as setup:
        game_id = setup.create(Rubber()).id
    stores = [Store(database_url) for _ in range(threads)]
    try:

        def append(n: int) -> list[int]:
            return [stores[n].update(game_id, down_one(contracts[n])).version for _ in range(each)]

        with ThreadPoolExecutor(threads) as pool:
            versions = [v for vs in pool.map(append, range(threads)) for v in vs]
    finally:
        for opened in stores:
            opened.close()
    with Store(database_url) as check:
        stored = check.get(game_id)
    assert sorted(versions) == list(range(2, threads * each + 2))  # one after the other
    assert stored.version == threads * each + 1
    assert Counter(str(d.contract) for d in stored.home_game.deals) == dict.fromkeys(
        contracts, each
    )


WORKER = """
import json, sys
from bridgescore.home.rubber import Rubber
from bridgescore.storage import Store

url, shared, contract, writes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
errors = []
with Store(url) as store:
    own = store.create(Rubber())
    game, version = own.game, own.version
    print("ready", flush=True)
    sys.stdin.readline()  # start together
    for _ in range(writes):
        try:  # an append to the shared game, then a save of this process's own game
            store.update(shared, lambda g: g.record(contract, "we", int(contract[0]) + 5))
            game = game.record(contract, "they", int(contract[0]) + 5)
            version = store.save(own.id, game, expected_version=version).version
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
print(json.dumps({"own": own.id, "errors": errors}), flush=True)
"""


@pytest.mark.slow
def test_processes_writing_one_database_never_fail(database_url: str) -> None:
    """Three processes, 200 writes each (100 appends to one game, 100 saves of their own)."""
    processes, writes = 3, 100
    contracts = ["1C", "1D", "1H"]
    with Store(database_url) as setup:
        shared = setup.create(Rubber()).id
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, database_url, shared, contracts[n], str(writes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(processes)
    ]
    for worker in workers:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == "ready"
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    reports = []
    for worker in workers:
        out, _ = worker.communicate(timeout=300)
        assert worker.returncode == 0
        reports.append(json.loads(out))
    assert [report["errors"] for report in reports] == [[]] * processes
    with Store(database_url) as check:
        stored = check.get(shared)
        owns = [check.get(report["own"]) for report in reports]
    assert stored.version == processes * writes + 1
    assert Counter(str(d.contract) for d in stored.home_game.deals) == dict.fromkeys(
        contracts, writes
    )
    for own, contract in zip(owns, contracts, strict=True):
        assert own.version == writes + 1
        assert {str(d.contract) for d in own.home_game.deals} == {contract}
        assert len(own.home_game.deals) == writes


# The web API


@pytest.fixture
def api(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=database_url))) as client:
        yield client


def test_appends_without_if_match_all_land(api: TestClient) -> None:
    """Eight clients append to one rubber at once, without If-Match: none is refused."""
    created = api.post("/api/rubbers", json={}).json()
    url, headers = f"/api/rubbers/{created['id']}/deals", auth(created["edit_token"])
    clients, each = 8, 5

    def append(n: int) -> list[int]:
        deal = {"contract": f"{n % 7 + 1}C", "by": "we", "tricks": n % 7 + 6}
        return [api.post(url, json=deal, headers=headers).status_code for _ in range(each)]

    with ThreadPoolExecutor(clients) as pool:
        statuses = [s for ss in pool.map(append, range(clients)) for s in ss]
    assert statuses == [201] * clients * each
    state = api.get(f"/api/rubbers/{created['id']}").json()
    assert state["version"] == clients * each + 1
    assert len(state["deals"]) == clients * each


def test_a_chicago_undo_and_edit_without_if_match_apply_to_the_current_game(
    api: TestClient,
) -> None:
    created = api.post("/api/chicagos", json={}).json()
    base, headers = f"/api/chicagos/{created['id']}", auth(created["edit_token"])
    for contract in ("1C", "2D"):
        deal = {"contract": contract, "declarer": "N", "tricks": 7}
        assert api.post(f"{base}/deals", json=deal, headers=headers).status_code == 201
    edit = {"contract": "3NT", "declarer": "S", "tricks": 9}
    assert api.put(f"{base}/deals/1", json=edit, headers=headers).json()["version"] == 4
    undone = api.delete(f"{base}/deals/last", headers=headers).json()
    assert undone["version"] == 5
    assert [d["contract"] for d in undone["deals"]] == ["3NT"]
    stale = api.post(f"{base}/deals", json=edit, headers={**headers, "If-Match": '"4"'})
    assert stale.status_code == 409


def test_a_busy_database_is_a_503_without_the_path(
    tmp_path: Path, short_timeout: None, write_lock: Callable[[], None]
) -> None:
    app = create_app(Settings(database_url=sqlite_url(tmp_path / "games.db")))
    with TestClient(app) as client:
        created = client.post("/api/rubbers", json={}).json()
        url = f"/api/rubbers/{created['id']}"
        write_lock()
        deal = {"contract": "1C", "by": "we", "tricks": 7}
        busy = client.post(f"{url}/deals", json=deal, headers=auth(created["edit_token"]))
        assert busy.status_code == 503
        assert busy.json() == {"detail": BUSY}
        assert busy.headers["retry-after"] == "1"
        assert str(tmp_path) not in busy.text
        assert client.get(url).status_code == 200  # reads go on
