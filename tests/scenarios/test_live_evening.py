"""The real evening through the live API: a late pair, a withdrawal, a fouled board, a split
score, a table's round of averages and a traveller slip (issue 20)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import auth, create_app
from tests.helpers import cli_percentages

F = Fraction

# board -> table -> the result there (the round is the movement's: (board - table) % 7 + 1)
RESULTS = {
    1: {1: "4SN+1", 2: "4SN=", 3: "4SN=", 4: "4SN-1", 5: "3NTN=", 6: "3NTN+1", 7: "2SN+2"},
    2: {2: "4HS=", 1: "4HS=", 7: "4HS+1", 6: "4HS-1", 5: "4HS=", 3: "3HS+1"},
    3: {2: "4SN=", 1: "4SN=", 7: "4SN+1", 6: "4SN=", 5: "4SN-1", 4: "4SN="},
    5: {5: "4HS=", 4: "4HS=", 3: "4HS=", 2: "4HS+1", 1: "4HS-1", 6: "4HS="},
    6: dict.fromkeys(range(1, 8), "4SN="),
    7: {6: "3NTN+2", 5: "4SN=", 4: "4SN=", 3: "4SN=", 2: "4SN-2"},
}
SLIP = dict.fromkeys(range(1, 8), "4SN=")  # board 4, entered at once from a traveller slip

# The hand-worked NS matchpoints of the affected boards (by table), and the rankings.
EXPECTED_NS = {
    1: {1: F(45, 4), 2: F(6), 3: F(6), 4: F(3, 4), 5: F(6), 6: F(32, 3), 7: F(4, 3)},
    2: {2: F(43, 6), 1: F(43, 6), 7: F(71, 6), 6: F(1, 6), 5: F(43, 6), 3: F(5, 2), 4: F(7)},
    3: {3: F(36, 5), 2: F(6), 1: F(6), 7: F(71, 6), 6: F(6), 5: F(1, 6), 4: F(6)},
    4: {t: F(6) for t in range(1, 8)},
    5: {5: F(6), 4: F(6), 3: F(6), 2: F(71, 6), 1: F(1, 6), 6: F(6)},
    7: {6: F(58, 5), 5: F(6), 4: F(6), 3: F(6), 2: F(2, 5)},
}
EXPECTED_EW = {(2, 4): F(11), (3, 3): F(24, 5)}  # the split and the averages; else 12 - NS
RANKINGS = {
    "NS": [("NS 7", 61.67), ("NS 6", 55.28), ("NS 2", 51.67), ("NS 1", 50.81),
           ("NS 3", 47.26), ("NS 4", 44.94), ("NS 5", 44.44)],
    "EW": [("EW 7", 63.77), ("EW 3", 55.52), ("EW 4", 55.28), ("EW 6", 54.56),
           ("EW 2", 48.06), ("EW 1", 42.36), ("EW 5", 36.39)],
}  # fmt: skip


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'e.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        yield c


def _post(client: TestClient, url: str, body: Any, headers: dict[str, str], status: int) -> Any:
    answer = client.post(url, json=body, headers=headers)
    assert answer.status_code == status, answer.text
    return answer.json()


def _result(board: int, table: int, text: str) -> dict[str, Any]:
    contract, declarer, tricks = _parts(text)
    return {"round": (board - table) % 7 + 1, "table": table, "board": board,
            "contract": contract, "declarer": declarer, "tricks": tricks}  # fmt: skip


def _parts(text: str) -> tuple[str, str, int]:
    """'4SN+1' -> ('4S', 'N', 11)."""
    level = int(text[0])
    strain = "NT" if text[1:3] == "NT" else text[1]
    rest = text[1 + len(strain) :]
    declarer, change = rest[0], rest[1:]
    return f"{level}{strain}", declarer, 6 + level + (0 if change == "=" else int(change))


def _evening(client: TestClient, *, weighted: bool = False) -> tuple[str, dict[str, str]]:
    """The evening of the test below played through the API (with a weighted score on board 6
    at table 1 if ``weighted``): the session's API path and the director's headers."""
    movement = {"movement": "mitchell", "tables": 7, "boards_per_round": 1, "half_table": True}
    created = _post(client, "/api/sessions", {"event": "Tuesday", "movement": movement}, {}, 201)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    table = {t["table"]: auth(t["token"]) for t in created["tables"]}
    session = client.get(base).json()
    assert session["tables"][6] == {"table": 7, "current_round": 1, "fix_round": None,
                                    "finished": False, "sit_out": True,
                                    "waiting": False}  # fmt: skip
    for board, results in RESULTS.items():  # round 1, from the tables' phones
        for t, text in results.items():
            if (board - t) % 7 == 0:
                _post(client, f"{base}/results", _result(board, t, text), table[t], 201)
    _post(client, f"{base}/artificial", {"table": 3, "round": 1, "artificial": "A+/A-"},
          director, 200)  # fmt: skip
    late = {"pair": "NS 7", "names": "Ann & Bob", "from_round": 2,
            "players": [{"name": "Ann Smith", "number": "123456"},
                        {"name": "Bob Jones", "number": None}]}  # fmt: skip
    _post(client, f"{base}/pairs", late, table[1], 403)
    assert _post(client, f"{base}/pairs", late, director, 201)["pair"] == "NS 7"
    session = client.get(base).json()
    assert session["names"]["NS 7"] == "Ann & Bob"
    assert session["tables"][6]["current_round"] == 1  # a sit-out round it may move past
    slip = [_result(4, t, text) for t, text in SLIP.items()]
    for line in slip:
        del line["round"], line["board"]
    bad = [*slip[:-1], {**slip[-1], "tricks": 14}]
    _post(client, f"{base}/boards/4/results", bad, director, 422)  # all or none
    assert _post(client, f"{base}/boards/4/results", slip, director, 201)["entered"] == 7
    for board, results in RESULTS.items():  # rounds 2 to 5
        for t, text in results.items():
            if 2 <= (board - t) % 7 + 1 <= 5:
                _post(client, f"{base}/results", _result(board, t, text), director, 201)
    _post(client, f"{base}/withdrawals", {"pair": "EW 2", "from_round": 2}, director, 422)
    _post(client, f"{base}/withdrawals", {"pair": "EW 2", "from_round": 6}, director, 201)
    assert client.get(base).json()["tables"][6]["sit_out"] is True  # table 7, round 6
    for board, results in RESULTS.items():  # rounds 6 and 7
        for t, text in results.items():
            r = (board - t) % 7 + 1
            if r >= 6 and (board, t) != (2, 4) and not (weighted and (board, t) == (6, 1)):
                _post(client, f"{base}/results", _result(board, t, text), director, 201)
    if weighted:  # board 6 at table 1 (round 6): a weighted score (Law 12C1(c))
        ruling = {"round": 6, "table": 1, "board": 6, "weighted": "50% 4SN=, 50% 4SN-1"}
        _post(client, f"{base}/results", ruling, director, 201)
    split = {"round": 6, "table": 4, "board": 2, "split": {"ns": "4HS=", "ew": "4HS-1"}}
    _post(client, f"{base}/results", split, table[4], 403)
    _post(client, f"{base}/results", split, director, 201)
    answer = client.put(f"{base}/boards/1", json={"versions": [[1, 2, 3, 4], [5, 6, 7]]},
                        headers=director)  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert client.get(base).json()["missing"] == []
    return base, director


def test_a_seven_table_mitchell_with_a_half_table_follows_the_room(client: TestClient) -> None:
    """A 7-table Mitchell with a half table (13 pairs, 1 board a round, 7 rounds; NS t at
    table t, EW (t - r) mod 7 + 1 there in round r, board (t + r - 2) mod 7 + 1). NS 7 is
    missing: EW 7 sits out round 1 at table 7. NS 7 arrives for round 2 and plays at table 7
    against the pair sitting out (EW 6, 5, 4, 3, 2, 1). EW 2 leaves after round 5, so NS 7
    (round 6) and NS 1 (round 7) sit out. Every board is then scheduled at 7 tables but
    board 7 (table 7 in round 1, table 1 in round 7: 5 results) and board 5 (table 7 in round
    6: 6 results): the field N is 7, the top 12, and each board is Neuberg-scaled to it,
    S = (s + 1) 7 / n - 1 for s of the top 2(n - 1) among n results.

    Board 1 (none vul) fouled: tables 1-4 one version, 5-7 the other. Version 1: 450, 420,
    420, -50: raw 6, 3, 3, 0 of 6: (s + 1) 7/4 - 1 = 11.25, 6, 6, 0.75. Version 2: 400, 430,
    170 (tables 5, 6, 7): raw 2, 4, 0 of 4: (s + 1) 7/3 - 1 = 6, 32/3, 4/3.

    Board 2 (NS vul), a split score at table 4 (round 6, NS 4 v EW 6): NS 4HS= (+620), EW
    4HS-1 (NS -100). The six others as if table 4 had not played: 620 (tables 2, 1, 5),
    650, -100, 170: raw 6, 10, 0, 2 of 10: (s + 1) 7/6 - 1 = 43/6, 71/6, 1/6, 5/2. The split
    NS +620 against the six: beats 2, ties 3: 7 of 12. The split EW (NS -100) against them:
    NS 1 (ties -100), so EW 11.

    Board 3 (EW vul), table 3's round 1 gets A+/A- (NS 3 7.2 = 60 %, EW 3 4.8 = 40 %); the
    six others 420 (x4), 450, -50: raw 5, 10, 0 of 10: 6, 71/6, 1/6.

    Board 4 (all vul) from a traveller slip: seven times 620, all 6. Board 6: seven times
    420, all 6. Board 5 (NS vul, not at table 7): 620 (x4), 650 (table 2), -100 (table 1):
    raw 5, 10, 0 of 10: 6, 71/6, 1/6. Board 7 (all vul, tables 2-6): 660 (table 6), 620
    (x3), -200 (table 2): raw 8, 4, 0 of 8: (s + 1) 7/5 - 1 = 11.6, 6, 0.4. EW = 12 - NS.

    The pairs' percentages are over the boards they played (NS 7 and EW 2 five, NS 1 and
    EW 7 six, the others seven), for instance NS 7: 4/3 + 71/6 (board 2, table 7) + 71/6
    (board 3) + 6 + 6 = 37 of 60 = 61.67 %; EW 7: 45/4 + 29/6 + 71/6 + 6 + 6 + 6 = 551/12
    of 72 = 63.77 %. All: NS 7 61.67, NS 6 55.28, NS 2 51.67, NS 1 50.81, NS 3 47.26, NS 4
    44.94, NS 5 44.44; EW 7 63.77, EW 3 55.52, EW 4 55.28, EW 6 54.56, EW 2 48.06, EW 1
    42.36, EW 5 36.39.
    """
    base, director = _evening(client)
    session = client.get(base).json()
    for board, expected in EXPECTED_NS.items():
        lines = client.get(f"{base}/boards/{board}", headers=director).json()["lines"]
        got = {x["table"]: (x["ns_points"], x["ew_points"]) for x in lines}
        assert got.keys() == expected.keys(), board
        for t, ns in expected.items():
            ew = EXPECTED_EW.get((board, t), 12 - ns)
            assert got[t] == pytest.approx((float(ns), float(ew)), abs=0.005), (board, t)
    for side, rows in RANKINGS.items():
        ranked = [(row["pair"], row["percent"]) for row in session["rankings"][side]]
        assert [p for p, _ in ranked] == [p for p, _ in rows]
        assert [pct for _, pct in ranked] == pytest.approx([pct for _, pct in rows], abs=0.006)


def test_a_session_starts_with_the_ebu_averages(client: TestClient) -> None:
    """NS 1 scores +450 against +420 on board 1 (2 of 2, Neuberg-scaled to the 7 tables it
    is scheduled at: (2 + 1) 7/2 - 1 = 9.5 of 12, 79.17 %); on board 2 (round 2) it gets
    A+/A-: under the EBU's rule its own 79.17 % (9.5), not 60 % (7.2); EW 7 gets 40 %."""
    movement = {"movement": "mitchell", "tables": 7, "boards_per_round": 1}
    created = _post(client, "/api/sessions", {"movement": movement, "artificial": "ebu"}, {}, 201)
    base, director = f"/api/sessions/{created['id']}", auth(created["edit_token"])
    _post(client, f"{base}/results", _result(1, 1, "4SN+1"), director, 201)
    _post(client, f"{base}/results", _result(1, 2, "4SN="), director, 201)
    _post(client, f"{base}/artificial", {"table": 1, "round": 2, "artificial": "A+/A-"},
          director, 200)  # fmt: skip
    lines = client.get(f"{base}/boards/2", headers=director).json()["lines"]
    assert [(x["ns_points"], x["ew_points"]) for x in lines] == [(9.5, 4.8)]


def test_every_file_of_an_evening_with_every_ruling(client: TestClient, tmp_path: Path) -> None:
    """Issue 31: after a late pair, a withdrawal, a fouled board in two versions, and split,
    weighted and artificial scores, then closing, every file answers 200 (USEBIO was 422
    after a weighted or split score), and the PBN scored by the CLI and each USEBIO ``PAIR``'s
    ``PERCENTAGE`` (with its ``DIRECTION``) are the API's percentages to 0.01."""
    base, director = _evening(client, weighted=True)
    game = base.rsplit("/", 1)[1]
    _post(client, f"{base}/close", {"closed": True}, director, 200)
    shown = client.get(base).json()["rankings"]
    wanted = {(side, row["pair"].split()[1]): row["percent"]
              for side, rows in shown.items() for row in rows}  # fmt: skip
    assert len(wanted) == 14
    files = {}
    for kind in ("pbn", "csv", "usebio"):
        answer = client.get(f"{base}/export", params={"format": kind})
        assert answer.status_code == 200, (kind, answer.text)
        files[kind] = answer.content
    page = client.get(f"/session/{game}")
    assert page.status_code == 200, page.text
    assert f'href="/api/sessions/{game}/export?format=usebio"' in page.text
    assert client.get(f"{base}/deals").status_code == 200
    root = ET.fromstring(files["usebio"])
    from_usebio = {
        (pair.findtext("DIRECTION"), pair.findtext("PAIR_NUMBER", "").rstrip("NSEW")):
            float(pair.findtext("PERCENTAGE", "nan"))
        for pair in root.iter("PAIR")
    }  # fmt: skip
    assert from_usebio.keys() == wanted.keys()
    for key, percent in wanted.items():
        assert from_usebio[key] == pytest.approx(percent, abs=0.01), key
    weighted = [x for x in root.iter("TRAVELLER_LINE") if x.findtext("NS_PAIR_NUMBER") == "1NS"
                and x.find("CONTRACT") is None]  # fmt: skip
    assert len(weighted) == 1, "the weighted score: each side's matchpoints, no contract"
    out = tmp_path / "out.pbn"
    out.write_bytes(files["pbn"])
    from_pbn = cli_percentages(out)
    assert from_pbn.keys() == wanted.keys()
    for key, percent in wanted.items():
        assert from_pbn[key] == pytest.approx(percent, abs=0.01), key
