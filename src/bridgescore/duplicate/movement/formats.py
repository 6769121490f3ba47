"""Movement files other programs write: the ``.ASC`` movement file standard (P. Smulders).

The format, as pjms.nl ("Movement files in the format .ASC", version 1.0) documents it: a
header line of five numbers (contestants, tables, rounds, board groups, and 0 for a pairs
movement, 1 for an individual one), then one line a round holding, table by table, the NS
pair, the EW pair and the board group (letters from ``A`` or numbers from 1, one or the other
in a file); ``0 0 0`` is an unused table; after ``#`` the rest of a line is a comment, and
empty lines are comments (not before the header). Separators are any number of spaces, tabs,
commas, semicolons or hyphens (the standard's example writes ``1- 2 A``). The file does not say
how many boards a group has, so the reader is told.

The EBU's own movement library (EBUScore's ``PSMovements.txt``) is documented only as far as
its first line (movement type, tables, boards, boards a round, rounds, missing pair, as the
EBU forum gives it); its rows are not, so there is no reader for it.
"""

from __future__ import annotations

import re
from typing import Literal

from bridgescore.duplicate.movement.model import COLUMNS, Movement, format_boards, read
from bridgescore.errors import MovementError

__all__ = ["FileFormat", "read_asc", "read_file"]

_TOKEN = re.compile(r"[0-9]+|[A-Za-z]+|[^\s,;\-]")
_MAX_LINE = 2000  # characters in one line of a movement file
_MAX_NUMBER = 9999


def _fail(code: str, field: str, value: object, **params: object) -> MovementError:
    """The error of ``code`` (its template in :data:`bridgescore.errors.MESSAGES`)."""
    return MovementError.coded(code, field=field, value=value, **params)


FileFormat = Literal["csv", "asc"]
"""A movement file's format: the table ``bridgescore movement check`` reads
(``round,table,ns,ew,boards``), or the ``.ASC`` standard."""


def read_file(
    text: str, file_format: FileFormat, *, boards_per_round: int | None = None, meetings: int = 1
) -> Movement:
    """Read a movement file of either format (the CLI's ``movement check`` and the live API's
    ``movement_file`` both call this); an ``.ASC`` file needs ``boards_per_round``.

    >>> read_file("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n", "csv").boards
    2
    >>> read_file("4 2 3 3 0\\n", "asc")
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: an .ASC movement file does not say how many boards a \
group has: give boards_per_round

    :raises MovementError: naming the line (or row) and the field, quoting what it could not
        read, or the rule the movement breaks.
    """
    if file_format == "csv":
        return read(text, meetings=meetings)
    if boards_per_round is None:
        raise _fail("asc_boards_per_round", "boards_per_round", None)
    return read_asc(text, boards_per_round=boards_per_round, meetings=meetings)


def read_asc(text: str, *, boards_per_round: int, meetings: int = 1) -> Movement:
    """Read a movement file in the ``.ASC`` standard; each board group is ``boards_per_round``
    boards (group A or 1 is boards 1 to B). The movement is then checked like any other.

    >>> m = read_asc("4 2 3 3 0\\n1-4 A 2-3 A\\n1-3 B 4-2 B\\n1-2 C 3-4 C\\n", boards_per_round=2)
    >>> (m.tables, m.rounds, m.boards), m.plays[2]
    ((2, 3, 6), TableRound(round=2, table=1, ns='1', ew='3', boards=(3, 4)))
    >>> read_asc("4 2 3 3 0\\n1-4 A 2-3\\n", boards_per_round=2)
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: line 2: expected 2 tables of NS pair, EW pair and board \
group (6 items), got 5: '1-4 A 2-3'

    :raises MovementError: naming the line and the field, quoting what it could not read.
    """
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise _fail("asc_boards_whole", "boards_per_round", boards_per_round)
    if not 1 <= boards_per_round <= 36:
        raise _fail("asc_boards_range", "boards_per_round", boards_per_round, got=boards_per_round)
    lines = text.splitlines()
    header: list[int] | None = None
    rows: list[str] = []
    letters: bool | None = None  # board groups written as letters (or numbers), once known
    round_number = 0
    for number, raw in enumerate(lines, start=1):
        if len(raw) > _MAX_LINE:
            raise _fail("asc_line_long", "line", raw[:40] + "...", line=number, most=_MAX_LINE)
        line = raw.partition("#")[0]
        tokens = _TOKEN.findall(line)
        if header is None:
            header = _header(tokens, number, raw)
            continue
        if not tokens:
            continue
        contestants, tables, rounds, groups, _ = header
        if len(tokens) != 3 * tables:
            raise _fail("asc_items", "line", line.strip(), line=number, tables=tables,
                        items=3 * tables, got=len(tokens), text=line.strip())  # fmt: skip
        round_number += 1
        if round_number > rounds:
            raise _fail("asc_round_over", "round", round_number, line=number, rounds=rounds,
                        round=round_number)  # fmt: skip
        for t in range(tables):
            ns, ew, group = tokens[3 * t : 3 * t + 3]
            for name, pair in (("ns", ns), ("ew", ew)):
                if (
                    not (pair.isascii() and pair.isdigit())
                    or len(pair) > 4
                    or int(pair) > contestants
                ):
                    raise _fail("asc_pair", name, pair, line=number, table=t + 1,
                                side=name.upper(), most=contestants, pair=pair)  # fmt: skip
            kind: bool | None = None
            index = -1
            if group.isascii() and group.isdigit() and len(group) <= 4:
                index, kind = int(group), False
            elif len(group) == 1 and group.isupper():
                index, kind = ord(group) - ord("A") + 1, True
            unused = ns == ew == group == "0"
            wrong = index < 1 or index > groups or (letters is not None and kind != letters)
            if not unused and wrong:
                last = chr(64 + groups) if groups <= 26 else "Z"
                code = {None: "asc_group", True: "asc_group_letter", False: "asc_group_number"}
                raise _fail(code[letters], "boards", group, line=number, table=t + 1,
                            last=last, groups=groups, group=group)  # fmt: skip
            if unused:
                continue
            if int(ns) == 0 or int(ew) == 0:
                raise _fail("asc_pair_0", "ns" if int(ns) == 0 else "ew", "0", line=number,
                            table=t + 1)  # fmt: skip
            letters = kind if letters is None else letters
            first = (index - 1) * boards_per_round + 1
            boards = format_boards(range(first, first + boards_per_round))
            rows.append(f"{round_number},{t + 1},{int(ns)},{int(ew)},{boards}")
    if header is None:
        raise _fail("asc_empty", "line", "")
    if round_number != header[2]:
        raise _fail("asc_rounds", "round", round_number, rounds=header[2], got=round_number)
    return read(",".join(COLUMNS) + "\n" + "\n".join(rows) + "\n", meetings=meetings)


def _header(tokens: list[str], number: int, raw: str) -> list[int]:
    numbers = [int(t) for t in tokens if t.isascii() and t.isdigit() and len(t) <= 4]
    if len(tokens) != 5 or len(numbers) != 5:
        raise _fail("asc_header", "header", raw.strip(), line=number, text=raw.strip())
    contestants, tables, rounds, groups, individual = numbers
    if individual != 0:
        raise _fail("asc_individual", "header", raw.strip(), line=number, individual=individual)
    if not (contestants >= 2 and tables >= 1 and rounds >= 1 and groups >= 1):
        raise _fail("asc_header_sizes", "header", raw.strip(), line=number, text=raw.strip())
    if max(numbers) > _MAX_NUMBER:
        raise _fail("asc_number", "header", raw.strip(), line=number, most=_MAX_NUMBER)
    return numbers
