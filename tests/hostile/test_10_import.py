"""Issue 33, case 10: an import trusted its file. A backup whose result sat at table 999 was
imported, scored and ranked; and the outbox history was not exported, so after an import the
"letters sent already" guard no longer held. Import runs the live writes' core checks (refused
whole, naming the field and quoting the value) and brings the mailings and their letters."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import PASSWORD, auth, create_app, make_club, run

MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
ANN, BOB = {"name": "Ann Smith", "number": "1001"}, {"name": "Bob Jones", "number": "1002"}
SMTP = {"host": "smtp.acol.example", "port": 587, "security": "starttls",
        "sender": "results@acol.example"}  # fmt: skip


def _app(url: str) -> TestClient:
    return TestClient(create_app(Settings(database_url=url)))


def _mailed_evening(client: TestClient) -> str:
    """A club whose evening was played, closed and emailed: the club's id."""
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    director = auth(token)
    answer = client.post("/api/roster", json={**ANN, "email": "ann@acol.example"},
                         headers=director)  # fmt: skip
    assert answer.status_code == 201, answer.text
    body = {"event": "Monday", "movement": MOVEMENT, "players": {"NS 1": [ANN, BOB]}}
    game = client.post("/api/sessions", json=body, headers=director).json()["id"]
    for slot in client.get(f"/api/sessions/{game}", headers=director).json()["missing"]:
        result = {"round": slot["round"], "table": slot["table"], "board": slot["board"],
                  "contract": "4S", "declarer": "S", "tricks": 10}  # fmt: skip
        added = client.post(f"/api/sessions/{game}/results", json=result, headers=director)
        assert added.status_code == 201, added.text
    assert client.post(f"/api/sessions/{game}/close", json={"closed": True},
                       headers=director).is_success  # fmt: skip
    assert client.put("/api/club/smtp", json=SMTP, headers=director).status_code == 200
    sent = client.post(f"/api/sessions/{game}/emails", json={}, headers=director)
    assert sent.status_code == 202, sent.text
    club_id: str = client.get("/api/club", headers=director).json()["club"]["id"]
    return club_id


def test_an_import_refuses_a_result_outside_the_movement_and_keeps_the_letters_sent(
    tmp_path: Path, database_url: str, runner: CliRunner
) -> None:
    with _app(f"sqlite:///{tmp_path / 'first.db'}") as first:
        url = first.app.state.store.url  # type: ignore[attr-defined]
        club_id = _mailed_evening(first)
    out = tmp_path / "acol.json"
    code, text = run(runner, "club", "export", club_id, "-o", str(out), "--db", url)
    assert code == 0, text
    data: dict[str, Any] = json.loads(out.read_text())
    bad = json.loads(out.read_text())
    bad["games"][0]["results"][-1]["table"] = 999
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(bad))
    code, text = run(runner, "club", "import", str(hostile), "--db", database_url)
    assert code == 2, text
    assert f"games[0].results[{len(bad['games'][0]['results']) - 1}].table" in text
    assert "999" in text
    # nothing of it was written: the good file's club (same number) goes in after it
    assert data["games"][0]["mailings"], "the outbox history is in the export"
    code, text = run(runner, "club", "import", str(out), "--db", database_url)
    assert code == 0, text
    with _app(database_url) as second:
        login = second.post("/api/login", json={"email": "td@acol.example", "password": PASSWORD})
        director = auth(login.json()["token"])
        (game,) = second.get("/api/club/sessions", headers=director).json()["sessions"]
        assert second.put("/api/club/smtp", json=SMTP, headers=director).status_code == 200
        emails = f"/api/sessions/{game['id']}/emails"
        twice = second.post(emails, json={}, headers=director)
        assert twice.status_code == 409, twice.text
        assert "sent already" in twice.json()["detail"]
        assert second.post(emails, json={"again": True}, headers=director).status_code == 202
