"""Whether a movement is complete, and the complete movements offered instead."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bridgescore.duplicate.movement import (
    Movement,
    MovementError,
    alternatives,
    completeness,
    howell,
    mitchell,
)


def _rebuilt(options: dict[str, Any]) -> Movement:
    o = dict(options)
    kind = o.pop("movement")
    if kind == "howell":
        return howell(o.pop("pairs"), o.pop("boards_per_round"), **o)
    return mitchell(o.pop("tables"), o.pop("boards_per_round"), **o)


CASES = [
    # movement, complete, misses per pair (lowest, highest), alternatives offered
    (mitchell(4, 3), False, (1, 1), ["Share-and-relay Mitchell", "Howell"]),
    (mitchell(4, 3, even="relay"), True, (0, 0), []),
    (mitchell(5, 3), True, (0, 0), []),
    (mitchell(5, 2, half_table=True), True, (0, 0), []),
    (mitchell(7, 3, rounds=5), False, (2, 2), ["Mitchell, all rounds", "Howell"]),
    (mitchell(6, 2, arrow_switch=True), False, (1, 1), ["Share-and-relay Mitchell", "Howell"]),
    (mitchell(12, 2), False, (1, 1), ["Share-and-relay Mitchell"]),  # 24 pairs: no Howell
    (mitchell(8, 2, even="relay", rounds=6), False, (2, 2), ["Mitchell, all rounds", "Howell"]),
    (howell(8, 3), True, (0, 0), []),
    (howell(9, 2), True, (0, 0), []),
    (howell(10, 2, rounds=7), False, (2, 2), ["Howell, all rounds"]),
]


@pytest.mark.parametrize(("movement", "complete", "misses", "offered"), CASES)
def test_completeness_and_alternatives(
    movement: Movement, complete: bool, misses: tuple[int, int], offered: list[str]
) -> None:
    c = completeness(movement)
    assert c.complete is complete
    each = [c.misses(p) for p in movement.pairs]
    assert (min(each), max(each)) == misses
    assert c.summary().startswith("Complete" if complete else "Incomplete")
    assert [a.name for a in alternatives(movement)] == offered


def test_the_four_table_skip_mitchell_names_what_each_pair_misses() -> None:
    c = completeness(mitchell(4, 3))
    assert c.missed == (("NS 1", "EW 3"), ("NS 2", "EW 4"), ("NS 3", "EW 1"), ("NS 4", "EW 2"))
    assert c.summary() == (
        "Incomplete: every pair misses 1 of its 4 opponents "
        "(NS 1 v EW 3, NS 2 v EW 4, NS 3 v EW 1, NS 4 v EW 2)."
    )


@st.composite
def movements(draw: st.DrawFn) -> Movement:
    per_round = draw(st.integers(1, 3))
    if draw(st.booleans()):
        pairs = draw(st.integers(4, 14))
        rounds = draw(st.integers(1, pairs - 1 if pairs % 2 == 0 else pairs))
        return howell(pairs, per_round, rounds=rounds)
    tables = draw(st.integers(2, 12))
    even: Literal["skip", "relay"] = draw(st.sampled_from(["skip", "relay"]))
    most = tables - 1 if tables % 2 == 0 and even == "skip" else tables
    rounds, switch, half = draw(st.integers(1, most)), draw(st.booleans()), draw(st.booleans())
    try:
        return mitchell(tables, per_round, rounds=rounds, even=even, arrow_switch=switch,
                        half_table=half)  # fmt: skip
    except MovementError:  # a half table cut to rounds in which some boards are never played
        assume(False)
        raise


@settings(max_examples=60, deadline=None)
@given(movements())
def test_a_pair_misses_the_opponents_it_has_no_round_with(m: Movement) -> None:
    """No two pairs meet twice, so a pair meets as many opponents as the rounds it plays."""
    c = completeness(m)
    for pair in m.pairs:
        played = sum(pair in (p.ns, p.ew) for p in m.plays)
        assert c.misses(pair) == c.opponents[pair] - played
    assert c.complete is all(c.misses(p) == 0 for p in m.pairs)


@settings(max_examples=40, deadline=None)
@given(movements())
def test_every_alternative_is_complete_and_is_what_its_options_build(m: Movement) -> None:
    found = alternatives(m)
    assert (found == ()) is completeness(m).complete  # an incomplete one always has one
    for a in found:
        assert completeness(a.movement).complete
        assert len(a.movement.pairs) == len(m.pairs)
        assert _rebuilt(dict(a.options)) == a.movement
