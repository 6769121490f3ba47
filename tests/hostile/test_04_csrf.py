"""Issue 33, case 4: a page on another site (another port of the same host included) cannot
make the director's browser change anything through the JSON API with the login cookie.

The browser sends the login cookie (SameSite=Lax: another port is the same site) with a
foreign page's ``fetch``; a change made with the cookie alone must say, by its ``Origin`` (else
its ``Referer``), that it comes from this site's own pages. A program sends the bearer token.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth
from tests.hostile.conftest import new_swiss, rounds

HERE = "http://testserver"
"""The origin the test client's requests are sent to."""

FOREIGN = [
    {"Origin": "http://testserver:8001"},  # another port of the same host
    {"Origin": "http://evil.example"},
    {"Origin": "null"},  # a sandboxed frame, a data: URL
    {"Referer": "http://testserver:8001/attack.html"},  # no Origin: the Referer decides
    {},  # neither: not known to come from here, so not taken
]


@pytest.mark.parametrize("headers", FOREIGN, ids=["port", "site", "null", "referer", "none"])
def test_another_port_cannot_draw_a_swiss_round_with_the_login_cookie(
    director: tuple[TestClient, str], headers: dict[str, str]
) -> None:
    client, token = director
    event_id = new_swiss(client, token)
    answer = client.post(f"/api/events/{event_id}/rounds", headers=headers)
    assert answer.status_code == 403, answer.text
    assert "Origin" in answer.json()["detail"]
    assert rounds(client, event_id, token) == 0  # nothing drawn


def test_the_directors_own_page_draws_with_the_cookie(director: tuple[TestClient, str]) -> None:
    client, token = director
    event_id = new_swiss(client, token)
    from_page = client.post(f"/api/events/{event_id}/rounds", headers={"Origin": HERE})
    assert from_page.status_code == 201, from_page.text
    referer = {"Referer": f"{HERE}/event/{event_id}/director"}
    assert client.post(f"/api/events/{event_id}/rounds", headers=referer).status_code == 409
    assert rounds(client, event_id, token) == 1  # the second waits for round 1's results


def test_a_program_sends_the_bearer_token_from_anywhere(director: tuple[TestClient, str]) -> None:
    client, token = director
    event_id = new_swiss(client, token)
    client.cookies.clear()  # a program: no cookie, its token (no page can send it)
    drawn = client.post(f"/api/events/{event_id}/rounds", headers=auth(token))
    assert drawn.status_code == 201, drawn.text


def test_reads_with_the_cookie_need_no_origin(director: tuple[TestClient, str]) -> None:
    client, _ = director
    assert client.get("/api/roster").status_code == 200  # a GET changes nothing


def test_another_port_cannot_start_or_close_an_evening_with_the_cookie(
    director: tuple[TestClient, str],
) -> None:
    client, _ = director
    body = {
        "event": "Monday pairs",
        "movement": {"movement": "mitchell", "tables": 3, "boards_per_round": 2},
    }
    foreign = {"Origin": "http://testserver:8001"}
    assert client.post("/api/sessions", json=body, headers=foreign).status_code == 403
    started = client.post("/api/sessions", json=body, headers={"Origin": HERE})
    assert started.status_code == 201, started.text
    game_id = started.json()["id"]
    close = f"/api/sessions/{game_id}/close"
    assert client.post(close, json={"closed": True}, headers=foreign).status_code == 403
    assert client.post(close, json={"closed": True}).status_code == 403  # from nowhere said
    assert client.get(f"/api/sessions/{game_id}").json()["closed"] is False
    closed = client.post(close, json={"closed": True}, headers={"Origin": HERE})
    assert closed.status_code == 200, closed.text
