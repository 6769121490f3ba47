"""Grades and handicaps on the web: the director turns handicapped rankings on
(``PUT /api/sessions/{id}/handicap``); the club's site shows them beside the scratch ones, and
each player's page the grade and its history, worked out again when a result is corrected."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgescore.grades import grade_sessions
from bridgescore.grades.handicap import LIMIT, HandicapRules
from bridgescore.grades.sessions import graded_session, read_date
from bridgescore.live import DIRECTOR
from bridgescore.live.definition import Handicapping
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.site import ClubSite
from bridgescore.web import Settings
from bridgescore.web.site import club_slug
from tests.conftest import auth, club_evenings, create_app
from tests.helpers import swiss_night


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'g.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        yield c


def _expected(store: Store, club_id: str) -> dict[str, float]:
    """The grades worked out here from the published evenings, through the core alone."""
    clubs = ClubStore(store)
    site = ClubSite(clubs, LiveStore(store))
    published = site.published(clubs.club(club_id), datetime.now(UTC))
    sessions = [graded_session(p.id, read_date(p.date), p.session.scored()) for p in published]
    return {n: g.grade for n, g in grade_sessions(sessions).items()}


def _shown_grade(html: str) -> float:
    found = re.search(r'class="grade-figure">([0-9.]+)%', html)
    assert found, html[:500]
    return float(found.group(1))


def test_the_players_page_shows_the_grade_and_a_correction_changes_it(
    client: TestClient,
) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id, ids = club_evenings(store.url, 2, dd=False)
    club = ClubStore(store).club(club_id)
    page = f"/clubs/{club_slug(club)}/players/1002/"
    expected = _expected(store, club_id)
    html = client.get(page).text
    assert _shown_grade(html) == round(expected["1002"], 2)
    assert "Grade after each session" in html
    assert "tentative" in html  # 12 boards
    # the director corrects a result of the first evening: the grade follows
    live = LiveStore(store)
    state = live.state(ids[0])
    mine = next(r for r in state.results if r.entry.table == 1)
    fixed = state.entry(mine.entry.round, mine.entry.table, mine.entry.board, result="7NTN-7")
    live.edit(ids[0], mine.id, fixed, DIRECTOR)
    again = _expected(store, club_id)
    assert again["1002"] != expected["1002"]
    assert _shown_grade(client.get(page).text) == round(again["1002"], 2)


def test_the_evening_shows_handicapped_rankings_when_the_director_turns_them_on(
    client: TestClient,
) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id, ids = club_evenings(store.url, 2, dd=False)
    club = ClubStore(store).club(club_id)
    evening = f"/clubs/{club_slug(club)}/evenings/{ids[1]}/"
    assert "Handicapped rankings" not in client.get(evening).text
    LiveStore(store).redefine(ids[1], Handicapping(HandicapRules("grade")), DIRECTOR)
    html = client.get(evening).text
    assert "Handicapped rankings" in html
    # each pair's handicap: 50 less the mean of its players' grades after the first evening
    first = _expected_first(store, club_id, ids[0])
    live = LiveStore(store).state(ids[1])
    for pair in live.section.pairs:
        mean = sum(50 - first.get(p.number or "", 50.0) for p in pair.players) / 2
        allowance = max(-LIMIT, min(LIMIT, mean))  # a pair's handicap is at most 30 points
        assert f'<td class="num">{allowance:+.2f}</td>' in html, (pair.label, allowance)


def _expected_first(store: Store, club_id: str, first_id: str) -> dict[str, float]:
    clubs = ClubStore(store)
    site = ClubSite(clubs, LiveStore(store))
    (p,) = [e for e in site.published(clubs.club(club_id), datetime.now(UTC)) if e.id == first_id]
    graded = graded_session(p.id, read_date(p.date), p.session.scored())
    return {n: g.grade for n, g in grade_sessions([graded]).items()}


def test_the_director_turns_handicaps_on_and_off(client: TestClient) -> None:
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    created = client.post("/api/sessions", json={"event": "Tue", "movement": movement}).json()
    base = f"/api/sessions/{created['id']}"
    director = auth(created["edit_token"])
    table = auth(created["tables"][0]["token"])
    body = {"method": "set", "set": {"1001": -3.0, "1002": 2.5}}
    assert client.put(f"{base}/handicap", json=body, headers=table).status_code == 403
    bad = client.put(f"{base}/handicap", json={"method": "set", "set": {"1001": 300}},
                     headers=director)  # fmt: skip
    assert bad.status_code == 422
    assert bad.json()["detail"][0]["loc"][-1] == "handicap"
    assert client.put(f"{base}/handicap", json={"method": "golf"},
                      headers=director).status_code == 422  # fmt: skip
    done = client.put(f"{base}/handicap", json=body, headers=director)
    assert done.status_code == 200, done.text
    assert done.json()["handicap"] == {"method": "set", "combine": "mean",
                                       "set": {"1001": -3.0, "1002": 2.5}}  # fmt: skip
    assert client.get(base, headers=director).json()["handicap"]["method"] == "set"
    assert "handicap" not in client.get(base, headers=table).json()
    off = client.put(f"{base}/handicap", json={"method": None}, headers=director)
    assert off.json()["handicap"] is None
    assert "handicap" not in client.get(base, headers=director).json()


def test_a_team_night_has_no_handicapped_rankings() -> None:
    with swiss_night() as (c, login, event_id, _):
        answer = c.put(f"/api/sessions/{event_id}/handicap", json={"method": "grade"},
                       headers=login)  # fmt: skip
        assert answer.status_code == 422, answer.text
        assert answer.json()["detail"][0]["loc"][-1] == "handicap"
