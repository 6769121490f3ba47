"""A scored section as JSON, the one way: the CLI's ``--json``, the API and the live API.

>>> from bridgescore import Result
>>> from bridgescore.duplicate.session import BoardResult, Section, score_section
>>> s = Section("A", "mitchell", results=[BoardResult(1, 1, 1, Result.parse("4SS=")),
...                                        BoardResult(1, 2, 2, Result.parse("4SS+1"))])
>>> data = scores_to_dict(score_section(s), travellers=True)
>>> data["rankings"]["NS"][0]
{'rank': '1', 'pair': 'NS 2', 'number': 2, 'side': 'NS', 'names': '', 'total': 2.0, \
'percent': 100.0, 'boards': 1}
>>> data["travellers"]["1"]["lines"][0]["ns_score"]
420
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgescore.duplicate.field import BoardScore
from bridgescore.duplicate.session._model import BoardResult, Pair
from bridgescore.duplicate.session._scores import RankRow, SectionScores, TravellerLine
from bridgescore.model import Side

__all__ = ["rank_to_dict", "scores_to_dict", "traveller_to_dict"]


def _round(x: float) -> float:
    return round(x, 2)


def _score(score: BoardScore) -> int | str:
    return score if isinstance(score, int) else str(score)


def rank_to_dict(row: RankRow, *, mp: bool = True) -> dict[str, Any]:
    """A line of the rankings (``percent`` only for matchpoints)."""
    return {
        "rank": row.rank,
        "pair": row.pair.label,
        "number": row.pair.number,
        "side": row.pair.side.value if row.pair.side else None,
        "names": row.pair.names,
        **({"players": [p.to_dict() for p in row.pair.players]} if row.pair.players else {}),
        "total": _round(row.total),
        "percent": row.percent if mp else None,
        "boards": row.boards,
        **({} if row.ranked else {"ranked": False}),
    }


def traveller_to_dict(scored: SectionScores, board: int) -> dict[str, Any]:
    """One board's traveller: dealer, vulnerability, top, and its lines."""
    b = scored.section.board(board)
    return {
        "board": board,
        "dealer": b.dealer.value,
        "vulnerability": b.vulnerability.value,
        "top": scored.tops.get(board) or None,
        "lines": [_line(line) for line in scored.travellers.get(board, [])],
    }


def _split(r: BoardResult) -> dict[str, Any]:
    """A split score as the API gives it everywhere, ``{"split": {"ns": ..., "ew": ...}}``
    (nothing for any other result: ``result`` is the line's text)."""
    return {} if r.split is None else {"split": {"ns": str(r.split.ns), "ew": str(r.split.ew)}}


def _line(line: TravellerLine) -> dict[str, Any]:
    r = line.result
    return (
        {
            "round": r.round,
            "table": r.table,
            "ns": r.ns,
            "ew": r.ew,
            "result": r.text,
            "ns_score": _score(line.ns_score),
            "ns_points": _round(line.ns_points),
            "ew_points": _round(line.ew_points),
        }
        | _split(r)
        | ({"lead": r.lead} if r.lead else {})
    )


def _recap(
    scored: SectionScores, pair: Pair, analysis: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "pair": pair.label,
        "names": pair.names,
        "boards": [
            {
                "board": x.board,
                "sat": x.sat.value,
                "opponent": x.opponent.label,
                "result": x.result.text,
                "score": _score(x.score),
                "points": _round(x.points),
                "top": x.top,
            }
            | _split(x.result)
            for x in scored.recap(pair.number, pair.side)
        ],
        **({"analysis": analysis} if analysis is not None else {}),
    }


def scores_to_dict(
    scored: SectionScores,
    *,
    travellers: bool = False,
    recaps: tuple[Pair, ...] = (),
    analyses: Mapping[tuple[Side | None, int], Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """A scored section: its name, kind, boards, rankings (by field: ``NS`` and ``EW``, or
    ``all``), warnings; every board's traveller if asked, and the recaps of ``recaps``, each
    with its pair's ``analysis`` if ``analyses`` has it (by :attr:`Pair.key`; the JSON of
    :func:`bridgescore.duplicate.analysis.analysis_to_dict`)."""
    section = scored.section
    mp = scored.method == "mp"
    data: dict[str, Any] = {
        "name": section.name,
        "kind": section.kind,
        "boards": len(section.boards),
        "rankings": {
            (side.value if side else "all"): [rank_to_dict(row, mp=mp) for row in rows]
            for side, rows in scored.rankings.items()
        },
        "warnings": [str(w) for w in section.warnings],
    }
    if travellers:
        data["travellers"] = {str(n): traveller_to_dict(scored, n) for n in scored.travellers}
    data["recaps"] = [_recap(scored, p, (analyses or {}).get(p.key)) for p in recaps]
    return data
