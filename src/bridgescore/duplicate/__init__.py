"""Duplicate: scoring a field of results on a board, weighted scores, sessions and movements.

- :mod:`~bridgescore.duplicate.field`: matchpoints (Neuberg), Butler, cross-IMPs, victory points
  and artificial scores (its names are also this package's);
- :mod:`~bridgescore.duplicate.weighted`: weighted scores (Law 12C1(c));
- :mod:`~bridgescore.duplicate.movement`: movements (Mitchell, Howell, files, fairness);
- :mod:`~bridgescore.duplicate.session`: a session of sections, pairs, boards and results, scored;
- :mod:`~bridgescore.duplicate.analysis`: each pair's analysis against double dummy and par.
"""

from __future__ import annotations

from bridgescore.duplicate.field import (
    ARTIFICIAL,
    ARTIFICIAL_ACBL,
    ARTIFICIAL_EBU,
    ARTIFICIAL_PRESETS,
    MAX_COMBINATIONS,
    Adjusted,
    Artificial,
    Award,
    BoardScore,
    Butler,
    Divisor,
    Rounding,
    Weighted,
    WeightedScore,
    butler,
    cross_imps,
    datum,
    dropped_count,
    matchpoints,
    matchpoints_ew,
    mp2,
    percentages,
    top,
    victory_points,
)

__all__ = [
    "ARTIFICIAL",
    "ARTIFICIAL_ACBL",
    "ARTIFICIAL_EBU",
    "ARTIFICIAL_PRESETS",
    "MAX_COMBINATIONS",
    "Adjusted",
    "Artificial",
    "Award",
    "BoardScore",
    "Butler",
    "Divisor",
    "Rounding",
    "Weighted",
    "WeightedScore",
    "butler",
    "cross_imps",
    "datum",
    "dropped_count",
    "matchpoints",
    "matchpoints_ew",
    "mp2",
    "percentages",
    "top",
    "victory_points",
]
