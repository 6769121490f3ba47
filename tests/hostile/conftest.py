"""What the hostile-member tests share: a club's director logged in through the login page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import PASSWORD, auth, create_app, csrf, make_club

EMAIL = "td@acol.example"
TEAMS = ["Aces", "Kings", "Queens", "Jacks"]


def log_in_page(client: TestClient, email: str = EMAIL, password: str = PASSWORD) -> int:
    """Log in through the login page (the form and its CSRF token): the answer's status; the
    client then holds the login cookie."""
    form = {"csrf": csrf(client, "/login"), "email": email, "password": password}
    return client.post("/login", data=form, follow_redirects=False).status_code


def log_in_api(client: TestClient | httpx.Client, forwarded: str | None, password: str) -> int:
    """Log in through the API as :data:`EMAIL` (``X-Forwarded-For: forwarded``, if given), from
    the app's test client or from a real client of a server: the answer's status."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    body = {"email": EMAIL, "password": password}
    return client.post("/api/login", json=body, headers=headers).status_code


def new_swiss(client: TestClient, token: str) -> str:
    """A Swiss teams event of four teams (started with the bearer token): its id."""
    players = ["Ann Smith", "Bob Jones", "Cy Young", "Di Lane"]
    body = {"kind": "swiss-teams", "name": "Swiss",
            "entrants": [{"name": n, "players": players} for n in TEAMS]}  # fmt: skip
    answer = client.post("/api/events", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    event_id: str = answer.json()["id"]
    return event_id


@pytest.fixture
def director() -> Iterator[tuple[TestClient, str]]:
    """A browser of a club's director logged in through the login page (it holds the login
    cookie), and a bearer token of the same director (a program's)."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as client:
        token = make_club(client, "Acol BC", "1234", EMAIL)
        assert log_in_page(client) == 303
        yield client, token


def rounds(client: TestClient, event_id: str, token: str) -> Any:
    """How many rounds the event has drawn."""
    answer = client.get(f"/api/events/{event_id}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return len(answer.json()["rounds"])
