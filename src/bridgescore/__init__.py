"""bridgescore: contract bridge scoring, exact and explained.

The core (this package's top level) is pure Python and imports only the standard library:

>>> import bridgescore
>>> bridgescore.score("4HX", 7, vulnerable=True).total
-800
>>> bridgescore.imps(620 - 170)
10
"""

from __future__ import annotations

from bridgescore.duplicate import (
    ARTIFICIAL,
    Adjusted,
    Artificial,
    butler,
    cross_imps,
    datum,
    matchpoints,
    matchpoints_ew,
    mp2,
    percentages,
    top,
    victory_points,
)
from bridgescore.errors import (
    BatchError,
    BridgeError,
    GameStateError,
    InvalidBoardError,
    InvalidResultError,
    NotationError,
    PbnError,
    RulesError,
)
from bridgescore.model import (
    PASS_OUT,
    Contract,
    Doubling,
    PassOut,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
    parse_contract,
)
from bridgescore.scoring import (
    IMP_THRESHOLDS,
    PART_NAMES,
    Score,
    ScorePart,
    UndertrickRule,
    imps,
    score,
    score_request,
    score_result,
    undertrick_penalty,
)

__version__ = "0.1.0"

__all__ = [
    "ARTIFICIAL",
    "IMP_THRESHOLDS",
    "PART_NAMES",
    "PASS_OUT",
    "Adjusted",
    "Artificial",
    "BatchError",
    "BridgeError",
    "Contract",
    "Doubling",
    "GameStateError",
    "InvalidBoardError",
    "InvalidResultError",
    "NotationError",
    "PassOut",
    "PbnError",
    "Result",
    "RulesError",
    "Score",
    "ScorePart",
    "Seat",
    "Side",
    "Strain",
    "UndertrickRule",
    "Vulnerability",
    "__version__",
    "butler",
    "cross_imps",
    "datum",
    "imps",
    "matchpoints",
    "matchpoints_ew",
    "mp2",
    "parse_contract",
    "percentages",
    "score",
    "score_request",
    "score_result",
    "top",
    "undertrick_penalty",
    "victory_points",
]
