"""The director sets a club evening's minimum share of boards for a ranking (issue 32, item
5): ``PUT /api/sessions/{id}/min-share``, stored with the definition, shown in the rankings."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import auth, create_app
from tests.helpers import swiss_night


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'e.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        yield c


def _evening(client: TestClient) -> tuple[str, dict[str, str], dict[int, dict[str, str]]]:
    """A 3-table Mitchell of 2-board rounds, every board in but those of NS 1 after round 1."""
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    answer = client.post("/api/sessions", json={"event": "Tuesday", "movement": movement})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    base = f"/api/sessions/{created['id']}"
    tables = {t["table"]: auth(t["token"]) for t in created["tables"]}
    session = client.get(base).json()
    for slot in session["missing"]:
        if slot["ns"] == 1 and slot["round"] > 1:
            continue
        tricks = 10 if (slot["board"] + slot["table"]) % 3 else 9
        body = {"round": slot["round"], "table": slot["table"], "board": slot["board"],
                "contract": "4S", "declarer": "N", "tricks": tricks}  # fmt: skip
        answer = client.post(f"{base}/results", json=body, headers=tables[slot["table"]])
        assert answer.status_code == 201, answer.text
    return base, auth(created["edit_token"]), tables


def _ns(client: TestClient, base: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = client.get(base).json()["rankings"]["NS"]
    return rows


def test_the_director_sets_the_share_and_the_short_pair_is_not_ranked(
    client: TestClient,
) -> None:
    base, director, tables = _evening(client)
    before = _ns(client, base)
    assert all("ranked" not in r for r in before)
    assert "min_share" not in client.get(base).json()
    short = next(r for r in before if r["pair"] == "NS 1")
    assert short["boards"] == 2
    assert max(r["boards"] for r in before) == 6
    answer = client.put(f"{base}/min-share", json={"share": "50%"}, headers=tables[1])
    assert answer.status_code == 403
    answer = client.put(f"{base}/min-share", json={"share": "70"}, headers=director)
    assert answer.status_code == 422
    assert "write 70% or 0.7" in answer.text
    answer = client.put(f"{base}/min-share", json={"share": "50%"}, headers=director)
    assert answer.status_code == 200, answer.text
    assert answer.json()["min_share"] == "50%"
    assert client.get(base).json()["min_share"] == "50%"
    after = _ns(client, base)
    assert after[-1] == short | {"rank": "", "ranked": False}
    ranked = [r for r in before if r["pair"] != "NS 1"]
    assert [r["pair"] for r in after[:-1]] == [r["pair"] for r in ranked]
    assert after[0]["rank"].rstrip("=") == "1"
    closed = client.post(f"{base}/close", json={"closed": True}, headers=director)
    assert closed.status_code == 200, closed.text
    game = base.rsplit("/", 1)[1]
    page = client.get(f"/session/{game}").text
    assert page.count("<td>not ranked</td>") == 1
    sheet = csv.reader(client.get(f"/session/{game}/session.csv").text.splitlines())
    ranks = {row[3]: row[2] for row in sheet if row[1:2] == ["NS"]}
    assert ranks["1"] == "not ranked"
    assert list(ranks.values()).count("not ranked") == 1
    # one third is enough for NS 1 (2 of 6); empty: off again
    client.put(f"{base}/min-share", json={"share": "1/3"}, headers=director)
    assert _ns(client, base) == before
    answer = client.put(f"{base}/min-share", json={"share": None}, headers=director)
    assert answer.json()["min_share"] is None
    assert "min_share" not in client.get(base).json()


def test_a_team_night_has_no_minimum_share() -> None:
    with swiss_night() as (c, login, event_id, _):
        answer = c.put(f"/api/sessions/{event_id}/min-share", json={"share": "50%"},
                       headers=login)  # fmt: skip
        assert answer.status_code == 422, answer.text
        assert answer.json()["detail"][0]["loc"][-1] == "min_share"
