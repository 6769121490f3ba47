"""The table page of a club evening on a phone (360x640) and a laptop (1280x800), in Debian's
Chromium: a player enters each board without scrolling and in few taps (a button is one tap, a
drop-down two), the score shows before saving, the traveller and the next board come after;
a result is fixed from the board chooser; axe-core finds nothing. Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from tests import browsing as tb
from tests.browsing import (
    DESKTOP,
    PHONE,
    axe_violations,
    in_view,
    new_context,
    tap_targets,
)
from tests.conftest import serving

pytestmark = pytest.mark.slow

NAMES = {
    "NS 1": "Ann Archer & Bob Bates",
    "EW 1": "Cy Carter & Di Dunn",
    "NS 2": "Ed Evans & Flo Ford",
    "EW 2": "Gus Gray & Hal Hill",
    "NS 3": "Ida Irwin & Jo Jones",
    "EW 3": "Kay Kemp & Lou Lane",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-table") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def evening(server: str, boards_per_round: int = 3) -> dict[str, Any]:
    """A new three-table Mitchell with the pairs' names: its id, links and tokens."""
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": boards_per_round}
    body = {"event": "Club night", "movement": movement, "names": NAMES}
    created: dict[str, Any] = httpx.post(f"{server}/api/sessions", json=body).json()
    return created


def stored(server: str, created: dict[str, Any]) -> list[dict[str, Any]]:
    """The evening's results as the director reads them."""
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    url = f"{server}/api/sessions/{created['id']}"
    results: list[dict[str, Any]] = httpx.get(url, headers=director).json()["results"]
    return results


def open_table(context: BrowserContext, server: str, created: dict[str, Any], table: int) -> Page:
    page = context.new_page()
    page.goto(server + created["tables"][table - 1]["url"])
    expect(page.locator("#entry-title")).to_contain_text("Board")
    return page


COVERED = """e => { const r = e.getBoundingClientRect();
  return !e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""


class Player:
    """A player's taps on the table page: each control must be on the first screen, and tapping
    it must not scroll the page. ``needed`` is the most scrolling any control needed."""

    def __init__(self, page: Page, size: ViewportSize) -> None:
        self.page = page
        self.size = size
        self.taps = 0
        self.needed = 0.0
        self.scrolled = 0.0

    def tap(self, control: Locator) -> None:
        box = control.bounding_box()
        assert box is not None
        self.needed = max(self.needed, box["y"] + box["height"] - self.size["height"], -box["y"])
        if control.evaluate(COVERED):  # under the bar that stays at the bottom: scrolled to
            self.needed = max(self.needed, 1)
        control.click()
        self.taps += 1
        self.scrolled = max(self.scrolled, float(self.page.evaluate("window.scrollY")))

    def button(self, row: str, label: str) -> None:
        self.tap(self.page.locator(f"#{row}").get_by_role("button", name=label, exact=True))


# Table 1 plays boards 1-3 in round 1, then 4-6: round 1, then the first board of round 2 (under
# "Round 1 is done"). Each: the board, whether the player chooses it (else the page offers it),
# level, strain, double, declarer, outcome, the score shown.
PLAN = [
    (1, False, "4", "♠", "", "N", "=", "NS +420"),
    (3, True, "3", "NT", "", "E", "+1", "EW +630"),  # out of order: one tap more; EW vulnerable
    (2, False, "2", "♥", "X", "S", "-1", "EW +200"),  # NS vulnerable
    (4, False, "1", "♣", "", "W", "+2", "EW +110"),
]


def enter(player: Player, board: int | None, plan: tuple[str, ...]) -> None:
    """One board the way a player enters it: choose it if needed, the contract, the result;
    read the score on the screen; the other side confirms."""
    page = player.page
    level, strain, double, declarer, outcome, score = plan
    if board is not None:
        player.tap(page.locator("#boards").get_by_role("button", name=f"Board {board}"))
    player.button("levels", level)
    player.button("strains", strain)
    if double:
        player.button("doubles", double)
    player.button("declarers", declarer)
    player.button("tricks", outcome)
    expect(page.locator("#score")).to_have_text(score)
    assert in_view(page.locator("#score"), player.size)  # seen before saving
    player.tap(page.locator("#confirm"))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
def test_a_board_is_entered_without_scrolling_in_few_taps(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    created = evening(server)
    context = new_context(browser, size)
    page = open_table(context, server, created, 1)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    expect(page.locator("#where")).to_have_text("Table 1 · Round 1 of 3")
    expect(page.locator("#pairs")).to_contain_text("Ann Archer & Bob Bates")
    expect(page.locator("header.site a")).to_have_count(0)  # no site menu to wander off by
    tb.shot(page, f"live-table-empty-{size['width']}")
    per_board = []
    for number, choose, *plan in PLAN:
        player = Player(page, size)
        if number == 4:  # the first board of round 2: the movement's news stays on the screen
            expect(page.locator("#next")).to_contain_text("Round 1 is done")
            assert in_view(page.locator("#next"), size)
        if not choose:
            expect(page.locator("#entry-title")).to_contain_text(f"Board {number} ")
        enter(player, number if choose else None, tuple(plan))
        expect(page.locator("#traveller")).to_contain_text(f"Board {number} so far")
        expect(page.locator("#traveller tr.mine")).to_have_count(1)
        per_board.append({"board": number, "taps": player.taps, "needed": player.needed,
                          "scrollY": player.scrolled})  # fmt: skip
        if number == 2:  # the round is over: where to go is on the screen, the traveller below
            expect(page.locator("#next")).to_contain_text("Round 1 is done")
            assert in_view(page.locator("#next"), size)
            tb.shot(page, f"live-table-round-done-{size['width']}")
        assert in_view(page.locator("#entry-title"), size)  # the next board at once, no tap
        assert in_view(page.locator("#levels"), size)
        assert page.evaluate("window.scrollY") == 0, per_board
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    tb.shot(page, f"live-table-saved-{size['width']}")
    print(f"\nlive table {size['width']}x{size['height']}: {json.dumps(per_board)}")
    assert [b["taps"] for b in per_board] == [5, 6, 6, 5]  # 5: level, strain, by, tricks, confirm
    assert all(b["needed"] <= 0 and b["scrollY"] == 0 for b in per_board), per_board
    assert errors == []
    context.close()


def test_the_score_shows_before_saving_and_passed_out_is_two_taps(
    browser: Browser, server: str
) -> None:
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE)
    page = open_table(context, server, created, 2)
    player = Player(page, PHONE)
    expect(page.locator("#score")).to_contain_text("Choose")
    player.button("levels", "4")
    player.button("strains", "♥")
    player.button("declarers", "S")
    player.button("tricks", "-2")
    expect(page.locator("#score")).to_have_text("EW +100")
    expect(page.locator("#confirm")).to_contain_text("4♥ by S, 8 tricks")
    tb.shot(page, f"live-table-preview-{PHONE['width']}")
    passed = Player(page, PHONE)
    passed.button("passes", "Pass")  # a change of mind: the board was passed out
    expect(page.locator("#score")).to_have_text("NS 0")
    expect(page.locator("#declarers")).to_be_hidden()
    passed.tap(page.locator("#confirm"))
    assert passed.taps == 2
    expect(page.locator("#status")).to_contain_text("saved")
    expect(page.locator("#traveller")).to_contain_text("Passed out")
    assert (player.needed, player.scrolled) == (0, 0)  # nothing needed scrolling, nothing did
    assert (passed.needed, passed.scrolled) == (0, 0)
    context.close()


@pytest.mark.parametrize("table", ["served", "missing"])
def test_the_score_comes_from_the_score_table_or_else_the_server(
    browser: Browser, server: str, table: str
) -> None:
    """With the score table loaded the score shows without asking the server (and offline);
    without it, the server scores it, and offline the page says it will when online."""
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE, routed=True)
    asked: list[str] = []
    context.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/score") else None)
    if table == "missing":
        context.route("**/scores.json*", lambda route: route.abort())
    page = open_table(context, server, created, 2)
    page.wait_for_load_state("networkidle")
    player = Player(page, PHONE)
    for row, label in [("levels", "4"), ("strains", "♥"), ("declarers", "S")]:
        player.button(row, label)
    for outcome, score in [("-2", "EW +100"), ("=", "NS +420")]:  # board 3: NS not vulnerable
        player.button("tricks", outcome)
        expect(page.locator("#score")).to_have_text(score)
    assert len(asked) == (0 if table == "served" else 2)
    context.set_offline(True)
    player.button("tricks", "+1")
    expect(page.locator("#score")).to_have_text(
        "NS +450" if table == "served" else "Score when online"
    )
    context.close()


def test_a_result_is_fixed_from_the_board_chooser(browser: Browser, server: str) -> None:
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE)
    page = open_table(context, server, created, 3)
    player = Player(page, PHONE)
    enter(player, None, ("3", "NT", "", "N", "=", "NS +600"))
    chip = page.locator("#boards").get_by_role("button", name="Board 5")
    expect(chip).to_contain_text("3NT N =")
    player.tap(chip)
    expect(page.locator("#entry-title")).to_contain_text("Fix board 5")
    for row, label in [("levels", "3"), ("strains", "NT"), ("declarers", "N"), ("tricks", "=")]:
        button = page.locator(f"#{row}").get_by_role("button", name=label, exact=True)
        expect(button).to_have_attribute("aria-pressed", "true")  # the stored result, to change
    player.button("tricks", "+1")
    expect(page.locator("#score")).to_have_text("NS +630")
    player.tap(page.locator("#confirm"))
    expect(page.locator("#status")).to_contain_text("Board 5 changed")
    expect(chip).to_contain_text("3NT N +1")
    expect(page.locator("#entry-title")).to_contain_text("Board 6 ")
    assert (player.needed, player.scrolled) == (0, 0)  # nothing needed scrolling, nothing did
    results = stored(server, created)
    assert [(r["board"], r["contract"], r["tricks"]) for r in results] == [(5, "3NT", 10)]
    context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
def test_offline_boards_are_kept_shown_and_sent_later_without_scrolling(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    created = evening(server, boards_per_round=2)
    context = new_context(browser, size)
    page = open_table(context, server, created, 2)  # boards 3 and 4, the first to play
    player = Player(page, size)
    page.wait_for_load_state("networkidle")  # the score table is in
    context.set_offline(True)
    # the score before saving comes from the score table: board 3 EW vulnerable, 4 both
    offline = [("3", "NT", "S", "=", "NS +400"), ("2", "♠", "E", "-1", "NS +100")]
    for level, strain, declarer, outcome, score in offline:
        player.button("levels", level)
        player.button("strains", strain)
        player.button("declarers", declarer)
        player.button("tricks", outcome)
        expect(page.locator("#score")).to_have_text(score)
        player.tap(page.locator("#confirm"))
        expect(page.locator("#status")).to_contain_text("kept on this phone")
        if level == "3":
            expect(page.locator("#boards")).to_contain_text("sending…")
            tb.shot(page, f"live-table-offline-{size['width']}")
    expect(page.locator("#next")).to_contain_text("Round 1 is done")  # the round ends offline
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#status")).to_contain_text("Board 4 saved")
    assert (player.needed, player.scrolled) == (0, 0)  # nothing needed scrolling, nothing did
    results = stored(server, created)
    assert [(r["board"], r["contract"], r["tricks"]) for r in results] == [
        (3, "3NT", 9),
        (4, "2S", 7),
    ]
    context.close()


def test_two_phones_at_one_table_keep_one_result(browser: Browser, server: str) -> None:
    """Both pairs open the table's link; both enter board 1: the first is stored, the second
    phone is told what was entered (the 409's stored result) and shows it, and nothing is
    lost or doubled."""
    created = evening(server)
    phones = [new_context(browser, PHONE) for _ in range(2)]
    pages = [open_table(context, server, created, 1) for context in phones]
    first, second = (Player(page, PHONE) for page in pages)
    for row, label in [("levels", "3"), ("strains", "NT")]:  # the second starts board 1 too
        second.button(row, label)
    enter(first, None, PLAN[0][2:])  # 4♠ by N, made
    expect(pages[1].locator("#boards")).to_contain_text("4♠ N =")  # heard, the entry kept
    expect(pages[1].locator("#entry-title")).to_contain_text("Board 1 ")
    for row, label in [("declarers", "S"), ("tricks", "=")]:
        second.button(row, label)
    second.tap(pages[1].locator("#confirm"))
    expect(pages[1].locator("#status")).to_contain_text(
        "Board 1 was entered already at this table: 4S by N, 10 tricks. Your entry has been sent "
        "to the director."
    )
    expect(pages[1].locator("#traveller")).to_contain_text("4♠N=")
    assert [(r["board"], r["contract"]) for r in stored(server, created)] == [(1, "4S")]
    # the second entry is not lost: the director has it as a conflict
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    session = httpx.get(f"{server}/api/sessions/{created['id']}", headers=director).json()
    assert [(c["board"], c["entry"]["contract"]) for c in session["conflicts"]] == [(1, "3NT")]
    for context in phones:
        context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x640", "1280x800"])
def test_axe_finds_nothing_on_the_table_page(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    created = evening(server, boards_per_round=2)
    context = new_context(browser, size, axe=True)  # axe is injected as an inline script
    page = open_table(context, server, created, 1)
    player = Player(page, size)

    def check(name: str) -> tuple[list[Any], list[str]]:
        tb.shot(page, f"axe-live-table-{name}-{size['width']}")
        return axe_violations(page), tap_targets(page, "#live-table button")

    found = {"empty": check("empty")}
    player.button("levels", "5")
    player.button("strains", "♦")
    player.button("doubles", "X")
    player.button("declarers", "W")
    player.button("tricks", "-3")
    player.tap(page.locator("#lead-toggle"))
    player.button("lead-suits", "♠")
    player.button("lead-ranks", "K")
    expect(page.locator("#score")).to_have_text("NS +500")
    found["chosen"] = check("chosen")
    player.tap(page.locator("#confirm"))
    expect(page.locator("#traveller tr.mine")).to_have_count(1)
    found["saved"] = check("saved")
    player.tap(page.locator("#boards").get_by_role("button", name="Board 1"))
    expect(page.locator("#entry-title")).to_contain_text("Fix board 1")
    found["fix"] = check("fix")
    player.tap(page.locator("#cancel"))
    enter(player, None, ("1", "NT", "", "N", "=", "NS +90"))
    expect(page.locator("#next")).to_contain_text("Round 1 is done")
    found["round-done"] = check("round-done")
    assert found == {key: ([], []) for key in found}
    context.close()


def director_post(server: str, created: dict[str, Any], path: str, body: dict[str, Any]) -> Any:
    """The director's call to the API (the director's page does the same)."""
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    return httpx.post(f"{server}/api/sessions/{created['id']}{path}", json=body, headers=headers)


def test_the_table_page_follows_the_directors_changes(browser: Browser, server: str) -> None:
    """Defects 1 and 2 of issue 18: the director's average and edit reach the table's phone
    without a reload, and a board the director has scored is told in words, never "null"."""
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE)
    page = open_table(context, server, created, 1)
    player = Player(page, PHONE)
    enter(player, None, ("4", "♠", "", "N", "=", "NS +420"))  # board 1
    chip = page.locator("#boards").get_by_role("button", name="Board 1")
    expect(chip).to_contain_text("4♠ N =")
    first = stored(server, created)[0]
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    fixed = {k: first[k] for k in ("round", "table", "board", "contract", "declarer")}
    httpx.put(f"{server}/api/sessions/{created['id']}/results/{first['id']}",
              json={**fixed, "tricks": 9}, headers=headers)  # fmt: skip
    expect(chip).to_contain_text("4♠ N -1")  # no reload: the page heard the change
    assert director_post(server, created, "/results", {
        "round": 1, "table": 1, "board": 2, "artificial": "A+/A-"}).status_code == 201  # fmt: skip
    expect(page.locator("#boards")).to_contain_text("A+/A-")
    tb.shot(page, f"live-table-followed-{PHONE['width']}")
    # a phone that did not hear it (its events cut) is told what the board holds, in words
    other = new_context(browser, PHONE, routed=True)
    other.route("**/events", lambda route: route.abort())
    late = open_table(other, server, created, 2)
    assert director_post(server, created, "/results", {
        "round": 1, "table": 2, "board": 3, "artificial": "A/A"}).status_code == 201  # fmt: skip
    enter(Player(late, PHONE), None, ("3", "NT", "", "S", "=", "NS +400"))
    expect(late.locator("#status")).to_contain_text("an artificial score A.")
    expect(late.locator("#status")).not_to_contain_text("null")
    context.close()
    other.close()


def test_the_last_board_of_a_round_is_fixed_until_the_next_round_starts(
    browser: Browser, server: str
) -> None:
    """Defect 3: after confirming a round's last board, its chip stays to fix it (the next
    round's buttons come beside it, not instead), until a board of the next round is in."""
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE)
    page = open_table(context, server, created, 1)
    player = Player(page, PHONE)
    enter(player, None, ("4", "♠", "", "N", "=", "NS +420"))  # board 1
    enter(player, None, ("2", "♥", "", "S", "=", "NS +110"))  # board 2: round 1 is done
    expect(page.locator("#where")).to_contain_text("Round 2")
    last = page.locator("#boards").get_by_role("button", name="Board 2")
    expect(last).to_contain_text("2♥ S =")
    player.tap(last)
    expect(page.locator("#entry-title")).to_contain_text("Fix board 2")
    player.button("tricks", "+1")
    player.tap(page.locator("#confirm"))
    expect(page.locator("#status")).to_contain_text("Board 2 changed")
    assert [r["tricks"] for r in stored(server, created) if r["board"] == 2] == [9]
    enter(player, None, ("1", "♣", "", "W", "=", "EW +70"))  # the first of round 2
    expect(page.locator("#boards").get_by_role("button", name="Board 2")).to_have_count(0)
    context.close()


def test_an_entry_refused_after_closing_is_kept_and_sent_to_the_director(
    browser: Browser, server: str
) -> None:
    """Defect 5: the entry stays on the phone with the reason, one tap sends it to the
    director as a correction request."""
    created = evening(server, boards_per_round=2)
    context = new_context(browser, PHONE)
    page = open_table(context, server, created, 3)
    assert director_post(server, created, "/close", {"closed": True}).status_code == 200
    player = Player(page, PHONE)
    enter(player, None, ("3", "NT", "", "N", "=", "NS +600"))
    refused = page.locator("#refused")
    expect(refused).to_contain_text("the session is closed")
    expect(refused).to_contain_text("3NT by N, 9 tricks")
    tb.shot(page, f"live-table-refused-{PHONE['width']}")
    player.tap(refused.get_by_role("button", name="Send to the director"))
    expect(page.locator("#status")).to_contain_text("sent to the director")
    expect(refused).to_be_hidden()
    headers = {"Authorization": f"Bearer {created['edit_token']}"}
    session = httpx.get(f"{server}/api/sessions/{created['id']}", headers=headers).json()
    assert [(c["reason"], c["entry"]["contract"]) for c in session["conflicts"]] == [
        ("closed", "3NT")
    ]
    context.close()
