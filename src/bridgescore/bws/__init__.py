"""Bridgemate ``.bws`` files read as sessions: the Access database that Bridgemate Control
Software (BCS) fills from the handsets, read through Debian's ``mdbtools``.

:func:`read` gives the session as the handsets left it: its sections (``Section``), pairs with
the file's own numbers, every result of ``ReceivedData`` (an erased line left out, and of a
table's board entered more than once the latest line kept: ``DateLog``, ``TimeLog``, then
``ID``), leads (``LeadCard``), arbitral scores from ``Remarks`` (``60%-40%`` is average plus to
NS, average minus to EW), the players' numbers (``PlayerNumbers``, named from ``PlayerNames``)
and the hand records (``HandRecord``). It is scored by the same core as a PBN or USEBIO file.

The file is refused, naming it and what is wrong, when it is larger than :class:`BwsLimits` allow
(before it is opened), not an Access database, unreadable by mdbtools, slower to read than the
deadline, or longer than the caps on output and rows; a value the handsets could not have
written (a contract ``'9 Z'``) is refused naming its table, row and column. A section of a
Mitchell whose pairs change sides (an arrow switch) is one field, ranked as a Howell.

This module is outside the core (layer 9 of docs/developers.md): it runs an external tool.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bridgescore.bws._mdb import BwsLimits, read_tables
from bridgescore.bws._read import session_of
from bridgescore.duplicate.session import Session
from bridgescore.errors import BwsError

__all__ = ["TABLES", "BwsError", "BwsFile", "BwsLimits", "from_tables", "looks_like_bws", "read"]

TABLES: Final = ("Section", "RoundData", "ReceivedData", "PlayerNumbers", "PlayerNames",
                 "HandRecord")  # fmt: skip
"""The tables read (the others, such as ``BiddingData`` and ``Settings``, are not)."""


@dataclass(frozen=True, slots=True)
class BwsFile:
    """A ``.bws`` file read."""

    session: Session
    """Its sections, pairs, boards and results, scored by matchpoints (the file says nothing
    of the scoring: give another method with :meth:`Session.with_method`)."""
    erased: int
    """How many ``ReceivedData`` lines were erased at the tables, and left out."""


def looks_like_bws(head: bytes) -> bool:
    """Whether a file's first bytes are an Access database's (Jet 3, Jet 4 or ACE).

    >>> looks_like_bws(b"\\x00\\x01\\x00\\x00Standard Jet DB\\x00"), looks_like_bws(b"<?xml")
    (True, False)
    """
    return head[4:20] in (b"Standard Jet DB\x00", b"Standard ACE DB\x00")


def read(
    path: str | Path, *, limits: BwsLimits | None = None, source: str | None = None
) -> BwsFile:
    """Read a ``.bws`` file as a session named after the file (``source``, the name to give
    it in messages, if given: an upload's), see the module's notes, within ``limits``.

    :raises BwsError: naming the file and what is wrong (see the module's notes).
    """
    path = Path(path)
    name = source or path.name
    tables = read_tables(path, TABLES, limits or BwsLimits(), name)
    return from_tables(tables, name, Path(name).stem)  # the event: the file's name


def from_tables(
    tables: Mapping[str, list[dict[str, str]]], source: str = "<tables>", event: str = ""
) -> BwsFile:
    """A ``.bws`` file's tables, already read (each row a mapping of column to text, as
    ``mdb-export`` writes it; ``''`` for NULL), as a session.

    >>> read = from_tables({"Section": [{"ID": "1", "Letter": "A"}], "ReceivedData": [
    ...     {"ID": "1", "Section": "1", "Table": "1", "Round": "1", "Board": "1", "PairNS": "1",
    ...      "PairEW": "2", "NS/EW": "N", "Contract": "4 S", "Result": "=", "Erased": "0"}]})
    >>> [r.text for r in read.session.sections[0].results]
    ['4SN=']

    :raises BwsError: as :func:`read`, for a value of a row.
    """
    session, erased = session_of(tables, source, event)
    return BwsFile(session, erased)
