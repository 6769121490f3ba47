"""A player's season across the server's clubs shows only what each club's site publishes
(issue 36), and a club's ladders: made by its director, ranked on its results site and in the
folder ``bridgescore publish`` writes."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from bridgescore.events.season import Ladder, LadderRules
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.season import LadderStore
from bridgescore.web.site import club_slug
from bridgescore.web.site_pages import write_site
from tests.conftest import DATA, PASSWORD, csrf
from tests.helpers import season_club, season_evening


def _rows(html: str) -> list[str]:
    return re.findall(r'<td class="nw">([^<]*)</td>', html)


def test_a_players_page_across_clubs_shows_only_what_each_publishes(client: TestClient) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    acol, bath = season_club(store, "Acol BC", "1234"), season_club(store, "Bath BC", "5678")
    hidden = season_club(store, "Cam BC", "9012", ann_public=False)  # Ann may not be named there
    season_evening(store, acol, "Acol Monday", "2026.11.02")
    season_evening(store, acol, "Acol Open", "2026.11.09", close=False)  # not published yet
    season_evening(store, bath, "Bath Tuesday", "2026.11.03")
    season_evening(store, bath, "Bath Friday", "2026.11.06")
    season_evening(store, hidden, "Cam Thursday", "2026.11.05")
    page = client.get("/players/2001/")
    assert page.status_code == 200, page.text[:300]
    html = page.text
    assert "Ann Smith" in html
    assert ("Acol BC" in html, "Bath BC" in html, "Cam BC" in html) == (True, True, False)
    assert "Acol Open" not in html
    assert "Cam Thursday" not in html
    assert sorted(_rows(html)) == ["2026.11.02", "2026.11.03", "2026.11.06"]
    assert "<svg" in html
    for link in re.findall(r'href="(/clubs/[^"]+)"', html):  # each a page of the club's site
        assert client.get(link).status_code == 200, link
    # Bath shows its players by number only: it is left out while Acol names her ...
    clubs = ClubStore(store)
    clubs.set_public(bath, "numbers", 24)
    html = client.get("/players/2001/").text
    assert ("Acol BC" in html, "Bath BC" in html) == (True, False)
    assert _rows(html) == ["2026.11.02"]
    # ... and when no club names her, her page names her by number, at both.
    clubs.set_public(acol, "numbers", 24)
    html = client.get("/players/2001/").text
    assert "Ann Smith" not in html
    assert "Player 2001" in html
    assert ("Acol BC" in html, "Bath BC" in html) == (True, True)
    assert client.get("/players/3000/").status_code == 200  # an Acol and Bath player
    assert client.get("/players/9999/").status_code == 404
    assert client.get("/players/" + "9" * 21 + "/").status_code == 404


def test_the_director_makes_a_ladder_and_the_site_ranks_it(
    client: TestClient, tmp_path: Path
) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id = season_club(store, "Acol BC", "1234", ann_public=False)  # not to be named
    clubs = ClubStore(store)
    clubs.add_director(club_id, "td@acol.example", PASSWORD)
    for title, date in [("First", "2026.11.02"), ("Second", "2026.11.09"), ("Third", "2026.11.16")]:
        season_evening(store, club_id, title, date)
    token = csrf(client, "/login")
    logged = client.post("/login", data={"csrf": token, "email": "td@acol.example",
                                         "password": PASSWORD}, follow_redirects=False)  # fmt: skip
    assert logged.status_code == 303
    token = csrf(client, "/club")
    bad = client.post("/club/ladders", data={"csrf": token, "name": "Winter", "kind": "best",
                                             "count": "0"})  # fmt: skip
    assert bad.status_code == 422
    assert "count is a whole number from 1 to 100" in bad.text
    made = client.post("/club/ladders", data={"csrf": token, "name": "Winter", "kind": "best",
                                              "count": "2", "start": "2026-11-01",
                                              "end": "2026-11-30"})  # fmt: skip
    assert made.status_code == 200  # followed to the club's page
    assert "Winter" in made.text
    assert "Best 2 sessions" in made.text
    (stored,) = LadderStore(store).ladders(club_id)
    assert stored.ladder == Ladder("Winter", LadderRules("best", 2), "2026.11.01", "2026.11.30")
    base = f"/clubs/{club_slug(clubs.club(club_id))}/"
    assert f"ladders/{stored.id}/" in client.get(base).text
    html = client.get(f"{base}ladders/{stored.id}/").text
    ranks = re.findall(r'<tr><td class="nw">([^<]*)</td>', html)
    # Partners stay together all season: each pair's two players share a rank.
    assert ranks == [f"{r}=" for k in range(6) for r in (2 * k + 1, 2 * k + 1)]
    assert "3 published sessions" in html
    assert "Ann Smith" not in html  # shown as the evenings show her, without a page
    assert "Player 2001" in html
    assert "players/2001/" not in html
    folder = tmp_path / "site"
    write_site(clubs, clubs.club(club_id), folder)
    written = (folder / "ladders" / stored.id / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<tr><td class="nw">([^<]*)</td>', written) == ranks
    gone = client.post(f"/club/ladders/{stored.id}/delete", data={"csrf": token})
    assert gone.status_code == 200
    assert LadderStore(store).ladders(club_id) == []
    assert client.get(f"{base}ladders/{stored.id}/").status_code == 404


def test_a_ladder_form_that_will_not_do_is_refused_by_field(client: TestClient) -> None:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    club_id = season_club(store, "Acol BC", "1234")
    ClubStore(store).add_director(club_id, "td@acol.example", PASSWORD)
    token = csrf(client, "/login")
    client.post("/login", data={"csrf": token, "email": "td@acol.example", "password": PASSWORD})
    token = csrf(client, "/club")
    wrong = {"kind": "worst", "count": "x" * 5000, "least": "-1", "start": "31/12/2026",
             "end": "2026.02.30x", "name": ""}  # fmt: skip
    for field, value in wrong.items():
        form = {"csrf": token, "name": "W", "kind": "best", "count": "3", field: value}
        answer = client.post("/club/ladders", data=form)
        assert answer.status_code == 422, field
        problem = re.search(r'id="ladder-problem">([^<]*)<', answer.text)
        assert problem is not None, field
        assert field in problem[1] or field == "kind", problem[1]
    assert LadderStore(store).ladders(club_id) == []


HOWELL = DATA / "real" / "usebio" / "compscore3_mp_pairs_howell.xml"
HOLDINGS = b"number,masterpoints\n870153,1250\n922821,40\n864358,700\n706043,20\n301418,150\n"


def test_the_results_page_ranks_the_strata_of_an_uploaded_session(client: TestClient) -> None:
    """The real CompScore3 file of tests/cli/test_cli_strata.py, uploaded: pair 6 (60.22 %,
    1250 points) is in A; pair 7 (59.48 %, 700) in B; pair 2 (58.07 %, 150 and one player not
    in the list) in A only."""
    token = csrf(client, "/session/new")
    made = client.post("/session/new", data={"csrf": token, "method": "mp"},
                       files={"pbn": (HOWELL.name, HOWELL.read_bytes(), "text/xml")},
                       follow_redirects=False)  # fmt: skip
    assert made.status_code == 303, made.text[:300]
    results = made.headers["location"]
    token = csrf(client, results)
    answer = client.post(f"{results}/strata", data={"csrf": token, "strata": "750,300"},
                         files={"holdings": ("points.csv", HOLDINGS, "text/csv")})  # fmt: skip
    assert answer.status_code == 200, answer.text[:300]
    tables = dict(re.findall(r'data-stratum="(\w)">(.*?)</table>', answer.text, re.S))
    pairs = {k: re.findall(r"<tr><td>([^<]*)</td><td>(\d+)</td>", v) for k, v in tables.items()}
    assert pairs["A"][:3] == [("1", "6"), ("2", "7"), ("3", "2")]
    assert pairs["B"] == [("1", "7")]
    assert "C" not in pairs  # no pair there
    assert "No pair in this stratum." in answer.text
    wrong = client.post(f"{results}/strata", data={"csrf": token, "strata": "300,750"},
                        files={"holdings": ("points.csv", HOLDINGS, "text/csv")})  # fmt: skip
    assert wrong.status_code == 422
    assert 'id="strata-problem">strata limits go down' in wrong.text
    none = client.post(f"{results}/strata", data={"csrf": token, "strata": "750"})
    assert none.status_code == 422
    assert "choose the players&#39; holdings file" in none.text
