"""The players and a published movement in a real browser, at a phone's size (360x640): the
director starts an evening from a movement file (its preview, then the pairs' players chosen
from the club's roster or typed), and at the table the players enter their numbers before the
first board, once (one tap skips). Screenshots are kept when BRIDGESCORE_SCREENSHOTS is set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, FilePayload, expect

from bridgescore.duplicate.movement import howell
from tests import browsing as tb
from tests.browsing import PHONE, new_context, tap_targets
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@acol.example"
ROSTER = [("Ann Smith", "1001"), ("Bob Jones", "1002"), ("Cy Brown", "1003")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A club's server with one director and a roster of three."""
    from bridgescore.players import Player

    players = [Player(name, number) for name, number in ROSTER]
    with club_serving(tmp_path_factory.mktemp("players"), EMAIL, roster=players) as url:
        yield url


def csv_file(name: str, data: bytes) -> FilePayload:
    """A file as the file picker gives it."""
    return {"name": name, "mimeType": "text/csv", "buffer": data}


def _headers(server: str) -> dict[str, str]:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    return {"Authorization": f"Bearer {login.json()['token']}"}


def test_an_evening_from_a_movement_file_with_players_from_the_roster(
    browser: Browser, server: str
) -> None:
    context = new_context(browser, PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server}/login")
        page.get_by_label("Email").fill(EMAIL)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.goto(f"{server}/live/new")
        page.locator("label.choice", has_text="From a file").click()
        expect(page.locator("#tables")).to_be_hidden()
        expect(page.locator("#rounds")).to_be_hidden()
        broken = b"round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,x\n"
        page.set_input_files("#movement_file", files=csv_file("broken.csv", broken))
        expect(page.locator("#preview-error")).to_contain_text("broken.csv: row 3, column")
        text = howell(8, 2, rounds=3).to_csv().encode()
        page.set_input_files("#movement_file", files=csv_file("club-howell.csv", text))
        expect(page.locator("#preview-line")).to_have_text(
            "From club-howell.csv: 4 tables, 8 pairs, 3 rounds of 2 boards, 14 boards"
        )
        expect(page.locator("#preview-error")).to_be_empty()
        rows = page.locator("#names .live-name")
        expect(rows).to_have_count(8)  # the file's pairs
        options = page.locator("#roster option")
        expect(options).to_have_count(3)
        assert options.nth(0).get_attribute("value") == "Ann Smith (1001)"
        first = page.get_by_label("Pair 1: first player")
        first.fill("Ann Smith (1001)")  # as the type-ahead fills it
        page.get_by_label("Pair 1: second player").fill("Vi Visitor")
        page.get_by_label("Pair 2: first player").fill("Cy & Di")  # a pair's names in one
        page.fill("#event", "Published Howell")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        tb.shot(page, "live-new-file-players-360")
        page.get_by_role("button", name="Start the evening").click()
        expect(page.locator(".live-card")).to_have_count(4)
        director = page.get_attribute("#director-link", "href")
        assert director is not None
        game = director.split("/live/")[1].split("/")[0]
        session = httpx.get(f"{server}/api/sessions/{game}", headers=_headers(server)).json()
        assert session["players"] == {"1": [{"name": "Ann Smith", "number": "1001"},
                                            {"name": "Vi Visitor", "number": None}]}  # fmt: skip
        assert session["names"]["2"] == "Cy & Di"
        assert session["movement"]["plays"] == howell(8, 2, rounds=3).to_dict()["plays"]
    finally:
        context.close()


def test_the_players_enter_their_numbers_at_the_table_once(browser: Browser, server: str) -> None:
    headers = _headers(server)
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    created: dict[str, Any] = httpx.post(f"{server}/api/sessions", headers=headers,
                                         json={"movement": movement}).json()  # fmt: skip
    context = new_context(browser, PHONE)
    page = context.new_page()
    try:
        page.goto(server + created["tables"][0]["url"])
        panel = page.locator("#players")
        expect(panel).to_be_visible()
        expect(page.locator("#entry")).to_be_hidden()
        page.get_by_label("North: national number").fill("1001")
        page.get_by_label("South: national number").fill("1002")
        page.get_by_label("South: national number").press("Tab")
        expect(page.get_by_label("North: name")).to_have_value("Ann Smith")
        expect(page.get_by_label("South: name")).to_have_value("Bob Jones")
        page.get_by_label("East: national number").fill("7777")  # not on the roster
        page.get_by_label("East: national number").press("Tab")
        expect(panel).to_contain_text("7777 is not on the club's list: type the name.")
        page.get_by_label("East: name").fill("Eve Visitor")
        page.get_by_label("West: name").fill("Wyn Visitor")
        assert tap_targets(page, "#players input, #players button") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        tb.shot(page, "live-table-players-360")
        page.get_by_role("button", name="Save the players").click()
        expect(panel).to_be_hidden()
        expect(page.locator("#entry")).to_be_visible()
        expect(page.locator("#pairs")).to_have_text(
            "NS 1 (Ann Smith & Bob Jones) v EW 1 (Eve Visitor & Wyn Visitor)"
        )
        tb.shot(page, "live-table-players-saved-360")
        changes = httpx.get(f"{server}/api/sessions/{created['id']}/changes",
                            headers=headers).json()["changes"]  # fmt: skip
        assert [(c["who"], c["new"]["pair"]) for c in changes] == [
            ("table 1", "NS 1"), ("table 1", "EW 1")]  # fmt: skip
        assert changes[1]["new"]["players"][0] == {"name": "Eve Visitor", "number": "7777"}
        page.close()
        page = context.new_page()  # table 2's phone: skipped with one tap
        page.goto(server + created["tables"][1]["url"])
        panel = page.locator("#players")
        expect(panel).to_be_visible()
        page.get_by_role("button", name="Skip").click()
        expect(panel).to_be_hidden()
        expect(page.locator("#entry")).to_be_visible()
        page.reload()
        expect(page.locator("#entry")).to_be_visible()
        expect(panel).to_be_hidden()  # not asked again
    finally:
        context.close()
