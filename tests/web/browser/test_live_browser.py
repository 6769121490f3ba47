"""A club evening in a real browser: three tables enter three rounds at once, each in its own
browser context (one phone each, 360 px), one of them offline for a board; the rankings equal
those of the same results imported from PBN. Screenshots go to $BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from bridgescore import Result, pbn
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import BoardResult, Section, Session, score_section
from tests import browsing as tb
from tests.conftest import serving

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


shot = tb.shot


# What each table enters on each board: level, strain, double, declarer, outcome button.
def _plan(board: int, table: int) -> tuple[str, str, str, str, str]:
    level = str(1 + (board * 3 + table) % 7)
    strain = "♣♦♥♠"[board % 4] if (board + table) % 5 else "NT"
    double = "X" if (board + table) % 7 == 0 else ""
    declarer = "NESW"[(board + table) % 4]
    outcome = ["=", "+1", "-1", "-2", "="][(board * table) % 5]
    if level == "7" and outcome == "+1":
        outcome = "="
    return level, strain, double, declarer, outcome


def test_three_tables_enter_three_rounds_at_once_and_rank_as_pbn(
    server: str, browser: Browser
) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    body = {"event": "Club night", "movement": movement, "names": {"NS 1": "Ann & Bob"}}
    created = httpx.post(f"{server}/api/sessions", json=body).json()
    contexts = [browser.new_context(viewport={"width": 360, "height": 640}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for page, table in zip(pages, created["tables"], strict=True):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + table["url"])
    director = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    director.goto(server + created["director_url"])
    plays = mitchell(3, 2).plays
    taps: list[int] = []
    for round_number in (1, 2, 3):
        for index in (0, 1):
            for table, page in enumerate(pages, 1):
                play = next(p for p in plays if p.round == round_number and p.table == table)
                offline = (round_number, index, table) == (2, 0, 3)
                if offline:
                    contexts[2].set_offline(True)
                board = play.boards[index]
                taps.append(tb.enter_board(page, board, _plan(board, table)))
                if offline:
                    expect(page.locator("#status")).to_contain_text("kept on this phone")
                    shot(page, "table-offline-360")
                    contexts[2].set_offline(False)
                    page.evaluate("window.dispatchEvent(new Event('online'))")
        for page in pages:
            if round_number < 3:
                expect(page.locator("#next")).to_contain_text(f"Round {round_number} is done")
        if round_number == 1:  # the boards' move in the movement's words: table 1's go to 3
            expect(pages[0].locator("#next")).to_contain_text("Boards 1-2: to table 3.")
            shot(pages[0], "table-end-of-round-360")
    for page in pages:
        expect(page.locator("#next")).to_contain_text("All your boards are in")
    assert set(taps) <= {5, 6}  # level, strain, (double,) declarer, tricks, confirm
    expect(director.locator("#status")).to_contain_text("18 results in")
    shot(director, "director-1280")
    assert errors == []
    director_token = {"Authorization": f"Bearer {created['edit_token']}"}
    session: dict[str, Any] = httpx.get(
        f"{server}/api/sessions/{created['id']}", headers=director_token
    ).json()
    assert session["missing"] == []
    results = [
        BoardResult(r["board"], r["ns"], r["ew"],
                    Result.parse(f"{r['contract']} {r['declarer']} {r['tricks']}"),
                    round=r["round"], table=r["table"])
        for r in session["results"]
    ]  # fmt: skip
    section = Section.from_movement(mitchell(3, 2)).with_results(results)
    again = pbn.read(pbn.write(Session((section,), event="Club night"))).sections[0]
    expected = [
        [(row.rank, row.pair.label, round(row.total, 2)) for row in rows]
        for side, rows in score_section(again).rankings.items()
    ]
    got = [
        [(r["rank"], r["pair"], r["total"]) for r in rows] for rows in session["rankings"].values()
    ]
    assert got == expected
    for c in contexts:
        c.close()


def test_the_director_gives_a_weighted_score(server: str, browser: Browser) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    body = {"event": "Weighted", "movement": movement}
    created = httpx.post(f"{server}/api/sessions", json=body).json()
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + created["director_url"])
    page.locator("#part-missing summary").click()  # folded: the page's parts at 1280 too
    page.locator("#missing tr", has_text="to play").first.get_by_role(
        "button", name="Enter"
    ).click()
    form = page.locator("#edit")
    weighted = form.locator("input[name=weighted]")
    expect(weighted).to_have_attribute("placeholder", "50% 4SN=, 30% 4SN-1, 20% 5HXE-2")
    weighted.fill("50% 4SN=, 40% 4SN-1")
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#weighted-error")).to_contain_text("add up to exactly 100%, not 90%")
    expect(page.locator("#edit-error")).to_be_empty()
    weighted.fill("50% 4sn=, 50% 4SN-1")
    form.get_by_role("button", name="Save").click()
    expect(form).to_be_hidden()
    expect(page.locator("#results")).to_contain_text("50% 4SN=, 50% 4SN-1")
    expect(page.locator("#audit")).to_contain_text("→ 50% 4SN=, 50% 4SN-1")
    shot(page, "director-weighted-1280")
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    session = httpx.get(f"{server}/api/sessions/{created['id']}", headers=director).json()
    assert [(r["board"], r["weighted"], r["ns_score"]) for r in session["results"]] == [
        (1, "50% 4SN=, 50% 4SN-1", None)
    ]
    assert errors == []


def test_the_director_corrects_from_a_phone(server: str, browser: Browser) -> None:
    """At 360 px the results list fits (no sideways scroll); Edit opens the form, whose Delete
    removes the result after asking."""
    movement = {"movement": "mitchell", "tables": 4, "boards_per_round": 2}
    created = httpx.post(f"{server}/api/sessions", json={"movement": movement}).json()
    table = {"Authorization": f"Bearer {created['tables'][0]['token']}"}
    result = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    httpx.post(f"{server}/api/sessions/{created['id']}/results", json=result, headers=table)
    page = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
    page.goto(server + created["director_url"])
    results = page.locator("#results")
    expect(results).to_contain_text("3NTN=")
    page.locator("#part-results summary").click()  # a phone shows the parts folded
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    wrapper = results.locator("xpath=..")
    assert wrapper.evaluate("e => e.scrollWidth <= e.clientWidth")
    shot(page, "director-360")
    page.get_by_role("button", name="Edit round 1, table 1, board 1").click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#edit").get_by_role("button", name="Delete").click()
    expect(page.locator("#edit")).to_be_hidden()
    expect(results).not_to_contain_text("3NTN=")
    expect(page.locator("#audit")).to_contain_text("delete")


def test_the_director_shows_the_table_cards_again(server: str, browser: Browser) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    created = httpx.post(f"{server}/api/sessions", json={"event": "Cards", "movement": movement})
    answer = created.json()
    page = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
    page.goto(server + answer["director_url"])
    expect(page.locator("#status")).to_contain_text("Version 1")
    page.locator("#part-cards summary").click()  # folded
    page.get_by_role("button", name="Show the table cards").click()
    cards = page.locator("#cards .live-card")
    expect(cards).to_have_count(3)
    expect(cards.nth(1)).to_contain_text("Cards · Table 2")
    expect(cards.nth(1).locator("a")).to_have_attribute(
        "href", f"{server}{answer['tables'][1]['url']}"
    )
    expect(cards.nth(1).locator("img.live-qr")).to_have_attribute("src", re.compile("^data:image"))
    expect(cards.nth(1).locator("table.live-guide tr")).to_have_count(4)
    expect(page.get_by_role("button", name="Print the table cards")).to_be_visible()
    page.emulate_media(media="print")  # the cards alone are printed
    expect(page.locator("#grid")).to_be_hidden()
    expect(cards.first).to_be_visible()
    page.emulate_media(media="screen")
    shot(page, "director-cards-360")
