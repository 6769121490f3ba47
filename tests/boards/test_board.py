"""The typed board: its fields, the PBN tags that hold them (boards/tags.py), and back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Board, Deal, ParContract, Seat, SessionError, Vulnerability, par
from bridgescore.boards.auction import Auction
from bridgescore.boards.dd import DDTable
from bridgescore.boards.play import Play
from bridgescore.boards.tags import Fields, read_par, read_tags, write_tags
from bridgescore.errors import NotationError
from tests.helpers import dd_tables, typed_boards

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.8765.76 432.432.432.5432"
TABLE = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
"""Rows N E S W, each C D H S NT (pbn/_analysis.py's doctest: NS 400, 3NT by North)."""
ORT = "Declarer;Denomination\\2R;Result\\2R\n" + "\n".join(
    f"{seat} {strain} {TABLE['NESW'.index(seat)][i]}"
    for seat in "NESW"
    for i, strain in enumerate(("C", "D", "H", "S", "NT"))
)
"""The table as an OptimumResultTable in another order than ours (N E S W, each C ... NT)."""

# Each field, the tags that hold it (as Board.tags holds them) and what it reads as.
READS = [
    ("deal", (("Deal", DEAL),), Deal.parse(DEAL)),
    ("deal", (("Deal", "W:- - AKQJT98765432... -"),), Deal.parse("E:AKQJT98765432... - - -")),
    ("auction", (("Auction", 'S\n1NT =1= Pass 3NT\nAP\n[Note "1:15-17"]'),),
     Auction.read(Seat.SOUTH, "1NT =1= Pass 3NT AP", [(1, "15-17")])),
    ("play", (("Play", "W\nS2 S3 S4 S5\n*"),), Play.read(Seat.WEST, "S2 S3 S4 S5 *")),
    ("dd", (("DoubleDummyTricks", "99777887774466644656"),), TABLE),
    ("dd", (("OptimumResultTable", ORT),), TABLE),
    ("dd", (("DoubleDummyTricks", "99777887774466644656"), ("OptimumResultTable", ORT)), TABLE),
    ("par", (("OptimumScore", "NS 400"), ("ParContract", "3NTN")), par(TABLE, "None", "N")),
    ("par", (("OptimumScore", "NS -100"), ("ParContract", "4SXNS-1")),
     read_par("EW 100", "4SXNS-1", Seat.NORTH)),
    ("par", (("OptimumScore", "NS 0"), ("ParContract", "pass")), read_par("0", "pass", Seat.NORTH)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "tags", "value"), READS, ids=[f"{r[0]}-{r[1][0][0]}" for r in READS]
)
def test_each_field_is_read_from_its_tags(name: str, tags: tuple[tuple[str, str], ...],
                                          value: object) -> None:  # fmt: skip
    board = Board(1, Seat.NORTH, Vulnerability.NONE, (("Event", "Cup"), *tags))
    assert getattr(board, name) == value
    assert board.tags == (("Event", "Cup"),)
    assert board == Board(1, Seat.NORTH, Vulnerability.NONE, (("Event", "Cup"),)).with_fields(
        **{name: value}
    )


# Tags that hold a field but do not read as it: kept, as read, among the other tags.
KEPT = [
    (("Deal", "N:AKQ - - -"),),  # a hand of 3 cards
    (("Auction", "Q\n1S"),),  # no seat
    (("Play", "N\nS2 S2"),),  # a card played twice
    (("DoubleDummyTricks", "9977788777446664465e"),),  # 14 tricks
    (("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R\nN S 10\nS NT 9"),),  # partial
    (
        ("DoubleDummyTricks", "99777887774466644656"),
        ("OptimumResultTable", ORT.replace("N NT 9", "N NT 8")),
    ),  # the two say different tables
    (("OptimumScore", "NS 420"),),  # no ParContract (Dealer4, BridgeComposer, Magic Contest)
    (("OptimumScore", "NS 420"), ("ParContract", "4H by N")),  # not our notation
    (("OptimumScore", "NS 420"), ("ParContract", "pass")),  # a pass-out scores 0
]


@pytest.mark.parametrize("tags", KEPT, ids=[" ".join(t[0] for t in k) for k in KEPT])
def test_a_tag_that_does_not_read_is_kept_as_read(tags: tuple[tuple[str, str], ...]) -> None:
    board = Board(1, Seat.NORTH, Vulnerability.NONE, tags)
    assert board.fields == Fields()
    assert board.tags == tags


def test_a_field_given_wins_over_the_tags_that_would_hold_it() -> None:
    other = Deal.random(random.Random(1))
    board = Board(1, Seat.NORTH, Vulnerability.NONE, (("Deal", DEAL), ("Deal", "?")), deal=other)
    assert (board.deal, board.tags) == (other, ())


def test_with_fields_sets_clears_and_drops_the_tags_that_held_a_field() -> None:
    board = Board(2, Seat.EAST, Vulnerability.NS, (("OptimumScore", "NS 420"), ("Event", "Cup")))
    solved = board.with_fields(deal=Deal.parse(DEAL), dd=[list(row) for row in TABLE])
    assert solved.dd == TABLE  # rows as tuples, checked
    assert solved.tags == (("OptimumScore", "NS 420"), ("Event", "Cup"))  # par not touched
    priced = solved.with_fields(par=par(TABLE, "NS", "E"))
    assert priced.tags == (("Event", "Cup"),)
    cleared = priced.with_fields(deal=None, dd=None, par=None)
    assert cleared == Board(2, Seat.EAST, Vulnerability.NS, (("Event", "Cup"),))
    with pytest.raises(TypeError, match="no field 'hands'"):
        board.with_fields(hands=None)


@pytest.mark.parametrize(
    "table", [((7,) * 5,) * 3, ((7, 7, 7, 7, 14),) * 4, ((7, 7, 7, 7, "7"),) * 4]
)
def test_a_table_that_is_not_a_double_dummy_table_is_refused(table: object) -> None:
    with pytest.raises(SessionError, match="board 3") as info:
        Board(3, Seat.SOUTH, Vulnerability.EW, dd=table)  # type: ignore[arg-type]
    assert info.value.field == "dd"


def test_the_tags_written_are_those_pbn_files_hold() -> None:
    board = Board(1, Seat.NORTH, Vulnerability.NONE, deal=Deal.parse(DEAL), dd=TABLE,
                  par=par(TABLE, "None", "N"))  # fmt: skip
    tags = dict(write_tags(board.fields))
    assert tags["DoubleDummyTricks"] == "99777887774466644656"  # as bridgescore analyse writes it
    assert tags["OptimumResultTable"].splitlines()[:3] == [
        "Declarer;Denomination\\2R;Result\\2R", "N NT 9", "N S 9"]  # fmt: skip
    assert (tags["OptimumScore"], tags["ParContract"]) == ("NS 400", "3NTN")


def test_par_contracts_read_as_they_are_written() -> None:
    assert ParContract.parse(" 3ntns+1 ").tricks == 10
    for text in ("4H", "8HN", "4HN+4", "4HXXXN", "4HNE", "4N N", "7NTN+1"):
        with pytest.raises(NotationError, match="invalid par contract") as info:
            ParContract.parse(text)
        assert info.value.field == "par"


# --- Round trips --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(typed_boards())
def test_a_board_read_from_the_tags_written_is_the_same(board: Board) -> None:
    tags = (*board.tags, *write_tags(board.fields))
    again = Board(board.number, board.dealer, board.vulnerability, tags)
    assert again == board
    fields, others = read_tags(tags, board.dealer)
    assert (fields, others) == (board.fields, board.tags)


@settings(max_examples=200, deadline=None)
@given(dd_tables(), st.sampled_from(list(Vulnerability)), st.sampled_from([*Seat, None]))
def test_par_is_written_and_read_back(
    table: DDTable, vul: Vulnerability, dealer: Seat | None
) -> None:
    found = par(table, vul, dealer)
    score, contracts = dict(write_tags(Fields(par=found)))["OptimumScore"], dict(
        write_tags(Fields(par=found)))["ParContract"]  # fmt: skip
    again = read_par(score, contracts, dealer)
    assert again is not None
    assert (again.score, again.contracts, again.dealer) == (found.score, found.contracts, dealer)


def test_the_board_answers_at_its_old_paths() -> None:
    import bridgescore
    from bridgescore.boards import board
    from bridgescore.duplicate import session

    assert bridgescore.Board is session.Board is board.Board
