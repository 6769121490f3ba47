"""The director's page, the start page and My games at 360x640 (issue 18, the page defects 6-8):
the director's page folds and keeps every heading and number on one line, the Enter/Edit form
opens right below the row tapped; "Club evening" is in the navigation, an evening started on a
device is listed again there (the start page, My games); the start form offers every movement
option with a preview that says when a Mitchell is incomplete. axe-core on each page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from bridgescore.duplicate.movement import completeness, mitchell
from tests import browsing as tb
from tests.browsing import DESKTOP, PHONE, axe_violations, in_view, new_context
from tests.conftest import serving

pytestmark = pytest.mark.slow


NAMES = [
    "Ann Smith & Bob Jones", "Cy Brown & Di Green", "Ed White & Flo Black", "Gus Grey & Hal Red",
    "Ivy Lee & Jo Kim", "Kay Low & Lu Ng", "Mo Poe & Ned Ray",
]  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("live-pages") / "live.db"
    with serving(f"sqlite:///{db}", "--open-evenings") as (url, _):
        yield url


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = new_context(browser, PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def _evening(server: str, tables: int = 7, rounds_in: int = 2) -> dict[str, Any]:
    """A Mitchell of ``tables`` tables, 3 boards a round, named pairs, its first rounds in."""
    names = {f"{side} {i}": n for side in ("NS", "EW") for i, n in enumerate(NAMES[:tables], 1)}
    movement = {"movement": "mitchell", "tables": tables, "boards_per_round": 3}
    body = {"event": "Monday pairs", "names": names, "movement": movement}
    created: dict[str, Any] = httpx.post(f"{server}/api/sessions", json=body).json()
    token = {t["table"]: t["token"] for t in created["tables"]}
    for p in mitchell(tables, 3).plays:
        if p.round > rounds_in:
            continue
        for i, board in enumerate(p.boards):
            result = {"round": p.round, "table": p.table, "board": board,
                      "contract": ["3NT", "4S", "2HX"][i], "declarer": "NESW"[board % 4],
                      "tricks": [9, 10, 7][i] + board % 3 - 1}  # fmt: skip
            answer = httpx.post(f"{server}/api/sessions/{created['id']}/results", json=result,
                                headers={"Authorization": f"Bearer {token[p.table]}"})  # fmt: skip
            assert answer.status_code == 201, answer.text
    return created


def _unfold(details: Locator) -> None:
    """Unfold a ``<details>`` by tapping its heading (unless it is open already)."""
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    expect(details).to_have_attribute("open", "")


def _open(page: Page, part: str) -> None:
    """Unfold a part of the director's page."""
    _unfold(page.locator(f"#part-{part}"))


def _gap(row: Locator, form: Locator) -> float:
    """How far below the row the form starts, in CSS pixels."""
    row_box, form_box = row.bounding_box(), form.bounding_box()
    assert row_box is not None
    assert form_box is not None
    return form_box["y"] - (row_box["y"] + row_box["height"])


def _lines(locator: Locator) -> list[tuple[str, int]]:
    """Each cell's text and the lines it takes (the distinct tops of its text's line boxes)."""
    found: list[tuple[str, int]] = locator.evaluate_all(
        """cells => cells.filter(c => c.offsetParent !== null && c.textContent.trim()
          && !c.querySelector('.visually-hidden')).map(c => {
          const range = document.createRange();
          range.selectNodeContents(c);
          const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
            .map(r => Math.round(r.top)));
          return [c.textContent.trim(), tops.size];
        })"""
    )
    return found


def test_the_director_page_folds_and_keeps_headings_and_numbers_on_one_line(
    phone: Page, server: str
) -> None:
    """Defect 6: at 360 px the page was 5,134 px tall and the rankings read "Ran k", "Sco re"."""
    created = _evening(server)
    phone.goto(server + created["director_url"])
    expect(phone.locator("#status")).to_contain_text("42 results in")
    tb.shot(phone, "live-director-folded-360")
    # The parts folded: their headings and counts; below them the footer every page has (its
    # languages one line of codes on a phone).
    height = phone.evaluate("document.querySelector('main').getBoundingClientRect().bottom")
    assert height <= 2.5 * PHONE["height"], height
    footer = phone.locator("footer.site").bounding_box()
    assert footer is not None
    assert footer["height"] <= 0.3 * PHONE["height"], footer
    expect(phone.locator("#part-missing summary")).to_contain_text("105")
    expect(phone.locator("#part-results summary")).to_contain_text("42 in")
    _open(phone, "rankings")
    _open(phone, "results")
    rankings = phone.locator("#rankings")
    expect(rankings.locator("tr", has_text="Ann Smith & Bob Jones")).to_have_count(2)  # NS 1, EW 1
    cells = "th, td.num, .live-pair-label"
    for where in ("#rankings", "#grid", "#results"):
        lines = _lines(phone.locator(f"{where} :is({cells})"))
        assert lines, where
        assert [cell for cell in lines if cell[1] != 1] == [], where
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tb.shot(phone, "live-director-rankings-360")


def test_the_edit_form_opens_right_below_the_row_tapped(phone: Page, server: str) -> None:
    """Defect 6: the Enter/Edit form opened at the top of the list, far from the row tapped."""
    created = _evening(server, tables=5, rounds_in=1)
    phone.goto(server + created["director_url"])
    expect(phone.locator("#status")).to_contain_text("15 results in")
    _open(phone, "missing")
    name = "Enter round 4, table 3, board 2"  # far down the list of missing boards
    row = phone.locator("#missing tr", has=phone.get_by_role("button", name=name, exact=True))
    phone.get_by_role("button", name=name, exact=True).click()
    form = phone.locator("#edit")
    expect(form).to_be_visible()
    assert 0 <= _gap(row, form) <= 12  # the next row down
    assert in_view(form, PHONE)
    assert phone.evaluate("document.activeElement.name") == "contract"
    expect(phone.locator("#edit-title")).to_contain_text("Round 4, table 3, board 2")
    form.locator("[name=contract]").fill("4S")
    # A table enters another board meanwhile: the lists are drawn again, the form stays below
    # its row with what was typed and the focus.
    table = {"Authorization": f"Bearer {created['tables'][0]['token']}"}
    play = mitchell(5, 3).plays[5]  # round 2, table 1
    entered = {"round": play.round, "table": play.table, "board": play.boards[0],
               "contract": "1NT", "declarer": "S", "tricks": 7}  # fmt: skip
    httpx.post(f"{server}/api/sessions/{created['id']}/results", json=entered, headers=table)
    expect(phone.locator("#status")).to_contain_text("16 results in")
    assert 0 <= _gap(row, form) <= 12
    expect(form.locator("[name=contract]")).to_have_value("4S")
    assert phone.evaluate("document.activeElement.name") == "contract"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tb.shot(phone, "live-director-edit-360")
    form.locator("[name=declarer]").fill("N")
    form.locator("[name=tricks]").fill("10")
    form.get_by_role("button", name="Save").click()
    expect(form).to_be_hidden()
    expect(phone.locator("#status")).to_contain_text("17 results in")
    next_one = "Enter round 4, table 3, board 3"  # the focus goes on to the next missing board
    expect(phone.locator(":focus")).to_have_attribute("aria-label", next_one)
    _open(phone, "results")
    edit = phone.get_by_role("button", name="Edit round 4, table 3, board 2", exact=True)
    expect(phone.locator("#results tr", has=edit)).to_contain_text("4SN=")
    edit.click()
    row = phone.locator("#results tr", has=edit)
    assert 0 <= _gap(row, form) <= 12
    expect(form.locator("[name=contract]")).to_have_value("4S")


def test_artificial_scores_for_a_table_round_or_a_pair_in_one_step(
    phone: Page, server: str
) -> None:
    """Defect 6: averages went in one board at a time (a missed round was three submissions)."""
    created = _evening(server, tables=4, rounds_in=0)
    phone.goto(server + created["director_url"])
    expect(phone.locator("#status")).to_contain_text("0 results in")
    _open(phone, "averages")  # at the top of the page (issue 31)
    bulk = phone.locator("#bulk")
    bulk.locator("#bulk-which").select_option(label="Round 1, table 2: 3 boards")
    bulk.locator("#bulk-score").select_option("A+/A-")
    bulk.get_by_role("button", name="Give 3 boards").click()
    expect(phone.locator("#status")).to_contain_text("3 results in")
    expect(bulk.locator("#bulk-status")).to_contain_text("3 boards given")
    # A pair's every missing board: its score and its opponents', NS/EW board by board.
    bulk.locator("#bulk-which").select_option(label="Pair EW 1: 9 boards")
    bulk.locator("#bulk-score").select_option(label="EW 1 A-, opponents A+")
    bulk.get_by_role("button", name="Give 9 boards").click()
    expect(phone.locator("#status")).to_contain_text("12 results in")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    director = {"Authorization": f"Bearer {created['edit_token']}"}
    url = f"{server}/api/sessions/{created['id']}"
    results = httpx.get(url, headers=director).json()["results"]
    given = {(r["round"], r["table"], r["board"]): r["artificial"] for r in results}
    plays = mitchell(4, 3).plays
    expected = {(p.round, p.table, b): "A+/A-" for p in plays if (p.round, p.table) == (1, 2)
                for b in p.boards}  # fmt: skip
    expected |= {(p.round, p.table, b): "A+/A-" for p in plays if p.ew == "EW 1" for b in p.boards}
    assert given == expected


@pytest.mark.parametrize("path", ["/", "/games", "/live/new", "/movement"])
def test_club_evening_is_in_the_navigation(phone: Page, server: str, path: str) -> None:
    """Defect 7: the start page of a club evening was in no menu."""
    phone.goto(server + path)
    link = phone.locator("header.site nav").get_by_role("link", name="Club evening")
    expect(link).to_have_attribute("href", "/live/new")
    link.click()
    expect(phone.locator("h1")).to_have_text("A club evening from phones")


def test_an_evening_started_here_is_found_again_here_and_in_my_games(
    phone: Page, server: str
) -> None:
    """Defect 7: My games did not list live evenings, and the director's link was "shown only
    now"."""
    phone.goto(server + "/live/new")
    expect(phone.locator("#kept")).to_be_hidden()
    phone.fill("#event", "Tuesday pairs")
    phone.fill("#tables", "3")
    phone.get_by_role("button", name="Start the evening").click()
    expect(phone.locator("#started")).to_be_visible()
    expect(phone.locator("#started")).not_to_contain_text("shown only now")
    expect(phone.locator("#started")).to_contain_text("This device keeps the director's link")
    director = phone.get_attribute("#director-link", "href")
    assert director is not None
    assert "#" in director
    phone.reload()
    kept = phone.locator("#kept-list a", has_text="Tuesday pairs")
    expect(kept).to_have_attribute("href", director)
    tb.shot(phone, "live-new-kept-360")
    phone.goto(server + "/games")
    listed = phone.locator("#evenings li", has_text="Tuesday pairs")
    expect(listed).to_contain_text("0 of 27 results in")
    expect(listed.get_by_role("link")).to_have_attribute("href", director)
    expect(phone.locator("#no-games")).to_be_hidden()
    tb.shot(phone, "live-games-360")
    listed.get_by_role("link").click()  # the director's page, with its token
    expect(phone.locator("#status")).to_contain_text("Version 1")
    _open(phone, "cards")
    phone.get_by_role("button", name="Show the table cards").click()
    expect(phone.locator("#cards .live-card")).to_have_count(3)  # only the director gets them


def test_the_start_form_offers_every_option_with_a_preview(phone: Page, server: str) -> None:
    """Defect 8: no movement option, no preview; 4 tables silently gave a 3-round skip Mitchell
    in which every pair misses one opponent."""
    phone.goto(server + "/live/new")
    for field in ("#tables", "#boards_per_round", "#rounds", "input[name=even][value=skip]",
                  "input[name=even][value=relay]", "input[name=arrow_switch]",
                  "input[name=half_table]"):  # fmt: skip
        expect(phone.locator(field)).to_have_count(1)
    phone.fill("#tables", "4")
    verdict = phone.locator("#preview-complete")
    expect(verdict).to_have_text(completeness(mitchell(4, 3)).summary())
    expect(verdict).to_contain_text("Incomplete: every pair misses 1 of its 4 opponents")
    expect(phone.locator("#preview-line")).to_have_text(
        "Mitchell: 4 tables, 8 pairs, 3 rounds of 3 boards, 12 boards"
    )
    offered = phone.locator("#preview-alternatives li:has(button)")
    expect(offered).to_have_count(2)
    expect(offered.nth(0)).to_contain_text("Share-and-relay Mitchell: 8 pairs, 4 rounds")
    expect(offered.nth(1)).to_contain_text("Howell: 8 pairs, 7 rounds")
    tb.shot(phone, "live-new-incomplete-360")
    offered.nth(0).get_by_role("button").click()
    expect(verdict).to_contain_text("Complete: every pair meets every one of its opponents.")
    expect(phone.locator("input[name=even][value=relay]")).to_be_checked()
    _unfold(phone.locator("#preview-rounds"))
    expect(phone.locator("#preview-grid tr")).to_have_count(1 + 4)
    expect(phone.locator("#preview-grid tr").nth(1)).to_contain_text("N1\u2013E1")
    _unfold(phone.locator("#preview-fairness"))
    fair = mitchell(4, 3, even="relay").fairness().summary()
    assert phone.locator("#preview-fair").inner_text() == fair
    # The other options reach the movement the evening is started with.
    phone.locator("label.choice", has_text="Arrow switch").click()  # shown, not scored yet
    expect(phone.locator("#preview-session")).to_contain_text(
        "This evening cannot be started: an arrow-switched Mitchell ranks one field"
    )
    phone.locator("label.choice", has_text="Arrow switch").click()
    expect(phone.locator("#preview-session")).to_be_empty()
    phone.locator("label.choice", has_text="Half table").click()
    expect(phone.locator("[data-pair='NS 4']")).to_have_count(0)  # nobody sits there
    expect(phone.locator("#preview-line")).to_contain_text("7 pairs")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.get_by_role("button", name="Start the evening").click()
    expect(phone.locator("#started")).to_be_visible()
    director = phone.get_attribute("#director-link", "href")
    assert director is not None
    game = director.split("/live/")[1].split("/")[0]
    movement = httpx.get(f"{server}/api/sessions/{game}").json()["movement"]
    built = mitchell(4, 3, even="relay", half_table=True).to_dict()
    assert {k: movement[k] for k in ("plays", "pairs", "rounds")} == {
        k: built[k] for k in ("plays", "pairs", "rounds")
    }
    phone.goto(server + "/live/new")
    phone.locator("label.choice", has_text="Howell").click()
    phone.fill("#pairs", "10")
    phone.fill("#rounds", "7")
    expect(verdict).to_contain_text("Incomplete: every pair misses 2 of its 9 opponents")
    expect(offered).to_have_count(1)
    expect(offered.first).to_contain_text("Howell, all rounds: 10 pairs, 9 rounds")
    expect(phone.locator("#preview-error")).to_be_empty()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360", "1280"])
def test_axe_finds_nothing_on_the_pages_unfolded(
    browser: Browser, server: str, size: ViewportSize
) -> None:
    created = _evening(server, tables=4, rounds_in=1)
    context = new_context(browser, size, axe=True)
    page = context.new_page()
    found = {}
    try:
        page.goto(server + "/live/new")
        page.fill("#tables", "4")
        expect(page.locator("#preview-complete")).to_contain_text("Incomplete")
        for part in ("rounds", "fairness"):
            _unfold(page.locator(f"#preview-{part}"))
        found["new"] = axe_violations(page)
        tb.shot(page, f"axe-live-new-preview-{size['width']}")
        page.goto(server + created["director_url"])
        expect(page.locator("#status")).to_contain_text("12 results in")
        for part in ("rankings", "missing", "results", "audit", "cards"):
            _open(page, part)
        page.get_by_role("button", name="Edit round 1, table 1, board 1", exact=True).click()
        expect(page.locator("#edit")).to_be_visible()
        found["director"] = axe_violations(page)
        tb.shot(page, f"axe-live-director-open-{size['width']}")
        page.goto(server + "/games")
        expect(page.locator("#evenings li")).to_have_count(1)
        found["games"] = axe_violations(page)
        tb.shot(page, f"axe-live-games-{size['width']}")
    finally:
        context.close()  # its event stream too
    assert found == {"new": [], "director": [], "games": []}


def test_the_director_page_counts_boards_due_and_never_calls_a_sit_out_late(
    phone: Page, server: str
) -> None:
    """Issue 31: right after the start a 7-table Mitchell for 13 pairs said "Missing boards ·
    126" (every board of rounds not yet due), and once play began "Late: table 7" for the half
    table, whose empty cells are sit-outs. The server says what is due; the page draws it."""
    movement = {"movement": "mitchell", "tables": 7, "boards_per_round": 3, "half_table": True}
    created = httpx.post(f"{server}/api/sessions", json={"event": "Half", "movement": movement})
    body = created.json()
    phone.goto(server + body["director_url"])
    expect(phone.locator("#missing-count")).to_have_text("· 0 (126 to play)")
    expect(phone.locator("#late")).to_have_text("0 boards missing, 126 to play.")
    token = {t["table"]: t["token"] for t in body["tables"]}
    plays = [p for p in mitchell(7, 3, half_table=True).plays if p.round <= 2]
    for p in plays:
        for board in p.boards if p.round == 1 else p.boards[:1]:
            if (p.round, p.table, board) == (1, 2, p.boards[-1]) or (p.round, p.table) == (2, 2):
                continue  # table 2 has one board of round 1 still to enter, so not round 2 yet
            result = {"round": p.round, "table": p.table, "board": board, "contract": "3NT",
                      "declarer": "N", "tricks": 9}  # fmt: skip
            answer = httpx.post(f"{server}/api/sessions/{body['id']}/results", json=result,
                                headers={"Authorization": f"Bearer {token[p.table]}"})  # fmt: skip
            assert answer.status_code == 201, answer.text
    expect(phone.locator("#late")).to_contain_text("Late: table 2 (")
    expect(phone.locator("#grid-count")).to_have_text("· late: 2")
    expect(phone.locator("#missing-count")).to_contain_text("· 1 (")
    tb.shot(phone, "live-director-due-360")
