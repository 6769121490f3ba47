"""LIN boards as PBN games (with ``Auction`` and ``Play`` sections), as a pairs
:class:`~bridgescore.duplicate.session.Session` and as a
:class:`~bridgescore.events.match.TeamMatch`; and PBN games as LIN boards."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.boards.play import Play
from bridgescore.duplicate.session import Session
from bridgescore.errors import BridgeError, LinError, PbnError
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.lin._reader import LinBoard, LinFile, Room, read_lin
from bridgescore.model import PASS_OUT, Result, Seat, Side, Vulnerability, parse_contract
from bridgescore.pbn import (
    MANDATORY_TAGS,
    Game,
    Tag,
    auction_of,
    escape,
    play_of,
    read,
    read_games,
    section_tags,
    write_games,
)

__all__ = [
    "board_to_lin",
    "boards_from_games",
    "lin_to_pbn",
    "pbn_to_lin_boards",
    "read_lin_deals",
    "read_lin_match",
    "read_lin_session",
    "tagged_board",
    "to_games",
]

_PBN_VUL = {
    Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}  # fmt: skip


def _text(data: bytes | str) -> str:
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode("latin-1")
    return data


def read_lin_deals(data: bytes | str, *, source: str = "<text>") -> list[LinBoard]:
    """The boards of a LIN file (bytes: UTF-8, else ISO 8859-1), for the ``deals`` formats.

    >>> [b.number for b in read_lin_deals(b"md|1SAKQJHAKQDAKQCAKQ,,,|")]
    [1]

    :raises LinError: as :func:`~bridgescore.lin.read_lin`.
    """
    return list(read_lin(_text(data), source=source).boards)


def to_games(lin: LinFile, *, date: str = "") -> list[Game]:
    """A PBN game for each board of a LIN file: the mandatory tags (§3.4), the room and the
    teams of a vugraph, then its auction and play with their notes. A board without a result
    has ``"?"`` for its contract (§3.4: unknown).

    The game's line is the board's place in the file (1 for the first), so that an error
    about it can name it.
    """
    games = []
    for i, b in enumerate(lin.boards, 1):
        values = dict.fromkeys(MANDATORY_TAGS, "?")
        values.update(Event=lin.event or "?", Date=date or "?", Board=str(b.number),
                      Dealer=b.dealer.value, Vulnerable=_PBN_VUL[b.vulnerability],
                      Deal="" if b.deal is None else b.deal.notation(b.dealer))  # fmt: skip
        if not values["Deal"]:
            del values["Deal"]
        for seat, name in zip(Seat, b.players, strict=True):
            values[{"N": "North", "E": "East", "S": "South", "W": "West"}[seat.value]] = name or "?"
        values["Site"] = "?"
        result = b.result
        if result is not None:
            values.update(_result_tags(result))
        if lin.is_vugraph:
            values["Scoring"] = "IMP"
        tags = [Tag(name, values[name], line=i) for name in MANDATORY_TAGS if name in values]
        if b.room is not None:
            home, away = lin.teams
            tags += [Tag("HomeTeam", home, line=i)] if home else []
            tags.append(Tag("Room", b.room.capitalize(), line=i))
            tags += [Tag("VisitTeam", away, line=i)] if away else []
        tags += [Tag(t.name, t.value, t.data, line=i) for t in section_tags(b.auction, b.play)]
        games.append(Game(tuple(tags), line=i))
    return games


def _result_tags(result: Result) -> dict[str, str]:
    if result.contract is PASS_OUT:
        return {"Contract": "Pass", "Declarer": "", "Result": ""}
    assert result.declarer is not None
    return {"Contract": str(result.contract), "Declarer": result.declarer.value,
            "Result": str(result.tricks)}  # fmt: skip


def lin_to_pbn(data: bytes | str, *, source: str = "<text>") -> str:
    """A LIN file as PBN: a game per board, with its auction and play.

    >>> print(lin_to_pbn("pn|s,w,n,e|md|3,,SAKQJHAKQDAKQCAKQ,|mb|1C!|an|strong|mb|p|mb|p|"
    ...                  "mb|p|pc|D2|mc|13|").replace("\\r", ""))  # doctest: +ELLIPSIS
    % PBN 2.1
    % EXPORT
    [Event "?"]
    ...
    [Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]
    [Scoring "?"]
    [Declarer "N"]
    [Contract "1C"]
    [Result "13"]
    [Auction "N"]
    1C =1= Pass Pass Pass
    [Note "1:strong"]
    [Play "E"]
    D2
    *
    <BLANKLINE>

    :raises LinError: as :func:`~bridgescore.lin.read_lin`.
    """
    return write_games(to_games(read_lin(_text(data), source=source)))


def read_lin_session(
    files: str | bytes | Sequence[str | bytes], *, source: str = "<text>"
) -> Session:
    """A pairs session from a BBO tournament's LIN: one file, or several (often a file a
    table), read as the PBN games of :func:`to_games` are (pairs told apart by their names,
    as :func:`bridgescore.pbn.read` does for a file without pair numbers).

    :raises LinError: for a file that is not LIN, or results that are not a session (a pair
        twice on a board), naming the board.
    """
    texts = [files] if isinstance(files, str | bytes) else list(files)
    games: list[Game] = []
    boards: list[LinBoard] = []
    for k, data in enumerate(texts):
        name = source if len(texts) == 1 else f"{source}[{k}]"
        lin = read_lin(_text(data), source=name)
        for game in to_games(lin):
            boards.append(lin.boards[game.line - 1])
            games.append(_renumber(game, len(games) + 1))
    text = write_games(games)
    starts = [g.line for g in read_games(text)]
    try:
        return read(text, source=source)
    except PbnError as exc:
        board = boards[bisect_right(starts, exc.line) - 1].number if exc.line else None
        raise LinError(exc.reason, board=board, source=source, field=exc.field,
                       value=exc.value) from None  # fmt: skip


def _renumber(game: Game, line: int) -> Game:
    return Game(tuple(Tag(t.name, t.value, t.data, line=line) for t in game.tags), line=line)


def read_lin_match(data: bytes | str, *, source: str = "<text>") -> TeamMatch:
    """A vugraph's team match: each board's open and closed room, scored in IMPs. The home
    team is ``vg|``'s first, sitting NS in the open room.

    :raises LinError: for a board without both rooms or a result, or a room twice.
    """
    lin = read_lin(_text(data), source=source)
    home, away = lin.teams
    rooms: dict[int, dict[Room, LinBoard]] = {}
    for b in lin.boards:
        if b.room is None:
            raise LinError("a board without a room (qx|o1| or qx|c1|): not a vugraph match",
                           board=b.number, source=source, field="qx")  # fmt: skip
        found = rooms.setdefault(b.number, {})
        if b.room in found:
            raise LinError(f"the {b.room} room twice", board=b.number, source=source,
                           field="qx")  # fmt: skip
        found[b.room] = b
    out = []
    for number, found in sorted(rooms.items()):
        results: list[Result] = []
        room: Room
        for room in ("open", "closed"):
            if room not in found:
                raise LinError(f"no {room} room", board=number, source=source, field="qx")
            b = found[room]
            if b.result is None:
                raise LinError(f"the {room} room has no result (no rs|, claim or 13 tricks)",
                               board=number, source=source, field="rs")  # fmt: skip
            results.append(b.result)
        first = found["open"]
        out.append(MatchBoard(Board(number, first.dealer, first.vulnerability), results[0],
                              results[1]))  # fmt: skip
    return TeamMatch(home or "Home", away or "Visitors", out)


def boards_from_games(games: Iterable[Game], *, source: str = "<text>") -> list[LinBoard]:
    """LIN boards from PBN games: deal, dealer, vulnerability, players, auction, play, the
    result (as recorded) and the room.

    :raises PbnError: for a game whose tags cannot be read, naming its line.
    """
    out = []
    for game in games:
        board_tag = game.tag("Board")
        if board_tag is None or not board_tag.value.strip().isdigit():
            continue  # a game without a board: totals, or an unknown board
        board = _board(game, board_tag, source)
        deal_text = game.get("Deal") or ""
        deal = None
        if deal_text.strip():
            try:
                deal = Deal.parse(deal_text)
            except BridgeError as exc:
                tag = game.tag("Deal")
                raise PbnError(str(exc), line=tag.line if tag else None, source=source,
                               field="Deal", value=deal_text) from None  # fmt: skip
        n, e, s, w = (_name(game.get(name)) for name in ("North", "East", "South", "West"))
        recorded = _recorded({t.name: t.value for t in game.tags}, source,
                             game.tag("Contract"))  # fmt: skip
        room_text = (game.get("Room") or "").strip().lower()
        room: Room | None = "open" if room_text == "open" else (
            "closed" if room_text == "closed" else None)  # fmt: skip
        play = play_of(game, source=source)
        out.append(LinBoard(board.number, board.dealer, board.vulnerability, deal,
                            (n, e, s, w), auction_of(game, source=source), play,
                            _claim(play, recorded), recorded, room))  # fmt: skip
    return out


def _name(value: str | None) -> str:
    return "" if value is None or value.strip() in ("", "?") else value


def _board(game: Game, tag: Tag, source: str) -> Board:
    """A game's board: its number, and its dealer and vulnerability (Law 2's if not given)."""
    number = int(tag.value.strip()[:6])
    if number < 1:
        raise PbnError(f"bad Board {tag.value!r}: boards are numbered from 1", line=tag.line,
                       source=source, field="Board", value=tag.value)  # fmt: skip
    law = Board.numbered(number)
    dealer, vulnerability = law.dealer, law.vulnerability
    for name in ("Dealer", "Vulnerable"):
        found = game.tag(name)
        if found is None or found.value.strip() in ("", "?"):
            continue
        try:
            if name == "Dealer":
                dealer = Seat.parse(found.value)
            else:
                vulnerability = Vulnerability.parse(found.value)
        except BridgeError as exc:
            raise PbnError(str(exc), line=found.line, source=source, field=name,
                           value=found.value) from None  # fmt: skip
    return Board(number, dealer, vulnerability)


def _absent(value: str | None) -> bool:
    return value is None or value.strip() in ("", "?", "-")


def _recorded(tags: dict[str, str], source: str = "<text>", at: Tag | None = None) -> Result | None:
    """The result a game's (or a board's) ``Contract``, ``Declarer`` and ``Result`` give; None
    if they give none (unknown, a weighted or artificial score).

    :raises PbnError: for a contract, declarer or result that is not one.
    """
    contract = tags.get("Contract")
    if _absent(contract) or "%" in (contract or ""):
        return None
    assert contract is not None
    try:
        parsed = parse_contract(contract)
        if parsed is PASS_OUT:
            return Result(PASS_OUT, None, 0)
        declarer_text = (tags.get("Declarer") or "").strip().lstrip("^")
        tricks_text = (tags.get("Result") or "").strip().lstrip("^")
        if not declarer_text or _absent(tricks_text):
            return None
        declarer = Seat.parse(declarer_text)
        words = tricks_text.split()
        if len(words) >= 2 and words[0].upper() in ("NS", "EW"):  # NS 9, EW 4 NS 9 (§3.4.15)
            side, count = Side.parse(words[0]), int(words[1])
            tricks = count if side is declarer.side else 13 - count
        else:
            tricks = int(tricks_text)
        return Result(parsed, declarer, tricks)
    except (BridgeError, ValueError) as exc:
        raise PbnError(f"bad result {contract!r} by {tags.get('Declarer')!r}, "
                       f"{tags.get('Result')!r}: {exc}", line=at.line if at else None,
                       source=source, field="Contract", value=contract) from None  # fmt: skip


def pbn_to_lin_boards(text: str, *, source: str = "<text>") -> list[LinBoard]:
    """The boards of PBN text as LIN boards (see :func:`boards_from_games`)."""
    return boards_from_games(read_games(text, source=source), source=source)


def board_to_lin(
    board: Board,
    result: Result | None = None,
    players: tuple[str, str, str, str] | None = None,
    *,
    deal: Deal | None = None,
) -> LinBoard:
    """A board (a session's, or a deal file's) as a LIN board, for
    :func:`~bridgescore.lin.write_lin` or :func:`~bridgescore.lin.handviewer_url`: its number,
    dealer, vulnerability, deal, auction and play; the deal, result and players (North, East,
    South, West) given, else the board's deal and those of its ``Contract``, ``Declarer``,
    ``Result`` and player tags (:attr:`Board.tags <bridgescore.boards.board.Board.tags>`).

    >>> from bridgescore.lin import handviewer_url
    >>> b = Board(5, Seat.NORTH, Vulnerability.NS, (("North", "Nina"),),
    ...           deal=Deal.parse("N:AKQJ.AKQ.AKQ.AKQ - - -"))
    >>> lin = board_to_lin(b)
    >>> lin.players, handviewer_url(lin).endswith("sv%7Cn%7Cpg%7C%7C")
    (('Nina', '', '', ''), True)

    :raises BridgeError: for a result tag that cannot be read.
    """
    tags = dict(board.tags)
    deal = deal or board.deal
    if players is None:
        n, e, s, w = (_name(tags.get(name)) for name in ("North", "East", "South", "West"))
        players = (n, e, s, w)
    if result is None:
        result = _recorded(tags)
    play = board.play
    return LinBoard(board.number, board.dealer, board.vulnerability, deal, players,
                    board.auction, play, _claim(play, result), result, None,
                    f"Board {board.number}")  # fmt: skip


def _claim(play: Play | None, result: Result | None) -> int | None:
    """A play that stops (``*``) before its 13 tricks, with a result: a claim of its tricks."""
    if play is None or play.end != "*" or result is None or result.declarer is None:
        return None
    return result.tricks


_OWN = frozenset({"Board", "Dealer", "Vulnerable", "Deal"})


def tagged_board(board: LinBoard) -> tuple[Board, Deal | None]:
    """A LIN board as a :class:`~bridgescore.boards.board.Board` with its deal, and the auction
    and play as PBN says them (PBN has no alert), whose tags hold what else PBN says of it
    (players, ``Declarer``, ``Contract``, ``Result``, a vugraph's ``Room``); and its deal: what
    :mod:`bridgescore.deals` holds of a board. :func:`board_to_lin` turns it back.

    >>> (b,) = read_lin_deals("pn|s,w,n,e|md|3SAKQJHAKQDAKQCAKQ,,,|mb|7N|mb|p|mb|p|mb|p|mc|13|")
    >>> board, deal = tagged_board(b)
    >>> board.tags[:3], str(board.auction.contract), board.deal == deal
    ((('West', 'w'), ('North', 'n'), ('East', 'e')), '7NT', True)
    >>> again = board_to_lin(board, deal=deal)
    >>> (again.deal, again.players, again.auction, again.result) == (b.deal, b.players,
    ...                                                              b.auction, b.result)
    True
    """
    (game,) = to_games(LinFile((board,)))
    kept: list[tuple[str, list[str]]] = []
    section: list[str] | None = None
    for tag in game.tags:
        if tag.name in _OWN or tag.value == "?":  # ours, or not known
            section = None
        elif tag.name == "Note" and section is not None:
            section.append(f'[Note "{escape(tag.value)}"]')
        else:
            kept.append((tag.name, [tag.value, *(" ".join(t) for t in tag.data)]))
            section = kept[-1][1] if tag.name in ("Auction", "Play") else None
    tags = tuple((name, "\n".join(lines)) for name, lines in kept)
    return Board(board.number, board.dealer, board.vulnerability, tags, deal=board.deal), board.deal
