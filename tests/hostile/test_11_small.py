"""Issue 33, case 11: the smaller holes. No login token in a page for scripts to read; the CSRF
cookie renewed at login; wrong passwords from one address never lock the director out from
another; a Swiss draw without networkx says so, never a 500 (and the web extra brings it)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from bridgescore.web.common import CSRF_COOKIE, LOGIN_COOKIE
from tests.conftest import PASSWORD, auth, create_app, make_club
from tests.hostile.conftest import EMAIL, log_in_page, new_swiss

ROOT = Path(__file__).parents[2]


def test_no_director_page_carries_the_login_token(director: tuple[TestClient, str]) -> None:
    client, token = director
    login = client.cookies[LOGIN_COOKIE].rpartition(".")[0]  # the page's own login
    event_id = new_swiss(client, token)
    drawn = client.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
    table = drawn["matches"][0]["tables"][0]["token"]
    pages = ["/club", "/club/new", "/club/roster", "/live/new", f"/event/{event_id}/director",
             f"/event/{event_id}/table", "/"]  # fmt: skip
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, (path, page.status_code)
        assert login not in page.text, path
        assert token not in page.text, path
        assert table not in page.text, path  # a table's token travels in the link's #fragment
        assert 'name="bs-logged-in"' in page.text, path  # the scripts know a login, no more
        assert not re.search(r"<meta[^>]+content=\"[A-Za-z0-9_-]{30,}\"", page.text), path


def test_logging_in_renews_the_csrf_cookie() -> None:
    with TestClient(create_app(Settings(database_url="sqlite://"))) as client:
        make_club(client, "Acol BC", "1234", EMAIL)
        client.get("/login")
        planted = client.cookies[CSRF_COOKIE]  # one a foreign page could have set or read
        assert log_in_page(client) == 303
        assert client.cookies[CSRF_COOKIE] != planted
        assert client.get("/club").status_code == 200
        wrong = {"csrf": planted, "name": "Ann Smith"}  # the old token no longer posts
        assert client.post("/club/roster", data=wrong).status_code == 403


def test_wrong_passwords_from_one_address_do_not_lock_the_director_out() -> None:
    app = create_app(Settings(database_url="sqlite://", login_attempts=10))
    wrong = {"email": EMAIL, "password": "not the password"}
    right = {"email": EMAIL, "password": PASSWORD}
    with (
        TestClient(app, client=("10.0.0.66", 1)) as attacker,
        TestClient(app, client=("10.0.0.7", 1)) as director,
    ):
        make_club(director, "Acol BC", "1234", EMAIL)
        assert {attacker.post("/api/login", json=wrong).status_code for _ in range(10)} == {401}
        locked = attacker.post("/api/login", json=right)
        assert locked.status_code == 429  # the address that failed waits
        assert int(locked.headers["retry-after"]) >= 1
        for _ in range(12):  # the director, who has not failed, logs in as often as needed
            assert director.post("/api/login", json=right).status_code == 200
        assert log_in_page(director) == 303  # and through the page


def test_a_successful_login_is_not_counted_as_an_attempt() -> None:
    app = create_app(Settings(database_url="sqlite://", login_attempts=3))
    right = {"email": EMAIL, "password": PASSWORD}
    with TestClient(app, client=("10.0.0.7", 1)) as director:
        make_club(director, "Acol BC", "1234", EMAIL)
        for _ in range(3):  # a club's three laptops logging in and a phone
            assert director.post("/api/login", json=right).status_code == 200
        assert director.post("/api/login", json=right).status_code == 200


def test_a_swiss_draw_without_networkx_says_what_is_missing(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, token = director
    event_id = new_swiss(client, token)
    monkeypatch.setitem(sys.modules, "networkx", None)  # `import networkx` fails, as if absent
    answer = client.post(f"/api/events/{event_id}/rounds", headers=auth(token))
    assert answer.status_code == 501, answer.text
    assert "networkx" in answer.json()["detail"]
    assert "bridgescore[web]" in answer.json()["detail"]
    monkeypatch.delitem(sys.modules, "networkx")
    assert client.post(f"/api/events/{event_id}/rounds", headers=auth(token)).status_code == 201


def test_the_web_extra_brings_every_optional_dependency_the_pages_use() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    web = {re.split(r"[<>=;\[ ]", d, maxsplit=1)[0] for d in extras["web"]}
    # the Swiss draw (director's page), the PDFs, the QR codes: each of the server's pages
    assert {"networkx", "reportlab", "segno"} <= web
