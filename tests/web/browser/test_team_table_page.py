"""A team night's table page on a phone (360x640) in Debian's Chromium, as a pairs evening's is
(one table-page module, static/table_page.js): a board in five taps without scrolling; a board
entered offline is kept, shown waiting and reaches the server once when the network returns;
two phones of one table entering different results keep one and give the director the
other as a conflict; every refusal is a sentence (never "undefined"). Screenshots go to
$BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route, expect

from tests import browsing as tb
from tests.browsing import PHONE, in_view, new_context
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@team-tables.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("team-tables"), EMAIL, "Teams Club") as url:
        yield url


class Night:
    """A Swiss teams night of four teams with round 1 drawn: the director's login and each
    table's link (match 1: table 1, the open room, and table 2, the closed room)."""

    def __init__(self, server: str) -> None:
        self.server = server
        login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
        self.login = {"Authorization": f"Bearer {login.json()['token']}"}
        teams = [{"name": n} for n in ("Lions", "Tigers", "Bears", "Owls")]
        body = {"kind": "swiss-teams", "name": "Teams", "rounds": 3, "boards_per_match": 2,
                "entrants": teams}  # fmt: skip
        self.id = httpx.post(f"{server}/api/events", json=body, headers=self.login).json()["id"]
        drawn = httpx.post(f"{server}/api/events/{self.id}/rounds", headers=self.login).json()
        self.links = {t["table"]: server + t["url"] for m in drawn["matches"] for t in m["tables"]}

    def read(self) -> dict[str, Any]:
        """The night as the director reads it: every result, the open conflicts."""
        url = f"{self.server}/api/sessions/{self.id}"
        night: dict[str, Any] = httpx.get(url, headers=self.login).json()
        return night

    def open(self, context: BrowserContext, table: int) -> Page:
        page = context.new_page()
        page.goto(self.links[table])
        expect(page.locator("#entry-title")).to_have_text("Board 1")
        return page


def tap(page: Page, row: str, label: str) -> None:
    page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()


def choose(page: Page, level: str, strain: str, declarer: str, result: str) -> int:
    """A board's contract and result by its buttons: the taps it took."""
    for row, label in [("levels", level), ("strains", strain), ("declarers", declarer),
                       ("tricks", result)]:  # fmt: skip
        tap(page, row, label)
    return 4


def test_a_board_takes_five_taps_on_the_first_screen(browser: Browser, server: str) -> None:
    """As many taps as on a pairs evening's table (level, strain, declarer, result, save), each
    on the first screen of a 360x640 phone, the score shown before saving."""
    night = Night(server)
    context = new_context(browser, PHONE)
    page = night.open(context, 1)
    expect(page.locator("#where")).to_have_text("Teams · Round 1 · Match 1 · Open room")
    expect(page.locator("#teams")).to_have_text("NS: Lions · EW: Tigers")
    expect(page.locator("header.site a")).to_have_count(0)  # no site menu to wander off by
    tb.shot(page, "team-table-empty-360")
    taps = choose(page, "4", "♠", "N", "=")
    expect(page.locator("#score")).to_have_text("NS +420")
    for control in ["#levels button >> nth=0", "#tricks button >> nth=-1", "#score", "#confirm"]:
        assert in_view(page.locator(control), PHONE), control
    tb.shot(page, "team-table-chosen-360")
    page.get_by_role("button", name="Save board 1").click()
    taps += 1
    expect(page.locator("#entry-title")).to_have_text("Board 2")  # the next board at once
    expect(page.locator("#boards")).to_contain_text("4♠ N =")
    assert page.evaluate("window.scrollY") == 0
    assert taps == 5
    tb.shot(page, "team-table-saved-360")
    context.close()


def test_a_board_entered_offline_waits_and_reaches_the_server_once(
    browser: Browser, server: str
) -> None:
    night = Night(server)
    context = new_context(browser, PHONE)
    posted: list[int] = []  # the answers to the table's POSTs that reached the server

    def answered(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/results"):
            response = request.response()
            posted.append(0 if response is None else response.status)

    context.on("requestfinished", answered)
    page = night.open(context, 2)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    with page.expect_response(lambda r: "/scores.json" in r.url) as table:
        page.reload()  # now under the service worker, which keeps the page to open it offline
    table.value.finished()  # the score table: the score before saving, offline too
    expect(page.locator("#entry-title")).to_have_text("Board 1")
    context.set_offline(True)
    choose(page, "3", "NT", "S", "+1")
    expect(page.locator("#score")).to_have_text("NS +430")  # board 1: nobody vulnerable
    page.get_by_role("button", name="Save board 1").click()
    expect(page.locator("#status")).to_have_text(
        "Offline: 1 result(s) kept on this phone, sent when the connection returns."
    )
    chip = page.locator("#boards .live-chip").first
    expect(chip).to_have_text("Board 1sending…")  # shown waiting
    expect(page.locator("#entry-title")).to_have_text("Board 2")
    tb.shot(page, "team-table-offline-360")
    kept = page.evaluate(f"localStorage.getItem('bs_team_queue_{night.id}')")
    assert [(e["board"], e["contract"], e["tricks"]) for e in json.loads(kept)] == [(1, "3NT", 10)]
    page.reload()  # kept on the phone, not in the page: a reload offline loses nothing
    expect(page.locator("#boards .live-chip").first).to_have_text("Board 1sending…")
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#status")).to_have_text("Board 1 saved: NS +430.")
    expect(chip).to_contain_text("Board 13NT S +1")
    assert page.evaluate(f"localStorage.getItem('bs_team_queue_{night.id}')") == "[]"
    page.evaluate("window.dispatchEvent(new Event('online'))")  # again: nothing more is sent
    expect(page.locator("#match-boards")).to_contain_text("in")
    stored = night.read()
    assert [(r["table"], r["board"], r["result"]) for r in stored["results"]] == [(2, 1, "3NTS+1")]
    assert stored["conflicts"] == []
    assert posted == [201]
    context.close()


def test_two_phones_of_one_table_keep_one_result_and_the_director_the_other(
    browser: Browser, server: str
) -> None:
    night = Night(server)
    contexts = [new_context(browser, PHONE) for _ in range(2)]
    first, second = (night.open(context, 1) for context in contexts)
    tap(second, "levels", "3")  # the second phone starts board 1 too
    tap(second, "strains", "NT")
    choose(first, "4", "♠", "N", "=")
    first.get_by_role("button", name="Save board 1").click()
    expect(second.locator("#boards")).to_contain_text("4♠ N =")  # heard; its entry kept open
    expect(second.locator("#entry-title")).to_have_text("Board 1")
    tap(second, "declarers", "N")
    tap(second, "tricks", "=")
    second.get_by_role("button", name="Save board 1").click()
    expect(second.locator("#status")).to_have_text(
        "Board 1 was entered already at this table: 4S by N, 10 tricks. Your entry has been sent "
        "to the director."
    )
    tb.shot(second, "team-table-conflict-360")
    stored = night.read()
    assert [(r["board"], r["result"]) for r in stored["results"]] == [(1, "4SN=")]
    assert [(c["table"], c["board"], c["entry"]["contract"]) for c in stored["conflicts"]] == [
        (1, 1, "3NT")
    ]
    for context in contexts:
        context.close()


# Refusals as a server or a proxy may give them: the status, the body, and the sentence shown.
REFUSALS = [
    (422, {"detail": [{"loc": ["body", "tricks"], "msg": "Input should be at most 13",
                       "type": "less_than_equal"}]}, "tricks: Input should be at most 13"),
    (422, {"detail": [{"loc": ["body", "board"], "msg": "board 9 is not this table's",
                       "type": "session"}, {"msg": "and another"}]},
     "board 9 is not this table's; and another"),
    (403, {"detail": {"unexpected": ["shape"]}}, "this table may not do that"),
    (401, None, "this phone's table link was not accepted: scan the QR code on your table card "
                "again"),
    (404, "<html><body>Not Found</body></html>", "the night was not found: scan the QR code on "
                                                 "your table card again"),
    (418, {"detail": None}, "the server refused it (418)"),
]  # fmt: skip


def test_a_refusal_is_always_a_sentence(browser: Browser, server: str) -> None:
    """Whatever a refused entry's answer holds (FastAPI's list of problems, an object, nothing,
    a proxy's page), the phone says it in words: never "undefined" or "[object Object]"; a
    busy server's entry stays on the phone and is sent again."""
    night = Night(server)
    context = new_context(browser, PHONE, routed=True)
    answers: list[tuple[int, Any]] = []

    def refuse(route: Route) -> None:
        if route.request.method != "POST" or not answers:
            route.fallback()
            return
        status, body = answers.pop(0)
        text = body if isinstance(body, str) else ("" if body is None else json.dumps(body))
        kind = "text/html" if isinstance(body, str) else "application/json"
        route.fulfill(status=status, body=text, content_type=kind)

    context.route("**/api/sessions/*/results", refuse)
    page = night.open(context, 1)
    for n, (status, body, sentence) in enumerate(REFUSALS, start=1):
        answers.append((status, body))
        page.locator("#boards").get_by_role("button", name="Board 1").click()  # refused: open
        choose(page, "4", "♠", "N", "=")
        page.get_by_role("button", name="Save board 1").click()
        expect(page.locator("#status")).to_have_text(f"Board 1 was not saved: {sentence}")
        expect(page.locator("#refused p")).to_have_count(n)
        expect(page.locator("#refused p").last).to_have_text(
            f"Board 1 (round 1): 4♠ by N, 10 tricks. {sentence}"
        )
    tb.shot(page, "team-table-refused-360")
    answers.append((503, "<html>Service Unavailable</html>"))  # busy: kept, sent again
    page.locator("#boards").get_by_role("button", name="Board 1").click()
    choose(page, "4", "♠", "N", "=")
    page.get_by_role("button", name="Save board 1").click()
    expect(page.locator("#status")).to_have_text(
        "Board 1 is kept on this phone: the server is busy; try again in a moment; sent again soon."
    )
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#status")).to_have_text("Board 1 saved: NS +420.")
    said = page.locator("#live-table, #team-table").inner_text()
    assert "undefined" not in said
    assert "[object Object]" not in said
    assert [(r["board"], r["result"]) for r in night.read()["results"]] == [(1, "4SN=")]
    context.close()


def test_a_link_with_a_wrong_token_says_why(browser: Browser, server: str) -> None:
    night = Night(server)
    context = new_context(browser, PHONE)
    page = context.new_page()
    wrong = re.sub(r"#.*", "#not-a-token", night.links[1])
    said = httpx.get(f"{server}/api/sessions/{night.id}/whoami",
                     headers={"Authorization": "Bearer not-a-token"})  # fmt: skip
    assert said.status_code == 403
    page.goto(wrong)
    expect(page.locator("#status")).to_have_text(said.json()["detail"])
    expect(page.locator("#entry")).to_be_hidden()
    context.close()
