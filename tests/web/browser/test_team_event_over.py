"""Team nights' pages (issue 31, item 2): the phones say when the event is over (a knockout of
two teams and one board, played to the end from the two rooms' phones at 360x640: each phone
then says who won instead of offering a board to enter); the screen shows a Swiss pairs match
in percentages, one result a board and no closed room. Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests import browsing as tb
from tests.browsing import DESKTOP, PHONE, new_context
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@team-over.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("team-over"), EMAIL, "Cup Club") as url:
        yield url


def enter(page: Page, level: str, strain: str, declarer: str, result: str) -> None:
    for row, label in [("levels", level), ("strains", strain), ("declarers", declarer),
                       ("tricks", result)]:  # fmt: skip
        page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
    page.get_by_role("button", name="Save board 1").click()


def test_the_phones_say_the_knockout_is_over_and_who_won(browser: Browser, server: str) -> None:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    director = {"Authorization": f"Bearer {login.json()['token']}"}
    body = {"kind": "knockout", "name": "Cup", "boards_per_match": 1,
            "entrants": [{"name": "Lions"}, {"name": "Tigers"}]}  # fmt: skip
    event = httpx.post(f"{server}/api/events", json=body, headers=director).json()["id"]
    drawn = httpx.post(f"{server}/api/events/{event}/rounds", headers=director).json()
    links = {t["room"]: server + t["url"] for m in drawn["matches"] for t in m["tables"]}
    context = new_context(browser, PHONE)
    phones = {}
    for room in ("open", "closed"):
        phones[room] = context.new_page()
        phones[room].goto(links[room])
        expect(phones[room].locator("#entry-title")).to_have_text("Board 1")
    enter(phones["open"], "3", "NT", "N", "=")
    expect(phones["open"].locator("#over")).to_be_hidden()  # the other room still plays
    enter(phones["closed"], "3", "NT", "N", "-1")
    for room, page in phones.items():  # (the save is the page's own request: waited for here)
        expect(page.locator("#over")).to_have_text("The event is over: Lions won.")
        expect(page.locator("#entry")).to_be_hidden()
        # a knockout has no VPs
        expect(page.locator("#match-title")).to_have_text("Lions 10 \u2013 0 Tigers (IMPs)")
        tb.shot(page, f"team-table-over-{room}-360")
    night = httpx.get(f"{server}/api/sessions/{event}", headers=director).json()
    assert (night["over"], night["winner"]) == (True, "Lions")
    context.close()


def test_the_screen_shows_a_swiss_pairs_match_in_percentages(browser: Browser, server: str) -> None:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    director = {"Authorization": f"Bearer {login.json()['token']}"}
    body = {"kind": "swiss-pairs", "name": "Swiss Pairs", "rounds": 2, "boards_per_match": 7,
            "scale": "ebu-swiss-pairs-7",
            "entrants": [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")]}  # fmt: skip
    event = httpx.post(f"{server}/api/events", json=body, headers=director).json()["id"]
    drawn = httpx.post(f"{server}/api/events/{event}/rounds", headers=director).json()
    for m, tricks in zip(drawn["matches"], (9, 8), strict=True):
        (t,) = m["tables"]
        entry = {"round": 1, "match": m["match"], "room": t["room"], "board": 1,
                 "contract": "3N", "declarer": "N", "tricks": tricks}  # fmt: skip
        answer = httpx.post(f"{server}/api/events/{event}/results", json=entry,
                            headers={"Authorization": f"Bearer {t['token']}"})  # fmt: skip
        assert answer.status_code == 201, answer.text
    for size, name in ((DESKTOP, "1280"), (PHONE, "360")):
        context = new_context(browser, size)
        screen = context.new_page()
        screen.goto(f"{server}/event/{event}")
        card = screen.locator("#matches .live-match").first
        expect(card.locator("h3")).to_have_text("Table 1: Ann v Bob")
        expect(card.locator(".live-match-score")).to_have_text(
            "100.00%–0.00% · VPs 20.00–0.00 · 1 of 7 boards in"  # noqa: RUF001
        )
        expect(card.locator("tr").first).to_have_text("BoardResult")  # no Open, no Closed
        expect(card.locator("tr").nth(1)).to_have_text("13NTN=")
        # the standings: pairs by VPs from matchpoints, no IMP columns (they spilled at 360)
        expect(screen.locator("#standings tr").first).to_have_text("RankPairVPsPlayed")
        expect(screen.locator("#seats-title")).to_have_text("Where each pair sits, round 1")
        assert screen.evaluate("document.documentElement.scrollWidth") <= size["width"]
        tb.shot(screen, f"swiss-pairs-screen-{name}")
        context.close()
