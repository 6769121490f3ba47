"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgescore.web import Settings, create_app


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
