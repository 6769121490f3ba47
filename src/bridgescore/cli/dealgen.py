"""``bridgescore deal --where``: random deals that meet a condition, written as PBN.

The condition is :mod:`bridgescore.boards.condition`'s language; the deals come from
:func:`bridgescore.batch.deal_where` (numpy: the ``bridgescore[batch]`` extra). Each deal is a
board, numbered from 1, with its dealer and vulnerability by Law 2 (``Board``, ``Dealer``,
``Vulnerable``, ``Deal`` from the dealer). Without ``--seed`` the operating system's random
source seeds the deals, and the seed used is written in the file's header comment, so that
anyone can deal the same set again.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from bridgescore.boards.deal import Deal
from bridgescore.cli._app import reporting, write_file
from bridgescore.locale import gettext
from bridgescore.model import Seat, Vulnerability
from bridgescore.pbn import Game, Tag, encode, write_games

__all__ = ["deal_to_order", "pbn_boards"]


def pbn_boards(deals: list[Deal], *, header: str | None = None) -> str:
    """The deals as PBN games, boards 1, 2, ..., dealer and vulnerability by Law 2.

    >>> deal = Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653")
    >>> pbn_boards([deal, deal]).splitlines()[7:11]
    ['[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]', \
'[Deal "E:JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653 AKQ2.K53.T94.QJ2"]']
    """
    games = []
    for number, deal in enumerate(deals, 1):
        if not deal.is_complete:
            raise ValueError("a board needs all four hands")
        dealer = Seat.dealer_of_board(number)
        games.append(
            Game(
                (
                    Tag("Board", str(number)),
                    Tag("Dealer", dealer.value),
                    Tag("Vulnerable", Vulnerability.from_board(number).value),
                    Tag("Deal", deal.notation(dealer)),
                ),
                comments=(f"{{{header}}}",) if header and number == 1 else (),
            )
        )
    return write_games(games)


def deal_to_order(condition: str, count: int, seed: int | None, target: Path | None) -> None:
    """``bridgescore deal --where CONDITION --count N``: deal, write PBN (to OUT or the screen)."""
    from bridgescore.batch import deal_where

    used = secrets.randbits(64) if seed is None else seed
    with reporting("--where"):
        deals = deal_where(condition, count, seed=used)
    text = pbn_boards(deals, header=f"bridgescore deal --where {condition!r} --seed {used}")
    if target is None:
        sys.stdout.write(text.replace("\r\n", "\n"))
        return
    write_file(target, encode(text))
    said = gettext("%(count)s deals written to %(file)s (seed %(seed)s)")
    click.echo(said % {"count": len(deals), "file": target, "seed": used}, err=True)
