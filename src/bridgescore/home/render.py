"""Games drawn as text: a rubber as the paper pad draws it, a Chicago as a sheet of deals.

>>> from bridgescore.home.rubber import Rubber
>>> r = Rubber().record("4H", "we", 10, honors={"we": 100}).record("4S", "they", 10)
>>> print(rubber(r))
            WE │ THEY
               │
           100 │
═══════════════╪═══════════════
           120 │
───────────────┼───────────────
               │ 120
───────────────┼───────────────
           220 │ 120
Rules: default. Game 3: WE vulnerable, THEY vulnerable.

The web app draws the same structure as HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgescore.home.chicago import Chicago
from bridgescore.home.rubber import Rubber, WeThey
from bridgescore.model import Side, Vulnerability

__all__ = ["PadRow", "chicago", "explain", "pad_rows", "rubber", "rubber_status"]

_W = 15  # the width of a pad column


def _row(we: str, they: str) -> str:
    return f"{we:>{_W - 1}} │ {they}".rstrip()


@dataclass(frozen=True, slots=True)
class PadRow:
    """One row of the drawn pad: a cell per column, and what kind of row it is."""

    we: str
    they: str
    kind: Literal["above", "the-line", "below", "game-line", "rubber-line", "total"]


def pad_rows(r: Rubber) -> list[PadRow]:
    """The rows of the pad, top to bottom: the text pad and the web page both draw these.

    Premiums go above the line, newest on top (each column is written upward from the line);
    trick points go below it, a game at a time, with a game line under each finished game and
    the rubber line under the last; the totals close the pad.
    """
    rows: list[PadRow] = []
    above = [
        [str(e.points) for e in reversed(r.entries) if e.line == "above" and e.side is side]
        for side in WeThey
    ]
    height = max(len(column) for column in above)
    for i in range(height):
        cells = [c[k] if (k := i - (height - len(c))) >= 0 else "" for c in above]
        rows.append(PadRow(cells[0], cells[1], "above"))
    rows.append(PadRow("", "", "the-line"))
    below = [e for e in r.entries if e.line == "below"]
    completed = len(r.game_winners)
    for game in range(1, completed + 2):
        entries = [e for e in below if e.game == game]
        if not entries and game > completed:
            break
        columns = [[str(e.points) for e in entries if e.side is side] for side in WeThey]
        for i in range(max(len(c) for c in columns)):
            cells = [c[i] if i < len(c) else "" for c in columns]
            rows.append(PadRow(cells[0], cells[1], "below"))
        if game <= completed:
            last = r.is_complete and game == completed
            rows.append(PadRow("", "", "rubber-line" if last else "game-line"))
    if r.ended:
        rows.append(PadRow("", "", "rubber-line"))  # under the unfinished game
    totals = r.totals
    rows.append(PadRow(str(totals[WeThey.WE]), str(totals[WeThey.THEY]), "total"))
    return rows


_RULES = {"the-line": ("═", "╪"), "game-line": ("─", "┼"), "rubber-line": ("═", "╧")}


def rubber(r: Rubber, *, we: str = "", they: str = "") -> str:
    """The pad as text: WE | THEY, premiums above the line, trick points below it with a line
    under each game, then the totals and a status line.

    ``we`` and ``they`` name the pairs in the heading.
    """
    out = [_row(f"WE {we}".strip(), f"THEY {they}".strip()), _row("", "")]
    for row in pad_rows(r):
        if row.kind in _RULES:
            fill, cross = _RULES[row.kind]
            out.append(fill * _W + cross + fill * _W)
        else:
            out.append(_row(row.we, row.they))
    out.append(rubber_status(r))
    return "\n".join(out)


def rubber_status(r: Rubber) -> str:
    """One line: the rules, then the state of play or the result.

    >>> rubber_status(Rubber("laws-1993").record("2H", "they", 8))
    'Rules: laws-1993. Game 1: neither side vulnerable; THEY have 60 toward game.'
    """
    out = f"Rules: {r.rules}. "
    if r.is_finished:
        totals = r.totals
        won = r.rubber_won_by
        if won is not None:
            lost = r.games[won.opponents]
            out += f"{won.label} won the rubber {2}-{lost}. "
        else:
            out += "The rubber was ended early. "
        winner = r.winner
        if winner is None:
            return out + f"A tie on points, {totals[WeThey.WE]} each."
        loser = winner.opponents
        margin = totals[winner] - totals[loser]
        return out + (
            f"{winner.label} win by {margin} points ({totals[winner]} to {totals[loser]})."
        )
    vulnerable = [side.label for side in WeThey if r.vulnerable(side)]
    vul = {0: "neither side vulnerable", 2: "WE vulnerable, THEY vulnerable"}.get(
        len(vulnerable), f"{vulnerable[0] if vulnerable else ''} vulnerable"
    )
    legs = [f"{side.label} have {r.leg(side)}" for side in WeThey if r.leg(side)]
    out += f"Game {r.game_number}: {vul}"
    if legs:
        out += "; " + " and ".join(legs) + " toward game"
    return out + "."


def explain(r: Rubber) -> list[str]:
    """One line per deal saying what it scored and why.

    >>> explain(Rubber().record("2H", "we", 8).record("Pass", None, 0))
    ['1. 2H by WE, 8 tricks: WE 60 below (Trick points: 2 × 30)', '2. Pass: no score (redeal)']
    """
    lines = []
    for n, deal in enumerate(r.deals, 1):
        parts = [
            f"{e.side.label} {e.points} {e.line} ({e.label})" for e in r.entries if e.deal == n
        ]
        lines.append(f"{n}. {deal}: " + ("; ".join(parts) if parts else "no score (redeal)"))
    unfinished = [f"{e.side.label} {e.points} ({e.label})" for e in r.entries if e.deal is None]
    if unfinished:
        lines.append("Rubber ended early: " + "; ".join(unfinished))
    return lines


_VUL_WORDS = {
    Vulnerability.NONE: "neither side vulnerable",
    Vulnerability.NS: "NS vulnerable",
    Vulnerability.EW: "EW vulnerable",
    Vulnerability.BOTH: "both sides vulnerable",
}


def chicago(c: Chicago, *, ns: str = "", ew: str = "") -> str:
    """The sheet: one row per deal with its dealer, vulnerability, result, the points each side
    scored and the running totals; a line after each set of four.

    >>> print(chicago(Chicago().record("2S", "N", 9).record("Pass", None, 0)))
     #  Dealer  Vul   Result       NS     EW  NS total  EW total
     1  N       None  2SN+1       140              140         0
     -  E       EW    Pass                         140         0
    Next: deal 2 of the set, E deals, EW vulnerable. NS 140, EW 0. Rules: default.
    """
    names = f"NS {ns}".strip(), f"EW {ew}".strip()
    out = [f" #  Dealer  Vul   Result   {names[0]:>6} {names[1]:>6}  NS total  EW total"]
    for row in c.rows:
        number = "-" if row.number is None else str(row.number)
        ns_points = str(row.ns) if row.ns else ""
        ew_points = str(row.ew) if row.ew else ""
        out.append(
            f"{number:>2}  {row.dealer.value:<6}  {row.vulnerability.value:<4}  "
            f"{row.result!s:<8} {ns_points:>6} {ew_points:>6}  {row.ns_total:>8}  "
            f"{row.ew_total:>8}"
        )
        if row.number is not None and row.number % 4 == 0:
            out.append("─" * len(out[0]))
    totals = c.totals
    out.append(
        f"Next: deal {c.next_number} of the set, {c.next_dealer.value} deals, "
        f"{_VUL_WORDS[c.next_vulnerability]}. NS {totals[Side.NS]}, EW {totals[Side.EW]}. "
        f"Rules: {c.rules}."
    )
    return "\n".join(out)
