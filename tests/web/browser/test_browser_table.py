"""The home-game pages at the table (issue 11) in Debian's Chromium at 360x640 and 1280x800:
taps and scrolling per deal, nothing lost (offline, a stale second tab, a lost CSRF cookie, an
expired form), live view links, the offline app, and axe-core on every page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests import browsing as tb
from tests.browsing import DESKTOP, PHONE, axe_violations, in_view, new_context, tap_targets
from tests.conftest import DATA

pytestmark = pytest.mark.slow


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = new_context(browser, DESKTOP)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = new_context(browser, PHONE)
    yield context.new_page()
    context.close()


class Taps:
    """A player's taps: a button is one tap, a drop-down list two (open it, pick)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def choose(self, legend: str, label: str) -> None:
        fieldset = self.page.locator(
            "#deal-form fieldset", has=self.page.locator("legend", has_text=legend)
        )
        choice = fieldset.locator("label.choice", has_text=label).first
        if not choice.locator("input").is_checked():  # already chosen: no tap
            choice.click()
            self.count += 1

    def select(self, selector: str, value: str) -> None:
        if self.page.locator(selector).input_value() != value:
            self.page.select_option(selector, value)
            self.count += 2

    def save(self) -> None:
        self.page.click("#save-deal")
        self.count += 1
        expect(self.page.locator("#game")).not_to_have_attribute("aria-busy", "true")


def report(name: str, data: object) -> None:
    print(f"\n{name}: {json.dumps(data)}")
    if tb.SHOTS:
        Path(tb.SHOTS).mkdir(parents=True, exist_ok=True)
        (Path(tb.SHOTS) / f"{name}.json").write_text(json.dumps(data, indent=1))


def start(page: Page, server: str, kind: str, **names: str) -> str:
    page.goto(f"{server}/{kind}/new")
    for field, value in names.items():
        page.fill(f"#{field}", value)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#deal-form")).to_be_visible()
    return page.url


def no_horizontal_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]  # type: ignore[index]


def test_the_handout_rubber_at_360_taps_and_scroll(phone: Page, server: str) -> None:
    start(phone, server, "rubber", we="Ann & Bob", they="Cy & Di")
    taps = Taps(phone)
    per_deal = []
    for level, strain, doubling, by, tricks, honors in tb.HANDOUT:
        taps.count = 0
        before = phone.evaluate("window.scrollY")
        assert in_view(phone.locator("#save-deal"), PHONE)  # the form is on the first screen
        assert in_view(phone.locator("#score-bar"), PHONE)  # and the running score
        taps.choose("Level", level)
        taps.choose("Strain", strain)
        taps.choose("Doubled?", doubling or "—")
        taps.choose("Declared by", by)
        taps.select("#tricks", tricks)
        taps.select("#honors", honors)
        taps.save()
        after = phone.evaluate("window.scrollY")
        per_deal.append({"taps": taps.count, "scroll": abs(after - before)})
        no_horizontal_scroll(phone)
    expect(phone.locator("#bar-we")).to_have_text("760")
    expect(phone.locator("#bar-they")).to_have_text("720")
    expect(phone.locator("#winner")).to_contain_text("THEY won the rubber.")
    assert in_view(phone.locator("#winner"), PHONE)
    expect(phone.locator("#announce")).to_contain_text("WE 760")
    report("taps-rubber-360", per_deal)
    tb.shot(phone, "table-rubber-360")
    phone.click("#next-rubber")  # the next rubber, the same players
    expect(phone.locator("h1")).to_contain_text("Ann & Bob v Cy & Di")
    expect(phone.locator("#settle-up")).to_contain_text("THEY owe WE 40 points over 2 rubbers")
    assert in_view(phone.locator("#save-deal"), PHONE)
    tb.shot(phone, "table-next-rubber-360")
    assert all(d["scroll"] == 0 for d in per_deal)
    assert max(d["taps"] for d in per_deal) <= 6


def test_a_four_deal_chicago_at_360_taps_scroll_and_both_totals(phone: Page, server: str) -> None:
    start(phone, server, "chicago", ns="Ann & Bob", ew="Cy & Di")
    taps = Taps(phone)
    deals = [
        ("4", "♠", "N", "10"),
        ("3", "NT", "E", "9"),
        ("2", "♥", "S", "8"),
        ("1", "♣", "W", "7"),
    ]
    per_deal = []
    for level, strain, declarer, tricks in deals:
        taps.count = 0
        before = phone.evaluate("window.scrollY")
        taps.choose("Level", level)
        taps.choose("Strain", strain)
        taps.choose("Declarer", declarer)
        taps.select("#tricks", tricks)
        taps.save()
        per_deal.append(
            {"taps": taps.count, "scroll": abs(phone.evaluate("window.scrollY") - before)}
        )
        for total in ("#bar-ns", "#bar-ew"):
            assert in_view(phone.locator(total), PHONE)
        no_horizontal_scroll(phone)
        sheet = phone.locator("table.sheet")
        assert sheet.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth")
        for cell in phone.locator("table.sheet thead th").all():
            box = cell.bounding_box()
            assert box is not None
            assert box["x"] + box["width"] <= PHONE["width"]
    expect(phone.locator("#set-result")).to_contain_text("EW won the set (deals 1-4) by 140")
    expect(phone.locator("#total-ns")).to_have_text("530")
    expect(phone.locator("#total-ew")).to_have_text("670")
    assert in_view(phone.locator("#set-result"), PHONE)
    report("taps-chicago-360", per_deal)
    tb.shot(phone, "table-chicago-360")
    phone.locator("#total-ew").scroll_into_view_if_needed()
    assert in_view(phone.locator("#total-ew"), PHONE)
    assert all(d["scroll"] == 0 for d in per_deal)
    assert max(d["taps"] for d in per_deal) <= 4


def test_ending_asks_first_and_undo_gives_every_deal_back(page: Page, server: str) -> None:
    start(page, server, "rubber")
    taps = Taps(page)
    for _, strain, _, by, *_ in tb.HANDOUT[:2]:
        taps.choose("Strain", strain)
        taps.choose("Declared by", by)
        taps.save()
    page.click("#end")
    expect(page.locator("#confirm-end")).to_contain_text("End the rubber here?")
    expect(page.locator("#deals li")).to_have_count(2)
    page.click("#end-yes")
    expect(page.locator("#deals li.unfinished")).to_have_count(1)
    page.click("#undo")
    expect(page.locator("#deals li")).to_have_count(2)
    expect(page.locator("#deals li.unfinished")).to_have_count(0)


@pytest.mark.parametrize(
    ("kind", "legend", "who", "total", "score"),
    [
        ("rubber", "Declared by", "WE", "#bar-we", "120"),
        ("chicago", "Declarer", "N", "#bar-ns", "420"),
    ],
    ids=["rubber", "chicago"],
)
def test_offline_a_deal_is_kept_and_sent_when_back(
    phone: Page, server: str, kind: str, legend: str, who: str, total: str, score: str
) -> None:
    start(phone, server, kind)
    taps = Taps(phone)
    phone.context.set_offline(True)
    taps.choose(legend, who)
    phone.click("#save-deal")
    expect(phone.locator("#save-state")).to_have_text("Not saved yet")
    expect(phone.locator("#form-status")).to_contain_text("no connection")
    expect(
        phone.locator(f"#deal-form input[value={who.lower() if kind == 'rubber' else who}]")
    ).to_be_checked()
    tb.shot(phone, f"table-offline-pending-{kind}-360")
    phone.context.set_offline(False)
    expect(phone.locator(total)).to_have_text(score)
    expect(phone.locator("#save-state")).to_have_text("Saved")


def test_a_stale_second_tab_keeps_its_entry_and_saves_with_one_tap(
    browser: Browser, server: str
) -> None:
    context = new_context(browser, PHONE)
    first = context.new_page()
    url = start(first, server, "rubber")
    second = context.new_page()
    second.goto(url)
    Taps(second).choose("Strain", "♠")  # the second phone starts an entry...
    Taps(second).choose("Declared by", "THEY")
    one = Taps(first)  # ...while the first saves a deal
    one.choose("Declared by", "WE")
    one.save()
    expect(second.locator("#form-status")).to_contain_text("changed on another phone")
    second.click("#save-deal")
    expect(second.locator("#notice")).to_contain_text("Not saved")
    expect(second.locator("#deal-form input[value=they]")).to_be_checked()  # kept
    expect(second.locator("#deal-form input[value=S]")).to_be_checked()
    expect(second.locator("#save-state")).to_contain_text("Not saved")
    tb.shot(second, "table-conflict-360")
    Taps(second).save()  # one tap
    expect(second.locator("#deals li")).to_have_count(2)
    context.close()


def test_a_lost_csrf_cookie_or_an_expired_form_loses_nothing(page: Page, server: str) -> None:
    start(page, server, "rubber")
    page.context.clear_cookies(name="bs_csrf")  # a browser restart that dropped it
    taps = Taps(page)
    taps.choose("Declared by", "WE")
    taps.save()
    expect(page.locator("#deals li")).to_have_count(1)
    # A form whose token no longer matches anything: refused, kept, and one tap to retry.
    page.evaluate("document.querySelector('#deal-form input[name=csrf]').value = 'expired'")
    taps.choose("Strain", "♠")
    taps.choose("Declared by", "THEY")
    page.click("#save-deal")
    expect(page.locator("#form-status")).to_contain_text("Not saved: This form has expired")
    expect(page.locator("#deal-form input[value=they]")).to_be_checked()
    page.click("#retry")
    expect(page.locator("#deals li")).to_have_count(2)


def test_the_view_link_follows_the_game_live(browser: Browser, page: Page, server: str) -> None:
    url = start(page, server, "chicago")
    viewer_context = new_context(browser, PHONE)
    viewer = viewer_context.new_page()
    viewer.goto(url)
    expect(viewer.locator("#deal-form")).to_have_count(0)  # read-only
    taps = Taps(page)
    taps.choose("Declarer", "N")
    taps.save()
    expect(viewer.locator("#bar-ns")).to_have_text("420")  # no reload
    expect(viewer.locator("table.sheet tbody tr")).to_have_count(1)
    expect(viewer.locator("#announce")).to_contain_text("NS 420")
    viewer_context.close()


def test_the_calculator_scores_offline_from_the_table(phone: Page, server: str) -> None:
    phone.goto(server + "/?r=4HS%3D&vul=None")
    expect(phone.locator("#result")).to_contain_text("Declarer's side scores 420")
    loaded = "performance.getEntriesByType('resource').some(e => e.name.includes('/scores.json'))"
    for _ in range(50):  # the score table has come (polled here: the page's CSP forbids eval)
        if phone.evaluate(loaded):
            break
        phone.wait_for_timeout(100)
    phone.wait_for_timeout(200)
    phone.context.set_offline(True)
    fieldset = phone.locator("fieldset", has=phone.locator("legend", has_text="Level"))
    fieldset.locator("label.choice", has_text="3").first.click()
    expect(phone.locator("#tricks")).to_have_value("10")
    expect(phone.locator("#result")).to_contain_text("Declarer's side scores 170")
    expect(phone.locator("#result")).to_contain_text("Overtricks")
    phone.wait_for_timeout(300)  # the failed fetch of the server's page has come back
    expect(phone.locator("#share")).to_have_count(0)  # no link to an older result
    expect(phone.locator("#result")).to_contain_text("Declarer's side scores 170")
    expect(phone.locator("#result-bar")).to_have_text("3♥, 10 tricks: Declarer's side 170")
    assert in_view(phone.locator("#result-bar"), PHONE)  # the total always in view
    phone.locator("#passed-out + span").click()
    expect(phone.locator("#result")).to_contain_text("Passed out: each side scores 0.")
    tb.shot(phone, "table-calculator-offline-360")
    phone.context.set_offline(False)


def test_the_app_opens_offline(page: Page, server: str) -> None:
    url = start(page, server, "rubber")
    page.goto(server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker
    page.goto(url)
    page.goto(server + "/")
    page.context.set_offline(True)
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text("Score one deal")
    page.goto(url)
    expect(page.locator("#pad")).to_be_visible()
    page.context.set_offline(False)


def test_the_api_docs_need_nothing_from_elsewhere(page: Page, server: str) -> None:
    outside: list[str] = []

    def block(route: Any) -> None:
        outside.append(route.request.url)
        route.abort()

    page.context.route(lambda u: not u.startswith(server), block)
    page.goto(server + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("bridgescore")
    assert outside == []


@pytest.mark.parametrize(
    ("size", "language"),
    [(PHONE, "en"), (DESKTOP, "en"), (PHONE, "fr")],  # French's longer words on the phone
    ids=["360x640", "1280x800", "360x640-fr"],
)
def test_axe_finds_nothing_and_tap_targets_are_44px(
    browser: Browser, server: str, size: ViewportSize, language: str
) -> None:
    context = new_context(browser, size, axe=True)  # axe is injected as an inline script
    page = context.new_page()
    rubber = start(page, server, "rubber", we="Ann & Bob")
    Taps(page).choose("Declared by", "WE")
    Taps(page).save()
    chicago = start(page, server, "chicago")
    Taps(page).choose("Declarer", "N")
    Taps(page).save()
    # the pages in the language its switch sets (bridgescore.web.languages)
    context.add_cookies([{"name": "bs_lang", "value": language, "url": server}])
    pages = {
        "calculator": server + "/?r=4HXS-2&vul=NS",
        "rubber-new": server + "/rubber/new",
        "chicago-new": server + "/chicago/new",
        "rubber": rubber,
        "rubber-end": rubber + "?end=confirm",
        "chicago": chicago,
        "games": server + "/games",
        "movement": server + "/movement",
        "not-found": server + "/rubber/nothing",
    }
    found = {}
    small = {}
    langs = {}
    for name, url in pages.items():
        page.goto(url)
        langs[name] = page.locator("html").get_attribute("lang")
        found[name] = axe_violations(page)
        small[name] = tap_targets(page)
        tb.shot(page, f"axe-{name}-{size['width']}-{language}")
    assert langs == dict.fromkeys(pages, language)
    assert found == {key: [] for key in pages}
    assert small == {key: [] for key in pages}
    context.close()


def test_duplicate_rankings_keep_rank_pair_names_and_percent_at_360(
    phone: Page, server: str
) -> None:
    phone.goto(server + "/session/new")
    phone.set_input_files("#pbn", str(DATA / "mitchell3.pbn"))
    phone.click("#create-session")
    table = phone.locator("table.ranking").first
    expect(table).to_be_visible()
    for name in ("Rank", "Pair", "Names", "%"):
        cell = table.locator("thead th", has_text=name).first
        box = cell.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] < 40, name  # one line: not broken letter by letter
    no_horizontal_scroll(phone)
