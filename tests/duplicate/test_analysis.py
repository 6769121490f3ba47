"""The personal analysis (bridgescore.duplicate.analysis): a board worked by hand, a table of cases,
and properties that hold for any section."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Result, Seat, Side
from bridgescore.boards.dd import DDTable
from bridgescore.duplicate import Adjusted
from bridgescore.duplicate.analysis import PairAnalysis, analyse_pair, analysis_to_dict, tables_of
from bridgescore.duplicate.session import (
    Board,
    BoardResult,
    Method,
    Section,
    Session,
    Split,
    points_if,
    score_session,
)
from bridgescore.duplicate.weighted import Weighted
from bridgescore.model import Contract, Strain

TABLE: DDTable = ((7, 6, 6, 10, 8), (6, 7, 7, 3, 5), (7, 6, 6, 10, 8), (6, 7, 7, 3, 5))
"""North and South take 10 tricks in spades and 8 in notrump; East and West 7 in hearts."""


def _section(*results: str, board: int = 1, name: str = "A") -> Section:
    """A Mitchell section: board ``board`` played by NS n v EW n at table n, a result each."""
    return Section(name, "mitchell", results=[
        BoardResult(board, n, n, Result.parse(r)) for n, r in enumerate(results, 1)])  # fmt: skip


def test_a_board_worked_by_hand() -> None:
    """Board 1, dealer North, nobody vulnerable, five tables, matchpoints (top 8).

    Double dummy, North and South take 10 tricks in spades and 8 in notrump; East and West
    no more than 7 in any strain. Par is 4S by North or South, NS +420: no sacrifice pays
    (5H doubled by East or West goes four down, -800).

    NS scores at the tables: 1: 4SN= +420; 2: 4SN+1 +450; 3: 3NTS= +400; 4: 4SN-1 -50;
    5: 2SN+2 +170. We analyse NS 3, who bid 3NT by South and made it. Each score of theirs is
    matchpointed against the other four tables' scores, +420 +450 -50 +170, 2 a score beaten
    and 1 a score tied:

    * par, +420: beats -50 and +170 (4), ties +420 (1), loses to +450: 5 MPs;
    * double dummy in 3NT by South, 8 tricks, 3NTS-1, -50: ties -50 (1): 1 MP;
    * actual, +400: beats -50 and +170: 4 MPs (what the traveller gives NS 3).

    Bidding = 1 - 5 = -4 (3NT went down double dummy where 4S made); play = 4 - 1 = +3 (the
    defence let 3NT make). Together -1: the 4 MPs scored against the 5 of par.

    EW 3 defended: their scores are -420, +50, -400, each matchpointed against EW's other
    scores (-420 -450 +50 -170): 3, 7 and 4 MPs, so bidding +4 and defence -3, the NS
    figures' mirror.
    """
    section = _section("4SN=", "4SN+1", "3NTS=", "4SN-1", "2SN+2")
    session = Session((section,))
    ns = analyse_pair(session, "A", section.pair(3, Side.NS), {1: TABLE})
    (board,) = ns.boards
    assert board.par_contracts == "4SNS"
    assert (board.par.score, board.dd.score, board.actual.score) == (420, -50, 400)
    assert (board.par.points, board.dd.points, board.actual.points) == (5, 1, 4)
    assert (board.role, board.dd_tricks, board.bidding, board.play, board.defence) == (
        "declared", 8, -4, 3, None)  # fmt: skip
    ew = analyse_pair(session, "A", section.pair(3, Side.EW), {1: TABLE})
    (board,) = ew.boards
    assert (board.par.score, board.dd.score, board.actual.score) == (-420, 50, -400)
    assert (board.par.points, board.dd.points, board.actual.points) == (3, 7, 4)
    assert (board.role, board.bidding, board.play, board.defence) == ("defended", 4, None, -3)
    assert analysis_to_dict(ns) == {
        "unit": "MPs",
        "boards": [{
            "board": 1, "sat": "NS",
            "par": {"contract": "4SNS", "score": 420, "points": 5},
            "dd": {"result": "3NTS-1", "contract": "3NT", "declarer": "S", "tricks": 8,
                   "score": -50, "points": 1},
            "actual": {"result": "3NTS=", "score": 400, "points": 4},
            "bidding": -4, "play": 3}],
        "totals": {"bidding": -4, "play": 3, "defence": 0},
        "not_analysed": [],
    }  # fmt: skip


# A sacrifice: NS (vulnerable) make 4S, +620; EW (not) take 9 tricks in hearts, and 5HX-2,
# -300 for EW, is par.
SACRIFICE: DDTable = ((6, 6, 3, 10, 7), (7, 7, 9, 3, 5), (6, 6, 3, 10, 7), (7, 7, 9, 3, 5))
NOTHING: DDTable = ((6, 6, 6, 6, 6),) * 4
"""Nobody makes anything: par is a pass-out."""


Part = float | None
"""The play's or the defence's figure (None for a passed-out board)."""


@pytest.mark.parametrize(
    ("results", "table", "board", "pair", "expected"),
    [
        # EW declare 5HX-2 at table 2, the par sacrifice: NS +300 matchpointed v +620 -100 +300
        # (2 + 1 = 3 MPs of 6); EW 2's own figures: par -300, dd -300, actual -300: 3, 3, 3.
        (("4SN=", "5HXE-2", "4SN-1", "5HXE-2"), SACRIFICE, 2, (2, Side.EW),
         ("5HXEW-2", (-300, -300, -300), (3, 3, 3), "declared", 0, 0)),
        # NS 1 bid and made 4S, +620 against +300 -100 +300: 6 MPs; par +300 would have
        # tied the two +300s and beaten -100: 4. Bidding +2 (the sacrifice was not found).
        (("4SN=", "5HXE-2", "4SN-1", "5HXE-2"), SACRIFICE, 2, (1, Side.NS),
         ("5HXEW-2", (300, 620, 620), (4, 6, 6), "declared", 2, 0)),
        # NS 3 went down in 4S, -100 against +620 +300 +300: 0 MPs; double dummy it makes
        # (+620: 1 + 4 = 5 MPs); par +300: 2. Bidding +3, play -5.
        (("4SN=", "5HXE-2", "4SN-1", "5HXE-2"), SACRIFICE, 2, (3, Side.NS),
         ("5HXEW-2", (300, 620, -100), (2, 5, 0), "declared", 3, -5)),
        # The same from EW 3's chairs: they defended, and gained 5 in defence.
        (("4SN=", "5HXE-2", "4SN-1", "5HXE-2"), SACRIFICE, 2, (3, Side.EW),
         ("5HXEW-2", (-300, -620, 100), (4, 1, 6), "defended", -3, 5)),
        # A passed-out board: dd and actual are both 0; no play or defence.
        (("Pass", "1NTN-1", "1SE-1"), NOTHING, 1, (1, Side.NS),
         ("pass", (0, 0, 0), (2, 2, 2), "passed", 0, None)),
        # Par is a pass-out; EW 2 defended 1NT one down (as double dummy has it), +50 against
        # EW's 0 and -50: 4 MPs; par 0: 1 + 2 = 3. Bidding +1 (NS overbid), defence 0.
        (("Pass", "1NTN-1", "1SE-1"), NOTHING, 1, (2, Side.EW),
         ("pass", (0, 50, 50), (3, 4, 4), "defended", 1, 0)),
        # EW declaring on board 3 (dealer South, EW vulnerable), par 4S by East or West, +620:
        # EW 1 made ten tricks in 3NT (+630, 4 MPs against +600 +620) where double dummy
        # East takes eight (3NTE-1, -100: 0); par +620: 2 + 1 = 3. Bidding -3, play +4.
        (("3NTE+1", "3NTE=", "4HW="), tuple(reversed(TABLE)), 3, (1, Side.EW),
         ("4SEW", (620, -100, 630), (3, 0, 4), "declared", -3, 4)),
    ],
)  # fmt: skip
def test_boards(
    results: tuple[str, ...],
    table: DDTable,
    board: int,
    pair: tuple[int, Side],
    expected: tuple[str, tuple[int, int, int], tuple[float, float, float], str, float, Part],
) -> None:
    section = _section(*results, board=board)
    session = Session((section,))
    (got,) = analyse_pair(session, "A", section.pair(*pair), {board: table}).boards
    part = got.play if got.role == "declared" else got.defence
    assert (got.par_contracts, (got.par.score, got.dd.score, got.actual.score),
            (got.par.points, got.dd.points, got.actual.points), got.role, got.bidding,
            part) == expected  # fmt: skip


def test_what_is_not_analysed() -> None:
    """Boards without a deal, with a deal not solved, and artificial, weighted and split scores
    are listed with their reason, the others analysed."""
    results = [BoardResult(b, 1, 1, Result.parse("4SN=")) for b in (1, 2)] + [
        BoardResult(3, 1, 1, artificial=Adjusted.parse("A+/A-")),
        BoardResult(4, 1, 1, weighted=Weighted.parse("50% 4SN=, 50% 4SN-1")),
        BoardResult(5, 1, 1, split=Split.parse("4SN=", "4SN-1")),
        *(BoardResult(b, 2, 2, Result.parse("4SN-1")) for b in range(1, 6)),
    ]
    boards = [Board.numbered(1), replace(Board.numbered(2), tags=(("Deal", "N:AKQ2.K53.T94.QJ2 "
              "J95.AQ98.KQ2.K74 T864.T76.A76.A98 73.J42.J853.T653"),))]  # fmt: skip
    section = Section("A", "mitchell", boards=boards, results=results)
    got = analyse_pair(Session((section,)), "A", section.pair(1, Side.NS), {})
    assert [(n.board, n.reason) for n in got.not_analysed] == [
        (1, "no deal"), (2, "no double-dummy table"), (3, "an artificial score (A+/A-)"),
        (4, "a weighted score"), (5, "a split score")]  # fmt: skip
    assert got.boards == ()
    assert analysis_to_dict(got)["totals"] == {"bidding": 0, "play": 0, "defence": 0}


def test_tables_from_the_boards_tags() -> None:
    tag = "99777887774466644656"
    board = replace(Board.numbered(1), tags=(("DoubleDummyTricks", tag),))
    section = Section("A", "mitchell", boards=[board, Board.numbered(2)])
    assert tables_of(section) == {1: ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8),
                                      (6, 5, 6, 4, 4))}  # fmt: skip


def test_imps_and_across_the_field() -> None:
    """Cross-IMPs: par +420 against +420 +450 -50 +170 (NS 3's other tables) is 0 + -1 + 10
    + 6 = 15 IMPs over 4, 3.75; the actual +400: -1 -2 +10 +6 = 13 / 4 = 3.25."""
    section = _section("4SN=", "4SN+1", "3NTS=", "4SN-1", "2SN+2")
    session = Session((section,), method="cross-imps")
    (board,) = analyse_pair(session, "A", section.pair(3, Side.NS), {1: TABLE}).boards
    assert (board.par.points, board.actual.points) == (3.75, 3.25)
    assert analyse_pair(session, "A", section.pair(3, Side.NS), {1: TABLE}).unit == "IMPs"
    # Two sections scored as one field: the other section's results are compared too.
    other = _section("4SN=", "4SN=", name="B")
    across = Session((section, other), across_field=True)
    (board,) = analyse_pair(across, "A", section.pair(3, Side.NS), {1: TABLE}).boards
    assert board.actual.points == 4  # +400 beats -50 and +170 (top 12: seven tables)
    assert board.par.points == 4 + 3  # +420 ties the three others


_CONTRACTS = st.builds(
    lambda level, strain, doubled, seat, tricks: Result(
        Contract.parse(f"{level}{strain}{doubled}"), seat, tricks),
    st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]), st.sampled_from(list(Seat)), st.integers(0, 13))  # fmt: skip
_RESULTS = st.one_of(_CONTRACTS, st.just(Result.parse("Pass")))
_TABLES = st.lists(st.tuples(*[st.integers(0, 13)] * 5), min_size=4, max_size=4).map(tuple)
_METHODS: st.SearchStrategy[Method] = st.sampled_from(["mp", "butler", "cross-imps"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_RESULTS, min_size=2, max_size=6), min_size=1, max_size=3),
       st.lists(_TABLES, min_size=3, max_size=3), _METHODS)  # fmt: skip
def test_properties(boards: list[list[Result]], tables: list[DDTable], method: Method) -> None:
    """For every pair: the actual value is the traveller's; bidding plus play (or defence) is
    value(actual) - value(par); the totals are the boards' sums; and the NS and EW pairs of a
    table have each other's figures negated (for matchpoints, about the board's half top)."""
    results = [BoardResult(b, n, n, r) for b, rs in enumerate(boards, 1)
               for n, r in enumerate(rs, 1)]  # fmt: skip
    section = Section("A", "mitchell", results=results)
    session = Session((section,), method=method)
    (scored,) = score_session(session)
    by_board = dict(enumerate(tables, 1))
    analyses: dict[tuple[Side, int], PairAnalysis] = {}
    for pair in section.pairs:
        assert pair.side is not None
        got = analyse_pair(session, scored, pair, by_board)
        analyses[pair.side, pair.number] = got
        recap = {x.board: x for x in scored.recap(pair.number, pair.side)}
        assert {b.board for b in got.boards} == set(recap)
        assert not got.not_analysed
        for b in got.boards:
            assert b.actual.points == pytest.approx(recap[b.board].points)
            assert b.actual.score == recap[b.board].score
            part = b.play if b.role == "declared" else b.defence
            assert (part is None) == (b.role == "passed")
            assert b.bidding + (part or 0) == pytest.approx(b.actual.points - b.par.points)
        totals = got.totals
        assert totals.bidding == pytest.approx(sum(b.bidding for b in got.boards))
        assert totals.play == pytest.approx(sum(b.play or 0 for b in got.boards))
        assert totals.defence == pytest.approx(sum(b.defence or 0 for b in got.boards))
    for (side, number), got in analyses.items():
        if side is Side.EW:
            continue
        mirror = analyses[Side.EW, number]
        for a, b in zip(got.boards, mirror.boards, strict=True):
            assert (a.par.score, a.dd.score, a.actual.score) == (
                -b.par.score, -b.dd.score, -b.actual.score)  # fmt: skip
            assert a.bidding == pytest.approx(-b.bidding)
            assert (a.play, a.defence) == pytest.approx((
                None if b.defence is None else -b.defence,
                None if b.play is None else -b.play))  # fmt: skip


def test_points_if_refuses_a_result_not_of_the_section() -> None:
    section = _section("4SN=", "4SN-1")
    stranger = BoardResult(1, 1, 1, Result.parse("4SN="))
    with pytest.raises(Exception, match="not a plain result of section A"):
        points_if(Session((section,)), section, stranger, 420)
    assert points_if(Session((section,)), section, section.results[1], 420) == (1.0, 1.0)
    assert Strain.SPADES  # the table's strains are C D H S NT


@pytest.mark.parametrize("method", ["mp", "butler", "cross-imps"])
def test_points_if_scores_a_fouled_board_and_a_split_score_as_the_session_does(
    method: Method,
) -> None:
    """A fouled board (Law 87: tables 1-3 and 4-6 played different cards), a split score at
    table 2 of board 2 and a plain board 3: each line's own score, put back, gives its
    traveller's points, by either path; and a hypothetical score is compared with its own
    version's results only."""
    results = [BoardResult(1, n, n, Result.parse(r), table=n) for n, r in enumerate(
        ["4SN=", "4SN+1", "3NTS=", "4SN-1", "2SN+2", "3SN="], 1)]  # fmt: skip
    results += [BoardResult(2, n, n, Result.parse(r), table=n) for n, r in enumerate(
        ["4HS=", "4HS-1", "2HS+2"], 1)]  # fmt: skip
    results[7] = BoardResult(2, 2, 2, split=Split.parse("4HS=", "4HS-1"), table=2)
    results += [BoardResult(3, n, n, Result.parse(r), table=n) for n, r in enumerate(
        ["3NTN=", "3NTN+1", "4SS-1"], 1)]  # fmt: skip
    section = Section("A", "mitchell", results=results, versions={1: [[1, 2, 3], [4, 5, 6]]})
    session = Session((section,), method=method)
    (scored,) = score_session(session)
    for board in (1, 2, 3):
        for line in scored.travellers[board]:
            if line.result.split is not None:
                continue
            assert isinstance(line.ns_score, int)
            got = points_if(session, section, line.result, line.ns_score)
            assert got == pytest.approx((line.ns_points, line.ew_points))
            for other in (-100, 420, 1430):  # the traveller's scores give the same
                assert points_if(session, section, line.result, other, scored=scored) == (
                    points_if(session, section, line.result, other))  # fmt: skip
    if method == "mp":
        # Table 4's 4SN-1 as +430 beats its own version's +170 and +140: 4 of 4, Neuberg
        # (4 + 1) x 6 / 3 - 1 = 9 of 10; against the whole field it would have been 8.
        assert points_if(session, section, results[3], 430)[0] == 9
