"""The ACBL's open club game awards (SCORING.md §25.2) from the ACBL Handbook's own examples,
and the EBU's Scale F (§25.3) from the EBU's answer on its forum."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bridgescore.duplicate.session import Pair, RankRow, Section, SectionScores
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import acbl, awards, ebu, event_awards, parse_spec
from bridgescore.model import Side


def _field(n: int) -> SectionScores:
    rows = [RankRow(str(i), Pair(i), float(100 - i), None, 10) for i in range(1, n + 1)]
    return SectionScores(Section("A", "howell"), "mp", {}, {}, {}, {None: rows})


def test_section_awards_as_the_handbook_counts_them() -> None:
    """ "An eight-table Mitchell movement is two groups of 8 pairs. A five-table Howell
    movement is one group of 10 pairs ... Depth of awards is 40% times the number of pairs in
    the comparison group, rounded to the nearest whole number with .5 rounded up." "Open games
    award .10 MP per table for first place in each group ... Maximum award is 1.50"."""
    assert (acbl.depth(8), acbl.depth(10)) == (3, 4)
    assert acbl.section_first(8, Fraction(1)) == Decimal("0.80")
    assert acbl.section_first(5, Fraction(1)) == Decimal("0.50")
    assert acbl.section_first(16, Fraction(1)) == acbl.section_first(40, Fraction(1))
    assert acbl.section_first(40, Fraction(1)) == Decimal("1.50")
    got = awards(parse_spec("acbl"), [_field(10)])
    assert [str(a.points) for a in got.values()][:5] == ["0.50", "0.35", "0.25", "0.18", "0.00"]
    assert {a.kind for a in got.values()} == {"black"}


def test_a_mitchells_half_table_counts_whole() -> None:
    """ "7 1/2 tables would be 8 pairs in each group": 11 NS and 12 EW pairs are two groups of
    12, so NS's awards go 5 deep (40 % of 12 = 4.8), not 4 (40 % of 11 = 4.4)."""
    ns = [RankRow(str(i), Pair(i, Side.NS), 100.0 - i, None, 9) for i in range(1, 12)]
    ew = [RankRow(str(i), Pair(i, Side.EW), 100.0 - i, None, 9) for i in range(1, 13)]
    scored = SectionScores(Section("A"), "mp", {}, {}, {}, {Side.NS: ns, Side.EW: ew})
    got = awards(parse_spec("acbl"), [scored])
    assert [sum(1 for r in rows if got[r.pair].points) for rows in (ns, ew)] == [5, 5]
    assert got[ns[0].pair].points == Decimal("1.20")


def test_places_past_the_fourth_earn_one_over_their_place() -> None:
    """ "The second place award is 70% of 1st, third is 50% of 1st, fourth is 35%, fifth is 1/5
    and sixth is 1/6, etc." (20 pairs: 8 places)."""
    places = acbl.placings(Decimal("1.00"), 20)
    assert [str(p) for p in places] == ["1.00", "0.70", "0.50", "0.35", "0.20", "0.17", "0.14",
                                        "0.13"]  # fmt: skip


@pytest.mark.parametrize("boards", [17, 36])
def test_scale_f_outside_its_column_is_refused(boards: int) -> None:
    with pytest.raises(MasterpointError) as caught:
        ebu.scale_f(6, boards)
    assert (caught.value.field, caught.value.value) == ("boards", boards)


def test_scale_f_as_the_ebu_explains_its_table() -> None:
    """EBU forum, "Master Points and Individual Events" (2021 handbook, p. 59): a full 6-table
    individual of 18-35 boards: "the top award is 24, the number of awards is 8, and the awards
    go down in decrements of 3, except ... there is a minimum award of 6, so the 7th and 8th
    players both get 6"; the top third of the players: 5 and 6 awards at 4 and 5 tables."""
    assert ebu.scale_f(6, 24) == [24, 21, 18, 15, 12, 9, 6, 6]
    assert (len(ebu.scale_f(4, 18)), len(ebu.scale_f(5, 35))) == (5, 6)
    for tables in range(1, 40):
        got = ebu.scale_f(tables, 24)
        assert len(got) == 4 * tables // 3
        assert got == sorted(got, reverse=True)
        assert min(got) >= ebu.MINIMUM


def test_what_is_not_available_is_refused_naming_the_input() -> None:
    mitchell = SectionScores(Section("A", "mitchell"), "mp", {}, {}, {}, {
        side: [RankRow(str(i), Pair(i, side), 1.0, None, 24) for i in (1, 2, 3)]
        for side in (Side.NS, Side.EW)})  # fmt: skip
    for text in ("ebu", "ebu:2"):  # a two-winner session's scales are not available
        with pytest.raises(MasterpointError) as caught:
            awards(parse_spec(text), [mitchell])
        assert (caught.value.field, caught.value.value) == ("masterpoints", parse_spec(text).text)
    with pytest.raises(MasterpointError) as caught:
        event_awards(parse_spec("acbl"), [], 4)
    assert caught.value.field == "masterpoints"


def test_two_sections_pairs_that_cannot_be_told_apart_are_refused() -> None:
    with pytest.raises(MasterpointError) as caught:
        awards(parse_spec("abf"), [_field(4), _field(4)])
    assert (caught.value.field, caught.value.value) == ("sections", "1")
    assert len(awards(parse_spec("abf"), [_field(4)])) == 4
