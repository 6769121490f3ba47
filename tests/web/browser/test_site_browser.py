"""``bridgescore publish`` (run as a user runs it) writes a club's site of three evenings and
an event; Chromium opens it from the folder (``file://``, no server), follows every link
(none broken, the styles loaded), and axe-core finds nothing on a page of each kind at a
phone's size and a desktop's (screenshots kept when BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browsing import DESKTOP, PHONE, axe_violations, new_context, shot
from tests.conftest import bridgescore_command, club_evenings

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder ``bridgescore publish`` wrote."""
    from bridgescore.events.pairs import EventRules, PairsEvent
    from bridgescore.grades.handicap import HandicapRules
    from bridgescore.live import DIRECTOR
    from bridgescore.live.definition import Handicapping
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore
    from bridgescore.storage.live import LiveStore

    folder = tmp_path_factory.mktemp("published")
    db = f"sqlite:///{folder / 'club.db'}"
    club_id, ids = club_evenings(db, 3, public=False)
    with Store(db) as store:
        event = PairsEvent("Autumn pairs", tuple(ids[:2]), EventRules.preset("none"))
        ClubStore(store).create_event(club_id, "pairs", event.to_dict())
        # issue 36: the first evening with handicapped rankings beside the scratch ones
        LiveStore(store).redefine(ids[0], Handicapping(HandicapRules("card")), DIRECTOR)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[3] / "src")}
    done = subprocess.run(
        [*bridgescore_command(), "publish", "--club", "Acol BC", "-o", str(folder / "site"),
         "--db", db],
        capture_output=True, text=True, timeout=300, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pages of Acol BC's results written" in done.stdout
    return folder / "site"


def test_every_link_of_the_published_site_opens_a_page_of_it(browser: Browser, site: Path) -> None:
    page = new_context(browser, DESKTOP).new_page()
    start = (site / "index.html").as_uri()
    seen: set[str] = set()
    todo = [start]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        path = Path(urlsplit(url).path)
        assert path.is_file(), f"broken link to {url}"
        assert site in path.parents, f"{url} is outside the site"
        page.goto(url)
        background = page.evaluate(
            "getComputedStyle(document.querySelector('header')).backgroundColor"
        )
        assert background == "rgb(13, 92, 99)", f"no styles on {url}"
        hrefs: list[str] = page.eval_on_selector_all(
            "a[href]", "as => as.map(a => a.getAttribute('href'))"
        )
        for href in hrefs:
            assert not href.startswith(("/", "http:", "https:")), f"{href} on {url}"
            todo.append(urljoin(url, href).split("#")[0])
    paths = [Path(urlsplit(u).path) for u in seen]
    kinds = {p.relative_to(site).parts[0] for p in paths if p != site / "index.html"}
    assert kinds == {"evenings", "players", "events"}
    assert len(seen) == len(list(site.rglob("index.html")))  # every page is linked
    texts = [p.read_text() for p in site.rglob("index.html")]
    assert not any("Ann Smith" in t for t in texts)  # she may not be named
    assert sum("No hand record" in t for t in texts) >= 1  # the third evening has no deals


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_axe_finds_nothing_on_each_kind_of_page(
    browser: Browser, site: Path, size: ViewportSize
) -> None:
    page = new_context(browser, size, axe=True).new_page()
    page.goto((site / "index.html").as_uri())
    evening = page.get_by_role("link", name="Tuesday pairs 1").get_attribute("href")
    assert evening is not None
    base = urljoin((site / "index.html").as_uri(), evening)
    kinds = {
        "club": (site / "index.html").as_uri(),
        "evening": base,
        "scorecard": urljoin(base, "pairs/A-NS-1/index.html"),
        "hands": urljoin(base, "hands/index.html"),
        "player": (site / "players" / "1002" / "index.html").as_uri(),
        "event": next(site.glob("events/*/index.html")).as_uri(),
    }
    found = {}
    for name, url in kinds.items():
        page.goto(url)
        found[name] = axe_violations(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} is {width} px wide"
        shot(page, f"site-{name}-{size['width']}")
    assert found == {key: [] for key in kinds}
