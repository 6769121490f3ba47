"""Deals in BBO's LIN (:mod:`bridgescore.lin`): a tournament's or a vugraph's boards.

Reading takes every board with a deal (``md|``); a board in several places (a vugraph's two
rooms, a tournament's tables) is read once, and refused if its deals differ. A board keeps in
its tags its players, contract, declarer and result, its ``Auction`` and ``Play`` (as a
session's boards keep them: :func:`bridgescore.lin.tagged_board`). Writing is
:func:`bridgescore.lin.write_lin`'s tournament layout, a line a board, UTF-8.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgescore import lin
from bridgescore.deals._model import DealtBoard
from bridgescore.errors import DealFileError, LinError

__all__ = ["read_lin", "write_lin"]


def _text(data: bytes) -> tuple[str, str]:
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_lin(data: bytes, source: str = "<bytes>") -> tuple[DealtBoard, ...]:
    """Read the deals of a LIN file.

    >>> read_lin(b"md|3SAKQJHAKQDAKQCAKQ,S2345,HAKQJ,|")
    Traceback (most recent call last):
    ...
    bridgescore.errors.DealFileError: <bytes>, board 1, byte 0: bad deal in md|: invalid deal \
'N:.AKQJ.. - AKQJ.AKQ.AKQ.AKQ 5432...': north has 4 cards; a hand has 13

    :raises DealFileError: naming the board and the byte of the first thing not read.
    """
    text, encoding = _text(data)
    try:
        boards = lin.read_lin_deals(text, source=source)
    except LinError as exc:
        byte = None if exc.offset is None else len(text[: exc.offset].encode(encoding))
        raise DealFileError(exc.reason, source=source, board=exc.board, byte=byte,
                            field=exc.field, value=exc.value) from None  # fmt: skip
    out: dict[int, DealtBoard] = {}
    for b in boards:
        if b.deal is None:
            continue
        if b.number in out:
            if out[b.number].deal != b.deal:
                raise DealFileError(f"board {b.number} is dealt twice, with other cards",
                                    source=source, board=b.number, field="md")  # fmt: skip
            continue
        board, deal = lin.tagged_board(b)
        out[b.number] = DealtBoard(board, b.deal if deal is None else deal)
    if not out:
        raise DealFileError("no deals: no board has an md| with its hands", source=source)
    return tuple(out.values())


def write_lin(boards: Sequence[DealtBoard], target: str = "<bytes>") -> bytes:
    """Write boards as LIN, a line a board: players, deal, auction, play and result where
    the board's tags hold them.

    :raises DealFileError: for a name or a note LIN cannot hold (a ``|``).
    """
    try:
        text = lin.write_lin(lin.board_to_lin(b.board, deal=b.deal) for b in boards)
    except LinError as exc:
        raise DealFileError(exc.reason, source=target, board=exc.board, field=exc.field,
                            value=exc.value) from None  # fmt: skip
    return text.encode("utf-8")
