"""A game's club language is looked up once and kept a few seconds (issue 33: a live evening's
every request asked the database for it, a tenth of the server's CPU a result posted): this
process's own change shows at once, another process's within ``LANGUAGE_SECONDS``."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import bridgescore.storage.clubs as clubs_module
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.web import Settings
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
