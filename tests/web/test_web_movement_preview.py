"""``GET /api/movement``: the new-evening page's preview of a movement, from the core."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from bridgescore.duplicate.movement import Movement, completeness, howell, mitchell

Params = dict[str, str | int]


def test_a_four_table_mitchell_is_incomplete_and_the_alternatives_are_given(
    client: TestClient,
) -> None:
    answer = client.get("/api/movement", params={"tables": 4, "boards_per_round": 3})
    assert answer.status_code == 200
    body = answer.json()
    assert (body["movement"], body["tables"], body["rounds"], body["boards"]) == (
        "mitchell",
        4,
        3,
        12,
    )
    assert body["complete"] is False
    assert body["missed"] == [
        ["NS 1", "EW 3"],
        ["NS 2", "EW 4"],
        ["NS 3", "EW 1"],
        ["NS 4", "EW 2"],
    ]
    assert body["completeness"] == completeness(mitchell(4, 3)).summary()
    assert body["fairness"] == mitchell(4, 3).fairness().summary()
    assert [(a["name"], a["rounds"], a["boards"]) for a in body["alternatives"]] == [
        ("Share-and-relay Mitchell", 4, 12),
        ("Howell", 7, 21),
    ]
    relay = body["alternatives"][0]["options"]
    again = client.get("/api/movement", params={k: v for k, v in relay.items() if v is not None})
    assert again.json()["complete"] is True
    assert again.json()["alternatives"] == []


@pytest.mark.parametrize(
    ("params", "built"),
    [
        ({"tables": 5, "boards_per_round": 2, "half_table": "true"},
         mitchell(5, 2, half_table=True)),
        ({"tables": 6, "boards_per_round": 2, "even": "relay", "arrow_switch": "true"},
         mitchell(6, 2, even="relay", arrow_switch=True)),
        ({"movement": "howell", "pairs": 10, "boards_per_round": 2, "rounds": 7},
         howell(10, 2, rounds=7)),
    ],
)  # fmt: skip
def test_every_option_reaches_the_core(client: TestClient, params: Params, built: Movement) -> None:
    body = client.get("/api/movement", params=params).json()
    assert {k: body[k] for k in ("plays", "sit_outs", "shares")} == {
        k: v for k, v in built.to_dict().items() if k in ("plays", "sit_outs", "shares")
    }


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"tables": 4, "boards_per_round": 3, "rounds": 4}, "rounds"),
        ({"movement": "howell", "boards_per_round": 3}, "pairs"),
        ({"boards_per_round": 3}, "tables"),
        ({"tables": 1, "boards_per_round": 3}, "tables"),
        ({"tables": 4, "boards_per_round": 99}, "boards_per_round"),
    ],
)
def test_a_movement_that_cannot_be_is_a_422_naming_the_option(
    client: TestClient, params: Params, field: str
) -> None:
    answer = client.get("/api/movement", params=params)
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["query", field]


def test_a_movement_a_session_cannot_score_says_why(client: TestClient) -> None:
    switched = client.get("/api/movement", params={"tables": 5, "arrow_switch": "true"}).json()
    assert switched["session_error"].startswith("an arrow-switched Mitchell ranks one field")
    plain = client.get("/api/movement", params={"tables": 5}).json()
    assert plain["session_error"] is None


def test_the_movements_page_says_when_a_movement_is_incomplete(client: TestClient) -> None:
    page = client.get("/movement", params={"tables": 4, "boards_per_round": 3}).text
    assert "Incomplete: every pair misses 1 of its 4 opponents" in page
    relay = "/movement?movement=mitchell&amp;tables=4&amp;boards_per_round=3&amp;even=relay"
    assert f'<a href="{relay}&amp;cards=table&amp;paper=a4">Share-and-relay Mitchell' in page
    complete = client.get("/movement", params={"tables": 5, "boards_per_round": 3}).text
    assert "Complete: every pair meets every one of its opponents." in complete
    assert "Complete instead" not in complete
