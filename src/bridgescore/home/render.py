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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from bridgescore.errors import N_
from bridgescore.home.chicago import Chicago
from bridgescore.home.rubber import PadEntry, Rubber, RubberDeal, WeThey
from bridgescore.model import Side, Vulnerability

__all__ = [
    "PadRow",
    "Phrase",
    "chicago",
    "deal_phrase",
    "entry_phrase",
    "explain",
    "explain_phrases",
    "next_phrase",
    "pad_rows",
    "rubber",
    "rubber_status",
    "rules_phrase",
    "say",
    "status_phrases",
]

_W = 15  # the width of a pad column

RULES_NAMES: Final = {"default": N_("default"), "acbl": N_("acbl"), "laws-1993": N_("laws-1993")}
"""Each preset's name as a page shows it, by the name a form sends and a game stores (in
English the name itself; another language says it its way: ``Regeln von 1993``)."""


def rules_phrase(rules: object) -> Phrase:
    """A game's rules as a phrase: the preset's display name (:data:`RULES_NAMES`), then the
    options that differ from it as the rules write them (``acbl, switched``).

    >>> say(rules_phrase("laws-1993, honors off"))
    'laws-1993, honors off'
    """
    name, comma, rest = str(rules).partition(", ")
    if name not in RULES_NAMES:
        return ("{rules}", {"rules": str(rules)})
    return ("{name}{rest}", {"name": (RULES_NAMES[name], {}), "rest": comma + rest})


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


def rubber(
    r: Rubber, *, we: str = "", they: str = "", translate: Callable[[str], str] = str
) -> str:
    """The pad as text: WE | THEY, premiums above the line, trick points below it with a line
    under each game, then the totals and a status line.

    ``we`` and ``they`` name the pairs in the heading; ``translate`` says the words (a
    gettext; by default English, as :func:`say`).
    """
    names = zip(WeThey, (we, they), strict=True)
    heads = [f"{translate(side.label)} {name}".strip() for side, name in names]
    out = [_row(*heads), _row("", "")]
    for row in pad_rows(r):
        if row.kind in _RULES:
            fill, cross = _RULES[row.kind]
            out.append(fill * _W + cross + fill * _W)
        else:
            out.append(_row(row.we, row.they))
    out.append(rubber_status(r, translate))
    return "\n".join(out)


Phrase: TypeAlias = tuple[str, dict[str, object]]
"""An English template (marked for translation) and its values; a value may be a side, a
phrase, or a list of phrases (said joined by ``'; '``)."""


def say(phrase: Phrase, translate: Callable[[str], str] = str) -> str:
    """A phrase said: its template passed through ``translate`` (a page's gettext; by default
    left English), then filled with its values, each said the same way.

    >>> say(("{side} have {points}", {"side": WeThey.WE, "points": 60}))
    'WE have 60'
    """
    template, params = phrase

    def value(v: object) -> object:
        if isinstance(v, WeThey):
            return translate(v.label)
        if isinstance(v, tuple):
            return say(v, translate)
        if isinstance(v, list):
            return "; ".join(str(value(item)) for item in v)
        return v

    text = translate(template)
    values = {k: value(v) for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation naming a value it is not given
        return template.format(**values)


def status_phrases(r: Rubber) -> list[Phrase]:
    """The status line's sentences: the rules, then the state of play or the result."""
    out: list[Phrase] = [(N_("Rules: {rules}."), {"rules": rules_phrase(r.rules)})]
    totals = r.totals
    if r.is_finished:
        won = r.rubber_won_by
        if won is not None:
            lost = r.games[won.opponents]
            out.append((N_("{side} won the rubber 2-{lost}."), {"side": won, "lost": lost}))
        else:
            out.append((N_("The rubber was ended early."), {}))
        winner = r.winner
        if winner is None:
            out.append((N_("A tie on points, {points} each."), {"points": totals[WeThey.WE]}))
            return out
        mine, theirs = totals[winner], totals[winner.opponents]
        said = N_("{side} win by {margin} points ({points} to {other}).")
        out.append(
            (said, {"side": winner, "margin": mine - theirs, "points": mine, "other": theirs})
        )
        return out
    vulnerable = [side for side in WeThey if r.vulnerable(side)]
    vul: Phrase = (N_("neither side vulnerable"), {})
    if len(vulnerable) == 2:
        vul = (N_("WE vulnerable, THEY vulnerable"), {})
    elif vulnerable:
        vul = (N_("{side} vulnerable"), {"side": vulnerable[0]})
    legs = [(side, r.leg(side)) for side in WeThey if r.leg(side)]
    game = r.game_number
    if not legs:
        out.append((N_("Game {game}: {vul}."), {"game": game, "vul": vul}))
    elif len(legs) == 1:
        said = N_("Game {game}: {vul}; {side} have {points} toward game.")
        out.append((said, {"game": game, "vul": vul, "side": legs[0][0], "points": legs[0][1]}))
    else:
        said = N_("Game {game}: {vul}; WE have {we} and THEY have {they} toward game.")
        out.append((said, {"game": game, "vul": vul, "we": legs[0][1], "they": legs[1][1]}))
    return out


def rubber_status(r: Rubber, translate: Callable[[str], str] = str) -> str:
    """One line: the rules, then the state of play or the result (said with ``translate``).

    >>> rubber_status(Rubber("laws-1993").record("2H", "they", 8))
    'Rules: laws-1993. Game 1: neither side vulnerable; THEY have 60 toward game.'
    """
    return " ".join(say(phrase, translate) for phrase in status_phrases(r))


def entry_phrase(e: PadEntry) -> Phrase:
    """What a pad entry was for (a fixed label is its own template)."""
    return (e.template, e.params) if e.template else (e.label, {})


def deal_phrase(deal: RubberDeal) -> Phrase:
    """A deal as the list of deals says it: ``'4H by WE, 10 tricks'``."""
    if deal.by is None:
        return N_("Pass"), {}
    values: dict[str, object] = {"contract": str(deal.contract), "side": deal.by}
    values["tricks"] = deal.tricks
    if deal.honors_by is None:
        return N_("{contract} by {side}, {tricks} tricks"), values
    values |= {"honors_side": deal.honors_by, "honors": deal.honors}
    return N_("{contract} by {side}, {tricks} tricks, {honors_side} {honors} honors"), values


def explain_phrases(r: Rubber) -> list[Phrase]:
    """One phrase per deal saying what it scored and why, then the unfinished premiums."""
    lines: list[Phrase] = []
    for n, deal in enumerate(r.deals, 1):
        parts: list[Phrase] = [
            (
                N_("{side} {points} above ({label})")
                if e.line == "above"
                else N_("{side} {points} below ({label})"),
                {"side": e.side, "points": e.points, "label": entry_phrase(e)},
            )
            for e in r.entries
            if e.deal == n
        ]
        if parts:
            lines.append(
                (N_("{n}. {deal}: {parts}"), {"n": n, "deal": deal_phrase(deal), "parts": parts})
            )
        else:
            lines.append(
                (N_("{n}. {deal}: no score (redeal)"), {"n": n, "deal": deal_phrase(deal)})
            )
    unfinished: list[Phrase] = [
        (
            N_("{side} {points} ({label})"),
            {"side": e.side, "points": e.points, "label": entry_phrase(e)},
        )
        for e in r.entries
        if e.deal is None
    ]
    if unfinished:
        lines.append((N_("Rubber ended early: {parts}"), {"parts": unfinished}))
    return lines


def explain(r: Rubber, translate: Callable[[str], str] = str) -> list[str]:
    """One line per deal saying what it scored and why (said with ``translate``).

    >>> explain(Rubber().record("2H", "we", 8).record("Pass", None, 0))
    ['1. 2H by WE, 8 tricks: WE 60 below (Trick points: 2 × 30)', '2. Pass: no score (redeal)']
    """
    return [say(phrase, translate) for phrase in explain_phrases(r)]


_VUL_WORDS: dict[Vulnerability, Phrase] = {
    Vulnerability.NONE: (N_("neither side vulnerable"), {}),
    Vulnerability.NS: (N_("NS vulnerable"), {}),
    Vulnerability.EW: (N_("EW vulnerable"), {}),
    Vulnerability.BOTH: (N_("both sides vulnerable"), {}),
}

_SHEET = (
    ("#", 2, ">", ""),
    (N_("Dealer"), 6, "<", "  "),
    (N_("Vul"), 4, "<", "  "),
    (N_("Result"), 8, "<", "  "),
    ("NS", 6, ">", " "),
    ("EW", 6, ">", " "),
    (N_("NS total"), 8, ">", "  "),
    (N_("EW total"), 8, ">", "  "),
)
"""The sheet's columns: heading, narrowest width, alignment, and the space before it."""


def next_phrase(c: Chicago) -> Phrase:
    """The sheet's last line: the next deal, the totals and the rules."""
    totals = c.totals
    said = N_("Next: deal {number} of the set, {dealer} deals, {vul}. NS {ns}, EW {ew}. "
              "Rules: {rules}.")  # fmt: skip
    return said, {
        "number": c.next_number,
        "dealer": c.next_dealer.value,
        "vul": _VUL_WORDS[c.next_vulnerability],
        "ns": totals[Side.NS],
        "ew": totals[Side.EW],
        "rules": rules_phrase(c.rules),
    }


def chicago(
    c: Chicago, *, ns: str = "", ew: str = "", translate: Callable[[str], str] = str
) -> str:
    """The sheet: one row per deal with its dealer, vulnerability, result, the points each side
    scored and the running totals; a line after each set of four. ``translate`` says the
    headings and the last line (by default English); a column is as wide as its heading.

    >>> print(chicago(Chicago().record("2S", "N", 9).record("Pass", None, 0)))
     #  Dealer  Vul   Result       NS     EW  NS total  EW total
     1  N       None  2SN+1       140              140         0
     -  E       EW    Pass                         140         0
    Next: deal 2 of the set, E deals, EW vulnerable. NS 140, EW 0. Rules: default.
    """
    heads = [translate(head) if head != "#" else head for head, *_ in _SHEET]
    heads[4:6] = [f"{translate('NS')} {ns}".strip(), f"{translate('EW')} {ew}".strip()]
    widths = [w if i in (4, 5) else max(w, len(h)) for i, (h, (_, w, _, _)) in
              enumerate(zip(heads, _SHEET, strict=True))]  # fmt: skip

    def line(cells: list[str]) -> str:
        columns = zip(cells, widths, _SHEET, strict=True)
        return "".join(f"{gap}{cell:{align}{width}}" for cell, width, (_, _, align, gap) in columns)

    out = [line(heads)]
    for row in c.rows:
        number = "-" if row.number is None else str(row.number)
        cells = [number, row.dealer.value, row.vulnerability.value, str(row.result),
                 str(row.ns) if row.ns else "", str(row.ew) if row.ew else "",
                 str(row.ns_total), str(row.ew_total)]  # fmt: skip
        out.append(line(cells))
        if row.number is not None and row.number % 4 == 0:
            out.append("─" * len(out[0]))
    out.append(say(next_phrase(c), translate))
    return "\n".join(out)
