"""Team events from PBN files: ``bridgescore event score``."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich import box
from rich.table import Table

from bridgescore import pbn
from bridgescore.cli._app import cli, console, read_pbn, reporting, write_file
from bridgescore.events import Event, EventKind, VpScale
from bridgescore.locale import gettext, pgettext

__all__ = ["event_group", "score_command"]


@cli.group("event")
def event_group() -> None:
    """Team events (round robins, Swiss teams, knockouts) read from PBN files."""


@event_group.command("score")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--kind", type=click.Choice([k.value for k in EventKind if not k.pairs]),
              default=EventKind.ROUND_ROBIN.value, show_default=True,
              help="The event's format (a knockout ranks by the round reached).")  # fmt: skip
@click.option("--scale", type=click.Choice([s.value for s in VpScale if s.measure == "imps"]),
              default=VpScale.WBF_2013.value, show_default=True,
              help="The victory-point scale.")  # fmt: skip
@click.option("--bam", is_flag=True, help="Score board-a-match instead of IMPs and VPs.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--usebio",
    "usebio_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the scored event as a USEBIO 1.2 file (for a national body).",
)
def score_command(file: Path, kind: str, scale: str, bam: bool, as_json: bool,
                  usebio_path: Path | None) -> None:  # fmt: skip
    """Score the team matches of a file, round by round (its Round tags), and print the
    standings: VPs, IMPs for and against.

    A game per board and room: Room "Open" (the home team NS) or "Closed"; without a Room
    tag, HomeTeam names the team sitting NS (RealBridge's round files). Equal VPs share a
    place ("3="). The JSON is the event's summary: {"kind": ..., "standings": [...],
    "rounds": [...]}.

    With --usebio, the event is also written as USEBIO 1.2 (teams, players, each match's
    boards in both rooms, IMPs and VPs, the ranking).

    Example: bridgescore event score round1.pbn --scale acbl-30 --usebio round1.xml
    """
    with reporting("FILE"):
        text = read_pbn(file)
        warnings: list[str] = []
        event = pbn.read_event(text, source=file.name, kind=EventKind(kind),
                               scale=VpScale(scale), scoring="bam" if bam else "imps",
                               name=file.stem, warnings=warnings)  # fmt: skip
    for w in warnings:
        click.echo(gettext("warning: %(warning)s") % {"warning": w}, err=True)
    if usebio_path is not None:
        from bridgescore import usebio

        with reporting("--usebio"):
            data = usebio.write_event(event)
        write_file(usebio_path, data)
    if as_json:
        click.echo(json.dumps(event.summary()))
        return
    _print(event)


def _print(event: Event) -> None:
    out = console()
    scores = event.scores()
    points = gettext("Boards") if event.scoring == "bam" else gettext("VPs")
    matches = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    home, away = pgettext("match", "Home"), pgettext("match", "Away")
    heads = (gettext("Round"), gettext("Match"), home, away, gettext("Boards"), gettext("IMPs"),
             "", points, "")  # fmt: skip
    for i, name in enumerate(heads):
        matches.add_column(name, justify="left" if i in (2, 3) else "right")
    for s in scores:
        matches.add_row(str(s.round), str(s.match), s.home, s.away, str(s.boards),
                        str(s.imps[0]), str(s.imps[1]), f"{s.vp[0] / 100:.2f}",
                        f"{s.vp[1] / 100:.2f}")  # fmt: skip
    how = event.scale.value if event.scoring == "imps" else gettext("board-a-match")
    said = gettext("%(name)s: %(teams)s teams, %(rounds)s rounds, %(matches)s matches (%(how)s)")
    out.print(said % {"name": event.name, "teams": len(event.entrants),
                      "rounds": len(event.rounds), "matches": len(scores), "how": how})  # fmt: skip
    out.print(matches)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    columns = (gettext("Rank"), gettext("Team"), points, gettext("IMPs for"), gettext("against"),
             gettext("Played"))  # fmt: skip
    for i, name in enumerate(columns):
        table.add_column(name, justify="left" if i == 1 else "right")
    for line in event.standings():
        table.add_row(line.rank, line.entrant, f"{line.vps:.2f}", str(line.imps_for),
                      str(line.imps_against), str(line.played))  # fmt: skip
    out.print(table)
