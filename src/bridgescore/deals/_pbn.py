"""Deals in PBN: a game a board, with its ``Board``, ``Dealer``, ``Vulnerable`` and ``Deal``.

Reading takes every game with a ``Deal`` (games without one, such as a results file's header,
are skipped), through :func:`bridgescore.pbn.read_games` (import format, ``#`` values, any
order of tags). A game without ``Board`` is the board after the one before; without ``Dealer``
or ``Vulnerable``, Law 2's. A board in several games (a file with a game per table) is read
once; with different deals it is refused. The game's other tags are read as a session's
boards read them (:class:`~bridgescore.boards.board.Board`): its ``Auction``, ``Play``,
double-dummy table and par into the board's fields, the rest kept in its
:attr:`~bridgescore.boards.board.Board.tags` in the order read, with their section data;
comments are not kept. The tags as read are kept too (:attr:`DealtBoard.written
<bridgescore.deals.DealtBoard.written>`), so that a board written back unchanged is written as
it was read, byte for byte.

Writing puts ``% PBN 2.1`` first, then for each board its other tags in their order, then
those of its fields (``Auction``, ``Play``, ``DoubleDummyTricks``, ``OptimumResultTable``,
``OptimumScore``, ``ParContract``; or the tags as read, while they say the same), with
``Board`` after those that start it among ``Event``, ``Site`` and ``Date``, and ``Dealer``,
``Vulnerable`` and ``Deal`` (from North) after the players that follow (the export format's
order, §3.4, for the files that follow it, and the order read back for any other); each game
is followed by an empty line; CRLF line ends.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.boards.tags import write_tags
from bridgescore.deals._model import DealtBoard
from bridgescore.errors import BridgeError, DealFileError, PbnError
from bridgescore.model import Seat, Vulnerability
from bridgescore.pbn import TAG_NAME as NAME
from bridgescore.pbn import Game, decode, encode, escape, read_games

__all__ = ["read_pbn", "tags_of", "write_pbn"]

_OWN: Final = frozenset({"Board", "Dealer", "Vulnerable", "Deal"})
_HEAD: Final = ("Event", "Site", "Date")
_PLAYERS: Final = ("West", "North", "East", "South")
_UNKNOWN: Final = frozenset({"", "?", "-"})
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def read_pbn(data: bytes, source: str = "<bytes>") -> tuple[DealtBoard, ...]:
    """Read the deals of a PBN file (see the module's notes).

    >>> read_pbn(b'[Board "3"][Deal "N:AKQJT98765432... - - -"]')[0].board
    Board(number=3, dealer=Seat.SOUTH, vulnerability=Vulnerability.EW)

    :raises DealFileError: naming the line (and board) of the first thing not read.
    """
    try:
        games = read_games(decode(data), source=source)
    except PbnError as exc:
        raise _refiled(exc, exc.reason, source=source, line=exc.line) from None
    out: dict[int, DealtBoard] = {}
    lines: dict[int, int] = {}
    number = 0
    for game in games:
        deal_tag = game.tag("Deal")
        board_tag = game.tag("Board")
        if board_tag is not None and board_tag.value.strip() not in _UNKNOWN:
            number = _number(board_tag.value, source, board_tag.line)
        elif deal_tag is not None:
            number += 1
        if deal_tag is None or deal_tag.value.strip() in _UNKNOWN:
            continue
        try:
            deal = Deal.parse(deal_tag.value)
        except BridgeError as exc:
            exc.field, exc.value = "Deal", deal_tag.value
            raise _refiled(exc, str(exc), source=source, board=number,
                           line=deal_tag.line) from None  # fmt: skip
        if number in out:
            if out[number].deal != deal:
                at = {"source": source, "board": number, "line": deal_tag.line}
                raise DealFileError.coded(
                    "deal_file_board_twice",
                    field="Deal",
                    value=deal_tag.value,
                    at=at,
                    board=number,
                    line=lines[number],
                )
            continue
        kept = _kept(game)
        board = _board(game, number, source, kept, deal)
        out[number], lines[number] = DealtBoard(board, deal, kept), deal_tag.line
    if not out:
        raise DealFileError.coded("deal_file_none", at={"source": source})
    return tuple(out.values())


def _refiled(exc: BridgeError, reason: str, **at: object) -> DealFileError:
    """``exc`` (its ``reason`` without its place, field, value, code and values) at a place of
    a deal file."""
    if exc.code is not None:
        return DealFileError.coded(exc.code, field=exc.field, value=exc.value, at=at, **exc.params)
    return DealFileError(reason, field=exc.field, value=exc.value, **at)  # type: ignore[arg-type]


def _number(text: str, source: str, line: int) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit() and len(t) < 7 and int(t) >= 1):
        raise DealFileError.coded("deals_board", field="Board", value=text[:40],
                                  at={"source": source, "line": line}, text=text[:40])  # fmt: skip
    return int(t)


def _board(
    game: Game, number: int, source: str, kept: tuple[tuple[str, str], ...], deal: Deal
) -> Board:
    law = Board.numbered(number)
    dealer, vulnerability = law.dealer, law.vulnerability
    tag = game.tag("Dealer")
    if tag is not None and tag.value.strip() not in _UNKNOWN:
        try:
            dealer = Seat.parse(tag.value)
        except BridgeError:
            at = {"source": source, "board": number, "line": tag.line}
            raise DealFileError.coded("pbn_dealer", field="Dealer", value=tag.value[:20], at=at,
                                      text=tag.value[:20]) from None  # fmt: skip
    tag = game.tag("Vulnerable")
    if tag is not None and tag.value.strip() not in ("", "?"):
        try:
            vulnerability = Vulnerability.parse(tag.value)
        except BridgeError:
            at = {"source": source, "board": number, "line": tag.line}
            raise DealFileError.coded(
                "deals_vulnerable",
                field="Vulnerable",
                at=at,
                value=tag.value[:20],
                text=tag.value[:20],
            ) from None
    return Board(number, dealer, vulnerability, kept, deal=deal)


def _kept(game: Game) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, list[str]]] = []
    section: list[str] | None = None
    for tag in game.tags:
        if tag.name in _OWN:
            section = None
        elif tag.name == "Note" and section is not None:
            section.append(f'[Note "{escape(tag.value)}"]')
        else:
            out.append((tag.name, [tag.value, *(" ".join(tokens) for tokens in tag.data)]))
            section = out[-1][1] if tag.name in ("Auction", "Play") else None
    return tuple((name, "\n".join(lines)) for name, lines in out)


def write_pbn(boards: Sequence[DealtBoard], target: str = "<bytes>") -> bytes:
    """Write boards as PBN (see the module's notes); the text is ISO 8859-1, or UTF-8 where
    a name needs it.

    >>> b = DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -"))
    >>> write_pbn([b]).decode().splitlines()
    ['% PBN 2.1', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', \
'[Deal "N:AKQJT98765432... - - -"]', '']

    :raises DealFileError: for a kept tag PBN cannot hold (a name that is not a PBN name, a
        control character in a value).
    """
    out = ["% PBN 2.1"]
    for b in boards:
        tags = [t for t in tags_of(b) if t[0] not in _OWN]
        for name, value in tags:
            _check(name, value, target, b.number)
        i = _run(tags, 0, _HEAD)
        j = _run(tags, i, _PLAYERS)
        out += _lines(tags[:i])
        out.append(f'[Board "{b.number}"]')
        out += _lines(tags[i:j])
        out += [f'[Dealer "{b.dealer.value}"]', f'[Vulnerable "{b.vulnerability.value}"]',
                f'[Deal "{b.deal}"]']  # fmt: skip
        out += _lines(tags[j:])
        out.append("")
    return encode("".join(line + "\r\n" for line in out))


def tags_of(b: DealtBoard) -> tuple[tuple[str, str], ...]:
    """The board's tags as a PBN file holds them: as read, while they still say what the board
    says; else its other tags, then its fields' (``Deal`` among them).

    >>> from bridgescore.boards.deal import Deal
    >>> tags_of(DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -")))
    (('Deal', 'N:AKQJT98765432... - - -'),)
    """
    board = b.board
    if b.written and Board(b.number, b.dealer, b.vulnerability, b.written, deal=b.deal) == board:
        return b.written
    return (*board.tags, *write_tags(board.fields))


def _run(tags: list[tuple[str, str]], start: int, names: tuple[str, ...]) -> int:
    """Where the run of tags named in ``names`` from ``start`` ends."""
    end = start
    while end < len(tags) and tags[end][0] in names:
        end += 1
    return end


def _lines(tags: list[tuple[str, str]]) -> list[str]:
    out = []
    for name, value in tags:
        first, *data = value.split("\n")
        out.append(f'[{name} "{escape(first)}"]')
        out += [f" {line}" if line.startswith("%") else line for line in data]
    return out


def _check(name: str, value: str, target: str, number: int) -> None:
    if not NAME.fullmatch(name):
        raise DealFileError.coded("deals_tag_name", field=name, name=name[:40],
                                  at={"source": target, "board": number})  # fmt: skip
    if value.startswith("#"):
        raise DealFileError.coded("deals_tag_inherits", field=name, value=value[:80], name=name,
                                  at={"source": target, "board": number})  # fmt: skip
    if any(not line.strip() for line in value.split("\n")[1:]):
        raise DealFileError.coded("deals_tag_empty_line", field=name, name=name,
                                  at={"source": target, "board": number})  # fmt: skip
    found = _CONTROL.search(value.replace("\n", " "))
    if found:
        raise DealFileError.coded("deals_tag_control", field=name, value=value[:80], name=name,
                                  char=f"U+{ord(found[0]):04X}",
                                  at={"source": target, "board": number})  # fmt: skip
