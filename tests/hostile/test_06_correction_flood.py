"""Issue 33, case 6: a table floods the director. 3,000 correction requests were accepted from
one table after closing. A table has at most MOST_REQUESTS entries kept for the director on
one board (correction requests, and entries that differ from the stored result): 429 after,
counted inside the write."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.live import MOST_REQUESTS
from bridgescore.web import Settings
from tests.conftest import auth, create_app

SEVEN = {"movement": "mitchell", "tables": 7, "boards_per_round": 3}
RESULT = {"round": 1, "table": 2, "board": 4, "contract": "4H", "declarer": "S", "tricks": 8}


@pytest.fixture
def night(database_url: str) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A seven-table Mitchell started on each backend, and its tokens."""
    with TestClient(create_app(Settings(database_url=database_url, open_evenings=True))) as c:
        answer = c.post("/api/sessions", json={"event": "Monday", "movement": SEVEN})
        assert answer.status_code == 201, answer.text
        yield c, answer.json()


def test_correction_requests_after_closing_are_bounded_per_table_and_board(
    night: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = night
    base = f"/api/sessions/{created['id']}"
    two, director = auth(created["tables"][1]["token"]), auth(created["edit_token"])
    assert client.post(f"{base}/close", json={"closed": True}, headers=director).status_code == 200
    for tricks in range(MOST_REQUESTS):
        sent = client.post(f"{base}/conflicts", json={**RESULT, "tricks": tricks % 14},
                           headers=two)  # fmt: skip
        assert sent.status_code == 201, sent.text
    flood = client.post(f"{base}/conflicts", json=RESULT, headers=two)
    assert flood.status_code == 429, flood.text
    assert "board 4" in flood.json()["detail"]
    # another board of the table's is its own count
    other = client.post(f"{base}/conflicts", json={**RESULT, "board": 5}, headers=two)
    assert other.status_code == 201
    kept = client.get(base, headers=director).json()["conflicts"]
    assert len(kept) == MOST_REQUESTS + 1


def test_entries_that_differ_from_the_stored_one_are_bounded_too(
    night: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = night
    base = f"/api/sessions/{created['id']}"
    two, director = auth(created["tables"][1]["token"]), auth(created["edit_token"])
    assert client.post(f"{base}/results", json=RESULT, headers=two).status_code == 201
    for n in range(MOST_REQUESTS):
        again = client.post(f"{base}/results", json={**RESULT, "tricks": 9 + n % 5}, headers=two)
        assert (again.status_code, again.json()["conflict"]) == (409, True), again.text
    flood = client.post(f"{base}/results", json={**RESULT, "tricks": 10}, headers=two)
    assert flood.status_code == 429, flood.text
    assert len(client.get(base, headers=director).json()["conflicts"]) == MOST_REQUESTS
    # the director's own entries are never kept, never counted
    fixed = client.post(f"{base}/results", json={**RESULT, "tricks": 10}, headers=director)
    assert (fixed.status_code, fixed.json().get("conflict", False)) == (409, False)
