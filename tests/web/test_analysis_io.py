"""The personal analysis through the layers: ``bridgescore session analyse``, the recap's JSON,
the session page's recap and the CSV; on the board worked by hand in
``tests/duplicate/test_analysis.py`` (NS 3: par 5, double dummy 1, actual 4 MPs) and on a real
file."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore import Contract, Result, Seat, Strain, pbn
from bridgescore.boards.dd import dd_tables
from bridgescore.boards.par import par
from bridgescore.duplicate.analysis import analyse_pair
from bridgescore.duplicate.session import Board, BoardResult, Section, Session
from bridgescore.pbn import analysis_tags
from bridgescore.web import Settings
from tests.conftest import DATA, auth, create_app, csrf, run

TABLE = ((7, 6, 6, 10, 8), (6, 7, 7, 3, 5), (7, 6, 6, 10, 8), (6, 7, 7, 3, 5))


def _pbn_text() -> str:
    """Board 1 of the hand-worked example at five tables, its double-dummy table in a
    DoubleDummyTricks tag (no Deal: the table is made up), and board 2 with neither."""
    tags = {t.name: t.value for t in analysis_tags(TABLE, par(TABLE, "None", "N"))}
    board = replace(Board.numbered(1), tags=(("DoubleDummyTricks", tags["DoubleDummyTricks"]),))
    results = [
        BoardResult(1, n, n, Result.parse(r))
        for n, r in enumerate(["4SN=", "4SN+1", "3NTS=", "4SN-1", "2SN+2"], 1)
    ]
    results += [BoardResult(2, n, n % 5 + 1, Result.parse("3NTE=")) for n in range(1, 6)]
    section = Section("A", "mitchell", boards=[board, Board.numbered(2)], results=results)
    return pbn.write(Session((section,), event="Club night"))  # fmt: skip


@pytest.fixture
def pbn_file(tmp_path: Path) -> str:
    path = tmp_path / "club.pbn"
    path.write_text(_pbn_text())
    return str(path)


def test_the_command_prints_the_board_worked_by_hand(runner: CliRunner, pbn_file: str) -> None:
    code, out = run(runner, "session", "analyse", pbn_file, "--pair", "NS3", "--json")
    assert code == 0, out
    (entry,) = json.loads(out)["analyses"]
    analysis = entry["analysis"]
    (board,) = analysis["boards"]
    assert (board["par"]["points"], board["dd"]["points"], board["actual"]["points"]) == (5, 1, 4)
    assert (board["dd"]["result"], board["bidding"], board["play"]) == ("3NTS-1", -4, 3)
    assert analysis["totals"] == {"bidding": -4, "play": 3, "defence": 0}
    assert analysis["not_analysed"] == [{"board": 2, "reason": "no deal"}]
    code, out = run(runner, "session", "analyse", pbn_file, "--pair", "EW3")
    assert code == 0, out
    assert "3NTS-1: 7" in out  # EW 3's 7 MPs had the contract gone down
    assert "Board 2 not analysed: no deal." in out
    code, out = run(runner, "session", "analyse", pbn_file, "--pair", "NS9")
    assert code == 2
    assert "no pair 'NS9'" in out


def test_the_recap_json_has_the_analysis(runner: CliRunner, pbn_file: str) -> None:
    code, out = run(runner, "session", "score", pbn_file, "--recap", "EW3", "--json")
    assert code == 0, out
    (recap,) = json.loads(out)["sections"][0]["recaps"]
    (board,) = recap["analysis"]["boards"]
    assert (board["bidding"], board["defence"]) == (4, -3)
    assert "play" not in board
    code, out = run(runner, "session", "score", str(DATA / "mitchell3.pbn"), "--recap", "NS1",
                    "--json")  # fmt: skip
    assert code == 0, out
    assert all("analysis" not in r for s in json.loads(out)["sections"] for r in s["recaps"])


def test_the_page_and_the_csv(client: TestClient) -> None:
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": ("club.pbn", _pbn_text().encode(), "text/plain")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    game = response.headers["location"]
    page = client.get(f"{game}?recap=A:NS:3").text
    assert 'id="analysis"' in page
    row = page[page.index('<tr data-board="1">') :]
    row = row[: row.index("</tr>")]
    cells = [c.split(">")[-1] for c in row.split("</td>")[:-1]]
    assert [cells[i] for i in (3, 5, 7, 8, 9, 10)] == ["5", "1", "4", "-4", "+3", ""]
    assert "board 2 (no deal)" in page
    rows = list(csv.reader(io.StringIO(client.get(f"{game}/session.csv").text)))
    header = rows.index(["section", "pair", "board", "sat", "par", "par_score", "par_points",
                         "dd", "dd_score", "dd_points", "result", "score", "points", "bidding",
                         "play", "defence", "not_analysed"])  # fmt: skip
    mine = [r for r in rows[header:] if r[:3] == ["A", "NS 3", "1"]]
    assert mine == [["A", "NS 3", "1", "NS", "4SNS", "420", "5.0", "3NTS-1", "-50", "1.0",
                     "3NTS=", "400", "4.0", "-4.0", "3.0", "", ""]]  # fmt: skip
    assert ["A", "EW 3", "2", *[""] * 13, "no deal"] in rows


def test_a_real_session(runner: CliRunner) -> None:
    """Magic Contest's Howell of 22 tables and 30 boards (tests/data/real), whose
    OptimumResultTables are its boards' double-dummy tables (DDS solves every deal to the
    same table): without solving, pair 7's 30 boards are analysed; with only two tables,
    its two boards, each actual figure the recap's, and bidding plus play (or defence) its
    score against par."""
    real = DATA / "real" / "magic_contest_ffb.pbn"
    code, out = run(runner, "session", "analyse", str(real), "--pair", "7", "--no-solve",
                    "--json")  # fmt: skip
    assert code == 0, out
    (entry,) = json.loads(out)["analyses"]
    assert [b["board"] for b in entry["analysis"]["boards"]] == list(range(1, 31))
    assert entry["analysis"]["not_analysed"] == []
    session = pbn.read(real.read_text("latin-1"))
    (scored,) = session.scored()
    assert list(dd_tables(b.deal for b in scored.section.boards if b.deal)) == [
        b.dd for b in scored.section.boards]  # fmt: skip
    boards = scored.section.boards[:2]
    tables = {b.number: b.dd for b in boards if b.dd is not None}
    pair = scored.section.pair(7)
    got = analyse_pair(session, scored, pair, tables)
    recap = {x.board: x for x in scored.recap(7)}
    assert [b.board for b in got.boards] == [1, 2]
    assert len(got.not_analysed) == 28
    for b in got.boards:
        assert b.actual.points == pytest.approx(recap[b.board].points)
        part = b.play if b.play is not None else b.defence
        assert b.bidding + (part or 0) == pytest.approx(b.actual.points - b.par.points)
        assert isinstance(b.result.contract, Contract)
        assert b.result.declarer is not None
        seat, strain = tuple(Seat).index(b.result.declarer), tuple(Strain).index(
            b.result.contract.strain)  # fmt: skip
        assert b.dd_tricks == tables[b.board][seat][strain]


def test_the_live_apis_recap(tmp_path: Path) -> None:
    """``GET /api/sessions/{id}/recaps/{pair}``: the director's until closing, then
    everyone's; a pair's boards as the CLI's recap JSON has them (no ``analysis`` while the
    evening's boards have no double-dummy tables)."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as client:
        body = {"event": "Monday", "movement": {"movement": "mitchell", "tables": 3,
                                                "boards_per_round": 2}}  # fmt: skip
        created = client.post("/api/sessions", json=body).json()
        base = f"/api/sessions/{created['id']}"
        director = auth(created["edit_token"])
        for round_, table, contract in ((1, 1, "4S"), (3, 2, "3NT"), (2, 3, "4S")):
            result = {"round": round_, "table": table, "board": 1, "contract": contract,
                      "declarer": "N", "tricks": 10}  # fmt: skip
            assert client.post(f"{base}/results", json=result, headers=director).status_code == 201
        assert client.get(f"{base}/recaps/NS2").status_code == 403
        answer = client.get(f"{base}/recaps/NS2", headers=director)
        assert answer.status_code == 200, answer.text
        recap = answer.json()
        assert recap["pair"] == "NS 2"
        assert [(b["board"], b["result"], b["score"], b["points"]) for b in recap["boards"]] == [
            (1, "3NTN+1", 430, 4.0)]  # fmt: skip
        assert "analysis" not in recap
        assert client.get(f"{base}/recaps/NS9", headers=director).status_code == 404
        assert client.post(f"{base}/close", json={"closed": True}, headers=director).is_success
        assert client.get(f"{base}/recaps/ns 2").json()["boards"] == recap["boards"]
