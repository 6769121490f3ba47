"""The hand-record page: diagrams, double-dummy tables, par and traveller lines against them."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from bridgescore import pbn
from bridgescore.boards.deal import SUITS, Deal
from bridgescore.pbn import analyse_games
from bridgescore.web.common import templates
from tests.conftest import DATA, csrf


def upload_text(client: TestClient, name: str, text: str) -> str:
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": (name, text.encode(), "text/plain")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def cells(html: str, board: str) -> list[list[str]]:
    """The rows of a board's traveller-against-par table."""
    article = re.search(rf'id="hand-{board}".*?</article>', html, re.S)
    assert article is not None
    table = re.search(r'<table class="versus">(.*?)</table>', article[0], re.S)
    assert table is not None
    return [
        re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table[1], re.S)
    ][1:]


def test_hand_records_from_an_analysed_file(client: TestClient) -> None:
    games = analyse_games(pbn.read_games((DATA / "mitchell3.pbn").read_text(encoding="utf-8")))
    game = upload_text(client, "analysed.pbn", pbn.write_games(games))
    assert f'href="{game}/hands"' in client.get(game).text
    page = client.get(f"{game}/hands")
    assert page.status_code == 200
    html = page.text
    assert html.count('<table class="hand-diagram">') == 3  # the boards with a deal
    assert "Board 1 · North deals · None vulnerable" in html
    assert "Par: NS 460: 3NTN+2" in html
    assert 'aria-label="Double-dummy tricks"' in html
    # 4S by S makes 11 (= double dummy), 4S by N 10 (-1), 4SX by N 9 (-2); par is 460.
    rows = cells(html, "A-1")
    assert [(r[2], r[3], r[4], r[5]) for r in rows] == [
        ("4♠S+1", "450", "=", "-10"),
        ("4♠N=", "420", "-1", "-40"),
        ("4♠XN-1", "-100", "-2", "-560"),
    ]


def test_hand_records_in_the_readers_language(client: TestClient) -> None:
    games = analyse_games(pbn.read_games((DATA / "mitchell3.pbn").read_text(encoding="utf-8")))
    game = upload_text(client, "analysed.pbn", pbn.write_games(games))
    german = client.get(f"{game}/hands", headers={"Accept-Language": "de"}).text
    # Board 1: North holds AK73 QJ4 A952 K8; par 3NT by North, two over.
    assert '<span class="suit hearts">♥</span> DB4<br>' in german  # Dame, Bube
    assert '<span class="suit spades">♠</span> AK73<br>' in german
    assert "Par: NS 460: 3SAN+2" in german
    assert "<th>OW</th>" in german
    assert "<th>EW</th>" not in german
    assert '<th scope="row">O</th>' in german  # the double-dummy table's East
    dutch = client.get(f"{game}/hands", headers={"Accept-Language": "nl"}).text
    assert "Par: NZ 460: 3SAN+2" in dutch
    assert "♥</span> VB4<br>" in dutch
    english = client.get(f"{game}/hands").text
    assert "Par: NS 460: 3NTN+2" in english
    assert "♥</span> QJ4<br>" in english


def test_hand_records_solve_deals_without_tables(client: TestClient) -> None:
    # The plain file has deals but no DoubleDummyTricks: the page solves them.
    text = (DATA / "mitchell3.pbn").read_text(encoding="utf-8")
    game = upload_text(client, "plain.pbn", text)
    html = client.get(f"{game}/hands").text
    assert "Par: NS 460: 3NTN+2" in html


def test_session_without_deals(client: TestClient) -> None:
    game = upload_text(client, "howell.pbn", (DATA / "howell.pbn").read_text(encoding="utf-8"))
    html = client.get(f"{game}/hands").text
    assert 'id="no-hands"' in html
    assert client.get("/session/nope/hands").status_code == 404


def diagram(deal: Deal) -> str:
    """The hand diagram as the pages draw it."""
    macro = templates.get_template("_hand_diagram.html").module.hand_diagram  # type: ignore[attr-defined]
    return str(macro(deal, SUITS))


def test_the_hand_diagram() -> None:
    html = diagram(Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 - 43.764.J876.T653"))
    assert html.startswith('<table class="hand-diagram"><tr><td></td><td class="hand north"')
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    assert len(rows) == 3
    assert re.findall(r'class="hand (\w+)"', html) == ["north", "west", "east", "south"]
    assert (
        '<td class="hand north" aria-label="North"><span class="suit spades">♠</span> AKQ2<br>'
        '<span class="suit hearts">♥</span> K53<br><span class="suit diamonds">♦</span> T94<br>'
        '<span class="suit clubs">♣</span> QJ2<br></td>'
    ) in html
    assert '<td class="hand south"></td>' in html  # no hand given
    assert '<span class="suit hearts">♥</span> —<br>' in diagram(  # a void
        Deal.parse("N:AKQJT98765432... - - -")
    )


def test_the_hand_diagram_escapes_text() -> None:
    class Odd:
        suits = ("<script>", "&", "", "")

    class Fake:
        hands = (Odd(), None, None, None)

    html = diagram(Fake())  # type: ignore[arg-type]
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "&amp;" in html
