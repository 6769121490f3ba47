"""Duplicate sessions: pairs, boards and results, scored by matchpoints, Butler or cross-IMPs.

A :class:`Session` is one or more :class:`Section` s, each with its pairs, boards and results.
Each section is scored on its own (SCORING.md §5-7): a Mitchell section ranks its NS and EW
pairs separately, a Howell section ranks one field.

>>> from bridgescore import Result, Side
>>> s = Section("A", "mitchell", results=[
...     BoardResult(1, 1, 1, Result.parse("4SS=")), BoardResult(1, 2, 2, Result.parse("4SS+1")),
...     BoardResult(1, 3, 3, Result.parse("3NTS="))])
>>> [(row.rank, row.pair.label, row.percent) for row in score_section(s).rankings[Side.NS]]
[('1', 'NS 2', 100.0), ('2', 'NS 1', 50.0), ('3', 'NS 3', 0.0)]
"""

from __future__ import annotations

from bridgescore.duplicate.session._csv import csv_cell, csv_text
from bridgescore.duplicate.session._data import Session, session_from_dict, session_to_dict
from bridgescore.duplicate.session._heading import DIRECTOR, Heading, heading
from bridgescore.duplicate.session._individual import (
    Individual,
    IndividualScores,
    individual_scores,
    individual_section,
    player_recap_to_dict,
    score_individual,
)
from bridgescore.duplicate.session._json import rank_to_dict, scores_to_dict, traveller_to_dict
from bridgescore.duplicate.session._model import (
    METHODS,
    Board,
    BoardResult,
    Method,
    MethodInfo,
    Pair,
    Section,
    SectionKind,
    SessionRules,
    SessionWarning,
    Split,
)
from bridgescore.duplicate.session._room import (
    NOTES,
    notes_of,
    pair_notes,
    with_fouled_board,
    with_late_pair,
    with_withdrawal,
)
from bridgescore.duplicate.session._scores import (
    BoardPoints,
    PairScore,
    RankRow,
    RecapLine,
    SectionScorer,
    SectionScores,
    TravellerLine,
    points_if,
    points_of_board,
    score_section,
    score_section_with,
    score_session,
)
from bridgescore.duplicate.session._share import NOT_RANKED, qualifies, read_share, share_text
from bridgescore.errors import SessionError

__all__ = [
    "DIRECTOR",
    "METHODS",
    "NOTES",
    "NOT_RANKED",
    "Board",
    "BoardPoints",
    "BoardResult",
    "Heading",
    "Individual",
    "IndividualScores",
    "Method",
    "MethodInfo",
    "Pair",
    "PairScore",
    "RankRow",
    "RecapLine",
    "Section",
    "SectionKind",
    "SectionScorer",
    "SectionScores",
    "Session",
    "SessionError",
    "SessionRules",
    "SessionWarning",
    "Split",
    "TravellerLine",
    "csv_cell",
    "csv_text",
    "heading",
    "individual_scores",
    "individual_section",
    "notes_of",
    "pair_notes",
    "player_recap_to_dict",
    "points_if",
    "points_of_board",
    "qualifies",
    "rank_to_dict",
    "read_share",
    "score_individual",
    "score_section",
    "score_section_with",
    "score_session",
    "scores_to_dict",
    "session_from_dict",
    "session_to_dict",
    "share_text",
    "traveller_to_dict",
    "with_fouled_board",
    "with_late_pair",
    "with_withdrawal",
]
