"""Issue 31's "Done when", in Debian's Chromium at 360x640: a whole pairs evening (a 3-table
Mitchell with a half table, 2 boards a round) where a second phone at two tables saves a board
while the first phone is typing (the first keeps what it typed and stays on the board), the
director makes every ruling from the director page on a phone (a late pair, a withdrawal, a
fouled board in two versions, a split, a weighted and an artificial score), closes, and then
every output answers: the exports, the results page, the deals, the paper; the PBN export
scored by the CLI gives the API's percentages. The results the story does not turn on go in
through the API with the tables' tokens. Screenshots go to $BRIDGESCORE_SCREENSHOTS."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests import browsing as tb
from tests.browsing import PHONE, new_context
from tests.conftest import serving
from tests.helpers import cli_percentages

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("evening-rulings") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


def unfold(page: Page, part: str) -> None:
    """Open a folded part of the director page."""
    if page.locator(part).get_attribute("open") is None:
        page.locator(f"{part} > summary").click()


def taken_while_typing(first: Page, second: Page, board: int, call: tuple[str, ...]) -> None:
    """The second phone saves ``board`` while the first has typed a level and a strain."""
    for row, label in (("levels", "3"), ("strains", "NT")):
        first.locator(f"#{row}").get_by_role("button", name=label, exact=True).click()
    tb.enter_board(second, board, (call[0], call[1], "", call[2], call[3]))
    expect(first.locator("#taken")).to_contain_text(f"Board {board} was entered by the other phone")
    expect(first.locator("#entry-title")).to_contain_text(f"Board {board}")  # not moved
    for row, label in (("levels", "3"), ("strains", "NT")):
        button = first.locator(f"#{row}").get_by_role("button", name=label, exact=True)
        expect(button).to_have_attribute("aria-pressed", "true")  # what was typed stays


def test_a_whole_evening_with_every_ruling_from_phones(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2, "half_table": True}
    created: dict[str, Any] = httpx.post(
        f"{server}/api/sessions", json={"event": "Rulings", "movement": movement}
    ).json()
    base = f"{server}/api/sessions/{created['id']}"
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    token = {t["table"]: {"Authorization": f"Bearer {t['token']}"} for t in created["tables"]}

    def result(rnd: int, table: int, board: int) -> None:
        body = {"round": rnd, "table": table, "board": board, "contract": "3NT",
                "declarer": "NS"[board % 2], "tricks": 8 + (board + table) % 3}  # fmt: skip
        answer = httpx.post(f"{base}/results", json=body, headers=token[table])
        assert answer.status_code == 201, answer.text

    errors: list[str] = []
    contexts = [new_context(browser, PHONE) for _ in range(5)]
    pages = [c.new_page() for c in contexts]
    for page in pages:
        page.on("pageerror", lambda e: errors.append(str(e)))
    t1, t1b, t2, t2b, desk = pages
    for page, table in ((t1, 0), (t1b, 0), (t2, 1), (t2b, 1)):
        page.goto(server + created["tables"][table]["url"])
    desk.goto(server + created["director_url"])
    expect(desk.locator("#status")).to_contain_text("0 results in")

    # Round 1 (table 1 plays boards 1-2, table 2 boards 3-4, table 3 sits out: NS 3 is late).
    taken_while_typing(t1, t1b, 1, ("4", "♠", "N", "="))
    taken_while_typing(t2, t2b, 3, ("2", "♥", "S", "-1"))
    tb.shot(t1, "evening-rulings-taken-360")
    result(1, 1, 2)
    result(1, 2, 4)

    # The late pair: NS 3 plays from round 2 at the half table.
    unfold(desk, "#room")
    late = desk.locator("#room-late")
    late.locator("[name=pair]").fill("NS 3")
    late.locator("[name=names]").fill("Cy & Di")
    late.locator("[name=from_round]").fill("2")
    late.get_by_role("button", name="Seat the pair").click()
    expect(desk.locator("#room-done")).to_contain_text("NS 3")
    for table, boards in ((1, (3, 4)), (2, (5, 6)), (3, (1, 2))):  # round 2
        for board in boards:
            result(2, table, board)

    # EW 2 leaves after round 2 (table 1 is then empty in round 3).
    withdraw = desk.locator("#room-withdraw")
    withdraw.locator("[name=pair]").fill("EW 2")
    withdraw.locator("[name=from_round]").fill("3")
    withdraw.get_by_role("button", name="Withdraw the pair").click()
    expect(desk.locator("#room-done")).to_contain_text("EW 2 is withdrawn from round 3")
    for table, boards in ((2, (1, 2)), (3, (3, 4))):  # round 3
        for board in boards:
            result(3, table, board)

    # Board 3 was fouled: tables 1 and 2 played one version, table 3 another.
    fouled = desk.locator("#room-fouled")
    fouled.locator("[name=board]").fill("3")
    fouled.locator("[name=versions]").fill("1-2 / 3")
    fouled.get_by_role("button", name="Score the versions apart").click()
    expect(desk.locator("#room-error")).to_be_empty()

    # A split, a weighted and an artificial score from the Edit form.
    unfold(desk, "#part-results")
    form = desk.locator("#edit")
    rulings: tuple[tuple[str, dict[str, str]], ...] = (
        ("round 1, table 1, board 2", {"split_ns": "3NTS=", "split_ew": "3NTS-1"}),
        ("round 2, table 2, board 6", {"weighted": "50% 3NTN=, 50% 3NTN-1"}),
        ("round 3, table 3, board 4", {}),
    )
    for name, fields in rulings:
        desk.get_by_role("button", name=f"Edit {name}", exact=True).click()
        for field in ("contract", "declarer", "tricks"):
            form.locator(f"[name={field}]").fill("")
        for field, value in fields.items():
            form.locator(f"[name={field}]").fill(value)
        if not fields:
            form.locator("[name=artificial]").select_option("A+/A-")
        form.get_by_role("button", name="Save").click()
        expect(form).to_be_hidden()
    expect(desk.locator("#results")).to_contain_text("NS 3NTS= / EW 3NTS-1")
    tb.shot(desk, "evening-rulings-director-360")
    # the results open, the page stays a phone's width (a hidden heading pushed it to 407 px)
    assert desk.evaluate("document.documentElement.scrollWidth") <= 360

    session = httpx.get(base, headers=director).json()
    assert session["missing"] == []
    assert session["conflicts"] == []
    texts = {(r["round"], r["table"], r["board"]): r for r in session["results"]}
    assert texts[(1, 1, 2)]["split"] == {"ns": "3NTS=", "ew": "3NTS-1"}
    assert texts[(3, 3, 4)]["text"] == "an artificial score A+/A-"
    assert "50%" in json.dumps(texts[(2, 2, 6)])
    assert session["names"]["NS 3"] == "Cy & Di"

    # Closing from the page, then every output.
    desk.click("#close")
    expect(desk.locator("#published")).to_contain_text("Published")
    wanted = {(side, row["pair"].split()[1]): row["percent"]
              for side, rows in httpx.get(base).json()["rankings"].items()
              for row in rows}  # fmt: skip
    assert len(wanted) == 6
    files = {}
    for kind in ("pbn", "csv", "usebio"):
        answer = httpx.get(f"{base}/export", params={"format": kind}, headers=director)
        assert answer.status_code == 200, (kind, answer.text)
        files[kind] = answer.content
    outputs = [f"{server}/session/{created['id']}", f"{base}/deals"] + [
        f"{base}/paper/{name}.pdf" for name in ("results", "slips", "cards")
    ]
    for url in outputs:
        answer = httpx.get(url, headers=director, timeout=30)
        assert answer.status_code == 200, (url, answer.text[:300])
    out = tmp_path / "evening.pbn"
    out.write_bytes(files["pbn"])
    from_pbn = cli_percentages(out)
    assert from_pbn.keys() == wanted.keys()
    for key, percent in wanted.items():
        assert from_pbn[key] == pytest.approx(percent, abs=0.01), key
    assert errors == []
    for context in contexts:
        context.close()
