"""Writing LIN: a tournament's boards (a ``pn|`` ... ``pg||`` line each) or a vugraph's
(``vg|``, ``rs|``, eight players, ``qx|o1|``/``qx|c1|``), and BBO handviewer links."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final
from urllib.parse import quote

from bridgescore.boards.auction import Call
from bridgescore.boards.deal import Deal, Hand
from bridgescore.errors import LinError
from bridgescore.lin._reader import LIN_SEATS, LinBoard
from bridgescore.model import PASS_OUT, Contract, Result, Seat, Vulnerability

__all__ = ["HANDVIEWER", "handviewer_url", "write_board", "write_lin"]

HANDVIEWER: Final = "https://www.bridgebase.com/tools/handviewer.html?lin="
"""BBO's hand viewer; a LIN board follows the ``=``, URL-encoded."""
_SV: Final = {
    Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}  # fmt: skip
_CALLS: Final = {"Pass": "p", "X": "d", "XX": "r"}
_BAR: Final = re.compile(r"[|\x00-\x1f\x7f]")


def _text(value: str, what: str, board: int) -> str:
    """A value as LIN can hold it: no ``|`` (it ends a value) and no line breaks."""
    if _BAR.search(value):
        raise LinError(f"{what} {value!r} holds a '|' or a control character, which LIN cannot "
                       "hold", board=board, field=what, value=value)  # fmt: skip
    return value


def _hand(hand: Hand | None) -> str:
    """A hand as LIN writes it: each suit's letter, then its ranks from the lowest."""
    if hand is None:
        return ""
    return "".join(s + r[::-1] for s, r in zip("SHDC", hand.suits, strict=True))


def _deal(dealer: Seat, deal: Deal | None) -> str:
    hands = [None if deal is None else deal[s] for s in LIN_SEATS]
    if deal is not None and deal.is_complete:
        hands[-1] = None  # BBO leaves the fourth hand out: it is the cards left
    return f"{LIN_SEATS.index(dealer) + 1}" + ",".join(_hand(h) for h in hands)


def _call(call: Call) -> str:
    if call.name in _CALLS:
        word = _CALLS[call.name]
    elif call.is_bid:
        word = call.name.replace("NT", "N")
    else:
        raise LinError(f"LIN has no call {call.name!r} (PBN's markers - and ^S)",
                       field="mb", value=call.name)  # fmt: skip
    return word + ("!" if call.alert else "")


def write_board(board: LinBoard, *, players: bool = True, room: bool = True) -> str:
    """One board as LIN: players, deal, heading, vulnerability, calls, cards, claim.

    >>> from bridgescore.lin import read_lin
    >>> b = read_lin("md|1SAKQJHAKQDAKQCAKQ,,,|sv|n|ah|Board 7|mb|7N!|an|14 tricks|").boards[0]
    >>> write_board(b)
    'md|1SJQKAHQKADQKACQKA,,,|ah|Board 7|sv|n|mb|7N!|an|14 tricks|pg||'

    :raises LinError: for a value LIN cannot hold (a ``|`` in a name), or an auction with
        PBN's markers ``-`` or ``^S`` (``AP`` is written as the passes it stands for).
    """
    n = board.number
    out = []
    if players and any(board.players):
        by_seat = dict(zip(Seat, board.players, strict=True))
        names = ",".join(_text(by_seat[s], "pn", n) for s in LIN_SEATS)
        out.append(f"pn|{names}|")
    if room and board.room is not None:
        out.append(f"qx|{board.room[0]}{n}|")
    if board.deal is not None:
        out.append(f"md|{_deal(board.dealer, board.deal)}|")
    title = board.title or f"Board {n}"
    out.append(f"ah|{_text(title, 'ah', n)}|sv|{_SV[board.vulnerability]}|")
    auction = None if board.auction is None else board.auction.without_ap()
    if auction is not None:
        if auction.first is not board.dealer:
            raise LinError(f"the auction starts with {auction.first.value}, not the dealer "
                           f"{board.dealer.value}: LIN's start with the dealer", board=n,
                           field="mb")  # fmt: skip
        for call in auction.calls:
            out.append(f"mb|{_call(call)}|")
            text = auction.note(call.note) if call.note is not None else None
            if text:
                out.append(f"an|{_text(text, 'an', n)}|")
    play, contract = board.play, None if auction is None else auction.contract
    if play is not None:
        if not isinstance(contract, Contract):
            raise LinError("a play without a contract", board=n, field="pc")
        out.extend(f"pc|{card}|" for _, card in play.sequence(contract.strain))
    if board.claim is not None:
        out.append(f"mc|{board.claim}|")
    out.append("pg||")
    return "".join(out)


def write_lin(
    boards: Iterable[LinBoard],
    *,
    event: str = "",
    segment: str = "",
    teams: tuple[str, str] = ("", ""),
    scoring: str = "I",
) -> str:
    """Write boards as a LIN file, a board a line: a tournament's if no board has a room,
    else a vugraph's (``vg|`` with the event and ``teams``, ``rs|`` with the results, ``pn|``
    with the open room's and the closed room's players, then ``qx|o1|`` ... a board).

    >>> from bridgescore.lin import read_lin
    >>> text = write_lin(read_lin("pn|s,w,n,e|md|3SAKQJHAKQDAKQCAKQ,,,|mb|1C|mb|p|mb|p|mb|p|"
    ...                           "mc|13|").boards)
    >>> text
    'pn|s,w,n,e|md|3SJQKAHQKADQKACQKA,,,|ah|Board 1|sv|o|mb|1C|mb|p|mb|p|mb|p|mc|13|pg||\\n'
    >>> str(read_lin(text).boards[0].result)
    '1CN+6'

    :raises LinError: as :func:`write_board`.
    """
    boards = list(boards)
    if not any(b.room is not None for b in boards):
        return "".join(write_board(b) + "\n" for b in boards)
    first = min(b.number for b in boards)
    last = max(b.number for b in boards)
    head = [_text(v, "vg", first) for v in (event, segment, scoring)]
    home, away = (_text(t, "vg", first) for t in teams)
    out = [f"vg|{head[0]},{head[1]},{head[2]},{first},{last},{home},0,{away},0|\n"]
    results = [""] * (2 * (last - first + 1))
    for b in boards:
        if b.room is not None and b.recorded is not None:
            results[2 * (b.number - first) + (b.room == "closed")] = _rs(b.recorded)
    if any(results):
        out.append(f"rs|{','.join(results)}|\n")
    rooms: dict[str, tuple[str, str, str, str]] = {"open": ("",) * 4, "closed": ("",) * 4}
    written: tuple[str, ...] | None = None
    for b in boards:
        if b.room is None:
            raise LinError("a vugraph's boards each need a room, open or closed",
                           board=b.number, field="qx")  # fmt: skip
        rooms[b.room] = b.players
        names = _names(rooms["open"]) + _names(rooms["closed"])
        if names != written:
            text = ",".join(_text(name, "pn", b.number) for name in names)
            out.append(f"pn|{text}|\n")
            written = names
        out.append(write_board(b, players=False) + "\n")
    return "".join(out)


def _names(players: Sequence[str]) -> tuple[str, ...]:
    by_seat = dict(zip(Seat, players, strict=True))
    return tuple(by_seat[s] for s in LIN_SEATS)


def _rs(result: Result) -> str:
    """A result as ``rs|`` writes it: ``4SWx-1``, ``3NE=``; ``P`` for a pass-out."""
    contract = result.contract
    if contract is PASS_OUT or not isinstance(contract, Contract) or result.declarer is None:
        return "P"
    strain = contract.strain.value.replace("NT", "N")
    doubling = contract.doubling.value.lower()
    diff = result.tricks - contract.tricks_needed
    outcome = "=" if diff == 0 else f"{diff:+d}"
    return f"{contract.level}{strain}{result.declarer.value}{doubling}{outcome}"


def handviewer_url(board: LinBoard) -> str:
    """A link that shows the board in BBO's hand viewer.

    >>> from bridgescore.lin import read_lin
    >>> handviewer_url(read_lin("md|1SAKQJHAKQDAKQCAKQ,,,|sv|o|").boards[0])
    'https://www.bridgebase.com/tools/handviewer.html?lin=md%7C1SJQKAHQKADQKACQKA%2C%2C%2C%7Cah%7CBoard%201%7Csv%7Co%7Cpg%7C%7C'

    :raises LinError: as :func:`write_board`.
    """
    return HANDVIEWER + quote(write_board(board, room=False), safe="")
