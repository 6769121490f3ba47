"""A closed individual evening's published outputs (SCORING.md §26): its USEBIO (read back to
the players' ranking the API shows), PBN and CSV, the PDF results sheet, the club's site page
and the site ``bridgescore publish`` writes, and the players' letters: each 200 with the
players' ranking, never 500."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.duplicate.movement import individual
from bridgescore.pbn import read as read_pbn
from bridgescore.storage.clubs import ClubStore
from bridgescore.usebio import read as read_usebio
from bridgescore.web import Settings
from bridgescore.web.site import club_slug
from bridgescore.web.site_pages import write_site
from tests.conftest import auth, create_app, make_club, run
from tests.helpers import text_of

NAMES = {str(n): f"Player {chr(64 + n)}" for n in range(1, 13)}
ROSTER = (("Player A", "1001", "a@example.org"), ("Player B", "1002", None),
          ("Player C", "1003", "c@example.org"),
          ("Player C", "1004", "c2@example.org"))  # fmt: skip


def _played(c: TestClient, login: dict[str, str]) -> tuple[str, list[dict[str, Any]]]:
    """An individual of 12 players, 5 rounds of a board, every result in, closed: its id and
    the players' ranking as the API shows it."""
    spec = {"movement": "individual", "players": 12, "boards_per_round": 1, "rounds": 5}
    made = c.post("/api/sessions", json={"event": "Individual", "movement": spec,
                                         "names": NAMES}, headers=login)  # fmt: skip
    assert made.status_code == 201, made.text
    created = made.json()
    for p in individual(12, 1, rounds=5).plays:
        body = {"round": p.round, "table": p.table, "board": p.boards[0],
                "contract": ["3NT", "4S", "2H"][p.table % 3], "declarer": "NESW"[p.round % 4],
                "tricks": 7 + (p.round * p.table) % 4}  # fmt: skip
        headers = auth(created["tables"][p.table - 1]["token"])
        added = c.post(f"/api/sessions/{created['id']}/results", json=body, headers=headers)
        assert added.status_code == 201, added.text
    closed = c.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                    headers=auth(created["edit_token"]))  # fmt: skip
    assert closed.status_code == 200, closed.text
    ranking = c.get(f"/api/sessions/{created['id']}").json()["rankings"]["all"]
    assert len(ranking) == 12
    return str(created["id"]), ranking


def test_every_output_of_a_closed_individual_ranks_its_players(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'i.db'}"
    settings = Settings(database_url=url)
    with TestClient(create_app(settings)) as c:
        login = auth(make_club(c, "Acol BC", "1234", "td@example.org"))
        c.put("/api/club/public", json={"correction_hours": 0}, headers=login)
        for name, number, email in ROSTER:
            entry = {"name": name, "number": number, **({"email": email} if email else {})}
            assert c.post("/api/roster", json=entry, headers=login).status_code == 201
        game, ranking = _played(c, login)
        wanted = [(r["rank"], r["number"], r["percent"]) for r in ranking]
        # USEBIO: the players, read back in the API's order, places and percentages
        page = c.get(f"/session/{game}")
        assert page.status_code == 200
        assert 'id="download-usebio"' in page.text
        assert "No USEBIO" not in page.text
        usebio = c.get(f"/api/sessions/{game}/export", params={"format": "usebio"})
        assert usebio.status_code == 200, usebio.text
        again = read_usebio(usebio.content)
        assert [(r.place, r.pair.number, r.percent) for r in again.standings] == wanted
        assert [r.pair.names for r in again.standings] == [r["names"] for r in ranking]
        # PBN: the partnerships' boards, as far as PBN can say it (no players' ranking)
        pbn = c.get(f"/api/sessions/{game}/export", params={"format": "pbn"})
        assert pbn.status_code == 200, pbn.text
        assert len(read_pbn(pbn.text).sections[0].results) == 15
        assert c.get(f"/api/sessions/{game}/export", params={"format": "csv"}).status_code == 200
        # the PDF results sheet: the players, ranked
        pdf = c.get(f"/api/sessions/{game}/paper/results.pdf")
        assert pdf.status_code == 200, pdf.text
        sheet = text_of(pdf.content)
        assert " & " not in sheet  # no partnership
        where = [sheet.index(f" {r['names']} ") for r in ranking]
        assert where == sorted(where)  # in the ranking's order, each player once
        # the club's site and the site `bridgescore publish` writes
        clubs = ClubStore(c.app.state.store)  # type: ignore[attr-defined]
        club = clubs.club_numbered("EBU", "1234")
        evening = c.get(f"/clubs/{club_slug(club)}/evenings/{game}/")
        assert evening.status_code == 200, evening.text[:300]
        where = [evening.text.index(f"<td>{r['names']}</td>") for r in ranking]
        assert where == sorted(where)
        assert "/pairs/" not in evening.text  # no partnership's scorecard, nor its ranking
        assert "Player A &amp;" not in evening.text
        assert write_site(clubs, club, tmp_path / "site") > 0
        written = (tmp_path / "site" / "evenings" / game / "index.html").read_text()
        assert all(f"<td>{r['names']}</td>" in written for r in ranking)
        # the letters: each reached player's own line; a name no one's or two's: not reached
        mail = c.get(f"/api/sessions/{game}/emails", headers=login)
        assert mail.status_code == 200, mail.text
        letters = {x["to"]: x for x in mail.json()["letters"]}
        assert set(letters) == {"a@example.org"}
        mine = next(r for r in ranking if r["names"] == "Player A")
        assert (
            f"Player {mine['number']} Player A: place {mine['rank']} of 12"
            in (letters["a@example.org"]["text"])
        )
        assert f"({mine['percent']:.2f}%)" in letters["a@example.org"]["text"]
        unreached = {(u["name"], u["reason"]) for u in mail.json()["unreached"]}
        assert ("Player B", "no email") in unreached
        assert ("Player C", "several on the roster") in unreached
        assert ("Player D", "not on the roster") in unreached
        # the CLI's USEBIO of a club evening: the EBU's file, its players (5 boards: no
        # Scale F award, outside its 18 to 35 boards)
        clubs.set_masterpoints(club.id, "ebu")
    out = tmp_path / "ebu.xml"
    code, said = run(CliRunner(), "session", "masterpoints", game, "--format", "ebu", "--db",
                     url, "-o", str(out))  # fmt: skip
    assert code == 0, said
    filed = read_usebio(out.read_bytes())
    assert [(r.place, r.pair.number, r.percent) for r in filed.standings] == wanted
