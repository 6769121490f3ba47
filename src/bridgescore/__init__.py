"""bridgescore: contract bridge scoring, exact and explained.

The core (this package's top level) is pure Python and imports only the standard library:

>>> import bridgescore
>>> bridgescore.score("4HX", 7, vulnerable=True).total
-800
>>> bridgescore.imps(620 - 170)
10
>>> from bridgescore import Rubber, Chicago, Session
>>> Rubber().record("4H", "we", 10).totals[bridgescore.WeThey.WE]
120

One deal: :func:`score`, :func:`score_result`, :func:`score_request`; the domain's values in
:mod:`bridgescore.model`. Home games: :class:`Rubber`, :class:`Chicago`. Duplicate:
:class:`Session` and its :class:`Section` s, the field functions (:func:`matchpoints`,
:func:`butler`, :func:`cross_imps`; weighted adjusted scores, :class:`Weighted`),
:class:`TeamMatch`; movements: :func:`mitchell`,
:func:`howell`, :class:`Movement` (:mod:`bridgescore.duplicate.movement`). Files:
:mod:`bridgescore.pbn`, BBO's LIN in :mod:`bridgescore.lin`; a board's calls and cards:
:class:`Auction`, :class:`Play`. Hands and par: :class:`Deal` (PBN's ``Deal`` notation, hand
diagrams), :func:`par` from a double-dummy table (the tables themselves:
:mod:`bridgescore.boards.dd`, with endplay). Many deals at once: :mod:`bridgescore.batch` (numpy).
Storage, the CLI and the web app are outer layers the core never imports.
"""

from __future__ import annotations

import sys

from bridgescore._moved import MovedFinder, Package
from bridgescore._version import __version__
from bridgescore.boards.auction import Auction, Call
from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal, Hand
from bridgescore.boards.par import Par, ParContract, par
from bridgescore.boards.play import Play, PlayedCard
from bridgescore.duplicate.field import (
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
from bridgescore.duplicate.movement import Movement, howell, mitchell
from bridgescore.duplicate.session import (
    BoardResult,
    Pair,
    Section,
    SectionScores,
    Session,
    SessionWarning,
)
from bridgescore.duplicate.weighted import Weighted, WeightedScore
from bridgescore.errors import (
    BatchError,
    BridgeError,
    EventError,
    GameStateError,
    InvalidBoardError,
    InvalidResultError,
    LinError,
    MovementError,
    NotationError,
    PbnError,
    RulesError,
    SessionError,
)
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.home.chicago import Chicago, ChicagoDeal, ChicagoRules
from bridgescore.home.rubber import Rubber, RubberDeal, RubberRules, WeThey
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
from bridgescore.players import Player
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

# The old paths of the modules that moved into folders answer for one release (warning).
MovedFinder.install()
sys.modules[__name__].__class__ = Package

__all__ = [
    "ARTIFICIAL",
    "IMP_THRESHOLDS",
    "PART_NAMES",
    "PASS_OUT",
    "Adjusted",
    "Artificial",
    "Auction",
    "BatchError",
    "Board",
    "BoardResult",
    "BridgeError",
    "Call",
    "Chicago",
    "ChicagoDeal",
    "ChicagoRules",
    "Contract",
    "Deal",
    "Doubling",
    "EventError",
    "GameStateError",
    "Hand",
    "InvalidBoardError",
    "InvalidResultError",
    "LinError",
    "MatchBoard",
    "Movement",
    "MovementError",
    "NotationError",
    "Pair",
    "Par",
    "ParContract",
    "PassOut",
    "PbnError",
    "Play",
    "PlayedCard",
    "Player",
    "Result",
    "Rubber",
    "RubberDeal",
    "RubberRules",
    "RulesError",
    "Score",
    "ScorePart",
    "Seat",
    "Section",
    "SectionScores",
    "Session",
    "SessionError",
    "SessionWarning",
    "Side",
    "Strain",
    "TeamMatch",
    "UndertrickRule",
    "Vulnerability",
    "WeThey",
    "Weighted",
    "WeightedScore",
    "__version__",
    "butler",
    "cross_imps",
    "datum",
    "howell",
    "imps",
    "matchpoints",
    "matchpoints_ew",
    "mitchell",
    "mp2",
    "par",
    "parse_contract",
    "percentages",
    "score",
    "score_request",
    "score_result",
    "top",
    "undertrick_penalty",
    "victory_points",
]
