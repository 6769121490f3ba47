"""The scorers timed in part (a): bridgescore's and its peers', each fed the same deals.

Each entry prepares the deals in the scorer's own form (outside the timing) and returns a function
that scores them all, returning the declaring side's scores. A peer that is not installed is
reported as such, never replaced by something else. The conventions were read from each peer's
installed source:

* bridgebots 0.0.12 ``play_utils.calculate_score(level, suit, doubled, tricks, vulnerable)``:
  ``BiddingSuit`` enum, ``doubled`` 0/1/2, ``tricks`` taken by declarer, declarer's vulnerability.
* endplay 0.5.12 ``Contract(level=, denom=, declarer=, penalty=, result=).score(vul)``: ``result``
  is over/undertricks relative to the contract, ``penalty`` passed/doubled/redoubled, ``vul`` the
  board's (North declares here, so ``Vul.ns`` means declarer vulnerable). Its text form puts the
  declarer before the double: ``4HNX-2``.
* bridgeobjects 0.1.31 ``Contract("4HD", "N").score(tricks, vulnerable)``: ``D``/``R`` suffix for
  doubled/redoubled, ``tricks`` taken by declarer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import numpy as np

import bridgescore as bs
from bridgescore import model, scoring

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")

Runner = Callable[[], list[int]]


@dataclass
class Entry:
    """One row of part (a)."""

    name: str
    call: str
    run: Runner | None
    kind: str
    """``peer``, or one of bridgescore's: ``totals``, ``breakdown``."""
    note: str = ""


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def ours(deals: np.ndarray) -> list[Entry]:
    rows = [tuple(int(x) for x in d) for d in deals]
    contracts = [
        (bs.Contract(lv, list(bs.Strain)[st], list(bs.Doubling)[db]), t, bool(v))
        for lv, st, db, v, t in rows
    ]
    texts = [(f"{lv}{STRAINS[st]}{DOUBLINGS[db]}", t, bool(v)) for lv, st, db, v, t in rows]
    score = bs.score

    def by_contract() -> list[int]:
        return [score(c, t, vulnerable=v).total for c, t, v in contracts]

    def by_text() -> list[int]:
        return [score(c, t, vulnerable=v).total for c, t, v in texts]

    def breakdown() -> list[Any]:
        return [score(c, t, vulnerable=v) for c, t, v in contracts]

    version_ = f"bridgescore {bs.__version__}"
    return [
        Entry(version_, "score(Contract, tricks, vulnerable=).total", by_contract, "totals"),
        Entry(version_, "score('4HX', tricks, vulnerable=).total", by_text, "totals"),
        Entry(version_, "score(Contract, ...) -> Score (all parts)", breakdown, "breakdown"),
    ]


def first_sight() -> float:
    """Seconds per deal to score each of the 2,940 deals the first time (caches cleared)."""
    deals = [
        (bs.Contract(lv, s, d), t, v)
        for lv in range(1, 8)
        for s in bs.Strain
        for d in bs.Doubling
        for v in (False, True)
        for t in range(14)
    ]
    scoring._SEEN.clear()
    scoring._score.cache_clear()
    model._parse_contract.cache_clear()
    start = time.perf_counter()
    for c, t, v in deals:
        bs.score(c, t, vulnerable=v)
    return (time.perf_counter() - start) / len(deals)


def peers(deals: np.ndarray) -> list[Entry]:
    rows = [tuple(int(x) for x in d) for d in deals]
    out: list[Entry] = []
    out += _bridgebots(rows)
    out += _endplay(rows)
    out += _bridgeobjects(rows)
    return out


def _missing(package: str, call: str, exc: Exception) -> Entry:
    return Entry(package, call, None, "peer", f"cannot be imported here: {exc}")


def _bridgebots(rows: list[tuple[int, ...]]) -> list[Entry]:
    call = "calculate_score(level, suit, doubled, tricks, vul)"
    try:
        from bridgebots.deal_enums import BiddingSuit
        from bridgebots.play_utils import calculate_score
    except ImportError as exc:
        return [_missing("bridgebots", call, exc)]
    suits = [
        BiddingSuit.CLUBS,
        BiddingSuit.DIAMONDS,
        BiddingSuit.HEARTS,
        BiddingSuit.SPADES,
        BiddingSuit.NO_TRUMP,
    ]
    inputs = [(lv, suits[st], db, t, bool(v)) for lv, st, db, v, t in rows]

    def run() -> list[int]:
        return [calculate_score(lv, s, d, t, v) for lv, s, d, t, v in inputs]

    return [Entry(f"bridgebots {version('bridgebots')}", call, run, "peer")]


def _endplay(rows: list[tuple[int, ...]]) -> list[Entry]:
    name = f"endplay {version('endplay')}"
    try:
        from endplay.types import Contract, Denom, Penalty, Player, Vul
    except ImportError as exc:
        return [_missing("endplay", "Contract(...).score(vul)", exc)]
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    penalties = [Penalty.passed, Penalty.doubled, Penalty.redoubled]
    fields = [
        (lv, denoms[st], penalties[db], t - 6 - lv, Vul.ns if v else Vul.none)
        for lv, st, db, v, t in rows
    ]
    north = Player.north

    def from_fields() -> list[int]:
        return [
            Contract(level=lv, denom=dn, declarer=north, penalty=p, result=r).score(vul)
            for lv, dn, p, r, vul in fields
        ]

    def outcome(lv: int, t: int) -> str:
        return "=" if t == 6 + lv else f"{t - 6 - lv:+d}"

    texts = [
        (f"{lv}{STRAINS[st]}N{DOUBLINGS[db]}{outcome(lv, t)}", Vul.ns if v else Vul.none)
        for lv, st, db, v, t in rows
    ]

    def from_text() -> list[int]:
        return [Contract(text).score(vul) for text, vul in texts]

    built = [
        (Contract(level=lv, denom=dn, declarer=north, penalty=p, result=r), vul)
        for lv, dn, p, r, vul in fields
    ]

    def prebuilt() -> list[int]:
        return [c.score(vul) for c, vul in built]

    return [
        Entry(name, "Contract(level=, denom=, ...).score(vul)", from_fields, "peer"),
        Entry(name, "Contract('4HNX-2').score(vul)", from_text, "peer"),
        Entry(name, "prebuilt Contract: .score(vul) only", prebuilt, "peer"),
    ]


def _bridgeobjects(rows: list[tuple[int, ...]]) -> list[Entry]:
    name = f"bridgeobjects {version('bridgeobjects')}"
    try:
        from bridgeobjects import Contract
    except ImportError as exc:
        return [_missing("bridgeobjects", "Contract(name, 'N').score(tricks, vul)", exc)]
    modifiers = ("", "D", "R")
    inputs = [(f"{lv}{STRAINS[st]}{modifiers[db]}", t, bool(v)) for lv, st, db, v, t in rows]

    def from_text() -> list[int]:
        return [Contract(text, "N").score(t, v) for text, t, v in inputs]

    built = [(Contract(text, "N"), t, v) for text, t, v in inputs]

    def prebuilt() -> list[int]:
        return [c.score(t, v) for c, t, v in built]

    return [
        Entry(name, "Contract('4HD', 'N').score(tricks, vul)", from_text, "peer"),
        Entry(name, "prebuilt Contract: .score(tricks, vul) only", prebuilt, "peer"),
    ]
