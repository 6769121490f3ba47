"""Shared fixtures and helpers (imported by the test modules as ``tests.conftest``)."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import warnings
from collections.abc import Coroutine, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, TypeVar

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import settings as hypothesis_settings
from starlette.routing import BaseRoute

from bridgescore.cli import cli
from bridgescore.cli.serve import SHUTDOWN_GRACE, WORKER_HEALTHCHECK
from bridgescore.storage import Store, clubs
from bridgescore.storage.schema import HEAD_REVISION, Base
from bridgescore.web import Settings
from bridgescore.web import create_app as build_app

hypothesis_settings.register_profile("bridgescore", max_examples=30)
hypothesis_settings.register_profile("soak", max_examples=500)
hypothesis_settings.load_profile(
    "soak" if os.environ.get("BRIDGESCORE_SOAK") == "1" else "bridgescore"
)
"""Each property test (hypothesis) draws 30 examples a run (hypothesis's default is 100), so that
the whole suite stays under CI's 15 minutes (a failure found is replayed first next time, from
hypothesis's database); ``make soak`` (``BRIDGESCORE_SOAK=1``) draws 500. A test that names its
own ``max_examples`` keeps it."""

T = TypeVar("T")

pytest_plugins = ["tests.browsing"]
"""The browser fixtures (``browser``: one Chromium a test process) for every test module."""

POSTGRES_URL_VAR = "BRIDGESCORE_TEST_POSTGRES_URL"
"""A PostgreSQL database the tests may wipe; `.ci/run` starts a server and sets it."""


DATA = Path(__file__).parent / "data"
"""Hand-written PBN files: good ones, and bad/ ones that must fail on a known line."""


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    """Run ``bridgescore ARGS`` in-process: its exit code and output."""
    result = runner.invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def run_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own: a test process that has started the
    ``browser`` fixture (sync Playwright) has an event loop running in its main thread, where
    ``asyncio.run`` refuses to start one."""
    with ThreadPoolExecutor(1) as apart:
        return apart.submit(asyncio.run, coroutine).result()


def bridgescore_command() -> list[str]:
    """The ``bridgescore`` command as a user runs it: the script installed beside this Python
    (never another one on the PATH), else ``python -m bridgescore``."""
    script = Path(sys.executable).with_name("bridgescore")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bridgescore"]


def _answers(url: str) -> bool:
    """Whether the server at ``url`` answers ``/health`` with 200 now."""
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


class _Said:
    """All a process writes to a pipe, read as it comes (a pipe left full would stop the
    writer): its standard error, so a test can say what a server said."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._chunks: list[bytes] = []
        self._reader = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self._reader.start()

    def _read(self, pipe: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):  # (closed once the process has ended)
            while chunk := os.read(pipe.fileno(), 65536):
                self._chunks.append(chunk)

    def text(self, most: int = 2000) -> str:
        """The end of what was written so far (after a moment to read what is on its way)."""
        self._reader.join(0.5)
        return b"".join(self._chunks).decode(errors="replace")[-most:]


STOP_SOON = 20
"""Seconds a server is expected to take to stop. It may take longer, up to the supervisor's
health-check wait (:data:`~bridgescore.cli.serve.WORKER_HEALTHCHECK`): the supervisor acts on a
stop only between checks, and a worker that answers one late, or ends while it is checked (a
CI run: a worker still starting, ended by a signal), holds it up. Such a stop is reported (a
warning, shown; pyproject's ``filterwarnings``) with the workers' stacks."""


@contextmanager
def serving(
    database_url: str, *options: str, open_files: int | None = None, port: int | None = None
) -> Iterator[tuple[str, int]]:
    """``bridgescore serve`` in a subprocess on a free loopback port: its URL, once ``/health``
    answers, and its process id. It is stopped when the block ends. ``open_files``: start it
    with that soft open-file limit (Debian's default is 1,024). ``port``: that port, not a
    free one.

    :raises RuntimeError: if the server ends, or does not answer within 90 s (a loaded
        machine starts two workers slowly), with what it wrote to its standard error.
    """
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
    command = [*bridgescore_command(), "serve", "--port", str(port), "--db", database_url,
               *options]  # fmt: skip

    def limit() -> None:
        if open_files is not None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))

    # PYTHONFAULTHANDLER: a process sent SIGABRT writes every thread's stack (a stop too late)
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    with subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit, env=env
    ) as process:
        assert process.stderr is not None
        said = _Said(process.stderr)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while not _answers(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    raise RuntimeError(f"the server did not start: {said.text()}")
                time.sleep(0.1)
            yield url, process.pid
        finally:
            process.terminate()
            _stop(process, said)


def _stop(process: subprocess.Popen[bytes], said: _Said) -> None:
    """Wait for a server sent SIGTERM to end; if it takes over :data:`STOP_SOON` seconds, have
    its workers write their stacks and warn; past the supervisor's bound, abort every process
    (each writes its stacks) and fail: the suite never hangs."""
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(STOP_SOON)
        return
    for pid in [process.pid, *workers_of(process.pid)]:  # (a supervisor ignores it)
        if catches(pid, signal.SIGUSR2):  # (a worker still starting would end)
            with contextlib.suppress(ProcessLookupError):  # (one may have ended)
                os.kill(pid, signal.SIGUSR2)  # its stacks, and it goes on
    try:
        process.wait(WORKER_HEALTHCHECK + SHUTDOWN_GRACE + 10)
    except subprocess.TimeoutExpired:
        workers = children(process.pid)  # (before the supervisor ends: they would stop)
        for pid in [*workers, process.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGABRT)  # each writes its threads' stacks, ends
            time.sleep(0.5)  # one after the other: their stacks not mixed
        process.kill()
        process.wait()
        stacks = _stacks(said.text(10**6))
        pytest.fail(f"the server did not stop; it said:\n{stacks}", pytrace=False)
    stacks = _stacks(said.text(10**6))
    late = f"the server took over {STOP_SOON} s to stop; it said (its stacks then):\n{stacks}"
    warnings.warn(late, stacklevel=4)  # (the line of the test that used serving)


def _stacks(said: str, frames: int = 5) -> str:
    """What a server wrote to its standard error, short: of each thread's stack (as
    :mod:`faulthandler` writes them), its innermost ``frames`` calls; every other line as it is.

    >>> print(_stacks('Thread 0x1 (most recent call first):\\n  File "/v/site-packages/a.py", '
    ...               'line 3 in f\\n  File "/v/b.py", line 9 in g\\nlost', frames=1))
    Thread 0x1 (most recent call first):
      File "a.py", line 3 in f
    lost
    """
    kept, depth = [], 0
    for line in said.splitlines():
        depth = depth + 1 if line.startswith("  File ") else 0
        if depth <= frames and not line.startswith("Extension modules"):
            kept.append(re.sub(r'"/\S*/(site-packages|src|python3\.\d+)/', '"', line))
    return "\n".join(kept)


def catches(pid: int, signum: int) -> bool:
    """Whether the process ``pid`` has a handler for ``signum`` now (its ``SigCgt``, from
    /proc); False if it has ended."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt"))
    return bool(int(caught, 16) >> (signum - 1) & 1)


def workers_of(pid: int) -> list[int]:
    """The worker processes of the server ``pid`` (not multiprocessing's resource tracker)."""
    return [p for p in children(pid) if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's workers), from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (the browsers, the whole nights, the servers: marked ``slow`` or
    under ``tests/scenarios``), the quick ones after: ``pytest -n 2 --dist worksteal`` then
    ends on quick tests shared by both processes, not on a long one with the other idle."""
    items.sort(
        key=lambda item: not (item.get_closest_marker("slow") or "scenarios" in item.path.parts)
    )


_QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
_QUICK_NOBODY = _QUICK_HASHER.hash("nobody")


@pytest.fixture(autouse=True)
def _quick_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with the least work it allows, in the tests that run in this process: the suite
    hashes and checks passwords thousands of times, and the real parameters (64 MiB, 3 passes)
    take a fifth of a second each; as Django's test settings do. Servers the tests start as
    subprocesses keep the real parameters (``tests/club/test_password_hashing.py`` checks them)."""
    monkeypatch.setattr(clubs, "_HASHER", _QUICK_HASHER)
    monkeypatch.setattr(clubs, "_nobody", lambda: _QUICK_NOBODY)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, migrated: Path) -> Iterator[str]:
    """``bridgescore serve`` in a subprocess, on a fresh SQLite file (one for a test module)."""
    db = tmp_path_factory.mktemp("server") / "games.db"
    with serving(copy_of(migrated, db)) as (url, _):
        yield url


def csrf(client: TestClient, path: str = "/") -> str:
    """The CSRF token of a page's forms (it also sets the cookie it is checked against)."""
    page = client.get(path)
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m, page.text
    return m[1]


def auth(token: str) -> dict[str, str]:
    """The header that carries an edit token."""
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def runner() -> CliRunner:
    """Invoke the CLI in-process, as sqlite-utils tests do."""
    return CliRunner()


@functools.cache
def migrated_database() -> Path:
    """An empty SQLite database at the newest schema, made once a test process (removed when it
    ends): a test's app or server opens a copy of it (the migrations, a few tenths of a second
    each time, are tested on empty databases in ``tests/storage/test_storage.py``)."""
    directory = Path(tempfile.mkdtemp(prefix="bridgescore-migrated-"))
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    path = directory / "empty.db"
    with Store(f"sqlite:///{path}"):
        pass
    return path


@pytest.fixture(scope="session")
def migrated() -> Path:
    """:func:`migrated_database`, as a fixture."""
    return migrated_database()


def copy_of(migrated: Path, path: Path) -> str:
    """The URL of ``path``, a copy of the ``migrated`` database."""
    shutil.copyfile(migrated, path)
    return f"sqlite:///{path}"


_ROUTES: list[BaseRoute] = []


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app :func:`bridgescore.web.create_app` builds, answering through the routes of the
    first app this test process built. FastAPI prepares an app's routes (their parameters'
    validators) at its first request, about 0.3 s of CPU, and the suite builds over 500 apps;
    what the routes hold of their first app is only its dependency overrides, which no test
    uses. The state, the middleware and the error handlers stay the new app's own."""
    app = build_app(settings)
    if not _ROUTES:
        _ROUTES.extend(app.router.routes)
    app.router.routes = list(_ROUTES)
    return app


@pytest.fixture
def app(tmp_path: Path, migrated: Path) -> FastAPI:
    """The web app on a temporary SQLite file."""
    return create_app(Settings(database_url=copy_of(migrated, tmp_path / "web.db")))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A client of the app, with its lifespan running."""
    with TestClient(app) as c:
        yield c


def _postgres_url_given() -> str:
    """The test PostgreSQL database's URL as given; skip or fail without one."""
    url = os.environ.get(POSTGRES_URL_VAR, "")
    if not url:
        message = (
            f"{POSTGRES_URL_VAR} is not set: run .ci/run (it starts PostgreSQL on 127.0.0.1), "
            f"or set it to a postgresql+psycopg:// URL of a database the tests may wipe"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL tests cannot be skipped in CI: {message}")
        pytest.skip(message)
    return url


def _postgres_url() -> str:
    """The test PostgreSQL database with an empty ``public`` schema; skip or fail without one."""
    url = _own_database(_postgres_url_given(), os.environ.get("PYTEST_XDIST_WORKER", ""))
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
    finally:
        engine.dispose()
    return url


@functools.cache
def _own_database(url: str, worker: str) -> str:
    """The database of this test process: the one named in ``url`` when the tests run in one
    process, else ``<name>_<worker>`` beside it (made if missing; the role needs CREATEDB), so
    that the processes of ``pytest -n`` never wipe each other's tables."""
    if not worker:
        return url
    base = sa.make_url(url)
    name = f"{base.database}_{worker}"
    engine = sa.create_engine(base, poolclass=sa.NullPool, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            known = conn.execute(
                sa.text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
            )
            if known.first() is None:
                conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database with no schema at all (for the migrations' tests): a new SQLite file, or the
    test PostgreSQL database wiped clean."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return _postgres_url()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database at the newest schema with no rows: a copy of the migrated SQLite file, or the
    test PostgreSQL database with every table emptied (migrated once, then emptied for each
    test: a tenth of the time)."""
    if request.param == "sqlite":
        return copy_of(migrated_database(), tmp_path / "games.db")
    return _postgres_emptied()


def _postgres_emptied() -> str:
    """The test PostgreSQL database at the newest schema, its tables emptied (and their ids
    started again); wiped and migrated first if its schema is not exactly the newest (the
    first test of a process, or one that changed the schema)."""
    url = _own_database(_postgres_url_given(), os.environ.get("PYTEST_XDIST_WORKER", ""))
    tables = sorted(Base.metadata.tables)
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            found = set(sa.inspect(conn).get_table_names())
            migrated = found == {*tables, "alembic_version"} and conn.exec_driver_sql(
                "SELECT version_num FROM alembic_version"
            ).scalars().all() == [HEAD_REVISION]
            if migrated:
                names = ", ".join(f'"{name}"' for name in tables)
                conn.exec_driver_sql(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
    finally:
        engine.dispose()
    if not migrated:
        with Store(_postgres_url()):
            pass
    return url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A store on an empty database, on each backend."""
    with Store(database_url) as opened:
        yield opened


PASSWORD = "correct horse battery"
"""The directors' password in the clubs' tests."""


def make_club(client: TestClient, name: str, number: str, email: str) -> str:
    """A club on the app with one director (``email``, :data:`PASSWORD`), logged in: the
    login's bearer token."""
    from bridgescore.storage.clubs import ClubStore

    clubs = ClubStore(client.app.state.store)  # type: ignore[attr-defined]
    club = clubs.create_club(name, number, "EBU")
    clubs.add_director(club.id, email, PASSWORD)
    answer = client.post("/api/login", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


@contextmanager
def club_serving(
    directory: Path,
    email: str,
    name: str = "Acol Bridge Club",
    roster: Iterable[Any] = (),
    options: Iterable[str] = (),
) -> Iterator[str]:
    """A real server (:func:`serving`, with ``options``) on a SQLite file in ``directory`` with
    one club (EBU 1234), its director (``email``, :data:`PASSWORD`) and these players
    (``Player``) on its roster: its URL."""
    from bridgescore.club import RosterEntry
    from bridgescore.storage.clubs import ClubStore

    db = f"sqlite:///{directory / 'club.db'}"
    with Store(db) as store:
        clubs = ClubStore(store)
        club = clubs.create_club(name, "1234", "EBU")
        clubs.add_director(club.id, email, PASSWORD)
        for player in roster:
            clubs.add_player(club.id, RosterEntry(0, player))
    with serving(db, *options) as (url, _):
        yield url


def give_emails(club_store: clubs.ClubStore, club_id: str) -> None:
    """Every player on the club's roster gets an address, ``p<number>@example.org``."""
    for entry in club_store.roster(club_id):
        mail = f"p{entry.player.number}@example.org"
        club_store.update_player(club_id, entry.id, replace(entry, email=mail))


def club_evenings(
    url: str, evenings: int = 3, *, public: bool = True, dd: bool = True
) -> tuple[str, list[str]]:
    """A club (``Acol BC``, EBU 1234) with ``evenings`` closed live evenings of 3 tables
    (Mitchell, 2 boards a round, 6 boards dealt from a fixed seed, each board's deal kept
    with its board but the third evening's; with ``dd``, boards 1-5 with their double-dummy
    tables), its twelve players
    on the roster (Ann Smith, number 1001, may not be named unless ``public``), each table's
    results entered by the tables and one corrected by the director after closing: the
    club's id and the evenings' ids, oldest first."""
    from dataclasses import replace as replaced

    from bridgescore.boards.dd import dd_tables
    from bridgescore.boards.par import par
    from bridgescore.club import RosterEntry
    from bridgescore.deals import deal_board
    from bridgescore.duplicate.movement import mitchell
    from bridgescore.duplicate.session import Section, Session
    from bridgescore.live import DIRECTOR
    from bridgescore.pbn import analysis_tags
    from bridgescore.players import Player
    from bridgescore.storage.clubs import ClubStore
    from bridgescore.storage.live import LiveStore

    names = ["Ann Smith", "Bob Jones", "Cy Young", "Di Prince", "Ed Wood", "Flo Rida",
             "Gus Grant", "Hal Hope", "Ivy Ives", "Jo Jay", "Kit Kay", "Lou Lee"]  # fmt: skip
    players = [Player(n, str(1001 + i)) for i, n in enumerate(names)]
    with Store(url) as store:
        clubs = ClubStore(store)
        club = clubs.create_club("Acol BC", "1234", "EBU")
        for p in players:
            clubs.add_player(club.id, RosterEntry(0, p, public=public or p.number != "1001"))
        live, ids = LiveStore(store), []
        solved: dict[int, Any] = {}
        for n in range(evenings):
            section = Section.from_movement(mitchell(3, 2))
            pairs = []
            for i, pair in enumerate(section.pairs):
                two = (players[(2 * i + n) % 12], players[(2 * i + 1 + n) % 12])
                if n == 0 and i == 0:
                    two = (players[0], players[1])
                pairs.append(replaced(pair, players=two, names=f"{two[0].name} & {two[1].name}"))
            boards = []
            for b in section.boards if n < 2 else ():  # the third evening has no deals
                deal = deal_board("5e" * 32, b.number).deal
                tags: list[tuple[str, str]] = [("Deal", str(deal))]
                if dd and b.number < 6:  # board 6's table is solved when the site is written
                    if b.number not in solved:
                        (solved[b.number],) = dd_tables([deal])
                    table = solved[b.number]
                    tags += [
                        (t.name, t.value)
                        for t in analysis_tags(table, par(table, b.vulnerability, b.dealer))
                    ]
                boards.append(replaced(b, tags=tuple(tags)))
            if boards:
                section = replaced(section, boards=tuple(boards))
            session = Session(
                (replaced(section, pairs=tuple(pairs)),),
                event=f"Tuesday pairs {n + 1}",
                date=f"2026.11.{3 + 7 * n:02d}",
            )
            stored, _ = live.start(session, 3, club=(club.id, clubs.key(club.id)))
            state = live.state(stored.id)
            contracts = ["4HS", "3NTN", "2SE", "4SN", "1NTW", "3DS"]
            entries = [
                state.entry(play.round, play.table, board,
                            result=f"{contracts[(board + play.table + n) % 6]}="
                            if (board + play.table) % 3 else f"{contracts[board % 6]}-1")
                for play in state.movement.plays for board in play.boards
            ]  # fmt: skip
            for e in entries:
                live.add(stored.id, e, e.table)
            live.close(stored.id)
            first = live.state(stored.id).results[0]
            fixed = state.entry(first.entry.round, first.entry.table, first.entry.board,
                                result="4HS+1")  # fmt: skip
            live.edit(stored.id, first.id, fixed, DIRECTOR)
            ids.append(stored.id)
    return club.id, ids
