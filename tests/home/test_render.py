"""The pad and the sheet drawn as text."""

from __future__ import annotations

from bridgescore.home import render
from bridgescore.home.chicago import Chicago
from bridgescore.home.rubber import Rubber

HANDOUT = """\
  WE Ann & Bob │ THEY Cy & Di
               │
           500 │
           100 │ 500
═══════════════╪═══════════════
           120 │
───────────────┼───────────────
               │ 120
───────────────┼───────────────
            40 │ 100
═══════════════╧═══════════════
           760 │ 720
Rules: default. THEY won the rubber 2-1. WE win by 40 points (760 to 720)."""


def handout() -> Rubber:
    r = Rubber().record("4H", "we", 10, honors={"we": 100}).record("4S", "they", 10)
    return r.record("4CX", "they", 8).record("1NT", "we", 7).record("5C", "they", 11)


def test_the_handouts_rubber_drawn_as_its_pad() -> None:
    # Seed 000, page 6: the same entries in the same places, WE 760 | THEY 720.
    assert render.rubber(handout(), we="Ann & Bob", they="Cy & Di") == HANDOUT


def test_unfinished_rubber_has_a_rubber_line_under_the_unfinished_game() -> None:
    # Seed 000, page 7 (with the total corrected to 420).
    r = Rubber().record("4H", "we", 10).record("1NT", "they", 7).end()
    assert render.rubber(r).splitlines()[2:] == [
        "           300 │ 50",
        "═══════════════╪═══════════════",
        "           120 │",
        "───────────────┼───────────────",
        "               │ 40",
        "═══════════════╧═══════════════",
        "           420 │ 90",
        "Rules: default. The rubber was ended early. WE win by 330 points (420 to 90).",
    ]


def test_status_lines() -> None:
    assert render.rubber_status(Rubber()) == "Rules: default. Game 1: neither side vulnerable."
    r = Rubber().record("4H", "we", 10).record("2S", "they", 8).record("1C", "we", 7)
    assert render.rubber_status(r) == (
        "Rules: default. Game 2: WE vulnerable; WE have 20 and THEY have 60 toward game."
    )
    tie = Rubber().record("1C", "we", 7).record("1C", "they", 7).end()
    assert render.rubber_status(tie).endswith("A tie on points, 70 each.")


def test_explain() -> None:
    lines = render.explain(handout())
    assert lines[2] == (
        "3. 4CX by THEY, 8 tricks: WE 500 above (Undertricks: 2 down, doubled, vulnerable "
        "(200 + 300))"
    )
    assert lines[4].endswith("THEY 500 above (Rubber premium: 2 games to 1)")


def test_chicago_sheet() -> None:
    c = Chicago("acbl")
    for deal in [("2S", "N", 9), ("3NT", "E", 9), ("4HX", "S", 9), ("2H", "N", 8), ("1C", "E", 7)]:
        c = c.record(*deal)
    lines = render.chicago(c, ns="Ann & Bob").splitlines()
    assert lines[0].startswith(" #  Dealer  Vul   Result   NS Ann & Bob")
    assert lines[4].split() == ["4", "W", "All", "2HN=", "160", "250", "800"]
    assert set(lines[5]) == {"─"}
    assert lines[-1] == (
        "Next: deal 2 of the set, E deals, EW vulnerable. NS 250, EW 820. Rules: acbl."
    )
