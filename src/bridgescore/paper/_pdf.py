"""What every PDF of :mod:`bridgescore.paper` shares: A4 pages, the fonts and the suits.

ReportLab's standard fonts lack the suit symbols, so the pages use DejaVu Sans (Debian's
``fonts-dejavu-core``, which CI installs) when its file is there, and fall back to Helvetica
with the suits as letters (S H D C) when it is not: a PDF is always made.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Final

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from bridgescore.locale import gettext
from bridgescore.model import Strain

__all__ = ["A4", "Fonts", "Page", "fit", "fonts", "make_pdf", "suit"]

_DEJAVU: Final = Path("/usr/share/fonts/truetype/dejavu")

_SYMBOLS: Final = {Strain.SPADES: "♠", Strain.HEARTS: "♥", Strain.DIAMONDS: "♦",
                   Strain.CLUBS: "♣", Strain.NOTRUMP: "NT"}  # fmt: skip


class Fonts:
    """The regular and bold fonts' names, and whether they draw the suit symbols."""

    def __init__(self, regular: str, bold: str, symbols: bool) -> None:
        self.regular = regular
        self.bold = bold
        self.symbols = symbols


@lru_cache(maxsize=1)
def fonts() -> Fonts:
    """DejaVu Sans when its files are there (registered once), else Helvetica."""
    regular, bold = _DEJAVU / "DejaVuSans.ttf", _DEJAVU / "DejaVuSans-Bold.ttf"
    if regular.is_file() and bold.is_file():
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
        return Fonts("DejaVuSans", "DejaVuSans-Bold", True)
    return Fonts("Helvetica", "Helvetica-Bold", False)  # pragma: no cover - CI has DejaVu


def suit(strain: Strain) -> str:
    """The strain as printed: its symbol with DejaVu, else its letter (``NT`` either way, in
    the current language: ``SA`` in French).

    >>> suit(Strain.NOTRUMP)
    'NT'
    """
    if strain is Strain.NOTRUMP:
        return gettext("NT")
    return _SYMBOLS[strain] if fonts().symbols else strain.value


def red(strain: Strain) -> bool:
    """Whether the strain's symbol is printed red."""
    return strain in (Strain.HEARTS, Strain.DIAMONDS)


def fit(c: Canvas, text: str, font: str, size: float, width: float) -> tuple[str, float]:
    """The text and the font size that keep it within ``width`` points: the size made smaller
    (to 60 % at most) for a long word of another language, then the text cut if need be.

    >>> c = Canvas(io.BytesIO())
    >>> fit(c, "Rank", "Helvetica", 10, 40)
    ('Rank', 10)
    >>> text, size = fit(c, "Wynik procentowy", "Helvetica", 10, 60)
    >>> text, round(size, 1)
    ('Wynik procentowy', 7.4)
    >>> len(fit(c, "x" * 60, "Helvetica", 10, 60)[0])
    20
    """
    wide = c.stringWidth(text, font, size)
    if wide <= width:
        return text, size
    smaller = max(size * 0.6, size * width / wide)
    text = text[: int(width / (smaller * 0.2)) + 1]  # no glyph is narrower: a bounded loop
    while text and c.stringWidth(text, font, smaller) > width + 0.01:  # not for a rounding
        text = text[:-1]
    return text, smaller


Page = Callable[[Canvas], None]
"""Draws one page on the canvas."""


def make_pdf(pages: list[Page], title: str) -> bytes:
    """The PDF of the pages, A4, in order (one blank page when there are none)."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("bridgescore")
    for draw in pages or [lambda c: None]:
        draw(canvas)
        canvas.showPage()
    canvas.save()
    return out.getvalue()
