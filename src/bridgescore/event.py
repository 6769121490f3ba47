"""Deprecated: pairs events are :mod:`bridgescore.events.pairs` (``PairsEvent``, once
``Event`` here). This module re-exports them for one release."""

from __future__ import annotations

from bridgescore.events.pairs import PRESETS, EventRow, EventRules, PairsEvent, Ranking, rank_event

Event = PairsEvent
"""Deprecated name of :class:`~bridgescore.events.pairs.PairsEvent`."""

__all__ = ["PRESETS", "Event", "EventRow", "EventRules", "PairsEvent", "Ranking", "rank_event"]
