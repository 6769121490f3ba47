"""Live: results entered at the tables while a night is played.

- :mod:`~bridgescore.live.night`: what differs between a pairs evening and a team night (who
  sits where, what a board takes, what it is compared with);
- :mod:`~bridgescore.live.state`: a night as of one version (:class:`LiveState`);
- :mod:`~bridgescore.live.rules`: :func:`accept`, the one decision on every entry, change and
  deletion, for every kind of night;
- :mod:`~bridgescore.live.entry`: what a table enters for one board, and a stored entry;
- :mod:`~bridgescore.live.definition`: the director's changes to the night's definition (late
  pairs, withdrawals, fouled boards; a team night's draw, swaps and carry-overs);
- :mod:`~bridgescore.live.deals`: the hand records attached while the night goes on, and who may
  see them;
- :mod:`~bridgescore.live.teams`: what a team night's tables show (a match's boards, where
  each entrant sits).

The names of :mod:`.rules` (which has those of :mod:`.state` and :mod:`.entry` that it
decides on) are also this package's, with :class:`~.night.Seating` and :class:`~.night.Sitting`.
"""

from __future__ import annotations

from bridgescore.live import rules
from bridgescore.live.night import Seating, Sitting
from bridgescore.live.rules import *  # noqa: F403 - its names are the package's

__all__ = ["Seating", "Sitting"]
__all__ += rules.__all__
