"""A state's lookups carried on by :meth:`LiveState.added` agree with those worked out afresh
(a write per result costs no pass over all the results, and answers the same)."""

from __future__ import annotations

import random

from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.live import LiveResult, LiveState
from bridgescore.live.state import NOW


def test_lookups_carried_on_equal_those_worked_out_afresh() -> None:
    state = LiveState.start(Session((Section.from_movement(mitchell(5, 2, rounds=5)),)))
    plays = [(p.round, p.table, b) for p in mitchell(5, 2, rounds=5).plays for b in p.boards]
    random.Random(7).shuffle(plays)
    for n, (round_number, table, board) in enumerate(plays, 1):
        for t in range(1, 6):  # what a write asks: worked out, so carried on to the next
            state.entered_round(t), state.reached_round(t)
        state.result(n - 1) if n > 1 else None
        entry = state.entry(round_number, table, board, result="3NTN=")
        state = state.added(LiveResult(n, entry, NOW, NOW))
        fresh = LiveState(state.night, state.version, state.closed, state.results)
        assert [state.entered_round(t) for t in range(1, 6)] == [
            fresh.entered_round(t) for t in range(1, 6)
        ]
        assert [state.reached_round(t) for t in range(1, 6)] == [
            fresh.reached_round(t) for t in range(1, 6)
        ]
        assert state.at(table, round_number, board) == fresh.at(table, round_number, board)
        assert state.result(n) == fresh.result(n)
        assert {"_by_slot", "_by_id", "_entered"} <= state.__dict__.keys()
