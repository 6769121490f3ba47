"""The core's errors a table phone or the director's page meets, in the reader's language
(issue 35): a bad result posted with ``Accept-Language: de`` is refused in German, its
``loc`` and ``type`` unchanged."""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.errors import MESSAGES
from bridgescore.locale import LANGUAGES, gettext, use
from bridgescore.web import Settings
from tests.conftest import auth, create_app

RESULT = {"round": 1, "table": 2, "board": 4, "contract": "4HX", "declarer": "S", "tricks": 8}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture(scope="module")
def evening(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """An evening of 7 tables (one for the module: every post here is refused)."""
    db = tmp_path_factory.mktemp("evening") / "e.db"
    settings = Settings(database_url=f"sqlite:///{db}", open_evenings=True)
    with TestClient(create_app(settings)) as c:
        body = {"event": "Montag", "movement": {"movement": "mitchell", "tables": 7,
                                                "boards_per_round": 3}}  # fmt: skip
        created = c.post("/api/sessions", json=body).json()
        yield c, created


@pytest.mark.parametrize(
    ("change", "loc", "german"),
    [
        (
            {"contract": "4Z"},
            "contract",
            "ungültige Kontraktschreibweise: '4Z'; erwartet eine Stufe 1-7, eine Farbe C D H S NT "
            "(oder N ♣ ♦ ♥ ♠) und X oder XX, wenn kontriert, z. B. '4HX' oder '3NT', oder 'Pass'",
        ),
        ({"board": 1}, "board", "Tisch 2 spielt in Runde 1 die Boards 4, 5, 6, nicht Board 1"),
        (
            {"round": 9},
            "table",
            "kein Tisch 2 in Runde 9 dieses Abends (7 Tische, 7 Runden)",
        ),
        (
            {"declarer": None},
            "declarer",
            "4HX braucht seinen Alleinspieler (N, E, S oder W) und die erzielten Stiche",
        ),
        (
            {"lead": "ZK"},
            "lead",
            "ungültiges Ausspiel 'ZK'; erwartet eine Farbe und eine Karte, wie SK oder H7",
        ),
        (
            {"contract": "Pass", "declarer": None, "tricks": None, "lead": "SK"},
            "lead",
            "ein Ausspiel gehört zu einem gespielten Kontrakt",
        ),
        (
            {"tricks": 14},
            "tricks",
            "die Stichzahl muss eine ganze Zahl von 0 bis 13 sein, erhalten: 14",
        ),
    ],
    ids=["contract", "board", "round", "declarer", "lead", "lead-on-a-pass", "tricks"],
)
def test_a_bad_result_is_refused_in_german(
    evening: tuple[TestClient, dict[str, Any]], change: dict[str, Any], loc: str, german: str
) -> None:
    client, created = evening
    url = f"/api/sessions/{created['id']}/results"
    table_2 = auth(created["tables"][1]["token"])
    said = client.post(url, json={**RESULT, **change}, headers={**table_2, **GERMAN})
    english = client.post(url, json={**RESULT, **change}, headers=table_2)
    assert said.status_code == english.status_code == 422
    (problem,) = said.json()["detail"]
    assert problem["msg"] == german
    assert problem["loc"] == english.json()["detail"][0]["loc"] == ["body", loc]
    assert problem["type"] == english.json()["detail"][0]["type"]
    assert english.json()["detail"][0]["msg"] != german


def test_another_tables_result_and_a_directors_score_are_refused_in_german(
    evening: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = evening
    url = f"/api/sessions/{created['id']}/results"
    table_3 = auth(created["tables"][2]["token"])
    other = client.post(url, json=RESULT, headers={**table_3, **GERMAN})
    assert other.status_code == 403
    assert other.json()["detail"] == (
        "dies ist der Token von Tisch 3: er gibt nur die Ergebnisse von Tisch 3 ein"
    )
    table_2 = auth(created["tables"][1]["token"])
    adjusted = {**RESULT, "contract": None, "declarer": None, "tricks": None, "artificial": "A+"}
    director_only = client.post(url, json=adjusted, headers={**table_2, **GERMAN})
    assert director_only.json()["detail"] == (
        "nur der Turnierleiter gibt oder ändert ein künstliches Ergebnis"
    )


def test_a_directors_weighted_score_is_refused_in_german(
    evening: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = evening
    url = f"/api/sessions/{created['id']}/results"
    weighted = {**RESULT, "contract": None, "declarer": None, "tricks": None,
                "weighted": "50% 4SN="}  # fmt: skip
    said = client.post(url, json=weighted, headers={**auth(created["edit_token"]), **GERMAN})
    assert said.status_code == 422
    (problem,) = said.json()["detail"]
    assert problem["loc"] == ["body", "weighted"]
    assert problem["msg"].startswith(
        "die Gewichte müssen zusammen genau 100 % ergeben, nicht 50 %: '50% 4SN='; erwartet "
    )


def test_a_movement_too_big_is_refused_in_the_readers_language(client: TestClient) -> None:
    answer = client.get(
        "/api/movement",
        params={"movement": "howell", "pairs": 30, "boards_per_round": 2},
        headers={"Accept-Language": "nl"},
    )
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["msg"] == (
        "een Howell heeft 4 tot 20 paren nodig (neem voor meer een Mitchell), niet 30"
    )


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_error_template_keeps_its_values(language: str) -> None:
    """A translation names exactly the values its English template names (else the reader
    would get the English back, or a value left out)."""
    with use(language):
        for code, english in MESSAGES.items():
            names = {n for _, n, _, _ in string.Formatter().parse(english) if n}
            translated = gettext(english)
            words = "".join(text for text, _, _, _ in string.Formatter().parse(english))
            if any(c.isalpha() for c in words):  # ("{why}": another error's words, said)
                assert translated != english, (language, code)
            assert {n for _, n, _, _ in string.Formatter().parse(translated) if n} == names, code
