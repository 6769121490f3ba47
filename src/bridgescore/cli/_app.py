"""The ``bridgescore`` command group and what its commands share."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from bridgescore import BridgeError, Seat, __version__
from bridgescore.cli._said import SaidGroup, click_words
from bridgescore.duplicate.session import SectionScorer

__all__ = [
    "ARGS",
    "COMMANDS",
    "PROGRESS",
    "SEAT_NAMES",
    "SOURCE",
    "UNDERTRICK_RULE",
    "LazyGroup",
    "cli",
    "console",
    "output_option",
    "progress_bar",
    "read_pbn",
    "reporting",
    "said",
    "section_scorer",
    "spoken",
    "write_file",
]

SEAT_NAMES = {s: s.name.title() for s in Seat}
ARGS = {"ignore_unknown_options": True}  # so that "-2" and "-100" are arguments, not options
UNDERTRICK_RULE = click.option(
    "--undertrick-rule",
    type=click.Choice(["modern", "pre-1987"]),
    default="modern",
    show_default=True,
    help="The undertrick table: since 1987, or the older one (no extra 100 from the 4th).",
)
"""The ``--undertrick-rule`` option, the same wherever a command scores deals."""


@contextmanager
def reporting(param_hint: str) -> Iterator[None]:
    """Turn the core's errors into click's usage errors (exit code 2, no traceback), in the
    environment's language."""
    try:
        yield
    except BridgeError as exc:
        raise click.BadParameter(said(exc), param_hint=param_hint) from exc


def said(exc: BridgeError) -> str:
    """The core's error as the user reads it, in the command's language (:func:`spoken`)."""
    from bridgescore.locale import error_text

    return error_text(exc)


@contextmanager
def spoken() -> Iterator[str]:
    """Say everything inside the block in the environment's language
    (:func:`bridgescore.locale.environment_language`), click's own words and the help too
    (:mod:`bridgescore.cli._said`): the group enters it once around every command, its help
    and its usage errors, so each command only says its words with
    :func:`bridgescore.locale.gettext`."""
    from bridgescore import locale

    with locale.use(locale.environment_language()) as language, click_words(language):
        yield language


def read_pbn(path: Path) -> str:
    """The text of a PBN file (UTF-8 or ISO 8859-1), or click's error for a file not read."""
    from bridgescore.pbn import decode

    try:
        return decode(path.read_bytes())
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc


def write_file(path: Path, data: bytes) -> None:
    """Write a file whole (:func:`bridgescore.files.write_atomically`), or click's error.

    :raises click.FileError: if the folder cannot be written; the file is then as it was.
    """
    from bridgescore.files import write_atomically

    try:
        write_atomically(path, data)
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc


@cache
def section_scorer() -> SectionScorer | None:
    """numpy's way of scoring a session's sections (``bridgescore.batch.score_section_fast``:
    the same figures, many times faster on a big field) when ``bridgescore[batch]`` is
    installed, for :meth:`Session.scored <bridgescore.duplicate.session.Session.scored>`; None
    (the pure way) without it."""
    try:
        from bridgescore.batch.field import score_section_fast
    except ImportError:  # pragma: no cover - depends on the installed extras
        return None
    return score_section_fast


def console() -> Console:
    """A console for tables: plain text when not on a terminal."""
    return Console(highlight=False)


COMMANDS = {
    "score": "deal",
    "imps": "deal",
    "board": "deal",
    "rubber": "games",
    "chicago": "games",
    "session": "session",
    "match": "match",
    "movement": "movement",
    "batch": "batch",
    "analyse": "analyse",
    "serve": "serve",
    "deal": "deals",
    "deals": "deals",
    "event": "event",
    "lin": "lin",
    "club": "club",
    "director": "club",
    "publish": "publish",
    "grades": "grades",
}
"""Which module of :mod:`bridgescore.cli` defines each command: it is imported when the command
is used, so ``bridgescore score`` never loads SQLAlchemy, numpy or the web app."""


class LazyGroup(SaidGroup):
    """A group whose commands live in modules imported only when one of them is called; it
    speaks the environment's language (:func:`spoken`) from the first word parsed."""

    group_class = SaidGroup

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with spoken():
            return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"bridgescore.cli.{COMMANDS[cmd_name]}")
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgescore")
def cli() -> None:
    """Contract bridge scoring: one deal, rubber, Chicago and duplicate."""


SOURCE = click.argument(
    "source", metavar="IN", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
"""The ``IN`` argument of a command that reads a file and writes another."""


def output_option(meaning: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``-o/--output OUT`` option of a command that writes a file."""
    return click.option(
        "-o", "--output", "target", required=True, metavar="OUT",
        type=click.Path(dir_okay=False, path_type=Path), help=meaning,
    )  # fmt: skip


PROGRESS = click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr [default: when stderr is a terminal].",
)
"""The ``--progress/--no-progress`` option; None means: when stderr is a terminal."""


@contextmanager
def progress_bar(show: bool | None, name: str, what: str) -> Iterator[Callable[[float], None]]:
    """A progress bar on stderr (or nothing, and nothing imported) while the block runs;
    the block tells it how far it has got, as a fraction from 0 to 1."""
    if not (sys.stderr.isatty() if show is None else show):
        yield lambda fraction: None
        return
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn(f"[bold]{name}"), BarColumn(), TaskProgressColumn(),
               TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=1.0)
        yield lambda fraction: bar.update(task, completed=fraction)
