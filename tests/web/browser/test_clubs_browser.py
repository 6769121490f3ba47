"""A club's pages in a real browser: a director logs in, starts an evening from the start
page (it carries the login), finds it again from a second device, keeps the roster, and
reads an event of two sessions; axe-core finds nothing on the login, roster and event pages,
at a phone's size and a desktop's (screenshots kept when BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browsing import DESKTOP, PHONE, axe_violations, new_context, shot
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@acol.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A club's server (starting an evening needs a login) with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("clubs"), EMAIL) as url:
        yield url


def log_in(page: Page, server: str) -> None:
    page.goto(f"{server}/login")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Acol Bridge Club")).to_be_visible()


def test_a_director_starts_an_evening_and_finds_it_on_a_second_device(
    browser: Browser, server: str
) -> None:
    laptop = new_context(browser, DESKTOP).new_page()
    laptop.goto(f"{server}/login")
    laptop.get_by_label("Email").fill(EMAIL)
    laptop.get_by_label("Password").fill("not the password")
    laptop.get_by_role("button", name="Log in").click()
    expect(laptop.locator("#login-problem")).to_contain_text("do not match")
    log_in(laptop, server)
    laptop.get_by_role("link", name="Start a pairs evening").click()
    laptop.fill("#event", "Tuesday pairs")
    laptop.get_by_role("button", name="Start the evening").click()
    expect(laptop.locator(".live-card").first).to_be_visible()
    phone = new_context(browser, PHONE).new_page()  # another device, its own login
    log_in(phone, server)
    evening = phone.locator("#club-sessions").get_by_role("link", name="Tuesday pairs")
    expect(evening).to_be_visible()
    evening.click()
    expect(phone).to_have_url(re.compile(r"/live/[a-z0-9]+/director"))
    expect(phone.locator("body")).to_contain_text("Tuesday pairs")


def _event(server: str) -> str:
    """An event of two closed sessions (through the API, with a login): its id."""
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json()['token']}"}
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    players: dict[str, Any] = {
        "NS 1": [{"name": "Ann Smith", "number": "1001"}, {"name": "Bob Jones", "number": "1002"}],
        "EW 1": [{"name": "Cy Brown", "number": "1003"}, {"name": "Di Green", "number": "1004"}],
    }
    ids = []
    for n in (1, 2):
        body = {"event": f"Championship {n}", "movement": movement, "players": players}
        created = httpx.post(f"{server}/api/sessions", headers=headers, json=body).json()
        game = created["id"]
        for _ in range(3):  # round by round
            read = httpx.get(f"{server}/api/sessions/{game}", headers=headers).json()
            for slot in read["missing"]:  # at table 1 9 tricks, at table 2 8 or 9 in turn
                tricks = 9 if slot["table"] == 1 or (slot["board"] + n) % 2 else 8
                where = {k: slot[k] for k in ("round", "table", "board")}
                entry = {**where, "contract": "3NT", "declarer": "N", "tricks": tricks}
                token = created["tables"][slot["table"] - 1]["token"]
                answer = httpx.post(f"{server}/api/sessions/{game}/results", json=entry,
                                    headers={"Authorization": f"Bearer {token}"})  # fmt: skip
                assert answer.is_success, answer.text
        httpx.post(f"{server}/api/sessions/{game}/close", json={"closed": True}, headers=headers)
        ids.append(game)
    event = httpx.post(f"{server}/api/events", headers=headers, json={
        "kind": "pairs", "name": "Autumn championship", "sessions": ids})  # fmt: skip
    assert event.status_code == 201, event.text
    event_id: str = event.json()["id"]
    return event_id


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360", "1280"])
def test_axe_finds_nothing_on_the_login_roster_and_event_pages(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    event = _event(server)
    page = new_context(browser, size, axe=True).new_page()
    width = size["width"]
    found = {}
    page.goto(f"{server}/login")
    found["login"] = axe_violations(page)
    shot(page, f"club-login-{width}")
    log_in(page, server)
    page.goto(f"{server}/club/roster")
    page.get_by_label("Name", exact=True).fill(f"Vera Visitor {width}")
    page.get_by_label("National number").fill(f"77{width}")
    page.get_by_text("Visitor", exact=True).click()
    page.get_by_role("button", name="Add").click()
    expect(page.locator("#roster")).to_contain_text(f"Vera Visitor {width}")
    found["roster"] = axe_violations(page)
    shot(page, f"club-roster-{width}")
    page.goto(f"{server}/event/{event}")
    expect(page.get_by_role("heading", name="Autumn championship")).to_be_visible()
    expect(page.locator("table.event-ranking").first).to_contain_text("Ann Smith & Bob Jones")
    expect(page.get_by_role("link", name="Championship 1")).to_be_visible()
    found["event"] = axe_violations(page)
    shot(page, f"club-event-{width}")
    page.goto(f"{server}/club")
    found["club"] = axe_violations(page)
    shot(page, f"club-{width}")
    assert found == {"login": [], "roster": [], "event": [], "club": []}
