"""Starting a club evening in a real browser: a name field for each pair of the movement chosen,
the names reach the session, and each table gets a card with its link and QR code."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests import test_browser as tb
from tests.conftest import serving

pytestmark = pytest.mark.slow

browser = tb.browser  # Debian's Chromium, the same fixture as the other browser tests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-new") / "live.db"
    with serving(f"sqlite:///{db}") as (url, _):
        yield url


@pytest.mark.parametrize(
    ("movement", "count", "labels"),
    [
        ("mitchell", 3, ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3"]),
        ("howell", 4, ["1", "2", "3", "4"]),
    ],
    ids=["mitchell", "howell"],
)
def test_names_are_typed_pair_by_pair(
    browser: Browser, server: str, movement: str, count: int, labels: list[str]
) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.goto(f"{server}/live/new")
    field = "#tables" if movement == "mitchell" else "#pairs"
    page.fill("#tables", "5")  # typed first, kept when the movement changes
    page.locator("[data-pair='NS 1']").fill("Ann & Bob")
    page.locator(f"input[value={movement}]").check(force=True)
    expect(page.locator(field)).to_be_visible()
    other = "#pairs" if movement == "mitchell" else "#tables"
    expect(page.locator(other)).to_be_hidden()
    page.fill(field, str(count))
    pairs = page.locator("#names input")
    assert [pairs.nth(i).get_attribute("data-pair") for i in range(pairs.count())] == labels
    page.locator(f"[data-pair='{labels[-1]}']").fill("Cy & Di")
    page.fill("#event", "Club night")
    page.get_by_role("button", name="Start the evening").click()
    cards = page.locator(".live-card")
    expect(cards).to_have_count(count if movement == "mitchell" else count // 2)
    qr = re.compile(r"^data:image/svg\+xml;base64,[A-Za-z0-9+/=]{100,}$")
    expect(cards.first.locator("img.live-qr")).to_have_attribute("src", qr)
    guide = cards.first.locator("table.live-guide tr")  # table 1, round by round
    expect(guide).to_have_count(1 + (count if movement == "mitchell" else count - 1))
    first = "1 NS 1 EW 1 1-3" if movement == "mitchell" else "1 4 1 1-3"
    assert " ".join(guide.nth(1).inner_text().split()) == first
    director = page.get_attribute("#director-link", "href")
    assert director is not None
    game = director.split("/live/")[1].split("/")[0]
    names = httpx.get(f"{server}/api/sessions/{game}").json()["names"]
    expected = {"NS 1": "Ann & Bob"} if movement == "mitchell" else {}
    assert {k: v for k, v in names.items() if v} == {**expected, labels[-1]: "Cy & Di"}
    page.close()
