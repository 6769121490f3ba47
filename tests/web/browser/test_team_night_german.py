"""A team night in German at 360x640 (issue 35, part 3): the director's page and a table phone
say their own sentences (built by team_night.js, team_director.js, team_table.js) in German, a
board entered from the phones shows on both. Screenshots go to $BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from bridgescore.locale import LANGUAGES
from tests import browsing as tb
from tests.browsing import PHONE
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@mannschaft.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("team-de"), EMAIL, "Bridgeclub") as url:
        yield url


def enter(phone: Page, result: str) -> None:
    """Board 1: 4♠ by North, ``result``, saved."""
    phone.bring_to_front()  # a tab behind the others runs its timers late
    for row, label in [("levels", "4"), ("strains", "♠"), ("declarers", "N"), ("tricks", result)]:
        phone.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
    phone.locator("#confirm").click()


def test_a_team_night_in_german_on_the_phones(browser: Browser, server: str) -> None:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    director = {"Authorization": f"Bearer {login.json()['token']}"}
    body = {"kind": "swiss-teams", "name": "Dienstag", "rounds": 3, "boards_per_match": 2,
            "entrants": [{"name": n} for n in ("Lions", "Tigers", "Bears", "Owls")]}  # fmt: skip
    event = httpx.post(f"{server}/api/events", json=body, headers=director).json()["id"]
    drawn = httpx.post(f"{server}/api/events/{event}/rounds", headers=director).json()
    links = {t["room"]: server + t["url"] for t in drawn["matches"][0]["tables"]}
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de")

    td = context.new_page()
    td.goto(f"{server}/login")
    td.get_by_label("E-Mail").fill(EMAIL)
    td.get_by_label("Passwort").fill(PASSWORD)
    td.get_by_role("button", name="Anmelden").click()
    td.goto(f"{server}/event/{event}/director")
    expect(td.locator("#status")).to_have_text("Runde 1 von 3")
    expect(td.locator("#draw")).to_have_text("Runde 2 auslosen")
    expect(td.locator("#seats-title")).to_have_text("Wo jedes Team sitzt, Runde 1")
    lions = "Lions: Kampf 1 gegen Tigers, NS im offenen Raum, OW im geschlossenen Raum"
    expect(td.locator("#seats li").nth(1)).to_have_text(lions)
    match = td.locator('.live-match[data-match="1"]')
    expect(match.locator("h3")).to_have_text("Kampf 1: Lions \u2013 Tigers")
    expect(match).to_contain_text("0 von 2 Boards abgerechnet")

    phones = {room: context.new_page() for room in links}
    for room, phone in phones.items():
        phone.goto(links[room])
    room = "Offener Raum"
    expect(phones["open"].locator("#where")).to_have_text(f"Dienstag · Runde 1 · Kampf 1 · {room}")
    enter(phones["open"], "=")
    expect(match.locator("tr").nth(1)).to_contain_text("eingegeben")  # one room in
    enter(phones["closed"], "-1")
    expect(match).to_contain_text("1 von 2 Boards abgerechnet")
    expect(match).to_contain_text("IMPs 10\u20130 · VPs")
    title = phones["open"].locator("#match-title")
    expect(title).to_contain_text("Lions 10 \u2013 0 Tigers (IMPs) · VPs")
    expect(td.locator("#draw-note")).to_have_text("0 Boards fehlen, 6 zu spielen.")
    tb.shot(phones["open"], "team-table-de-360")
    tb.shot(td, "team-director-de-360")
    for language in LANGUAGES:  # the standings fit the phone's width in every language
        td.goto(f"{server}/language/{language}?next=/event/{event}/director")
        expect(td.locator("html")).to_have_attribute("lang", language)
        standings = td.locator("#standings")
        expect(standings.locator("tr")).to_have_count(5)
        expect(standings.locator("th").last).not_to_have_text("")  # drawn by the page's script
        box = td.locator("#part-standings .live-scroll")  # kept while the table is redrawn
        drawn = box.bounding_box()
        assert drawn is not None
        assert drawn["x"] + drawn["width"] <= PHONE["width"], language
        hidden = box.evaluate("e => e.scrollWidth - e.clientWidth")
        assert hidden == 0, language  # the table as wide as its box: nothing out of sight
        if language in ("de", "pl"):
            short = {"de": "Pl.", "pl": "M\u2011ce"}[language]  # a hyphen never broken
            expect(standings.locator("th").first).to_have_text(short)
            tb.shot(td, f"team-director-{language}-360-standings")
    td.set_viewport_size({"width": 1280, "height": 800})
    tb.shot(td, "team-director-pl-desktop")
    context.close()
