"""Duplicate: scoring a field of results on a board, weighted scores, sessions and movements.

- :mod:`~bridgescore.duplicate.field`: matchpoints (Neuberg), Butler, cross-IMPs, victory points
  and artificial scores (its names are also this package's);
- :mod:`~bridgescore.duplicate.weighted`: weighted scores (Law 12C1(c));
- :mod:`~bridgescore.duplicate.movement`: movements (Mitchell, Howell, files, fairness);
- :mod:`~bridgescore.duplicate.session`: a session of sections, pairs, boards and results, scored;
- :mod:`~bridgescore.duplicate.analysis`: each pair's analysis against double dummy and par;
- :mod:`~bridgescore.duplicate.strata`: A/B/C strata by masterpoints or grade, each ranked.
"""

from __future__ import annotations

from bridgescore.duplicate import field
from bridgescore.duplicate.field import *  # noqa: F403 - field's names are the package's
from bridgescore.duplicate.field import Award, Divisor, Rounding

__all__ = ["Award", "Divisor", "Rounding"]
__all__ += field.__all__
