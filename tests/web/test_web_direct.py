"""A table's result taken to its route directly (``web/direct.py``, issue 33) is answered as
FastAPI's own way answers it: the same status, body and headers for any request, a good one,
a refused one, one with a body FastAPI alone reads; and in the club's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings
from bridgescore.web.direct import Direct
from bridgescore.web.live_model import ResultIn
from bridgescore.web.settings import Limits
from tests.conftest import auth, copy_of, create_app, migrated_database

DIRECT = "application/json"
"""The content type a page sends: the direct way takes the request."""
FASTAPI = "application/vnd.api+json"
"""A JSON content type FastAPI reads and the direct way leaves to it."""
EVENING = {"movement": {"movement": "mitchell", "tables": 3, "boards_per_round": 2}}


class _Counted:
    """An ASGI layer that counts the requests reaching FastAPI's stack."""

    def __init__(self, app: ASGIApp) -> None:
        self.app, self.count = app, 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.count += scope["type"] == "http"
        await self.app(scope, receive, send)


def _fastapi_reached(app: FastAPI, client: TestClient) -> _Counted:
    """Count the requests that reach FastAPI's own stack (behind the direct way)."""
    client.get("/health")  # the stack is built at the first request
    layer: Any = app.middleware_stack
    while not isinstance(layer, Direct):
        layer = layer.app
    layer.app = counted = _Counted(layer.app)
    return counted


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, _Counted]]:
    path = tmp_path_factory.mktemp("direct") / "d.db"
    url = copy_of(migrated_database(), path)
    # two evenings an example: more than a person starts a minute (that bound is tested elsewhere)
    limits = Limits(creations_per_minute=1_000_000)
    app = create_app(Settings(database_url=url, open_evenings=True, limits=limits))
    with TestClient(app) as client:
        yield client, _fastapi_reached(app, client)


def _same(answer: Any) -> Any:
    """An answer with what differs between two evenings (ids, times) left out."""
    if isinstance(answer, dict):
        return {
            k: _same(v) for k, v in answer.items() if k not in ("id", "created_at", "updated_at")
        }
    if isinstance(answer, list):
        return [_same(v) for v in answer]
    return answer


_fields = st.fixed_dictionaries(
    {
        "round": st.integers(1, 3),
        "table": st.integers(1, 3),
        "board": st.integers(0, 7),
    },
    optional={
        "contract": st.sampled_from(["4H", "3NT", "Pass", "7SXX", "8H", "4hx", "", None]),
        "declarer": st.sampled_from(["N", "E", "S", "W", "Q", None]),
        "tricks": st.integers(-1, 14) | st.just("ten"),
        "artificial": st.sampled_from(["A+/A-", "A", "Z"]),
        "lead": st.sampled_from(["SK", "H2", "XX"]),
        "extra": st.just(1),
    },
)
_bodies = _fields.map(lambda f: json.dumps(f).encode()) | st.sampled_from(
    [b"", b"{", b"[]", b'"4H"', b"null", b'{"round": 1e999}', b"\xff\xfe"]
)


def _taken(body: bytes) -> bool:
    """Whether the route's model takes the body (else the direct way leaves it to FastAPI)."""
    try:
        ResultIn.model_validate(json.loads(body))
    except ValueError:  # pydantic's ValidationError is one
        return False
    return True


_senders = st.sampled_from(["table 1", "table 2", "table 3", "director", "stranger", "nobody"])


def _headers(created: dict[str, Any], sender: str, content_type: str) -> dict[str, str]:
    headers = {"Content-Type": content_type}
    if sender.startswith("table"):
        headers |= auth(created["tables"][int(sender[-1]) - 1]["token"])
    elif sender == "director":
        headers |= auth(created["edit_token"])
    elif sender == "stranger":
        headers |= auth("not-a-token")
    return headers


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(posts=st.lists(st.tuples(_senders, _bodies), min_size=1, max_size=8))
def test_a_tables_result_is_answered_the_same_both_ways(
    served: tuple[TestClient, _Counted], posts: list[tuple[str, bytes]]
) -> None:
    client, fastapi = served
    ways = [(DIRECT, client.post("/api/sessions", json=EVENING).json()),
            (FASTAPI, client.post("/api/sessions", json=EVENING).json())]  # fmt: skip
    for sender, body in posts:
        answers = []
        for content_type, created in ways:
            before = fastapi.count
            path = f"/api/sessions/{created['id']}/results"
            headers = _headers(created, sender, content_type)
            answers.append(client.post(path, content=body, headers=headers))
            left = content_type == FASTAPI or not _taken(body)
            assert fastapi.count - before == (1 if left else 0)
        direct, through_fastapi = answers
        assert direct.status_code == through_fastapi.status_code
        assert _same(direct.json()) == _same(through_fastapi.json())
        assert direct.headers == through_fastapi.headers | {
            "content-length": direct.headers["content-length"]
        }


def test_the_direct_way_takes_a_good_result_and_leaves_the_rest_to_fastapi(
    served: tuple[TestClient, _Counted],
) -> None:
    client, fastapi = served
    created = client.post("/api/sessions", json=EVENING).json()
    results = f"/api/sessions/{created['id']}/results"
    body = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    before = fastapi.count
    taken = client.post(results, json=body, headers=auth(created["tables"][0]["token"]))
    assert (taken.status_code, taken.json()["version"], fastapi.count) == (201, 2, before)
    charset = {"Content-Type": "application/json; charset=utf-8"}
    again = client.post(
        results, content=json.dumps(body), headers=auth(created["edit_token"]) | charset
    )
    assert (again.status_code, fastapi.count) == (409, before)  # the director: no conflict kept
    assert client.get(results).status_code == 405  # another method: FastAPI's answer
    assert fastapi.count == before + 1
    unreadable = client.post(results, content=b"{", headers=auth(created["edit_token"]) | charset)
    assert unreadable.status_code == 422
    assert unreadable.json()["detail"][0]["type"] == "json_invalid"  # FastAPI's own words
    assert fastapi.count == before + 2


def test_the_direct_way_answers_in_the_clubs_language(tmp_path: Path) -> None:
    url = copy_of(migrated_database(), tmp_path / "c.db")
    with Store(url) as store:
        clubs = ClubStore(store)
        club = clubs.create_club("Acol BC", "1234", "EBU")
        clubs.set_language(club.id, "de")
        night = Session((Section.from_movement(mitchell(3, 2)),))
        stored, tokens = LiveStore(store).start(night, club=(club.id, clubs.key(club.id)))
    app = create_app(Settings(database_url=url))
    # board 5 is not table 1's in round 1: the core refuses it (422)
    body = {"round": 1, "table": 1, "board": 5, "contract": "4H", "declarer": "S", "tricks": 10}
    with TestClient(app) as client:
        fastapi = _fastapi_reached(app, client)
        answers = [
            client.post(
                f"/api/sessions/{stored.id}/results",
                content=json.dumps(body),
                headers=auth(tokens[1]) | {"Content-Type": kind},
            )
            for kind in (DIRECT, FASTAPI)
        ]
        assert fastapi.count == 1  # the second only
    direct, through_fastapi = answers
    assert direct.status_code == through_fastapi.status_code == 422
    assert direct.json() == through_fastapi.json()
    assert "Runde" in direct.json()["detail"][0]["msg"], direct.json()
