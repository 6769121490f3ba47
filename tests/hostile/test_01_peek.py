"""Issue 33, case 1: a table peeks at a board before playing it. Table 1, in round 1, posted a
result for a board of round 3, read that board's traveller and hands, and deleted its post.
A table enters only the round it has reached (the round after its last complete one) and the
last one it may still fix: the post is refused inside the write, so nothing is shown."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.duplicate.movement import mitchell
from bridgescore.web import Settings
from tests.conftest import auth, create_app

SEVEN = {"movement": "mitchell", "tables": 7, "boards_per_round": 3}
PLAYS = mitchell(7, 3).plays


@pytest.fixture
def night(database_url: str) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A seven-table Mitchell started on each backend, and its tokens."""
    with TestClient(create_app(Settings(database_url=database_url, open_evenings=True))) as c:
        answer = c.post("/api/sessions", json={"event": "Monday", "movement": SEVEN})
        assert answer.status_code == 201, answer.text
        yield c, answer.json()


def boards(table: int, round_number: int) -> tuple[int, ...]:
    (play,) = [p for p in PLAYS if (p.table, p.round) == (table, round_number)]
    return tuple(play.boards)


def post(client: TestClient, created: dict[str, Any], who: int | str, round_number: int,
         table: int, board: int) -> Any:  # fmt: skip
    key = created["edit_token"] if who == "director" else created["tables"][int(who) - 1]["token"]
    body = {"round": round_number, "table": table, "board": board, "contract": "3NT",
            "declarer": "N", "tricks": 9}  # fmt: skip
    return client.post(f"/api/sessions/{created['id']}/results", json=body, headers=auth(key))


def test_a_table_cannot_enter_a_board_of_a_round_it_has_not_reached(
    night: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = night
    base = f"/api/sessions/{created['id']}"
    one = auth(created["tables"][0]["token"])
    peeked = boards(1, 3)[0]
    # the table that plays it in round 1 has entered it: there is a traveller to read
    (first,) = [p for p in PLAYS if p.round == 1 and peeked in p.boards]
    assert post(client, created, first.table, 1, first.table, peeked).status_code == 201
    refused = post(client, created, 1, 3, 1, peeked)
    assert refused.status_code == 422, refused.text
    (said,) = refused.json()["detail"]
    assert said["loc"] == ["body", "round"]
    assert f"board {peeked} of round 3" in said["msg"]
    assert client.get(f"{base}/boards/{peeked}", headers=one).status_code == 403
    session = client.get(base, headers=one).json()
    assert (session["entered"], session["results"]) == (1, [])
    # nor round 2 while a board of round 1 is missing
    for board in boards(1, 1)[:-1]:
        assert post(client, created, 1, 1, 1, board).status_code == 201
    assert post(client, created, 1, 2, 1, boards(1, 2)[0]).status_code == 422
    # once rounds 1 and 2 are in, round 3 is the one it has reached
    assert post(client, created, 1, 1, 1, boards(1, 1)[-1]).status_code == 201
    for board in boards(1, 2):
        assert post(client, created, 1, 2, 1, board).status_code == 201
    assert post(client, created, 1, 3, 1, peeked).status_code == 201
    assert client.get(f"{base}/boards/{peeked}", headers=one).status_code == 200


def test_deleting_its_post_does_not_open_a_later_round(
    night: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = night
    base = f"/api/sessions/{created['id']}"
    one = auth(created["tables"][0]["token"])
    posted = post(client, created, 1, 1, 1, boards(1, 1)[0]).json()
    assert client.delete(f"{base}/results/{posted['id']}", headers=one).status_code == 200
    assert post(client, created, 1, 3, 1, boards(1, 3)[0]).status_code == 422
    assert client.get(base, headers=one).json()["entered"] == 0


def test_the_director_enters_any_board(night: tuple[TestClient, dict[str, Any]]) -> None:
    client, created = night
    board = boards(1, 3)[0]
    assert post(client, created, "director", 3, 1, board).status_code == 201


def test_a_table_that_fakes_its_rounds_cannot_delete_its_way_back(
    night: tuple[TestClient, dict[str, Any]],
) -> None:
    """The gap left by the first fix: table 1 enters junk for every board of rounds 1 and 2,
    reaches round 3, enters a board of it and reads it. Its round never goes back: the board
    it read, and the junk it entered to get there, stay in for the director."""
    client, created = night
    base = f"/api/sessions/{created['id']}"
    one = auth(created["tables"][0]["token"])
    for round_number in (1, 2):
        for board in boards(1, round_number):
            assert post(client, created, 1, round_number, 1, board).status_code == 201
    peeked = post(client, created, 1, 3, 1, boards(1, 3)[0]).json()
    assert client.get(f"{base}/boards/{boards(1, 3)[0]}", headers=one).status_code == 200
    refused = client.delete(f"{base}/results/{peeked['id']}", headers=one)
    assert refused.status_code == 403, refused.text
    assert "earlier round" in refused.text
    session = client.get(base, headers=one).json()
    assert session["entered"] == 2 * len(boards(1, 1)) + 1
    assert peeked["id"] in [r["id"] for r in session["results"]]
    # a round with another result in it: one of them may still go; the first round's too
    second = post(client, created, 1, 3, 1, boards(1, 3)[1]).json()
    assert client.delete(f"{base}/results/{second['id']}", headers=one).status_code == 200
    # the director may delete anything
    director = auth(created["edit_token"])
    assert client.delete(f"{base}/results/{peeked['id']}", headers=director).status_code == 200
