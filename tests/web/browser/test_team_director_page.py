"""A team night's director page (issue 31, items 1 and 2): every round drawn stays on the page
(the earlier ones folded), the conflicts kept from two phones of a room are listed and settled
as on the pairs page, the audit trail, the boards due; a swap that makes a repeat meeting asks
first, and a tied knockout match takes a carry-over or extra boards."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests import browsing as tb
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow

EMAIL = "td@teams.example"
TEAMS = ("Lions", "Tigers", "Bears", "Owls")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with club_serving(tmp_path_factory.mktemp("teams"), EMAIL, "Teams Club") as url:
        yield url


@functools.cache
def _login(server: str) -> dict[str, str]:
    """The director's login, once (the server limits how often one may log in)."""
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    return {"Authorization": f"Bearer {login.json()['token']}"}


def _event(server: str, kind: str, rounds: int | None = 3) -> str:
    body: dict[str, Any] = {"kind": kind, "name": "Tuesday teams", "boards_per_match": 2,
                            "entrants": [{"name": n} for n in TEAMS]}  # fmt: skip
    if rounds:
        body["rounds"] = rounds
    answer = httpx.post(f"{server}/api/events", json=body, headers=_login(server))
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _draw(server: str, event_id: str) -> dict[str, Any]:
    drawn = httpx.post(f"{server}/api/events/{event_id}/rounds", headers=_login(server))
    assert drawn.status_code == 201, drawn.text
    return dict(drawn.json())


def _play(server: str, event_id: str, drawn: dict[str, Any], tricks: int = 10) -> None:
    """Every board of the round at every table, 4S by North (the same in both rooms: level)."""
    for m in drawn["matches"]:
        for t in m["tables"]:
            for board in m["boards"]:
                result = {"round": drawn["round"], "table": t["table"], "board": board,
                          "contract": "4S", "declarer": "N", "tricks": tricks}  # fmt: skip
                answer = httpx.post(f"{server}/api/sessions/{event_id}/results", json=result,
                                    headers={"Authorization": f"Bearer {t['token']}"})  # fmt: skip
                assert answer.status_code == 201, answer.text


def _page(browser: Browser, server: str, event_id: str, size: ViewportSize) -> Page:
    page = tb.new_context(browser, size).new_page()
    page.goto(f"{server}/login")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{server}/event/{event_id}/director")
    return page


def test_earlier_rounds_conflicts_and_the_audit_trail(server: str, browser: Browser) -> None:
    event_id = _event(server, "swiss-teams")
    first = _draw(server, event_id)
    _play(server, event_id, first)
    table = first["matches"][0]["tables"][0]
    again = {"round": 1, "table": table["table"], "board": first["matches"][0]["boards"][0],
             "contract": "4S", "declarer": "N", "tricks": 9}  # fmt: skip
    kept = httpx.post(f"{server}/api/sessions/{event_id}/results", json=again,
                      headers={"Authorization": f"Bearer {table['token']}"})  # fmt: skip
    assert (kept.status_code, kept.json()["conflict"]) == (409, True)
    _draw(server, event_id)
    page = _page(browser, server, event_id, tb.DESKTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    expect(page.locator("#status")).to_have_text("Round 2 of 3")
    expect(page.locator("#round-title")).to_have_text("Round 2")
    earlier = page.locator("#part-earlier")
    expect(earlier).to_be_visible()
    page.locator("#part-earlier > summary").click()
    fold = earlier.locator("details[data-round='1']")
    expect(fold).to_be_visible()
    fold.locator("summary").click()
    expect(fold).to_contain_text("Match 1")
    expect(fold).to_contain_text("2 of 2 boards scored")
    expect(page.locator("#draw-note")).to_contain_text("0 boards missing, 8 to play")
    page.locator("#part-grid > summary").click()  # tables x rounds: round 1 in, round 2 to play
    expect(page.locator("#grid tr").nth(1)).to_have_text("12/20/2")
    expect(page.locator("#grid tr")).to_have_count(5)  # the head and four tables (two matches)
    conflicts = page.locator("#conflicts")
    expect(conflicts).to_contain_text("entered differently")
    expect(conflicts).to_contain_text("Table's entry: 4S by N, 9 tricks")
    tb.shot(page, "team-director-1280")
    conflicts.get_by_role("button", name="Keep the table's entry").click()
    expect(page.locator("#conflicts-status")).to_contain_text("settled")
    expect(page.locator("#part-conflicts")).to_be_hidden()
    page.locator("#part-edit > summary").click()  # the director corrects the closed room's board 2
    edit = page.locator("#edit")
    for name, value in (("round", "1"), ("table", "2"), ("board", "2"), ("contract", "4S"),
                        ("declarer", "N"), ("tricks", "11")):  # fmt: skip
        edit.locator(f"[name={name}]").fill(value)
    edit.get_by_role("button", name="Save").click()
    expect(page.locator("#edit-status")).to_contain_text("board 2: 4S by N, 11 tricks")
    expect(fold.locator(".live-match[data-match='1']")).to_contain_text("IMPs 0\u20131")
    page.locator("#part-audit > summary").click()
    expect(page.locator("#audit")).to_contain_text("4S N 10 → 4S N 9")
    expect(page.locator("#audit")).to_contain_text("4S N 10 → 4S N 11")
    expect(page.locator("#audit li").first).to_contain_text(" · the director · changed · R1 T2")
    expect(page.locator("#status")).not_to_contain_text("Loading")
    assert errors == []
    phone = _page(browser, server, event_id, tb.PHONE)
    expect(phone.locator("#status")).to_have_text("Round 2 of 3")
    expect(phone.locator("#matches")).to_contain_text("Match 2")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    tb.shot(phone, "team-director-360")
    page.context.close()
    phone.context.close()


def test_a_swap_that_makes_a_repeat_meeting_asks_first(server: str, browser: Browser) -> None:
    event_id = _event(server, "swiss-teams")
    _play(server, event_id, _draw(server, event_id))
    second = _draw(server, event_id)
    home, away = (second["matches"][0]["home"], second["matches"][1]["home"])
    page = _page(browser, server, event_id, tb.DESKTOP)
    expect(page.locator("#round-title")).to_have_text("Round 2")
    page.locator("#part-swap > summary").click()
    page.locator("#swap-a").select_option(away)
    page.locator("#swap-b").select_option(second["matches"][0]["away"])
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator("#swap-problem")).to_contain_text("Swap anyway?")
    expect(page.locator("#swap-problem")).to_contain_text("again")
    tb.shot(page, "team-director-swap-1280")
    page.get_by_role("button", name="Swap anyway").click()
    expect(page.locator("#swap-problem")).to_have_text("Swapped.")
    expect(page.locator("#swap-confirm")).to_be_hidden()
    expect(page.locator("#matches")).to_contain_text(f"Match 1: {home} v {away}")
    page.context.close()


def test_a_tied_knockout_match_takes_a_carry_over_or_extra_boards(
    server: str, browser: Browser
) -> None:
    event_id = _event(server, "knockout", rounds=None)
    _play(server, event_id, _draw(server, event_id))  # both rooms alike: every match tied
    page = _page(browser, server, event_id, tb.DESKTOP)
    first, second = (
        page.locator(".live-match[data-match='1']"),
        page.locator(".live-match[data-match='2']"),
    )
    expect(first).to_contain_text("Tied at 0 IMPs: set a carry-over or play extra boards.")
    first.locator("input[name=imps]").fill("0.5")
    first.get_by_role("button", name="Set the carry-over").click()
    expect(page.locator(".live-match[data-match='1']")).not_to_contain_text("Tied at")
    boards = second.locator("input[name=boards]")
    for _ in range(5):  # the event's stream may redraw the card while it is typed in
        boards.fill("2")
        if boards.input_value() == "2":
            break
    tb.shot(page, "team-director-tie-1280")
    second.get_by_role("button", name="Play extra boards").click()
    expect(page.locator(".live-match[data-match='2']")).to_contain_text("of 4 boards scored")
    page.context.close()
