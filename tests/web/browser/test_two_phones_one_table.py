"""Two phones at one table (360x640, Debian's Chromium), on a pairs evening and a team night:
a phone never moves its screen under its player when the other phone saves the board shown;
it says so, keeps what was typed, and moves on only when its own player saves or taps "Next
board" (issue 31). Screenshots go to $BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests import browsing as tb
from tests.browsing import DESKTOP, PHONE, new_context
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow

EMAIL = "td@two-phones.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with club_serving(tmp_path_factory.mktemp("two-phones"), EMAIL, "Two Phones") as url:
        yield url


def director(server: str) -> dict[str, str]:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    return {"Authorization": f"Bearer {login.json()['token']}"}


def pairs_link(server: str) -> str:
    """Table 1's link of a new three-table Mitchell, three boards a round (boards 1-3)."""
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 3}
    body = {"event": "Club", "movement": movement}
    created = httpx.post(f"{server}/api/sessions", json=body, headers=director(server))
    return server + str(created.json()["tables"][0]["url"])


def teams_link(server: str) -> str:
    """Table 1's link (match 1's open room) of a new Swiss of four teams, round 1 drawn."""
    header = director(server)
    body = {"kind": "swiss-teams", "name": "Teams", "rounds": 3, "boards_per_match": 2,
            "entrants": [{"name": n} for n in ("Lions", "Tigers", "Bears", "Owls")]}  # fmt: skip
    event_id = httpx.post(f"{server}/api/events", json=body, headers=header).json()["id"]
    drawn = httpx.post(f"{server}/api/events/{event_id}/rounds", headers=header).json()
    return server + str(drawn["matches"][0]["tables"][0]["url"])


def tap(page: Page, row: str, label: str) -> None:
    page.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()


def pressed(page: Page, row: str, label: str) -> None:
    button = page.locator(f"#{row}").get_by_role("button", name=label, exact=True)
    expect(button).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("night", ["pairs", "teams"])
def test_the_other_phones_save_never_moves_this_phones_screen(
    browser: Browser, server: str, night: str
) -> None:
    """Defect: a phone not in the middle of an entry jumped by itself to the next board when the
    other phone saved (a slow player's entry then landed on the wrong board)."""
    link = pairs_link(server) if night == "pairs" else teams_link(server)
    phones = [new_context(browser, PHONE) for _ in range(2)]
    first, second = (context.new_page() for context in phones)
    for page in (first, second):
        page.goto(link)
        if night == "pairs":  # the players were asked already (a club's evening asks them)
            expect(page.locator("#players")).to_be_visible()
            game_id = link.split("/live/")[1].split("/")[0]
            page.evaluate(f"localStorage.setItem('bs_live_players_{game_id}_1', '1')")
            page.reload()
        expect(page.locator("#entry-title")).to_contain_text("Board 1")
    # board 1: the second phone has chosen nothing yet; the first saves it
    for row, label in [("levels", "4"), ("strains", "♥"), ("declarers", "S"), ("tricks", "=")]:
        tap(first, row, label)
    first.locator("#confirm").click()
    expect(first.locator("#entry-title")).to_contain_text("Board 2")  # its own player saved
    taken = second.locator("#taken")
    expect(taken).to_contain_text(
        "Board 1 was entered by the other phone: 4♥ by S, 10 tricks NS +420"
    )
    expect(second.locator("#entry-title")).to_contain_text("Board 1")  # it did not move
    tb.shot(second, f"two-phones-{night}-taken-360")
    second.set_viewport_size(DESKTOP)
    tb.shot(second, f"two-phones-{night}-taken-1280")
    second.set_viewport_size(PHONE)
    second.get_by_role("button", name="Next board →").click()
    expect(second.locator("#entry-title")).to_contain_text("Board 2")
    expect(taken).to_be_hidden()
    # board 2: the second phone's player is typing when the first saves; what was typed stays
    tap(second, "levels", "3")
    tap(second, "strains", "NT")
    for row, label in [("levels", "2"), ("strains", "♠"), ("declarers", "N"), ("tricks", "=")]:
        tap(first, row, label)
    first.locator("#confirm").click()
    expect(taken).to_contain_text("Board 2 was entered by the other phone: 2♠ by N")
    expect(second.locator("#entry-title")).to_contain_text("Board 2")
    pressed(second, "levels", "3")
    pressed(second, "strains", "NT")
    tap(second, "declarers", "N")
    tap(second, "tricks", "=")
    second.locator("#confirm").click()  # the typed entry goes to board 2: a conflict
    expect(second.locator("#status")).to_contain_text(
        "Board 2 was entered already at this table: 2S by N, 8 tricks. Your entry has been "
        "sent to the director."
    )
    expect(taken).to_be_hidden()
    for context in phones:
        context.close()
