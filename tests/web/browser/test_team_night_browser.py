"""A teams night in a real browser: the director draws the round on a laptop, four phones
(360x640) open the four tables' links of two matches and enter their boards, and the
director's page shows each board's IMPs once both rooms are in, the running match scores and
the standings, live; the screen and the table page pass axe-core (screenshots kept when
BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from bridgescore import usebio
from tests.browsing import DESKTOP, PHONE, axe_violations, new_context, shot, tap_targets
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@teams.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with one club and its director."""
    with club_serving(tmp_path_factory.mktemp("teams"), EMAIL, "Teams Club") as url:
        yield url


def enter(phone: Page, board: int, level: str, strain: str, result: str, verb: str = "") -> None:
    """Enter a board by its buttons, North declaring (``verb`` "Change": change it)."""
    expect(phone.locator("#entry-title")).to_have_text(f"{verb} board {board}".strip().capitalize())
    phone.locator("#levels").get_by_role("button", name=level, exact=True).click()
    phone.locator("#strains").get_by_role("button", name=strain, exact=True).click()
    phone.locator("#declarers").get_by_role("button", name="N", exact=True).click()
    phone.locator("#tricks").get_by_role("button", name=result, exact=True).click()
    phone.get_by_role("button", name=f"{verb or 'Save'} board {board}").click()
    said = "changed" if verb else "saved"
    expect(phone.locator("#status")).to_have_text(re.compile(rf"^Board {board} {said}\b"))


def test_a_two_match_teams_night_from_four_phones(browser: Browser, server: str) -> None:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    headers = {"Authorization": f"Bearer {login.json()['token']}"}
    body = {"kind": "swiss-teams", "name": "Tuesday teams", "rounds": 3, "boards_per_match": 2,
            "entrants": [{"name": n} for n in ("Lions", "Tigers", "Bears", "Owls")]}  # fmt: skip
    event_id = httpx.post(f"{server}/api/events", json=body, headers=headers).json()["id"]

    laptop = new_context(browser, DESKTOP).new_page()
    laptop.goto(f"{server}/login")
    laptop.get_by_label("Email").fill(EMAIL)
    laptop.get_by_label("Password").fill(PASSWORD)
    laptop.get_by_role("button", name="Log in").click()
    laptop.goto(f"{server}/event/{event_id}/director")
    laptop.get_by_role("button", name="Draw round 1").click()
    expect(laptop.locator(".live-match")).to_have_count(2)
    expect(laptop.locator("#seats")).to_contain_text("Lions: match 1 v Tigers, NS in the open room")
    laptop.locator("#part-cards summary").click()
    expect(laptop.locator(".live-card")).to_have_count(4)
    links = [a.get_attribute("href") or "" for a in laptop.locator(".live-card a").all()]
    titles = laptop.locator(".live-card h2").all_inner_texts()
    assert titles == [f"Tuesday teams · Match {m} · {r} room" for m in (1, 2)
                      for r in ("Open", "Closed")]  # fmt: skip
    expect(laptop.locator(".live-card").first).to_contain_text("Lions")
    shot(laptop, "team-director-drawn")

    phones: list[Page] = []
    for link in links:
        phone = new_context(browser, PHONE, axe=not phones).new_page()
        phone.goto(link)
        phones.append(phone)
    open1, closed1, open2, closed2 = phones
    expect(open1.locator("#where")).to_have_text("Tuesday teams · Round 1 · Match 1 · Open room")
    expect(open1.locator("#teams")).to_have_text("NS: Lions · EW: Tigers")
    expect(closed1.locator("#teams")).to_have_text("NS: Tigers · EW: Lions")
    shot(open1, "team-table-phone")
    assert tap_targets(open1) == []
    assert axe_violations(open1) == []

    # match 1, board 1: 4S made in the open room (Lions NS +420), one down in the closed
    # room (Tigers NS -50): Lions +470, 10 IMPs. Board 2 flat.
    enter(open1, 1, "4", "♠", "=")
    match1 = laptop.locator('.live-match[data-match="1"]')
    expect(match1.locator("tr").nth(1)).to_contain_text("in")  # its result unseen: one room
    assert "4♠" not in (match1.locator("tr").nth(1).inner_text())
    enter(closed1, 1, "4", "♠", "-1")
    expect(match1.locator("tr").nth(1)).to_contain_text("10 Lions")
    expect(match1).to_contain_text("IMPs 10\u20130")
    expect(open1.locator("#match-title")).to_contain_text("Lions 10 \u2013 0 Tigers")
    # a slip: 3NT one down in the open room, changed before the closed room enters board 2
    enter(open1, 2, "3", "NT", "-1")
    open1.locator("#boards").get_by_role("button", name=re.compile("Board 2")).click()
    enter(open1, 2, "3", "NT", "=", "Change")
    expect(open1.locator("#boards")).to_contain_text("3NT N =")
    enter(closed1, 2, "3", "NT", "=")
    expect(match1).to_contain_text("2 of 2 boards scored")
    # match 2: Bears (home) lose board 1 by 7 IMPs (2NT= for Bears NS in the open room, 3NT=
    # for Owls NS in the closed room: 120 against 400, 280 = 7 IMPs), board 2 flat
    enter(open2, 1, "2", "NT", "=")
    enter(closed2, 1, "3", "NT", "=")
    for phone in (open2, closed2):
        enter(phone, 2, "1", "♣", "+1")
    match2 = laptop.locator('.live-match[data-match="2"]')
    expect(match2).to_contain_text("IMPs 0\u20137")
    standings = laptop.locator("#standings")
    expect(standings.locator("tr").nth(1)).to_contain_text("Lions")
    expect(standings.locator("tr").nth(1)).to_contain_text("16.46")  # WBF, 10 IMPs in 2 boards
    expect(standings.locator("tr").nth(2)).to_contain_text("Owls")
    expect(standings.locator("tr").nth(2)).to_contain_text("14.96")
    expect(open2.locator("#done")).to_contain_text("All your boards of round 1 are in")
    shot(laptop, "team-director-scored")
    shot(closed2, "team-table-done")
    with laptop.expect_download() as got:  # the results for the national body, one tap
        laptop.get_by_role("link", name="Download the results (USEBIO)").click()
    found = usebio.read_event(Path(got.value.path()).read_bytes())
    assert found.event.kind == "swiss-teams"
    assert [line.entrant for line in found.ranking][:2] == ["Lions", "Owls"]

    screen = new_context(browser, DESKTOP, axe=True).new_page()
    screen.goto(f"{server}/event/{event_id}")
    expect(screen.locator("#standings tr").nth(1)).to_contain_text("Lions")
    expect(screen.locator("#draw")).to_have_count(0)
    assert axe_violations(screen) == []
    shot(screen, "team-screen")

    laptop.get_by_role("button", name="Draw round 2").click()
    expect(laptop.locator("#round-title")).to_have_text("Round 2")
    expect(open1.locator("#where")).to_contain_text("Round 2 · Match 1")  # the same phone
