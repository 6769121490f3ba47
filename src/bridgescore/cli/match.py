"""Team matches from PBN files: ``bridgescore match score``."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich import box
from rich.table import Table

from bridgescore import pbn
from bridgescore.cli._app import cli, console, read_pbn, reporting
from bridgescore.duplicate.field import Adjusted
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.locale import gettext, ngettext, pgettext
from bridgescore.model import Result

__all__ = ["match_group", "score_command"]


@cli.group("match")
def match_group() -> None:
    """Team matches read from PBN files: board-by-board IMPs and victory points."""


@match_group.command("score")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def score_command(file: Path, as_json: bool) -> None:
    """Score the team matches of a file: a game per board and room (Room "Open" or
    "Closed"; without a Room tag, HomeTeam names the team sitting NS, as RealBridge writes).

    The home team (HomeTeam) sits NS in the open room and EW in the closed room. Victory
    points are on the WBF continuous 20-point scale for the number of boards. A file with
    several matches (a pair of HomeTeam and VisitTeam each) prints a table per match, then a
    summary; its JSON is {"matches": [...]}.

    Example: bridgescore match score match.pbn
    """
    with reporting("FILE"):
        text = read_pbn(file)
        warnings: list[str] = []
        matches = pbn.read_matches(text, source=file.name, warnings=warnings)
    for w in warnings:
        click.echo(gettext("warning: %(warning)s") % {"warning": w}, err=True)
    if not matches:
        matches = [TeamMatch("Home", "Visitors", [])]
    if as_json:
        data = _data(matches[0]) if len(matches) == 1 else {"matches": [_data(m) for m in matches]}
        click.echo(json.dumps(data))
        return
    for i, match in enumerate(matches):
        if i:
            console().print()
        _print(match)
    if len(matches) > 1:
        _summary(matches)


def _room(room: Result | Adjusted) -> str:
    return str(room)


def _ns(board: MatchBoard, room: Result | Adjusted) -> str:
    return "" if isinstance(room, Adjusted) else f"{board.ns_score(room):+d}"


def _data(match: TeamMatch) -> dict[str, object]:
    home, away = match.imps
    vp_home, vp_away = match.victory_points
    return {
        "home": match.home,
        "away": match.away,
        "boards": [
            {
                "board": b.board.number,
                "open": _room(b.open),
                "open_ns_score": None if isinstance(b.open, Adjusted) else b.ns_score(b.open),
                "closed": _room(b.closed),
                "closed_ns_score": (
                    None if isinstance(b.closed, Adjusted) else b.ns_score(b.closed)
                ),
                "imps": b.imps,
            }
            for b in match.boards
        ],
        "imps": {"home": home, "away": away},
        "margin": match.margin,
        "victory_points": {"home": vp_home, "away": vp_away},
    }


def _print(match: TeamMatch) -> None:
    out = console()
    count = len(match.boards)
    boards = ngettext("%(num)d board", "%(num)d boards", count) % {"num": count}
    said = gettext("%(home)s v %(away)s: %(boards)s")
    out.print(said % {"home": match.home, "away": match.away, "boards": boards})
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    ns = gettext("NS")
    heads = (gettext("Board"), gettext("Open room"), ns, gettext("Closed room"), ns, match.home,
             match.away)  # fmt: skip
    for i, name in enumerate(heads):
        table.add_column(name, justify="left" if i in (1, 3) else "right")
    for b in match.boards:
        table.add_row(str(b.board.number), _room(b.open), _ns(b, b.open), _room(b.closed),
                      _ns(b, b.closed), str(b.imps) if b.imps > 0 else "",
                      str(-b.imps) if b.imps < 0 else "")  # fmt: skip
    home, away = match.imps
    table.add_section()
    table.add_row("", "", "", "", gettext("IMPs"), str(home), str(away))
    out.print(table)
    vp_home, vp_away = match.victory_points
    said = gettext("%(home)s %(home_imps)s, %(away)s %(away_imps)s IMPs (margin %(margin)s); "
                   "victory points %(home_vps)s to %(away_vps)s.")  # fmt: skip
    out.print(said % {"home": match.home, "home_imps": home, "away": match.away,
                      "away_imps": away, "margin": f"{match.margin:+d}",
                      "home_vps": f"{vp_home:.2f}", "away_vps": f"{vp_away:.2f}"})  # fmt: skip


def _summary(matches: list[TeamMatch]) -> None:
    """One line a match: the teams, the IMPs and the victory points."""
    out = console()
    out.print()
    out.print(ngettext("%(num)d match", "%(num)d matches", len(matches)) % {"num": len(matches)})
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    heads = (pgettext("match", "Home"), pgettext("match", "Away"), gettext("Boards"),
             gettext("IMPs"), "", gettext("VPs"), "")  # fmt: skip
    for i, name in enumerate(heads):
        table.add_column(name, justify="left" if i < 2 else "right")
    for m in matches:
        home, away = m.imps
        vp_home, vp_away = m.victory_points
        table.add_row(m.home, m.away, str(len(m.boards)), str(home), str(away),
                      f"{vp_home:.2f}", f"{vp_away:.2f}")  # fmt: skip
    out.print(table)
