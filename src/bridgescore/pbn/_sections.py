"""A game's ``Auction`` and ``Play`` sections with their notes (§3.5, §3.6): read into
:class:`~bridgescore.boards.auction.Auction` and :class:`~bridgescore.boards.play.Play`, and written
back.

The notes of a section are the ``Note`` tags right after it (§3.5.5, §3.6.5). Errors name the
file, the line and the tag.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TypeVar

from bridgescore.boards.auction import Auction, SectionError, parse_note
from bridgescore.boards.play import Play
from bridgescore.errors import NotationError
from bridgescore.pbn._games import Game, Tag, unescape
from bridgescore.pbn._location import Location, quote

__all__ = ["auction_of", "kept_sections", "play_of", "section_tags"]

_S = TypeVar("_S", Auction, Play)


def auction_of(game: Game, *, source: str = "<text>") -> Auction | None:
    """The game's auction, or None if it has no Auction tag.

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
    tags = game.tags
    index = next((i for i, t in enumerate(tags) if t.name == name), None)
    if index is None:
        return None
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

    >>> from bridgescore.model import Seat
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
    """The auction and play of a board's kept tags (:attr:`Board.tags
    <bridgescore.duplicate.session.Board.tags>`: a section's lines after its value, its notes as
    ``[Note "..."]`` lines).

    :raises NotationError: if they are not an auction or a play (the reader checked them).
    """
    found: dict[str, Auction | Play] = {}
    for name, value in tags:
        if name not in ("Auction", "Play"):
            continue
        first, *lines = value.split("\n")
        notes, data = [], []
        for line in lines:
            if line.startswith('[Note "') and line.endswith('"]'):
                notes.append(parse_note(unescape(line[7:-2])))
            else:
                data.append(line)
        reader = Auction.read if name == "Auction" else Play.read
        found[name] = reader(first, "\n".join(data), tuple(notes))
    auction, play = found.get("Auction"), found.get("Play")
    assert auction is None or isinstance(auction, Auction)
    assert play is None or isinstance(play, Play)
    return auction, play
