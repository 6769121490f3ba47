"""A table's PUT names the version of the result it replaces (``replaces``: its
``updated_at``): one naming none or an older one is a 409 kept for the director as a conflict,
on a pairs evening and a team night alike (issue 31)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club

Night = tuple[TestClient, str, dict[str, str], dict[str, Any]]
"""The client, the night's id, the director's header, and a table's first board's body."""


@pytest.fixture(params=["pairs", "teams"])
def night(request: pytest.FixtureRequest, database_url: str) -> Iterator[Night]:
    with TestClient(create_app(Settings(database_url=database_url, open_evenings=True))) as c:
        if request.param == "pairs":
            body = {"event": "Monday", "movement": {"movement": "mitchell", "tables": 3,
                                                    "boards_per_round": 2}}  # fmt: skip
            created = c.post("/api/sessions", json=body).json()
            yield (
                c,
                created["id"],
                auth(created["edit_token"]),
                {"round": 1, "table": 1, "board": 1, "_token": created["tables"][0]["token"]},
            )
        else:
            login = auth(make_club(c, "Club", "1", "td@example.org"))
            event: dict[str, Any] = {
                "kind": "swiss-teams",
                "name": "Swiss",
                "rounds": 3,
                "boards_per_match": 2,
                "entrants": [{"name": n} for n in ("Lions", "Bears", "Owls", "Cats")],
            }
            event_id = c.post("/api/events", json=event, headers=login).json()["id"]
            drawn = c.post(f"/api/events/{event_id}/rounds", headers=login).json()
            first = drawn["matches"][0]["tables"][0]
            yield c, event_id, login, {"round": 1, "table": first["table"], "board": 1,
                                       "_token": first["token"]}  # fmt: skip


def test_a_phone_changes_only_the_result_it_read(night: Night) -> None:
    """Defects: a phone opened later changed a result the other phone entered, without a
    conflict (both kinds of night); on a team night a second phone silently changed a board
    until the other room entered it. Both phones of a table share its token."""
    c, game_id, director, where = night
    base = f"/api/sessions/{game_id}"
    phone = auth(where.pop("_token"))
    made = {**where, "contract": "4H", "declarer": "S", "tricks": 10}
    first = c.post(f"{base}/results", json=made, headers=phone).json()
    url = f"{base}/results/{first['id']}"
    # the first phone fixes it, naming what it read: applied, the version moves on
    fixed = c.put(url, json={**made, "tricks": 11, "replaces": first["updated_at"]}, headers=phone)
    assert fixed.status_code == 200, fixed.text
    assert fixed.json()["updated_at"] != first["updated_at"]
    # the second phone, opened before the fix (or an old client naming nothing): 409, kept
    for replaces in ({"replaces": first["updated_at"]}, {}):
        stale = c.put(url, json={**made, "tricks": 9, **replaces}, headers=phone)
        assert stale.status_code == 409, stale.text
        answer = stale.json()
        assert answer["conflict"] is True
        assert (answer["result"]["id"], answer["result"]["tricks"]) == (first["id"], 11)
        assert "kept for the director" in answer["detail"]
    shown = c.get(base, headers=director).json()
    assert [r["tricks"] for r in shown["results"]] == [11]  # never applied
    kept = shown["conflicts"]
    assert [(k["reason"], k["result_id"], k["entry"]["tricks"]) for k in kept] == [
        ("different", first["id"], 9), ("different", first["id"], 9)]  # fmt: skip
    # the same score again, stale: a 409 with nothing kept
    same = c.put(url, json={**made, "tricks": 11}, headers=phone)
    assert (same.status_code, same.json()["conflict"]) == (409, False)
    # the director's changes need no version, as before
    assert c.put(url, json={**made, "tricks": 8}, headers=director).status_code == 200
    # a second, different POST still answers 409, kept as a conflict
    again = c.post(f"{base}/results", json={**made, "tricks": 7}, headers=phone)
    assert (again.status_code, again.json()["conflict"]) == (409, True)
    assert len(c.get(base, headers=director).json()["conflicts"]) == 3
