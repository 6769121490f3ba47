"""Boards and their cards: ``bridgescore deal`` deals a set from a secret seed; ``bridgescore
deals convert`` and ``deals verify`` read deal files (:mod:`bridgescore.deals`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from bridgescore.cli._app import cli, output_option, reporting, said, write_file
from bridgescore.cli._said import formed
from bridgescore.deals import (
    FORMATS,
    DealtBoard,
    board_numbers,
    deal_set,
    file_format,
    merge,
    read_seed,
    to_bytes,
    verify,
)
from bridgescore.errors import N_, DealingError
from bridgescore.locale import gettext

__all__ = ["convert_command", "deal_command", "deals_group", "verify_command"]

_EXTENSIONS = ", ".join(sorted(FORMATS))


def _span(boards: tuple[DealtBoard, ...]) -> str:
    numbers = [b.number for b in boards]
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
    return ", ".join(map(str, numbers[:8])) + (" ..." if len(numbers) > 8 else "")


def _read(path: Path) -> tuple[DealtBoard, ...]:
    with reporting("IN"):
        fmt = file_format(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise click.FileError(str(path), hint=exc.strerror) from exc
        return fmt.read(data, str(path))


def _write_secret(path: Path, text: str) -> None:
    """Write a new file only its owner can read; never over an old one (it may hold the seed
    of a set already played)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        exists = gettext("%(file)s exists: a seed file is never overwritten") % {"file": path}
        raise click.BadParameter(exists, param_hint="--seed-file") from None
    except OSError as exc:
        raise click.FileError(str(path), hint=exc.strerror) from exc
    with os.fdopen(fd, "w") as f:
        f.write(text + "\n")


@cli.command("deal")
@click.option("--boards", "numbers", metavar="BOARDS",
              help="The boards to deal: 1-36, or 1-16,33-48.")  # fmt: skip
@click.option("-o", "--output", "target", metavar="OUT",
              type=click.Path(dir_okay=False, path_type=Path),
              help=formed(N_("The file to write; its extension says the format ({extensions}); "
                             "with --where, PBN."), extensions=_EXTENSIONS))  # fmt: skip
@click.option("--seed", metavar="HEX", help="Deal from this seed (hex, 16 bytes or more) "
              "instead of a new one from the operating system's secure random source (with "
              "--where: a whole number).")  # fmt: skip
@click.option("--where", "condition", metavar="CONDITION", help="Deal to order: only deals "
              "that meet CONDITION, such as \"hcp(N) in 15..17 and balanced(N)\"; PBN to OUT or "
              "the screen.")  # fmt: skip
@click.option("-n", "--count", type=click.IntRange(0, 1_000_000), default=1, show_default=True,
              help="With --where: how many deals.")  # fmt: skip
@click.option("--seed-file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Write the seed to FILE (yours only) instead of printing it.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def deal_command(
    numbers: str | None,
    target: Path | None,
    seed: str | None,
    condition: str | None,
    count: int,
    seed_file: Path | None,
    as_json: bool,
) -> None:
    """Deal a set of boards from a secret seed and write them to OUT.

    It prints the commitment (the SHA-256 hash of the seed) to publish before play, and the
    seed to keep secret until after play (or writes it to --seed-file). Anyone with both can
    then check the boards: bridgescore deals verify OUT --seed HEX --commitment HEX. Dealer and
    vulnerability follow Law 2.

    With --where, it deals to order instead: --count deals that meet the condition (numpy,
    the batch extra), reproducible from --seed.

    Examples: bridgescore deal --boards 1-36 -o set.pbn; bridgescore deal --boards 1-24 -o
    set.dup --seed-file set.seed; bridgescore deal --where "hcp(N) in 15..17 and balanced(N)
    and spades(S) >= 5" --count 100 -o teach.pbn
    """
    if condition is not None:
        from bridgescore.cli.dealgen import deal_to_order

        if seed is not None and not (seed.isascii() and seed.isdigit()):
            wrong = gettext("with --where, a whole number, got %(seed)s") % {"seed": repr(seed)}
            raise click.BadParameter(wrong, param_hint="--seed")
        deal_to_order(condition, count, None if seed is None else int(seed), target)
        return
    if numbers is None or target is None:
        raise click.UsageError(gettext("give --boards and -o OUT (or --where to deal to order)"))
    with reporting("--boards"):
        wanted = board_numbers(numbers)
    with reporting("--seed"):
        dealt = deal_set(wanted, seed)
    with reporting("OUT"):
        data = to_bytes(dealt.boards, target)
    if seed_file is not None:
        _write_secret(seed_file, dealt.seed_hex)
    write_file(target, data)
    shown = seed is None and seed_file is None
    if as_json:
        answer = {"file": str(target), "boards": [b.number for b in dealt.boards],
                  "commitment": dealt.commitment}  # fmt: skip
        if shown:
            answer["seed"] = dealt.seed_hex
        click.echo(json.dumps(answer))
        return
    out = click.echo  # not rich: a seed or commitment is never wrapped
    values = {"boards": _span(dealt.boards), "file": target, "format": file_format(target).name}
    values |= {"commitment": dealt.commitment, "seed": dealt.seed_hex, "seed_file": seed_file}
    out(gettext("Dealt boards %(boards)s to %(file)s (%(format)s).") % values)
    out(gettext("Commitment (publish it before play): %(commitment)s") % values)
    if shown:
        out(gettext("Seed (keep it secret until after play): %(seed)s") % values)
    elif seed_file is not None:
        out(gettext("Seed written to %(seed_file)s (keep it secret until after play).") % values)


@cli.group("deals")
def deals_group() -> None:
    """Deal files: PBN, Duplimate .dup, Dealer4 .dlm, .bri and .dge."""


@deals_group.command("convert")
@click.argument("sources", nargs=-1, required=True, metavar="IN...",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))  # fmt: skip
@output_option(formed(N_("The file to write; its extension says the format ({extensions})."),
                      extensions=_EXTENSIONS))  # fmt: skip
def convert_command(sources: tuple[Path, ...], target: Path) -> None:
    """Convert deal files (IN... into one OUT).

    A board in several inputs with the same deal is taken once. Formats come from the
    extensions; what the output format cannot hold (players, contract, auction in a dealing
    machine's file) is left out, with a note.

    Examples: bridgescore deals convert set.pbn -o set.dup; bridgescore deals convert a.dlm
    b.dlm -o all.pbn
    """
    sets = [(str(path), _read(path)) for path in sources]
    with reporting("IN"):
        boards = merge(sets)
    with reporting("OUT"):
        fmt = file_format(target)
        data = to_bytes(boards, target)
    write_file(target, data)
    for note in fmt.loses(boards):
        click.echo(gettext("Note: in %(file)s, %(note)s.") % {"file": target, "note": note},
                   err=True)  # fmt: skip
    values = {"boards": _span(boards), "files": sources[0], "count": len(sources),
              "file": target, "format": fmt.name}  # fmt: skip
    if len(sources) > 1:
        said_ = gettext("Wrote boards %(boards)s from %(count)s files to %(file)s (%(format)s).")
    else:
        said_ = gettext("Wrote boards %(boards)s from %(files)s to %(file)s (%(format)s).")
    click.echo(said_ % values)


@deals_group.command("verify")
@click.argument("source", metavar="IN", type=click.Path(exists=True, dir_okay=False,
                                                        path_type=Path))  # fmt: skip
@click.option("--seed", required=True, metavar="HEX", help="The seed published after play.")
@click.option("--commitment", required=True, metavar="HEX",
              help="The commitment shown before play.")  # fmt: skip
def verify_command(source: Path, seed: str, commitment: str) -> None:
    """Check a set of boards against its seed and commitment.

    IN's boards must be those the seed deals, and the seed must hash to the commitment shown
    before play (exit code 1 if not).

    Example: bridgescore deals verify set.pbn --seed 5e0c... --commitment 9a41...
    """
    boards = _read(source)
    with reporting("--seed"):
        key = read_seed(seed)
    try:
        verify(boards, key, commitment)
    except DealingError as exc:
        click.echo(gettext("Not verified: %(why)s.") % {"why": said(exc)}, err=True)
        raise SystemExit(1) from None
    verified = gettext("Verified: boards %(boards)s of %(file)s are those the seed deals, and "
                       "the seed hashes to the commitment.")  # fmt: skip
    click.echo(verified % {"boards": _span(boards), "file": source})
