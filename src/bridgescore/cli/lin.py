"""BBO's LIN files: ``bridgescore lin pbn`` and ``bridgescore lin url``."""

from __future__ import annotations

from pathlib import Path

import click

from bridgescore import pbn
from bridgescore.cli._app import cli, output_option, reporting, write_file
from bridgescore.errors import N_
from bridgescore.lin import handviewer_url, read_lin, to_games
from bridgescore.locale import gettext

__all__ = ["lin_group", "pbn_command", "url_command"]

_FILES = click.argument(
    "files", nargs=-1, required=True, metavar="IN...",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)  # fmt: skip


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc
    return pbn.decode(data)  # UTF-8, else ISO 8859-1, as BBO's files come


@cli.group("lin")
def lin_group() -> None:
    """BBO's LIN files (tournaments, vugraph matches): as PBN, and as hand viewer links."""


@lin_group.command("pbn")
@_FILES
@output_option(N_("The PBN file to write (replaced whole, never left half-written)."))
def pbn_command(files: tuple[Path, ...], target: Path) -> None:
    """Write LIN files as one PBN file: a game per board, with its players, deal, result and
    its Auction and Play sections (a vugraph's with Room, HomeTeam and VisitTeam).

    A BBO tournament's files (a file a table) make a session, a vugraph a team match:

    \b
    Example: bridgescore lin pbn 2078*.lin -o tournament.pbn
             bridgescore session score tournament.pbn
             bridgescore lin pbn vugraph.lin -o match.pbn && bridgescore match score match.pbn
    """
    games = []
    for path in files:
        with reporting("IN"):
            games += to_games(read_lin(_read(path), source=path.name))
    with reporting("IN"):
        data = pbn.encode(pbn.write_games(games))
    write_file(target, data)
    said = gettext("Wrote %(file)s: %(boards)s boards from %(files)s LIN files.")
    click.echo(said % {"file": target, "boards": len(games), "files": len(files)})


@lin_group.command("url")
@_FILES
def url_command(files: tuple[Path, ...]) -> None:
    """Print a BBO hand viewer link for every board of LIN files: its number (and room), then
    the link.

    Example: bridgescore lin url vugraph.lin
    """
    for path in files:
        with reporting("IN"):
            boards = read_lin(_read(path), source=path.name).boards
            for b in boards:
                where = f"{b.number} {b.room}" if b.room else f"{b.number}"
                click.echo(f"{where} {handviewer_url(b)}")
