"""Masterpoints as the pages show them: each pair's award in the rankings of the director's
page (:func:`award_rows`), the results page and the club's site (:func:`award_texts`), and
what the director's page offers to file (:func:`filing_of`). The awards are the core's
(:func:`bridgescore.club.filing.evening_awards`); a club without a scheme shows none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgescore.club import Club
from bridgescore.club.filing import evening_awards, filing_format
from bridgescore.duplicate.session import SectionScores
from bridgescore.masterpoints import Award, MasterpointSpec

__all__ = ["award_of", "award_rows", "award_text", "award_texts", "filing_of"]


def filing_of(spec: MasterpointSpec) -> dict[str, Any]:
    """What the director's page offers for filing: the club's scheme and the body's format
    (none for a scheme whose body's file is not published)."""
    found = filing_format(spec)
    return {"scheme": spec.text, "formats": [] if found is None else [found]}


def award_rows(
    club: Club | None, scored: Sequence[SectionScores], rankings: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    """The rankings (by field, as the API gives them) with each row's ``masterpoints``: what
    each player of the pair earns by the club's scheme (the core's; 0 for none) and its
    ``masterpoint_type`` (``green``); unchanged for a club without a scheme (or one whose
    awards the core does not have)."""
    given = evening_awards(club.masterpoints if club is not None else None, scored)
    if given is None:
        return rankings
    found = {pair.label: award for pair, award in given.items()}
    return {field: [{**row, **award_of(found.get(row["pair"]))} for row in rows]
            for field, rows in rankings.items()}  # fmt: skip


def award_texts(club: Club | None, scored: Sequence[SectionScores]) -> dict[tuple[str, str], str]:
    """Each pair's award as a results page shows it, by (section, pair label): the points
    each player earns (``0.42``), ``""`` for none; empty for a club without a scheme (the
    page then has no masterpoint column)."""
    found = evening_awards(club.masterpoints if club is not None else None, scored)
    if found is None:
        return {}
    return {(s.section.name, row.pair.label): award_text(found.get(row.pair))
            for s in scored for rows in s.rankings.values() for row in rows}  # fmt: skip


def award_text(award: Award | None) -> str:
    """An award as a results page shows it: the points each player earns (``0.42``), ``""``
    for none."""
    return "" if award is None or award.points <= 0 else f"{award.points}"


def award_of(award: Award | None) -> dict[str, Any]:
    """A row's award: the points each player earns (0 for none) and their kind."""
    if award is None:
        return {"masterpoints": 0, "masterpoint_type": None}
    return {"masterpoints": float(award.points), "masterpoint_type": award.kind}
