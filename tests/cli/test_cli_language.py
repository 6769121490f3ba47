"""The command line speaks the environment's language (``LANG`` and the others gettext reads):
headings, columns and sentences, the rubber and Chicago pads, the errors; ``--json`` never
changes; ``club public --language`` sets a club's default language."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import cli
from bridgescore.home import render
from bridgescore.home.chicago import Chicago
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from tests.conftest import DATA
from tests.helpers import said_in

MITCHELL = str(DATA / "mitchell3.pbn")
NAMES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def speaking(lang: str) -> dict[str, str | None]:
    """An environment whose only language setting is ``LANG=lang``."""
    return dict.fromkeys(NAMES) | {"LANG": lang}


def flat(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def test_a_session_and_a_board_in_german_and_in_english() -> None:
    code, german = said_in("de_DE.UTF-8", "session", "score", MITCHELL, "--travellers")
    assert code == 0, german
    lines = flat(german).splitlines()
    assert "Gruppe A: Mitchell, 3 Boards, 6 Paare" in lines
    assert "Platz Paar Namen MP % Boards" in lines
    assert "Board 1: Teiler N, Gefahrenlage None, Top 4" in lines
    code, english = said_in("C.UTF-8", "session", "score", MITCHELL, "--travellers")
    assert code == 0, english
    lines = flat(english).splitlines()
    assert "Section A: Mitchell, 3 boards, 6 pairs" in lines
    assert "Rank Pair Names MPs % Boards" in lines
    code, german = said_in("de_DE.UTF-8", "board", "7")
    assert (code, german.strip()) == (0, "Board 7: Teiler Süd, Gefahrenlage All")
    code, english = said_in("en_GB.UTF-8", "board", "7")
    assert (code, english.strip()) == (0, "Board 7: dealer South, vulnerability All")


def test_a_recap_in_german_says_the_pairs_as_german_players_write_them() -> None:
    code, german = said_in("de_DE.UTF-8", "session", "score", MITCHELL, "--recap", "EW1")
    assert code == 0, german
    lines = flat(german).splitlines()
    assert "Übersicht von Paar OW 1" in lines
    assert "1 OW NS 1 2HN= -110 1 4" in lines  # its side, its opponents
    recap = ("session", "score", MITCHELL, "--recap", "EW1", "--json")
    code, json_text = said_in("de_DE.UTF-8", *recap)
    assert code == 0, json_text
    assert '"EW 1"' in json_text  # what a program reads: the movement's label
    assert "OW 1" not in json_text


def test_the_errors_and_the_json_in_german() -> None:
    code, german = said_in("de_DE.UTF-8", "imps", "1", "2", "3")
    assert code == 2
    assert "erwartet eine Differenz oder zwei Ergebnisse, erhalten 3 Zahlen" in german
    runner = CliRunner()
    english = runner.invoke(cli, ["session", "score", MITCHELL, "--json"], env=speaking("C"))
    german_json = runner.invoke(cli, ["session", "score", MITCHELL, "--json"],
                                env=speaking("de_DE.UTF-8"))  # fmt: skip
    assert json.loads(german_json.output) == json.loads(english.output)
    refused = runner.invoke(cli, ["session", "score", MITCHELL, "--recap", "NS99"],
                            env=speaking("pl_PL.UTF-8"))  # fmt: skip
    assert refused.exit_code == 2
    assert "brak pary 'NS99' w pokazanych sektorach" in refused.output


def test_the_rubber_and_chicago_pads_in_the_environments_language(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    runner = CliRunner()
    de, pl = speaking("de_DE.UTF-8"), speaking("pl_PL.UTF-8")
    made = runner.invoke(cli, ["rubber", "new", "--db", db], env=de)
    assert made.output.startswith("Robber "), made.output
    game = made.output.split()[1]
    added = runner.invoke(cli, ["rubber", "add", game, "4H", "we", "10", "--db", db], env=de)
    assert "WIR │ SIE" in added.output
    assert "Vollspiel 2: WIR in Gefahr." in added.output
    shown = runner.invoke(cli, ["rubber", "show", game, "--db", db], env=pl)
    assert "1. 4H rozgrywane przez MY, 10 lew: MY 120 pod kreską" in shown.output
    listed = runner.invoke(cli, ["rubber", "list", "--db", db], env=speaking("nl_NL.UTF-8"))
    assert "WIJ t. ZIJ  WIJ 120 ZIJ 0 (manche 2)" in listed.output
    english = runner.invoke(cli, ["rubber", "show", game, "--db", db], env=speaking("C"))
    assert "WE │ THEY" in english.output
    assert "1. 4H by WE, 10 tricks: WE 120 below (Trick points: 4 × 30)" in english.output
    made = runner.invoke(cli, ["chicago", "new", "--db", db], env=pl)
    chicago = made.output.split()[1]
    added = runner.invoke(cli, ["chicago", "add", chicago, "2S", "N", "9", "--db", db], env=pl)
    assert " #  Rozdający  Zał.  Wynik" in added.output
    assert "Następne: rozdanie 2 z serii, rozdaje E, EW po partii." in added.output
    wrong = runner.invoke(cli, ["rubber", "show", chicago, "--db", db], env=de)
    assert wrong.exit_code == 2
    assert "ist ein Chicago, kein Robber" in wrong.output


def test_the_chicago_sheet_widens_a_column_to_its_heading() -> None:
    c = Chicago().record("2S", "N", 9).record("3NT", "E", 10)
    words = {"Dealer": "Rozdający", "NS total": "Summe NS (Nord-Süd)"}
    head, *rows = render.chicago(c, translate=lambda text: words.get(text, text)).splitlines()
    assert head.startswith(" #  Rozdający  Vul   Result ")
    total_end = head.index("Summe NS (Nord-Süd)") + len("Summe NS (Nord-Süd)")
    for row, result in zip(rows[:2], ("2S", "3NT"), strict=True):
        assert row[head.index("Result") :].startswith(result)  # under its heading
        assert row[:total_end].endswith(" 140")  # right-aligned under its heading
    assert rows[-1].startswith("Next: deal 3 of the set")


def test_club_public_sets_the_clubs_default_language(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    with Store(db) as store:
        ClubStore(store).create_club("Acol BC", "1234", "EBU")
    runner = CliRunner()
    english = speaking("C")
    chosen = runner.invoke(cli, ["club", "public", "1234", "--language", " FR", "--db", db],
                           env=english)  # fmt: skip
    assert chosen.exit_code == 0, chosen.output
    assert " ".join(chosen.output.split()).endswith("after closing, language fr (Français)")
    with Store(db) as store:
        assert ClubStore(store).club("1234").language == "fr"
    refused = runner.invoke(cli, ["club", "public", "1234", "--language", "xx", "--db", db],
                            env=english)  # fmt: skip
    assert refused.exit_code == 2
    assert "Invalid value for --language: language 'xx': expected one of de, en" in refused.output
    german = runner.invoke(cli, ["club", "public", "1234", "--language", "xx", "--db", db],
                           env=speaking("de_DE.UTF-8"))  # fmt: skip
    assert german.exit_code == 2
    assert "Sprache 'xx': erwartet eine von de, en" in german.output  # the core's, in German
    cleared = runner.invoke(cli, ["club", "public", "1234", "--language", "none", "--db", db],
                            env=english)  # fmt: skip
    assert " ".join(cleared.output.split()) == (
        "Acol BC: players by names, results provisional for 24 hours after closing"
    )
    with Store(db) as store:
        assert ClubStore(store).club("1234").language is None


def test_a_team_match_in_german(tmp_path: Path) -> None:
    rooms = (("Lions", "Tigers", 10), ("Tigers", "Lions", 9), ("Bears", "Wolves", 9),
             ("Wolves", "Bears", 9))  # fmt: skip
    games = [f'[Board "1"][HomeTeam "{h}"][VisitTeam "{a}"][Contract "4S"][Declarer "N"]'
             f'[Result "{t}"]' for h, a, t in rooms]  # fmt: skip
    path = tmp_path / "teams.pbn"
    path.write_text("\n\n".join(games))
    german = CliRunner().invoke(cli, ["match", "score", str(path)], env=speaking("de_DE.UTF-8"))
    lines = flat(german.output).splitlines()
    assert lines[0] == "Lions gegen Tigers: 1 Board"
    assert "Board Offener Raum NS Geschlossener Raum NS Lions Tigers" in lines
    assert "Lions 10, Tigers 0 IMPs (Differenz +10); Siegpunkte 18.09 zu 1.91." in lines
    assert "2 Kämpfe" in lines
