"""A game's double-dummy tags: written by :func:`analyse_games` (``bridgescore analyse``), read
by :func:`dd_tricks_from_tag` (the web's hand records).

Four tags, replacing any there were:

* ``DoubleDummyTricks``: 20 hex digits, the tricks of declarer N, S, E, W (in that order), each
  in NT, S, H, D, C (the layout other programs write: ``"a9a9a..."``);
* ``OptimumResultTable`` (PBN 2.1 §5.7): ``Declarer;Denomination\\2R;Result\\2R`` and a row per
  declarer and strain, ``N NT 9``;
* ``OptimumScore`` (PBN 2.1 §4.2, the ``Score`` layout): the par score, ``NS 420`` or ``EW 100``;
* ``ParContract``: the par contracts in :mod:`bridgescore.boards.par`'s notation, separated by
  ``", "`` (``4HNS``, ``5CXEW-2``), ``pass`` for none.

Par is the dealer's (``Dealer``, or Law 2's for the ``Board``), with the ``Vulnerable`` tag's
vulnerability (or Law 2's). A table is as :func:`bridgescore.boards.par.par` takes it: rows N E S W,
each the tricks in C D H S NT.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bridgescore.boards.dd import DDTable
from bridgescore.boards.par import Par, par
from bridgescore.boards.tags import ORT_SPEC, dd_from_hex, dd_hex, dd_rows, par_texts
from bridgescore.model import Vulnerability
from bridgescore.pbn._games import Game, Tag, board_facts, complete_deal

__all__ = ["ANALYSIS_TAGS", "analyse_games", "analysis_tags", "dd_tricks_from_tag"]

ANALYSIS_TAGS: Final = ("DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract")
"""The tags :func:`analyse_games` sets."""


def analysis_tags(table: DDTable, result: Par) -> tuple[Tag, ...]:
    """The four tags for a deal's double-dummy table and par.

    >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    >>> tags = analysis_tags(t, par(t, "None", "N"))
    >>> [tag.value for tag in tags if not tag.data]
    ['99777887774466644656', 'NS 400', '3NTN']
    """
    score, contracts = par_texts(result)
    return (
        Tag("DoubleDummyTricks", dd_hex(table)),
        Tag("OptimumResultTable", ORT_SPEC, dd_rows(table)),
        Tag("OptimumScore", score),
        Tag("ParContract", contracts),
    )


def dd_tricks_from_tag(text: str) -> DDTable | None:
    """The table of a ``DoubleDummyTricks`` value (20 hex digits, declarers N S E W, each
    NT S H D C), or None if it is not that.

    >>> dd_tricks_from_tag("99777887774466644656")[0]
    (7, 7, 7, 9, 9)
    >>> dd_tricks_from_tag("9977788777446664465e") is None  # 14 tricks
    True
    """
    return dd_from_hex(text)


def analyse_games(
    games: list[Game],
    *,
    source: str = "<text>",
    on_progress: Callable[[int], object] | None = None,
) -> list[Game]:
    """The games with the analysis tags set on each one with a complete deal (solved by
    :func:`bridgescore.boards.dd.dd_tables`, which needs endplay: the ``bridgescore[dd]`` extra).
    Other games are returned as they are.

    ``on_progress``, if given, is called with the number of deals solved after each chunk.

    :raises PbnError: for a ``Deal`` that is not a deal.
    :raises ModuleNotFoundError: without endplay.
    """
    from bridgescore.boards.dd import dd_tables

    deals = [(i, complete_deal(g, source)) for i, g in enumerate(games)]
    todo = [(i, d) for i, d in deals if d is not None]
    tables = dd_tables((d for _, d in todo if d is not None), progress=on_progress)
    out = list(games)
    for (i, _), table in zip(todo, tables, strict=True):
        game = games[i]
        vul, dealer = board_facts(game)
        result = par(table, vul or Vulnerability.NONE, dealer)
        kept = tuple(t for t in game.tags if t.name not in ANALYSIS_TAGS)
        out[i] = Game(kept + analysis_tags(table, result), game.comments, game.line)
    return out
