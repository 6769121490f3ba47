"""The EBU's local points for a one-winner pairs session (SCORING.md §25.3): ScoreBridge's own
awards at an EBU club, the rows of the handbook's tables quoted on the EBU's forum, the scales'
minima, and what is refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.club.filing import ebu_usebio
from bridgescore.duplicate.session import Pair, RankRow, Section, SectionScores, score_session
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import awards, ebu, parse_spec
from bridgescore.model import Side
from bridgescore.usebio import read as read_file

SCOREBRIDGE = Path(__file__).parents[1] / "data" / "real" / "usebio"
SCOREBRIDGE /= "scorebridge_forest_of_dean_mp_pairs.xml"


def _howell(rows: list[RankRow]) -> SectionScores:
    return SectionScores(Section("A", "howell"), "mp", {}, {}, {}, {None: rows})


def test_every_pair_earns_what_scorebridge_awarded_for_its_place() -> None:
    """ScoreBridge 10.25.02 at an EBU club (Club scale, one winner, 8 pairs, 24 boards played):
    18, 12, and 6 each to the two pairs tied for 3rd (the 3rd award, 6, shared with the 4th
    place's none is 3, raised to the club minimum); nothing to the rest."""
    data = SCOREBRIDGE.read_bytes()
    event = ET.fromstring(data[data.index(b"<USEBIO") :]).find("EVENT")
    assert event is not None
    assert (event.findtext("WINNER_TYPE"), event.findtext("MASTER_POINT_SCALE")) == ("1", "Club")
    boards = int(event.findtext("BOARDS_PLAYED") or 0)
    standings = read_file(data).standings
    # the file's own places (its percentages are ScoreBridge's; SCORING.md §21)
    rows = [RankRow(r.place, r.pair, 0.0, None, boards) for r in standings]
    got = awards(parse_spec("ebu"), [_howell(rows)])
    assert [got[r.pair].points for r in standings] == [
        Decimal(r.master_points or 0) for r in standings
    ]
    assert [str(got[r.pair].points) for r in standings] == [
        "18",
        "12",
        "6",
        "6",
        "0",
        "0",
        "0",
        "0",
    ]
    assert {got[r.pair].kind for r in standings} == {r.master_point_type for r in standings[:4]}


@pytest.mark.parametrize(
    ("boards", "tables", "count"),
    [
        # "25-26 tables 13 awards if 1/4" (up to 17 boards): 24 and 27 tables are other rows
        (12, 24, 12), (16, 25, 13), (17, 26, 13), (12, 27, 14),
        # "19 tables 13 awards if 1/3" (18 to 35 boards)
        (18, 18, 12), (24, 19, 13), (35, 20, 14),
        # "13 tables 13 awards if 1/2" (36 boards or more)
        (36, 12, 12), (40, 13, 13), (36, 14, 14),
    ],
)  # fmt: skip
def test_the_number_of_awards_as_the_handbooks_tables_give_it(
    boards: int, tables: int, count: int
) -> None:
    """The handbook's tables as quoted on the EBU TDs' forum ("Eligibility for Masterpoints -
    rounding up or down"): counted on full tables, a part of an award rounded up."""
    assert ebu.award_count(tables, boards) == count


def test_each_scales_minimum_as_the_ebu_gives_it() -> None:
    """ "An over-riding minimum of 6 points for any club award (and corresponding minima for
    the other scales of 9, 12, 18, 24)"; the county scale is twice the club's."""
    assert [ebu.minimum(Fraction(w)) for w in ("1", "3/2", "2", "3", "4")] == [6, 9, 12, 18, 24]
    club, county = ebu.pairs_scale(7, 24), ebu.pairs_scale(7, 24, Fraction(2))
    assert county == [2 * x for x in club]
    assert club[-1] == ebu.RATE
    assert [club[i] - club[i + 1] for i in range(len(club) - 1)] == [ebu.RATE] * (len(club) - 1)


def test_a_tie_shares_rounded_up_and_at_least_the_minimum() -> None:
    rows = [RankRow(rank, Pair(n), 0.0, None, 24) for n, rank in
            enumerate(["1=", "1=", "3=", "3=", "3=", "6", "7", "8", "9", "10"], 1)]  # fmt: skip
    got = awards(parse_spec("ebu:2"), [_howell(rows)])  # 5 tables, 24 boards: 4 awards of 12
    # (48 + 36) / 2 = 42; (24 + 12 + 0) / 3 = 12
    assert [int(got[r.pair].points) for r in rows] == [42, 42, 12, 12, 12, 0, 0, 0, 0, 0]
    rows[2:5] = [RankRow("3=", Pair(n), 0.0, None, 24) for n in (3, 4)] + [
        RankRow("5", Pair(5), 0.0, None, 24)
    ]
    got = awards(parse_spec("ebu:1.5"), [_howell(rows)])  # 4 awards of 9: 36, 27, 18, 9
    assert [int(got[r.pair].points) for r in rows[:5]] == [32, 32, 14, 14, 0]  # 31.5 up


def test_what_the_ebu_scales_do_not_give_is_refused_naming_the_input() -> None:
    ns = [RankRow(str(i), Pair(i, Side.NS), 0.0, None, 24) for i in range(1, 5)]
    ew = [RankRow(str(i), Pair(i, Side.EW), 0.0, None, 24) for i in range(1, 5)]
    mitchell = SectionScores(Section("A", "mitchell"), "mp", {}, {}, {}, {Side.NS: ns, Side.EW: ew})
    with pytest.raises(MasterpointError) as caught:
        awards(parse_spec("ebu"), [mitchell])
    assert (caught.value.field, caught.value.value) == ("masterpoints", "ebu")
    for text in ("ebu:2.5", "ebu:5", "ebu:1/2"):
        with pytest.raises(MasterpointError) as caught:
            parse_spec(text)
        assert (caught.value.field, caught.value.value) == ("masterpoints", text)
        assert repr(text) in str(caught.value)
    with pytest.raises(MasterpointError) as caught:
        ebu.pairs_scale(26, 12)  # 13 awards of 6 = 78, above 75: the handbook's 4.4
    assert (caught.value.field, caught.value.value) == ("tables", 26)
    assert "75" in str(caught.value)
    with pytest.raises(MasterpointError) as caught:
        ebu.award_count(10**9, 24)
    assert caught.value.field == "tables"


def test_small_sessions_earn_nothing() -> None:
    """Below 3 full tables or 12 boards the scale gives no award: every pair gets 0."""
    assert ebu.pairs_scale(2, 24) == ebu.pairs_scale(3, 11) == []
    rows = [RankRow(str(i), Pair(i), 0.0, None, 10) for i in range(1, 9)]
    assert {a.points for a in awards(parse_spec("ebu"), [_howell(rows)]).values()} == {0}


def test_an_ebu_clubs_one_winner_evening_is_filed_with_its_awards() -> None:
    """The EBU's file of a Howell (SCORING.md §29, MC-5) holds each awarded pair's local points
    and says ``Y``; a Mitchell's stays ``N`` (its scales are not the core's)."""
    for name, flag, count in (("compscore3_butler_howell.xml", "Y", 3),
                              ("compscore3_mp_pairs_mitchell_04.xml", "N", 0)):  # fmt: skip
        session = read_file((SCOREBRIDGE.parent / name).read_bytes()).session
        data, _ = ebu_usebio(session, score_session(session), parse_spec("ebu"))
        event = ET.fromstring(data[data.index(b"<USEBIO") :]).find("EVENT")
        assert event is not None
        assert event.findtext("MPS_AWARDED_FLAG") == flag
        written = [int(e.text or 0) for e in event.iter("MASTER_POINTS_AWARDED")]
        assert len(written) == count
        if count:
            assert sorted(written, reverse=True) == ebu.pairs_scale(4, 35)
