"""The pairs director's page during play (issue 31, item 4): the actions a director needs (the
room, averages, close) at the top, the page short at 1280x800 with its parts folded, a split
score from the Edit form in one step, and a late pair picked from the club's roster."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests import browsing as tb
from tests.conftest import PASSWORD, club_serving, serving

pytestmark = pytest.mark.slow

SEVEN = {"movement": "mitchell", "tables": 7, "boards_per_round": 3, "half_table": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("director") / "d.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def _evening(server: str) -> dict[str, Any]:
    """A 7-table Mitchell for 13 pairs with round 1 in at tables 1 to 6."""
    created: dict[str, Any] = httpx.post(
        f"{server}/api/sessions", json={"event": "Tuesday", "movement": SEVEN}
    ).json()
    base = f"{server}/api/sessions/{created['id']}"
    for t in created["tables"][:6]:
        for board in range(3 * t["table"] - 2, 3 * t["table"] + 1):
            result = {"round": 1, "table": t["table"], "board": board, "contract": "3NT",
                      "declarer": "N", "tricks": 9 + board % 2}  # fmt: skip
            answer = httpx.post(f"{base}/results", json=result,
                                headers={"Authorization": f"Bearer {t['token']}"})  # fmt: skip
            assert answer.status_code == 201, answer.text
    return created


def _open(browser: Browser, server: str, created: dict[str, Any], size: ViewportSize) -> Page:
    page = browser.new_context(viewport=size).new_page()
    page.goto(server + created["director_url"])
    expect(page.locator("#status")).to_contain_text("18 results in")
    return page


def test_the_actions_are_at_the_top_and_the_page_is_short(server: str, browser: Browser) -> None:
    created = _evening(server)
    page = _open(browser, server, created, tb.DESKTOP)
    height = page.evaluate("document.body.scrollHeight")
    print(f"director page at 1280x800: {height} px")
    assert height <= 2500
    top = page.locator("#part-grid").bounding_box()
    assert top is not None
    for part in ("#room", "#part-averages", "#part-close"):
        box = page.locator(part).bounding_box()
        assert box is not None, part
        assert box["y"] < top["y"], part  # above the grid: the first thing on the page
    tb.shot(page, "director-1280")
    page.close()
    phone = _open(browser, server, created, tb.PHONE)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.locator("#part-averages > summary").click()
    expect(phone.locator("#bulk")).to_be_visible()
    tb.shot(phone, "director-360")
    phone.close()


def test_the_edit_form_replaces_a_result_by_a_split_score(server: str, browser: Browser) -> None:
    """Issue 31: a split score only through the API, which answered 409 until the result was
    deleted; now the Edit form gives one in one step (the director's PUT)."""
    created = _evening(server)
    page = _open(browser, server, created, tb.DESKTOP)
    page.locator("#part-results summary").click()
    page.get_by_role("button", name="Edit round 1, table 2, board 4", exact=True).click()
    form = page.locator("#edit")
    form.locator("[name=split_ns]").fill("3NTN=")
    form.locator("[name=split_ew]").fill("3NTN-1")
    form.get_by_role("button", name="Save").click()
    expect(form).to_be_hidden()
    expect(page.locator("#results")).to_contain_text("NS 3NTN= / EW 3NTN-1")
    page.locator("#part-audit summary").click()
    expect(page.locator("#audit")).to_contain_text("→ NS 3NTN= / EW 3NTN-1")
    expect(page.locator("#audit li").first).to_contain_text(" · the director · changed · ")
    expect(page.locator("#audit li").last).to_contain_text(" · table 1 · added · ")
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    session = httpx.get(f"{server}/api/sessions/{created['id']}", headers=director).json()
    board4 = [r for r in session["results"] if r["board"] == 4]
    assert [(r["table"], r["split"]) for r in board4] == [(2, {"ns": "3NTN=", "ew": "3NTN-1"})]
    tb.shot(page, "director-split-1280")
    page.close()


EMAIL = "td@acol.example"


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A club's server with one director and a roster of two."""
    from bridgescore.players import Player

    roster = [Player("Ann Smith", "1001"), Player("Bob Jones", "1002")]
    with club_serving(tmp_path_factory.mktemp("club"), EMAIL, roster=roster) as url:
        yield url


def test_a_late_pair_is_picked_from_the_roster(club: str, browser: Browser) -> None:
    """Issue 31: the late-pair form took names only; now its players come from the club's
    roster (a datalist, as on the start page), a visitor typed."""
    login = httpx.post(f"{club}/api/login", json={"email": EMAIL, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json()['token']}"}
    created = httpx.post(f"{club}/api/sessions", headers=headers,
                         json={"event": "Late", "movement": SEVEN}).json()  # fmt: skip
    page = browser.new_context(viewport=tb.DESKTOP).new_page()
    page.goto(f"{club}/login")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(club + created["director_url"])
    expect(page.locator("#status")).to_contain_text("0 results in")
    page.locator("#room summary").click()
    late = page.locator("#room-late")
    expect(page.locator("#room-roster option")).to_have_count(2)
    assert page.locator("#room-roster option").nth(0).get_attribute("value") == "Ann Smith (1001)"
    late.locator("[name=pair]").fill("NS 7")
    late.locator("[name=player1]").fill("Ann Smith (1001)")  # as the type-ahead fills it
    late.locator("[name=player2]").fill("Vi Visitor")
    late.locator("[name=from_round]").fill("2")
    late.get_by_role("button", name="Seat the pair").click()
    expect(page.locator("#room-done")).to_contain_text("NS 7 plays from round 2")
    tb.shot(page, "director-late-pair-1280")
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    session = httpx.get(f"{club}/api/sessions/{created['id']}", headers=director).json()
    assert session["players"]["NS 7"] == [
        {"name": "Ann Smith", "number": "1001"},
        {"name": "Vi Visitor", "number": None},
    ]
    assert session["names"]["NS 7"] == "Ann Smith & Vi Visitor"
    assert errors == []
    page.close()


def test_a_traveller_slip_says_why_a_line_is_refused_and_keeps_it(
    server: str, browser: Browser
) -> None:
    """Issue 31: a whole board's traveller at once; a refused line says why on its own row
    and keeps what was typed, the others are saved."""
    created = _evening(server)
    page = _open(browser, server, created, tb.DESKTOP)
    page.locator("#room summary").click()
    slip = page.locator("#room-slip")
    slip.locator("[name=board]").fill("1")
    slip.get_by_role("button", name="Show its tables").click()
    expect(slip.locator("tr[data-table]")).to_have_count(6)  # the tables that play board 1
    rows = slip.locator("tr[data-table]:not([data-table='1'])")  # table 1 entered it already
    for i, contract in ((1, "4S"), (2, "4Q")):
        row = rows.nth(i)
        row.locator("[name=contract]").fill(contract)
        row.locator("[name=declarer]").fill("N")
        row.locator("[name=tricks]").fill("10")
    slip.get_by_role("button", name="Enter the whole board").click()
    expect(rows.nth(1).locator(".live-slip-why")).to_have_text("Saved.")
    expect(rows.nth(2).locator(".live-slip-why")).to_contain_text("invalid contract notation")
    expect(rows.nth(2).locator("[name=contract]")).to_have_value("4Q")
    expect(page.locator("#room-error")).to_contain_text("1 saved, 1 refused")
    tb.shot(page, "director-slip-1280")
    page.close()


def test_the_director_sets_a_minimum_share_of_boards(server: str, browser: Browser) -> None:
    """Issue 32: under Rankings, the share of boards a pair plays to be ranked; the pair that
    sat out round 1 (the half table's, no boards yet) is then listed, not ranked."""
    created = _evening(server)
    for size, name in ((tb.PHONE, "360"), (tb.DESKTOP, "1280")):
        page = _open(browser, server, created, size)
        if not page.locator("#part-rankings").evaluate("d => d.open"):
            page.locator("#part-rankings > summary").click()
        page.locator("#min-share").fill("50%")
        page.locator("#min-share-set").click()
        expect(page.locator("#min-share-status")).to_have_text(
            "Pairs below 50% of the boards are not ranked.")  # fmt: skip
        unranked = page.locator("#rankings td", has_text="not ranked")
        expect(unranked).to_have_count(1)
        expect(page.locator("#min-share")).to_have_value("50%")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        tb.shot(page, f"director-min-share-{name}")
        page.locator("#min-share").fill("")
        page.locator("#min-share-set").click()
        expect(page.locator("#min-share-status")).to_have_text("Every pair is ranked.")
        expect(unranked).to_have_count(0)
        page.close()


def test_the_director_turns_on_handicapped_rankings(server: str, browser: Browser) -> None:
    """Issue 36: under Rankings, handicapped rankings from the grades, or set by hand (a line
    a player: national number, points); the server keeps them, the page shows them back."""
    created = _evening(server)
    base = f"{server}/api/sessions/{created['id']}"
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    for size, name in ((tb.PHONE, "360"), (tb.DESKTOP, "1280")):
        page = _open(browser, server, created, size)
        if not page.locator("#part-rankings").evaluate("d => d.open"):
            page.locator("#part-rankings > summary").click()
        expect(page.locator("#handicap-list")).to_be_hidden()
        page.locator("#handicap-method").select_option("set")
        page.locator("#handicap-list").fill("123456 -2.5\n654321, 3")
        page.locator("#handicap-set").click()
        expect(page.locator("#handicap-status")).to_have_text(
            "Handicapped rankings are shown beside the scratch ones.")  # fmt: skip
        stored = httpx.get(base, headers=director).json()["handicap"]
        assert stored == {"method": "set", "combine": "mean",
                          "set": {"123456": -2.5, "654321": 3.0}}  # fmt: skip
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        tb.shot(page, f"director-handicap-{name}")
        page.locator("#handicap-list").fill("123456 lots")
        page.locator("#handicap-set").click()
        expect(page.locator("#handicap-status")).to_contain_text("Not set")
        page.locator("#handicap-method").select_option("")
        page.locator("#handicap-set").click()
        expect(page.locator("#handicap-status")).to_have_text("Scratch rankings only.")
        expect(page.locator("#handicap-list")).to_be_hidden()
        page.close()
