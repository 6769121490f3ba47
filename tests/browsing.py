"""What the browser tests share (not a test module: the test modules import it): Debian's
Chromium as a fixture (the server it browses is conftest.py's), screenshots, the phone and
desktop sizes, and the checks every page is put through (on screen, tap targets, axe-core).

tests/conftest.py registers this module as a plugin: a test names ``browser``.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

CHROMIUM = os.environ.get("BRIDGESCORE_CHROMIUM", "/usr/bin/chromium")

expect.set_options(timeout=15_000)
"""A page's check waits up to 15 s (Playwright's default is 5): two test processes and their
servers on two cores can keep a page's script (the API docs' Swagger UI) from running for
longer than 5 s; a check that fails still fails, later."""
SHOTS = os.environ.get("BRIDGESCORE_SCREENSHOTS", "")  # a folder to keep screenshots in


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless; never a downloaded browser. One for a test process (a
    launch costs a second and a half of CPU): each test makes its own contexts, which share
    nothing (cookies, storage, service workers)."""
    if not shutil.which(CHROMIUM):
        message = f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot be skipped in CI: {message}")
        pytest.skip(message)
    with sync_playwright() as playwright:
        launched = _launch(playwright)
        _LAUNCHED.append(launched)
        yield launched
        _LAUNCHED.clear()
        launched.close()


_LAUNCHED: list[Browser] = []


@pytest.fixture(autouse=True)
def _contexts_closed() -> Iterator[None]:
    """Every browser context a test opened is closed when the test ends (it is the browser's
    only state): a page left open holds its event stream, and a server stopped after the test
    would wait its grace (``bridgescore.cli.serve.SHUTDOWN_GRACE``) for it."""
    yield
    for launched in _LAUNCHED:
        for context in launched.contexts:
            context.close()


def _launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    )  # fmt: skip


def shot(page: Page, name: str) -> None:
    """A screenshot of the whole page, kept when BRIDGESCORE_SCREENSHOTS names a folder."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


# The handout's rubber as the buttons show it: level, strain, doubling, by, tricks, honors.
HANDOUT = [
    ("4", "♥", "", "WE", "10", "we:100"),
    ("4", "♠", "", "THEY", "10", ""),
    ("4", "♣", "X", "THEY", "8", ""),
    ("1", "NT", "", "WE", "7", ""),
    ("5", "♣", "", "THEY", "11", ""),
]

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def new_context(
    browser: Browser, size: ViewportSize, *, axe: bool = False, routed: bool = False
) -> BrowserContext:
    """A browser context of this size (a phone's, with touch, below 600 px wide); ``axe``: one
    that lets :func:`axe_violations` inject axe-core; ``routed``: one whose requests all pass
    its ``route`` handlers (no service worker, which would fetch them past the handlers once
    it controls the page)."""
    phone = size["width"] < 600
    return browser.new_context(viewport=size, is_mobile=phone, has_touch=phone, bypass_csp=axe,
                               service_workers="block" if routed else "allow")  # fmt: skip


def in_view(locator: Locator, size: ViewportSize) -> bool:
    """Whether the element is wholly on the screen as it is now (not cut off, not scrolled off)."""
    box = locator.bounding_box()
    assert box is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


TAP_TARGETS = (
    "header a, .actions a, .actions button, .deals a, .sheet a, #deal-form button, .choice span, "
    ".qr summary"
)
"""The links and buttons of the header and the game pages."""


def tap_targets(page: Page, selector: str = TAP_TARGETS) -> list[str]:
    """The elements shown of ``selector`` smaller than 44 px either way."""
    small: list[str] = page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
          .filter(e => e.offsetParent !== null)
          .filter(e => {
            const r = e.getBoundingClientRect();
            return r.height < 44 || r.width < 44;
          })
          .map(e => e.outerHTML.slice(0, 80))""",
        selector,
    )
    return small


def broken_words(page: Page, selector: str) -> list[str]:
    """The words of the elements shown of ``selector`` that the page breaks across two lines
    (a heading wrapping inside "Ergebnis", or between N and S)."""
    broken: list[str] = page.evaluate(
        """selector => {
          const found = [];
          for (const e of document.querySelectorAll(selector)) {
            if (e.offsetParent === null) continue;
            const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const m of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (lines.size > 1) found.push(m[0]);
              }
            }
          }
          return found;
        }""",
        selector,
    )
    return broken


def axe_violations(page: Page) -> list[tuple[str, list[Any]]]:
    """axe-core's violations on the page as it is now: (rule, the elements) each. The page's
    context needs ``bypass_csp`` (:func:`new_context` with ``axe=True``): axe is injected."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]]


def enter_board(page: Page, board: int, call: tuple[str, str, str, str, str]) -> int:
    """Enter ``board`` on a live table page with its big buttons, ``call`` being the level,
    strain, double (``''``, ``X``, ``XX``), declarer and outcome (``=``, ``+1``, ``-2``) as the
    buttons show them; the page must be offering that board (or fixing it). The taps it took."""
    expect(page.locator("#entry-title")).to_contain_text(re.compile(rf"\b[Bb]oard {board}\b"))
    level, strain, double, declarer, outcome = call
    taps = [("levels", level), ("strains", strain), ("declarers", declarer), ("tricks", outcome)]
    if double:
        taps.insert(2, ("doubles", double))
    for row, label in taps:
        page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
    expect(page.locator("#score")).not_to_be_empty()
    page.locator("#confirm").click()
    return len(taps) + 1
