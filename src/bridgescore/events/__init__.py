"""Events: team and Swiss events (round robins, Swiss teams and pairs, knockouts; SCORING.md
§16), pairs events of several sessions (:class:`PairsEvent`, :mod:`.pairs`; SCORING.md §20),
and a club's season: ladders over its sessions (:mod:`.season`; SCORING.md §28).

The model (:class:`Event` and its parts) and the scoring are pure Python; the Swiss draw's
matching (:mod:`bridgescore.events.draw`) uses networkx (the ``events`` extra) and is imported
only when a Swiss round is drawn.
"""

from __future__ import annotations

from bridgescore.events._model import Event
from bridgescore.events._schedule import bracket, round_robin
from bridgescore.events._score import match_scores
from bridgescore.events._swiss import draw_key
from bridgescore.events._ties import (
    MAX_EXTRA_BOARDS,
    RepeatMeetingError,
    TieError,
    carry_over,
    repeats,
    swap_repeats,
    tied,
    with_extra_boards,
)
from bridgescore.events._values import (
    Entrant,
    Entry,
    EventKind,
    Match,
    MatchScore,
    Room,
    Round,
    Scoring,
    Standing,
    player,
    teams,
)
from bridgescore.events.pairs import EventRules, PairsEvent, rank_event
from bridgescore.events.scales import BYE_PRESETS, VpScale

__all__ = [
    "BYE_PRESETS",
    "MAX_EXTRA_BOARDS",
    "Entrant",
    "Entry",
    "Event",
    "EventKind",
    "EventRules",
    "Match",
    "MatchScore",
    "PairsEvent",
    "RepeatMeetingError",
    "Room",
    "Round",
    "Scoring",
    "Standing",
    "TieError",
    "VpScale",
    "bracket",
    "carry_over",
    "draw_key",
    "match_scores",
    "player",
    "rank_event",
    "repeats",
    "round_robin",
    "swap_repeats",
    "teams",
    "tied",
    "with_extra_boards",
]
