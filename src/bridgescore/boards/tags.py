"""A board's typed fields as the PBN tags that hold them, and back: the one place that knows
which tags say a board's deal, auction, play, double-dummy table and par, and how.

The readers of files (:mod:`bridgescore.pbn`, :mod:`bridgescore.deals`, :mod:`bridgescore.lin`)
and a session stored by an older version (:func:`bridgescore.duplicate.session.session_from_dict`)
hand a board its tags as :attr:`Board.tags <bridgescore.boards.board.Board.tags>` holds them:
``(name, text)``, a tag's section data on the lines after its value, and the ``Note`` tags of an
``Auction`` or a ``Play`` on lines of their own (``[Note "1:weak"]``, §3.5.5). :func:`read_tags`
turns the tags that read into :class:`Fields`; :func:`write_tags` writes fields back, as the
writers of files write them:

* ``Deal`` (§3.4.11): :class:`~bridgescore.boards.deal.Deal`, written from North;
* ``Auction`` and ``Play`` (§3.5, §3.6) with their notes:
  :class:`~bridgescore.boards.auction.Auction` and :class:`~bridgescore.boards.play.Play`,
  written four calls, or a trick, a line;
* ``DoubleDummyTricks`` (20 hex digits, declarers N S E W, each NT S H D C, the layout other
  programs write) and ``OptimumResultTable`` (§5.7: ``Declarer;Denomination\\2R;Result\\2R``, a
  row per declarer and strain, in any order): the double-dummy table, rows N E S W of tricks in
  C D H S NT (:data:`~bridgescore.boards.dd.DDTable`); either, or both when they say the same;
* ``OptimumScore`` (the par score, ``NS 420``, ``EW 100``, or ``NS -420`` from NS's view) with
  ``ParContract`` (:class:`~bridgescore.boards.par.ParContract` s separated by ``", "``, ``pass``
  for none): :class:`~bridgescore.boards.par.Par`, the dealer's.

A tag that does not read as its field (a partial ``OptimumResultTable``, an ``OptimumScore``
without its ``ParContract``, a ``Deal`` that is not a deal) is left among the other tags, as it
was read, so that a writer writes it back.

>>> fields, others = read_tags((("Deal", "N:AKQJ.AKQ.AKQ.AKQ - - -"), ("Event", "Cup"),
...                             ("OptimumScore", "NS 420")), Seat.NORTH)
>>> str(fields.deal), others
('N:AKQJ.AKQ.AKQ.AKQ - - -', (('Event', 'Cup'), ('OptimumScore', 'NS 420')))
>>> write_tags(fields)
(('Deal', 'N:AKQJ.AKQ.AKQ.AKQ - - -'),)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from bridgescore.boards.auction import Auction, parse_note
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, ParContract
from bridgescore.boards.play import Play
from bridgescore.errors import BridgeError
from bridgescore.model import Seat, Strain

__all__ = [
    "FIELD_TAGS",
    "ORT_SPEC",
    "Fields",
    "dd_from_hex",
    "dd_from_rows",
    "dd_hex",
    "dd_rows",
    "escape",
    "par_texts",
    "read_par",
    "read_tags",
    "unescape",
    "write_tags",
]

Tags = tuple[tuple[str, str], ...]
"""Tags as :attr:`Board.tags <bridgescore.boards.board.Board.tags>` holds them."""

FIELD_TAGS: Final[Mapping[str, tuple[str, ...]]] = {
    "deal": ("Deal",),
    "auction": ("Auction",),
    "play": ("Play",),
    "dd": ("DoubleDummyTricks", "OptimumResultTable"),
    "par": ("OptimumScore", "ParContract"),
}
"""Each typed field of a board and the tags that hold it."""

_NAMES: Final = frozenset(name for names in FIELD_TAGS.values() for name in names)

ORT_SPEC: Final = "Declarer;Denomination\\2R;Result\\2R"
"""The columns of an ``OptimumResultTable`` as the writers write it."""

_HEX_SEATS: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
"""The declarers of ``DoubleDummyTricks`` and of a written ``OptimumResultTable``, in order."""
_HEX_STRAINS: Final = (4, 3, 2, 1, 0)
"""Their strains, NT S H D C, as indexes of C D H S NT."""
_SEAT_INDEX: Final = {seat.value: i for i, seat in enumerate(Seat)}
_STRAIN_INDEX: Final = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "N": 4}
_STRAIN_NAMES: Final = tuple(s.value for s in Strain)
_SCORE: Final = re.compile(r"(?:(NS|EW)\s+)?([+-]?[0-9]{1,5})", re.ASCII)
_S = TypeVar("_S", Auction, Play)


@dataclass(frozen=True, slots=True)
class Fields:
    """What a board's tags say of its cards: each field None where they do not say it."""

    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    dd: DDTable | None = None
    """Rows N E S W of tricks in C D H S NT."""
    par: Par | None = None


def escape(value: str) -> str:
    """A PBN string token's body: ``\\"`` for a quote; ``\\\\`` for a backslash where a single
    one would be read as an escape (before a quote, a backslash, or at the end); a tab is a
    space.

    >>> escape('the "Cup"')
    'the \\\\"Cup\\\\"'
    """
    value = value.replace("\t", " ")
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def unescape(body: str) -> str:
    """The text of a string token's body (between its quotes): :func:`escape` undone."""
    if "\\" not in body:  # the common case, without a regex
        return body.replace("\t", " ")
    return re.sub(r'\\(["\\])', r"\1", body).replace("\t", " ")


def dd_from_hex(text: str) -> DDTable | None:
    """The table of a ``DoubleDummyTricks`` value (20 hex digits, declarers N S E W, each NT S
    H D C), or None if it is not one.

    >>> dd_from_hex("99777887774466644656")[0]
    (7, 7, 7, 9, 9)
    >>> dd_from_hex("9977788777446664465e") is None  # 14 tricks
    True
    """
    text = text.strip().lower()
    if len(text) != 20 or any(c not in "0123456789abcd" for c in text):
        return None
    rows: dict[Seat, tuple[int, int, int, int, int]] = {}
    for i, seat in enumerate(_HEX_SEATS):
        row = [0] * 5
        for j, s in enumerate(_HEX_STRAINS):
            row[s] = int(text[5 * i + j], 16)
        rows[seat] = (row[0], row[1], row[2], row[3], row[4])
    return tuple(rows[seat] for seat in Seat)


def dd_hex(table: DDTable) -> str:
    """A table as ``DoubleDummyTricks`` writes it: :func:`dd_from_hex` undone.

    >>> dd_hex(((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4)))
    '99777887774466644656'
    """
    seats = [tuple(Seat).index(s) for s in _HEX_SEATS]
    return "".join(f"{table[p][s]:x}" for p in seats for s in _HEX_STRAINS)


def dd_rows(table: DDTable) -> tuple[tuple[str, str, str], ...]:
    """A table as an ``OptimumResultTable``'s rows (:data:`ORT_SPEC`): declarers N S E W,
    each in NT S H D C."""
    return tuple(
        (seat.value, _STRAIN_NAMES[s], str(table[tuple(Seat).index(seat)][s]))
        for seat in _HEX_SEATS
        for s in _HEX_STRAINS
    )


def dd_from_rows(columns: Iterable[str], rows: Iterable[Iterable[str]]) -> DDTable | None:
    """The table an ``OptimumResultTable`` gives (its columns' names, then its rows of
    elements): a row for each of the 20 declarers and strains, in any order; None for
    anything else (a partial table, a column missing, a figure that is not 0 to 13).

    >>> rows = [(s, d, "7") for s in "NESW" for d in ("C", "D", "H", "S", "NT")]
    >>> dd_from_rows(["Declarer", "Denomination", "Result"], rows)[3]
    (7, 7, 7, 7, 7)
    """
    names = [c.strip().lstrip("+-").partition("\\")[0].lower() for c in columns]
    try:
        at = [names.index(n) for n in ("declarer", "denomination", "result")]
    except ValueError:
        return None
    found: dict[tuple[int, int], int] = {}
    for row in rows:
        cells = [c.strip().strip('"').upper() for c in row]
        if len(cells) != len(names):
            return None
        seat, strain, tricks = (cells[i] for i in at)
        if seat not in _SEAT_INDEX or strain not in _STRAIN_INDEX or not tricks.isdigit():
            return None
        key = (_SEAT_INDEX[seat], _STRAIN_INDEX[strain])
        if key in found or int(tricks) > 13:
            return None
        found[key] = int(tricks)
    if len(found) != 20:
        return None
    return tuple((found[p, 0], found[p, 1], found[p, 2], found[p, 3], found[p, 4])
                 for p in range(4))  # fmt: skip


def read_par(score: str, contracts: str, dealer: Seat | None) -> Par | None:
    """The par of an ``OptimumScore`` (``NS 420``, ``EW 100``, ``NS -420``) and a
    ``ParContract`` (:class:`~bridgescore.boards.par.ParContract` s separated by commas, or
    ``pass``), worked out for ``dealer``; None if they do not read as one.

    >>> str(read_par("EW 100", "4SXNS-1", Seat.NORTH)), read_par("NS 420", "", None)
    ('EW 100: 4SXNS-1', None)
    """
    m = _SCORE.fullmatch(score.strip().upper())
    words = [w for w in re.split(r"[,\s]+", contracts.strip()) if w]
    if m is None or not words:
        return None
    points = int(m[2]) * (-1 if m[1] == "EW" else 1)
    if [w.lower() for w in words] == ["pass"]:
        return Par(0, (), dealer) if points == 0 else None
    try:
        found = tuple(ParContract.parse(w) for w in words)
    except BridgeError:
        return None
    return Par(points, found, dealer)


def par_texts(found: Par) -> tuple[str, str]:
    """An ``OptimumScore`` and a ``ParContract`` for a par: :func:`read_par` undone.

    >>> par_texts(Par(-100, (ParContract.parse("4SXNS-1"),)))
    ('EW 100', '4SXNS-1')
    """
    side = "NS" if found.score >= 0 else "EW"
    return f"{side} {abs(found.score)}", ", ".join(str(c) for c in found.contracts) or "pass"


def read_tags(tags: Iterable[tuple[str, str]], dealer: Seat | None) -> tuple[Fields, Tags]:
    """The fields that ``tags`` say (see the module), and the other tags in their order: those
    that hold no field, and those that do not read as theirs. Par is ``dealer``'s.

    >>> fields, others = read_tags([("Auction", 'N\\n1S =1= AP\\n[Note "1:five"]'),
    ...                             ("Play", "E\\nD2 S9")], Seat.NORTH)
    >>> str(fields.auction.contract), fields.auction.notes, len(fields.play.tricks), others
    ('1S', ((1, 'five'),), 1, ())
    """
    tags = tuple(tags)
    if not any(name in _NAMES for name, _ in tags):
        return Fields(), tags
    values: dict[str, str] = {}
    for name, value in tags:
        if name in _NAMES:
            values.setdefault(name, value)
    used: set[str] = set()
    deal = _deal(values.get("Deal"))
    auction = _section(values.get("Auction"), Auction.read)
    play = _section(values.get("Play"), Play.read)
    used |= {name for name, v in (("Deal", deal), ("Auction", auction), ("Play", play)) if v}
    dd, dd_used = _dd(values.get("DoubleDummyTricks"), values.get("OptimumResultTable"))
    used |= dd_used
    found = None
    if "OptimumScore" in values and "ParContract" in values:
        found = read_par(values["OptimumScore"], values["ParContract"], dealer)
        if found is not None:
            used |= {"OptimumScore", "ParContract"}
    others = tuple((name, value) for name, value in tags if name not in used)
    return Fields(deal, auction, play, dd, found), others


def write_tags(fields: Fields) -> Tags:
    """The tags of the fields that are set, as :func:`read_tags` reads them: ``Deal``,
    ``Auction``, ``Play``, ``DoubleDummyTricks``, ``OptimumResultTable``, ``OptimumScore``,
    ``ParContract`` (the four of :func:`bridgescore.pbn.analysis_tags`).

    >>> t = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    >>> [name for name, _ in write_tags(Fields(dd=t))]
    ['DoubleDummyTricks', 'OptimumResultTable']
    """
    out: list[tuple[str, str]] = []
    if fields.deal is not None:
        out.append(("Deal", str(fields.deal)))
    for name, section in (("Auction", fields.auction), ("Play", fields.play)):
        if section is not None:
            notes = [f'[Note "{escape(f"{i}:{text}")}"]' for i, text in section.notes]
            out.append((name, "\n".join([section.first.value, *section.lines(), *notes])))
    if fields.dd is not None:
        rows = (" ".join(row) for row in dd_rows(fields.dd))
        out += [("DoubleDummyTricks", dd_hex(fields.dd)),
                ("OptimumResultTable", "\n".join([ORT_SPEC, *rows]))]  # fmt: skip
    if fields.par is not None:
        score, contracts = par_texts(fields.par)
        out += [("OptimumScore", score), ("ParContract", contracts)]
    return tuple(out)


def _deal(text: str | None) -> Deal | None:
    if text is None:
        return None
    try:
        return Deal.parse(text)
    except BridgeError:
        return None


def _section(
    text: str | None, reader: Callable[[str, str, tuple[tuple[int, str], ...]], _S]
) -> _S | None:
    """An auction or a play as a board's tags hold it: its first seat, its lines, its notes."""
    if text is None:
        return None
    first, *lines = text.split("\n")
    notes, data = [], []
    try:
        for line in lines:
            if line.startswith('[Note "') and line.endswith('"]'):
                notes.append(parse_note(unescape(line[7:-2])))
            else:
                data.append(line)
        return reader(first, "\n".join(data), tuple(notes))
    except BridgeError:
        return None


def _dd(hex_text: str | None, table_text: str | None) -> tuple[DDTable | None, set[str]]:
    """The table ``DoubleDummyTricks`` and ``OptimumResultTable`` say, and which of them say
    it: either, or both when they agree (when they do not, neither)."""
    by_hex = None if hex_text is None else dd_from_hex(hex_text)
    by_rows = None
    if table_text is not None:
        spec, *lines = table_text.split("\n")
        columns = spec.split(";")
        if len(columns) > 1 and not columns[-1].strip():
            columns.pop()
        cells = [cell for line in lines for cell in _cells(line)]
        n = len(columns)
        if n and len(cells) % n == 0:
            by_rows = dd_from_rows(columns, (cells[i : i + n] for i in range(0, len(cells), n)))
    if hex_text is not None and table_text is not None:
        if by_hex is None or by_hex != by_rows:
            return None, set()
        return by_hex, {"DoubleDummyTricks", "OptimumResultTable"}
    if by_hex is not None:
        return by_hex, {"DoubleDummyTricks"}
    if by_rows is not None:
        return by_rows, {"OptimumResultTable"}
    return None, set()


def _cells(line: str) -> list[str]:
    """A table line's elements: words, or strings in quotes."""
    return re.findall(r'"(?:[^"\\]|\\.)*"|[^\s"]+', line)
