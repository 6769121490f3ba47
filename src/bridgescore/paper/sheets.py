"""The movement's paper: traveller slips for tables without phones (one slip a board, rows in
the order the tables play it, the result's columns blank to write in) and the table cards
(each table's rounds: who sits there, the boards, where pairs and boards go next). Both are
the movement's (:class:`~bridgescore.duplicate.movement.Movement` and
:func:`~bridgescore.duplicate.movement.report.cards`); nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from bridgescore.duplicate.movement import Movement
from bridgescore.duplicate.movement.report import Card
from bridgescore.errors import N_
from bridgescore.locale import gettext, pair_label, sentence_text
from bridgescore.paper._pdf import A4, Page, fit, fonts, make_pdf

__all__ = ["SLIP_COLUMNS", "SLIP_WIDTHS", "cards_pdf", "slip_rows", "slips_pdf"]

SLIP_COLUMNS: Final = (N_("Round"), N_("NS"), N_("EW"), N_("Contract"), N_("By"), N_("Lead"),
                       N_("Tricks"), N_("NS score"), N_("EW score"))  # fmt: skip
"""A traveller slip's columns: the first three printed, the others written in at the table
(in English here; the slip says them in the current language)."""

_MARGIN = 40.0
_ROW = 17.0
SLIP_WIDTHS: Final = (40.0, 50.0, 50.0, 75.0, 35.0, 50.0, 45.0, 85.0, 85.0)
"""The width of each of a slip's columns, in points (its words made to fit them)."""


def slip_rows(m: Movement, board: int) -> list[tuple[str, str, str]]:
    """The round, NS pair and EW pair of each play of the board, in the order of rounds, the
    pairs' labels as the reader writes them (:func:`~bridgescore.locale.pair_label`).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> slip_rows(mitchell(3, 2), 1)
    [('1', 'NS 1', 'EW 1'), ('2', 'NS 3', 'EW 2'), ('3', 'NS 2', 'EW 3')]
    """
    plays = sorted(m.plays, key=lambda p: (p.round, p.table))
    return [(str(p.round), pair_label(p.ns), pair_label(p.ew)) for p in plays if board in p.boards]


def _grid(c: Canvas, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]) -> float:
    """Rows of cells (the first a header, in bold) with lines round each cell; the bottom."""
    f = fonts()
    left = _MARGIN
    for i, row in enumerate(rows):
        y = top - _ROW * (i + 1)
        x = left
        font = f.bold if i == 0 else f.regular
        for width, text in zip(widths, row, strict=False):
            c.rect(x, y, width, _ROW)
            shown, size = fit(c, text, font, 9, width - 5)  # a long word: smaller, else cut
            c.setFont(font, size)
            c.drawString(x + 3, y + 5, shown)
            x += width
    return top - _ROW * len(rows)


def slips_pdf(m: Movement, title: str = "") -> bytes:
    """The traveller slips of every board the movement plays, as many a page as fit."""
    boards = sorted({b for p in m.plays for b in p.boards})
    slips = [(b, slip_rows(m, b)) for b in boards]
    pages: list[list[tuple[int, list[tuple[str, str, str]]]]] = [[]]
    room = A4[1] - 2 * _MARGIN
    used = 0.0
    for slip in slips:
        height = _ROW * (len(slip[1]) + 3)
        if pages[-1] and used + height > room:
            pages.append([])
            used = 0.0
        pages[-1].append(slip)
        used += height

    def page(chunk: list[tuple[int, list[tuple[str, str, str]]]]) -> Page:
        def draw(c: Canvas) -> None:
            y = A4[1] - _MARGIN
            for board, rows in chunk:
                c.setFont(fonts().bold, 11)
                c.drawString(_MARGIN, y - 12, gettext("Board %(number)s") % {"number": board})
                c.setFont(fonts().regular, 8)
                c.drawRightString(A4[0] - _MARGIN, y - 12, title)
                head = tuple(gettext(column) for column in SLIP_COLUMNS)
                cells = [head, *((*row, "", "", "", "", "", "") for row in rows)]
                y = _grid(c, y - 16, SLIP_WIDTHS, cells) - _ROW

        return draw

    name = gettext("Traveller slips: %(title)s") % {"title": title}
    return make_pdf([page(chunk) for chunk in pages if chunk], name)


def _widths(c: Canvas, rows: Sequence[Sequence[str]]) -> list[float]:
    """Columns as wide as their longest cell (the header's in bold), shared out over the page
    (a relay's place, ``relay stand between tables 2 and 3``, needs more than a round)."""
    f = fonts()
    need = [
        max(c.stringWidth(cell, f.bold if i == 0 else f.regular, 9) for i, cell in enumerate(col))
        + 8
        for col in zip(*rows, strict=True)
    ]
    return [width * (A4[0] - 2 * _MARGIN) / sum(need) for width in need]


def cards_pdf(cards: Sequence[Card], title: str = "") -> bytes:
    """The table cards, two a page (cut along the middle)."""

    def page(chunk: Sequence[Card]) -> Page:
        def draw(c: Canvas) -> None:
            f = fonts()
            for i, card in enumerate(each.said(sentence_text) for each in chunk):
                top = A4[1] - _MARGIN - i * (A4[1] / 2)
                c.setFont(f.bold, 20)
                c.drawString(_MARGIN, top - 20, str(card.heading))
                c.setFont(f.regular, 9)
                c.drawString(_MARGIN, top - 36, f"{title} · {card.title}"[:110])
                rows = [tuple(map(str, row)) for row in (card.header, *card.rows)]
                _grid(c, top - 44, _widths(c, rows), rows)
            if len(chunk) > 1:
                c.setDash(3, 3)
                c.line(_MARGIN / 2, A4[1] / 2, A4[0] - _MARGIN / 2, A4[1] / 2)
                c.setDash()

        return draw

    chunks = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    return make_pdf(
        [page(chunk) for chunk in chunks], gettext("Table cards: %(title)s") % {"title": title}
    )
