"""A player's season across two clubs and a club's ladder, served by ``bridgescore serve``:
on a phone and a desktop, nothing wider than the screen and axe-core finds nothing
(screenshots kept when BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browsing import DESKTOP, PHONE, axe_violations, new_context, shot
from tests.conftest import serving
from tests.helpers import season_club, season_evening

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server with two clubs' evenings and a ladder of the first: its URL and the ladder's
    address."""
    from bridgescore.events.season import Ladder, LadderRules
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore
    from bridgescore.storage.season import LadderStore
    from bridgescore.web.site import club_slug

    db = f"sqlite:///{tmp_path_factory.mktemp('season') / 'season.db'}"
    with Store(db) as store:
        acol = season_club(store, "Acol Bridge Club of the Long Name", "1234")
        bath = season_club(store, "Bath BC", "5678")
        for n, date in enumerate(["2026.11.02", "2026.11.09"]):
            season_evening(store, acol, f"Monday pairs {n + 1}", date)
        season_evening(store, bath, "Bath Tuesday", "2026.11.03")
        stored = LadderStore(store).create(acol, Ladder("Autumn ladder", LadderRules("best", 2)))
        ladder = f"/clubs/{club_slug(ClubStore(store).club(acol))}/ladders/{stored.id}/"
    with serving(db) as (url, _):
        yield url, ladder


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_season_pages_fit_and_pass_axe(
    browser: Browser, season: tuple[str, str], size: ViewportSize
) -> None:
    url, ladder = season
    page = new_context(browser, size, axe=True).new_page()
    found = {}
    for name, path in {"season": "/players/2001/", "ladder": ladder}.items():
        page.goto(url + path)
        found[name] = axe_violations(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} is {width} px wide"
        shot(page, f"season-{name}-{size['width']}")
    assert found == {"season": [], "ladder": []}
    page.goto(url + "/players/2001/")
    assert page.locator("section.panel h2 a").all_inner_texts() == [
        "Acol Bridge Club of the Long Name", "Bath BC"]  # fmt: skip
    assert page.locator("svg circle").count() == 3
