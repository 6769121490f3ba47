"""Issue 33, case 9 (its team part, fixed by the house issue; kept here): a club with a team
event broke ``bridgescore publish`` (exit 2) and the event's site page (422). A played and
closed Swiss is on the club's site and in the published folder."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club, run

TEAMS = ("Lions", "Bears", "Owls", "Cats")


def test_a_team_event_is_published_and_shown(tmp_path: Path, runner: CliRunner) -> None:
    url = f"sqlite:///{tmp_path / 'teams.db'}"
    with TestClient(create_app(Settings(database_url=url))) as client:
        login = auth(make_club(client, "Acol BC", "1234", "td@acol.example"))
        body = {"kind": "swiss-teams", "name": "Autumn Swiss", "rounds": 1,
                "boards_per_match": 2, "entrants": [{"name": n} for n in TEAMS]}  # fmt: skip
        event_id = client.post("/api/events", json=body, headers=login).json()["id"]
        drawn = client.post(f"/api/events/{event_id}/rounds", headers=login).json()
        for match in drawn["matches"]:
            for table in match["tables"]:
                for board in match["boards"]:
                    result = {"round": 1, "table": table["table"], "board": board,
                              "contract": "4S", "declarer": "N",
                              "tricks": 9 + table["table"] % 2}  # fmt: skip
                    answer = client.post(f"/api/sessions/{event_id}/results", json=result,
                                         headers=login)  # fmt: skip
                    assert answer.status_code == 201, answer.text
        closed = client.post(f"/api/sessions/{event_id}/close", json={"closed": True},
                             headers=login)  # fmt: skip
        assert closed.status_code == 200
        index = client.get("/clubs/acol-bc-ebu-1234/")
        assert index.status_code == 200
        (page,) = re.findall(r'href="(?:/clubs/acol-bc-ebu-1234/)?(events/[^"]+)"', index.text)
        shown = client.get(f"/clubs/acol-bc-ebu-1234/{page}")
        assert shown.status_code == 200, shown.text
        assert all(team in shown.text for team in TEAMS)
    code, out = run(runner, "publish", "--club", "1234", "-o", str(tmp_path / "site"), "--db", url)
    assert code == 0, out
    written = [p.read_text() for p in (tmp_path / "site").rglob("*.html")]
    assert any("Autumn Swiss" in text and "Lions" in text for text in written)
