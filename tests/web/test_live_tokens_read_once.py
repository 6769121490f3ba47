"""A server checks a live session's table tokens once (issue 33: each table's first result in
each worker looked its token up alone): the first token it has not met reads every table's,
and a token of no table is still refused."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bridgescore.storage.tokens import hash_token
from bridgescore.web import Settings
from tests.conftest import auth, create_app

RESULT = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}


def test_the_first_table_met_brings_every_tables_token(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}", open_evenings=True)
    app = create_app(settings)
    with TestClient(app) as client:
        movement = {"movement": "mitchell", "tables": 5, "boards_per_round": 3}
        created = client.post("/api/sessions", json={"event": "E", "movement": movement}).json()
        game, tables = created["id"], created["tables"]
        known = app.state.live.tokens
        known.clear()  # as another worker, which did not start the session
        answer = client.post(f"/api/sessions/{game}/results", json=RESULT,
                             headers=auth(tables[0]["token"]))  # fmt: skip
        assert answer.status_code == 201, answer.text
        assert {known[(game, hash_token(t["token"]))] for t in tables} == {1, 2, 3, 4, 5}
        wrong = client.get(f"/api/sessions/{game}/whoami", headers=auth("not-a-token"))
        assert wrong.status_code == 403
        assert (game, hash_token("not-a-token")) not in known
        fifth = client.get(f"/api/sessions/{game}/whoami", headers=auth(tables[4]["token"]))
        assert fifth.json() == {"role": "table", "table": 5}
