"""Properties of every scheme's session awards, on random fields with ties and pairs not
ranked (SCORING.md §25.4): an award never grows with a worse place, tied places share the
awards of the places they fill, the sum over a field is the scheme's."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.duplicate.session import Pair, RankRow, Section, SectionScores
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import MasterpointSpec, Scheme, abf, acbl, awards, ebu, parse_spec

BOARDS = 24
"""Each ranked pair's boards (the EBU's scales count them: 18 to 35, a third of the pairs)."""


def _ranked(scores: list[int], unranked: int) -> list[RankRow]:
    """A field ranked as a session ranks it: best first, equal scores sharing a place (2=),
    then the pairs not ranked."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    rows = []
    for i in order:
        first = 1 + sum(1 for s in scores if s > scores[i])
        tied = scores.count(scores[i]) > 1
        rows.append(RankRow(f"{first}{'=' if tied else ''}", Pair(i + 1), scores[i], None,
                            BOARDS))  # fmt: skip
    rows += [RankRow("", Pair(len(scores) + k + 1), 0, None, 1, False) for k in range(unranked)]
    return rows


def _places(spec: MasterpointSpec, pairs: int) -> list[Decimal]:
    tables = (pairs + 1) // 2
    if spec.scheme is Scheme.ABF:
        return abf.placings(abf.session_winner(tables, one_winner=True, weight=spec.weight),
                            pairs)  # fmt: skip
    if spec.scheme is Scheme.EBU:  # full tables
        return [Decimal(x) for x in ebu.pairs_scale(pairs // 2, BOARDS, spec.weight)]
    return acbl.placings(acbl.section_first(tables, spec.weight), pairs)


def _tied_share(spec: MasterpointSpec, pot: Fraction) -> Fraction:
    """What each of a tie earns of the awards ``pot`` of the places it fills, before the
    scheme's rounding: the EBU's share is rounded up and at least the scale's minimum."""
    if spec.scheme is not Scheme.EBU or pot == 0:
        return pot
    return Fraction(max(math.ceil(pot), ebu.minimum(spec.weight)))


fields = st.tuples(
    st.lists(st.integers(0, 12), min_size=1, max_size=40),
    st.integers(0, 3),
    st.sampled_from(["abf", "abf:1", "abf:5/2", "acbl", "acbl:1.5", "ebu", "ebu:3/2", "ebu:4"]),
)


@settings(max_examples=150, deadline=None)
@given(fields)
def test_awards_follow_places(field: tuple[list[int], int, str]) -> None:
    scores, unranked, text = field
    spec = parse_spec(text)
    rows = _ranked(scores, unranked)
    scored = SectionScores(Section("A", "howell"), "mp", {}, {}, {}, {None: rows})
    got = awards(spec, [scored])
    assert set(got) == {r.pair for r in rows}  # every pair has an entry
    points = [got[r.pair].points for r in rows if r.ranked]
    assert points == sorted(points, reverse=True)  # never more for a worse place
    for r in rows:
        if not r.ranked:
            assert got[r.pair].points == 0
    # equal scores, equal awards: the share of the places they fill
    places = _places(spec, len(rows)) + [Decimal(0)] * len(rows)
    position = 0
    for score in sorted(set(scores), reverse=True):
        tied = [r for r in rows if r.ranked and r.total == score]
        assert len({got[r.pair].points for r in tied}) == 1
        share = _tied_share(
            spec, Fraction(sum(places[position : position + len(tied)])) / len(tied)
        )
        assert abs(Fraction(got[tied[0].pair].points) - share) <= Fraction(1, 200)
        position += len(tied)
    # the sum over the field is the scheme's, but for each tied pair's rounding (the EBU's
    # up, and to its minimum)
    total = sum(points, Decimal(0))
    if spec.scheme is Scheme.EBU:
        assert total >= sum(places[: len(scores)])
    else:
        assert abs(total - sum(places[: len(scores)])) <= Decimal("0.005") * len(scores)
    if len(set(scores)) == len(scores):
        assert total == sum(places[: len(scores)])


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_a_spec_or_a_masterpoints_error(text: str) -> None:
    refused: MasterpointError | None = None
    try:
        spec = parse_spec(text)
    except MasterpointError as exc:
        refused = exc
    if refused is not None:
        assert (refused.field, refused.value) == ("masterpoints", text)
        assert repr(text) in str(refused)
    else:
        assert parse_spec(spec.text) == spec
        assert 0 < spec.weight <= 100
