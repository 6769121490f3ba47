"""What costs is limited per client (creating games and sessions); a club's evening never is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from bridgescore.web.ratelimit import Buckets
from bridgescore.web.settings import Limits
from tests.conftest import auth, create_app

MOVEMENT = {"movement": {"movement": "mitchell", "tables": 15, "boards_per_round": 2}}


def _client(tmp_path: Path, limits: Limits) -> Iterator[TestClient]:
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path}/games.db", limits=limits, open_evenings=True)
    )
    with TestClient(app) as client:
        yield client


@pytest.fixture
def three_a_minute(tmp_path: Path) -> Iterator[TestClient]:
    yield from _client(tmp_path, Limits(creations_per_minute=3))


def test_creating_past_the_limit_is_a_429_that_says_when(three_a_minute: TestClient) -> None:
    made = [three_a_minute.post("/api/sessions", json=MOVEMENT).status_code for _ in range(3)]
    assert made == [201, 201, 201]
    refused = three_a_minute.post("/api/sessions", json=MOVEMENT)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 20
    assert "at most 3 a minute" in refused.json()["detail"]
    # every kind of creation shares the client's bucket
    rubber = three_a_minute.post("/api/rubbers", json={})
    assert rubber.status_code == 429
    page = three_a_minute.post("/session/new", headers={"Accept": "text/html"})
    assert page.status_code == 429
    assert "Too many" in page.text


def test_a_club_evening_behind_one_address_is_never_refused(tmp_path: Path) -> None:
    for client in _client(tmp_path, Limits()):  # the defaults
        created = client.post("/api/sessions", json=MOVEMENT).json()
        base = f"/api/sessions/{created['id']}"
        statuses = set()
        for table in range(1, 16):  # every table's round-one results, and many viewers' reads
            for board in (2 * table - 1, 2 * table):
                result = {"round": 1, "table": table, "board": board, "contract": "3NT",
                          "declarer": "N", "tricks": 9}  # fmt: skip
                token = auth(created["tables"][table - 1]["token"])
                statuses.add(client.post(f"{base}/results", json=result, headers=token).status_code)
            statuses.update(client.get(base).status_code for _ in range(10))
        assert statuses == {200, 201}


@pytest.mark.parametrize("rate", [1, 7, 60])
def test_a_bucket_gives_its_rate_a_minute_and_no_more(rate: int) -> None:
    now = [0.0]
    buckets = Buckets(rate, clock=lambda: now[0])
    given = 0
    for _ in range(100 * rate):  # ten minutes, asking ten times as often as allowed
        given += buckets.take("club") == 0.0
        now[0] += 60.0 / rate / 10
    assert rate * 10 <= given <= rate * 11 + 1  # a full bucket at the start, then the rate
    assert buckets.take("another") == 0.0  # each address has its own
