"""The duplicate session pages through TestClient: entry by hand, rankings, downloads, rules."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore import pbn
from bridgescore.cli import cli
from tests.conftest import DATA, csrf
from tests.helpers import WEIGHTED_PBN


def new_session(client: TestClient, **fields: str) -> str:
    data = {"csrf": csrf(client), "method": "mp", "event": "Club night", "movement": "mitchell",
            "sections": "A", **fields}  # fmt: skip
    response = client.post("/session/new", data=data, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def add(client: TestClient, game: str, **fields: str) -> int:
    data = {"csrf": csrf(client), "section": "A", "doubling": "", **fields}
    return int(client.post(f"{game}/results", data=data, follow_redirects=False).status_code)


# Board 1 (N deals, love all) at three tables: 420, 450 and 170 for NS.
RESULTS = [
    {"board": "1", "ns": "1", "ew": "1", "level": "4", "strain": "S", "declarer": "N",
     "tricks": "10"},
    {"board": "1", "ns": "2", "ew": "2", "level": "4", "strain": "S", "declarer": "S",
     "tricks": "11"},
    {"board": "1", "ns": "3", "ew": "3", "level": "3", "strain": "S", "declarer": "N",
     "tricks": "10"},
]  # fmt: skip


def test_enter_results_and_read_the_rankings(client: TestClient) -> None:
    game = new_session(client)
    for result in RESULTS:
        assert add(client, game, **result) == 303
    page = client.get(game).text
    ns = re.search(r'data-field="NS">(.*?)</table>', page, re.S)
    assert ns
    ranks = re.findall(r"<tr><td>(\S+)</td>\s*<td><a [^>]*>(\d+)</a>", ns[1])
    assert ranks == [("1", "2"), ("2", "1"), ("3", "3")]
    assert "Board 1 — North deals, None vulnerable, top 4" in page
    assert "100.00" in page
    recap = client.get(f"{game}?recap=A:EW:3").text
    assert "Recap: section A, pair EW 3" in recap


def test_errors_are_shown_and_nothing_is_saved(client: TestClient) -> None:
    game = new_session(client)
    response = client.post(
        f"{game}/results",
        data={"csrf": csrf(client), "section": "A", "board": "1", "ns": "1", "ew": "1",
              "level": "4", "strain": "S", "tricks": "10"},  # no declarer
    )  # fmt: skip
    assert response.status_code == 422
    assert 'id="error-declarer"' in response.text
    assert add(client, game, **RESULTS[0]) == 303
    clash = {**RESULTS[1], "ns": "1"}  # pair NS 1 cannot play board 1 twice
    response = client.post(f"{game}/results", data={"csrf": csrf(client), "section": "A",
                                                    "doubling": "", **clash})  # fmt: skip
    assert response.status_code == 422
    assert "pair NS 1 played it twice" in response.text
    travellers = [
        r for r in client.get(f"{game}/session.csv").text.splitlines() if r.startswith("A,1,")
    ]
    assert travellers == ["A,1,1,1,4SN=,420,0.0,0.0"]


def test_method_undo_and_downloads(client: TestClient) -> None:
    game = new_session(client, event="Tuesday pairs")
    for result in RESULTS:
        add(client, game, **result)
    data = {"csrf": csrf(client), "method": "butler"}
    assert client.post(f"{game}/method", data=data, follow_redirects=False).status_code == 303
    page = client.get(game).text
    assert "Scored by Butler IMPs." in page
    data = {"csrf": csrf(client), "section": "A"}
    assert client.post(f"{game}/undo", data=data, follow_redirects=False).status_code == 303
    csv_text = client.get(f"{game}/session.csv")
    assert csv_text.headers["content-disposition"] == (
        "attachment; filename=\"Tuesday-pairs.csv\"; filename*=UTF-8''Tuesday%20pairs.csv"
    )
    rows = csv_text.text.splitlines()
    assert rows[0] == "section,field,rank,pair,names,total,percent,boards"
    assert sum(1 for row in rows if row.startswith("A,1,")) == 2  # two results left on board 1


def test_read_only_for_other_browsers(client: TestClient, app: object) -> None:
    game = new_session(client)
    with TestClient(app) as other:  # type: ignore[arg-type]
        assert "Enter a result" not in other.get(game).text
        data = {"csrf": csrf(other), "section": "A", "doubling": "", **RESULTS[0]}
        assert other.post(f"{game}/results", data=data).status_code == 403
    assert "Enter a result" in client.get(game).text
    assert "Duplicate: Club night" in client.get("/games").text


def test_unknown_session_is_404(client: TestClient) -> None:
    assert client.get("/session/nope").status_code == 404


def upload(client: TestClient, name: str, method: str = "mp") -> Any:
    data = {"csrf": csrf(client), "method": method}
    files = {"pbn": (name, (DATA / name).read_bytes(), "text/plain")}
    return client.post("/session/new", data=data, files=files, follow_redirects=False)


def page_rankings(page: str, method: str) -> dict[tuple[str, str], list[tuple[str, int, str]]]:
    """(section, field) -> [(rank, pair, percent or total)] read from the page's tables."""
    out = {}
    for m in re.finditer(r'data-section="(\w+)" data-field="(\w+)">(.*?)</table>', page, re.S):
        rows = re.findall(
            r"<tr><td>(\S+)</td>\s*<td><a [^>]*>(\d+)</a></td>\s*<td>[^<]*</td>"
            r'<td class="num">([^<]*)</td>\s*(?:<td class="num">([^<]*)</td>)?',
            m[3],
        )
        out[(m[1], m[2])] = [(r[0], int(r[1]), r[3] if method == "mp" else r[2]) for r in rows]
    return out


@pytest.mark.parametrize("method", ["mp", "butler", "cross-imps"])
def test_uploaded_pbn_shows_the_same_rankings_as_the_cli(
    client: TestClient, runner: CliRunner, method: str
) -> None:
    response = upload(client, "mitchell3.pbn", method)
    assert response.status_code == 303, response.text
    shown = page_rankings(client.get(response.headers["location"]).text, method)
    result = runner.invoke(cli, ["session", "score", str(DATA / "mitchell3.pbn"), "--json",
                                 "--method", method])  # fmt: skip
    assert result.exit_code == 0, result.output
    expected = {}
    for section in json.loads(result.output)["sections"]:
        for field, rows in section["rankings"].items():
            expected[(section["name"], field if field in ("NS", "EW") else "all")] = [
                (row["rank"], row["number"],
                 f"{row['percent']:.2f}" if method == "mp" else f"{row['total']:g}")
                for row in rows
            ]  # fmt: skip
    assert shown == expected
    assert len(shown) == 6  # three Mitchell sections, NS and EW each


def test_pbn_download_reads_back_as_the_same_session(client: TestClient) -> None:
    game = upload(client, "mitchell3.pbn").headers["location"]
    downloaded = client.get(f"{game}/session.pbn")
    assert downloaded.status_code == 200
    assert downloaded.headers["content-disposition"].endswith("''Spring%20Pairs.pbn")
    original = pbn.read((DATA / "mitchell3.pbn").read_text(encoding="utf-8"))
    assert pbn.read(downloaded.text) == original


def test_a_malformed_upload_is_refused_with_its_line(client: TestClient) -> None:
    bad = sorted((DATA / "bad").glob("*.pbn"))[0]
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": (bad.name, bad.read_bytes(), "text/plain")}
    response = client.post("/session/new", data=data, files=files)
    assert response.status_code == 422
    assert re.search(r'id="error-file" role="alert">[^<]*line \d+', response.text)


def test_undo_keeps_the_notes_of_the_imported_file(client: TestClient) -> None:
    """Undoing a result used to rebuild the section without its notes: PBN warnings vanished."""
    text = (
        '[Board "1"][Dealer "E"][Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        "1 1 4S S 11\n2 2 4S N 10\n"
    )
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": ("notes.pbn", text.encode(), "text/plain")}
    game = client.post("/session/new", data=data, files=files, follow_redirects=False)
    location = game.headers["location"]
    assert "are not Law 2&#39;s" in client.get(location).text
    undo = {"csrf": csrf(client), "section": "A"}
    assert client.post(f"{location}/undo", data=undo, follow_redirects=False).status_code == 303
    page = client.get(location).text
    assert "are not Law 2&#39;s" in page
    assert page.count("4SN=") == 0  # the last result is gone, the note is not


def test_a_weighted_score_on_the_pages(client: TestClient) -> None:
    """A weighted score (Law 12C1(c)) read from PBN: its text on the traveller and in the CSV."""
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": ("weighted.pbn", WEIGHTED_PBN.encode(), "text/plain")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    game = response.headers["location"]
    page = client.get(game).text
    assert "50% 4SN=, 30% 4SN-1, 20% 5HXE-2" in page
    assert "50% +620, 30% -100, 20% +300" in page
    csv = client.get(f"{game}/session.csv").text
    assert '"50% 4SN=, 30% 4SN-1, 20% 5HXE-2","50% +620, 30% -100, 20% +300",3.6,4.4' in csv
