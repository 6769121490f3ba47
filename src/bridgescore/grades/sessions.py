"""A scored session as grading reads it: each section's rankings become the fields, each pair
its players' national numbers, its percentage and its boards (SCORING.md §27).

>>> from pathlib import Path
>>> from bridgescore import pbn
>>> session = pbn.read(Path("tests/data/howell.pbn").read_text(encoding="utf-8"))
>>> graded = graded_session("h", read_date("2026.12.01"), session.scored())
>>> graded.date, len(graded.fields), len(graded.fields[0]), graded.fields[0][0].players
(datetime.date(2026, 12, 1), 1, 4, (None, None))
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bridgescore.duplicate.session import SectionScores
from bridgescore.grades.ngs import GradedSession, GradeError, PairResult
from bridgescore.players import Player

__all__ = ["graded_session", "read_date"]


def read_date(text: str) -> date:
    """A session's date as the readers give it (``2026.12.01``; ``2026-12-01`` too).

    >>> read_date("2026.12.01"), read_date("2026-12-01")
    (datetime.date(2026, 12, 1), datetime.date(2026, 12, 1))
    >>> read_date("")
    Traceback (most recent call last):
    ...
    bridgescore.grades.ngs.GradeError: a session needs a date to be graded (YYYY.MM.DD), got ''
    """
    try:
        return date.fromisoformat(text.strip()[:10].replace(".", "-"))
    except ValueError:
        raise GradeError.coded("grade_date", field="date", value=text[:40],
                               got=repr(text[:40])) from None  # fmt: skip


def _numbers(players: Sequence[Player]) -> tuple[str | None, ...]:
    """A pair's players' national numbers (a pair known only by its names: two visitors)."""
    return tuple(p.number for p in players[:2]) or (None, None)


def graded_session(
    key: str, day: date, scored: Sequence[SectionScores], weight: int = 1
) -> GradedSession:
    """The session's fields for grading: each section's rankings (NS and EW apart in a
    Mitchell), every pair with a percentage (a session scored in IMPs has none, and no field).
    A player without a national number is a visitor."""
    fields = []
    for section in scored:
        for rows in section.rankings.values():
            pairs = tuple(
                PairResult(_numbers(r.pair.players), r.percent, r.boards)
                for r in rows
                if r.percent is not None and r.boards > 0
            )
            if len(pairs) > 1:
                fields.append(pairs)
    return GradedSession(key, day, tuple(fields), weight)
