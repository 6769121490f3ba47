"""A whole teams night in Debian's Chromium, as a director and the players meet it (issue 31):
the director starts a Swiss of four teams from the club page on a phone (360x640), draws round
1 from the director's page; match 1's open room has two phones, its closed room one that loses
its connection for a board; the open room's phones disagree on a board and the director settles
it from the page, then corrects another; round 2's swap that makes a repeat meeting asks first;
the last round played, the screen and the phones say the event is over, and the night's files
answer. Screenshots go to $BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browsing import PHONE, new_context, shot
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@whole-teams.example"
TEAMS = ("Lions", "Tigers", "Bears", "Owls")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with club_serving(tmp_path_factory.mktemp("whole-teams"), EMAIL, "Whole Club") as url:
        yield url


def tap(page: Page, row: str, label: str) -> None:
    page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()


def choose(page: Page, level: str, strain: str, declarer: str, result: str) -> None:
    for row, label in (("levels", level), ("strains", strain), ("declarers", declarer),
                       ("tricks", result)):  # fmt: skip
        tap(page, row, label)


def play_api(server: str, night: str, drawn: dict[str, Any], skip: set[int]) -> None:
    """Every board of the round at the tables not in ``skip``, 4S by North making (the other
    tables' phones are driven in the browser)."""
    for m in drawn["matches"]:
        for t in m["tables"]:
            if t["table"] in skip:
                continue
            for board in m["boards"]:
                result = {"round": drawn["round"], "table": t["table"], "board": board,
                          "contract": "4S", "declarer": "N", "tricks": 10}  # fmt: skip
                answer = httpx.post(f"{server}/api/sessions/{night}/results", json=result,
                                    headers={"Authorization": f"Bearer {t['token']}"})  # fmt: skip
                assert answer.status_code == 201, answer.text


def phone_at(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#entry-title")).to_have_text("Board 1")
    return page


def test_a_swiss_teams_night_from_the_club_page_to_the_end(browser: Browser, server: str) -> None:
    director = new_context(browser, PHONE).new_page()
    errors: list[str] = []
    director.on("pageerror", lambda e: errors.append(str(e)))
    director.goto(f"{server}/login")
    director.get_by_label("Email").fill(EMAIL)
    director.get_by_label("Password").fill(PASSWORD)
    director.get_by_role("button", name="Log in").click()
    director.get_by_role("link", name="Start a teams or Swiss night").click()
    director.locator("label.choice", has_text="Swiss teams").click()
    director.get_by_label("Event", exact=True).fill("Thursday Swiss")
    director.get_by_label("Teams", exact=True).fill("4")
    director.get_by_label(re.compile("^Rounds")).fill("2")
    director.get_by_label("Boards a match").fill("2")
    for i, name in enumerate(TEAMS):
        director.get_by_label(f"Team {i + 1}: name").fill(name)
    expect(director.locator("#preview-line")).to_contain_text("2 rounds of 2 boards a match")
    shot(director, "teams-night-start-360")
    director.get_by_role("button", name="Start the night").click()
    expect(director).to_have_url(re.compile(rf"{server}/event/[^/]+/director$"))
    night = director.url.split("/")[-2]
    director.get_by_role("button", name="Draw round 1").click()
    expect(director.locator(".live-match")).to_have_count(2)
    login = {
        "Authorization": "Bearer "
        + httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD}).json()[
            "token"
        ]
    }
    first = httpx.get(f"{server}/api/events/{night}/rounds/1", headers=login).json()
    links = {t["table"]: server + t["url"] for m in first["matches"] for t in m["tables"]}

    # Match 1: the open room (table 1) with two phones, the closed room (table 2) with one.
    open_a = phone_at(new_context(browser, PHONE), links[1])
    open_b = phone_at(new_context(browser, PHONE), links[1])
    closed_context = new_context(browser, PHONE)
    closed = phone_at(closed_context, links[2])
    choose(open_a, "4", "♠", "N", "=")
    open_a.get_by_role("button", name="Save board 1").click()
    expect(open_a.locator("#entry-title")).to_have_text("Board 2")
    # the other phone of the room does not move under its player: it says what came in
    expect(open_b.locator("#entry-title")).to_have_text("Board 1")
    choose(open_b, "4", "♠", "N", "-1")  # a different result: kept for the director
    open_b.get_by_role("button", name="Save board 1").click()
    expect(open_b.locator("#status")).to_contain_text("director")
    # the closed room loses its connection for board 1: the board waits on the phone
    closed_context.set_offline(True)
    choose(closed, "4", "♠", "N", "+1")
    closed.get_by_role("button", name="Save board 1").click()
    expect(closed.locator("#status")).to_contain_text("Offline")
    closed_context.set_offline(False)
    closed.evaluate("window.dispatchEvent(new Event('online'))")
    expect(closed.locator("#status")).to_contain_text("Board 1 saved")
    for page, result in ((open_a, "="), (closed, "=")):
        expect(page.locator("#entry-title")).to_have_text("Board 2")
        choose(page, "3", "NT", "S", result)
        page.get_by_role("button", name="Save board 2").click()
    play_api(server, night, first, skip={1, 2})

    # The director settles the open room's disagreement and corrects the closed room's board 2.
    director.reload()
    conflicts = director.locator("#conflicts")
    expect(conflicts).to_contain_text("entered differently")
    shot(director, "teams-night-conflict-360")
    conflicts.get_by_role("button", name="Keep the table's entry").click()
    expect(director.locator("#conflicts-status")).to_contain_text("settled")
    director.locator("#part-edit > summary").click()
    edit = director.locator("#edit")
    for name, value in (("round", "1"), ("table", "2"), ("board", "2"), ("contract", "3NT"),
                        ("declarer", "S"), ("tricks", "10")):  # fmt: skip
        edit.locator(f"[name={name}]").fill(value)
    edit.get_by_role("button", name="Save").click()
    expect(director.locator("#edit-status")).to_contain_text("board 2")
    stored = httpx.get(f"{server}/api/sessions/{night}", headers=login).json()
    assert stored["conflicts"] == []
    in_room = {(r["table"], r["board"]): r["result"] for r in stored["results"]}
    assert [in_room[(1, 1)], in_room[(2, 1)], in_room[(2, 2)]] == ["4SN-1", "4SN+1", "3NTS+1"]

    # Round 2: a swap that makes a repeat meeting asks first.
    director.get_by_role("button", name="Draw round 2").click()
    expect(director.locator("#round-title")).to_have_text("Round 2")
    second = httpx.get(f"{server}/api/events/{night}/rounds/2", headers=login).json()
    met = {frozenset((m["home"], m["away"])) for m in first["matches"]}
    a, b = second["matches"][0]["away"], second["matches"][1]["home"]
    home = second["matches"][0]["home"]
    director.locator("#part-swap > summary").click()
    director.locator("#swap-a").select_option(a)
    director.locator("#swap-b").select_option(b)
    director.get_by_role("button", name="Swap", exact=True).click()
    if frozenset((home, b)) in met:  # the swap would make home and b meet again
        expect(director.locator("#swap-problem")).to_contain_text("Swap anyway?")
        director.get_by_role("button", name="Swap anyway").click()
    expect(director.locator("#swap-problem")).to_have_text("Swapped.")
    second = httpx.get(f"{server}/api/events/{night}/rounds/2", headers=login).json()
    assert second["matches"][0]["away"] == b
    play_api(server, night, second, skip=set())

    # Over: the screen and a phone say so; the files answer.
    screen = new_context(browser, PHONE).new_page()
    screen.goto(f"{server}/event/{night}")
    expect(screen.locator("#standings-title")).to_contain_text("The event is over")
    shot(screen, "teams-night-over-screen-360")
    closed.reload()
    expect(closed.locator("body")).to_contain_text("over")
    shot(closed, "teams-night-over-phone-360")
    for fmt in ("usebio", "pbn"):
        answer = httpx.get(f"{server}/api/sessions/{night}/export?format={fmt}", headers=login)
        assert answer.status_code == 200, (fmt, answer.text)
    assert errors == []
