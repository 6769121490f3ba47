"""The start page of a teams or Swiss night (``/club/new``) and its preview
(``POST /api/events/preview``): the core's checks and draw before anything is stored, the same
refusals as ``POST /api/events`` naming the field; the club page lists every night with its
director's page and its screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.events import VpScale
from bridgescore.web.club_pages import KINDS, SCALES
from bridgescore.web.settings import Settings
from bridgescore.web.team_views import TeamEventIn
from tests.conftest import PASSWORD, auth, create_app, csrf, make_club


@pytest.fixture
def club() -> Iterator[tuple[TestClient, str]]:
    """A client logged in on the pages (the cookie) and through the API (the token)."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as c:
        token = make_club(c, "Club", "1", "td@example.org")
        form = {"csrf": csrf(c, "/login"), "email": "td@example.org", "password": PASSWORD}
        assert c.post("/login", data=form, follow_redirects=False).status_code == 303
        yield c, token


def teams(*names: str) -> list[dict[str, Any]]:
    return [{"name": n} for n in names]


def test_the_start_page_offers_the_four_kinds_and_needs_a_login(
    club: tuple[TestClient, str],
) -> None:
    c, _ = club
    shown = c.get("/club/new")
    assert shown.status_code == 200
    for value, label in KINDS:
        assert f'value="{value}"' in shown.text
        assert label in shown.text
    assert 'href="/live/new"' in shown.text  # the pairs evening's own page, still answering
    assert c.get("/live/new").status_code == 200
    with TestClient(c.app) as stranger:
        away = stranger.get("/club/new", follow_redirects=False)
        assert (away.status_code, away.headers["location"]) == (303, "/login")


def test_the_kinds_and_scales_are_the_apis() -> None:
    kinds = TeamEventIn.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]
    assert {k for k, _ in KINDS} == set(kinds)
    assert {s for s, _ in SCALES} == {s.value for s in VpScale}


def test_a_round_robin_previews_every_round(club: tuple[TestClient, str]) -> None:
    c, token = club
    r = c.post(
        "/api/events/preview",
        json={
            "kind": "round-robin",
            "name": "RR",
            "entrants": teams(*"ABCDE"),
            "boards_per_match": 4,
        },
    )
    assert r.status_code == 200, r.text
    p = r.json()
    assert (p["rounds"], p["matches"], p["tables"], p["later"]) == (5, 2, 4, "fixed")
    assert len(p["schedule"]) == 5
    assert sorted(b for rnd in p["schedule"] for b in rnd["byes"]) == list("ABCDE")
    met = [frozenset((m["home"], m["away"])) for rnd in p["schedule"] for m in rnd["matches"]]
    assert len(met) == len(set(met)) == 10  # each pair once
    assert (p["meetings"], p["byes"], p["home"]) == (1, 1, [2, 2])
    assert c.get("/api/club/sessions", headers=auth(token)).json()["events"] == []  # nothing stored


@pytest.mark.parametrize(
    ("kind", "extra", "tables", "later"),
    [("swiss-teams", {"rounds": 5}, 6, "standings"), ("knockout", {}, 4, "winners"),
     ("swiss-pairs", {"rounds": 4, "scale": "ebu-swiss-pairs-7", "boards_per_match": 7}, 3,
      "standings")],
)  # fmt: skip
def test_a_swiss_and_a_knockout_preview_round_one(
    club: tuple[TestClient, str], kind: str, extra: dict[str, Any], tables: int, later: str
) -> None:
    c, _ = club
    body = {"kind": kind, "name": "N", "entrants": teams(*"ABCDEF"), **extra}
    p = c.post("/api/events/preview", json=body).json()
    assert (p["tables"], p["later"], len(p["schedule"])) == (tables, later, 1)
    if kind == "knockout":  # the top seeds have the byes
        assert p["schedule"][0]["byes"] == ["A", "B"]


@pytest.mark.parametrize(
    ("bad", "field"),
    [({"entrants": teams("A", "A")}, "entrants"), ({"entrants": teams("A")}, "entrants"),
     ({"scale": "nope"}, "scale"), ({"boards_per_match": 0}, "boards_per_match"),
     ({"kind": "swiss-pairs"}, "scale"), ({"method": "mp"}, "method"),
     ({"entrants": [{"name": "A", "players": ["x"]}, {"name": "B"}]}, "players")],
)  # fmt: skip
def test_the_preview_refuses_as_the_start_does(
    club: tuple[TestClient, str], bad: dict[str, Any], field: str
) -> None:
    c, token = club
    body = {"kind": "swiss-teams", "name": "S", "entrants": teams(*"ABCD"), **bad}
    previewed = c.post("/api/events/preview", json=body)
    started = c.post("/api/events", json=body, headers=auth(token))
    assert previewed.status_code == started.status_code == 422, previewed.text
    assert previewed.json()["detail"][0]["loc"][-1] == field
    said = [(d["loc"][-1], d["msg"]) for d in previewed.json()["detail"]]
    assert said == [(d["loc"][-1], d["msg"]) for d in started.json()["detail"]]


def test_the_club_page_lists_every_night_with_its_pages(club: tuple[TestClient, str]) -> None:
    c, token = club
    assert "POST /api/events" not in c.get("/club").text
    assert 'href="/club/new"' in c.get("/club").text
    body = {"kind": "knockout", "name": "Cup", "entrants": teams(*"ABCD")}
    event_id = c.post("/api/events", json=body, headers=auth(token)).json()["id"]
    shown = c.get("/club").text
    assert f'href="/event/{event_id}/director">director' in shown
    assert f'href="/event/{event_id}">the screen' in shown
    assert "Knockout, 4 teams" in shown
