"""Events of several sessions: a two-session pairs event ranked as the figures worked by hand."""

from __future__ import annotations

import importlib
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Result
from bridgescore.duplicate.session import BoardResult, Section, SectionScores, Session
from bridgescore.errors import SessionError
from bridgescore.events.pairs import EventRules, PairsEvent, rank_event


def _scored(results: list[tuple[int, int, int, str]]) -> list[SectionScores]:
    section = Section(results=[BoardResult(b, ns, ew, Result.parse(r)) for b, ns, ew, r in results])
    return Session((section,)).scored()


# Session 1: one board. NS 1 v EW 1 make 3NT (+400); NS 2 v EW 2 go one off (-50).
ONE = _scored([(1, 1, 1, "3NTN="), (1, 2, 2, "3NTN-1")])
# Session 2: four boards, top 2 a board (8 in all):
#   1: 4S-1 (-50) at NS 1's table, 4S= (+420) at NS 2's: NS 2 and EW 1 get 2.
#   2: 2H= (+110), 2H+1 (+140): NS 2 and EW 1 get 2.
#   3 and 4: the same result at both tables: 1 each.
TWO = _scored([(1, 1, 1, "4SN-1"), (1, 2, 2, "4SN="), (2, 1, 1, "2HN="), (2, 2, 2, "2HN+1"),
               (3, 1, 1, "1NTN+1"), (3, 2, 2, "1NTN+1"), (4, 1, 1, "3NTN="),
               (4, 2, 2, "3NTN=")])  # fmt: skip


def _table(rows: list) -> list[tuple[str, str, str, tuple[float | None, ...], float]]:  # type: ignore[type-arg]
    return [(r.field, r.rank, r.pair.label, r.sessions, r.total) for r in rows]


def test_a_two_session_event_ranks_on_the_sum_of_matchpoints() -> None:
    """By hand: NS 1 has 2 of 2 then 2 of 8, 4 in all; NS 2 has 0 then 6: 6 in all, first.
    EW 1 has 0 then 6 (6, first); EW 2 has 2 then 2 (4)."""
    rows = rank_event(EventRules("matchpoints"), [ONE, TWO])
    assert _table(rows) == [
        ("NS", "1", "NS 2", (0.0, 6.0), 6.0),
        ("NS", "2", "NS 1", (2.0, 2.0), 4.0),
        ("EW", "1", "EW 1", (0.0, 6.0), 6.0),
        ("EW", "2", "EW 2", (2.0, 2.0), 4.0),
    ]


def test_the_same_event_ranked_on_the_average_of_percentages_ranks_otherwise() -> None:
    """By hand: NS 1 has 100% then 25%: 62.5%, first; NS 2 has 0% then 75%: 37.5%. EW 2 has
    100% then 25% (62.5%, first), EW 1 0% then 75% (37.5%): the short session weighs as much
    as the long one."""
    rows = rank_event(EventRules("percentage"), [ONE, TWO])
    assert _table(rows) == [
        ("NS", "1", "NS 1", (100.0, 25.0), 62.5),
        ("NS", "2", "NS 2", (0.0, 75.0), 37.5),
        ("EW", "1", "EW 2", (100.0, 25.0), 62.5),
        ("EW", "2", "EW 1", (0.0, 75.0), 37.5),
    ]


def test_a_carry_over_weighs_the_qualifying_session() -> None:
    """By hand, half the first session carried over: NS 1 has 1 + 2 = 3 matchpoints, NS 2
    0 + 6 = 6; by percentages NS 1 (50 + 25) / 1.5 = 50% and NS 2 (0 + 75) / 1.5 = 50%: a
    tie, both placed 1=."""
    half = EventRules.preset("half-carry-over", qualifying=1)
    assert [(r.pair.label, r.total) for r in rank_event(half, [ONE, TWO])][:2] == [
        ("NS 2", 6.0), ("NS 1", 3.0)]  # fmt: skip
    by_percent = EventRules.preset("1/2", ranking="percentage", qualifying=1)
    ns = [(r.rank, r.pair.label, r.total) for r in rank_event(by_percent, [ONE, TWO])][:2]
    assert ns == [("1=", "NS 1", 50.0), ("1=", "NS 2", 50.0)]


def test_an_event_round_trips_and_refuses_what_will_not_do() -> None:
    event = PairsEvent("Championship", ("a", "b", "c"), EventRules.preset("1/3", qualifying=1))
    assert PairsEvent.from_dict(event.to_dict()) == event
    assert event.rules.carry_over == Fraction(1, 3)
    cases: list[tuple[dict[str, object], str]] = [
        ({"sessions": ["a"]}, "sessions"),
        ({"sessions": ["a", "a"]}, "sessions"),
        ({"ranking": "imps"}, "ranking"),
        ({"carry_over": "3/2"}, "carry_over"),
        ({"carry_over": "lots"}, "carry_over"),
        ({"qualifying": 2, "sessions": ["a", "b"]}, "qualifying"),
        ({"kind": "teams"}, "kind"),
        ({"sessions": "ab"}, "sessions"),
    ]
    for bad, field in cases:
        with pytest.raises(SessionError) as caught:
            PairsEvent.from_dict(event.to_dict() | bad)
        assert caught.value.field == field, bad


@given(
    st.lists(
        st.sampled_from(["3NTN=", "3NTN-1", "3NTN+1", "4SE=", "1NTN="]), min_size=2, max_size=2
    ),
    st.sampled_from(["matchpoints", "percentage"]),
)
def test_an_event_of_one_session_twice_ranks_as_the_session(
    results: list[str], ranking: str
) -> None:
    scored = _scored([(1, 1, 1, results[0]), (1, 2, 2, results[1])])
    rows = rank_event(EventRules(ranking), [scored, scored])  # type: ignore[arg-type]
    session = [(r.rank, r.pair.label) for side in scored[0].rankings.values() for r in side]
    assert [(r.rank, r.pair.label) for r in rows] == session


def test_the_old_name_is_kept_for_one_release() -> None:
    """``bridgescore.event.Event`` was the pairs event's name: it still is, deprecated."""
    with pytest.deprecated_call(match="bridgescore.events.pairs"):
        event = importlib.import_module("bridgescore.event")

    assert event.Event is PairsEvent
    assert event.rank_event is rank_event
