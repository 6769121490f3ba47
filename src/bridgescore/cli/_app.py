"""The ``bridgescore`` command group and what its commands share."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click
from rich.console import Console

from bridgescore import BridgeError, Seat, __version__

__all__ = ["ARGS", "SEAT_NAMES", "cli", "console", "reporting"]

SEAT_NAMES = {s: s.name.title() for s in Seat}
ARGS = {"ignore_unknown_options": True}  # so that "-2" and "-100" are arguments, not options


@contextmanager
def reporting(param_hint: str) -> Iterator[None]:
    """Turn the core's errors into click's usage errors (exit code 2, no traceback)."""
    try:
        yield
    except BridgeError as exc:
        raise click.BadParameter(str(exc), param_hint=param_hint) from exc


def console() -> Console:
    """A console for tables: plain text when not on a terminal."""
    return Console(highlight=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgescore")
def cli() -> None:
    """Contract bridge scoring: one deal, rubber, Chicago and duplicate."""
