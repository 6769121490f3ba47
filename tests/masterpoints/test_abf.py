"""The ABF's masterpoints (SCORING.md §25.1), against the Masterpoint Manual's clauses and the
awards Compscore (the ABF's club scoring program) wrote into its own USEBIO files."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.duplicate.session import score_session
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import Scheme, abf, awards, parse_spec
from bridgescore.usebio import read as read_file
from tests.conftest import DATA

USEBIO = DATA / "real" / "usebio"

# Each Compscore file with the weight of its session: GREEN club sessions at 1.5, the RED one
# at 2.5 (Tables 1B, 2B and 2C). mp_pairs_mitchell_02 and the adjusted files were changed
# after scoring (tests/data/real/README.md) and are left out.
COMPSCORE = [
    ("compscore3_butler_howell.xml", "abf"),
    ("compscore3_butler_mitchell.xml", "abf"),
    ("compscore3_cross_imp_howell.xml", "abf"),
    ("compscore3_mp_pairs_howell.xml", "abf:2.5"),
    ("compscore3_mp_pairs_mitchell.xml", "abf"),
    ("compscore3_mp_pairs_mitchell_03.xml", "abf"),
    ("compscore3_mp_pairs_mitchell_04.xml", "abf"),
]


@pytest.mark.parametrize(("name", "spec"), COMPSCORE)
def test_every_pair_earns_what_compscore_awarded(name: str, spec: str) -> None:
    read = read_file((USEBIO / name).read_bytes(), source=name)
    got = awards(parse_spec(spec), score_session(read.session))
    assert len(got) == len(read.standings)
    for row in read.standings:
        assert row.master_points is not None, row
        award = got[next(p for p in got if p.key == row.pair.key)]
        assert award.points == row.master_points * Scheme.ABF.unit, (row.pair.label, row.place)
        assert award.kind == row.master_point_type


def test_the_files_hold_ties_and_both_kinds() -> None:
    """The comparison above covers a tie sharing an award and a place past the awards (3=
    of a 7-pair field whose top half is 3), and green and red points."""
    read = read_file((USEBIO / "compscore3_mp_pairs_mitchell_03.xml").read_bytes())
    tied = [r for r in read.standings if r.pair.side and r.pair.side.value == "NS"
            and r.place == "3"]  # fmt: skip
    assert [r.master_points for r in tied] == [6, 6]  # (0.11 + 0) / 2, rounded up
    kinds = {
        read_file((USEBIO / n).read_bytes()).standings[0].master_point_type for n, _ in COMPSCORE
    }
    assert kinds == {"GREEN", "RED"}


@pytest.mark.parametrize("tables", range(1, 31))
def test_a_club_mitchell_gives_its_winners_three_hundredths_a_table(tables: int) -> None:
    """NSWBA's club handbook: at the usual 1.5, "the allocation of each winning pair in a club
    Mitchell movement pairs is three times the number of tables" (in hundredths)."""
    winner = abf.session_winner(tables, one_winner=False, weight=Fraction(3, 2))
    assert winner / Scheme.ABF.unit == 3 * tables


def test_placings_follow_clause_4_2_1() -> None:
    """Top half, rounded down ("in a field of 9, awards are made to the 4th position");
    runners-up 70 %; third half the winners' award, fourth a third."""
    places = abf.placings(Decimal("0.60"), 9)
    assert places == [Decimal("0.60"), Decimal("0.42"), Decimal("0.30"), Decimal("0.20")]
    assert abf.placings(Decimal("0.60"), 1) == []


@pytest.mark.parametrize("one_winner", [False, True])
def test_the_winners_award_never_falls_as_tables_grow(one_winner: bool) -> None:
    """Both formulas of clause 3.1.1, across the change at 30 (15) tables."""
    awards_ = [abf.session_winner(t, one_winner=one_winner, weight=Fraction(1))
               for t in range(1, 80)]  # fmt: skip
    assert awards_ == sorted(awards_)
    assert awards_[-1] < 1  # W(1 - exp(-T/k)) stays under W


def test_outright_awards_grow_with_the_event_and_refuse_two_or_three_sessions() -> None:
    got = [abf.outright_winner(t, s, Fraction(1)) for s in (4, 5, 6) for t in (5, 10, 40)]
    assert got[:3] == sorted(got[:3])
    assert got[0] < got[3] < got[6]
    for sessions in (1, 2, 3):
        with pytest.raises(MasterpointError) as caught:
            abf.outright_winner(10, sessions, Fraction(1))
        assert (caught.value.field, caught.value.value) == ("sessions", sessions)


def test_no_tables_no_awards() -> None:
    with pytest.raises(MasterpointError) as caught:
        abf.session_winner(0, one_winner=True, weight=Fraction(1))
    assert caught.value.field == "tables"


def test_the_real_files_are_where_the_readme_says() -> None:
    readme = (DATA / "real" / "README.md").read_text()
    for name, _ in COMPSCORE:
        assert f"usebio/{name}" in readme
        assert Path(USEBIO / name).is_file()
