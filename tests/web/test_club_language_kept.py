"""A game's club language is looked up once and kept (issue 33: a live evening's every request
asked the database for it, a tenth of the server's CPU a result posted): this process's own
change shows at once, another process's once its notice arrives (PostgreSQL), else within
``LANGUAGE_SECONDS``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import bridgescore.storage.clubs as clubs_module
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.web import Settings
from bridgescore.web.deps import clubs_of
from tests.conftest import club_evenings, create_app
from tests.helpers import html_lang


def test_a_games_club_language_is_kept_and_follows_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'e.db'}"
    club_id, (game_id,) = club_evenings(url, 1, dd=False)
    clock = [1000.0]
    monkeypatch.setattr(clubs_module, "monotonic", lambda: clock[0])
    with Store(url) as store:
        ClubStore(store).set_language(club_id, "fr")
    app = create_app(Settings(database_url=url))
    with TestClient(app) as client, Store(url) as other:
        page = f"/session/{game_id}"
        assert html_lang(client.get(page).text) == "fr"
        kept = app.state.clubs
        assert kept.known_language(game_id) == (True, "fr")
        ClubStore(other).set_language(club_id, "de")  # another process
        assert html_lang(client.get(page).text) == "fr"  # kept a few seconds
        clock[0] += ClubStore.LANGUAGE_SECONDS + 1
        assert kept.known_language(game_id) == (False, None)
        assert html_lang(client.get(page).text) == "de"
        kept.set_language(club_id, "nl")  # this process: at once
        assert kept.known_language(game_id) == (False, None)
        assert html_lang(client.get(page).text) == "nl"
        assert html_lang(client.get(page, headers={"Accept-Language": "es"}).text) == "es"
        assert client.get("/session/nosuchgame").status_code == 404
        assert kept.known_language("nosuchgame") == (False, None)  # an unknown game: not kept


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_another_workers_change_of_the_clubs_language_shows_at_once(database_url: str) -> None:
    """Two workers (apps) on one PostgreSQL database: a club's language changed through one is
    announced, and the other looks its games' language up again at once, not after
    ``LANGUAGE_SECONDS``."""
    club_id, (game_id,) = club_evenings(database_url, 1, dd=False)
    settings = Settings(database_url=database_url)
    one, two = create_app(settings), create_app(settings)
    with TestClient(one), TestClient(two) as second:
        # each listener forgets what was kept when it connects: the first look-up after that
        deadline = time.monotonic() + 10
        while not (one.state.changes.listening.is_set() and two.state.changes.listening.is_set()):
            assert time.monotonic() < deadline, "a worker's listener never connected"
            time.sleep(0.01)
        page = f"/session/{game_id}"
        assert html_lang(second.get(page).text) == "en"
        kept = clubs_of(two)
        assert kept.known_language(game_id) == (True, None)
        clubs_of(one).set_language(club_id, "fr")
        deadline = time.monotonic() + 5
        while kept.known_language(game_id)[0]:
            assert time.monotonic() < deadline, "the other worker never heard of the change"
            time.sleep(0.01)
        assert html_lang(second.get(page).text) == "fr"
