"""Hand records on paper, as Bridge Composer and Dealer4 print them: 1, 2 or 4 boards an A4
page, each with its number, dealer and vulnerability, the four hands round a compass, the
double-dummy table (five strains by four declarers) and par. The records are the core's
(:class:`bridgescore.boards.hand_record.HandRecord`); a board without a double-dummy table
says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from bridgescore.boards.deal import SUITS
from bridgescore.boards.hand_record import HandRecord
from bridgescore.errors import SessionError
from bridgescore.locale import (
    gettext,
    par_text,
    ranks_text,
    seat_letter,
    seat_name,
    vulnerability_word,
)
from bridgescore.model import Seat, Strain
from bridgescore.paper._pdf import A4, Page, fonts, make_pdf, red, suit

__all__ = ["PER_PAGE", "check_per_page", "hand_records_pdf"]

PER_PAGE: Final = (1, 2, 4)
"""How many boards a page may hold."""

_W, _H = 280.0, 360.0
"""A board's drawing, in its own units (scaled to its part of the page)."""
_MARGIN = 36.0
_STRAINS: Final = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DECLARERS: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


def check_per_page(per_page: int) -> int:
    """``per_page`` if a page may hold that many boards.

    >>> check_per_page(2)
    2
    >>> check_per_page(3)
    Traceback (most recent call last):
    ...
    bridgescore.errors.SessionError: per_page must be 1, 2 or 4, got 3
    """
    if per_page not in PER_PAGE:
        raise SessionError(f"per_page must be 1, 2 or 4, got {per_page!r}", field="per_page",
                           value=per_page)  # fmt: skip
    return per_page


def _suit_text(c: Canvas, x: float, y: float, strain: Strain, text: str, size: float) -> None:
    f = fonts()
    c.setFillColorRGB(0.8, 0, 0) if red(strain) else c.setFillColorRGB(0, 0, 0)
    c.setFont(f.regular, size)
    c.drawString(x, y, suit(strain))
    c.setFillColorRGB(0, 0, 0)
    c.drawString(x + size * 1.1, y, text)


def _hand(c: Canvas, record: HandRecord, seat: Seat, x: float, y: float) -> None:
    hand = record.deal[seat]
    c.setFont(fonts().bold, 8)
    c.drawString(x, y, seat_name(seat))
    for i, (strain, ranks) in enumerate(zip(SUITS, hand.suits if hand else ("",) * 4,
                                            strict=True)):  # fmt: skip
        shown = ranks_text(ranks, ten="10", between=" ") if ranks else "—"
        _suit_text(c, x, y - 12 * (i + 1), strain, shown, 10)


def _board(c: Canvas, record: HandRecord) -> None:
    """One board in a _W x _H box whose lower left is (0, 0)."""
    f = fonts()
    board = record.board
    c.setLineWidth(0.6)
    c.rect(0, 0, _W, _H)
    c.setFont(f.bold, 13)
    c.drawString(8, _H - 18, gettext("Board %(number)s") % {"number": board.number})
    c.setFont(f.regular, 8.5)
    c.drawString(8, _H - 31, gettext("Dealer %(seat)s") % {"seat": seat_name(board.dealer)})
    vulnerability = vulnerability_word(board.vulnerability)
    c.drawString(8, _H - 42, gettext("Vul %(vulnerability)s") % {"vulnerability": vulnerability})
    _hand(c, record, Seat.NORTH, 112, _H - 16)
    _hand(c, record, Seat.WEST, 8, _H - 96)
    _hand(c, record, Seat.EAST, 200, _H - 96)
    _hand(c, record, Seat.SOUTH, 112, _H - 176)
    c.rect(114, _H - 150, 52, 52)  # the compass
    c.setFont(f.bold, 8)
    for seat, dx, dy in ((Seat.NORTH, 23, 43), (Seat.SOUTH, 23, 3), (Seat.WEST, 3, 23),
                         (Seat.EAST, 43, 23)):  # fmt: skip
        c.drawString(114 + dx, _H - 150 + dy, seat_letter(seat))
    _dd(c, record, _H - 250)


def _dd(c: Canvas, record: HandRecord, top: float) -> None:
    f = fonts()
    if record.table is None:
        c.setFont(f.regular, 8.5)
        c.drawString(8, top, gettext("No double-dummy table."))
        return
    c.setFont(f.bold, 8.5)
    c.drawString(8, top, gettext("Double dummy"))
    for j, strain in enumerate(_STRAINS):
        _strain_head(c, 80 + 32 * j, top - 14, strain)
    for i, seat in enumerate(_DECLARERS):
        y = top - 28 - 12 * i
        c.setFont(f.bold, 8.5)
        c.drawString(40, y, seat_letter(seat))
        c.setFont(f.regular, 9)
        row = record.table[list(Seat).index(seat)]
        for j, strain in enumerate(_STRAINS):
            c.drawCentredString(84 + 32 * j, y, str(row[list(Strain).index(strain)]))
    c.setFont(f.regular, 8.5)
    par = par_text(record.par) if record.par is not None else "—"
    c.drawString(8, top - 90, gettext("Par: %(par)s") % {"par": par})


def _strain_head(c: Canvas, x: float, y: float, strain: Strain) -> None:
    c.setFillColorRGB(0.8, 0, 0) if red(strain) else c.setFillColorRGB(0, 0, 0)
    c.setFont(fonts().bold, 9)
    c.drawString(x, y, suit(strain))
    c.setFillColorRGB(0, 0, 0)


def _boxes(per_page: int) -> list[tuple[float, float, float, float]]:
    """Each board's place on the page: left, bottom, width, height."""
    w, h = A4[0] - 2 * _MARGIN, A4[1] - 2 * _MARGIN
    if per_page == 1:
        return [(_MARGIN, _MARGIN, w, h)]
    if per_page == 2:
        return [(_MARGIN, _MARGIN + h / 2, w, h / 2), (_MARGIN, _MARGIN, w, h / 2)]
    half_w, half_h = w / 2, h / 2
    return [(_MARGIN + half_w * col, _MARGIN + half_h * (1 - row), half_w, half_h)
            for row in (0, 1) for col in (0, 1)]  # fmt: skip


def hand_records_pdf(records: Sequence[HandRecord], per_page: int, title: str = "") -> bytes:
    """The hand records as a PDF, ``per_page`` boards (1, 2 or 4) a page, in order.

    :raises SessionError: for another ``per_page``, or no record at all.
    """
    check_per_page(per_page)
    if not records:
        raise SessionError("no board has a deal: attach the deals first", field="deals")
    boxes = _boxes(per_page)

    def page(chunk: Sequence[HandRecord]) -> Page:
        def draw(c: Canvas) -> None:
            for record, (x, y, w, h) in zip(chunk, boxes, strict=False):
                scale = min((w - 8) / _W, (h - 8) / _H)
                c.saveState()
                c.translate(x + (w - _W * scale) / 2, y + (h - _H * scale) / 2)
                c.scale(scale, scale)
                _board(c, record)
                c.restoreState()

        return draw

    chunks = [records[i : i + per_page] for i in range(0, len(records), per_page)]
    return make_pdf(
        [page(chunk) for chunk in chunks], gettext("Hand records: %(title)s") % {"title": title}
    )
