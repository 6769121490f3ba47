"""``--help`` and click's own words speak the environment's language: the root's and the
commands' help, their options', ``Usage:``, ``Options:``, ``Commands:`` and a usage error, run
as a user runs them (``LANG=de_DE.UTF-8``, ``LANG=fr_FR.UTF-8``); English stays click's own;
every help text of a translated module is in the catalogues, and every word click says to a
user is marked for them."""

from __future__ import annotations

import configparser
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import click
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner

from bridgescore.cli import cli
from bridgescore.cli._app import COMMANDS
from bridgescore.cli._said import _FORMED, CLICK_WORDS, SaidCommand, help_key
from tests.helpers import flat_lines, said_in

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "src" / "bridgescore" / "cli"

NOT_FOR_USERS = {
    # said only to a program's author (a command defined wrongly), or by parts bridgescore
    # never uses (prompts with a default, editors, shell completion, Windows' console, colours)
    "d",
    "{editor}: Editing failed",
    "{editor}: Editing failed: {e}",
    "Windows error: {error}",
    "deprecated",
    "Positional arguments",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
    "Value must be an iterable.",
    "Name '{name}' defined twice",
    "Boolean option {decl!r} cannot use the same flag for true/false.",
    "Could not determine name for option with declarations {decls!r}",
    "No options defined but a name was passed ({name}). Did you mean to declare an argument "
    "instead? Did you mean to pass '--{name}'?",
    "(dynamic)",
    "Arguments take exactly one parameter declaration, got {length}: {decls}.",
    "Do you want to continue?",
    "Confirm the action without prompting.",
    "%(prog)s, version %(version)s",
    "unknown error",
    "Invalid start character for option ({option})",
    "Shell completion is not supported for Bash versions older than 4.4.",
    "Couldn't detect Bash version, shell completion is not supported.",
    "Unknown color {colour!r}",
    "Press any key to continue...",
    "Choose from:\n\t{choices}",
    "Choice({choices})",
    "{value!r} does not match the format {format}.",
    "{value!r} is not a valid UUID.",
    "{name} {filename!r} is not executable.",
    "{len_type} values are required, but {len_value} was given.",
    "Unknown standard stream '{name}'",
}
"""Click's messages a user of ``bridgescore`` never reads (by their singular)."""


def test_the_root_help_in_german_and_in_french() -> None:
    code, german = said_in("de_DE.UTF-8", "--help")
    assert code == 0, german
    lines = flat_lines(german)
    assert lines[0].startswith("Aufruf: ")
    assert lines[0].endswith(" [OPTIONS] COMMAND [ARGS]...")
    assert "Bridge-Abrechnung: ein Board, Robber, Chicago und Turnierbridge." in lines
    assert {"Optionen:", "Befehle:"} <= set(lines)
    assert "-h, --help Diese Hilfe zeigen und beenden." in lines
    assert "--version Die Version zeigen und beenden." in lines
    assert "score Ein Board wie im Turnier abrechnen, mit jedem Teil des..." in lines
    code, french = said_in("fr_FR.UTF-8", "--help")
    assert code == 0, french
    lines = flat_lines(french)
    assert lines[0].startswith("Utilisation : ")
    assert {"Options:", "Commandes:"} <= set(lines)
    assert any(line.startswith("rubber Tenir la marque d'un robre") for line in lines)
    text = " ".join(french.split())
    assert "La marque du bridge : une donne, le robre, le Chicago et le bridge de tournoi." in text


def test_two_commands_help_in_german_and_in_french() -> None:
    code, german = said_in("de_DE.UTF-8", "score", "--help")
    assert code == 0, german
    text = " ".join(german.split())
    assert "Ein Board wie im Turnier abrechnen, mit jedem Teil des Ergebnisses." in text
    assert "--vul / --nonvul Die Seite des Alleinspielers ist (nicht) in Gefahr." in text
    assert "(ohne die zusätzlichen 100 ab dem 4.). [Standard: modern]" in text
    code, french = said_in("fr_FR.UTF-8", "rubber", "new", "--help")
    assert code == 0, french
    text = " ".join(french.split())
    assert "Commencer un robre et écrire son identifiant." in text
    assert "--we TEXT Les noms de la paire NOUS." in text
    assert "--honors / --no-honors Marquer les honneurs. [par défaut : honors]" in text


def test_a_usage_error_in_german_and_in_french() -> None:
    code, german = said_in("de_DE.UTF-8", "rubber", "new", "--rules", "x")
    assert code == 2
    lines = flat_lines(german)
    assert lines[1].endswith(" rubber new --help' zeigt die Hilfe.")
    assert lines[-1] == (
        "Fehler: Ungültiger Wert für '--rules': 'x' ist keine von 'default', 'laws-1993'."
    )
    code, french = said_in("fr_FR.UTF-8", "score")
    assert code == 2
    assert flat_lines(french)[-1] == "Erreur : Argument manquant 'RESULT [TRICKS]'."


def test_english_is_clicks_own() -> None:
    code, english = said_in("C.UTF-8", "rubber", "new", "--rules", "x")
    assert code == 2
    assert english.splitlines()[-1] == (
        "Error: Invalid value for '--rules': 'x' is not one of 'default', 'laws-1993'."
    )
    shown = CliRunner().invoke(cli, ["rubber", "new", "--help"], env={"LANG": "C"})
    assert shown.output.startswith("Usage: cli rubber new [OPTIONS]\n\n  Start a rubber")
    assert "  --honors / --no-honors          Score honors.  [default: honors]\n" in shown.output
    assert shown.output.endswith("  -h, --help                      Show this message and exit.\n")


def _commands(group: click.Group, path: str = "") -> Iterator[tuple[str, click.Command]]:
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None
        yield f"{path}{name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, f"{path}{name} ")


def _translated_modules() -> set[str]:
    """The modules of commands whose help ``babel.cfg`` sends to the catalogues."""
    config = configparser.RawConfigParser()
    config.read(ROOT / "babel.cfg")
    return {s.split(":", 1)[1].strip() for s in config.sections() if s.startswith("click:")}


def test_every_command_says_its_help_and_every_help_is_in_the_catalogues() -> None:
    for module in set(COMMANDS.values()):
        importlib.import_module(f"bridgescore.cli.{module}")
    with (ROOT / "src/bridgescore/locale/messages.pot").open("rb") as file:
        known = {m.id for m in read_po(file) if m.id}
    translated = _translated_modules()
    missing = []
    for name, command in [("", cli), *_commands(cli)]:
        assert isinstance(command, SaidCommand), name
        source = inspect.getsourcefile(command.callback) if command.callback else ""
        assert f"cli/{Path(source or '').name}" in translated, f"{name}: {source} not in babel.cfg"
        texts = [help_key(command.help)] + [
            _FORMED[p.help][0] if p.help in _FORMED else p.help
            for p in command.params
            if isinstance(p, click.Option) and p.help
        ]
        missing += [f"{name or 'bridgescore'}: {t[:50]!r}" for t in texts if t and t not in known]
    assert missing == []


def test_every_word_click_says_to_a_user_is_marked() -> None:
    ours = {w if isinstance(w, str) else w[0] for w in CLICK_WORDS}
    folder = Path(click.__file__).parent
    clicks = {
        m if isinstance(m, str) else m[0]
        for path in sorted(folder.glob("*.py"))
        for _, m, _, _ in extract_from_file(
            "python", str(path), keywords={"_": None, "ngettext": (1, 2)}
        )
    } | {"required"}  # said through _(extra["required"])
    assert ours <= clicks  # none of ours is a word click no longer says
    assert clicks - NOT_FOR_USERS - ours == set()


def test_the_help_is_english_without_a_catalogue_for_the_language() -> None:
    env = dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES"), "") | {"LANG": "pt_BR.UTF-8"}
    shown = CliRunner().invoke(cli, ["score", "--help"], env=env)
    assert shown.output.startswith("Usage: cli score [OPTIONS] RESULT [TRICKS]\n")
    assert "  --json  " in shown.output
    assert shown.output.endswith("Show this message and exit.\n")
