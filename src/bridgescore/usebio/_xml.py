"""Untrusted XML in, a tree of elements out, each element's line remembered for errors.

The parsing goes through ``defusedxml`` (imported when a file is read, so that importing
:mod:`bridgescore.usebio` loads only the standard library): expat reads the bytes in one
pass, and an entity declaration (the "billion laughs"), an external entity or an external DTD
is refused before anything is expanded. A ``<!DOCTYPE USEBIO SYSTEM "...">`` line without an
internal subset, which every real USEBIO file has, is read and ignored (the DTD is not fetched).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Final

from bridgescore._version import __version__
from bridgescore.errors import UsebioError
from bridgescore.model import Result

__all__ = [
    "DOCTYPE",
    "KNOWN",
    "MAX_BYTES",
    "Tree",
    "add",
    "add_player",
    "add_result",
    "document",
    "parse_xml",
    "quote",
    "start",
]

MAX_BYTES: Final = 20_000_000
"""The largest file read: a club's year of evenings is a few megabytes."""

KNOWN: Final = frozenset((
    "USEBIO", "CLUB", "CLUB_NAME", "CLUB_ID_NUMBER", "CONTACT", "FULL_NAME", "EMAIL", "TELEPHONE",
    "EVENT", "EVENT_TYPE", "EVENT_DESCRIPTION", "EVENT_IDENTIFIER", "TITLE", "PROGRAM_NAME",
    "PROGRAM_VERSION", "DATE", "VENUE", "SCORER", "WINNER_TYPE", "BOARD_SCORING_METHOD",
    "MATCH_SCORING_METHOD", "PAIRWISE_SCORING_METHOD", "SCORING_METHOD", "SESSION", "SESSION_ID",
    "SESSION_COUNT", "SECTION", "SECTION_ID", "SECTION_COUNT", "PAIRS", "EW_PAIRS",
    "BOARDS_PLAYED", "MPS_AWARDED_FLAG", "MASTER_POINT_SCALE", "PARTICIPANTS", "PAIR",
    "PAIR_NUMBER", "DIRECTION", "PLAYER", "PLAYER_NUMBER", "PLAYER_NAME", "NATIONAL_ID_NUMBER",
    "PLACE",
    "TOTAL_SCORE", "PERCENTAGE", "HANDICAP", "ADJUSTMENT", "MASTER_POINTS",
    "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE", "BOARD", "BOARD_NUMBER", "VULNERABILITY",
    "BOARD_AVERAGE", "TRAVELLER_LINE", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT",
    "PLAYED_BY", "LEAD", "TRICKS", "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS",
    "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS",
    "HANDSET", "HAND", "SPADES", "HEARTS", "DIAMONDS", "CLUBS", "P2P_CHARGE_RATE", "CHARGE_CODE"
))  # fmt: skip
"""The elements of USEBIO files met in real files (read, or known and not mapped: masterpoints,
contacts, counts); any other is a warning (``UsebioFile.warnings``), never a refusal."""

DOCTYPE: Final = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'
"""The document type line every USEBIO 1.2 file starts with (the DTD is not fetched)."""


def add(parent: ET.Element, name: str, text: object = None) -> ET.Element:
    """A new child element of ``parent``, with ``text`` (``str``-ed) if given."""
    element = ET.SubElement(parent, name)
    if text is not None:
        element.text = str(text)
    return element


def add_player(parent: ET.Element, name: str, number: str | None) -> None:
    """A ``PLAYER`` with its ``PLAYER_NAME`` and, when known, ``NATIONAL_ID_NUMBER``."""
    player = add(parent, "PLAYER")
    add(player, "PLAYER_NAME", name.strip())
    if number:
        add(player, "NATIONAL_ID_NUMBER", number)


def add_result(line: ET.Element, result: Result, score: object, lead: str | None = None) -> None:
    """A traveller line's ``CONTRACT`` (``PASS`` for a passed-out board), ``PLAYED_BY``,
    ``LEAD`` (rank then suit, ``TD``; PBN's ``DT`` given), ``TRICKS`` and NS's ``SCORE``."""
    if result.is_pass_out:
        add(line, "CONTRACT", "PASS")
    else:
        assert result.declarer is not None
        add(line, "CONTRACT", str(result.contract))
        add(line, "PLAYED_BY", result.declarer.value)
        if lead:
            add(line, "LEAD", lead[1] + lead[0])
    add(line, "TRICKS", result.tricks)
    add(line, "SCORE", score)


def start(
    event_type: str, description: str, winner_type: int, *, club: str = "", club_number: str = ""
) -> tuple[ET.Element, ET.Element]:
    """A file's ``USEBIO`` root and its ``EVENT``: the club (if known), the event's type and
    description, bridgescore as the program, and the ``WINNER_TYPE`` (1: one ranking; 2: NS
    and EW apart)."""
    root = ET.Element("USEBIO", Version="1.2")
    if club or club_number:
        holder = add(root, "CLUB")
        add(holder, "CLUB_NAME", club)
        if club_number:
            add(holder, "CLUB_ID_NUMBER", club_number)
    event = add(root, "EVENT")
    event.set("EVENT_TYPE", event_type)
    if description:
        add(event, "EVENT_DESCRIPTION", description)
    add(event, "PROGRAM_NAME", "bridgescore")
    add(event, "PROGRAM_VERSION", __version__)
    add(event, "WINNER_TYPE", winner_type)
    return root, event


def document(root: ET.Element) -> bytes:
    """The file: the XML declaration, :data:`DOCTYPE` and ``root`` indented, as UTF-8.

    >>> document(ET.Element("USEBIO", Version="1.2")).decode().splitlines()[2]
    '<USEBIO Version="1.2" />'
    """
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def quote(value: str, longest: int = 60) -> str:
    """A value as an error quotes it: ``repr``, cut to ``longest`` characters.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    if len(value) <= longest:
        return repr(value)
    return f"{value[:longest]!r}"[:-1] + f"...' ({len(value)} characters)"


@dataclass
class Tree:
    """A parsed file: its root element and the line each element starts on."""

    root: ET.Element
    source: str
    lines: dict[int, int] = field(default_factory=dict)

    def line(self, element: ET.Element) -> int | None:
        """The line the element starts on."""
        return self.lines.get(id(element))


class _Builder(ET.TreeBuilder):
    """A tree builder that notes the line each element starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[int, int] = {}
        self.expat: Any = None

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        self.lines[id(element)] = self.expat.CurrentLineNumber
        return element


def parse_xml(data: bytes, source: str = "<bytes>") -> Tree:
    """Parse untrusted XML (its encoding as its declaration says, UTF-8 by default).

    >>> tree = parse_xml(b'<?xml version="1.0"?>\\n<USEBIO>\\n<CLUB/></USEBIO>')
    >>> tree.root.tag, tree.line(tree.root[0])
    ('USEBIO', 3)
    >>> parse_xml(b'<!DOCTYPE x [<!ENTITY a "ha">]><x>&a;</x>', "evil.xml")
    Traceback (most recent call last):
    ...
    bridgescore.errors.UsebioError: evil.xml, line 1: the file declares an entity ('a'); \
entities are refused (they can expand without bound)

    :raises UsebioError: for a file that is not well-formed XML (naming its line and column),
        that declares entities or refers outside itself, or that is larger than
        :data:`MAX_BYTES`.
    """
    import defusedxml
    from defusedxml.ElementTree import DefusedXMLParser

    if len(data) > MAX_BYTES:
        raise UsebioError(f"the file has {len(data)} bytes; at most {MAX_BYTES} are read",
                          source=source, field="file", value=len(data))  # fmt: skip
    builder = _Builder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=False, forbid_entities=True,
                              forbid_external=True)  # fmt: skip
    builder.expat = parser.parser
    try:
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).rsplit(":", 1)[0]
        raise UsebioError(f"not well-formed XML: {reason} (column {column + 1})",
                          source=source, line=line, field="xml",
                          value=reason) from None  # fmt: skip
    except defusedxml.EntitiesForbidden as exc:
        raise UsebioError(
            f"the file declares an entity ({exc.name!r}); entities are refused (they can "
            "expand without bound)",
            source=source, line=parser.parser.CurrentLineNumber, field="ENTITY", value=exc.name,
        ) from None  # fmt: skip
    except defusedxml.DefusedXmlException as exc:
        raise UsebioError(f"the file refers outside itself ({exc}); that is refused",
                          source=source, line=parser.parser.CurrentLineNumber,
                          field="DOCTYPE", value=str(exc)) from None  # fmt: skip
    if not isinstance(root, ET.Element):
        raise UsebioError("the file holds no element", source=source, field="xml")
    return Tree(root, source, builder.lines)
