"""The movement reports (fairness, completeness, moves, the alternatives) in the reader's
language (issue 35): the core gives each sentence a code and its values, the new-evening
preview, the movement page and ``bridgescore movement`` say them through the catalogues."""

from __future__ import annotations

import html
import re
import string

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.cli import cli
from bridgescore.duplicate.movement import REPORTS, howell, mitchell
from bridgescore.locale import LANGUAGES, gettext, sentence_text, use


def test_the_preview_says_an_incomplete_mitchell_in_german(client: TestClient) -> None:
    answer = client.get(
        "/api/movement",
        params={"tables": 4, "boards_per_round": 3},
        headers={"Accept-Language": "de-DE,de;q=0.9"},
    )
    body = answer.json()
    assert body["completeness"] == (
        "Unvollständig: jedes Paar verpasst 1 seiner 4 Gegner (NS 1 gegen EW 3, NS 2 gegen EW 4, "
        "NS 3 gegen EW 1, NS 4 gegen EW 2)."
    )
    assert body["fairness"].splitlines()[:2] == [
        "Jedes Paar spielt gegen 3 Paare des anderen Feldes, gegen jedes einmal.",
        "2 Felder, jedes für sich gewertet: NS 1, NS 2, NS 3, NS 4; EW 1, EW 2, EW 3, EW 4.",
    ]
    assert [a["summary"] for a in body["alternatives"]] == [
        "Mitchell mit Teilen und Relay: 8 Paare, 4 Runden zu 3 Boards, 12 Boards (4 Tische)",
        "Howell: 8 Paare, 7 Runden zu 3 Boards, 21 Boards (4 Tische)",
    ]
    assert [a["name"] for a in body["alternatives"]] == ["Share-and-relay Mitchell", "Howell"]
    english = client.get("/api/movement", params={"tables": 4, "boards_per_round": 3}).json()
    assert english["completeness"].startswith("Incomplete: every pair misses 1 of its 4")


def test_an_individual_and_a_balance_in_the_languages_own_numbers(client: TestClient) -> None:
    said = client.get(
        "/api/movement",
        params={"movement": "individual", "players": 12, "boards_per_round": 2},
        headers={"Accept-Language": "it"},
    ).json()
    assert said["completeness"] == (
        "Nessuno gioca due volte con lo stesso compagno: ogni giocatore ha 11 compagni, una "
        "volta ciascuno."
    )
    assert said["fairness"].splitlines()[-1] == "Ogni giocatore gioca 11 turni (22 board)."
    balance = client.get(
        "/api/movement",
        params={"movement": "howell", "pairs": 10, "boards_per_round": 3},
        headers={"Accept-Language": "es"},
    ).json()["fairness"]
    assert "media 12,00, desviación típica 5,37" in balance, balance


def test_the_movement_page_in_french(client: TestClient) -> None:
    page = client.get(
        "/movement",
        params={"movement": "mitchell", "tables": 7, "boards_per_round": 3},
        headers={"Accept-Language": "fr"},
    ).text
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "Complet : chaque paire rencontre chacun de ses adversaires." in text
    assert "Chaque paire rencontre une fois chacune des paires de l'autre champ." in text
    assert "Mitchell : 7 tables, 14 paires, 7 tours de 3 donnes, 21 donnes" in text
    assert re.search(r"Tour +Table 1 +Table 2", text)
    assert "Every pair meets" not in text


def test_the_cli_says_the_report_in_the_environments_language(runner: CliRunner) -> None:
    polish = runner.invoke(
        cli, ["movement", "howell", "--pairs", "8", "-b", "2"], env={"LANGUAGE": "pl"}
    )
    assert polish.exit_code == 0, polish.output
    assert "Każda para gra raz z każdą inną parą." in polish.output
    assert "Pauzują: " not in polish.output  # 8 pairs: nobody sits out
    assert polish.output.splitlines()[2].split()[:3] == ["Runda", "Stół", "1"]
    english = runner.invoke(
        cli, ["movement", "howell", "--pairs", "8", "-b", "2"], env={"LANGUAGE": "", "LC_ALL": "C"}
    )
    assert "Every pair meets every other pair once." in english.output


SAME_WORDS = {"alt_howell", "kind_howell", "kind_mitchell", "fairness_heading", "grid_table",
              "card_table", "col_table", "at_seat", "at_table", "at_tables", "ns", "ew", "sets",
              "col_boards", "ind_cell"}  # fmt: skip
"""Words some language writes as English does (Howell, Mitchell; German Fairness and Boards,
French table, NS in most, Dutch sets, Polish's "v" between partnerships)."""


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_report_sentence_is_translated_with_its_own_values(language: str) -> None:
    with use(language):
        for code, english in REPORTS.items():
            names = {n for _, n, _, _ in string.Formatter().parse(english) if n}
            translated = gettext(english)
            assert {n for _, n, _, _ in string.Formatter().parse(translated) if n} == names, code
            if code not in SAME_WORDS:
                assert translated != english, (language, code)
        assert sentence_text(howell(8, 2).fairness().sentences()[0]) != (
            "Every pair meets every other pair once."
        )
        assert sentence_text(mitchell(3, 2).fairness().sentences()[-1])
