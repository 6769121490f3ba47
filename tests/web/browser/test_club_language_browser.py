"""The club page's *Language* panel in Chromium: the director chooses German on a desktop, and a
phone whose browser asks for a language we do not have (Portuguese) then reads the club page in
German at 360x640, nothing wider than the screen (screenshots kept when BRIDGESCORE_SCREENSHOTS
is set)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browsing import DESKTOP, PHONE, new_context, shot
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow

EMAIL = "td@acol.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with club_serving(tmp_path_factory.mktemp("language"), EMAIL) as url:
        yield url


def _log_in(page: Page, server: str) -> None:
    page.goto(f"{server}/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("h1")).to_have_text("Acol Bridge Club")


def test_the_director_chooses_german_and_a_phone_asking_none_of_ours_reads_it(
    browser: Browser, server: str
) -> None:
    laptop = new_context(browser, DESKTOP).new_page()  # Chromium asks for en-US: English
    _log_in(laptop, server)
    laptop.locator("#club-language").select_option("de")
    laptop.get_by_role("button", name="Save the language").click()
    expect(laptop.locator("#club-language")).to_have_value("de")
    expect(laptop.locator("html")).to_have_attribute("lang", "en")  # the browser's own first
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                locale="pt-BR").new_page()  # fmt: skip
    _log_in(phone, server)
    expect(phone.locator("html")).to_have_attribute("lang", "de")
    expect(phone.locator("#language-title")).to_have_text("Sprache")
    expect(phone.get_by_role("button", name="Die Sprache speichern")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.locator("#language").scroll_into_view_if_needed()
    shot(phone, "club-language-de-360")
    desktop = browser.new_context(viewport=DESKTOP, locale="pt-BR").new_page()
    _log_in(desktop, server)
    expect(desktop.locator("html")).to_have_attribute("lang", "de")
    shot(desktop, "club-language-de-desktop")
