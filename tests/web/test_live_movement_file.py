"""A live evening started from a movement file (the CSV of ``movement check``, or the .ASC
standard) plays through the API like a generated one; a file that cannot be read is a 422
naming its line (or row) and field, and starts nothing (issue 25, point 4)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.duplicate.movement import Movement, howell, mitchell
from tests.conftest import auth, make_club

HOWELL: dict[str, str | int] = {"movement": "howell", "pairs": 8, "boards_per_round": 2}


def asc_text(m: Movement) -> str:
    """The movement in the .ASC standard (pjms.nl): a header, one line a round, each table's
    NS pair, EW pair and board group (a letter); pairs numbered as their labels' order."""
    groups = {b: i for i, b in enumerate(sorted({p.boards for p in m.plays}), start=1)}
    number = {pair: i for i, pair in enumerate(m.pairs, start=1)}
    lines = [f"{len(m.pairs)} {m.tables} {m.rounds} {len(groups)} 0  # written by the test"]
    for r in range(1, m.rounds + 1):
        at = {p.table: p for p in m.plays if p.round == r}
        lines.append("  ".join(
            f"{number[at[t].ns]}-{number[at[t].ew]} {chr(64 + groups[at[t].boards])}"
            if t in at else "0 0 0" for t in range(1, m.tables + 1)))  # fmt: skip
    return "\n".join(lines) + "\n"


def start(client: TestClient, token: str, **movement: Any) -> dict[str, Any]:
    answer = client.post("/api/sessions", json={"event": "From a file", **movement},
                         headers=auth(token))  # fmt: skip
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def play_all(client: TestClient, created: dict[str, Any], seed: int) -> None:
    """Every table enters every board of every round, in order, with its own token."""
    base = f"/api/sessions/{created['id']}"
    plays = client.get(base).json()["movement"]["plays"]
    rng = random.Random(seed)
    for p in sorted(plays, key=lambda p: (p["round"], p["table"])):
        for board in p["boards"]:
            body = {"round": p["round"], "table": p["table"], "board": board,
                    "contract": rng.choice(["3NT", "4H", "2S", "1NTX"]),
                    "declarer": rng.choice("NESW"), "tricks": rng.randint(5, 11)}  # fmt: skip
            table = auth(created["tables"][p["table"] - 1]["token"])
            answer = client.post(f"{base}/results", json=body, headers=table)
            assert answer.status_code == 201, answer.text


@pytest.mark.parametrize("file_format", ["csv", "asc"])
def test_an_evening_from_a_movement_file_plays_like_a_generated_one(
    client: TestClient, file_format: str
) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    m = howell(8, 2)
    text = m.to_csv() if file_format == "csv" else asc_text(m)
    file = {"text": text, "format": file_format, "boards_per_round": 2}
    # the start page's preview: the same summary, fairness and completeness as ours
    ours = client.get("/api/movement", params=HOWELL).json()
    previewed = client.post("/api/movement", json=file)
    assert previewed.status_code == 200, previewed.text
    same = ("rounds", "tables", "boards", "plays", "fairness", "complete", "session_error")
    assert {k: previewed.json()[k] for k in same} == {k: ours[k] for k in same}
    from_file = start(client, token, movement_file=file)
    generated = start(client, token, movement=HOWELL)
    assert len(from_file["tables"]) == len(generated["tables"]) == 4  # a card each
    for created in (from_file, generated):
        play_all(client, created, seed=7)
        done = client.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                           headers=auth(token))  # fmt: skip
        assert done.status_code == 200
    a, b = (client.get(f"/api/sessions/{c['id']}").json() for c in (from_file, generated))
    assert a["movement"]["plays"] == b["movement"]["plays"]
    assert a["missing"] == b["missing"] == []
    assert a["entered"] == b["entered"] == 4 * 7 * 2
    assert a["rankings"] == b["rankings"]
    assert list(a["rankings"]) == ["all"]  # a Howell's one field, from the file too
    pbn = client.get(f"/session/{from_file['id']}/session.pbn").text
    assert '[Event "From a file"]' in pbn
    assert '[Board "14"]' in pbn


@pytest.mark.parametrize(
    ("file", "field", "words"),
    [
        ({"text": "4 2 3 3 0\n1-4 A 2-3 A\n1-3 B 4-2\n", "format": "asc",
          "boards_per_round": 2}, "line", "line 3: expected 2 tables"),
        ({"text": "4 2 3 3 0\n1-4 A 2-3 A\n1-3 B 4-2 Q\n", "format": "asc",
          "boards_per_round": 2}, "boards", "line 3, table 2, board group"),
        ({"text": "4 2 3 3 0\n1-4 A 2-3 A\n", "format": "asc"}, "boards_per_round",
         "does not say how many boards"),
        ({"text": "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,x\n"}, "boards",
         "row 3, column 'boards'"),
        ({"text": "round,table,north,ew,boards\n1,1,1,2,1-2\n"}, "columns", "expected the columns"),
        ({"text": "round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,2,1,1-2\n"}, None, "board"),
    ],
    ids=["asc-short-line", "asc-bad-group", "asc-no-boards", "csv-bad-cell", "csv-columns",
         "csv-board-twice"],
)  # fmt: skip
def test_a_movement_file_that_cannot_be_read_is_a_422_naming_the_line_and_field(
    client: TestClient, file: dict[str, Any], field: str | None, words: str
) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    for answer in (
        client.post("/api/sessions", json={"movement_file": file}, headers=auth(token)),
        client.post("/api/movement", json=file),  # the preview says the same
    ):
        assert answer.status_code == 422, answer.text
        (problem,) = answer.json()["detail"]
        assert words in problem["msg"]
        if field is not None:
            assert problem["loc"] == ["body", field]
    assert client.get("/api/club/sessions", headers=auth(token)).json()["sessions"] == []


def test_a_movement_and_a_movement_file_at_once_or_neither_is_a_422(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    file = {"text": mitchell(3, 2).to_csv()}
    for body in ({"movement": HOWELL, "movement_file": file}, {}):
        answer = client.post("/api/sessions", json=body, headers=auth(token))
        assert answer.status_code == 422
        assert answer.json()["detail"][0]["loc"] == ["body", "movement"]


def test_a_file_in_which_pairs_meet_twice_says_so(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    text = howell(6, 3, rounds=10).to_csv()  # 3 tables over 10 rounds: pairs meet twice
    refused = client.post("/api/sessions", json={"movement_file": {"text": text}},
                          headers=auth(token))  # fmt: skip
    assert refused.status_code == 422
    assert "meet twice" in refused.json()["detail"][0]["msg"]
    created = start(client, token, movement_file={"text": text, "meetings": 2})
    movement = client.get(f"/api/sessions/{created['id']}").json()["movement"]
    assert (movement["rounds"], movement["meetings"]) == (10, 2)
