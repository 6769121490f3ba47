"""The web pages in a real headless Chromium (Debian's), driven by Playwright, against the real
server started on a free loopback port. In CI (``CI=true``) these tests must run, never skip.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browsing import HANDOUT, shot
from tests.conftest import DATA

pytestmark = pytest.mark.slow

PHONE: ViewportSize = {"width": 375, "height": 667}


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def choose(page: Page, legend: str, label: str) -> None:
    """Click a big choice button: the label with this text in the fieldset with this legend."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=legend))
    fieldset.locator("label.choice", has_text=label).first.click()


def test_calculator_shows_4hx_down_3_vulnerable_as_800_to_the_defenders(
    page: Page, server: str
) -> None:
    page.goto(server + "/")
    choose(page, "Level", "4")
    choose(page, "Strain", "♥")
    choose(page, "Doubled?", "X")
    choose(page, "Vulnerable", "Both")
    page.select_option("#tricks", "7")
    result = page.locator("#result")
    expect(result).to_contain_text("Defenders score 800")
    expect(result).to_contain_text("Undertricks: 3 down, doubled, vulnerable (200 + 300 + 300)")
    expect(page).to_have_url(server + "/?r=4HX-3&vul=All")  # the shareable URL, kept live
    expect(page.locator("#tricks option:checked")).to_have_text("7 (-3)")
    shot(page, "calculator-desktop")


def test_calculator_with_a_declarer_and_the_boards_vulnerability(page: Page, server: str) -> None:
    page.goto(server + "/?r=4HXS-2&vul=NS")
    expect(page.locator("#result")).to_contain_text("Defenders score 500")
    expect(page.locator("#result")).to_contain_text("NS -500 · EW +500")
    choose(page, "Declarer", "E")
    expect(page.locator("#result")).to_contain_text("Defenders score 300")
    choose(page, "Declarer", "—")
    expect(page.locator("#error-declarer")).to_contain_text("has no declarer")


def test_calculator_works_without_javascript(browser: Browser, server: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/")
    choose(page, "Level", "3")
    choose(page, "Strain", "NT")
    choose(page, "Vulnerable", "Both")
    page.select_option("#tricks", "10")
    page.click("#score-button")
    expect(page.locator("#result")).to_contain_text("Declarer's side scores 630")
    expect(page).to_have_url(server + "/?r=3NT%2B1&vul=All")
    context.close()


def enter_rubber_deal(
    page: Page, level: str, strain: str, doubling: str, by: str, tricks: str, honors: str
) -> None:
    choose(page, "Level", level)
    choose(page, "Strain", strain)
    choose(page, "Doubled?", doubling or "—")
    choose(page, "Declared by", by)
    page.select_option("#tricks", tricks)
    page.select_option("#honors", honors)
    save(page)


def save(page: Page) -> None:
    """Tap Save and wait for the answer to be swapped in (the game is busy until then)."""
    page.click("#save-deal")
    expect(page.locator("#game")).not_to_have_attribute("aria-busy", "true")


def test_the_handouts_rubber(page: Page, server: str) -> None:
    page.goto(server + "/rubber/new")
    page.fill("#we", "Ann & Bob")
    page.fill("#they", "Cy <b>& Di")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("h1")).to_contain_text("Ann & Bob v Cy <b>& Di")
    for deal in HANDOUT:
        enter_rubber_deal(page, *deal)
    pad = page.locator("#pad")
    expect(pad.locator(".we.total")).to_have_text("760")
    expect(pad.locator(".they.total")).to_have_text("720")
    expect(page.locator("#winner")).to_contain_text("THEY won the rubber.")
    expect(page.locator("#winner")).to_contain_text("WE have more points: 760 to 720.")
    expect(pad.locator(".rubber-line")).to_have_count(2)  # both halves of the rubber line
    shot(page, "rubber-desktop")
    page.reload()
    expect(pad.locator(".we.total")).to_have_text("760")
    expect(page.locator("#deals li")).to_have_count(5)
    page.click("#undo")
    expect(page.locator("#deals li")).to_have_count(4)
    expect(pad.locator(".they.total")).to_have_text("120")
    expect(page.locator("#status")).to_contain_text("WE vulnerable, THEY vulnerable; WE have 40")


def test_errors_appear_next_to_the_field(page: Page, server: str) -> None:
    page.goto(server + "/rubber/new")
    page.get_by_role("button", name="Start").click()
    enter_rubber_deal(page, "3", "NT", "", "WE", "9", "we:100")
    expect(page.locator("#error-honors")).to_contain_text("100 is impossible in 3NT")
    expect(page.locator("#deals li")).to_have_count(0)


def test_chicago_shows_the_next_dealer_and_vulnerability(page: Page, server: str) -> None:
    page.goto(server + "/chicago/new")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#next")).to_contain_text("North deals; neither side vulnerable.")
    choose(page, "Level", "2")
    choose(page, "Strain", "♠")
    choose(page, "Declarer", "N")
    page.select_option("#tricks", "9")
    save(page)
    expect(page.locator("#next")).to_contain_text("East deals; EW vulnerable.")
    expect(page.locator("#total-ns")).to_have_text("140")
    shot(page, "chicago-desktop")


@pytest.mark.parametrize("path", ["/", "/rubber/new", "/chicago/new", "/games"])
def test_a_phone_has_no_horizontal_scroll(phone: Page, server: str, path: str) -> None:
    phone.goto(server + path)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_a_phone_scores_a_rubber_without_horizontal_scroll(phone: Page, server: str) -> None:
    phone.goto(server + "/rubber/new")
    phone.fill("#we", "A very long pair name that might not fit on a small screen at all")
    phone.get_by_role("button", name="Start").click()
    for deal in HANDOUT[:3]:
        enter_rubber_deal(phone, *deal)
    expect(phone.locator("#deals li")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "rubber-phone")
    phone.goto(server + "/?r=4HXS-2&vul=NS")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "calculator-phone")


def test_my_games_lists_what_this_browser_started(page: Page, server: str) -> None:
    page.goto(server + "/rubber/new")
    page.fill("#we", "Listed pair")
    page.get_by_role("button", name="Start").click()
    page.goto(server + "/games")
    expect(page.locator("#games")).to_contain_text("Listed pair")


def test_a_duplicate_session_from_a_pbn_file(page: Page, server: str) -> None:
    page.goto(server + "/session/new")
    page.set_input_files("#pbn", str(DATA / "mitchell3.pbn"))
    page.click("#create-session")
    expect(page.locator("h1")).to_contain_text("Spring Pairs")
    ns = page.locator('table.ranking[data-section="A"][data-field="NS"] tbody tr')
    expect(ns).to_have_count(3)
    expect(ns.first).to_contain_text("Ann Smith & Bob Jones")
    expect(ns.first).to_contain_text("70.00")
    page.locator('table.ranking[data-section="A"][data-field="NS"] a', has_text="3").click()
    expect(page.locator("#recap")).to_contain_text("Recap: section A, pair NS 3")
    shot(page, "session-desktop")


def test_a_duplicate_session_entered_by_hand(page: Page, server: str) -> None:
    page.goto(server + "/session/new")
    page.fill("#event", "Tuesday pairs")
    page.click("#create-session")
    page.fill("#board-number", "7")
    expect(page.locator("#board-info")).to_have_text("Board 7: South deals, All vulnerable.")
    page.fill("#ns-pair", "1")
    page.fill("#ew-pair", "2")
    choose(page, "Level", "4")
    choose(page, "Strain", "♠")
    choose(page, "Declarer", "S")
    page.select_option("#tricks", "10")
    page.click("#save-result")
    expect(page.locator("details.traveller")).to_have_count(1)
    expect(page.locator("details.traveller summary")).to_contain_text(
        "Board 7 — South deals, All vulnerable"
    )
    page.fill("#board-number", "7")
    page.fill("#ns-pair", "1")
    page.fill("#ew-pair", "3")
    choose(page, "Declarer", "S")
    page.select_option("#tricks", "10")
    page.click("#save-result")
    expect(page.locator("#error-board")).to_contain_text("pair NS 1 played it twice")
    expect(page.locator("details.traveller")).to_have_count(1)


def test_a_phone_reads_a_session_without_horizontal_scroll(phone: Page, server: str) -> None:
    phone.goto(server + "/session/new")
    phone.set_input_files("#pbn", str(DATA / "mitchell3.pbn"))
    phone.click("#create-session")
    expect(phone.locator("table.ranking").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "session-phone")
