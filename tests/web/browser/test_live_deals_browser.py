"""Hand records in a running evening, in a real browser at 360x640: the director attaches a
deal file on the director's page and sees the double-dummy worker's progress; a table sees a
board's hands, double-dummy table and par only once it has entered the board; the published
page and the printable hand record have every hand. Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from bridgescore.deals import deal_set, to_bytes
from bridgescore.duplicate.movement import mitchell
from tests import browsing as tb
from tests.browsing import PHONE, new_context
from tests.conftest import serving

pytestmark = pytest.mark.slow


DEALT = deal_set("1-3", seed="c0" * 32).boards


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-deals") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def _phone(browser: Browser, errors: list[str]) -> Page:
    page = new_context(browser, PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _result(server: str, created: dict[str, Any], r: int, t: int, b: int) -> None:
    token = created["tables"][t - 1]["token"]
    body = {"round": r, "table": t, "board": b, "contract": "3NT", "declarer": "N", "tricks": 9}
    answer = httpx.post(f"{server}/api/sessions/{created['id']}/results", json=body,
                        headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert answer.status_code == 201, answer.text


def test_the_director_attaches_deals_and_a_table_sees_a_hand_after_playing_it(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 1}
    created = httpx.post(f"{server}/api/sessions", json={"event": "Hand night",
                                                          "movement": movement}).json()  # fmt: skip
    base = f"{server}/api/sessions/{created['id']}"
    _result(server, created, 1, 2, 2)  # the evening is running: table 2 has entered board 2
    errors: list[str] = []

    director = _phone(browser, errors)
    director.goto(server + created["director_url"])
    deals_part = director.locator("#part-deals")  # folded on a phone, its count in view
    expect(deals_part.locator("summary")).to_contain_text("Hand records · no deals yet")
    deals_part.locator("summary").click()
    expect(director.locator("#deals-status")).to_contain_text("No deals yet (3 boards)")
    deals = tmp_path / "evening.dup"  # a dealing machine's file (Duplimate)
    deals.write_bytes(to_bytes(DEALT, deals.name))
    director.locator("#deals-file").set_input_files(str(deals))
    director.get_by_role("button", name="Attach the deals").click()
    expect(director.locator("#deals-status")).to_contain_text("3 of 3 boards dealt")
    expect(director.locator("#deals-error")).to_be_empty()
    tb.shot(director, "live-deals-director-working-360")
    expect(director.locator("#deals-status")).to_contain_text("Hand records ready", timeout=120_000)
    expect(director.locator("#deals-count")).to_have_text("· DD 3/3")
    _fits(director)
    tb.shot(director, "live-deals-director-ready-360")

    table = _phone(browser, errors)
    table.goto(server + created["tables"][0]["url"])
    expect(table.locator("#entry-title")).to_contain_text("Board 1 ")
    expect(table.locator("#hand")).to_have_count(0)
    token = {"Authorization": f"Bearer {created['tables'][0]['token']}"}
    assert httpx.get(f"{base}/boards/1", headers=token).status_code == 403  # not before
    for row, label in [("levels", "3"), ("strains", "NT"), ("declarers", "N"), ("tricks", "=")]:
        table.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
    table.locator("#confirm").click()
    hand = table.locator("#hand")
    expect(hand).to_be_visible()
    north_hand = DEALT[0].deal.hands[0]
    assert north_hand is not None
    north = north_hand.suits[0]  # North's spades
    expect(hand.locator(".hand.north")).to_contain_text(north)
    expect(hand.locator("table.dd tr")).to_have_count(5)  # the strains and N S E W
    expect(hand.locator(".par")).to_contain_text("Par: ")
    expect(table.locator("#traveller")).to_contain_text("vs DD")
    table.locator("#traveller").scroll_into_view_if_needed()
    tb.shot(table, "live-deals-table-hand-360")
    _fits(table)
    # board 2 is table 1's next board: its hand stays hidden although table 2 has played it
    assert httpx.get(f"{base}/boards/2", headers=token).status_code == 403

    for p in mitchell(3, 1).plays:
        if (p.round, p.table) not in ((1, 1), (1, 2)):
            _result(server, created, p.round, p.table, p.boards[0])
    closing = httpx.post(f"{base}/close", json={"closed": True},
                         headers={"Authorization": f"Bearer {created['edit_token']}"})  # fmt: skip
    assert closing.status_code == 200
    published = _phone(browser, errors)
    published.goto(f"{server}/session/{created['id']}")
    for board in (1, 2, 3):
        published.locator(f"#traveller-A-{board} summary").click()
        expect(published.locator(f"#hand-A-{board} table.dd")).to_be_visible()
    tb.shot(published, "live-deals-published-360")
    _fits(published)
    expect(published.locator("#hand-records")).to_have_attribute(
        "href", f"/session/{created['id']}/hands"
    )
    published.goto(f"{server}/session/{created['id']}/hands")
    expect(published.locator(".hand-record")).to_have_count(3)
    expect(published.locator(".hand-record .par")).to_have_count(3)
    tb.shot(published, "live-deals-hands-360")
    assert errors == []
