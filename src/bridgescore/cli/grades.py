"""``bridgescore grades FILE...``: each player's grade from session files (PBN or USEBIO,
players known by their national numbers), taken in date order (SCORING.md §27)."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich import box
from rich.table import Table

from bridgescore.cli._app import cli, console, reporting, section_scorer
from bridgescore.cli.session import read_session
from bridgescore.errors import N_
from bridgescore.grades import GradeRules, grade_sessions
from bridgescore.grades.sessions import graded_session, read_date
from bridgescore.locale import gettext

__all__ = ["grades_command"]


@cli.command("grades")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
)  # fmt: skip
@click.option(
    "--start", type=float, default=50.0, show_default=True,
    help="A player's grade before any result (the NGS starts newcomers at 42).",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def grades_command(files: tuple[Path, ...], start: float, as_json: bool) -> None:
    """Grade the players of FILE... (PBN or USEBIO session files, in date order): each
    player's grade (a percentage), the boards counted and the grade's maturity."""
    with reporting("--start"):
        rules = GradeRules(start=start)
    names: dict[str, tuple[str, str]] = {}  # number -> (date, name): the latest name seen
    sessions = []
    for i, path in enumerate(files):
        session = read_session(path)
        with reporting(str(path)):
            day = read_date(session.date)
            scored = session.scored(section_scorer())
            sessions.append(graded_session(f"{i:06}", day, scored))
        for section in session.sections:
            for pair in section.pairs:
                for p in pair.players:
                    if p.number and names.get(p.number, ("",))[0] <= session.date:
                        names[p.number] = (session.date, p.name)
    with reporting("FILE"):
        grades = grade_sessions(sessions, rules)
    rows = sorted(grades.values(), key=lambda g: (-g.grade, g.number))
    out = [{"number": g.number, "name": names.get(g.number, ("", ""))[1], **g.to_dict()}
           for g in rows]  # fmt: skip
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for heading, right in ((N_("Number"), False), (N_("Name"), False), (N_("Grade"), True),
                           (N_("Boards"), True), (N_("Maturity"), False)):  # fmt: skip
        table.add_column(gettext(heading), justify="right" if right else "left")
    for row in out:
        table.add_row(str(row["number"]), str(row["name"]), f"{row['grade']:.2f}",
                      str(row["boards"]), str(row["maturity"]))  # fmt: skip
    console().print(table)
