"""Case 9 of issue 33: a long pair name must not stop the evening's email.

A pair's name could be 200 characters long, a player's only 100, and the letters read a
pair's names as players: a 109-character name made ``GET /api/sessions/{id}/emails`` answer
422 and nobody got a letter. Names now have one maximum in the core
(:data:`bridgescore.inputs.LONGEST_NAME`), and every layer takes what the core took. (The
team events' ``publish`` half of the case: ``test_09_team_publish.py``.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridgescore.events import Entrant
from bridgescore.inputs import LONGEST_NAME
from bridgescore.players import Player
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club

LONG = (
    "The Honourable Society of Long-Named Partnerships of Upper Wickham-on-the-Marsh Bridge Circle"
)
LONG_PAIR = (LONG + " Table 3 EW")[:109].ljust(109, "x")
MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}


def test_one_maximum_for_every_name() -> None:
    longest = "x" * LONGEST_NAME
    assert Player(longest).name == longest
    assert Entrant(longest).name == longest


def test_a_109_character_pair_name_does_not_stop_the_letters(tmp_path: Path) -> None:
    assert len(LONG_PAIR) == 109
    assert "&" not in LONG_PAIR
    member = ("Ann " + "Smythe-" * 25)[:150]  # a roster's name past the old 100 too
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}")
    with TestClient(create_app(settings)) as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        for name, number, address in ((member, "1001", "ann@example.org"),
                                      ("Bob Jones", "1002", "bob@example.org")):  # fmt: skip
            entry = {"name": name, "number": number, "email": address}
            added = client.post("/api/roster", json=entry, headers=auth(token))
            assert added.status_code == 201, added.text
        smtp = {"host": "smtp.acol.test", "port": 587, "sender": "results@acol.example"}
        assert client.put("/api/club/smtp", json=smtp, headers=auth(token)).status_code == 200
        body: dict[str, Any] = {
            "event": "Monday pairs", "movement": MOVEMENT, "date": "2026.12.01",
            "players": {"NS 1": [{"name": member, "number": "1001"},
                                 {"name": "Bob Jones", "number": "1002"}]},
            "names": {"EW 3": LONG_PAIR}}  # fmt: skip
        created = client.post("/api/sessions", json=body, headers=auth(token))
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        tables = {t["table"]: t["token"] for t in created.json()["tables"]}
        for slot in client.get(f"/api/sessions/{game}").json()["missing"]:
            result = {"round": slot["round"], "table": slot["table"], "board": slot["board"],
                      "contract": "3NT", "declarer": "N", "tricks": 9}  # fmt: skip
            added = client.post(f"/api/sessions/{game}/results", json=result,
                                headers=auth(tables[slot["table"]]))  # fmt: skip
            assert added.status_code == 201, added.text
        client.post(f"/api/sessions/{game}/close", json={"closed": True}, headers=auth(token))
        emails = f"/api/sessions/{game}/emails"
        preview = client.get(emails, headers=auth(token))
        assert preview.status_code == 200, preview.text
        plan = preview.json()
        assert sorted(x["to"] for x in plan["letters"]) == ["ann@example.org", "bob@example.org"]
        assert [(u["name"], u["reason"]) for u in plan["unreached"]
                if u["pair"] == "EW 3"] == [(LONG_PAIR, "no number")]  # fmt: skip
        assert any(LONG_PAIR in x["text"] for x in plan["letters"])  # an opponent, named whole
        sent = client.post(emails, json={}, headers=auth(token))
        assert sent.status_code == 202, sent.text
        assert sent.json()["queued"] == 2
