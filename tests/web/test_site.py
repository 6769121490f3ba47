"""The club's results site: the correction period (provisional results), what a public reader
may see of the players (by name, by number only, a player who may not be named), the pages
at /clubs/{slug}/ and their settings' API."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urljoin

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.club import Club, ClubError, PublicView, is_provisional, provisional_until
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.site import ClubSite
from bridgescore.web.site import club_slug
from bridgescore.web.site_plot import PercentPoint, percent_plot
from tests.conftest import PASSWORD, auth, club_evenings

CLOSED = datetime(2026, 12, 1, 22, 30, tzinfo=UTC)
DAY = timedelta(hours=24)

# (period, time after closing, provisional?): the period's end is final (it has ended).
PERIODS = [
    (DAY, timedelta(0), True),
    (DAY, DAY - timedelta(seconds=1), True),
    (DAY, DAY, False),
    (DAY, timedelta(days=3), False),
    (timedelta(0), timedelta(0), False),
    (DAY, -timedelta(minutes=1), True),  # a clock behind: still within it
]


@pytest.mark.parametrize(("period", "after", "provisional"), PERIODS,
                         ids=[f"{p}-{a}" for p, a, _ in PERIODS])  # fmt: skip
def test_results_are_provisional_until_the_correction_period_ends(
    period: timedelta, after: timedelta, provisional: bool
) -> None:
    assert is_provisional(CLOSED, period, CLOSED + after) is provisional
    assert provisional_until(CLOSED, period) == CLOSED + period


@given(st.integers(0, 720), st.integers(-(10**6), 10**7))
def test_provisional_is_now_before_closing_plus_the_period(hours: int, seconds: int) -> None:
    club = Club("c", "Acol BC", "1", "EBU", correction_hours=hours)
    now = CLOSED + timedelta(seconds=seconds)
    until = provisional_until(CLOSED, club.correction_period)
    assert is_provisional(CLOSED, club.correction_period, now) == (now < until)
    assert (until - CLOSED).total_seconds() == hours * 3600


@pytest.mark.parametrize(("players", "hours"), [("initials", 24), ("names", -1), ("names", 721),
                                                ("names", True)])  # fmt: skip
def test_a_club_refuses_settings_that_will_not_do(players: str, hours: int) -> None:
    with pytest.raises(ClubError) as caught:
        Club("c", "Acol BC", "1", "EBU", players, hours)  # type: ignore[arg-type]
    assert caught.value.field in ("players", "correction_hours")


def _session(*pairs: tuple[Player, ...], names: str = "") -> Session:
    sec = Section.from_movement(mitchell(3, 2))
    made = []
    for pair, players in zip(sec.pairs, [*pairs, *[()] * 6], strict=False):
        made.append(pair.__class__(pair.number, pair.side, names if not players else
                                   " & ".join(p.name for p in players), players))  # fmt: skip
    return Session((Section(sec.name, sec.kind, made, sec.boards, movement=sec.movement),))


def test_the_public_view_hides_a_private_player_and_in_numbers_mode_every_name() -> None:
    ann, bob, al = Player("Ann Smith", "1001"), Player("Bob Jones", "1002"), Player("Al")
    session = _session((ann, bob), (al, Player("Cy")), names="Dee & Eve")
    by_name = PublicView("names", frozenset({"1001"}), frozenset({"Al"})).session(session)
    names = [p.names for p in by_name.sections[0].pairs]
    assert names[:3] == ["Player 1001 & Bob Jones", "Player not named & Cy", "Dee & Eve"]
    by_number = PublicView("numbers").session(session)
    names = [p.names for p in by_number.sections[0].pairs]
    assert names[:3] == ["Player 1001 & Player 1002", "Player not named & Player not named", ""]


@pytest.fixture
def evenings(tmp_path: Path) -> tuple[str, str, list[str]]:
    url = f"sqlite:///{tmp_path / 'site.db'}"
    club_id, ids = club_evenings(url, 2, public=False, dd=False)
    return url, club_id, ids


def test_the_site_shows_closed_evenings_newest_first_and_hides_the_private_player(
    evenings: tuple[str, str, list[str]],
) -> None:
    url, club_id, ids = evenings
    with Store(url) as store:
        clubs = ClubStore(store)
        club = clubs.club(club_id)
        live = LiveStore(store)
        still_open, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3,
                                   club=(club.id, clubs.key(club.id)))  # fmt: skip
        site = ClubSite(clubs, live)
        now = datetime.now(UTC)
        published = site.published(club, now)
        assert [p.id for p in published] == ids[::-1]  # the open one is not there
        assert all(p.provisional for p in published)
        names = {p.name for e in published for s in e.session.sections for q in s.pairs
                 for p in q.players}  # fmt: skip
        assert "Ann Smith" not in names
        assert "Player 1001" in names
        assert "1001" not in {p.number for p in site.players(club)}  # no page of her own
        (fixed,) = published[0].corrections  # the tables' own entries are not listed
        assert (fixed.who, fixed.action, fixed.after_closing) == ("director", "edit", True)
        assert fixed.after == "4H by S, 11 tricks"
        later = site.published(club, now + DAY)
        assert not any(p.provisional for p in later)
        assert still_open.id not in {p.id for p in later}


@pytest.mark.parametrize("number", ["1234", "AB12x"])
def test_a_club_is_found_again_by_its_slug(tmp_path: Path, number: str) -> None:
    from bridgescore.web.site import parse_slug

    with Store(f"sqlite:///{tmp_path / 'slug.db'}") as store:
        clubs = ClubStore(store)
        club = clubs.create_club("Łódź Acol B.C.", number, "EBU")
        assert clubs.club_numbered(*parse_slug(club_slug(club))) == club


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"#]*)', html)


def test_the_pages_of_the_site_and_its_settings(client: TestClient) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id, ids = club_evenings(store.url, 2, public=False, dd=False)
    clubs = ClubStore(store)
    club = clubs.club(club_id)
    clubs.add_director(club.id, "td@acol.example", PASSWORD)
    token = client.post("/api/login", json={"email": "td@acol.example",
                                            "password": PASSWORD}).json()["token"]  # fmt: skip
    base = f"/clubs/{club_slug(club)}/"
    assert base == "/clubs/acol-bc-ebu-1234/"
    # Every page the club page leads to, two links deep, and the pages they lead to.
    seen: dict[str, str] = {}
    todo = [base]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.text[:200])
        seen[path] = answer.text
        for link in _links(answer.text):
            if not link.startswith("/static/"):
                todo.append(urljoin(path, link))
    assert len([p for p in seen if "/pairs/" in p]) == 12  # 6 pairs on each evening
    assert any("/players/1002/" in p for p in seen)
    assert all("Ann Smith" not in html for html in seen.values())
    club_page = seen[base]
    assert club_page.index("Tuesday pairs 2") < club_page.index("Tuesday pairs 1")
    assert "Provisional results" in seen[f"{base}evenings/{ids[0]}/"]
    assert "<svg" in seen[f"{base}players/1002/"]
    # Settings: numbers only, and no correction period: every name gone, results final.
    assert client.put("/api/club/public", json={"players": "numbers"}).status_code == 401
    bad = client.put("/api/club/public", json={"players": "all"}, headers=auth(token))
    assert bad.status_code == 422
    done = client.put("/api/club/public", json={"players": "numbers", "correction_hours": 0},
                      headers=auth(token))  # fmt: skip
    assert done.json() == {"players": "numbers", "correction_hours": 0,
                           "language": None, "site": base}  # fmt: skip
    evening = client.get(f"{base}evenings/{ids[1]}/").text
    assert "Bob Jones" not in evening
    assert "Player 1002" in evening
    assert "Final results" in evening
    assert "Provisional" not in evening
    # Clean addresses: the name part is corrected, an unknown evening or club is not found.
    moved = client.get("/clubs/old-name-ebu-1234/", follow_redirects=False)
    assert (moved.status_code, moved.headers["location"]) == (301, base)
    assert client.get(f"{base}evenings/nonesuch/").status_code == 404
    assert client.get("/clubs/acol-bc-ebu-9999/").status_code == 404
    assert client.get(f"{base}players/1001/").status_code == 404  # the private player


@given(st.lists(st.floats(0, 100, allow_nan=False), min_size=1, max_size=60))
def test_the_plot_keeps_every_session_inside_its_axes_in_order(percents: list[float]) -> None:
    plot = percent_plot([PercentPoint(f"2026.01.{i:02d}", p) for i, p in enumerate(percents)])
    assert plot is not None
    assert 0 <= plot.low < plot.high <= 100
    assert all(plot.low <= p <= plot.high for p in percents)
    xs = [d.x for d in plot.dots]
    assert xs == sorted(xs)
    assert all(plot.left < x < plot.right for x in xs)
    top, bottom = plot.ticks[-1][0], plot.ticks[0][0]  # the high's line, the low's
    for d in plot.dots:  # a higher percentage is drawn higher (a smaller y)
        assert top - 1e-9 <= d.y <= bottom + 1e-9
        assert d.y == pytest.approx(bottom - (bottom - top) * (d.point.percent - plot.low)
                                    / (plot.high - plot.low))  # fmt: skip


def test_the_commands_set_the_public_settings_and_refuse_an_unknown_club(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tests.conftest import run

    db = f"sqlite:///{tmp_path / 'cli.db'}"
    with Store(db) as store:
        ClubStore(store).create_club("Acol BC", "1234", "EBU")
    runner = CliRunner()
    code, out = run(runner, "club", "public", "1234", "--players", "numbers", "--db", db)
    assert (code, out.strip()) == (0, "Acol BC: players by numbers, results provisional for "
                                      "24 hours after closing")  # fmt: skip
    code, out = run(runner, "club", "public", "1234", "--correction-hours", "0", "--db", db)
    assert code == 0
    assert "players by numbers, results provisional for 0 hours" in out
    code, out = run(runner, "publish", "--club", "Nowhere BC", "-o", str(tmp_path / "s"),
                    "--db", db)  # fmt: skip
    assert code == 2
    assert "no club with the id, name or number 'Nowhere BC'" in out
    code, out = run(runner, "publish", "--club", "1234", "-o", str(tmp_path / "s"), "--db", db)
    assert (code, (tmp_path / "s" / "index.html").is_file()) == (0, True)
    assert "No results published yet." in (tmp_path / "s" / "index.html").read_text()
