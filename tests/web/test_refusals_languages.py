"""The web's own refusals (a table where only the director may act, a board not yet played,
a wrong token...) in the reader's language, as the core's errors are: no HTTP error detail in
``bridgescore.web`` is an English literal."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bridgescore.web
from bridgescore.errors import MESSAGES
from bridgescore.web import Settings
from tests.conftest import auth, create_app

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
WEB = Path(bridgescore.web.__file__).parent


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Any]]:
    db = tmp_path_factory.mktemp("evening") / "e.db"
    settings = Settings(database_url=f"sqlite:///{db}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        movement = {"movement": "mitchell", "tables": 5, "boards_per_round": 2}
        yield c, c.post("/api/sessions", json={"movement": movement}).json()


def _detail(answer: Any) -> str:
    detail: str = answer.json()["detail"]
    return detail


def test_a_table_doing_the_directors_work_is_refused_in_german(
    evening: tuple[TestClient, Any],
) -> None:
    c, made = evening
    table = auth(made["tables"][0]["token"]) | GERMAN
    answer = c.post(f"/api/sessions/{made['id']}/withdrawals", json={"pair": "3NS",
                    "from_round": 2}, headers=table)  # fmt: skip
    assert answer.status_code == 403  # the core's refusal, inside the write
    assert _detail(answer).startswith("nur der Turnierleiter ändert, wer spielt")
    english = c.post(f"/api/sessions/{made['id']}/withdrawals", json={"pair": "3NS",
                     "from_round": 2}, headers=auth(made["tables"][0]["token"]))  # fmt: skip
    assert _detail(english).startswith("only the director changes who plays")
    audit = c.get(f"/api/sessions/{made['id']}/changes", headers=table)  # the web's own
    assert audit.status_code == 403
    assert _detail(audit) == "nur der Turnierleiter liest das Änderungsprotokoll"


def test_the_directors_work_is_refused_to_a_table_by_the_core(
    evening: tuple[TestClient, Any],
) -> None:
    """Every write only the director makes is refused inside it, by the core's rule (its
    coded error: the same answer from every page and API), and leaves the night as it was."""
    c, made = evening
    base, table = f"/api/sessions/{made['id']}", auth(made["tables"][0]["token"])
    before = c.get(base).json()["version"]
    tries = {
        "director_who_plays": ("post", "/pairs", {"pair": "NS 3", "names": "Late - Comers",
                                                  "from_round": 2}),
        "director_min_share": ("put", "/min-share", {"share": "50%"}),
        "director_handicap": ("put", "/handicap", {"method": "card"}),
        "director_deals": ("post", "/deals/dealt", None),
        "director_artificial": ("post", "/artificial", {"table": 1, "round": 1,
                                                        "artificial": "A/A"}),
        "director_settles": ("post", "/conflicts/1", {"keep": "stored"}),
    }  # fmt: skip
    for code, (method, path, body) in tries.items():
        answer = getattr(c, method)(base + path, json=body, headers=table)
        assert answer.status_code == 403, (path, answer.text)
        assert answer.json()["detail"] == MESSAGES[code], path
    assert c.get(base).json()["version"] == before


def test_a_board_not_yet_played_and_a_wrong_token_are_refused_in_german(
    evening: tuple[TestClient, Any],
) -> None:
    c, made = evening
    table = auth(made["tables"][0]["token"]) | GERMAN
    unplayed = c.get(f"/api/sessions/{made['id']}/boards/9", headers=table)
    assert unplayed.status_code == 403
    assert _detail(unplayed).startswith("der Laufzettel von Board 9 wird an einem Tisch gezeigt")
    wrong = c.get(f"/api/sessions/{made['id']}/boards/1", headers=auth("x" * 40) | GERMAN)
    assert wrong.status_code == 403
    assert _detail(wrong) == "das ist kein Token dieser Sitzung"


def test_a_pairs_evening_has_no_players_recap_said_in_french(
    evening: tuple[TestClient, Any],
) -> None:
    c, made = evening
    answer = c.get(f"/api/sessions/{made['id']}/players/1", headers={"Accept-Language": "fr"})
    assert answer.status_code == 404
    assert _detail(answer) == (
        "cette séance n'est pas un individuel : ses paires ont des récapitulatifs"
    )


def _english_details() -> Iterator[str]:
    """Where an ``HTTPException``'s detail in ``bridgescore.web`` is a literal (or an f-string)."""
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "HTTPException"):
                continue
            details = [k.value for k in node.keywords if k.arg == "detail"] + node.args[1:2]
            for detail in details:
                if isinstance(detail, ast.Constant | ast.JoinedStr):
                    yield f"{path.relative_to(WEB)}:{node.lineno}"


def test_no_refusal_of_the_web_is_an_english_literal() -> None:
    assert list(_english_details()) == []


def test_a_body_too_large_and_a_server_error_are_told_in_italian(
    evening: tuple[TestClient, Any], tmp_path: Path
) -> None:
    c, _ = evening
    italian = {"Accept-Language": "it", "content-type": "application/json"}
    body = b'{"result": "4HS=", "x": "' + b"a" * 200_000 + b'"}'
    large = c.post("/api/score", content=body, headers=italian)
    assert large.status_code == 413
    assert _detail(large) == "la richiesta supera 100,000 byte, il massimo accettato"
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'boom.db'}"))

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        failed = client.get("/api/boom", headers=italian)
    assert failed.status_code == 500
    assert _detail(failed) == "qualcosa è andato storto sul server; l'errore è stato registrato"
