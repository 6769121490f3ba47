"""A teams night, a Swiss, a knockout and a Swiss pairs event started from the club page on a
phone (360x640): the kind chosen, the schedule previewed, a refusal shown by its field with
what was typed kept, then the night's director page with round 1 drawn (screenshots of the
start page and the club page kept when BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browsing import DESKTOP, PHONE, new_context, shot
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@start.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("start"), EMAIL, "Start Club") as url:
        yield url


def logged_in(browser: Browser, server: str, size: ViewportSize) -> Page:
    page = new_context(browser, size).new_page()
    page.goto(f"{server}/login")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(f"{server}/club")
    return page


@pytest.mark.parametrize(
    ("kind", "label", "preview", "matches"),
    [("round-robin", "Round robin", "5 rounds of 8 boards a match: 3 matches and 6 tables", 3),
     ("swiss-teams", "Swiss teams", "7 rounds of 8 boards a match: 3 matches and 6 tables", 3),
     ("knockout", "Knockout", "3 rounds of 8 boards a match: 2 matches and 4 tables", 2),
     ("swiss-pairs", "Swiss pairs", "7 rounds of 7 boards a match: 3 matches and 3 tables", 3)],
)  # fmt: skip
def test_a_night_of_each_kind_started_from_the_club_page(
    browser: Browser, server: str, kind: str, label: str, preview: str, matches: int
) -> None:
    phone = logged_in(browser, server, PHONE)
    phone.get_by_role("link", name="Start a teams or Swiss night").click()
    expect(phone).to_have_url(f"{server}/club/new")
    phone.locator("label.choice", has_text=label).click()
    expect(phone.locator("#preview-line")).to_contain_text(preview)
    phone.get_by_label("Event", exact=True).fill(f"{label} night")
    shot(phone, f"event-new-{kind}-360")
    # a refusal shows by its field, and what was typed stays
    word = "Pair" if kind == "swiss-pairs" else "Team"
    phone.get_by_label(f"{word} 2: name").fill("Lions")
    phone.get_by_label(f"{word} 1: name").fill("Lions")
    phone.get_by_role("button", name="Start the night").click()
    expect(phone.locator("#err-entrants")).to_contain_text("two entrants are named 'Lions'")
    expect(phone.get_by_label("Event", exact=True)).to_have_value(f"{label} night")
    phone.get_by_label(f"{word} 2: name").fill("Tigers")
    phone.get_by_label(f"{word} 1: player 1").fill("Ann Smith")  # a team of one will not do
    phone.get_by_role("button", name="Start the night").click()
    expect(phone.locator("#err-entrants")).to_contain_text("Lions")
    for seat, name in enumerate(["Bob Jones", "Cy Young", "Di Lane"][: 1 if word == "Pair" else 3]):
        phone.get_by_label(f"{word} 1: player {seat + 2}").fill(name)
    phone.get_by_role("button", name="Start the night").click()
    expect(phone).to_have_url(re.compile(rf"{server}/event/[^/]+/director$"))
    phone.get_by_role("button", name="Draw round 1").click()
    expect(phone.locator(".live-match")).to_have_count(matches)
    phone.goto(f"{server}/club")
    listed = phone.locator("#club-events li", has_text=f"{label} night")
    expect(listed).to_contain_text(f"{label}, 6 {'pairs' if kind == 'swiss-pairs' else 'teams'}")
    expect(listed.get_by_role("link", name="the screen")).to_be_visible()


def test_the_pages_on_a_laptop(browser: Browser, server: str) -> None:
    laptop = logged_in(browser, server, DESKTOP)
    shot(laptop, "club-1280")
    laptop.goto(f"{server}/club/new")
    for kind, label in (("round-robin", "Round robin"), ("swiss-teams", "Swiss teams"),
                        ("knockout", "Knockout"), ("swiss-pairs", "Swiss pairs")):  # fmt: skip
        laptop.locator("label.choice", has_text=label).click()
        expect(laptop.locator("#preview-line")).to_contain_text("6 ")
        laptop.locator("#preview-rounds summary").click()
        laptop.locator("#preview-fairness summary").click()
        expect(laptop.locator("#preview-grid tr").nth(1)).to_be_visible()
        shot(laptop, f"event-new-{kind}-1280")
        laptop.reload()
    phone = logged_in(browser, server, PHONE)
    shot(phone, "club-360")
