"""``bridgescore analyse``: double-dummy tables and par added to a PBN file's games.

For each game with a complete ``Deal`` it solves the deal (DDS, through endplay: the
``bridgescore[dd]`` extra) and sets four tags, replacing any there were:

* ``DoubleDummyTricks``: 20 hex digits, the tricks of declarer N, S, E, W (in that order), each
  in NT, S, H, D, C (the layout other programs write: ``"a9a9a..."``);
* ``OptimumResultTable`` (PBN 2.1 §5.7): ``Declarer;Denomination\\2R;Result\\2R`` and a row per
  declarer and strain, ``N NT 9``;
* ``OptimumScore`` (PBN 2.1 §4.2, the ``Score`` layout): the par score, ``NS 420`` or ``EW 100``;
* ``ParContract``: the par contracts in :mod:`bridgescore.par`'s notation, separated by
  ``", "`` (``4HNS``, ``5CXEW-2``), ``pass`` for none.

Par is the dealer's (``Dealer``, or Law 2's for the ``Board``), with the ``Vulnerable`` tag's
vulnerability (or Law 2's). Other games are written as read. OUT is written through a
temporary file and replaces the old one only when every deal is solved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from bridgescore.cli._app import PROGRESS, SOURCE, cli, output_option, progress_bar, write_file
from bridgescore.deal import Deal
from bridgescore.errors import BridgeError, PbnError
from bridgescore.model import Seat, Vulnerability
from bridgescore.par import Par, par
from bridgescore.pbn import Game, Tag, decode, encode, read_games, write_games

__all__ = ["ANALYSIS_TAGS", "analyse_command", "analyse_games", "analysis_tags"]

ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract")
"""The tags ``bridgescore analyse`` sets."""

_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (4, 3, 2, 1, 0)  # NT S H D C as indexes of C D H S NT
_STRAIN_NAMES = ("C", "D", "H", "S", "NT")


def analysis_tags(table: tuple[tuple[int, ...], ...], result: Par) -> tuple[Tag, ...]:
    """The four tags for a deal's double-dummy table and par.

    >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    >>> tags = analysis_tags(t, par(t, "None", "N"))
    >>> [tag.value for tag in tags if not tag.data]
    ['99777887774466644656', 'NS 400', '3NTN']
    """
    seats = [tuple(Seat).index(s) for s in _PBN_SEATS]
    tricks = "".join(f"{table[p][s]:x}" for p in seats for s in _PBN_STRAINS)
    rows = tuple(
        (seat.value, _STRAIN_NAMES[s], str(table[p][s]))
        for seat, p in zip(_PBN_SEATS, seats, strict=True)
        for s in _PBN_STRAINS
    )
    side = "NS" if result.score >= 0 else "EW"
    contracts = ", ".join(str(c) for c in result.contracts) or "pass"
    return (
        Tag("DoubleDummyTricks", tricks),
        Tag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows),
        Tag("OptimumScore", f"{side} {abs(result.score)}"),
        Tag("ParContract", contracts),
    )


def _deal_of(game: Game, source: str) -> Deal | None:
    tag = game.tag("Deal")
    if tag is None or tag.value.strip() in ("", "?", "#"):
        return None
    try:
        deal = Deal.parse(tag.value)
    except BridgeError as exc:
        raise PbnError(
            str(exc), line=tag.line, source=source, field="Deal", value=tag.value
        ) from None
    return deal if deal.is_complete else None


def _board_facts(game: Game) -> tuple[Vulnerability | None, Seat | None]:
    board = game.get("Board", "") or ""
    number = int(board) if board.isdigit() and int(board) > 0 else None
    vul_text = (game.get("Vulnerable") or "").strip()
    dealer_text = (game.get("Dealer") or "").strip()
    try:
        vul = Vulnerability.parse(vul_text) if vul_text not in ("", "?") else None
    except BridgeError:
        vul = None
    try:
        dealer = Seat.parse(dealer_text) if dealer_text not in ("", "?") else None
    except BridgeError:
        dealer = None
    if number is not None:
        vul = vul or Vulnerability.from_board(number)
        dealer = dealer or Seat.dealer_of_board(number)
    return vul, dealer


def analyse_games(
    games: list[Game],
    *,
    source: str = "<text>",
    on_progress: Callable[[int], object] | None = None,
) -> list[Game]:
    """The games with the analysis tags set on each one with a complete deal.

    ``on_progress``, if given, is called with the number of deals solved after each chunk.

    :raises PbnError: for a ``Deal`` that is not a deal.
    """
    from bridgescore.dd import dd_tables

    deals = [(i, _deal_of(g, source)) for i, g in enumerate(games)]
    todo = [(i, d) for i, d in deals if d is not None]
    tables = dd_tables((d for _, d in todo if d is not None), progress=on_progress)
    out = list(games)
    for (i, _), table in zip(todo, tables, strict=True):
        game = games[i]
        vul, dealer = _board_facts(game)
        result = par(table, vul or Vulnerability.NONE, dealer)
        kept = tuple(t for t in game.tags if t.name not in ANALYSIS_TAGS)
        out[i] = Game(kept + analysis_tags(table, result), game.comments, game.line)
    return out


@cli.command("analyse")
@SOURCE
@output_option("The file to write (replaced only when every deal is solved).")
@PROGRESS
def analyse_command(source: Path, target: Path, progress: bool | None) -> None:
    """Add double-dummy tricks and par to every deal of a PBN file.

    Each game with a complete Deal gets DoubleDummyTricks, OptimumResultTable, OptimumScore and
    ParContract (par for the board's dealer and vulnerability); other games are copied as
    they are.

    A .parquet IN (a 'deal' column of PBN deals, and 'vulnerability' and 'dealer' if it has
    them) gives a .parquet OUT of 20 double-dummy columns dd_n_c ... dd_w_nt and 'par' (the par
    score, North-South's view), one row per deal.

    Examples: bridgescore analyse club.pbn -o club-analysed.pbn;
    bridgescore analyse deals.parquet -o tables.parquet
    """
    show = sys.stderr.isatty() if progress is None else progress
    if source.suffix.lower() == ".parquet":
        _analyse_parquet(source, target, show)
        return
    try:
        games = read_games(decode(source.read_bytes()), source=source.name)
        total = sum(_deal_of(g, source.name) is not None for g in games)
        with progress_bar(show, source.name, "solving") as advance:
            step = _counter(total, advance)
            analysed = analyse_games(games, source=source.name, on_progress=step)
        write_file(target, encode(write_games(analysed)))
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"bridgescore analyse needs endplay ({exc.name} is missing): "
            "pip install 'bridgescore[dd]'"
        ) from exc
    except BridgeError as exc:
        raise click.BadParameter(str(exc), param_hint="IN") from None
    except OSError as exc:
        raise click.ClickException(str(exc)) from None
    if show:
        click.echo(f"Solved {total:,} deals into {target}.", err=True)


def _analyse_parquet(source: Path, target: Path, show: bool) -> None:
    try:
        import pyarrow.parquet as pq

        from bridgescore import batch

        total = pq.ParquetFile(source).metadata.num_rows
        with progress_bar(show, source.name, "solving") as advance:
            rows = batch.analyse_file(source, target, progress=_counter(total, advance))
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"bridgescore analyse needs pyarrow and endplay ({exc.name} is missing): "
            "pip install 'bridgescore[batch,dd]'"
        ) from exc
    except BridgeError as exc:
        raise click.BadParameter(f"{source}: {exc}", param_hint="IN") from None
    except OSError as exc:
        raise click.ClickException(str(exc)) from None
    if show:
        click.echo(f"Solved {rows:,} deals into {target}.", err=True)


def _counter(total: int, advance: Callable[[float], None]) -> Callable[[int], None]:
    """A callback told how many more deals are solved, moving the bar by their share."""
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        advance(done / max(total, 1))

    return step
