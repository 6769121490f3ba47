"""The HTML pages through TestClient: forms without JavaScript, tokens, CSRF, escaping."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.conftest import csrf
from tests.helpers import HANDOUT, add, new_rubber


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("r=4HXS-2&vul=NS", "Defenders score <strong>500</strong>"),
        ("level=4&strain=H&doubling=X&tricks=7&vul=All", "Defenders score <strong>800</strong>"),
        ("r=3NTN%2B1&vul=All", "Declarer's side scores <strong>630</strong>"),
        ("r=Pass&vul=All", "Passed out: each side scores 0."),
    ],
)
def test_calculator_without_javascript(client: TestClient, query: str, expected: str) -> None:
    page = client.get(f"/?{query}")
    assert page.status_code == 200
    assert expected in page.text


def test_calculator_shows_every_part_and_a_share_link(client: TestClient) -> None:
    page = client.get("/?r=6HXN%3D&vul=None").text
    for name in ("trick_points", "game", "slam", "insult"):
        assert f'data-part="{name}"' in page
    assert 'href="/?r=6HXN%3D&amp;vul=None"' in page
    assert "NS +1210 · EW -1210" in page


def test_calculator_post_redirects_to_the_shareable_url(client: TestClient) -> None:
    data = {
        "csrf": csrf(client),
        "level": "4",
        "strain": "H",
        "doubling": "X",
        "declarer": "S",
        "vul": "NS",
        "tricks": "8",
    }
    response = client.post("/", data=data, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/?r=4HXS-2&vul=NS"


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("r=8NT", "r", "contract level must be 1-7: &#39;8NT&#39;"),
        ("level=9&strain=H&tricks=9", "level", "contract level must be 1-7"),
        ("level=4&strain=Z&tricks=9", "strain", "invalid strain"),
        ("level=4&strain=H&tricks=14", "tricks", "tricks must be a whole number"),
        ("level=4&strain=H&tricks=9&vul=NS", "declarer", "&#39;4H-1&#39; has no declarer"),
    ],
)
def test_calculator_errors_next_to_the_field(
    client: TestClient, query: str, field: str, message: str
) -> None:
    page = client.get(f"/?{query}")
    assert page.status_code == 422
    assert f'id="error-{field}" role="alert">{message}' in page.text


def test_the_handouts_rubber_in_the_browser_flow(client: TestClient) -> None:
    game = new_rubber(client, we="Ann & Bob", they="<script>alert(1)</script>")
    for deal in HANDOUT:
        assert add(client, game, **deal) == 303
    page = client.get(game).text
    assert "THEY won the rubber." in page
    assert "WE have more points: 760 to 720." in page
    assert '<td class="we total" data-kind="total">760</td><td class="they total">720</td>' in page
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_undo_edit_and_end(client: TestClient) -> None:
    game = new_rubber(client)
    for deal in HANDOUT[:2]:
        add(client, game, **deal)
    data = {"csrf": csrf(client, game), "version": "3"}
    assert client.post(f"{game}/undo", data=data, follow_redirects=False).status_code == 303
    assert "4H by WE, 10 tricks" in client.get(game).text
    assert "4S by THEY" not in client.get(game).text
    edit_page = client.get(f"{game}?edit=1").text
    assert "Change deal 1" in edit_page
    data = {
        "csrf": csrf(client, game),
        "level": "2",
        "strain": "S",
        "doubling": "",
        "by": "they",
        "tricks": "8",
    }
    assert client.post(f"{game}/deals/1", data=data, follow_redirects=False).status_code == 303
    assert "2S by THEY, 8 tricks" in client.get(game).text
    data = {"csrf": csrf(client, game)}
    asked = client.post(f"{game}/end", data=data, follow_redirects=False)  # not confirmed
    assert asked.status_code == 200
    assert "End the rubber here?" in asked.text
    assert "The rubber was ended early." not in client.get(game).text
    data = {"csrf": csrf(client, game), "confirm": "yes"}
    assert client.post(f"{game}/end", data=data, follow_redirects=False).status_code == 303
    assert "The rubber was ended early." in client.get(game).text


def test_undo_after_the_end_reopens_the_rubber_and_keeps_every_deal(client: TestClient) -> None:
    game = new_rubber(client)
    for deal in HANDOUT[:2]:
        add(client, game, **deal)
    for action in ("end", "undo"):
        data = {"csrf": csrf(client, game), "confirm": "yes"}
        assert client.post(f"{game}/{action}", data=data, follow_redirects=False).status_code == 303
    page = client.get(game).text
    assert "The rubber was ended early." not in page
    assert "4H by WE, 10 tricks" in page
    assert "4S by THEY, 10 tricks" in page


def test_bad_deal_is_shown_next_to_the_field_and_nothing_is_saved(client: TestClient) -> None:
    game = new_rubber(client)
    data = {
        "csrf": csrf(client, game),
        "level": "3",
        "strain": "NT",
        "by": "we",
        "tricks": "9",
        "honors": "we:100",
    }
    response = client.post(f"{game}/deals", data=data)
    assert response.status_code == 422
    assert 'id="error-honors" role="alert">Honors at notrump are 150' in response.text
    assert "No deals yet." in response.text
    data = {"csrf": csrf(client, game), "level": "3", "strain": "NT", "tricks": "9"}
    response = client.post(f"{game}/deals", data=data)
    assert response.status_code == 422
    assert 'id="error-by" role="alert">Choose who played the contract: WE or THEY.' in response.text
    data = {**data, "by": "we", "honors": "north:150"}  # a bad honors side is an honors error
    response = client.post(f"{game}/deals", data=data)
    assert 'id="error-honors" role="alert">Choose whose honors' in response.text
    assert 'id="error-by"' not in response.text


def test_stale_form_gets_a_conflict(client: TestClient) -> None:
    game = new_rubber(client)
    data = {"csrf": csrf(client, game), "version": "1", "doubling": "", **HANDOUT[0]}
    assert client.post(f"{game}/deals", data=data, follow_redirects=False).status_code == 303
    again = {**data, "tricks": "11"}  # the same form again: version 1 is old
    response = client.post(f"{game}/deals", data=again)
    assert response.status_code == 409
    assert "changed on another phone" in response.text
    assert client.get(game).text.count("4H by WE") == 1
    # The refused entry is still in the form, now with the current version: one tap saves it.
    assert '<option value="11" selected>' in response.text
    assert 'name="version" value="2"' in response.text
    retry = {**again, "version": "2"}
    assert client.post(f"{game}/deals", data=retry, follow_redirects=False).status_code == 303
    assert client.get(game).text.count("4H by WE") == 2


def test_csrf_is_required(client: TestClient) -> None:
    game = new_rubber(client)
    response = client.post(f"{game}/deals", data={"csrf": "forged", **HANDOUT[0]})
    assert response.status_code == 403
    assert client.post("/rubber/new", data={"rules": "default"}).status_code == 403


def test_other_browsers_see_the_pad_read_only(client: TestClient, app: object) -> None:
    game = new_rubber(client)
    add(client, game, **HANDOUT[0])
    page = client.get(game).text
    edit_link = re.search(r'id="edit-link" readonly value="([^"]+)"', page)
    assert edit_link
    with TestClient(app) as other:  # type: ignore[arg-type]
        view = other.get(game).text
        assert "Enter deal" not in view
        assert 'id="edit-link"' not in view
        assert add(other, game, **HANDOUT[1]) == 403
        assert other.get(game + "?key=wrong").status_code == 403
        link = edit_link[1].replace("http://testserver", "")
        response = other.get(link, follow_redirects=False)
        assert response.status_code == 303
        assert response.headers["location"] == game
        assert "Enter deal 2" in other.get(game).text
        assert add(other, game, **HANDOUT[1]) == 303


def test_chicago_page(client: TestClient) -> None:
    token = csrf(client, "/chicago/new")
    response = client.post(
        "/chicago/new",
        data={"csrf": token, "rules": "acbl", "first_dealer": "N", "ns": "A&B"},
        follow_redirects=False,
    )
    game = response.headers["location"]
    page = client.get(game).text
    assert "<strong>North</strong> deals; <strong>neither side</strong> vulnerable." in page
    for level, strain, declarer, tricks in [("2", "S", "N", "9"), ("3", "NT", "E", "9")]:
        data = {"level": level, "strain": strain, "declarer": declarer, "tricks": tricks}
        assert add(client, game, **data) == 303
    page = client.get(game).text
    assert "<strong>South</strong> deals; <strong>NS</strong> vulnerable." in page
    assert 'id="total-ns">90</td><td class="num" id="total-ew">600</td>' in page
    assert "A&amp;B" in page


def test_my_games_lists_this_browsers_games(client: TestClient, app: object) -> None:
    first = new_rubber(client, we="First")
    add(client, first, **HANDOUT[0])
    new_rubber(client, we="Second")
    page = client.get("/games").text
    assert page.index("Second") < page.index("First")
    assert "WE 220 · THEY 0" in page
    with TestClient(app) as other:  # type: ignore[arg-type]
        assert "has not started a game yet" in other.get("/games").text


def test_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/rubber/nope").status_code == 404
    assert client.get("/chicago/nope").status_code == 404


def test_pages_set_security_headers_and_csrf_cookie(client: TestClient) -> None:
    response = client.get("/")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert "bs_csrf" in response.cookies
    assert "httponly" in response.headers["set-cookie"].lower()
