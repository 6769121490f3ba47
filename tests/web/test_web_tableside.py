"""The home-game pages at the table (issue 11), through TestClient: nothing typed is lost, the
score table the offline calculator looks up, the offline files, caching and compression."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from bridgescore import Strain, score
from bridgescore.web.common import CSRF_COOKIE
from bridgescore.web.score_table import score_table, table_key
from tests.conftest import csrf
from tests.helpers import HANDOUT, add, new_rubber


def new_chicago(client: TestClient, **fields: str) -> str:
    data = {"csrf": csrf(client, "/chicago/new"), "rules": "default", "first_dealer": "N"}
    response = client.post("/chicago/new", data={**data, **fields}, follow_redirects=False)
    assert response.status_code == 303
    return str(response.headers["location"])


def form_token(page: str) -> str:
    m = re.search(r'id="deal-form".*?name="csrf" value="([^"]+)"', page, re.S)
    assert m
    return m[1]


def test_the_score_table_is_the_cores_score_for_all_2940_inputs() -> None:
    table = json.loads(score_table())
    assert len(table) == 2940
    for level in range(1, 8):
        for strain in Strain:
            for doubling in ("", "X", "XX"):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        s = score(f"{level}{strain.value}{doubling}", tricks, vulnerable=vulnerable)
                        key = table_key(level, strain.value, doubling, vulnerable, tricks)
                        parts = [[p.label, p.points] for p in s.parts]
                        assert table[key] == [s.total, parts], key


def test_the_score_table_is_served_fingerprinted_and_compressed(client: TestClient) -> None:
    page = client.get("/").text
    m = re.search(r'data-table="(/scores.json\?v=[0-9a-f]{12})"', page)
    assert m
    response = client.get(m[1], headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert "max-age=31536000" in response.headers["cache-control"]
    assert response.json()["3NT---v-10"][0] == 630


def test_a_game_form_survives_a_lost_csrf_cookie(client: TestClient) -> None:
    game = new_rubber(client)
    page = client.get(game).text
    token = form_token(page)
    assert token != client.cookies.get(CSRF_COOKIE)  # bound to this browser's edit token
    client.cookies.delete(CSRF_COOKIE)  # a browser restart that lost it
    data = {"csrf": token, "doubling": "", **HANDOUT[0]}
    assert client.post(f"{game}/deals", data=data, follow_redirects=False).status_code == 303
    assert "4H by WE" in client.get(game).text


def test_a_bound_token_is_no_good_for_another_game(client: TestClient) -> None:
    first, second = new_rubber(client), new_rubber(client)
    token = form_token(client.get(first).text)
    client.cookies.delete(CSRF_COOKIE)
    data = {"csrf": token, "doubling": "", **HANDOUT[0]}
    assert client.post(f"{second}/deals", data=data).status_code == 403


def test_the_csrf_cookie_lasts_a_year(client: TestClient) -> None:
    header = client.get("/").headers["set-cookie"].lower()
    assert "bs_csrf=" in header
    assert "max-age=31536000" in header


def test_the_pad_marks_vulnerability_and_is_a_table(client: TestClient) -> None:
    game = new_rubber(client, we="Ann & Bob")
    add(client, game, **HANDOUT[0])
    page = client.get(game).text
    assert '<th scope="col" class="head we">WE <span class="vul">Vulnerable</span>' in page
    assert '<th scope="col" class="head they">THEY<span class="names">' not in page
    assert 'class="head they">THEY</th>' in page
    assert 'id="bar-we">220</strong> <span class="vul">vul</span>' in page
    assert '<svg width="' in page  # the QR codes
    assert page.count('role="img" aria-label="QR code of the') == 2


def test_ending_a_rubber_asks_first_and_undo_gives_every_deal_back(client: TestClient) -> None:
    game = new_rubber(client)
    for deal in HANDOUT[:2]:
        add(client, game, **deal)
    confirm = client.get(f"{game}?end=confirm").text
    assert 'id="end-yes"' in confirm
    assert 'id="end"' not in confirm
    token = form_token(confirm)
    data = {"csrf": token, "confirm": "yes"}
    assert client.post(f"{game}/end", data=data, follow_redirects=False).status_code == 303
    page = client.get(game).text
    assert "The rubber was ended early." in page
    assert "Undo last change" in page
    undo = client.post(f"{game}/undo", data={"csrf": token}, follow_redirects=False)
    assert undo.status_code == 303
    page = client.get(game).text
    assert "4H by WE" in page
    assert "4S by THEY" in page
    assert "ended early" not in page


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"level": "3", "strain": "NT", "tricks": "9"}, "declarer", "Choose the declarer: N, E"),
        ({"level": "3", "strain": "NT", "declarer": "N", "tricks": "x"}, "tricks", "Choose the"),
        ({"level": "9", "strain": "NT", "declarer": "N", "tricks": "9"}, "deal", "Choose the l"),
    ],
    ids=["no-declarer", "bad-tricks", "bad-level"],
)
def test_chicago_errors_in_a_players_words_next_to_their_field(
    client: TestClient, fields: dict[str, str], field: str, words: str
) -> None:
    game = new_chicago(client)
    response = client.post(f"{game}/deals", data={"csrf": csrf(client, game), **fields})
    assert response.status_code == 422
    assert f'id="error-{field}" role="alert">{words}' in response.text


def test_chicago_says_who_won_the_set_after_deal_four(client: TestClient) -> None:
    game = new_chicago(client, ns="Ann & Bob", ew="Cy & Di")
    deals = [("4", "S", "N", "10"), ("3", "NT", "E", "9"), ("2", "H", "S", "8")]
    deals.append(("1", "C", "W", "7"))
    for i, (level, strain, declarer, tricks) in enumerate(deals, 1):
        data = {"level": level, "strain": strain, "declarer": declarer, "tricks": tricks}
        assert add(client, game, **data) == 303
        page = client.get(game).text
        assert 'id="total-ns">' in page
        assert 'id="total-ew">' in page
        assert ("won the set" in page) is (i == 4)
    assert "EW won the set (deals 1-4) by 140: 670 to 530." in page
    assert '<p class="sheet-names">NS: Ann &amp; Bob · EW: Cy &amp; Di</p>' in page


def test_the_calculator_has_a_passed_out_button(client: TestClient) -> None:
    page = client.get("/?level=Pass&strain=H&tricks=10&vul=All").text
    assert 'value="Pass" id="passed-out" checked' in page
    assert "Passed out: each side scores 0." in page


@pytest.mark.parametrize(
    ("path", "kind", "cache"),
    [
        ("/manifest.webmanifest", "application/manifest+json", "max-age=86400"),
        ("/sw.js", "text/javascript", "no-cache"),
        ("/favicon.ico", "image/svg+xml", "max-age=86400"),
        ("/static/style.css", "text/css", "no-cache"),
    ],
    ids=["manifest", "service-worker", "favicon", "static-unversioned"],
)
def test_the_offline_files(client: TestClient, path: str, kind: str, cache: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(kind)
    assert cache in response.headers["cache-control"]


def test_fingerprinted_static_files_are_kept_a_year_and_compressed(client: TestClient) -> None:
    page = client.get("/").text
    m = re.search(r'href="(/static/style.css\?v=[0-9a-f]{12})"', page)
    assert m
    response = client.get(m[1], headers={"accept-encoding": "gzip"})
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["content-encoding"] == "gzip"
    assert client.get("/").headers["cache-control"] == "no-store"  # pages carry tokens


def test_the_api_docs_load_nothing_from_elsewhere(client: TestClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    assert "cdn.jsdelivr.net" not in response.text
    assert "/static/swagger/swagger-ui-bundle.js?v=" in response.text
    assert "cdn" not in response.headers["content-security-policy"]
    m = re.search(r"(/static/swagger/swagger-ui-bundle.js\?v=[0-9a-f]+)", response.text)
    assert m
    assert client.get(m[1]).status_code == 200


def test_next_rubber_keeps_the_players_and_settles_up_the_evening(client: TestClient) -> None:
    first = new_rubber(client, we="Ann & Bob", they="Cy & Di")
    for deal in HANDOUT:
        add(client, first, **deal)
    page = client.get(first).text
    assert 'id="next-rubber"' in page
    token = form_token(page.replace('class="no-print next-rubber"', 'id="deal-form"'))
    response = client.post(f"{first}/next", data={"csrf": token}, follow_redirects=False)
    assert response.status_code == 303
    second = str(response.headers["location"])
    assert second != first
    page = client.get(second).text
    assert "Rubber: Ann &amp; Bob v Cy &amp; Di" in page
    assert "Enter deal 1" in page
    assert 'id="settle-up"><strong>THEY owe WE 40 points</strong> over 2 rubbers.' in page
    add(client, second, level="7", strain="NT", by="they", tricks="13")
    assert "WE owe THEY" in client.get(second).text
    with TestClient(client.app) as other:  # another browser: no evening, no Next
        view = other.get(second).text
        assert 'id="evening"' not in view
        assert other.post(f"{first}/next", data={"csrf": token}).status_code == 403
