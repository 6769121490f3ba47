"""An individual evening for 12 players in a real browser: the director starts it from the
new-evening page, three phones at 360x640 show each table's four players and enter every board,
say where each player goes next, and the published results rank the players as the core scores
the same results (each player the sum over their partnerships). Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from bridgescore import Result
from bridgescore.duplicate.movement import individual
from bridgescore.duplicate.session import (
    BoardResult,
    individual_section,
    score_individual,
    score_section,
)
from tests import browsing as tb
from tests.conftest import serving

pytestmark = pytest.mark.slow

shot = tb.shot
NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo"}  # the others by number


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("individual") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def _plan(board: int, table: int) -> tuple[str, str, str, str, str]:
    """Level, strain, double, declarer and outcome, as the buttons show them."""
    return (str(2 + (board + table) % 3), "♠♥NT"[table % 3] if table % 3 < 2 else "NT", "",
            "NESW"[(board * table) % 4], ["=", "+1", "-1"][(board + 2 * table) % 3])  # fmt: skip


def test_an_individual_evening_from_phones_to_the_published_results(
    server: str, browser: Browser
) -> None:
    director = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
    errors: list[str] = []
    director.on("pageerror", lambda e: errors.append(str(e)))
    director.goto(f"{server}/live/new")
    director.locator("input[value=individual]").check(force=True)
    director.fill("#players", "12")
    director.fill("#boards_per_round", "1")
    director.fill("#rounds", "4")
    expect(director.locator("#preview-line")).to_have_text(
        "Individual: 3 tables, 12 players, 4 rounds of 1 boards, 4 boards"
    )
    expect(director.locator("#preview-complete")).to_contain_text("Nobody partners anyone twice")
    fields = director.locator("#names input")
    expect(fields).to_have_count(12)
    for number, name in NAMES.items():
        director.get_by_label(f"Player {number}: name").fill(name)
    director.fill("#event", "Individual night")
    shot(director, "individual-new-360")
    director.get_by_role("button", name="Start the evening").click()
    cards = director.locator(".live-card")
    expect(cards).to_have_count(3)
    head = cards.first.locator("table.live-guide tr").first.locator("th")
    expect(head).to_have_text(["Round", "N", "S", "E", "W", "Boards"])
    links = [cards.nth(i).locator("a").first.get_attribute("href") for i in range(3)]
    edit = (director.locator("#director-link").get_attribute("href") or "").split("#")[1]

    movement = individual(12, 1, rounds=4)
    phones = [browser.new_context(viewport={"width": 360, "height": 640}) for _ in range(3)]
    pages = [c.new_page() for c in phones]
    for page, url in zip(pages, links, strict=True):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url or "")

    def named(n: int) -> str:
        return f"{NAMES[n]} ({n})" if n in NAMES else f"Player {n}"

    results = []
    for round_number in range(1, 5):
        for table, page in enumerate(pages, 1):
            seats = next(p for p in movement.plays if (p.round, p.table) == (round_number, table))
            shown = page.locator("#pairs")
            expect(shown).to_contain_text(
                f"North: {named(seats.north)} · South: {named(seats.south)}"
            )
            expect(shown).to_contain_text(
                f"v East: {named(seats.east)} · West: {named(seats.west)}"
            )
            if (round_number, table) == (1, 1):
                shot(page, "individual-table-360")
            board = seats.boards[0]
            call = _plan(board, table)
            tb.enter_board(page, board, call)
            level, strain, _, declarer, outcome = call
            contract = f"{level}{'NT' if strain == 'NT' else 'SHDC'['♠♥♦♣'.index(strain)]}"
            result = Result.parse(f"{contract}{declarer}{outcome}")
            ns, ew = movement.pairs_at(seats)
            results.append(BoardResult(board, ns, ew, result, round=round_number, table=table))
        if round_number == 1:  # where each of table 1's players sits next
            after = pages[0].locator("#next")
            expect(after).to_contain_text("Round 1 is done")
            first = movement.plays[0]
            nxt = next(p for p in movement.plays if p.round == 2 and first.north in p.players)
            seat = ["North", "East", "South", "West"][nxt.players.index(first.north)]
            expect(after).to_contain_text(f"{named(first.north)}: table {nxt.table}, {seat}.")
            shot(pages[0], "individual-round-done-360")
            line = pages[0].locator("#traveller tr.mine td")  # its players by number
            expect(line.nth(0)).to_have_text(f"{first.north}-{first.south}")
            expect(line.nth(1)).to_have_text(f"{first.east}-{first.west}")
    for page in pages:
        expect(page.locator("#next")).to_contain_text("All your boards are in")

    game = links[0].split("/live/")[1].split("/")[0] if links[0] else ""
    closed = httpx.post(f"{server}/api/sessions/{game}/close", json={"closed": True},
                        headers={"Authorization": f"Bearer {edit}"})  # fmt: skip
    assert closed.status_code == 200, closed.text
    director.goto(director.locator("#director-link").get_attribute("href") or "")
    ranking = director.locator("#rankings table.live-ranking")
    expect(ranking.locator("caption")).to_have_text("Players")
    expect(ranking.locator("tr")).to_have_count(13)  # a row a player, under the heading
    # no minimum share nor handicaps for an individual (the core refuses them): not offered
    expect(director.locator("#min-share-form")).to_be_hidden()
    expect(director.locator("#handicap-form")).to_be_hidden()
    shot(director, "individual-director-360")
    section = individual_section(movement, NAMES).with_results(results)
    expected = score_individual(movement, score_section(section), NAMES).rankings
    for size, name in ((tb.PHONE, "360"), (tb.DESKTOP, "desktop")):
        published = browser.new_context(viewport=size).new_page()
        published.goto(f"{server}/session/{game}")
        rows = published.locator("#players-ranking tbody tr")
        expect(rows).to_have_count(12)
        got = [[c.strip() for c in rows.nth(i).locator("td").all_inner_texts()] for i in range(12)]
        assert [(g[0], g[1], g[2], g[4]) for g in got] == [
            (r.place, str(r.pair.number), r.pair.names, f"{r.percent:.2f}") for r in expected
        ]
        assert published.evaluate("document.documentElement.scrollWidth") <= size["width"]
        published.locator("#traveller-A-1 summary").click()  # the partnerships by name
        first = movement.plays[0]
        pair = f"{NAMES.get(first.north, first.north)} & {NAMES.get(first.south, first.south)}"
        expect(published.locator("#traveller-A-1 tbody td").first).to_have_text(pair)
        shot(published, f"individual-results-{name}")
    rows.first.get_by_role("link").click()  # the leader's recap, a board a line
    recap = published.locator("#player-recap tbody tr")
    expect(recap).to_have_count(4)
    shot(published, "individual-recap-desktop")
    assert errors == []
    for c in phones:
        c.close()
