"""Movements: ``bridgescore movement mitchell``, ``howell`` and ``check``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, TypeVar

import click

from bridgescore.cli._app import cli, said
from bridgescore.duplicate.movement import (
    Movement,
    Sentence,
    describe,
    guide_cards,
    howell,
    mitchell,
    read_file,
    table_cards,
)
from bridgescore.duplicate.movement.individual import describe_individual, individual
from bridgescore.errors import MovementError
from bridgescore.locale import gettext

__all__ = [
    "check_command",
    "howell_command",
    "individual_command",
    "mitchell_command",
    "movement_group",
]

F = TypeVar("F", bound=Callable[..., None])

_OPTIONS = {
    "tables": "--tables",
    "players": "--players",
    "pairs": "--pairs",
    "boards_per_round": "--boards-per-round",
    "rounds": "--rounds",
    "even": "--even",
    "arrow_switch": "--arrow-switch",
}


@contextmanager
def _building() -> Iterator[None]:
    """The core's MovementError as click's usage error on the option it is about (exit 2)."""
    try:
        yield
    except MovementError as exc:
        raise click.BadParameter(said(exc), param_hint=_OPTIONS.get(exc.field or "")) from exc


def _said(sentence: Sentence) -> str:
    """A report's sentence in the environment's language (the CLI's, as its errors)."""
    from bridgescore import locale

    with locale.use(locale.environment_language()):
        return locale.sentence_text(sentence)


def _show(movement: Movement, *, as_json: bool, cards: bool) -> None:
    if as_json:
        click.echo(json.dumps(movement.to_dict()))
        return
    click.echo(describe(movement, _said))
    if cards:
        table_heading, guide_heading = gettext("Table cards"), gettext("Guide cards")
        click.echo(f"\n{table_heading}\n\n{table_cards(movement, _said)}")
        click.echo(f"\n{guide_heading}\n\n{guide_cards(movement, _said)}")


def _common(command: F) -> F:
    command = click.option("--json", "as_json", is_flag=True, help="Print the movement as JSON.")(
        command
    )
    command = click.option("--cards", is_flag=True, help="Also print table cards and guide cards.")(
        command
    )
    command = click.option(
        "--rounds",
        type=int,
        help="Play only this many rounds (a Howell of 2 to 4 tables: or twice its rounds, pairs "
        "meeting twice).",
    )(command)
    return click.option(
        "--boards-per-round", "-b", type=int, required=True, help="Boards each table plays a round."
    )(command)


@cli.group("movement")
def movement_group() -> None:
    """Movements: who plays whom, where, on which boards; table and guide cards."""


@movement_group.command("mitchell")
@click.option("--tables", "-t", type=int, required=True, help="Tables, 2 to 30.")
@_common
@click.option(
    "--even",
    type=click.Choice(["skip", "relay"]),
    default="skip",
    show_default=True,
    help="With an even number of tables: EW pairs skip a table, or a share and a relay stand.",
)
@click.option(
    "--arrow-switch", is_flag=True, help="Turn the boards in the last rounds: one winner."
)
@click.option(
    "--half-table", is_flag=True, help="An odd number of pairs: the last NS pair is missing."
)
def mitchell_command(
    tables: int,
    boards_per_round: int,
    rounds: int | None,
    cards: bool,
    as_json: bool,
    even: Literal["skip", "relay"],
    arrow_switch: bool,
    half_table: bool,
) -> None:
    """A Mitchell: NS pairs stay, EW pairs move up a table, boards move down a table.

    Example: bridgescore movement mitchell --tables 7 --boards-per-round 3 --arrow-switch
    """
    with _building():
        built = mitchell(
            tables,
            boards_per_round,
            rounds=rounds,
            even=even,
            arrow_switch=arrow_switch,
            half_table=half_table,
        )
    _show(built, as_json=as_json, cards=cards)


@movement_group.command("howell")
@click.option("--pairs", "-p", type=int, required=True, help="Pairs, 4 to 20.")
@_common
@click.option(
    "--no-arrow-switches",
    is_flag=True,
    help="No arrow switch at any single table (simpler, less balanced where it matters).",
)
def howell_command(
    pairs: int,
    boards_per_round: int,
    rounds: int | None,
    cards: bool,
    as_json: bool,
    no_arrow_switches: bool,
) -> None:
    """A Howell: every pair meets every other (an odd number sits out in turn).

    One pair stays NS at table 1; every table sends its pairs and boards to the same place each
    round; Manning's balance is perfect at 4, 6, 8 and 10 tables. Fewer rounds give a 3/4
    Howell (every board at every table) where one was found; 6 pairs over 10 rounds meet twice.

    Example: bridgescore movement howell --pairs 10 --boards-per-round 3
    """
    with _building():
        built = howell(pairs, boards_per_round, rounds=rounds, arrow_switches=not no_arrow_switches)
    _show(built, as_json=as_json, cards=cards)


@movement_group.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--cards", is_flag=True, help="Also print table cards and guide cards.")
@click.option("--json", "as_json", is_flag=True, help="Print the movement as JSON.")
@click.option(
    "--meetings",
    type=click.IntRange(1, 9),
    default=1,
    show_default=True,
    help="How often two pairs may meet (2: a Howell in which pairs meet twice).",
)
@click.option(
    "--boards-per-round",
    "-b",
    type=click.IntRange(1, 36),
    help="Boards in a board group of an .ASC movement file (which does not say).",
)
def check_command(
    file: Path, cards: bool, as_json: bool, meetings: int, boards_per_round: int | None
) -> None:
    """Check a movement typed in as a table: columns round,table,ns,ew,boards.

    Boards are written 1-3 or 1,2,3. A bad cell is reported with its row and column, a broken
    rule (a pair playing a board twice, two pairs meeting twice ...) with its round and table.
    A file ending in .asc is read as the .ASC movement file standard (give --boards-per-round).

    Example: bridgescore movement check howell-3-tables.csv
    """
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        said_ = gettext("cannot read %(file)s: %(error)s") % {"file": repr(str(file)), "error": exc}
        raise click.BadParameter(said_, param_hint="FILE") from exc
    asc = file.suffix.lower() == ".asc"
    if asc and boards_per_round is None:
        said_ = gettext("an .ASC movement file does not say how many boards a group has")
        raise click.BadParameter(said_, param_hint="--boards-per-round")
    try:
        movement = read_file(text, "asc" if asc else "csv", boards_per_round=boards_per_round,
                             meetings=meetings)  # fmt: skip
    except MovementError as exc:
        raise click.BadParameter(f"{file.name}: {said(exc)}", param_hint="FILE") from exc
    _show(movement, as_json=as_json, cards=cards)


@movement_group.command("individual")
@click.option("--players", "-p", type=int, required=True, help="Players, 8 to 40.")
@click.option(
    "--boards-per-round", "-b", type=int, required=True, help="Boards each table plays a round."
)
@click.option(
    "--rounds",
    type=int,
    help="Rounds to play (default: every partnership of the cycle, or about 24 boards).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the movement as JSON.")
def individual_command(
    players: int, boards_per_round: int, rounds: int | None, as_json: bool
) -> None:
    """An individual: each player partners several others, never one twice.

    Players are numbered 1 to N; when N is not a multiple of 4, 1 to 3 players sit out each
    round, in turn. Every table plays the round's boards (a copy each), so every board is
    scored across the whole field. The fairness report says how often each player partners
    and meets the others.

    Example: bridgescore movement individual --players 12 --boards-per-round 2
    """
    with _building():
        built = individual(players, boards_per_round, rounds=rounds)
    if as_json:
        click.echo(json.dumps(built.to_dict()))
        return
    click.echo(describe_individual(built, _said))
