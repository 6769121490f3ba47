"""The director's page of a club evening with the ABF's scheme, in Chromium at a phone's size
and a desktop's: each pair's masterpoints in the rankings, and the one tap that files them,
refused with the server's words during the correction period and saving the ABF's credit file
after it (screenshots kept when BRIDGESCORE_SCREENSHOTS is set)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests import browsing as tb
from tests.conftest import club_evenings, serving

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str, str]]:
    """A served club evening, closed, its club's scheme the ABF's: the server's URL, the
    database, the club and the director's page."""
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    db = f"sqlite:///{tmp_path_factory.mktemp('mp') / 'club.db'}"
    club_id, (game_id,) = club_evenings(db, 1, dd=False)
    with Store(db) as store:
        clubs = ClubStore(store)
        clubs.set_masterpoints(club_id, "abf")
        director = f"/live/{game_id}/director#{clubs.edit_token(game_id)}"
    with serving(db) as (url, _):
        yield url, db, club_id, director


def test_the_director_sees_the_awards_and_files_them_once_final(
    browser: Browser, evening: tuple[str, str, str, str]
) -> None:
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    url, db, club_id, director = evening
    phone = tb.new_context(browser, tb.PHONE).new_page()
    phone.goto(url + director)
    phone.locator("#part-rankings > summary").click()
    expect(phone.locator(".live-ranking th", has_text="Award").first).to_be_visible()
    cells = phone.locator(".live-ranking tr td:last-child").all_inner_texts()
    assert any(re.fullmatch(r"0\.\d\d", c) for c in cells), cells
    button = phone.locator("#filing-buttons button")
    expect(button).to_have_text("File the masterpoints (ABF)")
    button.click()
    expect(phone.locator("#filing-status")).to_contain_text("provisional until")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    tb.shot(phone, "masterpoints-director-360")
    with Store(db) as store:
        ClubStore(store).set_public(club_id, "names", 0)  # the period over
    with phone.expect_download() as download:
        button.click()
    saved = Path(download.value.path()).read_bytes()
    assert download.value.suggested_filename.endswith(".grn")
    assert saved
    assert re.fullmatch(rb"(\d{13}\r\n)+", saved)
    expect(phone.locator("#filing-status")).to_contain_text("Saved")
    desk = tb.new_context(browser, tb.DESKTOP).new_page()
    desk.goto(url + director)
    expect(desk.locator(".live-ranking th", has_text="Award").first).to_be_visible()
    tb.shot(desk, "masterpoints-director-1280")
