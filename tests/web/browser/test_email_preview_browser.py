"""The email preview in a real browser, with no mail server (issue 31): the director closes an
evening and sees who gets a letter and each letter's text; only sending needs the club's mail
server, and the page says so. Screenshots are kept when BRIDGESCORE_SCREENSHOTS is set."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browsing import DESKTOP, PHONE, new_context, shot
from tests.conftest import PASSWORD, club_serving

pytestmark = pytest.mark.slow


EMAIL = "td@acol.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A club's server with its director, and no mail server set."""
    from bridgescore.club import RosterEntry
    from bridgescore.players import Player

    roster = [RosterEntry(0, Player("Ann Smith", "1001"), "ann@acol.example"),
              RosterEntry(0, Player("Bob Jones", "1002"), "bob@acol.example")]  # fmt: skip
    with club_serving(tmp_path_factory.mktemp("mail"), EMAIL) as url:
        headers = _headers(url)
        for entry in roster:
            body = {"name": entry.player.name, "number": entry.player.number,
                    "email": entry.email}  # fmt: skip
            answer = httpx.post(f"{url}/api/roster", json=body, headers=headers)
            assert answer.status_code == 201, answer.text
        yield url


def _headers(server: str) -> dict[str, str]:
    login = httpx.post(f"{server}/api/login", json={"email": EMAIL, "password": PASSWORD})
    return {"Authorization": f"Bearer {login.json()['token']}"}


def _closed_evening(server: str, event: str) -> str:
    """A closed 3-table evening of the club, NS 1 being Ann Smith and Bob Jones, NS 2 Cy Young
    (no national number) and a guest: its id."""
    headers = _headers(server)
    players = {"NS 1": [{"name": "Ann Smith", "number": "1001"},
                        {"name": "Bob Jones", "number": "1002"}],
               "NS 2": [{"name": "Cy Young"}, {"name": "Di Guest", "number": "9999"}]}  # fmt: skip
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 1}
    body = {"event": event, "movement": movement, "players": players}
    created = httpx.post(f"{server}/api/sessions", headers=headers, json=body).json()
    game = created["id"]
    for _ in range(3):
        read = httpx.get(f"{server}/api/sessions/{game}", headers=headers).json()
        for slot in read["missing"]:
            where = {k: slot[k] for k in ("round", "table", "board")}
            entry = {**where, "contract": "3NT", "declarer": "N", "tricks": 8 + slot["table"] % 2}
            answer = httpx.post(f"{server}/api/sessions/{game}/results", json=entry,
                                headers=headers)  # fmt: skip
            assert answer.is_success, answer.text
    closed = httpx.post(f"{server}/api/sessions/{game}/close", json={"closed": True},
                        headers=headers)  # fmt: skip
    assert closed.status_code == 200, closed.text
    return str(game)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360", "1280"])
def test_the_email_preview_needs_no_mail_server(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    event = f"Tuesday pairs {size['width']}"
    game = _closed_evening(server, event)
    page = new_context(browser, size).new_page()
    page.goto(f"{server}/login")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Acol Bridge Club")).to_be_visible()
    page.locator("#club-sessions").get_by_role("link", name=event).click()  # with its token
    expect(page).to_have_url(f"{server}/live/{game}/director")
    page.locator("#part-emails summary").click()
    page.get_by_role("button", name="Show who gets one").click()
    letters = page.locator("#emails-letters li")
    expect(letters).to_have_count(2)  # before: "The club has no mail server set", no letters
    expect(letters.first).to_contain_text("NS 1: Ann Smith <ann@acol.example>")
    letters.first.locator("summary").click()
    text = letters.first.locator("pre")
    expect(text).to_be_visible()
    expect(text).to_contain_text("Subject: ")
    expect(text).to_contain_text("Dear Ann Smith,")
    expect(text).to_contain_text(f"Your scorecard for {event}")
    expect(text).to_contain_text(f"/session/{game}")
    expect(page.locator("#emails-status")).to_contain_text(
        "The club has no mail server yet: this is a preview; sending needs one"
    )
    expect(page.get_by_role("button", name="Send the emails")).to_be_disabled()
    shot(page, f"email-preview-{size['width']}")


def test_the_letters_plan_speaks_the_directors_language(browser: Browser, server: str) -> None:
    """Why a player gets no letter, in the director's language (the server says it as a code:
    before, "no number" and "not on the roster" stood in English on a German page)."""
    game = _closed_evening(server, "Dienstag")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de")
    page = context.new_page()
    page.goto(f"{server}/login")
    page.locator("input[type=email]").fill(EMAIL)
    page.locator("input[type=password]").fill(PASSWORD)
    page.locator("form button[type=submit]").click()
    expect(page).not_to_have_url(f"{server}/login")
    page.goto(f"{server}/live/{game}/director")
    page.locator("#part-emails summary").click()
    page.locator("#emails-preview").click()
    unreached = page.locator("#emails-unreached li")
    expect(unreached).to_have_count(2)
    expect(unreached.nth(0)).to_contain_text("Cy Young (keine Nummer)")
    expect(unreached.nth(1)).to_contain_text("Di Guest (nicht in der Mitgliederliste)")
    shot(page, "email-preview-de-360")
    context.close()
