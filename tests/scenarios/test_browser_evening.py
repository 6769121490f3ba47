"""The table page and the director's page of an evening with a late pair and a sit-out, on a
phone (360x640) in Debian's Chromium: the sit-out is named as such, the late pair plays at the
half table, the director's room panel lists the sit-outs. Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests import browsing as tb
from tests.browsing import PHONE, axe_violations, new_context
from tests.conftest import serving

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-evening") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def evening(server: str) -> dict[str, Any]:
    """A three-table Mitchell with a half table (5 pairs, 2 boards a round)."""
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2, "half_table": True}
    body = {"event": "Club night", "movement": movement, "names": {"NS 1": "Ann & Bob"}}
    created: dict[str, Any] = httpx.post(f"{server}/api/sessions", json=body).json()
    return created


def test_a_half_table_shows_its_sit_out_and_then_the_late_pair(
    browser: Browser, server: str
) -> None:
    created = evening(server)
    base = f"{server}/api/sessions/{created['id']}"
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    context = new_context(browser, PHONE, axe=True)
    page = context.new_page()
    page.goto(server + created["tables"][2]["url"])
    expect(page.locator("#where")).to_contain_text("a sit-out")
    expect(page.locator("#pairs")).to_contain_text("Sitting out in round 1: EW 3")
    tb.shot(page, "evening-table-half-table-360")
    late = {"pair": "NS 3", "names": "Cy & Di", "from_round": 2}
    assert httpx.post(f"{base}/pairs", json=late, headers=director).status_code == 201
    page.reload()
    expect(page.locator("#where")).to_contain_text("Round 2 of 3")
    expect(page.locator("#pairs")).to_contain_text("NS 3 (Cy & Di) v EW 2")
    expect(page.locator("#next")).to_contain_text("Round 1: this table sits out.")
    tb.shot(page, "evening-table-late-pair-360")
    assert axe_violations(page) == []
    desk = context.new_page()
    desk.goto(f"{server}/live/{created['id']}/director#{created['edit_token']}")
    expect(desk.locator("#room-sitouts")).to_contain_text("round 1: EW 3")
    expect(desk.locator("#room-sitouts")).to_contain_text("Sitting out now: table 3 (round 1)")
    desk.locator("#room summary").click()  # the room folds, as every part does at 360 px
    desk.locator("#room").scroll_into_view_if_needed()
    tb.shot(desk, "evening-director-room-360")
    room = [(rule, nodes) for rule, nodes in axe_violations(desk) if "room" in str(nodes)]
    assert room == []  # the room panel's own controls (the rest of the page is not this test's)
    desk.fill("#room-withdraw input[name=pair]", "EW 1")
    desk.fill("#room-withdraw input[name=from_round]", "3")
    desk.click("#room-withdraw button")
    expect(desk.locator("#room-done")).to_contain_text("EW 1 is withdrawn from round 3")
    expect(desk.locator("#room-sitouts")).to_contain_text("round 3: EW 1, NS 3")
    tb.shot(desk, "evening-director-withdrawal-360")
    context.close()
