"""A scored session as CSV: the rankings, the travellers, the players and the tags."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence

from bridgescore.duplicate.field import shown_points
from bridgescore.duplicate.session._data import Session
from bridgescore.duplicate.session._heading import heading
from bridgescore.duplicate.session._individual import individual_scores
from bridgescore.duplicate.session._scores import RankRow, SectionScores

__all__ = ["csv_cell", "csv_text"]


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: text that would start a formula (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return) gets a ``'`` in front (OWASP's rule); numbers stay.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-1"), csv_cell(-1), csv_cell("Ann & Bob")
    ("'=HYPERLINK(1)", "'-1", -1, 'Ann & Bob')
    """
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_text(
    scored: list[SectionScores],
    session: Session | None = None,
    extra: tuple[Sequence[str], Sequence[Sequence[object]]] | None = None,
) -> str:
    """Rankings (a row per pair; an individual's: a row per player, its number in ``pair``,
    SCORING.md §26) and travellers (a row per result) as CSV text; then the ``extra`` block's
    columns and rows (each pair's analysis: :func:`bridgescore.duplicate.analysis.csv_block`);
    with the session, its players (with their national numbers) and its tags (event, date,
    venue, club, director)."""
    out = io.StringIO()
    writer = csv.writer(out)

    def row(*cells: object) -> None:
        writer.writerow([csv_cell(c) for c in cells])

    row("section", "field", "rank", "pair", "names", "total", "percent", "boards")
    for name, field, r in _ranked(scored, session):
        percent = "" if r.percent is None else f"{r.percent:.2f}"
        row(name, field, r.place, r.pair.number, r.pair.names, shown_points(r.total), percent,
            r.boards)  # fmt: skip
    writer.writerow([])
    row("section", "board", "ns", "ew", "result", "ns_score", "ns_points", "ew_points")
    for s in scored:
        for number, lines in sorted(s.travellers.items()):
            for line in lines:
                played = line.result
                shown = played.text
                row(s.section.name, number, played.ns, played.ew, shown, line.ns_score,
                    shown_points(line.ns_points), shown_points(line.ew_points))  # fmt: skip
    if extra is not None:
        writer.writerow([])
        row(*extra[0])
        for cells in extra[1]:
            row(*cells)
    if session is None:
        return out.getvalue()
    players = [(s.name, p.label, x) for s in session.sections for p in s.pairs for x in p.players]
    if players:
        writer.writerow([])
        row("section", "pair", "player", "number")
        for name, label, player in players:
            row(name, label, player.name, player.number or "")
    head = heading(session)  # the heading first (club, director), then the session's other tags
    tags = {"Event": head.event, "Date": head.date, **head.tags(), **session.tags}
    if any(tags.values()):
        writer.writerow([])
        row("tag", "value")
        for tag, value in tags.items():
            row(tag, value)
    return out.getvalue()


def _ranked(
    scored: list[SectionScores], session: Session | None
) -> Iterator[tuple[str, str, RankRow]]:
    """Each ranking's rows with their section's name and field (``NS``, ``EW``, ``all``): an
    individual's are its players' (:func:`score_individual`), as its pages and API rank them."""
    if session is not None and session.individual is not None and scored:
        players = individual_scores(session.individual, scored[0])
        yield from ((scored[0].section.name, "all", r) for r in players.rankings)
        return
    for s in scored:
        for field, rows in s.rankings.items():
            yield from ((s.section.name, field.value if field else "all", r) for r in rows)
