"""The live-session API: a club evening entered from the tables' phones (issue 13)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore import Result, pbn
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import BoardResult, Section, Session, score_section
from bridgescore.web import Settings
from tests.conftest import auth, create_app

SEVEN = {"movement": "mitchell", "tables": 7, "boards_per_round": 3}


@pytest.fixture
def live(database_url: str) -> Iterator[TestClient]:
    """A client of the app on each backend."""
    with TestClient(create_app(Settings(database_url=database_url, open_evenings=True))) as c:
        yield c


@pytest.fixture
def sqlite_live(tmp_path: Path) -> Iterator[TestClient]:
    """A client of the app on SQLite only."""
    with TestClient(
        create_app(Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}", open_evenings=True))
    ) as c:
        yield c


def start(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"event": "Monday pairs", "movement": SEVEN, "names": {"NS 1": "Ann & Bob"}, **extra}
    answer = client.post("/api/sessions", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token(created: dict[str, Any], table: int) -> dict[str, str]:
    return auth(created["tables"][table - 1]["token"])


def test_starting_gives_a_director_token_and_one_token_and_link_per_table(
    sqlite_live: TestClient,
) -> None:
    created = start(sqlite_live)
    assert [t["table"] for t in created["tables"]] == list(range(1, 8))
    assert len({t["token"] for t in created["tables"]} | {created["edit_token"]}) == 8
    assert (
        created["tables"][2]["url"]
        == f"/live/{created['id']}/table#{created['tables'][2]['token']}"
    )
    session = sqlite_live.get(f"/api/sessions/{created['id']}").json()
    assert session["movement"] == mitchell(7, 3).to_dict()
    assert session["names"]["NS 1"] == "Ann & Bob"
    assert len(session["missing"]) == 7 * 7 * 3
    assert list(session["rankings"]) == ["NS", "EW"]


RESULT = {"round": 1, "table": 2, "board": 4, "contract": "4HX", "declarer": "S", "tricks": 8}


def play_round(client: TestClient, created: dict[str, Any], table: int, round_number: int,
               skip: tuple[int, ...] = ()) -> None:  # fmt: skip
    """The table enters every board of its round (but ``skip``), as 3NT by North making 9: a
    table enters a round once every board of its rounds before is in."""
    (play,) = [p for p in mitchell(7, 3).plays if (p.table, p.round) == (table, round_number)]
    for board in play.boards:
        if board not in skip:
            body = {"round": round_number, "table": table, "board": board, "contract": "3NT",
                    "declarer": "N", "tricks": 9}  # fmt: skip
            answer = client.post(f"/api/sessions/{created['id']}/results", json=body,
                                 headers=token(created, table))  # fmt: skip
            assert answer.status_code == 201, answer.text


@pytest.mark.parametrize(
    ("change", "who", "status"),
    [
        ({}, 2, 201),
        ({}, 3, 403),
        ({}, None, 403),
        ({"board": 1}, 2, 422),
        ({"round": 9}, 2, 422),
        ({"contract": "Pass", "declarer": None, "tricks": None}, 2, 201),
        ({"contract": "8H"}, 2, 422),
        ({"tricks": 14}, 2, 422),
        ({"declarer": "Q"}, 2, 422),
        ({"lead": "SK"}, 2, 201),
        ({"lead": "ZK"}, 2, 422),
        ({"contract": None, "artificial": "A+/A-"}, 2, 403),
        ({"contract": None, "artificial": "A+/A-"}, "director", 201),
    ],
    ids=[
        "own-table",
        "other-table",
        "no-token",
        "board-not-here",
        "no-round",
        "pass",
        "bad-contract",
        "bad-tricks",
        "bad-declarer",
        "lead",
        "bad-lead",
        "table-adjusts",
        "director-adjusts",
    ],
)
def test_who_may_enter_what(
    sqlite_live: TestClient, change: dict[str, Any], who: int | str | None, status: int
) -> None:
    created = start(sqlite_live)
    headers = (
        {}
        if who is None
        else (auth(created["edit_token"]) if who == "director" else token(created, int(who)))
    )
    answer = sqlite_live.post(
        f"/api/sessions/{created['id']}/results", json={**RESULT, **change}, headers=headers
    )
    assert answer.status_code == status, answer.text


def test_a_result_comes_back_with_its_pairs_and_score_and_twice_is_a_409(
    live: TestClient,
) -> None:
    created = start(live)
    url = f"/api/sessions/{created['id']}/results"
    first = live.post(url, json=RESULT, headers=token(created, 2))
    assert first.status_code == 201
    stored = first.json()
    assert (stored["ns"], stored["ew"], stored["ns_score"], stored["result"]) == (
        2,
        2,
        -500,
        "4HXS-2",
    )
    again = live.post(url, json={**RESULT, "tricks": 10}, headers=token(created, 2))
    assert again.status_code == 409
    assert again.json()["result"]["id"] == stored["id"]
    assert again.json()["result"]["tricks"] == 8


def test_the_director_edits_and_deletes_with_an_audit_trail(live: TestClient) -> None:
    created = start(live)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    result_id = live.post(f"{base}/results", json=RESULT, headers=token(created, 2)).json()["id"]
    edited = live.put(f"{base}/results/{result_id}", json={**RESULT, "tricks": 9}, headers=director)
    assert edited.status_code == 200
    assert edited.json()["ns_score"] == -200
    assert live.delete(f"{base}/results/{result_id}", headers=token(created, 3)).status_code == 403
    assert live.delete(f"{base}/results/{result_id}", headers=director).status_code == 200
    assert live.get(f"{base}/changes", headers=token(created, 2)).status_code == 403
    changes = live.get(f"{base}/changes", headers=director).json()["changes"]
    assert [(c["who"], c["action"]) for c in changes] == [
        ("table 2", "add"),
        ("director", "edit"),
        ("director", "delete"),
    ]
    assert changes[1]["old"]["tricks"] == 8
    assert changes[1]["new"]["tricks"] == 9
    assert live.get(base).json()["results"] == []


def test_a_table_fixes_only_its_current_round_and_nothing_once_closed(
    sqlite_live: TestClient,
) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    first = sqlite_live.post(f"{base}/results", json=RESULT, headers=token(created, 2)).json()
    fixed = sqlite_live.put(
        f"{base}/results/{first['id']}",
        json={**RESULT, "tricks": 10, "replaces": first["updated_at"]},
        headers=token(created, 2),
    )
    assert fixed.status_code == 200
    play_round(sqlite_live, created, 2, 1, skip=(4,))
    # round 2 at table 2: EW 1 with boards 7-9
    later = {**RESULT, "round": 2, "board": 7}
    assert (
        sqlite_live.post(f"{base}/results", json=later, headers=token(created, 2)).status_code
        == 201
    )
    late_fix = sqlite_live.put(
        f"{base}/results/{first['id']}", json=RESULT, headers=token(created, 2)
    )
    assert late_fix.status_code == 403
    director = auth(created["edit_token"])
    closed = sqlite_live.post(f"{base}/close", json={"closed": True}, headers=director)
    assert closed.json()["results_url"] == f"/session/{created['id']}"
    after = {**RESULT, "round": 2, "board": 8}
    assert (
        sqlite_live.post(f"{base}/results", json=after, headers=token(created, 2)).status_code
        == 403
    )
    assert (
        sqlite_live.post(
            f"{base}/results", json=after, headers=auth(created["edit_token"])
        ).status_code
        == 201
    )


def _results_of(movement_seed: int) -> list[dict[str, Any]]:
    """A whole 7-table evening: every board of every table and round, with random results."""
    rng = random.Random(movement_seed)
    posts = []
    for slot in mitchell(7, 3).plays:
        for board in slot.boards:
            level, strain = rng.randint(1, 7), rng.choice(["C", "D", "H", "S", "NT"])
            body: dict[str, Any] = {"round": slot.round, "table": slot.table, "board": board}
            if rng.random() < 0.05:
                body["contract"] = "Pass"
            else:
                body |= {
                    "contract": f"{level}{strain}{rng.choice(['', '', 'X'])}",
                    "declarer": rng.choice("NESW"),
                    "tricks": min(13, max(0, level + 6 + rng.randint(-3, 2))),
                }
            posts.append(body)
    return posts


def test_a_whole_evening_from_seven_threads_loses_nothing_and_ranks_as_pbn(
    live: TestClient,
) -> None:
    created = start(live)
    base = f"/api/sessions/{created['id']}"
    posts = _results_of(13)
    failures: list[str] = []

    def table(number: int) -> None:
        for body in (p for p in posts if p["table"] == number):
            answer = live.post(f"{base}/results", json=body, headers=token(created, number))
            if answer.status_code != 201:
                failures.append(answer.text)

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, 8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    session = live.get(base, headers=auth(created["edit_token"])).json()
    assert len(session["results"]) == len(posts) == 147
    assert session["missing"] == []
    assert session["version"] == 1 + 147
    # the same results written to PBN and read back rank the same
    results = [
        BoardResult(
            p["board"],
            p["ns"],
            p["ew"],
            Result.parse("Pass")
            if p["contract"] == "Pass"
            else Result.parse(f"{p['contract']} {p['declarer']} {p['tricks']}"),
            round=p["round"],
            table=p["table"],
        )
        for p in session["results"]
    ]
    section = Section.from_movement(mitchell(7, 3), names={"NS 1": "Ann & Bob"})
    written = pbn.write(Session((section.with_results(results),), event="Monday pairs"))
    again = pbn.read(written).sections[0]
    from_pbn = score_section(again).rankings
    expected = {
        side.value: [(r.rank, r.pair.label, round(r.total, 2)) for r in rows]
        for side, rows in from_pbn.items()
        if side is not None
    }
    got = {
        field: [(r["rank"], r["pair"], r["total"]) for r in rows]
        for field, rows in session["rankings"].items()
    }
    assert got == expected
    assert session["rankings"]["NS"][0].keys() == {
        "rank",
        "pair",
        "number",
        "side",
        "names",
        "total",
        "percent",
        "boards",
    }


def test_the_traveller_so_far_and_whoami(sqlite_live: TestClient) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    sqlite_live.post(f"{base}/results", json=RESULT, headers=token(created, 2))
    play_round(sqlite_live, created, 1, 1)
    other = {**RESULT, "round": 2, "table": 1, "tricks": 10}  # board 4 goes to table 1
    assert (
        sqlite_live.post(f"{base}/results", json=other, headers=token(created, 1)).status_code
        == 201
    )
    lines = sqlite_live.get(f"{base}/boards/4", headers=token(created, 1)).json()["lines"]
    assert [(line["ns_score"], line["ns_points"]) for line in lines] == [(-500, 2.5), (790, 9.5)]
    # two results of a board scheduled 7 times: Neuberg (s + 1) * 7 / 2 - 1 from 0 and 2
    assert sqlite_live.get(f"{base}/whoami", headers=token(created, 5)).json() == {
        "role": "table",
        "table": 5,
    }
    assert sqlite_live.get(f"{base}/whoami", headers=auth(created["edit_token"])).json() == {
        "role": "director"
    }


def test_nobody_sees_a_boards_results_before_playing_it(sqlite_live: TestClient) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    director = auth(created["edit_token"])
    sqlite_live.post(f"{base}/results", json=RESULT, headers=token(created, 2))  # board 4, round 1

    def seen(headers: dict[str, str]) -> tuple[int, list[int]]:
        session = sqlite_live.get(base, headers=headers).json()
        return session["entered"], [r["table"] for r in session["results"]]

    def traveller(headers: dict[str, str]) -> int:
        return sqlite_live.get(f"{base}/boards/4", headers=headers).status_code

    # while open: the director sees all, a table its own, anyone else nothing but the count
    assert seen(director) == (1, [2])
    assert seen(token(created, 2)) == (1, [2])
    assert seen(token(created, 1)) == (1, [])
    assert seen({}) == (1, [])
    assert sqlite_live.get(base, headers=auth("not-a-token")).status_code == 403
    # board 4's traveller: table 2 has played it; table 1 plays it in round 2, table 5 never
    assert [traveller(h) for h in (director, token(created, 2))] == [200, 200]
    assert [traveller(h) for h in (token(created, 1), token(created, 5), {})] == [403, 403, 403]
    assert sqlite_live.get(f"/session/{created['id']}").status_code == 403
    assert sqlite_live.get(f"/session/{created['id']}/session.pbn").status_code == 403
    play_round(sqlite_live, created, 1, 1)
    other = {**RESULT, "round": 2, "table": 1, "tricks": 10}
    sqlite_live.post(f"{base}/results", json=other, headers=token(created, 1))
    assert traveller(token(created, 1)) == 200
    # once closed, everyone sees everything
    sqlite_live.post(f"{base}/close", json={"closed": True}, headers=director)
    assert seen({}) == (5, [2, 1, 1, 1, 1])
    assert [traveller(h) for h in (token(created, 5), {})] == [200, 200]
    assert sqlite_live.get(f"/session/{created['id']}").status_code == 200


def test_the_director_has_the_tables_links_again(sqlite_live: TestClient) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    again = sqlite_live.get(f"{base}/tables", headers=auth(created["edit_token"]))
    assert again.status_code == 200
    assert again.json()["tables"] == created["tables"]  # the same tokens and links
    assert sqlite_live.get(f"{base}/tables", headers=token(created, 3)).status_code == 403
    assert sqlite_live.get(f"{base}/tables").status_code == 403
    assert sqlite_live.get("/api/sessions/nope/tables").status_code == 404
    # another session's director has other tokens, and no say here
    other = start(sqlite_live)
    assert {t["token"] for t in other["tables"]}.isdisjoint(t["token"] for t in created["tables"])
    assert sqlite_live.get(f"{base}/tables", headers=auth(other["edit_token"])).status_code == 403


def test_every_change_is_an_event_with_the_new_version(sqlite_live: TestClient) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    changes = sqlite_live.app.state.changes  # type: ignore[attr-defined]
    seen: list[int] = []
    changes.publish = lambda game_id, version: seen.append(version)
    sqlite_live.post(f"{base}/results", json=RESULT, headers=token(created, 2))
    sqlite_live.post(f"{base}/close", json={"closed": True}, headers=auth(created["edit_token"]))
    assert seen == [2, 3]


def test_a_movement_that_cannot_be_is_a_422(sqlite_live: TestClient) -> None:
    bad = {"movement": {"movement": "mitchell", "tables": 1, "boards_per_round": 3}}
    assert sqlite_live.post("/api/sessions", json=bad).status_code == 422
    names = {"movement": SEVEN, "names": {"NS 9": "Nobody"}}
    assert sqlite_live.post("/api/sessions", json=names).status_code == 422
    assert sqlite_live.get("/api/sessions/nope").status_code == 404


def test_the_published_page_pbn_and_csv_show_the_live_results(sqlite_live: TestClient) -> None:
    created = start(sqlite_live)
    base = f"/api/sessions/{created['id']}"
    sqlite_live.post(f"{base}/results", json=RESULT, headers=token(created, 2))
    sqlite_live.post(f"{base}/close", json={"closed": True}, headers=auth(created["edit_token"]))
    page = sqlite_live.get(f"/session/{created['id']}")
    assert page.status_code == 200
    assert "Ann &amp; Bob" in page.text
    assert "4♥XS-2" in page.text
    pbn_text = sqlite_live.get(f"/session/{created['id']}/session.pbn").text
    assert "4HX S 8" in pbn_text
    assert "4HXS-2" in sqlite_live.get(f"/session/{created['id']}/session.csv").text
    for path in ("table", "director"):
        assert sqlite_live.get(f"/live/{created['id']}/{path}").status_code == 200
    assert sqlite_live.get("/live/nope/table").status_code == 404
    assert "Start the evening" in sqlite_live.get("/live/new").text


def test_a_table_card_qr_code_is_an_svg_made_on_the_server(sqlite_live: TestClient) -> None:
    answer = sqlite_live.post("/live/qr.svg", json={"text": "https://club.example/live/x/table#t"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg")
    assert sqlite_live.post("/live/qr.svg", json={"text": "x" * 501}).status_code == 422


def test_a_howell_evening_ranks_one_field(sqlite_live: TestClient) -> None:
    movement = {"movement": "howell", "pairs": 8, "boards_per_round": 2, "rounds": 3}
    created = sqlite_live.post("/api/sessions", json={"movement": movement}).json()
    base = f"/api/sessions/{created['id']}"
    session = sqlite_live.get(base).json()
    first = session["movement"]["plays"][0]
    body = {"round": 1, "table": first["table"], "board": first["boards"][0], "contract": "Pass"}
    stored = sqlite_live.post(f"{base}/results", json=body, headers=token(created, first["table"]))
    assert stored.status_code == 201
    assert (stored.json()["ns"], stored.json()["ew"]) == (int(first["ns"]), int(first["ew"]))
    assert list(sqlite_live.get(base).json()["rankings"]) == ["all"]


ONE_OF = "give one of a contract, an artificial score, a weighted score or a split score"
WEIGHTED = {"round": 1, "table": 2, "board": 4, "weighted": "50% 4hs=, 50% 4H S -1"}


@pytest.mark.parametrize(
    ("change", "who", "status", "message"),
    [
        ({}, "director", 201, ""),
        ({}, 2, 403, "only the director gives or changes a weighted score"),
        ({"weighted": "50% 4HS=, 40% 4HS-1"}, "director", 422, "add up to exactly 100%, not 90%"),
        ({"weighted": "50% 4H=, 50% 4HS-1"}, "director", 422, "needs its declarer"),
        ({"weighted": "50% 4HS="}, "director", 422, "not 50%"),
        ({"weighted": "half 4HS=, 50% 4HS-1"}, "director", 422, "needs a weight"),
        ({"contract": "4H"}, "director", 422, ONE_OF),
        ({"adjusted": "A"}, "director", 422, ONE_OF),
        ({"weighted": "100% 4HS=" + " " * 400}, "director", 422, "at most 400 characters"),
    ],
    ids=["director", "table", "sum-90", "no-declarer", "sum-50", "no-weight", "and-contract",
         "and-adjusted", "too-long"],
)  # fmt: skip
def test_a_weighted_score_from_the_director_only_and_checked(
    sqlite_live: TestClient, change: dict[str, Any], who: int | str, status: int, message: str
) -> None:
    created = start(sqlite_live)
    headers = auth(created["edit_token"]) if who == "director" else token(created, int(who))
    answer = sqlite_live.post(
        f"/api/sessions/{created['id']}/results", json={**WEIGHTED, **change}, headers=headers
    )
    assert answer.status_code == status, answer.text
    if status == 422:
        (problem,) = answer.json()["detail"]
        assert problem["loc"] == ["body", "weighted"]
        assert message in problem["msg"]
    elif status == 403:
        assert message in answer.json()["detail"]


def test_a_weighted_score_is_scored_shown_and_changed(live: TestClient) -> None:
    created = start(live)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    # Board 4 (all vulnerable): round 1's table 2 has the weighted score, the next table to play
    # it makes 4HS (+620), the one after goes one down (-100). The weighted one: 620 (.5) ties
    # one, beats one -> 3; -100 (.5) ties one -> 1: MP1 2 of 4. The +620: 4 - .5 * 1 = 3.5;
    # the -100: .5 * 1 = .5.
    added = live.post(f"{base}/results", json=WEIGHTED, headers=director)
    assert added.status_code == 201, added.text
    shown = added.json()
    assert (shown["weighted"], shown["ns_score"], shown["result"], shown["contract"]) == (
        "50% 4HS=, 50% 4HS-1", None, None, None)  # fmt: skip
    plays = sorted((p.round, p.table) for p in mitchell(7, 3).plays if 4 in p.boards)
    assert plays[0] == (1, 2)
    for (round_number, table), tricks in zip(plays[1:3], (10, 9), strict=True):
        body = {"round": round_number, "table": table, "board": 4, "contract": "4H",
                "declarer": "S", "tricks": tricks}  # fmt: skip
        assert live.post(f"{base}/results", json=body, headers=director).status_code == 201
    lines = live.get(f"{base}/boards/4", headers=director).json()["lines"]
    assert [(x["result"], x["ns_score"], x["ns_points"]) for x in lines] == [
        ("50% 4HS=, 50% 4HS-1", None, 6.0), ("4HS=", 620, 9.5), ("4HS-1", -100, 2.5)]  # fmt: skip
    # 2, 3.5 and 0.5 among 3, Neuberg-scaled to the 7 tables scheduled: (s + 1) * 7 / 3 - 1
    session = live.get(base, headers=director).json()
    assert [r["weighted"] for r in session["results"]] == ["50% 4HS=, 50% 4HS-1", None, None]
    again = live.put(f"{base}/results/{shown['id']}", json={**WEIGHTED, "weighted": "100% 4HS+1"},
                     headers=director)  # fmt: skip
    assert again.status_code == 200, again.text
    assert again.json()["weighted"] == "100% 4HS+1"
    changes = live.get(f"{base}/changes", headers=director).json()["changes"]
    assert (changes[-1]["old"]["weighted"], changes[-1]["new"]["weighted"]) == (
        "50% 4HS=, 50% 4HS-1", "100% 4HS+1")  # fmt: skip
    assert live.put(f"{base}/results/{shown['id']}", json=WEIGHTED,
                    headers=token(created, 2)).status_code == 403  # fmt: skip


def test_a_board_keeps_its_weighted_scores_scorable(sqlite_live: TestClient) -> None:
    """Weighted scores of 3 results each on a board played 7 times: the fourth would make
    81 combinations x 7 = 567 board scorings, past the session's 300: it is refused (a 422
    naming the field), and the board is still scored."""
    created = start(sqlite_live)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    three = "30% 4HS=, 30% 4HS-1, 40% 4HS+1"
    plays = sorted((p.round, p.table) for p in mitchell(7, 3).plays if 4 in p.boards)
    ids = []
    for round_number, table in plays[:4]:
        body = {"round": round_number, "table": table, "board": 4, "weighted": three}
        answer = sqlite_live.post(f"{base}/results", json=body, headers=director)
        ids.append(answer.json().get("id"))
        if len(ids) < 4:
            assert answer.status_code == 201, answer.text
    assert answer.status_code == 422
    (problem,) = answer.json()["detail"]
    assert problem["loc"] == ["body", "weighted"]
    assert "567 board scorings" in problem["msg"]
    # Changing one of those already there to as many results is still fine.
    first = {"round": plays[0][0], "table": plays[0][1], "board": 4, "weighted": three}
    assert sqlite_live.put(f"{base}/results/{ids[0]}", json=first,
                           headers=director).status_code == 200  # fmt: skip
    lines = sqlite_live.get(f"{base}/boards/4", headers=director).json()["lines"]
    assert [line["ns_points"] for line in lines] == [6.0, 6.0, 6.0]  # 2 of 4, to 7 tables
