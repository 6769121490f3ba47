"""IMPs of many point differences at once, on the core's WBF scale (``IMP_THRESHOLDS``)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bridgescore.batch._columns import DIFFERENCE, columns, length
from bridgescore.scoring import IMP_THRESHOLDS

__all__ = ["imps_many"]

_IMP_STEPS: Final = np.array(IMP_THRESHOLDS, np.int64)


def imps_many(difference: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """Convert point differences to IMPs on the WBF scale, keeping the sign (as :func:`imps`).

    >>> imps_many([250, -450, 10, 720, 5000])
    array([  6, -10,   0,  12,  24], dtype=int8)

    :raises BatchError: for differences that are not whole numbers.
    """
    (diff,) = columns((difference, DIFFERENCE))
    wide = np.broadcast_to(np.asarray(diff, np.int64), (length([diff]),))
    steps = np.searchsorted(_IMP_STEPS, np.abs(wide), side="right").astype(np.int8)
    result: npt.NDArray[np.int8] = np.where(wide < 0, -steps, steps)
    return result
