"""``bridgescore analyse``: double-dummy tables and par added to a PBN (or LIN) file's games,
or a Parquet file of them with the opening lead's cost for boards with play.

For each game with a complete ``Deal`` it solves the deal (DDS, through endplay: the
``bridgescore[dd]`` extra) and sets the analysis tags, ``DoubleDummyTricks``,
``OptimumResultTable``, ``OptimumScore`` and ``ParContract``, replacing any there were: the
library writes them (:func:`bridgescore.pbn.analyse_games`, which says what each holds). Other
games are written as read. OUT is written through a temporary file and replaces the old one
only when every deal is solved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from bridgescore.cli._app import (
    PROGRESS,
    SOURCE,
    cli,
    output_option,
    progress_bar,
    said,
    write_file,
)
from bridgescore.errors import N_, BridgeError
from bridgescore.lin import read_lin, to_games
from bridgescore.locale import format_number, gettext, ngettext
from bridgescore.pbn import (
    Game,
    analyse_games,
    complete_deal,
    decode,
    encode,
    read_games,
    write_games,
)

__all__ = ["analyse_command"]


@cli.command("analyse")
@SOURCE
@output_option(N_("The file to write (replaced only when every deal is solved)."))
@PROGRESS
def analyse_command(source: Path, target: Path, progress: bool | None) -> None:
    """Add double-dummy tricks and par to every deal of a PBN file.

    Each game with a complete Deal gets DoubleDummyTricks, OptimumResultTable, OptimumScore and
    ParContract (par for the board's dealer and vulnerability); other games are copied as
    they are.

    IN may be a BBO .lin file (tournament or vugraph) as well as PBN. A PBN or LIN IN with a
    .parquet OUT gives a row per deal: board, room, deal, dealer, vulnerability, the result
    played (contract, declarer, tricks), the 20 double-dummy columns and par, and for a board with
    play the opening lead's cost against double dummy (DDS's solve-board): lead ('SK'),
    lead_tricks (declarer's tricks after it), lead_cost (tricks given away against the best
    lead) and a column per card, lead_sa ... lead_c2 (declarer's tricks after that lead; empty
    for cards the leader did not hold).

    A .parquet IN (a 'deal' column of PBN deals, and 'vulnerability' and 'dealer' if it has
    them) gives a .parquet OUT of 20 double-dummy columns dd_n_c ... dd_w_nt and 'par' (the par
    score, North-South's view), one row per deal.

    Examples: bridgescore analyse club.pbn -o club-analysed.pbn;
    bridgescore analyse tourney.lin -o leads.parquet;
    bridgescore analyse deals.parquet -o tables.parquet
    """
    show = sys.stderr.isatty() if progress is None else progress
    if source.suffix.lower() == ".parquet":
        _analyse_parquet(source, target, show)
        return
    try:
        text = decode(source.read_bytes())
        if source.suffix.lower() == ".lin":
            games = to_games(read_lin(text, source=source.name))
        else:
            games = read_games(text, source=source.name)
        total = sum(complete_deal(g, source.name) is not None for g in games)
        with progress_bar(show, source.name, "solving") as advance:
            step = _counter(total, advance)
            if target.suffix.lower() == ".parquet":
                _games_to_parquet(games, source.name, target, step)
            else:
                analysed = analyse_games(games, source=source.name, on_progress=step)
                write_file(target, encode(write_games(analysed)))
    except ModuleNotFoundError as exc:
        needs = gettext("bridgescore analyse needs endplay (%(missing)s is missing): %(install)s")
        raise click.ClickException(
            needs % {"missing": exc.name, "install": "pip install 'bridgescore[dd]'"}
        ) from exc
    except BridgeError as exc:
        raise click.BadParameter(said(exc), param_hint="IN") from None
    except OSError as exc:
        raise click.ClickException(str(exc)) from None
    if show:
        click.echo(_solved(total, target), err=True)


def _solved(count: int, target: Path) -> str:
    """The last line of a run that showed its progress, in the command's language."""
    done = ngettext(
        "Solved %(count)s deal into %(target)s.", "Solved %(count)s deals into %(target)s.", count
    )
    return done % {"count": format_number(count, 0), "target": target}


def _games_to_parquet(
    games: list[Game], source: str, target: Path, step: Callable[[int], None]
) -> None:
    try:
        from bridgescore import batch
    except ModuleNotFoundError as exc:
        needs = gettext("a .parquet OUT needs pyarrow (%(missing)s is missing): %(install)s")
        raise click.ClickException(
            needs % {"missing": exc.name, "install": "pip install 'bridgescore[batch]'"}
        ) from exc
    batch.analyse_games_file(games, target, source=source, progress=step)


def _analyse_parquet(source: Path, target: Path, show: bool) -> None:
    try:
        import pyarrow.parquet as pq

        from bridgescore import batch

        total = pq.ParquetFile(source).metadata.num_rows
        with progress_bar(show, source.name, "solving") as advance:
            rows = batch.analyse_file(source, target, progress=_counter(total, advance))
    except ModuleNotFoundError as exc:
        needs = gettext(
            "bridgescore analyse needs pyarrow and endplay (%(missing)s is missing): %(install)s"
        )
        raise click.ClickException(
            needs % {"missing": exc.name, "install": "pip install 'bridgescore[batch,dd]'"}
        ) from exc
    except BridgeError as exc:
        raise click.BadParameter(f"{source}: {said(exc)}", param_hint="IN") from None
    except OSError as exc:
        raise click.ClickException(str(exc)) from None
    if show:
        click.echo(_solved(rows, target), err=True)


def _counter(total: int, advance: Callable[[float], None]) -> Callable[[int], None]:
    """A callback told how many more deals are solved, moving the bar by their share."""
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        advance(done / max(total, 1))

    return step
