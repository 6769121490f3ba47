"""Outright awards for a pairs event of several sessions (SCORING.md §25.1, clause 3.1.2), on
the rows :func:`bridgescore.events.pairs.rank_event` gives (§20)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from bridgescore.duplicate.session import Pair
from bridgescore.errors import MasterpointError
from bridgescore.events.pairs import EventRankRow
from bridgescore.masterpoints import abf, event_awards, parse_spec
from bridgescore.model import Side


def _rows(field: str, totals: list[float]) -> list[EventRankRow]:
    side = None if field == "all" else Side(field)
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    out = []
    for i in order:
        first = 1 + sum(1 for t in totals if t > totals[i])
        tie = "=" if totals.count(totals[i]) > 1 else ""
        out.append(EventRankRow(f"{first}{tie}", field, Pair(i + 1, side), (totals[i],) * 4,
                                totals[i]))  # fmt: skip
    return out


def test_a_four_session_howell_event() -> None:
    """Ten pairs (5 tables), four sessions: the winner earns clause 3.1.2's award, the top half
    of the entry the placings of clause 4.2.1."""
    rows = _rows("all", [60, 58, 57, 55, 54, 50, 48, 45, 40, 33])
    got = event_awards(parse_spec("abf:2.5"), rows, 4)
    winner = abf.outright_winner(5, 4, Fraction(5, 2))
    assert [got[r.pair].points for r in rows] == abf.placings(winner, 10) + [Decimal(0)] * 5
    assert {a.kind for a in got.values()} == {"RED"}


def test_a_mitchell_event_awards_each_field_on_the_larger_entry() -> None:
    rows = _rows("NS", [55, 52, 50, 44]) + _rows("EW", [61, 50, 50, 47, 40])
    got = event_awards(parse_spec("abf"), rows, 5)
    winner = abf.outright_winner(5, 5, Fraction(3, 2))
    ns = [got[r.pair].points for r in rows if r.field == "NS"]
    ew = [got[r.pair].points for r in rows if r.field == "EW"]
    assert ns == [*abf.placings(winner, 4), Decimal(0), Decimal(0)]
    first, second = abf.placings(winner, 5)  # the top half of 5: two places
    tied = (second / 2).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)  # 2= fills 2nd and 3rd
    assert ew == [first, tied, tied, Decimal(0), Decimal(0)]


@pytest.mark.parametrize("sessions", [2, 3])
def test_two_or_three_sessions_are_refused(sessions: int) -> None:
    with pytest.raises(MasterpointError) as caught:
        event_awards(parse_spec("abf"), _rows("all", [60, 50]), sessions)
    assert (caught.value.field, caught.value.value) == ("sessions", sessions)
