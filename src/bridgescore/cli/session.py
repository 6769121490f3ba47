"""Duplicate sessions from PBN or USEBIO files: ``bridgescore session score`` and ``session
export`` (to PBN, CSV or USEBIO)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.table import Table

from bridgescore import pbn
from bridgescore.boards.dd import DDTable
from bridgescore.cli._app import cli, console, read_pbn, reporting, section_scorer, write_file
from bridgescore.cli.bridgemate import bridgemate_command
from bridgescore.cli.filing import masterpoints_command
from bridgescore.duplicate.analysis import analyse_pair, analysis_to_dict, session_csv, tables_of
from bridgescore.duplicate.field import ARTIFICIAL_PRESETS, BoardScore
from bridgescore.duplicate.session import (
    METHODS,
    Pair,
    Section,
    SectionScores,
    Session,
    read_share,
    scores_to_dict,
)
from bridgescore.duplicate.strata import Strata, read_holdings, strata_to_dict
from bridgescore.errors import N_, SessionError
from bridgescore.lin import read_names, with_names
from bridgescore.locale import gettext, ngettext, pair_label, side_word
from bridgescore.masterpoints import MasterpointSpec, awards, parse_spec
from bridgescore.model import Side
from bridgescore.players import Player

__all__ = ["analyse_command", "export_command", "read_session", "score_command", "session_group"]


def read_session(path: Path, method: str | None = None) -> Session:
    """Read a PBN file (UTF-8 or ISO 8859-1), a USEBIO file (``.xml``, or XML naming
    ``USEBIO``) or a Bridgemate ``.bws`` (through mdbtools) as a session, scored by ``method``
    if given.

    :raises click.BadParameter: for a file that cannot be read (exit code 2).
    """
    from bridgescore import bws, usebio

    if path.suffix.lower() == ".bws":  # read by mdbtools, after its size is checked
        with reporting("FILE"):
            found = bws.read(path).session
        return found if method is None else found.with_method(method)  # type: ignore[arg-type]
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc
    with reporting("FILE"):
        if path.suffix.lower() == ".xml" or usebio.looks_like_usebio(data):
            session = usebio.read(data, source=path.name).session  # its warnings: the session's
        else:
            session = pbn.read(pbn.decode(data), source=path.name)
    if method is not None:
        session = session.with_method(method)  # type: ignore[arg-type]
    return session


def _points(x: float) -> str:
    """A board's points: up to two decimals, no trailing zeros."""
    r = round(x, 2)
    return str(int(r)) if r == int(r) else f"{r:.2f}".rstrip("0")


def _totals(values: list[float]) -> list[str]:
    """A column of totals: whole numbers if they all are, else two decimals each."""
    if all(round(v, 2) == int(round(v, 2)) for v in values):
        return [str(int(round(v, 2))) for v in values]
    return [f"{v:.2f}" for v in values]


def _table(title: str | None = None) -> Table:
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False)  # fmt: skip


def _percent(p: float | None) -> str:
    return "" if p is None else f"{p:.2f}"


def _score(score: BoardScore) -> str:
    return f"{score:+d}" if isinstance(score, int) else str(score)


@cli.group("session")
def session_group() -> None:
    """Duplicate pairs sessions read from PBN, USEBIO or Bridgemate .bws files: rankings,
    travellers, recaps."""


session_group.add_command(bridgemate_command)  # a live evening through the club's Bridgemates
session_group.add_command(masterpoints_command)  # a club evening's masterpoints, filed


_method_option = click.option(
    "--method",
    type=click.Choice(list(METHODS)),
    help="Score by this method instead of the file's Scoring tag.",
)
_min_share_option = click.option(
    "--min-share",
    metavar="SHARE",
    help="Rank only pairs that played this share of the boards (70% or 0.7) of the most any "
    "pair played; list the others as not ranked.",
)
_names_option = click.option(
    "--names",
    "names_file",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A BBO user names file (bboname,firstname,surname[,nationalID]): show players' names "
    "instead of their BBO usernames.",
)


_masterpoints_option = click.option(
    "--masterpoints",
    "masterpoints",
    metavar="SCHEME[:WEIGHT]",
    help="Award masterpoints: abf, acbl or ebu, at the event's weight (abf:2.5; default the "
    "scheme's club session).",
)


def _spec(text: str | None) -> MasterpointSpec | None:
    """``--masterpoints`` read, if given."""
    if text is None:
        return None
    with reporting("--masterpoints"):
        return parse_spec(text)


def _earned(spec: MasterpointSpec | None, scored: SectionScores) -> dict[Pair, Decimal] | None:
    """Each pair's award (per player) in one section, or None without ``--masterpoints``."""
    if spec is None:
        return None
    with reporting("--masterpoints"):
        return {pair: award.points for pair, award in awards(spec, [scored]).items()}


def _share(session: Session, min_share: str | None) -> Session:
    """The session with ``--min-share`` set, if given."""
    if min_share is None:
        return session
    with reporting("--min-share"):
        return dataclasses.replace(session, min_share=read_share(min_share))


@session_group.command("score")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_method_option
@click.option("--section", "section_name", metavar="NAME", help="Only this section.")
@click.option("--travellers", is_flag=True, help="Show every board's traveller.")
@click.option("--recap", metavar="PAIR", help="Show a pair's boards: 3, or NS3 / EW3.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--across-field",
    is_flag=True,
    help="Score the sections' results on each board together, as one field.",
)
@click.option(
    "--artificial",
    "artificial_preset",
    type=click.Choice(list(ARTIFICIAL_PRESETS)),
    default="default",
    show_default=True,
    help="Artificial scores: 60/50/40 %, or the EBU's or the ACBL's rule.",
)
@_min_share_option
@_names_option
@_masterpoints_option
@click.option(
    "--strata",
    "strata_text",
    metavar="LIMITS",
    help="Rank A/B/C strata too: the limits of B, C ... (750,300 or Open/750/300); each "
    "pair's stratum from its players' holdings in --holdings.",
)
@click.option(
    "--strata-by",
    type=click.Choice(["higher", "average"]),
    default="higher",
    show_default=True,
    help="A pair's holding: its stronger player's, or its players' average.",
)
@click.option(
    "--holdings",
    "holdings_file",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="The players' masterpoints or grades for --strata: lines of number,holding (CSV).",
)
def score_command(
    file: Path,
    method: str | None,
    section_name: str | None,
    travellers: bool,
    recap: str | None,
    as_json: bool,
    across_field: bool = False,
    artificial_preset: str = "default",
    min_share: str | None = None,
    names_file: Path | None = None,
    masterpoints: str | None = None,
    strata_text: str | None = None,
    strata_by: str = "higher",
    holdings_file: Path | None = None,
) -> None:
    """Score a session from a PBN, USEBIO or Bridgemate .bws file: the rankings of each
    section, and its warnings; with --masterpoints, what each player of a row earns.

    A Mitchell section ranks its NS and EW pairs separately, a Howell section one field.
    Ties share a rank, written 2=. Matchpoint percentages have two decimals.

    Example: bridgescore session score results.pbn --method butler --recap NS3

    Strata: bridgescore session score club.xml --strata 750,300 --holdings points.csv
    """
    spec = _spec(masterpoints)
    strata = _strata(strata_text, strata_by, holdings_file)
    session = read_session(file, method)
    if across_field or artificial_preset != "default":
        session = dataclasses.replace(session, across_field=across_field or session.across_field,
                                      artificial=ARTIFICIAL_PRESETS[artificial_preset])  # fmt: skip
    session = _share(session, min_share)
    if names_file is not None:
        session = _named(session, names_file)
    sections = session.scored(section_scorer())
    if section_name is not None:
        with reporting("--section"):
            chosen = session.section(section_name)
        sections = [s for s in sections if s.section is chosen]
    data: dict[str, Any] = {
        "event": session.event,
        "date": session.date,
        "method": session.method,
        "sections": [
            scores_to_dict(s, travellers=travellers, recaps=_recaps(s, recap),
                           analyses=_analyses(session, s, _recaps(s, recap)))
            for s in sections
        ],
    }  # fmt: skip
    if spec is not None:
        data["masterpoints"] = {"scheme": spec.scheme.value, "weight": str(spec.weight)}
        for scored, section_data in zip(sections, data["sections"], strict=True):
            earned = _earned(spec, scored) or {}
            for side, rows in scored.rankings.items():
                for row, row_data in zip(
                    rows, section_data["rankings"][side.value if side else "all"], strict=True
                ):
                    row_data["masterpoints"] = _json_points(earned.get(row.pair, Decimal(0)))
    if strata is not None:
        limits, holdings = strata
        for scored, section_data in zip(sections, data["sections"], strict=True):
            section_data["strata"] = strata_to_dict(limits, scored, holdings)
    if recap is not None and not any(s["recaps"] for s in data["sections"]):
        raise click.BadParameter(_no_pair(recap), param_hint="--recap")
    if as_json:
        click.echo(json.dumps(data))
    else:
        _print_session(session, sections, data, spec)


def _no_pair(text: str) -> str:
    return gettext("no pair %(pair)s in the sections shown") % {"pair": repr(text)}


def _json_points(points: Decimal) -> int | float:
    """An award as a JSON number: whole points as an integer, else the decimal as written."""
    return int(points) if points == points.to_integral_value() else float(points)


def _strata(text: str | None, by: str, path: Path | None) -> tuple[Strata, dict[str, float]] | None:
    """``--strata`` and ``--holdings`` read: the strata and the holdings by national number."""
    if text is None:
        if path is not None:
            said = gettext("--holdings is read for --strata")
            raise click.BadParameter(said, param_hint="--holdings")
        return None
    if path is None:
        said = gettext("strata need the players' --holdings")
        raise click.BadParameter(said, param_hint="--strata")
    with reporting("--strata"):
        strata = Strata.parse(text, "average" if by == "average" else "higher")
    text = read_pbn(path)  # UTF-8, or ISO 8859-1 as a spreadsheet saves it
    with reporting("--holdings"):
        return strata, read_holdings(text, source=path.name)


def _named(session: Session, path: Path, roster: Sequence[Player] = ()) -> Session:
    """The session with its BBO usernames replaced by the names file's players (the club's
    ``roster`` players where they are on it); a warning on stderr for the usernames it does not
    know."""
    try:
        text = pbn.decode(path.read_bytes())  # UTF-8, or ISO 8859-1 as a spreadsheet saves it
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc
    with reporting("--names"):
        named, unknown = with_names(session, read_names(text, source=path.name), roster)
    if unknown:
        shown = ", ".join(unknown[:20])
        if len(unknown) > 20:
            more = {"names": shown, "more": len(unknown) - 20}
            shown = gettext("%(names)s and %(more)s more") % more
        said = ngettext(
            "Warning: %(file)s does not name %(num)d BBO username, kept as it is: %(names)s",
            "Warning: %(file)s does not name %(num)d BBO usernames, kept as they are: %(names)s",
            len(unknown),
        )
        click.echo(said % {"file": path.name, "num": len(unknown), "names": shown}, err=True)
    return named


def _recaps(scored: SectionScores, text: str | None) -> tuple[Pair, ...]:
    """The section's pairs that ``--recap`` names: ``3`` (either side), ``NS3``, ``EW 3``."""
    if text is None:
        return ()
    try:
        wanted = Pair.parse(text)
    except SessionError:
        said = gettext("expected a pair number such as 3, NS3 or EW3, got %(text)s")
        raise click.BadParameter(said % {"text": repr(text)}, param_hint="--recap") from None
    return tuple(p for p in scored.section.pairs if p.number == wanted.number
                 and (wanted.side is None or p.side in (wanted.side, None)))  # fmt: skip


def _analyses(
    session: Session, scored: SectionScores, pairs: tuple[Pair, ...]
) -> dict[tuple[Side | None, int], dict[str, Any]]:
    """The recaps' analyses, when the section's boards have double-dummy tables."""
    tables = tables_of(scored.section) if pairs else {}
    if not tables:
        return {}
    return {p.key: analysis_to_dict(analyse_pair(session, scored, p, tables)) for p in pairs}


def _solved(section: Section, solve: bool) -> dict[int, DDTable]:
    """The section's double-dummy tables: its boards', and with ``solve`` its deals' by DDS."""
    try:
        return tables_of(section, solve=solve)
    except ModuleNotFoundError as exc:
        said = gettext(
            "solving the deals needs endplay (%(module)s is missing): pip install "
            "'bridgescore[dd]', or give a file analysed by bridgescore analyse"
        )
        raise click.ClickException(said % {"module": exc.name}) from exc


def _print_session(session: Session, sections: list[SectionScores], data: dict[str, Any],
                   spec: MasterpointSpec | None = None) -> None:  # fmt: skip
    out = console()
    title = ", ".join(x for x in (session.event, session.date) if x) or gettext("Session")
    out.print(f"{title}: {gettext(METHODS[session.method].name)}")
    unit = gettext(METHODS["mp" if session.method == "mp" else "butler"].unit)
    for scored, section_data in zip(sections, data["sections"], strict=True):
        section = scored.section
        boards, pairs = len(section.boards), len(section.pairs)
        said = gettext("Section %(name)s: %(kind)s, %(boards)s, %(pairs)s") % {
            "name": section.name,
            "kind": section.kind.title(),
            "boards": ngettext("%(num)d board", "%(num)d boards", boards) % {"num": boards},
            "pairs": ngettext("%(num)d pair", "%(num)d pairs", pairs) % {"num": pairs},
        }
        out.print(f"\n{said}")
        for side, rows in scored.rankings.items():
            table = _table(gettext(side.value) if side else None)
            table.add_column(gettext("Rank"))
            table.add_column(gettext("Pair"), justify="right")
            table.add_column(gettext("Names"))
            table.add_column(unit, justify="right")
            if session.method == "mp":
                table.add_column("%", justify="right")
            table.add_column(gettext("Boards"), justify="right")
            earned = _earned(spec, scored)
            if earned is not None:
                table.add_column(gettext("Masterpoints"), justify="right")
            totals = _totals([row.total for row in rows])
            for row, total in zip(rows, totals, strict=True):
                cells = [row.place, str(row.pair.number), row.pair.names, total]
                if session.method == "mp":
                    cells.append(_percent(row.percent))
                cells.append(str(row.boards))
                if earned is not None:
                    cells.append(str(earned.get(row.pair, 0)))
                table.add_row(*cells)
            out.print(table)
        if section.warnings:
            click.echo(gettext("Warnings:"))
            for w in section.warnings:
                click.echo(f"  {w}")
        if "strata" in section_data:
            _print_strata(section_data["strata"])
        if "travellers" in section_data:
            _print_travellers(scored, unit)
        for recap in section_data["recaps"]:
            _print_recap(recap, unit)


def _print_strata(strata: dict[str, Any]) -> None:
    out = console()
    for field, by_stratum in strata["rankings"].items():
        for name, rows in by_stratum.items():
            heading = (gettext("Stratum %(name)s") if field == "all"
                       else gettext("Stratum %(name)s, %(field)s"))  # fmt: skip
            table = _table(heading % {"name": name, "field": side_word(field)})
            for column in (N_("Rank"), N_("Pair"), N_("Names"), "%", N_("Stratum")):
                right = column in ("Pair", "%")
                table.add_column(gettext(column), justify="right" if right else "left")
            for row in rows:
                table.add_row(row["rank"], str(row["number"]), row["names"],
                              _percent(row["percent"]), strata["pairs"][row["pair"]])  # fmt: skip
            out.print(table)


def _print_travellers(scored: SectionScores, unit: str) -> None:
    out = console()
    for number, lines in scored.travellers.items():
        board = scored.section.board(number)
        values = {"number": number, "dealer": board.dealer.value,
                  "vul": board.vulnerability.value, "top": scored.tops[number]}  # fmt: skip
        said = gettext("Board %(number)s: dealer %(dealer)s, vulnerability %(vul)s")
        if scored.tops[number]:
            said = gettext("Board %(number)s: dealer %(dealer)s, vulnerability %(vul)s, "
                           "top %(top)s")  # fmt: skip
        table = _table(said % values)
        ns, ew = gettext("NS"), gettext("EW")
        columns = (ns, ew, gettext("Result"), gettext("NS score"), f"{ns} {unit}", f"{ew} {unit}")
        for i, name in enumerate(columns):
            table.add_column(name, justify="left" if i == 2 else "right")
        for line in lines:
            r = line.result
            table.add_row(str(r.ns), str(r.ew), r.text,
                          _score(line.ns_score), _points(line.ns_points),
                          _points(line.ew_points))  # fmt: skip
        out.print()
        out.print(table)


def _print_recap(recap: dict[str, Any], unit: str) -> None:
    said = (gettext("Recap of pair %(pair)s (%(names)s)") if recap["names"]
            else gettext("Recap of pair %(pair)s"))  # fmt: skip
    table = _table(said % {"pair": pair_label(recap["pair"]), "names": recap["names"]})
    for name in (N_("Board"), N_("Sat"), N_("Against"), N_("Result"), N_("Score"), unit, N_("Top")):
        left = name in ("Sat", "Result")
        table.add_column(
            gettext(name) if name != unit else unit, justify="left" if left else "right"
        )
    for x in recap["boards"]:
        score = x["score"] if isinstance(x["score"], str) else f"{x['score']:+d}"
        table.add_row(str(x["board"]), side_word(x["sat"]), pair_label(x["opponent"]),
                      x["result"], score, _points(x["points"]), str(x["top"] or ""))  # fmt: skip
    total = sum(x["points"] for x in recap["boards"])
    table.add_section()
    table.add_row("", "", "", "", gettext("Total"), _points(total), "")
    console().print()
    console().print(table)


@session_group.command("export")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write (replaced whole, never left half-written).")  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(["pbn", "csv", "usebio"]), default="pbn",
              show_default=True, help="pbn: PBN export format; csv: rankings and travellers; "
              "usebio: USEBIO 1.2 XML, the national bodies' results file.")  # fmt: skip
@_method_option
@_min_share_option
@_masterpoints_option
@click.option("--per", type=click.Choice(["board", "table"]), default="board", show_default=True,
              help="PBN: board: a game per board with a ScoreTable; table: a game per table "
              "with Score, ScoreMP, ScorePercentage or ScoreIMP.")  # fmt: skip
def export_command(
    file: Path,
    output: Path,
    fmt: str,
    method: str | None,
    per: str,
    min_share: str | None = None,
    masterpoints: str | None = None,
) -> None:
    """Score a session (from PBN or USEBIO) and write it as PBN, CSV or USEBIO; USEBIO with
    --masterpoints holds each awarded pair's MASTER_POINTS.

    Example: bridgescore session export results.pbn --format usebio -o results.xml
    """
    spec = _spec(masterpoints)
    if spec is not None and fmt != "usebio":
        said = gettext("masterpoints are written in USEBIO only (--format usebio)")
        raise click.BadParameter(said, param_hint="--masterpoints")
    session = _share(read_session(file, method), min_share)
    with reporting("FILE"):
        if fmt == "usebio":
            from bridgescore import usebio

            with reporting("--masterpoints" if spec is not None else "FILE"):
                data = usebio.write(session, masterpoints=spec)
        elif fmt == "csv":
            data = session_csv(session.scored(section_scorer()), session).encode()
        else:
            data = pbn.encode(pbn.write(session, per=per))  # type: ignore[arg-type]
    write_file(output, data)
    boards = sum(len(s.boards) for s in session.sections)
    results = sum(len(s.results) for s in session.sections)
    said = gettext("Wrote %(file)s: %(sections)s sections, %(boards)s boards, %(results)s "
                   "results, scored by %(method)s.")  # fmt: skip
    method = gettext(METHODS[session.method].name)
    click.echo(said % {"file": output, "sections": len(session.sections), "boards": boards,
                       "results": results, "method": method})  # fmt: skip


@session_group.command("analyse")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--pair", "pair_text", metavar="PAIR", required=True,
              help="The pair: 3, or NS3 / EW3.")  # fmt: skip
@_method_option
@click.option("--section", "section_name", metavar="NAME", help="Only this section.")
@click.option("--solve/--no-solve", default=True, show_default=True,
              help="Solve deals without a DoubleDummyTricks tag (needs endplay).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def analyse_command(
    file: Path,
    pair_text: str,
    method: str | None,
    section_name: str | None,
    solve: bool,
    as_json: bool,
) -> None:
    """A pair's personal analysis: where its matchpoints (or IMPs) went on each board.

    Each board's par score, the double-dummy score of the contract reached (by its
    declarer) and the actual score are each scored against the other tables' results; the
    bidding is value(double dummy) - value(par), the play (declaring) or the defence
    (defending) value(actual) - value(double dummy). Boards without a deal, or with an
    artificial, weighted or split score, are listed as not analysed.

    Example: bridgescore session analyse results.pbn --pair NS3
    """
    session = read_session(file, method)
    sections = session.scored(section_scorer())
    if section_name is not None:
        with reporting("--section"):
            chosen = session.section(section_name)
        sections = [s for s in sections if s.section is chosen]
    found = [(s, p) for s in sections for p in _recaps(s, pair_text)]
    if not found:
        raise click.BadParameter(_no_pair(pair_text), param_hint="--pair")
    chosen_sections = {s.section.name: s.section for s, _ in found}
    tables = {name: _solved(section, solve) for name, section in chosen_sections.items()}
    data: dict[str, Any] = {
        "event": session.event,
        "date": session.date,
        "method": session.method,
        "analyses": [
            {"section": s.section.name, "pair": p.label, "names": p.names,
             "analysis": analysis_to_dict(analyse_pair(session, s, p, tables[s.section.name]))}
            for s, p in found
        ],
    }  # fmt: skip
    if as_json:
        click.echo(json.dumps(data))
        return
    for entry in data["analyses"]:
        _print_analysis(entry)


def _print_analysis(entry: dict[str, Any]) -> None:
    analysis = entry["analysis"]
    said = (gettext("Pair %(pair)s (%(names)s), section %(section)s: the %(unit)s of each")
            if entry["names"]
            else gettext("Pair %(pair)s, section %(section)s: the %(unit)s of each"))  # fmt: skip
    title = said % {"pair": pair_label(entry["pair"]), "names": entry["names"],
                    "section": entry["section"], "unit": gettext(analysis["unit"])}  # fmt: skip
    table = Table(title=title, title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  padding=(0, 1, 0, 0))  # fmt: skip
    for name in (N_("Board"), N_("Sat"), N_("Par"), N_("Double dummy"), N_("Actual"),
                 N_("Bidding"), N_("Play"), N_("Defence")):  # fmt: skip
        left = name in ("Sat", "Par", "Double dummy", "Actual")
        head = gettext(name)
        table.add_column(head, justify="left" if left else "right", min_width=len(head),
                         no_wrap=name != "Par")  # fmt: skip

    def cell(text: str, valued: dict[str, Any]) -> str:
        return f"{text}: {_points(valued['points'])}"

    for b in analysis["boards"]:
        par, dd, actual = b["par"], b["dd"], b["actual"]
        table.add_row(str(b["board"]), side_word(b["sat"]), cell(par["contract"], par),
                      cell(dd["result"], dd), cell(actual["result"], actual),
                      _signed(b["bidding"]), _signed(b.get("play")),
                      _signed(b.get("defence")))  # fmt: skip
    totals = analysis["totals"]
    table.add_section()
    table.add_row(gettext("Total"), "", "", "", "", _signed(totals["bidding"]),
                  _signed(totals["play"]), _signed(totals["defence"]))  # fmt: skip
    out = console()
    out.print()
    out.print(table)
    for n in analysis["not_analysed"]:
        said = gettext("Board %(board)s not analysed: %(reason)s.")
        out.print(said % {"board": n["board"], "reason": n["reason"]})


def _signed(x: float | None) -> str:
    """A gain or loss: ``+2``, ``-1.5``, ``0``; '' for none."""
    if x is None:
        return ""
    text = _points(x)
    return text if text.startswith("-") or text == "0" else f"+{text}"


@session_group.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--club", "club_ref", required=True, metavar="CLUB",
              help="The club whose evening it is: its id, name or number.")  # fmt: skip
@_method_option
@_min_share_option
@_names_option
@click.option("--event", metavar="NAME", help="The evening's name (default: the file's).")
@click.option("--db", envvar="BRIDGESCORE_DATABASE_URL", metavar="URL",
              help="The database (an SQLAlchemy URL), as for serve; default: a SQLite file in "
              "your data directory.")  # fmt: skip
def import_command(
    file: Path,
    club_ref: str,
    method: str | None,
    min_share: str | None,
    names_file: Path | None,
    event: str | None,
    db: str | None,
) -> None:
    """Import a session (a Bridgemate .bws as the handsets left it, a PBN or a USEBIO file)
    as one of CLUB's evenings, as an upload is; prints the evening's id. Its results are
    published on the club's pages like an uploaded session's.

    With ``--names``, BBO usernames become the names file's players, and those on the club's
    roster (by national number, else by name) its roster players.

    Example: bridgescore session import tuesday.bws --club "Acol BC" --method mp
    """
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    session = _share(read_session(file, method), min_share)
    session = dataclasses.replace(session, event=event or session.event or file.stem)
    with Store(db) as store:
        clubs = ClubStore(store)
        with reporting("CLUB"):
            club = clubs.club(club_ref)
        if names_file is not None:
            roster = [entry.player for entry in clubs.roster(club.id)]
            session = _named(session, names_file, roster)
        with reporting("CLUB"):
            stored = store.create(session, club=(club.id, clubs.key(club.id)))
    results = sum(len(s.results) for s in session.sections)
    console().print(stored.id)
    said = gettext("%(event)s: %(sections)s section(s), %(results)s results, imported into "
                   "%(club)s's evenings")  # fmt: skip
    console().print(said % {"event": session.event, "sections": len(session.sections),
                            "results": results, "club": club.name}, style="dim")  # fmt: skip
