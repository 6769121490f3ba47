"""An individual evening through the live API: started from the movement's options, each
table's sides named by their players as they sit, results entered as pairs', the rankings the
players' (each the sum over their partnerships), and the stored session read back the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore import Result
from bridgescore.duplicate.movement import individual
from bridgescore.duplicate.session import (
    BoardResult,
    individual_section,
    score_individual,
    score_section,
)
from bridgescore.web import Settings
from tests.conftest import auth, create_app

NAMES = {str(n): f"Player {chr(64 + n)}" for n in range(1, 13)}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'i.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        yield c


def _start(client: TestClient, **movement: Any) -> dict[str, Any]:
    spec = {"movement": "individual", "players": 12, "boards_per_round": 1, "rounds": 5}
    body = {"event": "Individual", "movement": spec | movement, "names": NAMES}
    answer = client.post("/api/sessions", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _contract(round_number: int, table: int) -> tuple[str, str, int]:
    return (["3NT", "4S", "2H"][table % 3], "NESW"[(round_number + table) % 4],
            7 + (round_number * table) % 4)  # fmt: skip


def test_an_individual_evening_ranks_its_players(live: TestClient) -> None:
    created = _start(live)
    assert len(created["tables"]) == 3
    movement = individual(12, 1, rounds=5)
    director = auth(created["edit_token"])
    session = live.get(f"/api/sessions/{created['id']}", headers=director).json()
    assert session["individual"]["movement"] == movement.to_dict()
    first = movement.plays[0]
    sitting = session["sittings"][0]
    assert session["names"][sitting["ns_label"]] == (
        f"{NAMES[str(first.north)]} & {NAMES[str(first.south)]}"
    )
    assert session["names"][sitting["ew_label"]] == (
        f"{NAMES[str(first.east)]} & {NAMES[str(first.west)]}"
    )
    results = []
    for p in movement.plays:
        contract, declarer, tricks = _contract(p.round, p.table)
        body = {"round": p.round, "table": p.table, "board": p.boards[0],
                "contract": contract, "declarer": declarer, "tricks": tricks}  # fmt: skip
        headers = auth(created["tables"][p.table - 1]["token"])
        answer = live.post(f"/api/sessions/{created['id']}/results", json=body, headers=headers)
        assert answer.status_code == 201, answer.text
        ns, ew = movement.pairs_at(p)
        result = Result.parse(f"{contract}{declarer} {tricks}")
        results.append(BoardResult(p.boards[0], ns, ew, result, round=p.round, table=p.table))
    session = live.get(f"/api/sessions/{created['id']}").json()
    assert session["missing"] == []
    named = {int(k): v for k, v in NAMES.items()}
    section = individual_section(movement, named).with_results(results)
    expected = score_individual(movement, score_section(section), named).rankings
    got = session["rankings"]["all"]
    assert [(r["rank"], r["number"], r["names"], r["percent"]) for r in got] == [
        (row.rank, row.pair.number, row.pair.names, row.percent) for row in expected
    ]
    assert len(got) == 12


@pytest.mark.parametrize(
    ("movement", "names", "field"),
    [
        ({"players": None}, NAMES, "players"),
        ({"players": 7}, NAMES, "movement"),
        ({"rounds": 2}, NAMES, "movement"),
        ({}, {"NS 1": "Ann & Bob"}, "names"),
        ({}, {"13": "Zoe"}, "names"),
    ],
)
def test_an_individual_that_cannot_be_is_refused_by_field(
    live: TestClient, movement: dict[str, Any], names: dict[str, str], field: str
) -> None:
    spec = {"movement": "individual", "players": 12, "boards_per_round": 1} | movement
    answer = live.post("/api/sessions", json={"movement": spec, "names": names})
    assert answer.status_code == 422, answer.text
    assert field in str(answer.json())


def test_players_are_not_withdrawn_from_an_individual(live: TestClient) -> None:
    created = _start(live)
    answer = live.post(f"/api/sessions/{created['id']}/withdrawals",
                       json={"pair": "3", "from_round": 2},
                       headers=auth(created["edit_token"]))  # fmt: skip
    assert answer.status_code == 422, answer.text
    assert "individual's players cannot be added or withdrawn" in answer.text


def test_a_partnership_of_an_individual_gets_no_substitute(live: TestClient) -> None:
    """Its players are named by number: a partnership's players changed would name the
    partnership on the travellers by players the players' ranking does not have."""
    created = _start(live)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    before = live.get(base, headers=director).json()
    sub = {"players": [{"name": "Sub Stitute", "number": None},
                       {"name": "Player B", "number": None}]}  # fmt: skip
    answer = live.put(f"{base}/pairs/1", json=sub, headers=director)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["loc"][-1] == "pair"
    after = live.get(base, headers=director).json()
    assert (after["version"], after["names"]) == (before["version"], before["names"])


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("min-share", {"share": "50%"}, "min_share"),
        ("handicap", {"method": "set", "set": {"1": 2.0}}, "handicap"),
    ],
)
def test_an_individual_has_no_pairs_ranking_rules(
    live: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    """A minimum share of boards and handicapped rankings act on pairs' rankings: on an
    individual's (its players') they would be shown as set and do nothing: refused."""
    created = _start(live)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    answer = live.put(f"{base}/{path}", json=body, headers=director)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"][0]["loc"][-1] == field
    session = live.get(base, headers=director).json()
    assert session["version"] == 1
    assert (session.get("min_share"), session.get("handicap")) == (None, None)


def test_the_preview_and_the_results_page_of_an_individual(live: TestClient) -> None:
    preview = live.get("/api/movement", params={"movement": "individual", "players": 13,
                                                "boards_per_round": 2})  # fmt: skip
    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["movement"] == "individual"
    assert body["plays"] == individual(13, 2).to_dict()["plays"]
    assert body["fairness"].startswith("Nobody partners anyone twice")
    refused = live.get("/api/movement", params={"movement": "individual", "boards_per_round": 2})
    assert refused.status_code == 422
    assert "players" in refused.text
    created = _start(live)
    closed = live.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                       headers=auth(created["edit_token"]))  # fmt: skip
    assert closed.status_code == 200, closed.text
    page = live.get(f"/session/{created['id']}")
    assert page.status_code == 200
    assert 'id="players-ranking"' in page.text
    assert "Player A" in page.text
    assert 'id="download-usebio"' in page.text  # an individual is written as USEBIO (§26)
    pbn = live.get(f"/session/{created['id']}/session.pbn")
    assert pbn.status_code == 200
    movement = individual(12, 1, rounds=5)
    first = movement.plays[0]
    assert f"{NAMES[str(first.north)]} & {NAMES[str(first.south)]}" in pbn.text


def test_a_players_recap(live: TestClient) -> None:
    created = _start(live, rounds=4)
    movement = individual(12, 1, rounds=4)
    for p in movement.plays:
        body = {"round": p.round, "table": p.table, "board": p.boards[0], "contract": "3NT",
                "declarer": "N", "tricks": 9 + (p.table == 1)}  # fmt: skip
        headers = auth(created["tables"][p.table - 1]["token"])
        assert live.post(f"/api/sessions/{created['id']}/results", json=body,
                         headers=headers).status_code == 201  # fmt: skip
    address = f"/api/sessions/{created['id']}/players/{movement.plays[0].north}"
    assert live.get(address).status_code == 403  # the director's until closed
    recap = live.get(address, headers=auth(created["edit_token"])).json()
    first = movement.plays[0]
    assert recap["player"] == first.north
    assert recap["boards"][0] == {
        "board": 1, "round": 1, "partner": first.south, "sat": "NS",
        "opponents": [first.east, first.west], "result": "3NTN+1", "score": 430,
        "points": 4.0, "top": 4,
    }  # fmt: skip
    assert [line["round"] for line in recap["boards"]] == [1, 2, 3, 4]
    assert live.get(f"/api/sessions/{created['id']}/players/13").status_code == 404
    closed = live.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                       headers=auth(created["edit_token"]))  # fmt: skip
    assert closed.status_code == 200
    page = live.get(f"/session/{created['id']}", params={"player": str(first.north)}).text
    assert f"Recap: player {first.north}" in page
    assert f"<td>{first.east} &amp; {first.west}</td>" in page
    assert "Recap: player" not in live.get(f"/session/{created['id']}?player=99").text
    pairs = start_pairs(live)
    assert live.get(f"/api/sessions/{pairs}/players/1").status_code == 404


def start_pairs(client: TestClient) -> str:
    spec = {"movement": "howell", "pairs": 4, "boards_per_round": 1}
    answer = client.post("/api/sessions", json={"movement": spec})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])
