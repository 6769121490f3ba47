"""``bridgescore batch``: score a CSV or Parquet file of deals, one chunk of rows at a time.

A thin shell over :func:`bridgescore.batch.score_file`, which reads, scores and writes the file
in chunks and replaces OUT only once every row is scored: this module adds the options, rich's
progress bar (the callback) and the exit statuses (2 for bad input, 1 when OUT cannot be
written). numpy and pyarrow are imported only when the command runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bridgescore.cli._app import (
    PROGRESS,
    SOURCE,
    UNDERTRICK_RULE,
    cli,
    output_option,
    progress_bar,
    said,
)
from bridgescore.errors import N_, BatchError
from bridgescore.locale import format_number, gettext, ngettext
from bridgescore.scoring import UndertrickRule

__all__ = ["batch_command"]

_HINTS = {"src": "IN", "dst": "--output", "keep": "--keep", "chunk_rows": "--chunk-rows"}
"""The option each argument of ``score_file`` comes from, for errors about it."""


@cli.command("batch")
@SOURCE
@output_option(N_("The file to write, .csv or .parquet (replaced only when every row is scored)."))
@click.option(
    "--keep",
    default="",
    metavar="COLUMNS",
    help="Input columns to copy to OUT before the scores: comma-separated names, or 'all'.",
)
@UNDERTRICK_RULE
@click.option(
    "--chunk-rows",
    type=click.IntRange(min=1),
    default=1 << 20,
    show_default=True,
    help="Rows read, scored and written at a time.",
)
@PROGRESS
def batch_command(
    source: Path,
    target: Path,
    keep: str,
    undertrick_rule: UndertrickRule,
    chunk_rows: int,
    progress: bool | None,
) -> None:
    """Score every deal in a CSV or Parquet file and write the scores to OUT.

    Columns of IN read by name (others are ignored unless kept with --keep):

    \b
      contract       PBN contract: 4HX 3NT 7SXX Pass (or the next three)
      level          1-7, or 0 for a passed-out deal
      strain         C D H S NT (or N, ♣ ♦ ♥ ♠), or 0-4
      doubling       (empty) X XX, or 0-2
      tricks         0-13 taken by declarer's side (empty if passed out)
      vulnerable     true/false, yes/no, 1/0: the declaring side's
      declarer       N E S W, or 0-3 (empty if passed out)
      vulnerability  None NS EW All (Love - Both), or 0-3: the board's

    Give either contract or level, strain and doubling; and either vulnerable, or declarer
    with vulnerability. OUT has one row per row of IN, in the same order: the --keep columns,
    then score (declarer's side's view) and, when IN has a declarer column, ns_score
    (North-South's view). Rows are counted from 0 in error messages, not counting a CSV header.

    Examples: bridgescore batch deals.parquet -o scores.parquet;
    bridgescore batch results.csv -o scored.csv --keep all
    """
    show = sys.stderr.isatty() if progress is None else progress
    names = [n.strip() for n in keep.split(",") if n.strip()]
    try:
        from bridgescore import batch

        with progress_bar(show, source.name, "scoring") as advance:
            rows = batch.score_file(
                source,
                target,
                keep="all" if keep.strip().lower() == "all" else names,
                chunk_rows=chunk_rows,
                progress=lambda _rows, fraction: advance(fraction),
                undertrick_rule=undertrick_rule,
            )
    except ModuleNotFoundError as exc:  # numpy or pyarrow
        needs = gettext("bridgescore batch needs numpy and pyarrow (%(missing)s is missing): "
                        "%(install)s")  # fmt: skip
        raise click.ClickException(
            needs % {"missing": exc.name, "install": "pip install 'bridgescore[batch]'"}
        ) from exc
    except BatchError as exc:
        hint = _HINTS.get(exc.field or "") if exc.column is None else None
        message = said(exc) if hint else f"{source}: {said(exc)}"
        raise click.BadParameter(message, param_hint=hint or "IN") from None
    except OSError as exc:
        raise click.ClickException(str(exc)) from None
    if show:
        done = ngettext("Scored %(count)s deal into %(target)s.",
                        "Scored %(count)s deals into %(target)s.", rows)  # fmt: skip
        click.echo(done % {"count": format_number(rows, 0), "target": target}, err=True)
