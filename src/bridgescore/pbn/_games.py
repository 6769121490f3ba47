"""The game layer's values (§3, §5.2): :class:`Tag`, :class:`Game`, tables and their columns;
a game's ``Auction`` and ``Play`` sections with their notes (§3.5, §3.6), its deal and its
typed board (:meth:`Game.played`); :func:`write_games`, the escaping of values and elements,
the file's bytes."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from typing import Final, Literal, TypeVar

from bridgescore.boards.auction import Auction, SectionError, parse_note
from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.boards.play import Play
from bridgescore.boards.tags import escape, read_tags, unescape
from bridgescore.errors import BridgeError, NotationError, PbnError
from bridgescore.model import Contract, Seat, Vulnerability
from bridgescore.pbn._location import Location, quote

__all__ = [
    "KNOWN",
    "MANDATORY_TAGS",
    "RESERVED",
    "TABLE_TAGS",
    "Column",
    "Game",
    "Table",
    "Tag",
    "auction_of",
    "board_facts",
    "complete_deal",
    "decode",
    "element",
    "encode",
    "escape",
    "export_order",
    "kept_sections",
    "play_of",
    "section_tags",
    "unescape",
    "write_games",
]

MANDATORY_TAGS: Final = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
    "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""The Mandatory Tag Set, in the order the export format writes it (§3.4)."""

KNOWN: Final = {
    name.lower(): name
    for name in (
        *MANDATORY_TAGS, "Auction", "Play", "Note", "Score", "ScoreIMP", "ScoreMP",
        "ScorePercentage", "ScoreTable", "TotalScoreTable", "Section", "PairNS", "PairEW",
        "Round", "Room", "HomeTeam", "VisitTeam", "Table", "Movement",
    )
}  # fmt: skip
"""Tag names read whatever their case (``[board "1"]``): tag names are case-sensitive (§3.3),
but a hand-written file is easier to forgive than to reject."""

SESSION_TAGS: Final = frozenset(
    {"Event", "Date", "Board", "Dealer", "Vulnerable", "Scoring", "Section", "Movement",
     "ScoreTable", "TotalScoreTable"}
)  # fmt: skip
"""Tags every game's mapping to a session reads; never kept as other tags."""

TABLE_TAGS: Final = frozenset(
    {"Declarer", "Contract", "Result", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage",
     "PairNS", "PairEW", "Round", "Table", "Version"}
)  # fmt: skip
"""Tags a game per table reads (in a game with a ScoreTable they are other tags)."""

RESERVED: Final = SESSION_TAGS | TABLE_TAGS
"""Tags the mapping reads and writes itself."""

NAME: Final = re.compile(r"[A-Za-z0-9_]+", re.ASCII)
_LAYOUT: Final = re.compile(r"(?:([0-9]{1,3})([LRlr]?))?", re.ASCII)
"""A column's width and alignment, after its ``\\``."""
STRING: Final = re.compile(r'"((?:[^"\\\n]|\\[^\n])*)"')
_SECTION_TOKEN: Final = re.compile(r"[!#$&-:<-Z\\^-z|~]+", re.ASCII)
"""What a section token may hold without quotes: ASCII 33-126 except ``[]{};"%`` (§3.2)."""


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair (§3.3), with the section data that follows it and the comments after it.

    >>> Tag("Board", "1")
    Tag(name='Board', value='1', data=(), comments=())
    """

    name: str
    """The tag name, such as ``'Board'``."""
    value: str = ""
    """The value, unescaped."""
    data: tuple[tuple[str, ...], ...] = ()
    """The section data after the tag (an ``Auction``'s calls, a table's rows), line by line,
    each element as written: a string token keeps its quotes."""
    comments: tuple[str, ...] = ()
    """The comments after the tag, each as written: ``'{ ... }'`` or ``'; ...'``."""
    line: int = field(default=0, compare=False, repr=False)
    """The line of the tag in the file (0 if it was not read from one)."""
    data_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """The line of each line of :attr:`data`."""


@dataclass(frozen=True, slots=True)
class Column:
    """A table column (§5.2): its name, minimum width, alignment and sort order.

    >>> c = Column.parse("+Score_NS\\\\6R")
    >>> c, str(c)
    (Column(name='Score_NS', width=6, align='R', order='+'), '+Score_NS\\\\6R')
    """

    name: str
    width: int | None = None
    """The minimum width of an element; None if not given."""
    align: Literal["L", "R"] | None = None
    """``'L'``: spaces after the element; ``'R'``: spaces before."""
    order: Literal["+", "-"] | None = None
    """``'+'``: the rows are in descending order of this column; ``'-'``: ascending."""

    @classmethod
    def parse(cls, spec: str) -> Column:
        """Read a column name token such as ``PairId_NS\\2R`` or ``-Rank``.

        :raises PbnError: for a backslash not followed by a width.
        """
        text = spec.strip()
        order = text[:1] if text[:1] in ("+", "-") else ""
        name, slash, layout = text[len(order) :].partition("\\")
        m = _LAYOUT.fullmatch(layout.rstrip())
        if m is None or "\\" in layout:
            raise PbnError(
                f"bad table column {quote(spec)}: expected a name, then optionally '\\' with a "
                "width and L or R, such as 'Score_NS\\6R'",
                value=spec,
            )
        width, align = m.groups()
        name = name.strip()
        if slash and not width:
            raise PbnError(f"bad table column {quote(spec)}: expected a width after '\\', such "
                           "as 'Score_NS\\6R'", value=spec)  # fmt: skip
        return cls(
            name,
            int(width) if width else None,
            "L" if align in ("L", "l") else "R" if align in ("R", "r") else None,
            "+" if order == "+" else "-" if order == "-" else None,
        )

    def __str__(self) -> str:
        width = f"\\{self.width}{self.align or ''}" if self.width is not None else ""
        return f"{self.order or ''}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class Table:
    """A table section (§5.2): its columns and its rows of elements (unquoted).

    >>> t = Table.parse(Tag("ScoreTable", "PairId_NS\\\\2R;Contract\\\\4L",
    ...                     data=(("1", "4S"), ("2", '"Pass"'))))
    >>> t.rows, t.format()
    ((('1', '4S'), ('2', 'Pass')), (' 1 4S', ' 2 Pass'))
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """The line each row starts on."""

    @classmethod
    def parse(cls, tag: Tag, *, source: str = "<text>") -> Table:
        """Read a table tag: its value lists the columns, its data holds the rows.

        In import format the elements of a row may spread over lines (§5.2); they must fill
        whole rows.

        :raises PbnError: for a bad column or a row with the wrong number of elements.
        """
        at = Location(source, tag.line)
        columns = _columns(tag, at)
        rows = _rows(tag, len(columns), at)
        return cls(
            columns,
            tuple(tuple(_unquote(t) for t in row) for row, _ in rows),
            tuple(line for _, line in rows),
        )

    @property
    def spec(self) -> str:
        """The tag value: the columns separated by ``;``."""
        return ";".join(str(c) for c in self.columns)

    def index(self, name: str) -> int | None:
        """The position of a column (its name in any case), or None."""
        for i, c in enumerate(self.columns):
            if c.name.lower() == name.lower():
                return i
        return None

    def records(self) -> list[dict[str, str]]:
        """Each row as a dict from column name to element."""
        return [{c.name: e for c, e in zip(self.columns, row, strict=True)} for row in self.rows]

    def format(self) -> tuple[str, ...]:
        """The rows as export-format lines: elements one space apart, padded to the widths."""
        out = []
        for row in self.rows:
            cells = []
            for column, text in zip(self.columns, row, strict=True):
                token, width = element(text), column.width or 0
                cells.append(token.rjust(width) if column.align == "R" else token.ljust(width))
            out.append(" ".join(cells).rstrip())
        return tuple(out)

    def tag(self, name: str) -> Tag:
        """The table as a tag, ready for :func:`write_games`."""
        return Tag(name, self.spec, tuple(tuple(element(e) for e in row) for row in self.rows))


def _columns(tag: Tag, at: Location) -> tuple[Column, ...]:
    """The columns a table tag's value lists (a trailing ``;`` is allowed)."""
    specs = tag.value.split(";")
    if len(specs) > 1 and not specs[-1].strip():
        specs.pop()
    try:
        return tuple(Column.parse(s) for s in specs)
    except PbnError as exc:
        at.fail(exc.reason, field=tag.name, value=exc.value)


def _rows(tag: Tag, n: int, at: Location) -> list[tuple[tuple[str, ...], int]]:
    """A table's elements in rows of ``n``, each with the line it starts on."""
    lines = tag.data_lines or (tag.line,) * len(tag.data)
    data = list(zip(tag.data, lines, strict=True))
    flat = [(token, line) for tokens, line in data for token in tokens]
    if len(flat) % n:
        tokens, line = next((tokens, line) for tokens, line in data if len(tokens) % n)
        text = " ".join(tokens)
        at.at(line).fail(
            f"a {tag.name} row has {len(tokens)} elements where the table has {n} columns: "
            f"{quote(text)}",
            field=tag.name,
            value=text,
        )
    return [(tuple(t for t, _ in flat[i : i + n]), flat[i][1]) for i in range(0, len(flat), n)]


@dataclass(frozen=True, slots=True)
class Game:
    """One PBN game: its tags in order and the comments before its first tag.

    >>> from bridgescore.pbn import read_games
    >>> (g,) = read_games('[Event "Club"] {a comment} [Board "7"]')
    >>> g.get("Board"), g.tag("Event").comments
    ('7', ('{a comment}',))
    """

    tags: tuple[Tag, ...]
    comments: tuple[str, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    """The line the game starts on."""
    _first: dict[str, Tag] | None = field(default=None, init=False, compare=False, repr=False)
    """The first tag of each name, made on the first look-up (a reader asks for each tag a
    game may have)."""

    def tag(self, name: str) -> Tag | None:
        """The first tag with this name, or None."""
        first = self._first
        if first is None:
            first = {t.name: t for t in reversed(self.tags)}  # the first of a name made last
            object.__setattr__(self, "_first", first)
        return first.get(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag with this name, or ``default``."""
        t = self.tag(name)
        return default if t is None else t.value

    def auction(self, *, source: str = "<text>") -> Auction | None:
        """The Auction section with its notes, or None (see :func:`~bridgescore.pbn.auction_of`).

        :raises PbnError: if it is malformed, naming the line.
        """
        return auction_of(self, source=source)

    def play(self, *, source: str = "<text>") -> Play | None:
        """The Play section with its notes, or None (see :func:`~bridgescore.pbn.play_of`).

        :raises PbnError: if it is malformed, naming the line.
        """
        return play_of(self, source=source)

    def played(self, *, source: str = "<text>") -> tuple[Board, tuple[Contract, Seat] | None]:
        """The game's board, typed: its number (0 without one), dealer and vulnerability
        (:func:`~bridgescore.pbn.board_facts`), deal, auction and play; and the contract and
        declarer its ``Contract`` and ``Declarer`` tags give, if they do
        (:func:`bridgescore.boards.leads.opening_lead` takes a game so).

        >>> from bridgescore.pbn import read_games
        >>> (g,) = read_games('[Board "2"][Contract "4S"][Declarer "S"][Play "W"]\\nH2')
        >>> board, reached = g.played()
        >>> board, board.play.first, reached
        (Board(number=2, dealer=Seat.EAST, vulnerability=Vulnerability.NS), Seat.WEST, \
(Contract.parse('4S'), Seat.SOUTH))

        :raises PbnError: for a ``Deal``, ``Auction`` or ``Play`` that cannot be read, naming
            its line.
        """
        deal = _deal(self, source)
        auction, play = auction_of(self, source=source), play_of(self, source=source)
        number = (self.get("Board", "") or "").strip()
        vul, dealer = board_facts(self)
        board = Board(int(number) if number.isdigit() and len(number) < 7 else 0,
                      dealer or Seat.NORTH, vul or Vulnerability.NONE, deal=deal,
                      auction=auction, play=play)  # fmt: skip
        try:
            reached = Contract.parse(self.get("Contract") or ""), Seat.parse(
                (self.get("Declarer") or "").strip().lstrip("^"))  # fmt: skip
        except BridgeError:
            return board, None
        return board, reached

    def table(self, name: str, *, source: str = "<text>") -> Table | None:
        """The table section with this name, or None.

        :raises PbnError: if it is malformed.
        """
        t = self.tag(name)
        return None if t is None else Table.parse(t, source=source)


# The sections of a game: Auction and Play with their notes (§3.5, §3.6)


def _makers() -> tuple[Callable[[str, str, int], Tag], Callable[[tuple[Tag, ...], int], Game]]:
    """:func:`plain_tag` and :func:`plain_game`: each field's slot set as the frozen
    constructors set them, without their per-field look-ups (a 5 MB file has 200,000 tags)."""
    new = object.__new__
    name_, value_, data_, comments_, line_, data_lines_ = (
        getattr(Tag, f.name).__set__ for f in fields(Tag))  # fmt: skip
    tags_, game_comments, game_line, first_ = (getattr(Game, f.name).__set__ for f in fields(Game))

    def tag(name: str, value: str, line: int) -> Tag:
        made = new(Tag)
        name_(made, name)
        value_(made, value)
        data_(made, ())
        comments_(made, ())
        line_(made, line)
        data_lines_(made, ())
        return made

    def game(tags: tuple[Tag, ...], line: int) -> Game:
        made = new(Game)
        tags_(made, tags)
        game_comments(made, ())
        game_line(made, line)
        first_(made, None)
        return made

    return tag, game


plain_tag, plain_game = _makers()
"""``Tag(name, value, line=line)`` and ``Game(tags, line=line)``, made at once.

>>> plain_tag("Board", "1", 3) == Tag("Board", "1", line=3), plain_tag("Board", "1", 3).line
(True, 3)
>>> plain_game((Tag("Board", "1"),), 2) == Game((Tag("Board", "1"),), line=2)
True
"""

_S = TypeVar("_S", Auction, Play)


def auction_of(game: Game, *, source: str = "<text>") -> Auction | None:
    """The game's auction, or None if it has no Auction tag.

    The notes of a section are the ``Note`` tags right after it (§3.5.5, §3.6.5).

    >>> from bridgescore.pbn import read_games
    >>> (g,) = read_games('[Auction "N"]\\n1S =1= Pass 4S AP\\n[Note "1:five"]')
    >>> auction_of(g).contract, auction_of(g).notes
    (Contract.parse('4S'), ((1, 'five'),))
    >>> (g,) = read_games('[Board "1"]\\n[Auction "N"]\\n1S Pass\\n1Z', source="x.pbn")
    >>> auction_of(g, source="x.pbn")
    Traceback (most recent call last):
    ...
    bridgescore.errors.PbnError: x.pbn, line 4: Auction: invalid call '1Z': expected Pass, \
X, XX, a bid such as 1NT, or AP or -

    :raises PbnError: for a section that is not an auction, naming its line.
    """
    return _section(game, "Auction", Auction.read, source)


def play_of(game: Game, *, source: str = "<text>") -> Play | None:
    """The game's play, or None if it has no Play tag.

    :raises PbnError: for a section that is not a play, naming its line.
    """
    return _section(game, "Play", Play.read, source)


def _section(
    game: Game,
    name: str,
    read: Callable[[str, str, tuple[tuple[int, str], ...]], _S],
    source: str,
) -> _S | None:
    if game.tag(name) is None:
        return None  # most games (a look-up, not a pass over the tags)
    tags = game.tags
    index = next(i for i, t in enumerate(tags) if t.name == name)
    tag = tags[index]
    at = Location(source, tag.line)
    notes = []
    for note in tags[index + 1 :]:
        if note.name != "Note":
            break
        try:
            notes.append(parse_note(note.value))
        except NotationError as exc:
            at.at(note.line).fail(str(exc), field="Note", value=note.value)
    lines = [" ".join(tokens) for tokens in tag.data]
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    text = "\n".join(lines)
    data_lines = tag.data_lines or (tag.line,) * len(lines)
    try:
        return read(tag.value, text, tuple(notes))
    except SectionError as exc:
        where = data_lines[bisect_right(starts, exc.offset) - 1] if starts else tag.line
        at.at(where).fail(f"{name}: {exc}", field=name, value=exc.value)
    except NotationError as exc:
        if exc.field == "seat":
            at.fail(f"bad {name} {quote(tag.value)}: expected N, E, S or W", field=name,
                    value=tag.value)  # fmt: skip
        at.fail(f"{name}: {exc}", field=name, value=exc.value)


def section_tags(auction: Auction | None, play: Play | None) -> list[Tag]:
    """The Auction and Play tags, each with its lines and then its Note tags, for
    :func:`~bridgescore.pbn.write_games`.

    >>> [(t.name, t.value, t.data) for t in section_tags(
    ...     Auction.read(Seat.NORTH, "1S =1= AP", [(1, "five")]), None)]
    [('Auction', 'N', (('1S', '=1=', 'AP'),)), ('Note', '1:five', ())]
    """
    out = []
    for name, section in (("Auction", auction), ("Play", play)):
        if section is None:
            continue
        data = tuple(tuple(line.split()) for line in section.lines())
        out.append(Tag(name, section.first.value, data))
        out.extend(Tag("Note", f"{i}:{text}") for i, text in section.notes)
    return out


def kept_sections(tags: tuple[tuple[str, str], ...]) -> tuple[Auction | None, Play | None]:
    """The auction and play of tags as :attr:`Board.tags <bridgescore.boards.board.Board.tags>`
    holds them (a section's lines after its value, its notes as ``[Note "..."]`` lines): those
    of :func:`bridgescore.boards.tags.read_tags` (None for one that does not read)."""
    found, _ = read_tags(tags, None)
    return found.auction, found.play


def _deal(game: Game, source: str) -> Deal | None:
    """The game's ``Deal`` (None without one, or ``?``).

    :raises PbnError: for a ``Deal`` that is not a deal, naming its line.
    """
    tag = game.tag("Deal")
    if tag is None or tag.value.strip() in ("", "?", "#"):
        return None
    try:
        return Deal.parse(tag.value)
    except BridgeError as exc:
        raise PbnError(
            str(exc), line=tag.line, source=source, field="Deal", value=tag.value
        ) from None


def complete_deal(game: Game, source: str = "<text>") -> Deal | None:
    """The game's ``Deal`` if it deals all 52 cards; None without one or for a partial deal.

    :raises PbnError: for a ``Deal`` that is not a deal, naming its line.
    """
    deal = _deal(game, source)
    return deal if deal is not None and deal.is_complete else None


def board_facts(game: Game) -> tuple[Vulnerability | None, Seat | None]:
    """The game's vulnerability and dealer: its ``Vulnerable`` and ``Dealer`` tags, else Law
    2's for its ``Board`` number; None for what neither gives."""
    board = (game.get("Board", "") or "").strip()
    number = int(board) if board.isdigit() and len(board) < 7 and int(board) > 0 else None
    vul_text = (game.get("Vulnerable") or "").strip()
    dealer_text = (game.get("Dealer") or "").strip()
    try:
        vul = Vulnerability.parse(vul_text) if vul_text not in ("", "?") else None
    except BridgeError:
        vul = None
    try:
        dealer = Seat.parse(dealer_text) if dealer_text not in ("", "?") else None
    except BridgeError:
        dealer = None
    if number is not None:
        vul = vul or Vulnerability.from_board(number)
        dealer = dealer or Seat.dealer_of_board(number)
    return vul, dealer


def write_games(games: Iterable[Game], *, eol: str = "\r\n", header: bool = True) -> str:
    """Write games in the export layout: one tag per line, as given, games an empty line apart.

    Tags are written in the order given (:func:`~bridgescore.pbn.write` sorts them as §3.4
    asks). Table data is padded to the widths of its columns (§5.2); other section data is
    written a line as read. With ``header`` the file starts with ``% PBN 2.1`` and
    ``% EXPORT`` (§2.4).

    >>> write_games([Game((Tag("Board", "1"), Tag("Event", 'The "Cup"')))], eol="\\n")
    '% PBN 2.1\\n% EXPORT\\n[Board "1"]\\n[Event "The \\\\"Cup\\\\""]\\n'

    :raises PbnError: for a tag name that is not a PBN name, or a value or element with a
        line break or another control character.
    """
    out = ["% PBN 2.1", "% EXPORT"] if header else []
    for i, game in enumerate(games):
        if i:
            out.append("")
        out.extend(game.comments)
        for tag in game.tags:
            if not NAME.fullmatch(tag.name):
                raise PbnError(f"bad tag name {tag.name!r}: expected letters, digits and '_'",
                               value=tag.name)  # fmt: skip
            if any(c in tag.value for c in "\n\r"):
                raise PbnError(f"the value of tag {tag.name} has a line break: {tag.value!r}",
                               field=tag.name, value=tag.value)  # fmt: skip
            _check_value(tag.name, tag.value)
            for tokens in tag.data:
                for token in tokens:
                    _check_value(tag.name, token, data=True)
            out.append(f'[{tag.name} "{escape(tag.value)}"]')
            out.extend(tag.comments)
            out.extend(_data_lines(tag))
    return eol.join(out) + eol


_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _check_value(name: str, value: str, *, data: bool = False) -> None:
    """Refuse what a tag value or an element cannot hold: PBN strings hold printing
    characters (§3.7; no tab either)."""
    found = _CONTROL.search(value)
    if found:
        where = "section data" if data else "value"
        raise PbnError(f"the {where} of tag {name} has a control character "
                       f"U+{ord(found[0]):04X}: {value!r}; PBN strings hold printing characters "
                       "only (§3.7)", field=name, value=value)  # fmt: skip


def _data_lines(tag: Tag) -> Iterator[str]:
    if tag.data and tag.name.endswith("Table"):
        try:
            yield from Table.parse(tag).format()
            return
        except PbnError:
            pass  # not a well-formed table: write it as it is
    for tokens in tag.data:
        line = " ".join(tokens)
        yield f" {line}" if line.startswith("%") else line  # not an escape line (§2.4)


def export_order(tag: tuple[str, str]) -> tuple[int, int, str]:
    """Where a kept tag goes in an export-format game (§3.1, §3.4): the mandatory tags in
    their order, the other tags by name, the auction, the play, the other sections by name."""
    name, value = tag
    if name in MANDATORY_TAGS:
        return (0, MANDATORY_TAGS.index(name), "")
    if name in ("Auction", "Play"):
        return (2, name == "Play", "")
    return (3 if "\n" in value else 1, 0, name)


def _unquote(token: str) -> str:
    if len(token) >= 2 and token[0] == token[-1] == '"':
        return unescape(token[1:-1])
    return token


def element(text: str) -> str:
    """A table element as written: bare if it is a section token (§3.2), else quoted."""
    return text if _SECTION_TOKEN.fullmatch(text) else f'"{escape(text)}"'


def decode(data: bytes) -> str:
    """The text of a PBN file: UTF-8 if it is (a BOM is dropped), else ISO 8859-1 (§2.2).

    >>> decode("Søren".encode("latin-1")), decode("Søren".encode("utf-8"))
    ('Søren', 'Søren')
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def encode(text: str) -> bytes:
    """The bytes of a PBN file: ISO 8859-1 as §2.2 asks, or UTF-8 for names it cannot hold,
    and for the rare text whose ISO 8859-1 bytes :func:`decode` would read as other UTF-8.

    >>> encode("Søren"), encode("Łukasz"), decode(encode("Â\xa0"))
    (b'S\xf8ren', b'\xc5\x81ukasz', 'Â\xa0')
    """
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")
    return data if decode(data) == text else text.encode("utf-8")
