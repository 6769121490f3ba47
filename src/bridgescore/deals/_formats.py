"""The registry of deal file formats, and reading and writing files by their extension."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bridgescore.deals._lin import read_lin, write_lin
from bridgescore.deals._machines import BRI, DGE, read_dlm, read_dup, write_dlm, write_dup
from bridgescore.deals._model import DealtBoard
from bridgescore.deals._pbn import read_pbn, tags_of, write_pbn
from bridgescore.errors import DealFileError

__all__ = ["FORMATS", "Format", "file_format", "merge", "read", "read_bytes", "to_bytes", "write"]

Reader = Callable[[bytes, str], tuple[DealtBoard, ...]]
"""Reads a file's bytes (and its name, for messages) into boards."""
Writer = Callable[[Sequence[DealtBoard], str], bytes]
"""Writes boards as a file's bytes (the file's name is for messages)."""


@dataclass(frozen=True, slots=True)
class Format:
    """A deal file format: its name, what it holds, and its reader and writer."""

    name: str
    holds: str
    """What a file of this format keeps of a board, in a few words."""
    read: Reader
    write: Writer
    tags: bool = False
    """Whether it keeps a board's other tags (players, contract, auction ...)."""
    law_2: bool = True
    """Whether every board's dealer and vulnerability are Law 2's (the file holds neither)."""
    numbers: bool = True
    """Whether it keeps the board numbers (else boards are numbered from 1 when read)."""

    def loses(self, boards: Iterable[DealtBoard]) -> list[str]:
        """What writing ``boards`` in this format leaves out, a sentence each.

        >>> from bridgescore.boards.deal import Deal
        >>> deal = Deal.parse("N:AKQJT98765432... - - -")
        >>> FORMATS[".bri"].loses([DealtBoard.numbered(3, deal)])
        ['the boards are numbered from 1 (board 3 is read back as board 1)']
        """
        out = []
        boards = tuple(boards)
        lost = sorted({name for b in boards for name, _ in tags_of(b) if name != "Deal"})
        if not self.tags and lost:
            out.append("the other tags (" + ", ".join(lost[:6]) + ") are left out")
        if self.law_2:
            moved = [str(b.number) for b in boards if not b.board.follows_law_2]
            if moved:
                out.append(f"boards {', '.join(moved[:10])} get Law 2's dealer and "
                           "vulnerability")  # fmt: skip
        if not self.numbers and boards and boards[0].number != 1:
            out.append(f"the boards are numbered from 1 (board {boards[0].number} is read back "
                       "as board 1)")  # fmt: skip
        return out


FORMATS: Final[dict[str, Format]] = {
    ".pbn": Format("PBN", "board numbers, dealer, vulnerability, hands (some may be unknown) "
                   "and the other tags", read_pbn, write_pbn, tags=True, law_2=False),
    ".dup": Format("Duplimate", "boards numbered one after another, up to 999, and hands",
                   read_dup, write_dup),
    ".dlm": Format("Dealer4", "boards numbered one after another, 1 to 99, and hands",
                   read_dlm, write_dlm),
    ".bri": Format("BRI", "hands, boards numbered from 1", BRI.read, BRI.write, numbers=False),
    ".dge": Format("DGE", "hands, boards numbered from 1", DGE.read, DGE.write, numbers=False),
    ".lin": Format("LIN", "board numbers, dealer, vulnerability, hands, players, contract, "
                   "result, auction and play", read_lin, write_lin, law_2=False),
}  # fmt: skip
"""The formats by file extension (lower case). A new format is one entry: its reader of bytes
and its writer."""


def file_format(path: str | Path) -> Format:
    """The format of a file, from its extension (in any case).

    >>> file_format("SET.DLM").name
    'Dealer4'

    :raises DealFileError: for an extension no format has.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise DealFileError(f"{suffix or 'no extension'!r} is not a deal file format; the "
                            f"formats are {known}", source=str(path), field="format",
                            value=suffix)  # fmt: skip
    return FORMATS[suffix]


def read_bytes(data: bytes, path: str | Path) -> tuple[DealtBoard, ...]:
    """Read a file's bytes, in the format its name's extension says.

    :raises DealFileError: for a file not read, naming the board and byte or line.
    """
    return file_format(path).read(data, str(path))


def read(path: str | Path) -> tuple[DealtBoard, ...]:
    """Read a deal file, in the format its extension says (``.pbn``, ``.dup``, ``.dlm``,
    ``.bri``, ``.dge``).

    :raises DealFileError: for a file not read, naming the board and byte or line.
    :raises OSError: for a file that cannot be opened.
    """
    fmt = file_format(path)
    return fmt.read(Path(path).read_bytes(), str(path))


def to_bytes(boards: Iterable[DealtBoard], path: str | Path) -> bytes:
    """The bytes of a deal file of the format the name's extension says.

    :raises DealFileError: for boards the format cannot hold (such as a gap in the numbers of
        a format without board numbers).
    """
    return file_format(path).write(tuple(boards), str(path))


def write(boards: Iterable[DealtBoard], path: str | Path) -> None:
    """Write a deal file, in the format its extension says; what the format cannot hold
    (tags, a dealer or vulnerability not Law 2's, in a dealing machine's file) is left out.

    :raises DealFileError: for boards the format cannot hold at all.
    """
    data = to_bytes(boards, path)
    Path(path).write_bytes(data)


def merge(sets: Iterable[tuple[str, Sequence[DealtBoard]]]) -> tuple[DealtBoard, ...]:
    """The boards of several files as one set, by board number: a board in several files
    with the same deal is taken once (from the first).

    >>> from bridgescore.boards.deal import Deal
    >>> one = DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -"))
    >>> two = DealtBoard.numbered(2, Deal.parse("N:- AKQJT98765432... - -"))
    >>> [b.number for b in merge([("b.pbn", [two]), ("a.pbn", [one, two])])]
    [1, 2]

    :raises DealFileError: for a board with different deals in two files.
    """
    out: dict[int, tuple[str, DealtBoard]] = {}
    for source, boards in sets:
        for b in boards:
            if b.number in out:
                first, kept = out[b.number]
                if kept.deal != b.deal:
                    raise DealFileError(f"board {b.number} has another deal in {first}",
                                        source=source, board=b.number)  # fmt: skip
                continue
            out[b.number] = (source, b)
    return tuple(out[n][1] for n in sorted(out))
