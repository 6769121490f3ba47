"""Shared fixtures and helpers (imported by the test modules as ``tests.conftest``)."""

from __future__ import annotations

import os
import re
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgescore.cli import cli
from bridgescore.storage import Store
from bridgescore.web import Settings, create_app

POSTGRES_URL_VAR = "BRIDGESCORE_TEST_POSTGRES_URL"
"""A PostgreSQL database the tests may wipe; `.ci/run` starts a server and sets it."""


DATA = Path(__file__).parent / "data"
"""Hand-written PBN files: good ones, and bad/ ones that must fail on a known line."""


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    """Run ``bridgescore ARGS`` in-process: its exit code and output."""
    result = runner.invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def bridgescore_command() -> list[str]:
    """The ``bridgescore`` command as a user runs it: the script installed beside this Python
    (never another one on the PATH), else ``python -m bridgescore``."""
    script = Path(sys.executable).with_name("bridgescore")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bridgescore"]


@contextmanager
def serving(
    database_url: str, *options: str, open_files: int | None = None, port: int | None = None
) -> Iterator[tuple[str, int]]:
    """``bridgescore serve`` in a subprocess on a free loopback port: its URL, once ``/health``
    answers, and its process id. It is stopped when the block ends. ``open_files``: start it
    with that soft open-file limit (Debian's default is 1,024). ``port``: that port, not a
    free one.

    :raises RuntimeError: if the server does not answer within 30 s (a loaded machine starts
        two workers slowly).
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

    with subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit
    ) as process:
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(f"{url}/health", timeout=1) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError(f"the server did not start: {process.stderr}")
            yield url, process.pid
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:  # never hang the suite: say so, and kill it
                process.kill()
                process.wait()
                raise


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``bridgescore serve`` in a subprocess, on a fresh SQLite file (one for a test module)."""
    db = tmp_path_factory.mktemp("server") / "games.db"
    with serving(f"sqlite:///{db}") as (url, _):
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


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    """The web app on a temporary SQLite file."""
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'web.db'}"))


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """A client of the app, with its lifespan running."""
    with TestClient(app) as c:
        yield c


def _postgres_url() -> str:
    """The test PostgreSQL database with an empty ``public`` schema; skip or fail without one."""
    url = os.environ.get(POSTGRES_URL_VAR, "")
    if not url:
        message = (
            f"{POSTGRES_URL_VAR} is not set: run .ci/run (it starts PostgreSQL on 127.0.0.1), "
            f"or set it to a postgresql+psycopg:// URL of a database the tests may wipe"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL tests cannot be skipped in CI: {message}")
        pytest.skip(message)
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or the test PostgreSQL database wiped clean."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return _postgres_url()


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
