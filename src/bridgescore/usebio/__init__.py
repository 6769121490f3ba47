"""USEBIO 1.2, the results files national bodies take (masterpoints, grades, charges) and club
programs write: read as a :class:`~bridgescore.duplicate.session.Session`, written from one.

Read with :func:`read` (the file's own rankings too, as :class:`FileRankRow` s; ``Standing`` is its
deprecated old name), write with
:func:`write`; a team event (round robin, Swiss teams, knockout) with :func:`write_event` and
:func:`read_event`. What is mapped, and the conventions, are in SCORING.md ("USEBIO").

>>> from bridgescore import Result
>>> from bridgescore.duplicate.session import BoardResult, Section, Session
>>> s = Session((Section("A", "howell", results=[
...     BoardResult(1, 1, 2, Result.parse("4SS="), lead="HK"),
...     BoardResult(1, 3, 4, Result.parse("4SS-1"))]),), event="Club night", date="2026.03.11")
>>> again = read(write(s)).session
>>> [(row.rank, row.pair.label, row.percent) for row in again.scored()[0].rankings[None]]
[('1=', '1', 100.0), ('1=', '4', 100.0), ('3=', '2', 0.0), ('3=', '3', 0.0)]
>>> again.event, again.date, again.sections[0].results[0].lead
('Club night', '2026.03.11', 'HK')

Importing this package loads only the standard library; reading a file needs ``defusedxml``
(a dependency of bridgescore), which refuses entity declarations and external references.
"""

from __future__ import annotations

from bridgescore.usebio._read import AssignedLine, FileRankRow, Standing, UsebioFile, read_file
from bridgescore.usebio._teams import (
    EVENT_TYPES,
    TeamEventFile,
    TeamLine,
    read_event,
    write_event,
)
from bridgescore.usebio._write import refusal, write
from bridgescore.usebio._xml import MAX_BYTES

__all__ = [
    "EVENT_TYPES",
    "MAX_BYTES",
    "AssignedLine",
    "FileRankRow",
    "Standing",
    "TeamEventFile",
    "TeamLine",
    "UsebioFile",
    "looks_like_usebio",
    "read",
    "read_event",
    "refusal",
    "write",
    "write_event",
]


def read(data: bytes | str, *, source: str = "<bytes>") -> UsebioFile:
    """Read a USEBIO file: :func:`~bridgescore.usebio._read.read_file`.

    :raises UsebioError: for a file that cannot be read (naming the line and element).
    """
    return read_file(data, source=source)


def looks_like_usebio(data: bytes) -> bool:
    """Whether a file's start is XML with a ``USEBIO`` element (how ``session score`` tells a
    USEBIO file from a PBN one without its extension).

    >>> looks_like_usebio(b'<?xml version="1.0"?>\\n<!DOCTYPE USEBIO SYSTEM "u.dtd">')
    True
    >>> looks_like_usebio(b'[Event "x"]')
    False
    """
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"<") and b"USEBIO" in head
