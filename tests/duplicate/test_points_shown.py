"""Issue 31, item 7: matchpoints as players read them, to two decimals at most on every page,
file and letter; the stored value stays exact (``bridgescore.duplicate.field.shown_points``)."""

from __future__ import annotations

import csv
import dataclasses
import io
import re

from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session, score_session
from bridgescore.duplicate.session._csv import csv_text
from bridgescore.live import NOW, LiveResult, LiveState

RESULTS = ["4HS=", "4HS+1", "4HS-1", "3NTN="]


def thirds() -> LiveState:
    """A 4-table relay Mitchell, board 1 given A+/A- once (its other results factored up)."""
    state = LiveState.start(Session((Section.from_movement(mitchell(4, 2, even="relay")),)))
    for n, (r, t, b) in enumerate(state.missing(), 1):
        if (b, r) == (1, 1):
            e = state.entry(r, t, b, artificial="A+/A-")
        else:
            e = state.entry(r, t, b, result=RESULTS[(r if b == 1 else n + b) % 4])
        state = state.added(LiveResult(n, e, NOW, NOW))
    return state


def test_the_csv_shows_matchpoints_to_two_decimals_and_the_scores_stay_exact() -> None:
    """Before: ``101.3333333333`` in the CSV."""
    (scored,) = score_session(thirds().current)
    field, rows = next(iter(scored.rankings.items()))
    third = dataclasses.replace(rows[0], total=304 / 3)  # as an evening's sum of thirds
    scored = dataclasses.replace(scored, rankings={**scored.rankings, field: [third, *rows[1:]]})
    assert third.total == 304 / 3  # the stored value stays exact
    rows_out = list(csv.reader(io.StringIO(csv_text([scored]))))
    numbers = [cell for row in rows_out for cell in row if re.fullmatch(r"-?\d+\.\d+", cell)]
    assert "101.33" in numbers
    assert [cell for cell in numbers if len(cell.split(".")[1]) > 2] == []
