"""Starting a club evening in a real browser: a name field for each pair of the movement chosen,
the names reach the session, and each table gets a card with its link, QR code and rounds;
axe-core on the new-evening and director's pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests import browsing as tb
from tests.browsing import DESKTOP, PHONE, axe_violations, new_context
from tests.conftest import serving

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-new") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
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
    pairs = page.locator("#names input[data-pair]")  # a pair's first player field
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


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360", "1280"])
def test_axe_finds_nothing_on_the_new_evening_and_director_pages(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    created = httpx.post(f"{server}/api/sessions", json={"movement": movement}).json()
    table = {"Authorization": f"Bearer {created['tables'][0]['token']}"}
    result = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    httpx.post(f"{server}/api/sessions/{created['id']}/results", json=result, headers=table)
    context = new_context(browser, size, axe=True)
    page = context.new_page()
    found = {}
    try:
        for name, url in [("new", "/live/new"), ("director", created["director_url"])]:
            page.goto(server + url)
            if name == "director":
                expect(page.locator("#results")).to_contain_text("3NTN=")
                for part in ("results", "cards"):  # folded on a phone (cards everywhere)
                    details = page.locator(f"#part-{part}")
                    if details.get_attribute("open") is None:
                        details.locator("summary").click()
                page.get_by_role("button", name="Edit round 1, table 1, board 1").click()
                page.get_by_role("button", name="Show the table cards").click()
                expect(page.locator("#cards img.live-qr").first).to_have_attribute(
                    "src", re.compile("^data:")
                )
            found[name] = axe_violations(page)
            tb.shot(page, f"axe-live-{name}-{size['width']}")
    finally:
        context.close()  # its event stream too
    assert found == {"new": [], "director": []}
