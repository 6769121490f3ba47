"""The results sheet for the noticeboard: the club, date, director and event at the top, then
each field's ranking (rank, pair, names, matchpoints to at most two decimals, the percentage to
two), each pair's note below its field (a withdrawal, a late arrival: the caller's, as the
core says them). The values are the core's (:class:`~bridgescore.duplicate.session.SectionScores`,
:func:`~bridgescore.duplicate.field.points_text`); nothing is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.pdfgen.canvas import Canvas

from bridgescore.duplicate.session import (
    NOT_RANKED,
    RankRow,
    SectionScores,
    Session,
    heading,
    individual_scores,
)
from bridgescore.errors import N_
from bridgescore.locale import format_percent, format_points, gettext, heading_line, pair_label
from bridgescore.model import Side
from bridgescore.paper._pdf import A4, Page, fit, fonts, make_pdf

__all__ = ["results_pdf"]

_MARGIN = 50.0
_LINE = 15.0
_COLUMNS = (0.0, 45.0, 100.0, 330.0, 420.0)
"""Where rank, pair, names, matchpoints and percentage start, from the left margin."""
_ROOM = (43.0, 53.0, 200.0, 90.0, 88.0)
"""The widest each column's text may be (the numbers' end at their start + 62)."""


def _field_name(section: str, side: Side | None, sections: int) -> str:
    where = gettext("Section %(name)s") % {"name": section} if sections > 1 else ""
    field = {Side.NS: gettext("North-South"), Side.EW: gettext("East-West"), None: ""}[side]
    return " · ".join(x for x in (where, field) if x) or gettext("Ranking")


def _rows(ranking: Sequence[RankRow]) -> list[tuple[str, ...]]:
    return [(r.rank if r.ranked else gettext(NOT_RANKED), pair_label(r.pair.label), r.pair.names,
             format_points(r.total), "" if r.percent is None else format_percent(r.percent))
            for r in ranking]  # fmt: skip


def results_pdf(
    session: Session,
    scored: Sequence[SectionScores],
    notes: Mapping[tuple[str, str], str] | None = None,
) -> bytes:
    """The results sheet as a PDF: the heading, then each section's fields ranked, each
    pair's note (``notes``: by section and pair label, for example ``'withdrew after
    round 3'``) under its
    field. An individual's sheet ranks its players (SCORING.md §26), each by number and name.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.movement.individual import individual
    >>> from bridgescore.duplicate.session import BoardResult, Individual, score_session
    >>> one = Individual(individual(8, 1, rounds=4), {1: "Ann"})
    >>> s = Session((one.section().with_results([BoardResult(1, 1, 2,
    ...     Result.parse("3NTN="), round=1, table=1)]),), individual=one)
    >>> results_pdf(s, score_session(s)).startswith(b"%PDF")
    True
    """
    f = fonts()
    notes = notes or {}
    top = heading(session)
    lines: list[tuple[str, tuple[str, ...]]] = [("title", (top.event or gettext("Results"),))]
    line = heading_line(top)
    lines += [("meta", (line,))] if line else []
    lines.append(("gap", ()))
    if session.individual is not None and scored:  # the players, not their partnerships
        ranking = individual_scores(session.individual, scored[0]).rankings
        head = (N_("Rank"), N_("Player"), N_("Names"), N_("Matchpoints"), N_("Percentage"))
        lines.append(("field", (gettext("Ranking"),)))
        lines.append(("head", tuple(gettext(h) for h in head)))
        lines += [("row", row) for row in _rows(ranking)]
        scored = ()
    for s in scored:
        for side, ranking in s.rankings.items():
            lines.append(("field", (_field_name(s.section.name, side, len(scored)),)))
            head = (N_("Rank"), N_("Pair"), N_("Names"), N_("Matchpoints"), N_("Percentage"))
            lines.append(("head", tuple(gettext(h) for h in head)))
            lines += [("row", row) for row in _rows(ranking)]
            labels = [r.pair.label for r in ranking]
            name = s.section.name
            lines += [
                ("note", (f"{pair_label(x)}: {notes[name, x]}",))
                for x in labels
                if (name, x) in notes
            ]
            lines.append(("gap", ()))
    per_page = int((A4[1] - 2 * _MARGIN) // _LINE)
    chunks = [lines[i : i + per_page] for i in range(0, len(lines), per_page)]

    def page(chunk: list[tuple[str, tuple[str, ...]]]) -> Page:
        def draw(c: Canvas) -> None:
            y = A4[1] - _MARGIN
            for kind, cells in chunk:
                if kind == "title":
                    c.setFont(f.bold, 16)
                    c.drawString(_MARGIN, y - 4, cells[0])
                    y -= 8
                elif kind in ("meta", "note"):
                    c.setFont(f.regular, 10)
                    c.drawString(_MARGIN, y, cells[0])
                elif kind == "field":
                    c.setFont(f.bold, 12)
                    c.drawString(_MARGIN, y, cells[0])
                elif kind in ("head", "row"):
                    font = f.bold if kind == "head" else f.regular
                    for i, (x, room, text) in enumerate(zip(_COLUMNS, _ROOM, cells, strict=True)):
                        shown, size = fit(c, text, font, 10, room)  # "not ranked", "Prozent"
                        c.setFont(font, size)
                        if i >= 3:  # the numbers, right-aligned under their heading's end
                            c.drawRightString(_MARGIN + x + 62, y, shown)
                        else:
                            c.drawString(_MARGIN + x, y, shown)
                y -= _LINE

        return draw

    return make_pdf(
        [page(chunk) for chunk in chunks], gettext("Results: %(event)s") % {"event": session.event}
    )
