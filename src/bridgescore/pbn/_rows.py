"""A ``ScoreTable``'s rows read at once, as most files write them (the reader's fast path).

A table whose rows are one a line, of plain elements (no quoted string), is split without
building a :class:`~bridgescore.pbn._games.Table`; a row of plain pair numbers and a result
the file has already given (the three texts :func:`~bridgescore.pbn._values.result` keeps)
is read here without a :class:`~bridgescore.pbn._location.Location`. Anything else (an
artificial or weighted score, a bad value, a table spread over lines) is left to the
reader's own path, which says what is wrong: this module never raises, it only answers
None. ``tests/formats/test_pbn_fast.py`` checks that both paths read every file alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, repeat
from typing import Final

from bridgescore.errors import PbnError
from bridgescore.pbn._builder import ReadResult
from bridgescore.pbn._games import Column, Tag
from bridgescore.pbn._values import known_result, known_results

__all__ = ["Layout", "layout", "plain_number", "row_result", "split", "table_results"]

_ABSENT: Final = ("", "?", "-")
_ABSENT_SET: Final = frozenset(_ABSENT)
_NEW: Final = tuple.__new__
"""A :class:`ReadResult` made from its fields at once (C's, not the named tuple's ``__new__``)."""
_NO_NAMES: Final = ("", "")
_LAYOUTS: dict[str, Layout | None] = {}
"""Layouts by a ScoreTable's value (a file repeats one or two)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each column the reader reads is in a ScoreTable (-1: not there)."""

    columns: tuple[Column, ...]
    ns: int
    ew: int
    contract: int
    declarer: int
    result: int
    score_ns: int
    score_ew: int
    percentage_ns: int
    percentage_ew: int
    round: int
    table: int
    version: int
    names_ns: int
    names_ew: int
    section: int
    others: bool
    """Whether any column but the pairs, the result and the scores is there."""


def layout(tag: Tag) -> Layout | None:
    """The layout of a ScoreTable's columns; None for one the reader's own path reads (a bad
    column, two columns of one name, no pair or result columns).

    >>> layout(Tag("ScoreTable", "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract;Declarer;Result")).result
    4
    >>> layout(Tag("ScoreTable", "PairId_NS;PairId_NS;Contract;Declarer;Result")) is None
    True
    """
    if tag.value in _LAYOUTS:
        return _LAYOUTS[tag.value]
    found = _layout(tag.value)
    if len(_LAYOUTS) >= 256:
        _LAYOUTS.clear()  # bounded: a file of distinct junk specs cannot grow it
    _LAYOUTS[tag.value] = found
    return found


def _layout(spec: str) -> Layout | None:
    specs = spec.split(";")
    if len(specs) > 1 and not specs[-1].strip():
        specs.pop()
    try:
        columns = tuple(Column.parse(s) for s in specs)
    except PbnError:
        return None
    names = [c.name.lower() for c in columns]
    if len(set(names)) != len(names):
        return None
    where = {name: i for i, name in enumerate(names)}
    needed = ("pairid_ns", "pairid_ew", "contract", "declarer", "result")
    if any(name not in where for name in needed):
        return None
    others = ("percentage_ns", "percentage_ew", "round", "table", "version", "names_ns",
              "names_ew", "section")  # fmt: skip
    i = {name: where.get(name, -1) for name in (*needed, "score_ns", "score_ew", *others)}
    return Layout(columns, i["pairid_ns"], i["pairid_ew"], i["contract"], i["declarer"],
                  i["result"], i["score_ns"], i["score_ew"], i["percentage_ns"],
                  i["percentage_ew"], i["round"], i["table"], i["version"], i["names_ns"],
                  i["names_ew"], i["section"], any(name in where for name in others))  # fmt: skip


def split(tag: Tag, columns: int) -> tuple[tuple[tuple[str, ...], ...], tuple[int, ...]] | None:
    """A table's rows and their lines, where each line is one row of plain elements; else
    None."""
    data = tag.data
    if set(map(len, data)) - {columns} or '"' in "".join(chain.from_iterable(data)):
        return None  # rows over lines, or quoted (only a quoted element holds a '"')
    lines = tag.data_lines or (tag.line,) * len(data)
    return (data, lines) if len(lines) == len(data) else None


def table_results(
    lay: Layout, data: tuple[tuple[str, ...], ...], lines: tuple[int, ...], board: int
) -> list[ReadResult] | None:
    """A table's rows (``data``, each on its line of ``lines``) read at once, column by column,
    as :func:`row_result` reads each: for a table of pairs and results only, every pair a
    plain number, every result one the file has already given (:func:`known_results`); None
    for any other table, which the reader reads row by row. The given scores are the caller's
    to check (:func:`row_result` hands them back).

    >>> from bridgescore.pbn._location import Location
    >>> from bridgescore.pbn._values import result
    >>> lay = layout(Tag("ScoreTable", "PairId_NS;PairId_EW;Contract;Declarer;Result"))
    >>> _ = result("4S", "N", "10", (Location(),) * 3)  # the reader's own path, the first time
    >>> [r.value for r in table_results(lay, (("1", "12", "4S", "N", "10"),), (3,), 7)]
    [Result.parse('4SN=')]
    >>> table_results(lay, (("1", "12", "4S", "N", "10"), ("0", "3", "4S", "N", "10")),
    ...               (3, 4), 7) is None  # a pair 0: the rows' own path says what is wrong
    True
    """
    if lay.others or not data:
        return None
    columns = list(zip(*data, strict=True))
    ns, ew, contracts = _pairs(columns[lay.ns]), _pairs(columns[lay.ew]), columns[lay.contract]
    joined = "".join(contracts)
    if ns is None or ew is None or "%" in joined or "/" in joined:
        return None
    if not _ABSENT_SET.isdisjoint(map(str.strip, contracts)):
        return None
    known = known_results(contracts, columns[lay.declarer], columns[lay.result])
    if known is None:
        return None
    for i in (lay.score_ns, lay.score_ew):
        if i >= 0 and "^" in "".join(columns[i]):
            return None  # an artificial score's mark: the rows' own path
    values, swapped = zip(*known, strict=True)
    n = len(data)
    return list(map(_NEW, repeat(ReadResult, n), zip(
        repeat(board, n), ns, ew, values, repeat(None, n), repeat(None, n), lines, swapped,
        repeat(_NO_NAMES, n), repeat(None, n), repeat(None, n), strict=True)))  # fmt: skip


def _pairs(column: tuple[str, ...]) -> tuple[int, ...] | None:
    """A column of pair numbers, each written plainly (1 to 9 digits) and not 0; else None.
    Read once per texts (a session's tables repeat their columns of pairs).

    >>> _pairs(("1", "12")), _pairs(("1", "0")), _pairs(("1", " 2"))
    ((1, 12), None, None)
    """
    if column in _PAIRS:
        return _PAIRS[column]
    joined, lengths = "".join(column), list(map(len, column))
    numbers = None
    if joined.isascii() and joined.isdigit() and min(lengths) >= 1 and max(lengths) <= 9:
        numbers = tuple(map(int, column))
        numbers = None if 0 in numbers else numbers
    if len(_PAIRS) >= 4096:
        _PAIRS.clear()  # bounded: distinct junk cannot grow it
    _PAIRS[column] = numbers
    return numbers


_PAIRS: dict[tuple[str, ...], tuple[int, ...] | None] = {}


def plain_number(text: str) -> int | None:
    """A whole number of up to 9 digits written plainly, or None.

    >>> plain_number("12"), plain_number(" 12"), plain_number("1e3")
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def _optional(row: tuple[str, ...], i: int) -> str | None:
    return None if i < 0 else row[i]


def row_result(
    lay: Layout, row: tuple[str, ...], board: int, line: int
) -> tuple[ReadResult, str, str] | None:
    """A row read as the reader's own path reads it, with its NS and EW scores as written
    (for the reader to check against the result's); None for a row it should read itself.

    >>> from bridgescore.pbn._location import Location
    >>> from bridgescore.pbn._values import result
    >>> lay = layout(Tag("ScoreTable", "PairId_NS;PairId_EW;Contract;Declarer;Result"))
    >>> _ = result("4S", "N", "10", (Location(),) * 3)  # the reader's own path, the first time
    >>> row_result(lay, ("1", "12", "4S", "N", "10"), 7, 3)[0].value
    Result.parse('4SN=')
    >>> row_result(lay, ("1", "12", "4S", "N", "14"), 7, 3) is None  # not a result: its path
    True
    """
    ns, ew, contract = row[lay.ns], row[lay.ew], row[lay.contract]
    if not (ns.isdigit() and ew.isdigit() and ns.isascii() and ew.isascii()
            and len(ns) < 10 and len(ew) < 10) or "%" in contract or "/" in contract:  # fmt: skip
        return None
    known = known_result(contract, row[lay.declarer], row[lay.result])
    if known is None or contract.strip() in _ABSENT or not int(ns) or not int(ew):
        return None
    score_ns = "-" if lay.score_ns < 0 else row[lay.score_ns]
    score_ew = "-" if lay.score_ew < 0 else row[lay.score_ew]
    if "^" in score_ns or "^" in score_ew:
        return None  # an artificial score's mark: the reader's own path
    if not lay.others:
        return ReadResult(board, int(ns), int(ew), known[0], None, None, line, known[1]), (
            score_ns), score_ew  # fmt: skip
    for i in (lay.percentage_ns, lay.percentage_ew):
        if i >= 0 and "^" in row[i]:
            return None
    numbers: list[int | None] = []
    for i, least in ((lay.round, 0), (lay.version, 1)):
        text = _optional(row, i)
        if text is None or text.strip() in _ABSENT:
            numbers.append(None)
            continue
        number = plain_number(text)
        if number is None or number < least:
            return None
        numbers.append(number)
    table = _optional(row, lay.table)
    if table is not None:
        t = table.strip()
        table = t if t not in _ABSENT else None
    names = tuple(
        "" if text is None or text.strip() in _ABSENT else text
        for text in (_optional(row, lay.names_ns), _optional(row, lay.names_ew))
    )
    value, swapped = known
    return ReadResult(
        board, int(ns), int(ew), value, None, numbers[0], line, swapped, (names[0], names[1]),
        int(table) if table is not None and table.isascii() and table.isdigit() and len(table) < 6
        else None, numbers[1],
    ), score_ns, score_ew  # fmt: skip
