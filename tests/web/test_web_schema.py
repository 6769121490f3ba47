"""Schemathesis against the app in-process: no server error, and every answer is the one the
OpenAPI schema documents (its status code, its content type, its body's shape)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from bridgescore.web import Settings
from bridgescore.web.settings import Limits
from tests.conftest import create_app

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


_DATABASE = tempfile.TemporaryDirectory(prefix="bridgescore-schema-")
app = create_app(
    Settings(
        database_url=f"sqlite:///{Path(_DATABASE.name) / 'schema.db'}",
        open_evenings=True,
        # the fuzzer creates far more games a minute than a person: the limit is tested elsewhere
        limits=Limits(creations_per_minute=1_000_000),
    )
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app).exclude(path_regex=r"/events$")
"""Every operation but the event streams, which never end (tests/web/test_web_events.py has
them)."""
with TestClient(app) as _client:
    GAMES = {kind: _client.post(f"/api/{kind}", json={}).json() for kind in ("rubbers", "chicagos")}
    _evening = {"movement": {"movement": "mitchell", "tables": 3, "boards_per_round": 2}}
    GAMES["sessions"] = _client.post("/api/sessions", json=_evening).json()
"""A game of each family, so that the writes reach it (a random id only ever gets 404)."""


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Iterator[None]:
    yield
    app.state.store.close()
    _DATABASE.cleanup()


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_to_its_schema(case: schemathesis.Case[Any]) -> None:
    parameters = case.path_parameters or {}
    if "game_id" in parameters and len(str(case.body)) % 4:  # most cases: a real game
        game = GAMES[case.path.split("/")[2]]
        parameters["game_id"] = game["id"]
        if len(str(case.body)) % 2:  # and its token, half of them
            case.headers["Authorization"] = f"Bearer {game['edit_token']}"
    case.call_and_validate(checks=CHECKS)
