"""The table cards, the guide cards, the relay lines and an individual's grid in the reader's
language (issue 35): their words are sentences the core gives as a code and its values, said by
the web page, the PDF and ``bridgescore movement``; in English every byte is what it was.

``tests/data/movement_english.txt`` is what main printed (commit 6ca564d, before the cards were
sentences) for :func:`english`'s movements: the summaries, table cards and guide cards of
Mitchells and Howells with relays, shares, arrow switches, a half table, sit-outs and boards
that wait a round, and two individuals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.cli import cli
from bridgescore.duplicate.movement import (
    Movement,
    describe,
    guide_cards,
    howell,
    mitchell,
    read_file,
    table_cards,
)
from bridgescore.duplicate.movement.individual import describe_individual, individual
from bridgescore.duplicate.movement.report import cards
from bridgescore.locale import LANGUAGES, sentence_text, use
from bridgescore.paper import cards_pdf
from bridgescore.web import Settings
from tests.conftest import DATA, create_app
from tests.helpers import text_of

ENGLISH_WORDS = re.compile(
    r"\btables? \d|sits out|wait, then|not in play|\bswitch\b|relay stand|half table|\band\b|"
    r"Boards waiting"
)
"""Words only English says on the cards (French says "table 3" too: :data:`NOT_FRENCH`)."""
NOT_FRENCH = re.compile(ENGLISH_WORDS.pattern.replace(r"\btables? \d|", ""))


def movements() -> Iterator[tuple[str, Movement]]:
    yield "mitchell 4 2 relay", mitchell(4, 2, even="relay")
    yield "mitchell 8 2 relay", mitchell(8, 2, even="relay")
    yield "mitchell 5 2 arrow", mitchell(5, 2, arrow_switch=True)
    yield "mitchell 3 2 half", mitchell(3, 2, half_table=True)
    yield "howell 5 2", howell(5, 2)
    yield "howell 16 2 r11", howell(16, 2, rounds=11)
    built = howell(10, 2, rounds=9)
    yield "howell 10 2 r9 typed", read_file(built.to_csv(), "csv", meetings=built.meetings)
    yield "howell 9 2", howell(9, 2)


def english() -> str:
    """What tests/data/movement_english.txt holds, made by this code."""
    out = [f"=== {name}\n{describe(m)}\n--- table\n{table_cards(m)}\n--- guide\n{guide_cards(m)}"
           for name, m in movements()]  # fmt: skip
    out += [f"=== individual {n}\n{describe_individual(individual(n, 2))}" for n in (12, 13)]
    return "\n".join(out) + "\n"


def test_english_is_byte_for_byte_what_main_printed() -> None:
    assert english() == (DATA / "movement_english.txt").read_text(encoding="utf-8")


def said(language: str, m: Movement) -> tuple[str, str, str]:
    """The movement's summary, table cards and guide cards in a language."""
    with use(language):
        return (describe(m, sentence_text), table_cards(m, sentence_text),
                guide_cards(m, sentence_text))  # fmt: skip


def test_the_cards_in_german() -> None:
    summary, tables, guides = said("de", mitchell(4, 2, even="relay"))
    card = tables.split("\n\n")[1].splitlines()
    assert card[0] == "Tisch 2 (Mitchell: 4 Tische, 8 Paare, 4 Runden zu 2 Boards, 8 Boards)"
    assert card[1].split() == ["Runde", "NS", "OW", "Boards", "NS", "danach", "OW", "danach",
                               "Boards", "danach"]  # fmt: skip
    assert card[2].split("  ")[-1] == "Tische 1 und 4"  # a shared set of boards
    assert "Tisch 2 NS  Tisch 3 OW" in card[2]
    assert tables.count("Relay zwischen Tisch 2 und 3") == 3
    assert ("Wartende Boards, Relay zwischen Tisch 2 und 3: 5-6 (Runde 1), 7-8 (Runde 2), "
            "1-2 (Runde 3), 3-4 (Runde 4).") in summary.splitlines()  # fmt: skip
    assert guides.splitlines()[1].split() == ["Runde", "Tisch", "Richtung", "Gegen", "Boards"]
    _, tables, guides = said("de", howell(16, 2, rounds=11))
    assert "Pfeil" in tables.splitlines()[1]
    assert "  Wechsel" in tables
    assert "NS (Pfeilwechsel)" in guides
    _, tables, guides = said("de", howell(9, 2))
    assert "setzt aus" in tables
    assert "setzt aus" in guides
    built = howell(10, 2, rounds=9)
    _, tables, _ = said("de", read_file(built.to_csv(), "csv", meetings=built.meetings))
    assert "warten, dann Tisch 3 (Runde 4)" in tables
    for text in (summary, tables, guides):
        assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)


def test_the_cards_in_french_and_a_typed_relay_place_as_given() -> None:
    summary, tables, guides = said("fr", mitchell(3, 2, half_table=True))
    assert "Étuis en attente, demi-table 3 : 5-6 (tour 1), 1-2 (tour 2), 3-4 (tour 3)." in summary
    assert "au repos" in tables
    assert "au repos" in guides
    assert guides.splitlines()[0].startswith("Paire NS 1 (Mitchell : 3 tables")
    text = "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,4,5-6\n2,2,3,2,7-8\n"
    m = read_file(text, "csv")
    assert str(cards(m)[0].rows[0][6]) == "not in play"
    with use("fr"):
        assert cards(m)[0].said(sentence_text).rows[0][6] == "plus joués"


def test_an_individual_in_german_and_in_spanish() -> None:
    m = individual(13, 2)
    with use("de"):
        lines = describe_individual(m, sentence_text).splitlines()
    assert lines[0] == "Individual: 13 Spieler, 3 Tische, 13 Runden zu 2 Boards, 26 Boards"
    assert lines[2].split() == ["Runde", "Tisch", "1", "Tisch", "2", "Tisch", "3"]
    assert lines[3].split()[:4] == ["1", "4-11", "g.", "3-12"]
    out = next(line for line in lines if line.startswith("Setzen aus: "))
    assert out.startswith("Setzen aus: Runde 1: ")
    assert out.count("; Runde ") == 12
    assert not re.search(r"Sitting out|Round|Table|Each cell|players", "\n".join(lines))
    with use("es"):
        one = describe_individual(individual(8, 1, rounds=4), sentence_text).splitlines()
    assert one[0] == "Individual: 8 jugadores, 2 mesas, 4 rondas de 1 mano, 4 manos"
    assert one[2].split()[:2] == ["Ronda", "Mesa"]


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_says_every_word_of_the_cards(language: str) -> None:
    """No English word is left on any card (the pair labels and boards stay as they are)."""
    english_words = NOT_FRENCH if language == "fr" else ENGLISH_WORDS
    for _, m in movements():
        for text in said(language, m):
            assert not english_words.search(text), (language, english_words.search(text))


def test_the_pdf_and_the_page_and_the_cli_in_german(client: TestClient) -> None:
    m = mitchell(4, 2, even="relay")
    with use("de"):
        pdf = text_of(cards_pdf(cards(m), "Montag"))
    assert "Tische 1 und 4" in pdf
    assert "Relay zwischen Tisch 2 und 3" in pdf
    assert not ENGLISH_WORDS.search(pdf)
    page = client.get("/movement?movement=howell&pairs=9&boards_per_round=2&cards=guide",
                      headers={"Accept-Language": "de"})  # fmt: skip
    assert '<h2 class="card-heading">Paar 9</h2>' in page.text
    assert "<td>setzt aus</td>" in page.text
    assert '<th scope="col">Richtung</th>' in page.text
    english_page = client.get("/movement?movement=howell&pairs=9&boards_per_round=2&cards=guide")
    assert "<td>sits out</td>" in english_page.text
    env = dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES")) | {"LANG": "de_DE.UTF-8"}
    done = CliRunner().invoke(cli, ["movement", "mitchell", "-t", "4", "-b", "2", "--even",
                                    "relay", "--cards"], env=env)  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "Tisch 3 NS  Tisch 4 OW  Relay zwischen Tisch 2 und 3" in done.output
    assert "Paar EW 4 (Mitchell: 4 Tische" in done.output


def test_the_table_phone_is_told_where_the_boards_go_in_its_language(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'l.db'}", open_evenings=True)
    movement = {"movement": "mitchell", "tables": 4, "boards_per_round": 2, "even": "relay"}
    with TestClient(create_app(settings)) as live:
        created = live.post("/api/sessions", json={"event": "Montag", "movement": movement})
        assert created.status_code == 201, created.text
        url = f"/api/sessions/{created.json()['id']}"
        german = live.get(url, headers={"Accept-Language": "de"}).json()["boards_next"]
        english = live.get(url).json()["boards_next"]
    going = {(g["round"], g["table"]): (g["to"], g["said"]) for g in german}
    assert going[1, 2] == ("tables 1 and 4", "Tische 1 und 4")
    assert going[1, 3] == ("relay stand between tables 2 and 3", "Relay zwischen Tisch 2 und 3")
    assert [g["to"] for g in english] == [g["to"] for g in german]  # the program's value
    assert all(g["said"] == g["to"] for g in english)
