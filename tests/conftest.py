"""Shared fixtures and helpers (imported by the test modules as ``tests.conftest``)."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
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
    """The ``bridgescore`` command as a user runs it (the installed script, else ``-m``)."""
    exe = shutil.which("bridgescore")
    return [exe] if exe else [sys.executable, "-m", "bridgescore"]


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
