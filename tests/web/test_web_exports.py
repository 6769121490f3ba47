"""``GET /api/sessions/{id}/export?format=usebio|pbn|csv``: the results as files, from the API
and from the session page's links."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridgescore import pbn, usebio
from bridgescore.web import Settings
from tests.conftest import DATA, auth, create_app, csrf
from tests.helpers import WEIGHTED_PBN
from tests.helpers import upload_pbn as upload


def test_the_three_formats(client: TestClient) -> None:
    game = upload(client, "howell.pbn")
    session = pbn.read((DATA / "howell.pbn").read_text())
    answer = client.get(f"/api/sessions/{game}/export", params={"format": "usebio"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/xml"
    assert answer.headers["content-disposition"].startswith(
        'attachment; filename="Wednesday-Howell.xml"')  # fmt: skip
    read = usebio.read(answer.content)
    assert read.session.scored()[0].rankings == session.scored()[0].rankings
    assert [s.place for s in read.standings] == [
        r.rank for r in session.scored()[0].rankings[None]]  # fmt: skip
    assert client.get(f"/api/sessions/{game}/export").content == answer.content  # the default
    as_pbn = client.get(f"/api/sessions/{game}/export", params={"format": "pbn"})
    assert as_pbn.headers["content-type"] == "application/x-pbn; charset=utf-8"
    assert as_pbn.text == client.get(f"/session/{game}/session.pbn").text
    as_csv = client.get(f"/api/sessions/{game}/export", params={"format": "csv"})
    assert as_csv.text == client.get(f"/session/{game}/session.csv").text
    bad = client.get(f"/api/sessions/{game}/export", params={"format": "xls"})
    assert bad.status_code == 422
    assert client.get("/api/sessions/nope/export").status_code == 404
    page = client.get(f"/session/{game}").text
    assert f'href="/api/sessions/{game}/export?format=usebio" id="download-usebio"' in page


def test_the_formats_are_in_the_openapi(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/sessions/{game_id}/export"]["get"]
    (parameter,) = [p for p in operation["parameters"] if p["name"] == "format"]
    assert parameter["schema"]["enum"] == ["usebio", "pbn", "csv"]
    assert set(operation["responses"]["200"]["content"]) == {
        "application/xml",
        "application/x-pbn; charset=utf-8",
        "text/csv; charset=utf-8",
    }


def test_an_open_evening_is_exported_once_closed(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'e.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as client:
        body: dict[str, Any] = {"event": "Monday pairs", "date": "2026.03.09",
                                "movement": {"movement": "mitchell", "tables": 3,
                                             "boards_per_round": 1}}  # fmt: skip
        created = client.post("/api/sessions", json=body).json()
        game, director = created["id"], auth(created["edit_token"])
        table = auth(created["tables"][0]["token"])
        result = {
            "round": 1,
            "table": 1,
            "board": 1,
            "contract": "4S",
            "declarer": "N",
            "tricks": 10,
            "lead": "h10",
        }
        assert client.post(f"/api/sessions/{game}/results", json=result,
                           headers=table).status_code == 201  # fmt: skip
        assert client.get(f"/api/sessions/{game}/export").status_code == 403
        assert client.post(f"/api/sessions/{game}/close", json={"closed": True},
                           headers=director).status_code == 200  # fmt: skip
        answer = client.get(f"/api/sessions/{game}/export")
        assert answer.status_code == 200, answer.text
        read = usebio.read(answer.content).session
        assert (read.event, read.date) == ("Monday pairs", "2026.03.09")
        (line,) = read.sections[0].results
        assert (str(line.result), line.lead) == ("4SN=", "HT")  # the table's lead, kept


def test_a_weighted_score_goes_to_usebio_as_each_sides_points(client: TestClient) -> None:
    """Once refused with 422 (a dead end after a ruling): a weighted score is a traveller line
    with both sides' matchpoints and no contract; the file's rankings are the API's, and the
    results page links the download."""
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": ("weighted.pbn", WEIGHTED_PBN.encode(), "text/plain")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    game = str(response.headers["location"]).rsplit("/", 1)[1]
    answer = client.get(f"/api/sessions/{game}/export")
    assert answer.status_code == 200, answer.text
    read = usebio.read(answer.content)
    assert [(x.board, x.ns_points + x.ew_points) for x in read.assigned] == [(5, 8.0)]  # a top of 8
    (scored,) = pbn.read(WEIGHTED_PBN).scored()
    wanted = [(r.pair.label, r.rank, r.percent) for rows in scored.rankings.values() for r in rows]
    assert [(s.pair.label, s.place, s.percent) for s in read.standings] == wanted
    assert 'id="download-usebio"' in client.get(f"/session/{game}").text
    assert client.get(f"/api/sessions/{game}/export", params={"format": "pbn"}).status_code == 200


def test_a_usebio_file_is_uploaded(client: TestClient) -> None:
    name = "compscore3_cross_imp_howell.xml"
    data = {"csrf": csrf(client), "method": "cross-imps"}
    files = {"pbn": (name, (DATA / "real" / "usebio" / name).read_bytes(), "application/xml")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    game = str(response.headers["location"]).rsplit("/", 1)[1]
    page = client.get(f"/session/{game}").text
    assert "FATMA AHMET" in page
    again = usebio.read(client.get(f"/api/sessions/{game}/export").content)
    assert again.standings[0].place == "1"
    assert again.standings[0].total == 30.33  # the file's own winner, by bridgescore


def test_an_uploaded_usebio_files_warnings_are_on_its_page(client: TestClient) -> None:
    """NZ Scorer's ``NP`` line, read as a passed-out board: the page says so, with its line."""
    name = "nzscorer_pairs_with_np_passed.xml"
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": (name, (DATA / "real" / "usebio" / name).read_bytes(), "application/xml")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    game = str(response.headers["location"]).rsplit("/", 1)[1]
    page = client.get(f"/session/{game}").text
    assert 'id="warnings"' in page
    assert "BOARD 19, TRAVELLER_LINE 10" in page
    assert "CONTRACT NP with SCORE 0" in page
