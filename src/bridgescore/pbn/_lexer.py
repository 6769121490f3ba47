"""Reading a file into games (§2-3): tags, section data and comments; inherited values."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Final, NoReturn

from bridgescore.errors import PbnError
from bridgescore.pbn._games import (
    KNOWN,
    NAME,
    STRING,
    Game,
    Tag,
    escape,
    plain_game,
    plain_tag,
    unescape,
)
from bridgescore.pbn._location import Location, quote

__all__ = ["read_games"]

_NO_INHERIT: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags whose value cannot be ``#`` or ``##`` (§4.8)."""

_WORD: Final = re.compile(r'[^ \t\f\v\n\[\]{};"]+')
_SPACE: Final = " \t\f\v"
_PLAIN: Final = re.compile(r'[^\[\]{};"\n]*')
"""A run of text with words and blanks only (a table's row, most often)."""
_BLANKS: Final = re.compile(r"[ \t\f\v]+")
_ONE_LINE_TAG: Final = re.compile(
    r'\[[ \t\f\v]*([A-Za-z0-9_]+)[ \t\f\v]*"((?:[^"\\\n]|\\[^\n])*)"[ \t\f\v]*\]', re.ASCII
)
"""A tag on one line, as nearly every file writes it: read by one match (:meth:`_Lexer.tag`
reads the others, and names what is wrong)."""
_LINE: Final = re.compile(
    r'^(?:[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"[ \t]*\][ \t]*'
    r'|(?!%)[ \t]*([^ \t\f\v\n\[\]{};"][^\[\]{};"\n]*))(?:\n|\Z)',
    re.MULTILINE,
)
"""A line of a game as most files write it: one tag alone (name, value), or section data of
words and blanks only (a table's row): what :meth:`_Lexer.plain_game` reads. The value is
:data:`~bridgescore.pbn._games.STRING`'s body, its loop unrolled (runs of plain characters,
each escape between them: a fifth faster)."""
_TAG_START: Final = re.compile(r"[ \t]*\[")
_GAME_END: Final = re.compile(r"\n[ \t\f\v]*(?:\n|\Z)")
"""The end of a game's last line: an empty line (or one of blanks) follows, or the text ends."""
_NAME_OF: Final = attrgetter("name")
_SPLIT_BLANKS: Final = re.compile("[\x1c-\x1f\r]")
"""The ASCII characters :meth:`str.split` takes for blanks and :data:`_WORD` does not."""


def read_games(text: str, *, source: str = "<text>", fast: bool = True) -> list[Game]:
    """Read the games of a PBN file (§3): tags, section data and comments.

    Values are unescaped (``\\"`` and ``\\\\``; a backslash before anything else is kept, as
    in the column specs ``PairId_NS\\2R`` real files write). A tag that repeats in a game is
    dropped (§3.4, except ``Note``), and ``#`` and ``##`` values are replaced by the values
    they inherit (§4.8). A second ``Board`` tag starts a new game, as programs that write no
    empty line between games mean it: the new game takes the tags just before it that the game
    had before its own Board (``Event``, ``Date`` ...).

    >>> [g.get("Board") for g in read_games('% PBN 2.1\\n[Board "1"]\\n\\n[Board "2"] ; end')]
    ['1', '2']
    >>> [(g.get("Event"), g.get("Board")) for g in read_games(
    ...     '[Event "Club"]\\n[Board "1"]\\n[Event "Club"]\\n[Board "2"]')]
    [('Club', '1'), ('Club', '2')]

    A game written plainly (a tag a line, rows of words, no comment, one Board) is read at
    once (:meth:`_Lexer.plain_game`); ``fast=False`` reads every game character by character
    (the tests compare the two).

    :raises PbnError: for an unterminated tag, value or comment, text out of place, or games
        without empty lines between them whose split at their Board tags leaves a game with
        a tag twice (naming its line).
    """
    lexer = _Lexer(text, source, fast=fast)
    games = lexer.games()
    return _inherit(games, Location(source), inheriting='"#' in lexer.text)


class _Lexer:
    """Splits a file into games of tags, section data and comments (§2-3)."""

    def __init__(self, text: str, source: str, *, fast: bool = True) -> None:
        self.fast = fast
        if not isinstance(text, str):
            raise PbnError(f"PBN text must be a str, got {type(text).__name__}", source=source)
        self.text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.source = source
        self.games_: list[Game] = []
        self.tags: list[_OpenTag] = []
        self.comments: list[str] = []
        self.first_line = 0
        self.split_from = 0
        self.unescaped: dict[str, str] = {}
        """Values with a backslash or a tab, unescaped (a file repeats its ScoreTable's spec)."""
        """The line of the Board tag that started the open game, if a split started it."""

    def refuse(
        self, code: str, line: int, at: int, *, field: str | None = None, **params: object
    ) -> NoReturn:
        """Refuse ``line`` for the reason ``code`` names, quoting (``{quoted}``) the text from
        ``at`` to the end of its line."""
        end = self.text.find("\n", at)
        text = self.text[at : None if end < 0 else end]
        Location(self.source, line).refuse(
            code, field=field, value=text, quoted=quote(text), **params
        )

    def games(self) -> list[Game]:
        text, n = self.text, len(self.text)
        pos, line = 0, 1
        line_start, content = True, False
        while pos < n:
            if line_start and self.fast and not self.tags and not self.comments:
                read = self.plain_game(pos, line)
                if read is not None:  # a whole game read; the empty line after it is next
                    pos, line = read
                    continue
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
            elif ch in _SPACE:
                pos = _BLANKS.match(text, pos).end()  # type: ignore[union-attr]
            else:
                content = True
                plain = _PLAIN.match(text, pos).end()  # type: ignore[union-attr]
                if plain > pos and (plain == n or text[plain] == "\n"):
                    self.elements(_WORD.findall(text, pos, plain), line, pos)
                    pos = plain  # a line of words (a table's row): read at once
                else:
                    pos, line = self.token(ch, pos, line)
        self.end_game()
        return self.games_

    def plain_game(self, pos: int, line: int) -> tuple[int, int] | None:
        """Read a game written plainly from ``pos`` (a line's start, on ``line``), as
        :meth:`games` would read it: where the game's last line ends (position, line); None,
        having read nothing, for a game that is not plain (a comment, two tags on a line, an
        escape line, a second Board, a game not ended by an empty line)."""
        text = self.text
        if _TAG_START.match(text, pos) is None:
            return None  # not a tag first (an empty line between games, most often)
        blank = _GAME_END.search(text, pos)
        end = len(text) if blank is None else blank.start() + 1
        found = _LINE.findall(text, pos, end)
        if len(found) != text.count("\n", pos, end) + (text[end - 1] != "\n"):
            return None  # a line of another shape: the loop reads the game
        tags: list[Tag] = []
        data: list[tuple[str, ...]] = []
        data_lines: list[int] = []
        at, board = line, False
        # str.split splits where a word ends, but for these, which it also takes for blanks
        split = _SPLIT_BLANKS.search(text, pos, end) is None
        for name, value, row in found:
            if not name:  # a row of words after the last tag
                if not tags:
                    return None  # text before the first tag: the loop says so
                data.append(tuple(row.split() if split and row.isascii() else _WORD.findall(row)))
                data_lines.append(at)
            else:
                if data:
                    tags[-1] = _with_data(tags[-1], data, data_lines)
                    data, data_lines = [], []
                if len(name) == 5 and (name == "Board" or name.lower() == "board"):
                    if board:
                        return None  # games not apart: split by :meth:`add_tag`
                    board = True
                if "\\" in value or "\t" in value:
                    value = self.unescape(value)
                tags.append(plain_tag(name, value, at))
            at += 1
        if data:
            tags[-1] = _with_data(tags[-1], data, data_lines)
        self.games_.append(plain_game(tuple(tags), line))
        return end, at if text[end - 1] == "\n" else at - 1

    def unescape(self, value: str) -> str:
        """:func:`~bridgescore.boards.tags.unescape`, once a value."""
        known = self.unescaped.get(value)
        if known is None:
            if len(self.unescaped) >= 4096:
                self.unescaped.clear()  # bounded: distinct junk cannot grow it
            known = self.unescaped[value] = unescape(value)
        return known

    def token(self, ch: str, pos: int, line: int) -> tuple[int, int]:
        """Read the comment, tag or element at ``pos``; where it ends (position, line)."""
        text = self.text
        if ch == "{":
            end = text.find("}", pos + 1)
            if end < 0:
                self.refuse("pbn_comment_open", line, pos)
            self.comment(text[pos : end + 1])
            return end + 1, line + text.count("\n", pos, end)
        if ch == ";":
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            self.comment(text[pos:end].rstrip())
            return end, line
        if ch == "[":
            return self.tag(pos, line)
        if ch in "]}":
            self.refuse("pbn_outside_tag", line, pos, char=ch)
        if ch == '"':
            m = STRING.match(text, pos)
            if m is None:
                self.refuse("pbn_string_open", line, pos)
            self.element(f'"{escape(unescape(m[1]))}"', line, pos)
            return m.end(), line
        m = _WORD.match(text, pos)
        assert m is not None  # ch is none of the characters a word excludes
        self.element(m[0], line, pos)
        return m.end(), line

    def skip(self, pos: int, line: int) -> tuple[int, int]:
        text = self.text
        if pos < len(text) and text[pos] not in " \t\f\v\n":
            return pos, line  # nothing to skip (a tag written [Name "value"])
        while pos < len(text) and text[pos] in " \t\f\v\n":
            line += text[pos] == "\n"
            pos += 1
        return pos, line

    def tag(self, start: int, line: int) -> tuple[int, int]:
        text = self.text
        m = _ONE_LINE_TAG.match(text, start)
        if m is not None:
            return self.add_tag(m[1], m[2], line, m.end())
        first = line
        pos, line = self.skip(start + 1, line)
        m = NAME.match(text, pos)
        if m is None:
            self.refuse("pbn_tag_name", first, start)
        name = m[0]
        pos, line = self.skip(m.end(), line)
        if not text.startswith('"', pos):
            self.refuse("pbn_tag_no_value", first, start, field=name, name=name)
        value = STRING.match(text, pos)
        if value is None:
            self.refuse("pbn_tag_value_open", line, start if line == first else pos, field=name)
        pos, line = self.skip(value.end(), line)
        if not text.startswith("]", pos):
            self.refuse("pbn_tag_open", line, start, field=name, name=name)
        self.add_tag(name, value[1], first, pos + 1)
        return pos + 1, line

    def add_tag(self, name: str, body: str, line: int, end: int) -> tuple[int, int]:
        """A tag read, on ``line`` (its value's text as written between the quotes); a
        second Board starts a new game. Where the tag ends: ``end``, on ``line``."""
        if name.lower() == "board" and any(t.name.lower() == "board" for t in self.tags):
            self.split(line)
        self.tags.append(_OpenTag(name, unescape(body), line))
        if not self.first_line:
            self.first_line = line
        return end, line

    def element(self, token: str, line: int, at: int) -> None:
        if not self.tags:
            self.refuse("pbn_text_before_tag", line, at)
        tag = self.tags[-1]
        if tag.data_lines and tag.data_lines[-1] == line:
            tag.data[-1].append(token)
        else:
            tag.data.append([token])
            tag.data_lines.append(line)

    def elements(self, tokens: list[str], line: int, at: int) -> None:
        """The words of one line, as :meth:`element` reads them one by one."""
        if not self.tags:
            self.refuse("pbn_text_before_tag", line, at)
        tag = self.tags[-1]
        if tag.data_lines and tag.data_lines[-1] == line:
            tag.data[-1].extend(tokens)
        else:
            tag.data.append(tokens)
            tag.data_lines.append(line)

    def comment(self, text: str) -> None:
        (self.tags[-1].comments if self.tags else self.comments).append(text)

    def split(self, line: int) -> None:
        """A second Board tag (on ``line``) in a game: the games are not separated by empty
        lines, and a new one starts. It takes the tags just before it that the game wrote
        before its own Board (``Event``, ``Site``, ``Date`` ...), each once."""
        tags = self.tags
        board = next(i for i, t in enumerate(tags) if t.name.lower() == "board")
        before = {t.name.lower() for t in tags[:board]}
        start, taken = len(tags), set()
        while start > board + 1:
            tag = tags[start - 1]
            name = tag.name.lower()
            if name not in before or name in taken or tag.data:
                break
            taken.add(name)
            start -= 1
        self.tags, rest = tags[:start], tags[start:]
        self.check_split(line)
        self.split_from = 0
        self.end_game()
        self.tags, self.split_from = rest, line
        self.first_line = rest[0].line if rest else 0

    def check_split(self, board_line: int) -> None:
        """A game cut out at a Board tag may not repeat a tag (but ``Note``): where it does,
        the file cannot be split into its games."""
        seen: dict[str, int] = {}
        for tag in self.tags:
            name = tag.name.lower()
            if name in seen and name != "note":
                Location(self.source, tag.line).fail(
                    f"games without an empty line between them are split at each Board tag "
                    f"(here line {board_line}), but the game from line {self.first_line} has "
                    f"two {tag.name} tags (lines {seen[name]} and {tag.line}): where it ends is "
                    "unclear; put an empty line between games (§3)", field=tag.name,
                    value=tag.value)  # fmt: skip
            seen[name] = tag.line

    def end_game(self) -> None:
        if self.split_from and self.tags:
            self.check_split(self.split_from)
        self.split_from = 0
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
        if not self.data and not self.comments:  # most tags: a name and a value
            return plain_tag(self.name, self.value, self.line)
        return Tag(self.name, self.value, tuple(tuple(d) for d in self.data),
                   tuple(self.comments), self.line, tuple(self.data_lines))  # fmt: skip


def _with_data(tag: Tag, data: list[tuple[str, ...]], lines: list[int]) -> Tag:
    """A tag read by :meth:`_Lexer.plain_game`, with the rows after it."""
    return Tag(tag.name, tag.value, tuple(data), (), tag.line, tuple(lines))


def _inherit(games: list[Game], at: Location, *, inheriting: bool = True) -> list[Game]:
    """Canonical tag names, repeated tags dropped (§3.4), ``#`` and ``##`` resolved (§4.8).

    A ``##`` value holds for the games after it until a game gives the tag another value,
    which then holds in its place. In a file with no value that starts with ``#`` (not
    ``inheriting``), a game whose tag names are canonical and each once is kept as read,
    known by its names (a file's games repeat a few).
    """
    shapes: dict[tuple[str, ...], bool] = {}
    """Whether a game of these tag names is kept as read (where not ``inheriting``)."""
    last: dict[str, str] = {}
    sticky: dict[str, str] = {}
    names: dict[str, str] = {}
    """Each name as written, and as it is known (a file writes a few names many times)."""
    out = []
    for game in games:
        if not inheriting:
            shape = tuple(map(_NAME_OF, game.tags))
            plain = shapes.get(shape)
            if plain is None:
                if len(shapes) >= 4096:
                    shapes.clear()  # bounded: games of distinct junk names cannot grow it
                plain = shapes[shape] = len(set(shape)) == len(shape) and all(
                    KNOWN.get(name.lower(), name) == name for name in shape)  # fmt: skip
            if plain:
                out.append(game)
                continue
        seen: set[str] = set()
        tags = []
        changed = False
        for tag in game.tags:
            name = names.get(tag.name)
            if name is None:
                name = KNOWN.get(tag.name.lower(), tag.name)
                if len(names) < 4096:  # bounded: a file of distinct junk names cannot grow it
                    names[tag.name] = name
            if name in seen and name != "Note":
                changed = True
                continue
            seen.add(name)
            value = tag.value
            if value[:1] == "#" or name in sticky:
                value = _inherited(tag, name, last, sticky, at)
            last[name] = value
            if name != tag.name or value != tag.value:  # most tags are as written
                tag = replace(tag, name=name, value=value)
                changed = True
            tags.append(tag)
        for name, value in sticky.items():
            if name not in seen:
                tags.append(Tag(name, value, line=game.line))
                last[name] = value
                changed = True
        out.append(Game(tuple(tags), game.comments, game.line) if changed else game)
    return out


def _inherited(
    tag: Tag, name: str, last: dict[str, str], sticky: dict[str, str], at: Location
) -> str:
    """A tag's value with ``#`` or ``##`` resolved; ``sticky`` follows the ``##`` values."""
    value = tag.value
    if not value.startswith("#"):
        if name in sticky:
            sticky[name] = value
        return value
    if name in _NO_INHERIT:
        at.at(tag.line).refuse("pbn_tag_inherit", field=name, value=value, name=name,
                               quoted=quote(value))  # fmt: skip
    if value.startswith("##"):
        sticky[name] = value[2:]
        return value[2:]
    return last.get(name, "")
