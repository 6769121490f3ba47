"""The pages in each language at 360x640, in Debian's Chromium: the browser's Accept-Language
picks the language, the switch at the foot of the page changes it and is remembered,
``<html lang>`` is right, nothing is wider than the phone (the longest words wrap), the table
phone scores a board in the language, and axe-core finds nothing. Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from bridgescore import pbn
from bridgescore.locale import LANGUAGES, gettext, use
from bridgescore.pbn import analyse_games
from tests import browsing as tb
from tests.browsing import PHONE, axe_violations, broken_words
from tests.conftest import DATA, serving

pytestmark = pytest.mark.slow


WORDS = {
    "en": ("Calculator", "Board", "300"),
    "fr": ("Calculatrice", "Donne", "300"),
    "nl": ("Rekenhulp", "Spel", "300"),
    "pl": ("Kalkulator", "Rozdanie", "300"),
    "de": ("Rechner", "Board", "300"),
    "it": ("Calcolatrice", "Board", "300"),
    "es": ("Calculadora", "Mano", "300"),
}
"""A word of the menu and of the table phone in each language, as a player reads it, and the
score of 4♥X by South two down (the table phone shows it before it is saved)."""

SAID = {
    "en": ("EW 1", "AKQJT2"),
    "fr": ("EO 1", "ARDVT2"),
    "nl": ("OW 1", "AHVBT2"),
    "pl": ("EW 1", "AKDWT2"),
    "de": ("OW 1", "AKDBT2"),
    "it": ("EO 1", "AKQJT2"),
    "es": ("EO 1", "AKQJT2"),
}
"""Table 1's EW pair in round 1 as the table phone names it, and a suit's cards as its hand
record writes them (app.js's ``pairLabel`` and ``ranksText``, the catalogues' words)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("languages") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def evening(server: str) -> dict[str, Any]:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    body = {"event": "Soirée du club", "movement": movement}
    created: dict[str, Any] = httpx.post(f"{server}/api/sessions", json=body).json()
    return created


def wider_than_the_screen(page: Page) -> list[str]:
    """The elements that stick out past the right edge of the phone's screen (but for those in
    a box that scrolls sideways on purpose, as the menu does), and the page if it scrolls."""
    found: list[str] = page.evaluate(
        """width => [...document.querySelectorAll('body *')]
          .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > width + 1)
          .filter(e => {
            for (let a = e.parentElement; a; a = a.parentElement) {
              const sideways = getComputedStyle(a).overflowX;
              if (['auto', 'scroll', 'hidden'].includes(sideways)) return false;
            }
            return true;
          })
          .map(e => e.outerHTML.slice(0, 60))""",
        PHONE["width"],
    )
    if page.evaluate("document.documentElement.scrollWidth") > PHONE["width"]:
        found.append("the page scrolls sideways")
    return found


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_pages_and_the_table_phone_in_each_language_at_360(
    browser: Browser, server: str, language: str
) -> None:
    assert set(WORDS) >= set(LANGUAGES), "a new language: add its words to WORDS"
    assert set(SAID) >= set(LANGUAGES), "a new language: add its words to SAID"
    menu, board, score = WORDS[language]
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=language, bypass_csp=True
    )
    page = context.new_page()
    created = evening(server)
    pages = {
        "calculator": "/?r=4HXS-2&vul=NS",
        "login": "/login",
        "live-new": "/live/new",
        "director": f"/live/{created['id']}/director#{created['edit_token']}",
        "table": created["tables"][0]["url"],
    }
    found, wide = {}, {}
    for name, path in pages.items():
        page.goto(server + path)
        assert page.locator("html").get_attribute("lang") == language
        if name == "table":
            expect(page.locator("#entry-title")).to_contain_text(board)
            expect(page.locator("#pairs")).to_contain_text(SAID[language][0])
            assert page.evaluate("ranksText('AKQJT2')") == SAID[language][1]
            typed = [SAID[language][0], SAID[language][0].lower(), "EW 1", "3"]
            back = page.evaluate("t => t.map(movementLabel)", typed)  # a director's typing
            assert back == ["EW 1", "EW 1", "EW 1", "3"]
            for row, label in [
                ("levels", "4"),
                ("strains", "♥"),
                ("doubles", "X"),
                ("declarers", "S"),
                ("tricks", "-2"),
            ]:
                page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
            expect(page.locator("#score")).to_contain_text(score)
            page.locator("#confirm").click()
            expect(page.locator("#entry-title")).to_contain_text(f"{board} 2")
        else:
            expect(page.locator("header.site nav")).to_contain_text(menu)
        if name == "director":  # the page's script writes the grid's headings in the language
            with use(language):
                headings = [gettext("Table"), gettext("R%(round)s") % {"round": 1}]
            expect(page.locator("#grid th").nth(0)).to_have_text(headings[0])
            expect(page.locator("#grid th").nth(1)).to_have_text(headings[1])
        found[name] = axe_violations(page)
        wide[name] = wider_than_the_screen(page)
        tb.shot(page, f"lang-{language}-{name}-360")
    assert found == {name: [] for name in pages}
    assert wide == {name: [] for name in pages}
    context.close()


def test_the_switch_changes_the_language_and_remembers_it(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.goto(f"{server}/?r=3NTN%2B1&vul=All")
    expect(page.locator("#result")).to_contain_text("Game premium, vulnerable")
    page.locator("footer nav.languages a[lang=fr]").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert "r=3NTN%2B1" in page.url  # back on the same result
    expect(page.locator("#result")).to_contain_text("Bonification de manche, vulnérable")
    page.goto(f"{server}/login")  # remembered: the cookie wins over Accept-Language
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).to_have_text("Connexion de l'arbitre")
    page.locator("footer nav.languages a[lang=en]").click()
    expect(page.locator("h1")).to_have_text("Director's login")
    context.close()


def test_the_hand_records_headings_wrap_between_words_in_each_language(
    browser: Browser, server: str
) -> None:
    """A session's hand records at 360 px: the traveller's headings against double dummy and
    par wrap between words, never inside one (German's "Ergebnis NS", a column's "NS")."""
    games = analyse_games(pbn.read_games((DATA / "mitchell3.pbn").read_text(encoding="utf-8")))
    with httpx.Client(base_url=server, timeout=60) as client:  # a busy machine reads slowly
        token = re.search(r'name="csrf" value="([^"]+)"', client.get("/session/new").text)
        assert token is not None
        form = {"csrf": token[1]}
        files = {"pbn": ("analysed.pbn", pbn.write_games(games).encode(), "text/plain")}
        game = client.post("/session/new", data=form, files=files).headers["location"]
    broken, wide = {}, {}
    for language in sorted(LANGUAGES):
        context = browser.new_context(viewport=PHONE, is_mobile=True, locale=language)
        page = context.new_page()
        page.goto(f"{server}{game}/hands")
        assert page.locator("html").get_attribute("lang") == language
        expect(page.locator(".versus").first).to_be_visible()
        broken[language] = broken_words(page, ".versus th, .versus td")
        wide[language] = wider_than_the_screen(page)
        tb.shot(page, f"lang-{language}-hands-360")
        context.close()
    assert broken == {language: [] for language in sorted(LANGUAGES)}
    assert wide == {language: [] for language in sorted(LANGUAGES)}
