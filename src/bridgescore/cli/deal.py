"""One-deal commands: ``score``, ``imps`` and ``board``."""

from __future__ import annotations

import json
import re

import click
from rich.table import Table

from bridgescore import (
    BridgeError,
    Contract,
    Result,
    Score,
    Seat,
    Side,
    Vulnerability,
    imps,
    score_request,
)
from bridgescore.cli._app import (
    ARGS,
    UNDERTRICK_RULE,
    cli,
    console,
    reporting,
    said,
)
from bridgescore.locale import gettext, ngettext, part_label, seat_name
from bridgescore.scoring import UndertrickRule

__all__ = ["board_command", "imps_command", "score_command"]


@cli.command("score", context_settings=ARGS)
@click.argument("words", nargs=-1, required=True, metavar="RESULT [TRICKS]")
@click.option("--vul/--nonvul", "vul", default=None, help="The declaring side is (not) vulnerable.")
@click.option("--board-vul", help="The board's vulnerability: None, NS, EW or All.")
@click.option("--board", "board", type=int, help="The board number (gives the vulnerability).")
@UNDERTRICK_RULE
@click.option("--symbols", is_flag=True, help="Print suit symbols (4♥X).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def score_command(
    words: tuple[str, ...],
    vul: bool | None,
    board_vul: str | None,
    board: int | None,
    undertrick_rule: UndertrickRule,
    symbols: bool,
    as_json: bool,
) -> None:
    """Score one deal the duplicate way, showing every part.

    RESULT is a contract with an outcome (4HXS-2, 3NTN=, "3NT+1", "4HX S -2") or a contract
    followed by the tricks declarer took (4HX 8). The declarer is needed only with --board-vul
    or --board. Without any of --vul, --board-vul and --board the declarer is not vulnerable.

    Examples: bridgescore score 4HX 8 --vul; bridgescore score 4HXS-2 --board-vul NS
    """
    if sum(x is not None for x in (vul, board_vul, board)) > 1:
        raise click.UsageError(gettext("give only one of --vul/--nonvul, --board-vul and --board"))
    try:
        s = score_request(
            " ".join(words),
            vulnerable=vul,
            vulnerability=board_vul,
            board=board,
            undertrick_rule=undertrick_rule,
        )
    except BridgeError as exc:
        hint = _OPTIONS.get(exc.field or "", "RESULT")
        raise click.BadParameter(said(exc), param_hint=hint) from exc
    if as_json:
        click.echo(json.dumps(s.to_dict()))
    else:
        _print_score(s, symbols=symbols)


_OPTIONS = {"vulnerability": "--board-vul", "board": "--board", "vulnerable": "--vul"}
"""The option each field of a score request comes from; the others come from RESULT."""


def _print_score(s: Score, *, symbols: bool) -> None:
    """The score as a table, in the current language (:mod:`bridgescore.locale`)."""
    result, vulnerability = Result(s.contract, s.declarer, s.tricks), s.vulnerability
    out = console()
    if result.is_pass_out:
        out.print(gettext("Passed out: each side scores 0."))
        return
    contract = result.contract
    assert isinstance(contract, Contract)
    values: dict[str, object] = {"contract": contract.notation(symbols=symbols)}
    values |= {"tricks": result.tricks, "over": result.overtricks, "down": result.undertricks}
    if result.declarer:
        values["contract"] = gettext("%(contract)s by %(seat)s") % {
            "contract": values["contract"],
            "seat": seat_name(result.declarer),
        }
    if result.made and not result.overtricks:
        title = gettext("%(contract)s: %(tricks)s tricks, made exactly") % values
    elif result.made:
        title = gettext("%(contract)s: %(tricks)s tricks, made with %(over)s over") % values
    else:
        title = gettext("%(contract)s: %(tricks)s tricks, %(down)s down") % values
    vul = gettext("vulnerable") if s.vulnerable else gettext("not vulnerable")
    if vulnerability is not None:
        vul = gettext("%(vul)s (board vulnerability %(board)s)") % {
            "vul": vul,
            "board": vulnerability.value,
        }
    out.print(f"{title}; {vul}")
    table = Table(show_header=True)
    table.add_column(gettext("Part"))
    table.add_column(gettext("Points"), justify="right")
    for part in s.parts:
        table.add_row(part_label(part), f"{part.points:+d}")
    table.add_section()
    table.add_row(gettext("Total for the declaring side"), f"{s.total:+d}", style="bold")
    out.print(table)
    if s.total > 0:
        line = gettext("Declarer's side scores %(points)s.") % {"points": abs(s.total)}
    else:
        line = gettext("The defenders score %(points)s.") % {"points": abs(s.total)}
    if result.declarer is not None:
        ns = s.for_side(Side.NS)
        line += " " + gettext("NS %(ns)s, EW %(ew)s.") % {"ns": f"{ns:+d}", "ew": f"{-ns:+d}"}
    out.print(line)


@cli.command("imps", context_settings=ARGS)
@click.argument("scores", nargs=-1, required=True, type=int, metavar="SCORE [OTHER]")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def imps_command(scores: tuple[int, ...], as_json: bool) -> None:
    """Convert a point difference, or the difference of two scores, to IMPs (WBF scale).

    Examples: bridgescore imps 620 -100 (12 IMPs); bridgescore imps 450 (10 IMPs)
    """
    if len(scores) > 2:
        said_ = gettext("expected one difference or two scores, got %(count)s numbers")
        raise click.UsageError(said_ % {"count": len(scores)})
    difference = scores[0] - (scores[1] if len(scores) == 2 else 0)
    result = imps(difference)
    if as_json:
        click.echo(json.dumps({"difference": difference, "imps": result}))
        return
    values = {"difference": f"{difference:+d}", "imps": f"{result:+d}"}
    line = ngettext("difference %(difference)s = %(imps)s IMP",
                    "difference %(difference)s = %(imps)s IMPs", abs(result)) % values  # fmt: skip
    if len(scores) == 2:
        line = gettext("%(score)s against %(other)s: %(line)s") % {
            "score": f"{scores[0]:+d}", "other": f"{scores[1]:+d}", "line": line}  # fmt: skip
    console().print(line)


@cli.command("board")
@click.argument("boards", metavar="BOARD")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def board_command(boards: str, as_json: bool) -> None:
    """Show the dealer and vulnerability of a board or a range of boards (Law 2).

    Examples: bridgescore board 7; bridgescore board 1-16
    """
    m = re.fullmatch(r"\s*([0-9]{1,6})\s*(?:-\s*([0-9]{1,6})\s*)?", boards)
    if m is None or (m[2] is not None and int(m[2]) < int(m[1])):
        said_ = gettext("expected a board number or a range such as 1-16, got %(boards)s")
        raise click.BadParameter(said_ % {"boards": repr(boards)}, param_hint="BOARD")
    numbers = range(int(m[1]), int(m[2] or m[1]) + 1)
    with reporting("BOARD"):
        rows = [(n, Seat.dealer_of_board(n), Vulnerability.from_board(n)) for n in numbers]
    if as_json:
        data = [{"board": n, "dealer": d.value, "vulnerability": v.value} for n, d, v in rows]
        click.echo(json.dumps(data[0] if len(data) == 1 else data))
        return
    if len(rows) == 1:
        n, dealer, vul = rows[0]
        said_ = gettext("Board %(number)s: dealer %(dealer)s, vulnerability %(vul)s")
        console().print(said_ % {"number": n, "dealer": seat_name(dealer), "vul": vul.value})
        return
    table = Table(gettext("Board"), gettext("Dealer"), gettext("Vulnerability"))
    for n, dealer, vul in rows:
        table.add_row(str(n), seat_name(dealer), vul.value)
    console().print(table)
