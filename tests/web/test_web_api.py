"""The JSON API, through FastAPI's TestClient on a temporary SQLite file."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import auth

HANDOUT = [
    {"contract": "4H", "by": "we", "tricks": 10, "honors": {"we": 100}},
    {"contract": "4S", "by": "they", "tricks": 10},
    {"contract": "4CX", "by": "they", "tricks": 8},
    {"contract": "1NT", "by": "we", "tricks": 7},
    {"contract": "5C", "by": "they", "tricks": 11},
]


def new_rubber(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/rubbers", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize(
    ("body", "total", "extra"),
    [
        ({"contract": "4HX", "tricks": 8, "vulnerable": True}, -500, {}),
        ({"result": "4HXS-2", "vulnerability": "NS"}, -500, {"ns_total": -500, "declarer": "S"}),
        ({"result": "4HXE-2", "vulnerability": "NS"}, -300, {"ns_total": 300}),
        ({"result": "3NT+1", "vulnerable": True}, 630, {}),
        ({"result": "4H=", "vulnerability": "All"}, 620, {}),
        (
            {"contract": "5CX", "tricks": 7, "vulnerable": False, "undertrick_rule": "pre-1987"},
            -700,
            {},
        ),
    ],
)
def test_score(client: TestClient, body: dict[str, Any], total: int, extra: dict[str, Any]) -> None:
    response = client.post("/api/score", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["total"] == total
    assert sum(p["points"] for p in data["parts"]) == total
    for key, value in extra.items():
        assert data[key] == value


def test_score_has_the_cli_json_shape(client: TestClient) -> None:
    data = client.post("/api/score", json={"contract": "4HX", "tricks": 8, "vulnerable": True})
    assert list(data.json())[:5] == ["contract", "tricks", "vulnerable", "total", "parts"]
    assert data.json()["parts"] == [
        {
            "name": "undertricks",
            "label": "Undertricks: 2 down, doubled, vulnerable (200 + 300)",
            "points": -500,
        }
    ]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"contract": "8NT", "tricks": 9, "vulnerable": False}, "contract", "level must be 1-7"),
        ({"contract": "4H", "tricks": 14, "vulnerable": False}, "tricks", "tricks must be a whole"),
        ({"result": "7NT+1", "vulnerability": "None"}, "result", "cannot take 14 tricks"),
        ({"result": "4H-1", "vulnerability": "NS"}, "declarer", "has no declarer"),
        ({"result": "4HS-1", "vulnerability": "Sometimes"}, "vulnerability", "invalid vuln"),
        ({"contract": "4H"}, "tricks", "give the tricks declarer took in 4H"),
        ({"result": "4HS-1", "board": 0}, "board", "board number must be a positive integer"),
        ({"result": "4HS-1", "declarer": "N"}, "declarer", "is declared by S, not N"),
        ({"result": "4HS-1", "vulnerable": True, "board": 3}, "board", "give only one of"),
        ({"result": "4HS-1", "undertrick_rule": "1932"}, "undertrick_rule", "Input should be"),
    ],
)
def test_score_errors(client: TestClient, body: dict[str, Any], field: str, message: str) -> None:
    """Every 422 has FastAPI's documented shape and names the field, the core's checks too."""
    response = client.post("/api/score", json=body)
    assert response.status_code == 422
    [error] = response.json()["detail"]
    assert error["loc"] == ["body", field]
    assert message in error["msg"]


def test_the_handouts_rubber(client: TestClient) -> None:
    created = new_rubber(client, we="Ann & Bob", they="Cy & Di")
    token, game_id = created["edit_token"], created["id"]
    assert created["version"] == 1
    assert created["rules"]["name"] == "default"
    for deal in HANDOUT:
        response = client.post(f"/api/rubbers/{game_id}/deals", json=deal, headers=auth(token))
        assert response.status_code == 201, response.text
    state = client.get(f"/api/rubbers/{game_id}").json()
    assert state["totals"] == {"we": 760, "they": 720}
    assert state["games"] == {"we": 1, "they": 2}
    assert (state["finished"], state["winner"], state["rubber_won_by"]) == (True, "we", "they")
    assert state["version"] == 6
    assert len(state["deals"]) == 5
    assert {
        "id",
        "rules",
        "deals",
        "entries",
        "totals",
        "games",
        "finished",
        "winner",
        "version",
    } <= set(state)
    assert "edit_token" not in state
    assert state["names"] == {"we": "Ann & Bob", "they": "Cy & Di"}


def test_undo_edit_and_end(client: TestClient) -> None:
    created = new_rubber(client, rules="laws-1993")
    game_id, headers = created["id"], auth(created["edit_token"])
    for deal in HANDOUT[:2]:
        client.post(f"/api/rubbers/{game_id}/deals", json=deal, headers=headers)
    state = client.delete(f"/api/rubbers/{game_id}/deals/last", headers=headers).json()
    assert len(state["deals"]) == 1
    state = client.put(
        f"/api/rubbers/{game_id}/deals/1",
        json={"contract": "1NT", "by": "they", "tricks": 7},
        headers=headers,
    ).json()
    assert state["totals"] == {"we": 0, "they": 40}
    state = client.post(f"/api/rubbers/{game_id}/end", headers=headers).json()
    assert (state["finished"], state["totals"]) == (True, {"we": 0, "they": 140})
    response = client.post(f"/api/rubbers/{game_id}/deals", json=HANDOUT[0], headers=headers)
    assert response.status_code == 422
    assert "ended early" in response.json()["detail"][0]["msg"]
    state = client.delete(f"/api/rubbers/{game_id}/deals/last", headers=headers).json()
    assert (state["finished"], state["ended"], len(state["deals"])) == (False, False, 1)
    assert state["totals"] == {"we": 0, "they": 40}  # undoing the end keeps the deal (issue 11)


def test_writes_need_the_token(client: TestClient) -> None:
    created = new_rubber(client)
    game_id = created["id"]
    for headers in ({}, auth("wrong"), {"Authorization": created["edit_token"] + "x"}):
        response = client.post(f"/api/rubbers/{game_id}/deals", json=HANDOUT[0], headers=headers)
        assert response.status_code == 403
        assert "edit token" in response.json()["detail"]
    other = new_rubber(client)
    response = client.post(
        f"/api/rubbers/{game_id}/deals", json=HANDOUT[0], headers=auth(other["edit_token"])
    )
    assert response.status_code == 403
    assert client.get(f"/api/rubbers/{game_id}").json()["deals"] == []


def test_stale_if_match_is_refused(client: TestClient) -> None:
    created = new_rubber(client)
    game_id, headers = created["id"], auth(created["edit_token"])
    first = client.post(
        f"/api/rubbers/{game_id}/deals", json=HANDOUT[0], headers={**headers, "If-Match": "1"}
    )
    assert first.status_code == 201
    assert first.headers["ETag"] == '"2"'
    stale = client.post(
        f"/api/rubbers/{game_id}/deals", json=HANDOUT[1], headers={**headers, "If-Match": '"1"'}
    )
    assert stale.status_code == 409
    assert "version" in stale.json()["detail"]
    assert len(client.get(f"/api/rubbers/{game_id}").json()["deals"]) == 1
    fresh = client.post(
        f"/api/rubbers/{game_id}/deals", json=HANDOUT[1], headers={**headers, "If-Match": '"2"'}
    )
    assert fresh.status_code == 201


def test_bad_deals_get_the_cores_message(client: TestClient) -> None:
    created = new_rubber(client)
    game_id, headers = created["id"], auth(created["edit_token"])
    for deal, message in [
        ({"contract": "4Z", "by": "we", "tricks": 10}, "invalid contract notation: '4Z'"),
        ({"contract": "4H", "by": "north", "tricks": 10}, "invalid side: 'north'"),
        ({"contract": "3NT", "by": "we", "tricks": 9, "honors": {"we": 100}}, "impossible"),
        ({"contract": "4H", "by": "we", "tricks": 14}, "tricks must be"),
    ]:
        response = client.post(f"/api/rubbers/{game_id}/deals", json=deal, headers=headers)
        assert response.status_code == 422, deal
        assert message in response.json()["detail"][0]["msg"]
    assert client.get(f"/api/rubbers/{game_id}").json()["version"] == 1


def test_unknown_games_and_rules(client: TestClient) -> None:
    assert client.get("/api/rubbers/nope").status_code == 404
    assert client.post("/api/rubbers", json={"rules": "1932"}).status_code == 422
    chicago = client.post("/api/chicagos", json={}).json()
    assert client.get(f"/api/rubbers/{chicago['id']}").status_code == 404


def test_chicago(client: TestClient) -> None:
    created = client.post(
        "/api/chicagos", json={"rules": "acbl", "first_dealer": "N", "ns": "A", "ew": "B"}
    ).json()
    game_id, headers = created["id"], auth(created["edit_token"])
    assert created["next"] == {"number": 1, "dealer": "N", "vulnerability": "None"}
    for deal in [("2S", "N", 9), ("3NT", "E", 9), ("4HX", "S", 9), ("2H", "N", 8)]:
        body = {"contract": deal[0], "declarer": deal[1], "tricks": deal[2]}
        response = client.post(f"/api/chicagos/{game_id}/deals", json=body, headers=headers)
        assert response.status_code == 201, response.text
    state = client.get(f"/api/chicagos/{game_id}").json()
    assert state["totals"] == {"NS": 250, "EW": 800}
    assert [row["vulnerability"] for row in state["rows"]] == ["None", "EW", "NS", "All"]
    state = client.delete(f"/api/chicagos/{game_id}/deals/last", headers=headers).json()
    assert state["next"] == {"number": 4, "dealer": "W", "vulnerability": "All"}
    body = {"contract": "2S", "declarer": "N", "tricks": 8}
    state = client.put(f"/api/chicagos/{game_id}/deals/1", json=body, headers=headers).json()
    assert state["rows"][0]["NS"] == 60
    assert client.post(f"/api/chicagos/{game_id}/deals", json=body).status_code == 403


def test_openapi_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in (
        "/api/score",
        "/api/rubbers",
        "/api/rubbers/{game_id}/deals",
        "/api/rubbers/{game_id}/deals/last",
        "/api/chicagos/{game_id}/deals/{n}",
    ):
        assert path in schema["paths"]
    assert client.get("/docs").status_code == 200


def test_a_route_reading_the_token_itself_documents_it_as_the_others(client: TestClient) -> None:
    """A table's result reads its bearer token without FastAPI's dependency (for speed): its
    ``Authorization`` header is documented as the routes that take the dependency have it."""
    paths = client.get("/openapi.json").json()["paths"]

    def header(path: str, method: str) -> dict[str, object]:
        return next(p for p in paths[path][method]["parameters"] if p["name"] == "authorization")

    assert header("/api/sessions/{game_id}/results", "post") == header(
        "/api/sessions/{game_id}/whoami", "get"
    )


def test_security_headers(client: TestClient) -> None:
    response = client.get("/api/rubbers/nope")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "same-origin"
    assert "default-src 'self'" in response.headers["content-security-policy"]


def test_ids_and_tokens_are_unguessable(client: TestClient) -> None:
    games = [new_rubber(client) for _ in range(5)]
    ids = {g["id"] for g in games}
    tokens = {g["edit_token"] for g in games}
    assert len(ids) == len(tokens) == 5
    assert all(len(i) >= 16 for i in ids)
    assert all(len(t) >= 32 for t in tokens)
