"""Domain types: seats, sides, vulnerability, boards (SCORING.md §2, Law 2)."""

from __future__ import annotations

import dataclasses

import pytest

from bridgescore import (
    PASS_OUT,
    Contract,
    Doubling,
    InvalidBoardError,
    InvalidResultError,
    NotationError,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
)

# Law 2's table for boards 1-16 (SCORING.md §2): board -> (dealer, vulnerability).
LAW_2 = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


@pytest.mark.parametrize("board", range(1, 65))
def test_boards_repeat_law_2_every_16(board: int) -> None:
    dealer, vulnerability = LAW_2[(board - 1) % 16 + 1]
    assert Seat.dealer_of_board(board) is Seat(dealer)
    assert Vulnerability.from_board(board) is Vulnerability(vulnerability)


@pytest.mark.parametrize("board", [0, -1, 1.0, "1", True, None])
def test_bad_board_numbers(board: object) -> None:
    with pytest.raises(InvalidBoardError, match="board number must be a positive integer"):
        Vulnerability.from_board(board)  # type: ignore[arg-type]
    with pytest.raises(InvalidBoardError):
        Seat.dealer_of_board(board)  # type: ignore[arg-type]


def test_seat_helpers() -> None:
    n, e, s, w = Seat
    assert (n.partner, n.lho, n.rho, w.next(), e.next(6)) == (s, e, w, n, w)
    assert [seat.side for seat in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Side.NS.seats == (n, s)
    assert Side.EW.seats == (e, w)
    assert Side.NS.opponents is Side.EW
    assert Side.EW.opponents is Side.NS
    assert [Seat.parse(t) for t in ("n", " East ", "SOUTH", "w")] == [n, e, s, w]


@pytest.mark.parametrize(
    ("vulnerability", "vulnerable_seats"),
    [("None", ""), ("NS", "NS"), ("EW", "EW"), ("All", "NESW")],
)
def test_is_vulnerable(vulnerability: str, vulnerable_seats: str) -> None:
    v = Vulnerability(vulnerability)
    assert [v.is_vulnerable(seat) for seat in Seat] == [s.value in vulnerable_seats for s in Seat]
    assert v.is_vulnerable(Side.NS) == ("N" in vulnerable_seats)
    assert v.is_vulnerable(Side.EW) == ("E" in vulnerable_seats)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("None", "None"),
        ("none", "None"),
        ("Love", "None"),
        ("-", "None"),
        ("NS", "NS"),
        ("n-s", "NS"),
        ("EW", "EW"),
        ("E-W", "EW"),
        ("All", "All"),
        ("Both", "All"),
        ("both", "All"),
    ],
)
def test_vulnerability_parse_is_lenient_as_pbn_import(text: str, expected: str) -> None:
    assert Vulnerability.parse(text) is Vulnerability(expected)


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (Vulnerability.parse, "some", r"invalid vulnerability: 'some'; expected None, NS, EW"),
        (Seat.parse, "X", r"invalid seat: 'X'; expected N, E, S or W"),
        (Side.parse, "NE", r"invalid side: 'NE'; expected NS or EW"),
        (Strain.parse, "Z", r"invalid strain: 'Z'; expected C, D, H, S or NT"),
    ],
)
def test_enum_parse_errors(parse: object, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse(text)  # type: ignore[operator]


def test_strain_and_doubling() -> None:
    assert [s.symbol for s in Strain] == ["♣", "♦", "♥", "♠", "NT"]
    assert [d.multiplier for d in Doubling] == [1, 2, 4]
    assert [Strain.parse(t) for t in ("♧", "♢", "♡", "♤", "nt")] == list(Strain)


def test_contract_is_an_immutable_hashable_value() -> None:
    c = Contract(4, Strain.HEARTS, Doubling.DOUBLED)
    assert c == Contract.parse("4HX")
    assert len({c, Contract.parse("4hx"), Contract.parse("4♥x")}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.level = 5  # type: ignore[misc]
    assert dataclasses.replace(c, doubling=Doubling.UNDOUBLED) == Contract.parse("4H")
    assert (c.tricks_needed, c.trick_points, c.is_game) == (10, 240, True)
    assert not Contract.parse("1CXX").is_game  # 80 trick points: a part score (D23)
    assert Contract.parse("2SX").is_game  # 120 (D22)
    assert Contract.parse("1NTXX").is_game  # 160 (D19)


@pytest.mark.parametrize("level", [0, 8, -1, 1.5, True, "4"])
def test_contract_checks_its_level(level: object) -> None:
    with pytest.raises(InvalidResultError, match="contract level must be 1-7"):
        Contract(level, Strain.HEARTS)  # type: ignore[arg-type]


def test_contract_checks_its_types() -> None:
    with pytest.raises(InvalidResultError, match="strain must be a Strain"):
        Contract(4, "H")  # type: ignore[arg-type]
    with pytest.raises(InvalidResultError, match="doubling must be a Doubling"):
        Contract(4, Strain.HEARTS, "X")  # type: ignore[arg-type]


def test_result_derived_values() -> None:
    r = Result(Contract.parse("4S"), Seat.EAST, 8)
    assert (r.made, r.overtricks, r.undertricks, r.outcome) == (False, 0, 2, "-2")
    r = Result(Contract.parse("3NT"), None, 12)
    assert (r.made, r.overtricks, r.undertricks, r.outcome) == (True, 3, 0, "+3")
    r = Result(PASS_OUT, None, 0)
    assert (r.made, r.overtricks, r.undertricks, r.outcome, r.is_pass_out) == (
        False,
        0,
        0,
        "",
        True,
    )


@pytest.mark.parametrize("tricks", [14, -1, 9.5, True])
def test_result_checks_tricks(tricks: object) -> None:
    with pytest.raises(InvalidResultError, match=r"tricks must be a whole number from 0 to 13"):
        Result(Contract.parse("4S"), Seat.EAST, tricks)  # type: ignore[arg-type]


def test_result_checks_the_rest() -> None:
    with pytest.raises(InvalidResultError, match="passed-out deal has no declarer"):
        Result(PASS_OUT, Seat.NORTH, 0)
    with pytest.raises(InvalidResultError, match="passed-out deal has no declarer and no tricks"):
        Result(PASS_OUT, None, 7)
    with pytest.raises(InvalidResultError, match="contract must be a Contract or PASS_OUT"):
        Result("4S", Seat.EAST, 10)  # type: ignore[arg-type]
    with pytest.raises(InvalidResultError, match="declarer must be a Seat"):
        Result(Contract.parse("4S"), "E", 10)  # type: ignore[arg-type]
