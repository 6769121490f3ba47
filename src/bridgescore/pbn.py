"""PBN 2.1 (Portable Bridge Notation): duplicate results read from files and written scored.

Two layers, both pure Python:

* :func:`read_games` and :func:`write_games` see a file as its :class:`Game` s, each an
  ordered tuple of :class:`Tag` s with the section data that follows a tag (§3.1, §5.1) and
  the comments (§3.8); :meth:`Game.table` reads a table such as a ``ScoreTable`` (§5.2).
* :func:`read` and :func:`write` turn a file into a :class:`~bridgescore.session.Session`
  and back; :func:`read_match` reads a two-room team match.

Section numbers (§) are those of the PBN 2.1 standard. Reading accepts its import format
(§2.1): tags in any order, several on a line or one spread over lines, lower case where §3.11
allows it, ``Vulnerable`` ``"Both"``, ``"Love"`` or ``"-"``, comments ``{...}`` and ``;``,
``%`` lines (§2.4), ``#`` and ``##`` values inherited from earlier games (§4.8). A tag that
repeats in a game is ignored (§3.4). Writing produces the export format: the 15 mandatory tags
in order, ``"?"`` where unknown and ``""`` where they do not apply (§3.4), the other tags
sorted by name, then the sections sorted by name (§3.1), one tag per line, CRLF line ends
(§2.3), an empty line between games (§3).

How a :class:`~bridgescore.session.Session` is written (and read back):

* **One game per board of each section**, with the PBN ``Section`` tag (§4.4.5) and a
  ``ScoreTable`` (§5.9) listing every table's result: ``PairId_NS``, ``PairId_EW``,
  ``Round`` (if known), ``Contract``, ``Declarer``, ``Result`` (tricks), ``Score_NS`` or
  ``Score_EW`` (the plus side's, the other ``-``), then ``MP_NS``, ``MP_EW``,
  ``Percentage_NS``, ``Percentage_EW`` or ``IMP_NS``, ``IMP_EW``, and ``Names_NS``,
  ``Names_EW``. The mandatory ``Declarer``, ``Contract`` and ``Result`` are ``""``: the game
  stands for every table. ``write(session, per="table")`` writes a game per table instead,
  with ``Declarer``, ``Contract``, ``Result``, ``Score``, ``ScoreMP`` and
  ``ScorePercentage`` (or ``ScoreIMP``) and ``PairNS``/``PairEW`` (§4.3.2) holding pair
  numbers. Either reads back as the same session.
* The first game of each section carries a ``TotalScoreTable`` (§5.10): ``Rank`` (``2=``
  for a tie), ``PairId``, ``TotalMP`` and ``TotalPercentage`` or ``TotalIMP``, ``NrBoards``,
  ``Names``, and in a Mitchell a ``Direction`` column (``NS``/``EW``; a column of our own, as
  §5.2 allows). Reading takes only the pairs and names from it: the scores are recomputed.
* **Movement**: the tag ``Movement`` (``"Mitchell"`` or ``"Howell"``, ours, §4.9). Without it a
  section is a Howell if a pair number sits both NS and EW, but never against itself and never
  twice on one board; else a Mitchell (which may number its NS and EW pairs alike: NS 1 meets
  EW 1, and NS 1 and EW 1 both play every board).
* **Method** (``Scoring``, §3.4.12): ``MatchPoints;MP1``; ``IMP;Butler`` (no score dropped),
  ``IMP;Butler-2`` (one dropped at each end, the default), ``IMP;Butler-<2k>`` or
  ``IMP;Butler-<2p>%`` for other datums; ``IMP;Cross2`` (sum / (n - 1), the default),
  ``IMP;Cross1`` (sum / n), ``IMP;Cross`` (the sum). ``OldMP`` is the pre-1987 undertrick
  table. Our own fields: ``HalfUp`` (a Butler datum ending in 5 rounds away from zero) and
  ``Artificial=60,50,40,3`` (A+, A, A- percentages and IMPs, when not those defaults).
* **Artificial scores** (§5.2 ``^``): ``Contract``, ``Declarer`` and ``Result`` ``-``,
  ``Score_NS "^A+"`` and ``Score_EW "^A-"``, and the matchpoints, percentages or IMPs also
  with ``^``. Reading accepts ``^A+``/``^A``/``^A-`` (or ``^Ave+`` ...) in the score columns,
  or failing those a ``^`` percentage (above 50 is A+, 50 is A, below is A-). In a game per
  table: ``[Score "NS ^A+ EW ^A-"]`` with an empty ``Contract``.
* A score that differs from the contract's (an irregularity, §4.2.1) is kept as the
  result's assigned score; ``Declarer "^S"`` (declarer and dummy swapped, §3.4.13) reads as S
  with a warning; ``Score "450"`` with no side is declarer's.
* **Boards** keep the file's ``Dealer`` and ``Vulnerable``; where they are not Law 2's for
  the board number the section warns. Missing or ``"?"``: Law 2.
* **Other tags** are kept: those with one value in every game (``Site``...) in
  :attr:`Session.tags <bridgescore.session.Session.tags>`, the others (``Deal``,
  ``Auction`` with its calls and notes, ``OptimumResultTable`` with its rows ...) in
  :attr:`Board.tags <bridgescore.session.Board.tags>`. Tags that differ between the tables of
  one board (players, a game per table's ``Auction``) are not kept, with a warning; comments
  are not kept in a session (:func:`read_games` keeps them).

>>> s = read('[Board "1"][Dealer "N"][Vulnerable "None"][Contract "4S"][Declarer "S"]'
...          '[Result "11"]')
>>> [str(r.result) for r in s.sections[0].results]
['4SS+1']
>>> text = write(s, per="table")
>>> [line for line in text.splitlines() if line.startswith(("[Contract", "[Score "))]
['[Contract "4S"]', '[Score "NS 450"]']
>>> read(text) == s
True
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final, Literal, NoReturn

from bridgescore.duplicate import ARTIFICIAL, Adjusted, Artificial, Award, Divisor, Rounding
from bridgescore.errors import BridgeError, PbnError
from bridgescore.match import MatchBoard, TeamMatch
from bridgescore.model import (
    PASS_OUT,
    Contract,
    PassOut,
    Result,
    Seat,
    Side,
    Vulnerability,
    parse_contract,
)
from bridgescore.scoring import UndertrickRule, score_result
from bridgescore.session import (
    Board,
    BoardResult,
    Method,
    Movement,
    Pair,
    Section,
    SectionScores,
    Session,
    SessionWarning,
    score_section,
)

__all__ = [
    "MANDATORY_TAGS",
    "Column",
    "Game",
    "PbnError",
    "Table",
    "Tag",
    "decode",
    "encode",
    "read",
    "read_games",
    "read_match",
    "scoring_tag",
    "write",
    "write_games",
]

MANDATORY_TAGS: Final = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
    "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""The Mandatory Tag Set, in the order the export format writes it (§3.4)."""

_NO_INHERIT: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags whose value cannot be ``#`` or ``##`` (§4.8)."""

_KNOWN: Final = {
    name.lower(): name
    for name in (
        *MANDATORY_TAGS, "Auction", "Play", "Note", "Score", "ScoreIMP", "ScoreMP",
        "ScorePercentage", "ScoreTable", "TotalScoreTable", "Section", "PairNS", "PairEW",
        "Round", "Room", "HomeTeam", "VisitTeam", "Table", "Movement",
    )
}  # fmt: skip
"""Tag names read whatever their case (``[board "1"]``): tag names are case-sensitive (§3.3),
but a hand-written file is easier to forgive than to reject."""

_NAME: Final = re.compile(r"[A-Za-z0-9_]+", re.ASCII)
_STRING: Final = re.compile(r'"((?:[^"\\\n]|\\[^\n])*)"')
_WORD: Final = re.compile(r'[^ \t\f\v\n\[\]{};"]+')
_SPACE: Final = " \t\f\v"
_INTEGER: Final = re.compile(r"[0-9]{1,9}", re.ASCII)
_SECTION_TOKEN: Final = re.compile(r"[!#$&-:<-Z\\^-z|~]+", re.ASCII)
"""What a section token may hold without quotes: ASCII 33-126 except ``[]{};"%`` (§3.2)."""


# --------------------------------------------------------------------------------------------
# The game layer


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
        m = re.fullmatch(r"\s*([+-]?)([^\\]*?)\s*(?:\\([0-9]{1,3})([LRlr]?))?\s*", spec)
        if m is None:
            raise PbnError(
                f"bad table column {spec!r}: expected a name, then optionally '\\' with a "
                "width and L or R, such as 'Score_NS\\6R'"
            )
        order, name, width, align = m.groups()
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
        specs = tag.value.split(";")
        if len(specs) > 1 and not specs[-1].strip():
            specs = specs[:-1]  # a trailing ';'
        try:
            columns = tuple(Column.parse(s) for s in specs)
        except PbnError as exc:
            raise PbnError(exc.reason, line=tag.line or None, source=source) from None
        n = len(columns)
        lines = tag.data_lines or (tag.line,) * len(tag.data)
        if all(len(tokens) % n == 0 for tokens in tag.data):
            chunks = [(tokens[i : i + n], line)
                      for tokens, line in zip(tag.data, lines, strict=True)
                      for i in range(0, len(tokens), n)]  # fmt: skip
        else:
            flat = [(t, line) for tokens, line in zip(tag.data, lines, strict=True) for t in tokens]
            if len(flat) % n:
                tokens, line = next(
                    (tokens, line)
                    for tokens, line in zip(tag.data, lines, strict=True)
                    if len(tokens) % n
                )
                raise PbnError(
                    f"a {tag.name} row has {len(tokens)} elements where the table has {n} "
                    f"columns: {_q(' '.join(tokens))}",
                    line=line or None,
                    source=source,
                )
            chunks = [
                (tuple(t for t, _ in flat[i : i + n]), flat[i][1]) for i in range(0, len(flat), n)
            ]
        return cls(
            columns,
            tuple(tuple(_unquote(t) for t in row) for row, _ in chunks),
            tuple(line for _, line in chunks),
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
            for column, element in zip(self.columns, row, strict=True):
                text = _element(element)
                width = column.width or 0
                cells.append(text.rjust(width) if column.align == "R" else text.ljust(width))
            out.append(" ".join(cells).rstrip())
        return tuple(out)

    def tag(self, name: str) -> Tag:
        """The table as a tag, ready for :func:`write_games`."""
        return Tag(name, self.spec, tuple(tuple(_element(e) for e in row) for row in self.rows))


@dataclass(frozen=True, slots=True)
class Game:
    """One PBN game: its tags in order and the comments before its first tag.

    >>> (g,) = read_games('[Event "Club"] {a comment} [Board "7"]')
    >>> g.get("Board"), g.tag("Event").comments
    ('7', ('{a comment}',))
    """

    tags: tuple[Tag, ...]
    comments: tuple[str, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    """The line the game starts on."""

    def tag(self, name: str) -> Tag | None:
        """The first tag with this name, or None."""
        return next((t for t in self.tags if t.name == name), None)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag with this name, or ``default``."""
        t = self.tag(name)
        return default if t is None else t.value

    def table(self, name: str, *, source: str = "<text>") -> Table | None:
        """The table section with this name, or None.

        :raises PbnError: if it is malformed.
        """
        t = self.tag(name)
        return None if t is None else Table.parse(t, source=source)


def read_games(text: str, *, source: str = "<text>") -> list[Game]:
    """Read the games of a PBN file (§3): tags, section data and comments.

    Values are unescaped (``\\"`` and ``\\\\``; a backslash before anything else is kept, as
    in the column specs ``PairId_NS\\2R`` real files write). A tag that repeats in a game is
    dropped (§3.4, except ``Note``), and ``#`` and ``##`` values are replaced by the values
    they inherit (§4.8).

    >>> [g.get("Board") for g in read_games('% PBN 2.1\\n[Board "1"]\\n\\n[Board "2"] ; end')]
    ['1', '2']

    :raises PbnError: for an unterminated tag, value or comment, or text out of place.
    """
    return _inherit(_Lexer(text, source).games(), source)


def write_games(games: Iterable[Game], *, eol: str = "\r\n", header: bool = True) -> str:
    """Write games in the export layout: one tag per line, as given, games an empty line apart.

    Tags are written in the order given (:func:`write` sorts them as §3.4 asks). Table data is
    padded to the widths of its columns (§5.2); other section data is written a line as read.
    With ``header`` the file starts with ``% PBN 2.1`` and ``% EXPORT`` (§2.4).

    >>> write_games([Game((Tag("Board", "1"), Tag("Event", 'The "Cup"')))], eol="\\n")
    '% PBN 2.1\\n% EXPORT\\n[Board "1"]\\n[Event "The \\\\"Cup\\\\""]\\n'

    :raises PbnError: for a tag name that is not a PBN name or a value with a line break.
    """
    out = ["% PBN 2.1", "% EXPORT"] if header else []
    for i, game in enumerate(games):
        if i:
            out.append("")
        out.extend(game.comments)
        for tag in game.tags:
            if not _NAME.fullmatch(tag.name):
                raise PbnError(f"bad tag name {tag.name!r}: expected letters, digits and '_'")
            if any(c in tag.value for c in "\n\r"):
                raise PbnError(f"the value of tag {tag.name} has a line break: {tag.value!r}")
            out.append(f'[{tag.name} "{_escape(tag.value)}"]')
            out.extend(tag.comments)
            out.extend(_data_lines(tag))
    return eol.join(out) + eol


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


def _escape(value: str) -> str:
    """Escape a string token: ``\\"`` for a quote; ``\\\\`` for a backslash where a single
    one would be read as an escape (before a quote, a backslash, or at the end)."""
    value = value.replace("\t", " ")
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def _unescape(body: str) -> str:
    return re.sub(r'\\(["\\])', r"\1", body).replace("\t", " ")


def _unquote(token: str) -> str:
    if len(token) >= 2 and token[0] == token[-1] == '"':
        return _unescape(token[1:-1])
    return token


def _element(text: str) -> str:
    """A table element as written: bare if it is a section token (§3.2), else quoted."""
    return text if _SECTION_TOKEN.fullmatch(text) else f'"{_escape(text)}"'


def _q(text: str, limit: int = 60) -> str:
    """Quote a piece of input for a message, shortened if long."""
    text = " ".join(text.split()) if len(text) > limit else text.strip()
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


class _Lexer:
    """Splits a file into games of tags, section data and comments (§2-3)."""

    def __init__(self, text: str, source: str) -> None:
        if not isinstance(text, str):
            raise PbnError(f"PBN text must be a str, got {type(text).__name__}", source=source)
        self.text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.source = source
        self.games_: list[Game] = []
        self.tags: list[_OpenTag] = []
        self.comments: list[str] = []
        self.first_line = 0

    def fail(self, reason: str, line: int, at: int) -> NoReturn:
        end = self.text.find("\n", at)
        raise PbnError(
            f"{reason}: {_q(self.text[at : None if end < 0 else end])}",
            line=line,
            source=self.source,
        )

    def games(self) -> list[Game]:
        text, n = self.text, len(self.text)
        pos, line = 0, 1
        line_start, content = True, False
        while pos < n:
            ch = text[pos]
            if line_start and ch == "%":  # an escape line (§2.4)
                end = text.find("\n", pos)
                pos, content, line_start = (n if end < 0 else end), True, False
                continue
            line_start = False
            if ch == "\n":
                if not content:  # a semi-empty line ends the game (§3)
                    self.end_game()
                pos, line, line_start, content = pos + 1, line + 1, True, False
                continue
            if ch in _SPACE:
                pos += 1
                continue
            content = True
            if ch == "{":
                end = text.find("}", pos + 1)
                if end < 0:
                    self.fail("unterminated comment: no '}' after '{'", line, pos)
                self.comment(text[pos : end + 1], line)
                line += text.count("\n", pos, end)
                pos = end + 1
            elif ch == ";":
                end = text.find("\n", pos)
                end = n if end < 0 else end
                self.comment(text[pos:end].rstrip(), line)
                pos = end
            elif ch == "[":
                pos, line = self.tag(pos, line)
            elif ch == '"':
                m = _STRING.match(text, pos)
                if m is None:
                    self.fail("unterminated string: no closing '\"' on the line", line, pos)
                self.element(f'"{_escape(_unescape(m[1]))}"', line, pos)
                pos = m.end()
            elif ch in "]}":
                self.fail(f"unexpected {ch!r} outside a tag or comment", line, pos)
            else:
                m = _WORD.match(text, pos)
                assert m is not None  # ch is none of the characters a word excludes
                self.element(m[0], line, pos)
                pos = m.end()
        self.end_game()
        return self.games_

    def skip(self, pos: int, line: int) -> tuple[int, int]:
        text = self.text
        while pos < len(text) and text[pos] in " \t\f\v\n":
            line += text[pos] == "\n"
            pos += 1
        return pos, line

    def tag(self, start: int, line: int) -> tuple[int, int]:
        text = self.text
        first = line
        pos, line = self.skip(start + 1, line)
        m = _NAME.match(text, pos)
        if m is None:
            self.fail("expected a tag name after '['", first, start)
        name = m[0]
        pos, line = self.skip(m.end(), line)
        if not text.startswith('"', pos):
            self.fail(f'tag {name} has no quoted value; expected [{name} "value"]', first, start)
        value = _STRING.match(text, pos)
        if value is None:
            self.fail("unterminated tag value", line, start if line == first else pos)
        pos, line = self.skip(value.end(), line)
        if not text.startswith("]", pos):
            self.fail(f"unterminated tag {name}: expected ']' after the value", line, start)
        self.tags.append(_OpenTag(name, _unescape(value[1]), first))
        if not self.first_line:
            self.first_line = first
        return pos + 1, line

    def element(self, token: str, line: int, at: int) -> None:
        if not self.tags:
            self.fail("text before the first tag of a game", line, at)
        tag = self.tags[-1]
        if tag.data_lines and tag.data_lines[-1] == line:
            tag.data[-1].append(token)
        else:
            tag.data.append([token])
            tag.data_lines.append(line)

    def comment(self, text: str, line: int) -> None:
        (self.tags[-1].comments if self.tags else self.comments).append(text)

    def end_game(self) -> None:
        if not self.tags:
            return  # comments alone stay for the next game
        self.games_.append(Game(tuple(t.freeze() for t in self.tags), tuple(self.comments),
                                self.first_line))  # fmt: skip
        self.tags, self.comments, self.first_line = [], [], 0


@dataclass
class _OpenTag:
    name: str
    value: str
    line: int
    data: list[list[str]] = field(default_factory=list)
    data_lines: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def freeze(self) -> Tag:
        return Tag(self.name, self.value, tuple(tuple(d) for d in self.data),
                   tuple(self.comments), self.line, tuple(self.data_lines))  # fmt: skip


def _inherit(games: list[Game], source: str) -> list[Game]:
    """Canonical tag names, repeated tags dropped (§3.4), ``#`` and ``##`` resolved (§4.8).

    A ``##`` value holds for the games after it until a game gives the tag another value,
    which then holds in its place.
    """
    last: dict[str, str] = {}
    sticky: dict[str, str] = {}
    out = []
    for game in games:
        seen: set[str] = set()
        tags = []
        for tag in game.tags:
            name = _KNOWN.get(tag.name.lower(), tag.name)
            if name in seen and name != "Note":
                continue
            seen.add(name)
            value = tag.value
            if value.startswith("#"):
                if name in _NO_INHERIT:
                    raise PbnError(f"tag {name} cannot inherit a value with '#' (§4.8): "
                                   f"{_q(value)}", line=tag.line, source=source)  # fmt: skip
                value = value[2:] if value.startswith("##") else last.get(name, "")
                if tag.value.startswith("##"):
                    sticky[name] = value
            elif name in sticky:
                sticky[name] = value
            last[name] = value
            tags.append(replace(tag, name=name, value=value))
        for name, value in sticky.items():
            if name not in seen:
                tags.append(Tag(name, value, line=game.line))
                last[name] = value
        out.append(Game(tuple(tags), game.comments, game.line))
    return out


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
    """The bytes of a PBN file: ISO 8859-1 as §2.2 asks, or UTF-8 for names it cannot hold.

    >>> encode("Søren"), encode("Łukasz")
    (b'S\xf8ren', b'\xc5\x81ukasz')
    """
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")


# --------------------------------------------------------------------------------------------
# Values: contracts, results, scores


class _Where:
    """Where in which file: raises :class:`PbnError` s that say so."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, reason: str, line: int | None) -> NoReturn:
        raise PbnError(reason, line=line or None, source=self.source)


def _absent(value: str | None) -> bool:
    """An unknown (``?``) or irrelevant (``-``, ``""``) value."""
    return value is None or value.strip() in ("", "?", "-")


def _int(text: str, what: str, where: _Where, line: int, *, least: int = 0) -> int:
    t = text.strip()
    if not _INTEGER.fullmatch(t) or int(t) < least:
        kind = "a positive whole number" if least else "a whole number"
        where.fail(f"bad {what} {text!r}: expected {kind}", line)
    return int(t)


def _contract(text: str, where: _Where, line: int) -> Contract | PassOut:
    try:
        return parse_contract(text)
    except BridgeError:
        where.fail(f"bad contract {text!r}: expected e.g. 4S, 3NTX, 7HXX or Pass", line)


def _declarer(text: str, where: _Where, line: int) -> tuple[Seat | None, bool]:
    """The declarer, and whether the value says declarer and dummy were swapped (``^S``)."""
    t = text.strip()
    swapped = t.startswith("^")
    if _absent(t[swapped:]):
        return None, swapped
    try:
        return Seat.parse(t[swapped:]), swapped
    except BridgeError:
        where.fail(f"bad declarer {text!r}: expected N, E, S or W (or ^N ... if swapped)", line)


def _tricks(text: str, contract: Contract, where: _Where, line: int) -> int:
    """Tricks from a ``Result``: a number, or (leniently) ``=``, ``+1``, ``-2``."""
    t = text.strip().lstrip("^")
    m = re.fullmatch(r"([0-9]{1,2})|=|([+-])\s*([0-9]{1,2})", t, re.ASCII)
    if m is None:
        where.fail(f"bad result {text!r}: expected the tricks declarer took, 0 to 13", line)
    if m[1] is not None:
        tricks = int(m[1])
    elif t == "=":
        tricks = contract.tricks_needed
    else:
        tricks = contract.tricks_needed + (int(m[3]) if m[2] == "+" else -int(m[3]))
    if not 0 <= tricks <= 13:
        where.fail(f"impossible result {text!r} for {contract}: declarer takes 0 to 13 tricks",
                   line)  # fmt: skip
    return tricks


def _result(
    contract_text: str,
    declarer_text: str,
    result_text: str,
    where: _Where,
    lines: tuple[int, int, int],
) -> tuple[Result, bool]:
    """A result from the Contract, Declarer and Result values (on these lines); and whether
    declarer and dummy were swapped."""
    contract = _contract(contract_text, where, lines[0])
    declarer, swapped = _declarer(declarer_text, where, lines[1])
    if isinstance(contract, PassOut):
        if declarer is not None or (not _absent(result_text) and result_text.strip() != "0"):
            given = _q(f"{contract_text} {declarer_text} {result_text}")
            where.fail(f"a passed-out board has no declarer and no result: {given}", lines[1])
        return Result(PASS_OUT, None, 0), False
    if declarer is None:
        where.fail(f"{contract} has no declarer: {declarer_text!r}", lines[1])
    if _absent(result_text):
        where.fail(f"{contract} by {declarer.value} has no result: {result_text!r}", lines[2])
    tricks = _tricks(result_text, contract, where, lines[2])
    return Result(contract, declarer, tricks), swapped


_SIDE_VALUE: Final = re.compile(r"\s*(NS|EW)\s+(\S+)\s*(?:(NS|EW)\s+(\S+)\s*)?", re.IGNORECASE)


def _sides(text: str) -> dict[Side | None, str] | None:
    """Split a value in one of the five formats of §4.2.1 (and §3.4.15): ``'<v>'``,
    ``'NS <v>'``, ``'EW <v>'``, ``'NS <v> EW <v>'``, ``'EW <v> NS <v>'``; None if none."""
    t = text.strip()
    if t and " " not in t:
        return {None: t}
    m = _SIDE_VALUE.fullmatch(t)
    if m is None or (m[3] is not None and m[3].upper() == m[1].upper()):
        return None
    out: dict[Side | None, str] = {Side(m[1].upper()): m[2]}
    if m[3] is not None:
        out[Side(m[3].upper())] = m[4]
    return out


def _award(text: str) -> Award | None:
    try:
        return Adjusted.parse(text).ns
    except BridgeError:
        return None


def _adjusted(ns: Award | None, ew: Award | None) -> Adjusted | None:
    opposite: dict[Award, Award] = {"A+": "A-", "A": "A", "A-": "A+"}
    if ns is None and ew is None:
        return None
    return Adjusted(ns or opposite[ew or "A"], ew or opposite[ns or "A"])


def _percent_award(text: str) -> Award | None:
    m = re.fullmatch(r"\^\s*([0-9]{1,3}(?:\.[0-9]*)?)\s*%?", text.strip(), re.ASCII)
    if m is None:
        return None
    p = Fraction(m[1])
    return "A+" if p > 50 else "A" if p == 50 else "A-"


def _score_value(text: str, what: str, where: _Where, line: int) -> int | Award:
    """A score element: an integer (signed), or an artificial ``^A+``."""
    t = text.strip()
    if t.startswith("^"):
        award = _award(t[1:])
        if award is not None:
            return award
        t = t[1:]
    m = re.fullmatch(r"([+-]?)\s*([0-9]{1,6})", t, re.ASCII)
    if m is None:
        where.fail(f"bad {what} {text!r}: expected a score such as 420 or -50 "
                   "(or ^A+, ^A, ^A- for an artificial score)", line)  # fmt: skip
    return -int(m[2]) if m[1] == "-" else int(m[2])


def _ns_score(
    values: dict[Side | None, str], declarer: Seat | None, where: _Where, line: int, what: str
) -> int | Adjusted:
    """The NS score of a ``Score`` value (or the artificial one)."""
    got: dict[Side, int | Award] = {}
    for side, text in values.items():
        value = _score_value(text, what, where, line)
        if side is None:
            if declarer is None and value != 0:
                where.fail(f"{what} {text!r} gives no side and there is no declarer", line)
            side = declarer.side if declarer else Side.NS
        got[side] = value
    awards = {s: v for s, v in got.items() if isinstance(v, str)}
    if awards:
        if len(awards) != len(got):
            where.fail(f"bad {what}: an artificial score on one side only", line)
        adjusted = _adjusted(awards.get(Side.NS), awards.get(Side.EW))
        assert adjusted is not None
        return adjusted
    ns, ew = got.get(Side.NS), got.get(Side.EW)
    assert not isinstance(ns, str)
    assert not isinstance(ew, str)
    if ns is not None and ew is not None and ns != -ew:
        where.fail(f"{what}: NS {ns} and EW {ew} do not agree (one is the other's negative)",
                   line)  # fmt: skip
    return ns if ns is not None else -(ew or 0)


# --------------------------------------------------------------------------------------------
# Scoring tag


@dataclass(frozen=True, slots=True)
class _Scoring:
    method: Method = "mp"
    undertrick_rule: UndertrickRule = "modern"
    drop: int | str = 1
    rounding: Rounding = "half-even"
    divisor: Divisor = "n-1"
    artificial: Artificial = ARTIFICIAL
    notes: tuple[str, ...] = ()


def _number(x: Fraction | float) -> str:
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else str(f)


def scoring_tag(session: Session) -> str:
    """The ``Scoring`` value (§3.4.12) that says how a session is scored.

    >>> from bridgescore.session import Session
    >>> scoring_tag(Session()), scoring_tag(Session(method="butler", drop=0))
    ('MatchPoints;MP1', 'IMP;Butler')
    >>> scoring_tag(Session(method="cross-imps", undertrick_rule="pre-1987"))
    'IMP;Cross2;OldMP'
    """
    fields: list[str]
    if session.method == "mp":
        fields = ["MatchPoints", "MP1"]
    elif session.method == "butler":
        drop = session.drop
        if isinstance(drop, str):
            extreme = f"{_number(2 * Fraction(drop.strip()[:-1]))}%"
        else:
            extreme = str(2 * drop)
        fields = ["IMP", "Butler" if drop == 0 else f"Butler-{extreme}"]
        if session.rounding == "half-up":
            fields.append("HalfUp")
    else:
        fields = ["IMP", {"n-1": "Cross2", "n": "Cross1", "raw": "Cross"}[session.divisor]]
    if session.undertrick_rule == "pre-1987":
        fields.append("OldMP")
    a = session.artificial
    if a != ARTIFICIAL:
        fields.append(f"Artificial={_number(a.plus)},{_number(a.average)},{_number(a.minus)},"
                      f"{a.imps}")  # fmt: skip
    return ";".join(fields)


def _read_scoring(value: str, where: _Where, line: int) -> _Scoring:
    base: str | None = None
    method: Method | None = None
    s = _Scoring()
    notes = []
    for raw in value.split(";"):
        key = raw.strip().upper()
        if not key or key == "?":
            continue
        if key in ("MP", "MATCHPOINTS", "MATCHPOINT"):
            base = "mp"
        elif key == "IMP":
            base = "imp"
        elif key in ("MP1", "MP2"):
            pass  # bridgescore scores MP1 and shows percentages; MP2 is half of MP1
        elif key == "BUTLER":
            method, s = "butler", replace(s, drop=0)
        elif m := re.fullmatch(r"BUTLER-([0-9]{1,3}(?:\.[0-9]+)?)(%?)", key, re.ASCII):
            extreme = Fraction(m[1]) / 2
            if m[2]:
                s = replace(s, drop=f"{_number(extreme)}%")
            elif extreme.denominator != 1:
                where.fail(f"bad Scoring field {raw.strip()!r}: Butler-N drops N/2 scores at "
                           "each end, so N must be even", line)  # fmt: skip
            else:
                s = replace(s, drop=int(extreme))
            method = "butler"
        elif key in ("CROSS", "CROSS1", "CROSS2"):
            divisor: Divisor = {"CROSS": "raw", "CROSS1": "n", "CROSS2": "n-1"}[key]  # type: ignore[assignment]
            method, s = "cross-imps", replace(s, divisor=divisor)
        elif key == "OLDMP":
            s = replace(s, undertrick_rule="pre-1987")
        elif key == "HALFUP":
            s = replace(s, rounding="half-up")
        elif key.startswith("ARTIFICIAL="):
            s = replace(s, artificial=_read_artificial(raw.strip(), where, line))
        else:
            notes.append(f"Scoring field {raw.strip()!r} is not used")
    if method is None:
        if base == "imp":
            notes.append("Scoring says IMP without Butler or Cross: scored as Butler")
            method = "butler"
        else:
            if base is None and value.strip() not in ("", "?"):
                notes.append(f"Scoring {value!r} is not a pairs method: scored by matchpoints")
            method = "mp"
    return replace(s, method=method, notes=tuple(notes))


def _read_artificial(text: str, where: _Where, line: int) -> Artificial:
    parts = text.partition("=")[2].split(",")
    number = r"[0-9]{1,3}(?:\.[0-9]+)?(?:/[0-9]{1,20})?"
    if len(parts) != 4 or not all(re.fullmatch(number, p.strip(), re.ASCII) for p in parts[:3]):
        where.fail(f"bad Scoring field {text!r}: expected Artificial=A+,A,A-,IMPs such as "
                   "Artificial=60,50,40,3", line)  # fmt: skip
    plus, average, minus = (Fraction(p.strip()) for p in parts[:3])
    if 0 in (plus.denominator, average.denominator, minus.denominator):
        where.fail(f"bad Scoring field {text!r}", line)  # pragma: no cover - Fraction raises
    return Artificial(plus, average, minus, _int(parts[3], "artificial IMPs", where, line))


# --------------------------------------------------------------------------------------------
# Reading a session


_DEAL_TAGS: Final = frozenset(
    {"Deal", "DealId", "Auction", "Play", "Note", "Hidden", "Description", "OptimumScore",
     "OptimumContract", "ParContract", "DoubleDummyTricks", "West", "North", "East", "South"}
)  # fmt: skip
"""Tags about one deal or one table: kept with the board even when every game has them."""

_SESSION_TAGS: Final = frozenset(
    {"Event", "Date", "Board", "Dealer", "Vulnerable", "Scoring", "Section", "Movement",
     "ScoreTable", "TotalScoreTable"}
)  # fmt: skip
"""Tags every game's mapping reads; never kept as other tags."""

_TABLE_TAGS: Final = frozenset(
    {"Declarer", "Contract", "Result", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage",
     "PairNS", "PairEW", "Round"}
)  # fmt: skip
"""Tags a game per table reads (in a game with a ScoreTable they are other tags)."""

_RESERVED: Final = _SESSION_TAGS | _TABLE_TAGS


@dataclass
class _Row:
    """A result as read, with where it was."""

    section: str
    board: int
    ns: int
    ew: int
    value: Result | Adjusted
    score: int | None
    round: int | None
    line: int
    swapped: bool = False

    def board_result(self) -> BoardResult:
        if isinstance(self.value, Adjusted):
            return BoardResult(self.board, self.ns, self.ew, adjusted=self.value, round=self.round)
        return BoardResult(self.board, self.ns, self.ew, self.value, score=self.score,
                           round=self.round)  # fmt: skip


@dataclass
class _SectionDraft:
    name: str
    line: int
    movement: Movement | None = None
    boards: dict[int, Board] = field(default_factory=dict)
    board_lines: dict[int, int] = field(default_factory=dict)
    board_tags: dict[int, list[list[tuple[str, str]]]] = field(default_factory=dict)
    rows: list[_Row] = field(default_factory=list)
    games_per_board: Counter[int] = field(default_factory=Counter)
    names: dict[tuple[Side | None, int], str] = field(default_factory=dict)
    ignored: set[str] = field(default_factory=set)
    total_names: list[tuple[Side | None, int, str, int]] = field(default_factory=list)
    notes: list[SessionWarning] = field(default_factory=list)


def read(text: str, *, source: str = "<text>") -> Session:
    """Read a session from PBN text (the import format; see the module's notes).

    >>> read('[Board "1"]\\n[Dealer "Q"]', source="club.pbn")
    Traceback (most recent call last):
    ...
    bridgescore.errors.PbnError: club.pbn, line 2: bad Dealer 'Q': expected N, E, S or W

    :param source: the file's name, for messages.
    :raises PbnError: for malformed text, naming the line and quoting it.
    """
    return _SessionReader(read_games(text, source=source), _Where(source)).session()


class _SessionReader:
    def __init__(self, games: list[Game], where: _Where) -> None:
        self.games = games
        self.where = where
        self.sections: dict[str, _SectionDraft] = {}
        self.notes: list[SessionWarning] = []

    def session(self) -> Session:
        scoring = self.scoring()
        event, date = self.first("Event"), self.first("Date")
        for game in self.games:
            self.game(game, scoring)
        drafts = list(self.sections.values())
        sections = [self.section(d) for d in drafts]
        tags = self.promote(drafts, sections)
        if sections:
            first = sections[0]
            notes = [*self.notes, *(SessionWarning(0, (0, 0), n) for n in scoring.notes)]
            sections[0] = Section(first.name, first.movement, first.pairs, first.boards,
                                  first.results, notes=[*notes, *first.notes])  # fmt: skip
        return Session(
            tuple(sections), scoring.method, event, date, scoring.undertrick_rule,
            scoring.artificial, scoring.drop, scoring.rounding, scoring.divisor, tags,
        )  # fmt: skip

    def first(self, name: str) -> str:
        """The first real value of a session-wide tag; a warning for games that differ."""
        value: str | None = None
        for game in self.games:
            tag = game.tag(name)
            if tag is None or _absent(tag.value) or tag.value == "????.??.??":
                continue
            if value is None:
                value = tag.value
            elif tag.value != value:
                message = f"line {tag.line}: {name} {tag.value!r} is not the first, {value!r}"
                self.notes.append(SessionWarning(0, (0, 0), message))
        return value or ""

    def scoring(self) -> _Scoring:
        found: tuple[str, int] | None = None
        for game in self.games:
            tag = game.tag("Scoring")
            if tag is None or _absent(tag.value):
                continue
            if found is None:
                found = (tag.value, tag.line)
            elif tag.value.replace(" ", "").lower() != found[0].replace(" ", "").lower():
                self.where.fail(
                    f"Scoring {tag.value!r} differs from {found[0]!r} (line {found[1]}): a "
                    "session is scored one way", tag.line)  # fmt: skip
        return _read_scoring(found[0], self.where, found[1]) if found else _Scoring()

    def draft(self, name: str, line: int) -> _SectionDraft:
        if name not in self.sections:
            self.sections[name] = _SectionDraft(name, line)
        return self.sections[name]

    def game(self, game: Game, scoring: _Scoring) -> None:
        where = self.where
        for tag in game.tags:
            if tag.data and tag.name in _RESERVED - {"ScoreTable", "TotalScoreTable"}:
                where.fail(f"unexpected text after the {tag.name} tag: "
                           f"{_q(' '.join(tag.data[0]))}", tag.data_lines[0])  # fmt: skip
        score_table = game.table("ScoreTable", source=where.source)
        board_tag = game.tag("Board")
        section_name = game.get("Section")
        section_name = "A" if _absent(section_name) else (section_name or "A").strip()
        if board_tag is None:
            totals = game.table("TotalScoreTable", source=where.source)
            if totals is None:
                where.fail("a game without a Board tag", game.line)
            self.totals(self.draft(section_name, game.line), totals)
            return
        number = _int(board_tag.value, "board number", where, board_tag.line, least=1)
        board = self.board(game, number)
        sections = [section_name]
        rows: list[tuple[str, dict[str, str], int]] = []
        if score_table is not None:
            column = score_table.index("Section")
            for row, line in zip(score_table.rows, score_table.lines, strict=True):
                name = section_name  # a Section column (seen in real files) splits the rows
                if column is not None and not _absent(row[column]):
                    name = row[column].strip()
                record = {c.name: e for c, e in zip(score_table.columns, row, strict=True)}
                rows.append((name, record, line))
            sections = list(dict.fromkeys([section_name, *(r[0] for r in rows)]))
        for name in sections:
            draft = self.draft(name, game.line)
            self.add_board(draft, board, game, self.kept(game, draft.ignored))
            movement = game.get("Movement")
            if not _absent(movement):
                assert movement is not None
                value = movement.strip().lower()
                if value not in ("mitchell", "howell"):
                    where.fail(f"bad Movement {movement!r}: expected Mitchell or Howell",
                               next(t.line for t in game.tags if t.name == "Movement"))  # fmt: skip
                draft.movement = "mitchell" if value == "mitchell" else "howell"
            totals = game.table("TotalScoreTable", source=where.source)
            if totals is not None:
                self.totals(draft, totals)
        if score_table is not None:
            for name, record, line in rows:
                self.row(self.sections[name], board, record, line, scoring)
        else:
            self.single(self.sections[section_name], board, game, scoring)

    def board(self, game: Game, number: int) -> Board:
        where = self.where
        law = Board.numbered(number)
        dealer, vul = law.dealer, law.vulnerability
        tag = game.tag("Dealer")
        if tag is not None and not _absent(tag.value):
            try:
                dealer = Seat.parse(tag.value)
            except BridgeError:
                where.fail(f"bad Dealer {tag.value!r}: expected N, E, S or W", tag.line)
        tag = game.tag("Vulnerable")
        if tag is not None and tag.value.strip() not in ("", "?"):
            try:
                vul = Vulnerability.parse(tag.value)
            except BridgeError:
                where.fail(f"bad Vulnerable {tag.value!r}: expected None, NS, EW or All "
                           "(or Love, -, Both)", tag.line)  # fmt: skip
        return Board(number, dealer, vul)

    def add_board(
        self, draft: _SectionDraft, board: Board, game: Game, kept: list[tuple[str, str]]
    ) -> None:
        known = draft.boards.get(board.number)
        if known is None:
            draft.boards[board.number] = board
            draft.board_lines[board.number] = game.line
            draft.board_tags[board.number] = []
            if not board.follows_law_2:
                law = Board.numbered(board.number)
                draft.notes.append(SessionWarning(board.number, (0, 0), (
                    f"dealer {board.dealer.value} and vulnerability {board.vulnerability.value}"
                    f" are not Law 2's ({law.dealer.value}, {law.vulnerability.value}); the "
                    "board's are used")))  # fmt: skip
        elif (known.dealer, known.vulnerability) != (board.dealer, board.vulnerability):
            self.where.fail(
                f"board {board.number} of section {draft.name} has dealer "
                f"{board.dealer.value} and vulnerability {board.vulnerability.value} here but "
                f"{known.dealer.value} and {known.vulnerability.value} at line "
                f"{draft.board_lines[board.number]}", game.line)  # fmt: skip
        draft.board_tags[board.number].append(kept)

    def kept(self, game: Game, ignored: set[str]) -> list[tuple[str, str]]:
        """The tags the mapping does not read, encoded as :attr:`Board.tags` holds them: a
        tag's section data on lines after its value, the notes of an auction or a play with
        it (§3.5.5, §3.6.5)."""
        per_board = game.tag("ScoreTable") is not None
        out: list[tuple[str, list[str]]] = []
        open_section: list[str] | None = None
        for tag in game.tags:
            name = tag.name
            if name in _RESERVED or (name in MANDATORY_TAGS and _absent(tag.value)):
                if per_board and name in _TABLE_TAGS and not _absent(tag.value):
                    ignored.add(name)
                open_section = None
                continue
            if name == "Note" and open_section is not None:
                open_section.append(f'[Note "{_escape(tag.value)}"]')
                continue
            out.append((name, [tag.value, *_section_lines(tag)]))
            lines = out[-1][1]
            open_section = lines if name in ("Auction", "Play") else None
        return [(name, "\n".join(lines)) for name, lines in out]

    def totals(self, draft: _SectionDraft, table: Table) -> None:
        pair_col, names_col = table.index("PairId"), table.index("Names")
        direction_col = table.index("Direction")
        if pair_col is None:
            return
        for row, line in zip(table.rows, table.lines, strict=True):
            if _absent(row[pair_col]):
                continue
            number = _pair_id(row[pair_col], "PairId", self.where, line)
            side: Side | None = None
            if direction_col is not None and not _absent(row[direction_col]):
                try:
                    side = Side.parse(row[direction_col])
                except BridgeError:
                    self.where.fail(f"bad Direction {row[direction_col]!r}: expected NS or EW",
                                    line)  # fmt: skip
            names = "" if names_col is None or _absent(row[names_col]) else row[names_col]
            draft.total_names.append((side, number, names, line))

    def row(
        self,
        draft: _SectionDraft,
        board: Board,
        record: dict[str, str],
        line: int,
        scoring: _Scoring,
    ) -> None:
        where = self.where
        get = {k.lower(): v for k, v in record.items()}.get
        ns_text, ew_text = get("pairid_ns"), get("pairid_ew")
        if ns_text is None or ew_text is None:
            where.fail("a ScoreTable needs the columns PairId_NS and PairId_EW to say which "
                       "pairs played", line)  # fmt: skip
        ns = _pair_id(ns_text, "PairId_NS", where, line)
        ew = _pair_id(ew_text, "PairId_EW", where, line)
        contract = get("contract", "?") or ""
        awards = [
            _award(text.strip()[1:]) if text and text.strip().startswith("^") else None
            for text in (get("score_ns"), get("score_ew"))
        ]
        if awards == [None, None]:
            awards = [_percent_award(get(c) or "") for c in ("percentage_ns", "percentage_ew")]
        adjusted = _adjusted(awards[0], awards[1])
        score: int | None = None
        swapped = False
        value: Result | Adjusted
        if adjusted is not None:
            if not _absent(contract):
                where.fail(f"a row with both a contract ({contract}) and an artificial score",
                           line)  # fmt: skip
            value = adjusted
        else:
            if _absent(contract):
                where.fail(f"a ScoreTable row needs a contract, or an artificial score such as "
                           f"Score_NS '^A+': {_q(' '.join(record.values()))}", line)  # fmt: skip
            if get("declarer") is None or get("result") is None:
                where.fail("a ScoreTable needs the columns Declarer and Result", line)
            value, swapped = _result(contract, get("declarer") or "", get("result") or "",
                                     where, (line, line, line))  # fmt: skip
            score = self.given_score(
                {Side.NS: get("score_ns") or "-", Side.EW: get("score_ew") or "-"},
                value, board, scoring, line, "Score_NS/Score_EW",
            )  # fmt: skip
        round_text = get("round")
        round_ = None if _absent(round_text) else _int(round_text or "", "round", where, line)
        draft.rows.append(_Row(draft.name, board.number, ns, ew, value, score, round_, line,
                               swapped))  # fmt: skip
        for side, pair, key in ((Side.NS, ns, "names_ns"), (Side.EW, ew, "names_ew")):
            names = get(key)
            if not _absent(names):
                assert names is not None
                draft.names.setdefault((side, pair), names)

    def given_score(
        self,
        values: Mapping[Side | None, str],
        result: Result,
        board: Board,
        scoring: _Scoring,
        line: int,
        what: str,
    ) -> int | None:
        """The score written in the file if it differs from the result's (an irregularity)."""
        present: dict[Side | None, str] = {s: v for s, v in values.items() if not _absent(v)}
        if not present:
            return None
        given = _ns_score(present, result.declarer, self.where, line, what)
        if isinstance(given, Adjusted):
            self.where.fail(f"{what}: an artificial score with a contract ({result})", line)
        computed = score_result(
            result, board.vulnerability, undertrick_rule=scoring.undertrick_rule
        )
        return None if given == computed.for_side(Side.NS) else given

    def single(self, draft: _SectionDraft, board: Board, game: Game, scoring: _Scoring) -> None:
        """A game per table: its Contract, Declarer, Result and Score tags."""
        where = self.where
        contract = game.tag("Contract")
        score = game.tag("Score")
        line = contract.line if contract is not None else game.line
        value: Result | Adjusted
        assigned: int | None = None
        swapped = False
        if contract is None or contract.value.strip() in ("", "?"):
            if score is None or "^" not in score.value:
                return  # a board without a result here (a deal, say)
            sides = _sides(score.value)
            if sides is None:
                where.fail(f"bad Score {score.value!r}: expected e.g. 'NS ^A+ EW ^A-'", score.line)
            given = _ns_score(sides, None, where, score.line, "Score")
            if not isinstance(given, Adjusted):
                where.fail(f"bad Score {score.value!r} for a board without a contract",
                           score.line)  # fmt: skip
            value = given
        else:
            declarer_text = game.get("Declarer", "") or ""
            result_text = self.result_tag(game, declarer_text, line)
            declarer_tag, result_tag = game.tag("Declarer"), game.tag("Result")
            lines = (line, declarer_tag.line if declarer_tag else line,
                     result_tag.line if result_tag else line)  # fmt: skip
            value, swapped = _result(contract.value, declarer_text, result_text, where, lines)
            if score is not None and not _absent(score.value):
                sides = _sides(score.value)
                if sides is None:
                    where.fail(f"bad Score {score.value!r}: expected '<score>', 'NS <score>', "
                               "'EW <score>' or both sides", score.line)  # fmt: skip
                assigned = self.given_score(sides, value, board, scoring, score.line, "Score")
        draft.games_per_board[board.number] += 1
        ns, ew = self.table_pairs(draft, board.number, game)
        round_tag = game.tag("Round")
        round_ = None
        if round_tag is not None and not _absent(round_tag.value):
            round_ = _int(round_tag.value, "Round", where, round_tag.line)
        draft.rows.append(_Row(draft.name, board.number, ns, ew, value, assigned, round_, line,
                               swapped))  # fmt: skip
        names = {Side.NS: ("North", "South"), Side.EW: ("East", "West")}
        for side, pair in ((Side.NS, ns), (Side.EW, ew)):
            players = [game.get(seat, "") or "" for seat in names[side]]
            players = [p for p in players if not _absent(p)]
            if players:
                draft.names.setdefault((side, pair), " & ".join(players))

    def result_tag(self, game: Game, declarer_text: str, line: int) -> str:
        """The tricks declarer took, from a Result in any of the formats of §3.4.15."""
        tag = game.tag("Result")
        if tag is None or _absent(tag.value):
            return ""
        text = tag.value.strip().lstrip("^")
        sides = _sides(text)
        if sides is None:
            self.where.fail(f"bad Result {tag.value!r}: expected the tricks declarer took, or "
                            "'NS <tricks>', 'EW <tricks>'", tag.line)  # fmt: skip
        if None in sides:
            return sides[None]
        seat = declarer_text.strip().lstrip("^")
        try:
            side = Seat.parse(seat).side
        except BridgeError:
            return "?"  # reported as a missing declarer
        if side in sides:
            return sides[side]
        other = _int(sides[side.opponents], "Result", self.where, tag.line)
        if other > 13:
            self.where.fail(f"impossible Result {tag.value!r}: 0 to 13 tricks", tag.line)
        return str(13 - other)

    def table_pairs(self, draft: _SectionDraft, board: int, game: Game) -> tuple[int, int]:
        """A game per table's pairs: PairNS and PairEW, else the Table, else the game's order."""
        where = self.where
        tags = [game.tag("PairNS"), game.tag("PairEW")]
        if all(t is not None and _INTEGER.fullmatch(t.value.strip()) for t in tags):
            ns_tag, ew_tag = tags
            assert ns_tag is not None
            assert ew_tag is not None
            return (_pair_id(ns_tag.value, "PairNS", where, ns_tag.line),
                    _pair_id(ew_tag.value, "PairEW", where, ew_tag.line))  # fmt: skip
        table = game.tag("Table")
        if table is not None and _INTEGER.fullmatch(table.value.strip()):
            number = _pair_id(table.value, "Table", where, table.line)
            return number, number
        return draft.games_per_board[board], draft.games_per_board[board]

    def section(self, draft: _SectionDraft) -> Section:
        """Build a section, checking what refers to rows here so that errors name lines."""
        where = self.where
        movement = draft.movement or self.infer(draft)
        mitchell = movement == "mitchell"
        by_table: dict[tuple[int, int, int], _Row] = {}
        by_pair: dict[tuple[int, Side | None, int], _Row] = {}
        notes = list(draft.notes)
        draft.rows.sort(key=lambda r: r.board)  # board order; the file's order within a board
        for row in draft.rows:
            if not mitchell and row.ns == row.ew:
                where.fail(f"board {row.board}: pair {row.ns} cannot play against itself", row.line)
            first = by_table.get((row.board, row.ns, row.ew))
            if first is not None:
                if first.board_result() != row.board_result():
                    where.fail(f"board {row.board}, NS {row.ns} v EW {row.ew} has another result "
                               f"at line {first.line}", row.line)  # fmt: skip
                continue  # the section warns of a result entered twice
            by_table[(row.board, row.ns, row.ew)] = row
            for side, pair in ((Side.NS, row.ns), (Side.EW, row.ew)):
                key = (row.board, side if mitchell else None, pair)
                other = by_pair.get(key)
                if other is not None:
                    label = Pair(pair, side if mitchell else None).label
                    where.fail(f"board {row.board}: pair {label} played it twice (here and at "
                               f"line {other.line})", row.line)  # fmt: skip
                by_pair[key] = row
            if row.swapped and isinstance(row.value, Result) and row.value.declarer:
                notes.append(SessionWarning(row.board, (row.ns, row.ew), (
                    f"declarer and dummy were swapped (^{row.value.declarer.value}); scored "
                    f"for {row.value.declarer.value}")))  # fmt: skip
        pairs = self.pairs(draft, mitchell, notes)
        boards = []
        dropped: set[str] = set()
        for number, board in sorted(draft.boards.items()):
            tags, lost = _common(draft.board_tags[number])
            dropped |= lost
            boards.append(replace(board, tags=tuple(sorted(tags, key=_export_order))))
        if draft.ignored:
            notes.append(SessionWarning(0, (0, 0), f"section {draft.name}: a game's own "
                         f"{', '.join(sorted(draft.ignored))} are not kept where its "
                         "ScoreTable gives the results"))  # fmt: skip
        if dropped:
            message = (f"section {draft.name}: tags that differ between the tables of a board "
                       f"are not kept: {', '.join(sorted(dropped))}")  # fmt: skip
            notes.append(SessionWarning(0, (0, 0), message))
        try:
            return Section(draft.name, movement, pairs, boards,
                           [r.board_result() for r in draft.rows], notes=notes)  # fmt: skip
        except BridgeError as exc:
            where.fail(f"section {draft.name}: {exc}", draft.line)

    def infer(self, draft: _SectionDraft) -> Movement:
        """Howell if a pair number sits NS and EW but never against itself and never twice on
        one board (which a Mitchell numbering NS and EW pairs alike does); else Mitchell."""
        if not draft.rows:
            directions = {side for side, _, _, _ in draft.total_names}
            return "howell" if directions == {None} else "mitchell"
        if not {r.ns for r in draft.rows} & {r.ew for r in draft.rows}:
            return "mitchell"
        seen: set[tuple[int, int]] = set()
        for board, ns, ew in sorted({(r.board, r.ns, r.ew) for r in draft.rows}):
            if ns == ew or (board, ns) in seen or (board, ew) in seen:
                return "mitchell"
            seen |= {(board, ns), (board, ew)}
        return "howell"

    def pairs(
        self, draft: _SectionDraft, mitchell: bool, notes: list[SessionWarning]
    ) -> list[Pair]:
        names: dict[tuple[Side | None, int], str] = {}
        numbers = {(Side.NS, r.ns) for r in draft.rows} | {(Side.EW, r.ew) for r in draft.rows}
        for side, number, text, line in draft.total_names:
            if mitchell and side is None:
                sides = [s for s in (Side.NS, Side.EW) if (s, number) in numbers]
                if len(sides) != 1:
                    continue  # NS 3 or EW 3? The table does not say
                side = sides[0]
            if not mitchell and side is not None:
                self.where.fail(f"a TotalScoreTable gives pair {number} a direction in a Howell "
                                f"section ({draft.name})", line)  # fmt: skip
            key = (side, number)
            if key in names and names[key] != text:
                continue
            names[key] = text
        for (side, number), text in draft.names.items():
            key = (side if mitchell else None, number)
            if key not in names or not names[key]:
                names[key] = text
            elif names[key] != text:
                label = Pair(number, key[0]).label
                notes.append(SessionWarning(0, (0, 0), f"section {draft.name}: pair {label} is "
                             f"named {names[key]!r} and {text!r}; the first is kept"))  # fmt: skip
        return [Pair(number, side, text) for (side, number), text in names.items()]

    def promote(self, drafts: list[_SectionDraft], sections: list[Section]) -> dict[str, str]:
        """Move the tags every board has, with one value, to the session."""
        all_tags = [b.tags for s in sections for b in s.boards]
        if not all_tags:
            return {}
        common = [t for t in all_tags[0] if t[0] not in _DEAL_TAGS and "\n" not in t[1]]
        common = [t for t in common if all(t in tags for tags in all_tags[1:])]
        names = Counter(name for name, _ in common)
        common = [t for t in common if names[t[0]] == 1]
        if common:
            for i, s in enumerate(sections):
                boards = [replace(b, tags=tuple(t for t in b.tags if t not in common))
                          for b in s.boards]  # fmt: skip
                sections[i] = Section(s.name, s.movement, s.pairs, boards, s.results,
                                      notes=s.notes)  # fmt: skip
        return dict(common)


def _section_lines(tag: Tag) -> list[str]:
    """A kept tag's section data as lines: a table's rows one a line, as they are written."""
    if tag.data and tag.name.endswith("Table"):
        try:
            return [" ".join(_element(e) for e in row) for row in Table.parse(tag).rows]
        except PbnError:
            pass  # not a well-formed table: kept line by line
    return [" ".join(tokens) for tokens in tag.data]


def _common(games: list[list[tuple[str, str]]]) -> tuple[list[tuple[str, str]], set[str]]:
    """The tags every game of a board has (in the first game's order), and the names of the
    others."""
    if not games:
        return [], set()
    common = [t for t in games[0] if all(t in g for g in games[1:])]
    lost = {t[0] for g in games for t in g if t not in common}
    return common, lost


def _export_order(tag: tuple[str, str]) -> tuple[int, int, str]:
    """Where a kept tag goes in an export-format game (§3.1, §3.4): the mandatory tags in
    their order, the other tags by name, the auction, the play, the other sections by name."""
    name, value = tag
    if name in MANDATORY_TAGS:
        return (0, MANDATORY_TAGS.index(name), "")
    if name in ("Auction", "Play"):
        return (2, name == "Play", "")
    return (3 if "\n" in value else 1, 0, name)


def _pair_id(text: str, what: str, where: _Where, line: int) -> int:
    t = text.strip()
    if not _INTEGER.fullmatch(t) or int(t) < 1:
        where.fail(f"bad pair id {text!r} in {what}: expected a pair number such as 12", line)
    return int(t)


# --------------------------------------------------------------------------------------------
# Writing a session


def write(session: Session, *, per: Literal["board", "table"] = "board", eol: str = "\r\n") -> str:
    """Write a session, scored, in PBN export format (see the module's notes).

    ``per="board"``: a game per board of each section with a ``ScoreTable``; ``per="table"``:
    a game per table with ``Score``, ``ScoreMP``, ``ScorePercentage`` (or ``ScoreIMP``).

    >>> from bridgescore.session import Section
    >>> s = Session((Section(results=[BoardResult(1, 1, 1, Result.parse("3NTN=")),
    ...                               BoardResult(1, 2, 2, Result.parse("4SE-1"))]),))
    >>> lines = write(s).splitlines()  # the ScoreTable's rows follow its tag
    >>> print(*lines[lines.index('[Section "A"]') + 2 :][:2], sep="\\n")
    1 1 3NT N 9 400 - 2 0 100.00   0.00
    2 2 4S  E 9  50 - 0 2   0.00 100.00

    :raises PbnError: for a section without boards, or a kept tag whose name the mapping
        writes itself (``Board``, ``Scoring`` ...).
    """
    return write_games(_games(session, per), eol=eol)


def _games(session: Session, per: Literal["board", "table"]) -> list[Game]:
    if per not in ("board", "table"):
        raise PbnError(f"unknown layout per={per!r}; expected 'board' or 'table'")
    for name in session.tags:
        if name in _RESERVED:
            raise PbnError(f"the session keeps a tag {name!r}, which PBN export writes itself")
    games = []
    scoring = scoring_tag(session)
    for section in session.sections:
        if not section.boards:
            raise PbnError(f"section {section.name} has no boards: PBN has no game to hold it")
        scored = score_section(section, session)
        totals = _total_table(scored)
        for i, board in enumerate(section.boards):
            lines = scored.travellers.get(board.number, [])
            common = _board_tags(session, section, board, scoring)
            extra = [totals] if i == 0 else []
            if per == "board":
                table = [_score_table(scored, board.number)] if lines else []
                games.append(_game(common, {}, [*table, *extra]))
                continue
            for j in range(max(len(lines), 1)):
                own = _table_tags(scored, board.number, j) if lines else {}
                games.append(_game(common, own, extra if j == 0 else []))
    return games


def _board_tags(
    session: Session, section: Section, board: Board, scoring: str
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """A board's tags as name -> (value, section data lines), before the game's own."""
    tags: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, value in (*session.tags.items(), *board.tags):
        if name in _RESERVED:
            raise PbnError(f"board {board.number} of section {section.name} keeps a tag "
                           f"{name!r}, which PBN export writes itself")  # fmt: skip
        text, *lines = value.split("\n")
        if name == "Note" and name in tags:
            name = f"Note\0{len(tags):04d}"  # several notes outside an auction or play
        tags[name] = (text, tuple(lines))
    tags.update({
        "Event": (session.event or "?", ()),
        "Date": (session.date or "?", ()),
        "Board": (str(board.number), ()),
        "Dealer": (board.dealer.value, ()),
        "Vulnerable": (board.vulnerability.value, ()),
        "Scoring": (scoring, ()),
        "Section": (section.name, ()),
        "Movement": (section.movement.title(), ()),
    })  # fmt: skip
    return tags


def _game(
    common: dict[str, tuple[str, tuple[str, ...]]],
    own: dict[str, str],
    tables: list[Tag],
) -> Game:
    """A game in export order: the mandatory tags, the others by name, then the sections."""
    per_table = bool(own)
    values = dict(common)
    values.update((k, (v, ())) for k, v in own.items())
    unknown = "?" if per_table else ""
    for name in MANDATORY_TAGS:
        default = unknown if name in ("West", "North", "East", "South") else "?"
        if name in ("Declarer", "Contract", "Result"):
            default = ""
        values.setdefault(name, (default, ()))
    head = [_tag(name, *values.pop(name)) for name in MANDATORY_TAGS]
    plays = [_tag(name, *values.pop(name)) for name in ("Auction", "Play") if name in values]
    plain = sorted((n, v) for n, v in values.items() if not v[1])
    sections = sorted((n, v) for n, v in values.items() if v[1])
    tags = [*head, *(_tag(n, *v) for n, v in plain), *plays]
    rest = sorted([*(_tag(n, *v) for n, v in sections), *tables], key=lambda t: t.name)
    return Game((*tags, *rest))


def _tag(name: str, value: str, lines: tuple[str, ...]) -> Tag:
    return Tag(name.split("\0")[0], value, tuple(_tokens(line) for line in lines))


def _tokens(line: str) -> tuple[str, ...]:
    return tuple(re.findall(r'(?:"(?:[^"\\]|\\.)*"|[^ \t"])+', line))


def _num(x: float) -> str:
    """A matchpoint or IMP figure: a whole number bare, else to at most two decimals."""
    r = round(x, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def _traveller_values(scored: SectionScores, board: int, line_index: int) -> dict[str, str]:
    """One traveller line as ScoreTable elements."""
    line = scored.travellers[board][line_index]
    r = line.result
    out = {"PairId_NS": str(r.ns), "PairId_EW": str(r.ew)}
    out["Round"] = "?" if r.round is None else str(r.round)
    caret = ""
    if r.adjusted is not None:
        caret = "^"
        out.update(Contract="-", Declarer="-", Result="-",
                   Score_NS=f"^{r.adjusted.ns}", Score_EW=f"^{r.adjusted.ew}")  # fmt: skip
    else:
        assert r.result is not None
        result = r.result
        ns = line.ns_score
        assert isinstance(ns, int)
        out.update(
            Contract=str(result.contract),
            Declarer=result.declarer.value if result.declarer else "-",
            Result="-" if result.is_pass_out else str(result.tricks),
            Score_NS=str(ns) if ns >= 0 else "-",
            Score_EW=str(-ns) if ns < 0 else "-",
        )
    top = scored.tops[board]
    if scored.method == "mp":
        out["MP_NS"], out["MP_EW"] = (caret + _num(p) for p in (line.ns_points, line.ew_points))
        out["Percentage_NS"], out["Percentage_EW"] = (
            f"{caret}{100 * p / top if top else 50:.2f}" for p in (line.ns_points, line.ew_points)
        )
    else:
        out["IMP_NS"], out["IMP_EW"] = (caret + _num(p) for p in (line.ns_points, line.ew_points))
    section = scored.section
    mitchell = section.movement == "mitchell"
    out["Names_NS"] = section.pair(r.ns, Side.NS if mitchell else None).names or "?"
    out["Names_EW"] = section.pair(r.ew, Side.EW if mitchell else None).names or "?"
    return out


def _score_table(scored: SectionScores, board: int) -> Tag:
    names = ["PairId_NS", "PairId_EW"]
    lines = scored.travellers[board]
    if any(line.result.round is not None for line in lines):
        names.append("Round")
    names += ["Contract", "Declarer", "Result", "Score_NS", "Score_EW"]
    if scored.method == "mp":
        names += ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"]
    else:
        names += ["IMP_NS", "IMP_EW"]
    if any(p.names for p in scored.section.pairs):
        names += ["Names_NS", "Names_EW"]
    values = [_traveller_values(scored, board, i) for i in range(len(lines))]
    return _aligned("ScoreTable", names, [[v[n] for n in names] for v in values])


_LEFT: Final = frozenset({"Contract", "Names_NS", "Names_EW", "Names", "Direction"})


def _aligned(name: str, columns: list[str], rows: list[list[str]], order: str = "") -> Tag:
    """A table tag whose column widths fit its elements; names last, without a width."""
    specs = []
    for i, column in enumerate(columns):
        width = max((len(_element(row[i])) for row in rows), default=1)
        if column.startswith("Names"):
            specs.append(Column(column))
        else:
            align: Literal["L", "R"] = "L" if column in _LEFT else "R"
            specs.append(Column(column, width, align, "-" if column == order else None))
    return Table(tuple(specs), tuple(tuple(row) for row in rows)).tag(name)


def _total_table(scored: SectionScores) -> Tag:
    mitchell = scored.section.movement == "mitchell"
    mp = scored.method == "mp"
    names = ["Rank", *(["Direction"] if mitchell else []), "PairId"]
    names += ["TotalMP", "TotalPercentage"] if mp else ["TotalIMP"]
    names += ["NrBoards"]
    if any(p.names for p in scored.section.pairs):
        names.append("Names")
    rows = []
    for side, ranking in scored.rankings.items():
        for row in ranking:
            value = {
                "Rank": row.rank,
                "Direction": side.value if side else "",
                "PairId": str(row.pair.number),
                "TotalMP": _num(row.total),
                "TotalIMP": _num(row.total),
                "TotalPercentage": "-" if row.percent is None else f"{row.percent:.2f}",
                "NrBoards": str(row.boards),
                "Names": row.pair.names or "?",
            }
            rows.append([value[n] for n in names])
    return _aligned("TotalScoreTable", names, rows, order="" if mitchell else "Rank")


def _table_tags(scored: SectionScores, board: int, index: int) -> dict[str, str]:
    """A game per table's own tags: the result, its scores and the pairs (§4.2, §4.3.2)."""
    lines = scored.travellers[board]
    v = _traveller_values(scored, board, index)
    r = lines[index].result
    out = {"PairNS": v["PairId_NS"], "PairEW": v["PairId_EW"]}
    if r.round is not None:
        out["Round"] = str(r.round)
    if r.adjusted is not None:
        out.update(Declarer="", Contract="", Result="",
                   Score=f"NS ^{r.adjusted.ns} EW ^{r.adjusted.ew}")  # fmt: skip
    else:
        assert r.result is not None
        ns = lines[index].ns_score
        out.update(
            Declarer=v["Declarer"] if r.result.declarer else "",
            Contract=v["Contract"],
            Result="" if r.result.is_pass_out else v["Result"],
            Score=f"NS {ns}",
        )
    balanced = r.adjusted is None or r.adjusted.ns == {"A+": "A-", "A": "A", "A-": "A+"}[
        r.adjusted.ew]  # fmt: skip
    line_ = lines[index]
    if scored.method == "mp":
        out["ScoreMP"] = _both(_num(line_.ns_points), _num(line_.ew_points), balanced)
        out["ScorePercentage"] = _both(v["Percentage_NS"].lstrip("^"),
                                       v["Percentage_EW"].lstrip("^"), balanced)  # fmt: skip
    else:
        out["ScoreIMP"] = _both(_num(line_.ns_points), _num(line_.ew_points),
                                line_.ns_points == -line_.ew_points)  # fmt: skip
    return out


def _both(ns: str, ew: str, balanced: bool) -> str:
    """``NS x`` when EW's follows from NS's, else ``NS x EW y`` (artificial scores)."""
    return f"NS {ns}" if balanced else f"NS {ns} EW {ew}"


# --------------------------------------------------------------------------------------------
# Team matches


def read_match(text: str, *, source: str = "<text>") -> TeamMatch:
    """Read a two-room team match: a game per board and room (``Room "Open"``/``"Closed"``,
    §4.1.7), with ``HomeTeam`` and ``VisitTeam`` (§4.4.3, §4.4.8). The home team sits NS in
    the open room.

    >>> m = read_match('[Board "1"][Room "Open"][Contract "4S"][Declarer "N"][Result "10"]\\n'
    ...                '\\n[Board "1"][Room "Closed"][Contract "Pass"][Declarer ""][Result ""]')
    >>> [b.imps for b in m.boards], m.home
    ([9], 'Home')

    :raises PbnError: for malformed text, a board without both rooms, a room twice, or a
        ``Score`` that is not the contract's.
    """
    where = _Where(source)
    games = read_games(text, source=source)
    teams: dict[str, str] = {}
    rooms: dict[int, dict[str, tuple[Result | Adjusted, int]]] = defaultdict(dict)
    boards: dict[int, Board] = {}
    reader = _SessionReader(games, where)
    scoring = reader.scoring()
    for game in games:
        for name in ("HomeTeam", "VisitTeam"):
            tag = game.tag(name)
            if (tag is not None and not _absent(tag.value)
                    and teams.setdefault(name, tag.value) != tag.value):  # fmt: skip
                where.fail(f"{name} {tag.value!r} differs from {teams[name]!r}: one match a "
                           "file", tag.line)  # fmt: skip
        board_tag = game.tag("Board")
        if board_tag is None:
            where.fail("a game without a Board tag", game.line)
        number = _int(board_tag.value, "board number", where, board_tag.line, least=1)
        board = reader.board(game, number)
        boards.setdefault(number, board)
        room_tag = game.tag("Room")
        room = (room_tag.value if room_tag else "").strip().lower()
        if room not in ("open", "closed"):
            where.fail(f"board {number}: expected a Room tag, Open or Closed, got "
                       f"{room_tag.value if room_tag else None!r}", game.line)  # fmt: skip
        if room in rooms[number]:
            where.fail(f"board {number} has two {room} room results (the other at line "
                       f"{rooms[number][room][1]})", game.line)  # fmt: skip
        draft = _SectionDraft("match", game.line)
        reader.single(draft, board, game, scoring)
        if not draft.rows:
            where.fail(f"board {number}, {room} room: no result (Contract, Declarer, Result)",
                       game.line)  # fmt: skip
        row = draft.rows[0]
        if row.score is not None:
            where.fail(f"board {number}, {room} room: Score is not the score of {row.value}; "
                       "a team match is scored from the contracts", row.line)  # fmt: skip
        rooms[number][room] = (row.value, row.line)
    out = []
    for number, board in sorted(boards.items()):
        found = rooms[number]
        for room in ("open", "closed"):
            if room not in found:
                other = next(iter(found.values()))[1]
                where.fail(f"board {number} has no {room} room result", other)
        out.append(MatchBoard(board, found["open"][0], found["closed"][0]))
    return TeamMatch(teams.get("HomeTeam", "Home"), teams.get("VisitTeam", "Visitors"), out)
