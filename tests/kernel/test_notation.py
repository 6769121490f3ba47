"""Contract and result notation: the variants players write, one canonical form out."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    PASS_OUT,
    BridgeError,
    Contract,
    Doubling,
    InvalidResultError,
    NotationError,
    Result,
    Seat,
    Strain,
    parse_contract,
)

CONTRACTS = [
    ("4H", "4H"),
    ("4HX", "4HX"),
    ("4hx", "4HX"),
    ("4♥X", "4HX"),
    ("4♥x", "4HX"),
    ("4♡", "4H"),
    ("3NT", "3NT"),
    ("3N", "3NT"),
    ("3nt", "3NT"),
    ("1N", "1NT"),
    ("7SXX", "7SXX"),
    ("7sxx", "7SXX"),
    ("  2 ♣ x ", "2CX"),
    ("5d", "5D"),
    ("4H\n", "4H"),  # surrounding whitespace is ignored
]


@pytest.mark.parametrize(("text", "canonical"), CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_contract_variants(text: str, canonical: str) -> None:
    contract = Contract.parse(text)
    assert str(contract) == canonical
    assert parse_contract(text) == contract
    assert repr(contract) == f"Contract.parse({canonical!r})"


def test_symbols_only_when_asked() -> None:
    assert Contract.parse("4HX").notation(symbols=True) == "4♥X"
    assert Contract.parse("3NT").notation(symbols=True) == "3NT"
    assert Result.parse("6CXXN+1").notation(symbols=True) == "6♣XXN+1"
    assert str(Result.parse("4♠S=")) == "4SS="


RESULTS = [
    ("4HXS-2", "4HXS-2", Seat.SOUTH, 8),
    ("3NTN=", "3NTN=", Seat.NORTH, 9),
    ("4S+1", "4S+1", None, 11),
    ("4HX S -2", "4HXS-2", Seat.SOUTH, 8),
    ("3NTSXX-1", "3NTXXS-1", Seat.SOUTH, 8),  # endplay's order
    ("3ntsxx-1", "3NTXXS-1", Seat.SOUTH, 8),
    ("4S", "4S=", None, 10),  # no outcome: made exactly
    ("4SE", "4SE=", Seat.EAST, 10),
    ("1NW+6", "1NTW+6", Seat.WEST, 13),
    ("7NTXX E -13", "7NTXXE-13", Seat.EAST, 0),
    ("4H+0", "4H=", None, 10),
    ("2D − 1", "2D-1", None, 7),  # the minus sign (U+2212)
    ("4♥XW-3", "4HXW-3", Seat.WEST, 7),
]


@pytest.mark.parametrize(
    ("text", "canonical", "declarer", "tricks"), RESULTS, ids=[r[0] for r in RESULTS]
)
def test_result_variants(text: str, canonical: str, declarer: Seat | None, tricks: int) -> None:
    result = Result.parse(text)
    assert (str(result), result.declarer, result.tricks) == (canonical, declarer, tricks)
    assert Result.parse(canonical) == result
    assert repr(result) == f"Result.parse({canonical!r})"


@pytest.mark.parametrize("text", ["Pass", "pass", "PASS", "P", "AP", "all pass", "Passed out"])
def test_pass_out(text: str) -> None:
    assert parse_contract(text) is PASS_OUT
    result = Result.parse(text)
    assert (result.contract, result.declarer, result.tricks, str(result)) == (
        PASS_OUT,
        None,
        0,
        "Pass",
    )


def test_a_pass_out_is_not_a_contract() -> None:
    with pytest.raises(NotationError, match=r"'Pass' is a passed-out deal, not a contract"):
        Contract.parse("Pass")


BAD = [
    ("8NT", NotationError, r"contract level must be 1-7: '8NT'"),
    ("0H", NotationError, r"contract level must be 1-7: '0H'"),
    ("4Z", NotationError, r"invalid result notation: '4Z'; expected a contract"),
    ("", NotationError, r"invalid result notation: ''; expected"),
    ("   ", NotationError, r"invalid result notation: '   '"),
    ("4HXXX", NotationError, r"doubling written twice in '4HXXX'"),
    ("4HXSX", NotationError, r"doubling written twice in '4HXSX'"),
    ("10H", NotationError, r"invalid result notation: '10H'"),
    ("4H-0", NotationError, r"write '=' for a contract made exactly"),
    ("4H+", NotationError, r"invalid result notation: '4H\+'"),
    ("4HQ", NotationError, r"invalid result notation: '4HQ'"),
    ("7NT+1", InvalidResultError, r"declarer cannot take 14 tricks in 7NT: '7NT\+1' \(no over"),
    ("6S+2", InvalidResultError, r"declarer cannot take 14 tricks in 6S: '6S\+2' \(at most \+1\)"),
    ("1NT-8", InvalidResultError, r"1NT can go at most 7 down: '1NT-8'"),
]


@pytest.mark.parametrize(("text", "error", "message"), BAD, ids=[b[0] or "empty" for b in BAD])
def test_bad_results(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Result.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8NT", r"contract level must be 1-7: '8NT'"),
        ("4Z", r"invalid contract notation: '4Z'; expected a level 1-7, a strain"),
        ("", r"invalid contract notation: ''"),
        ("4HXXX", r"doubling written twice"),
        ("4HS-2", r"expected a contract, got a result: '4HS-2'"),
        ("3NTSXX", r"expected a contract, got a result"),
    ],
)
def test_bad_contracts(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Contract.parse(text)


def test_notation_must_be_text() -> None:
    with pytest.raises(NotationError, match="must be text, got 4"):
        Result.parse(4)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    for cls in (NotationError, InvalidResultError):
        assert issubclass(cls, BridgeError)
        assert issubclass(cls, ValueError)


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)


@st.composite
def results(draw: st.DrawFn) -> Result:
    contract = draw(st.one_of(contracts, st.just(PASS_OUT)))
    if contract is PASS_OUT:
        return Result(PASS_OUT, None, 0)
    return Result(contract, draw(st.none() | st.sampled_from(Seat)), draw(st.integers(0, 13)))


@given(contracts, st.booleans())
def test_contract_round_trip(contract: Contract, symbols: bool) -> None:
    assert Contract.parse(contract.notation(symbols=symbols)) == contract
    assert Contract.parse(str(contract).lower()) == contract


@given(results(), st.booleans())
def test_result_round_trip(result: Result, symbols: bool) -> None:
    assert Result.parse(result.notation(symbols=symbols)) == result
    assert Result.parse(str(result).lower()) == result


@given(st.text())
def test_parsing_any_text_raises_only_bridge_errors(text: str) -> None:
    for parse in (Result.parse, Contract.parse, parse_contract):
        with contextlib.suppress(BridgeError):
            parse(text)


@given(st.from_regex(r"\s*[0-9]\s*(NT|N|C|D|H|S|♠)\s*X{0,3}\s*[NESWX]{0,2}\s*(=|[+-][0-9]{1,2})?"))
def test_parsing_near_misses_raises_only_bridge_errors(text: str) -> None:
    try:
        result = Result.parse(text)
    except BridgeError:
        return
    assert Result.parse(str(result)) == result


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("4HX S 8", "4HXS-2"), ("3NT N 9", "3NTN="), ("4H 11", "4H+1"), ("7NTXX W 0", "7NTXXW-13")],
)
def test_tricks_taken_after_a_space(text: str, canonical: str) -> None:
    assert str(Result.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "error"),
    [("4HS8", NotationError), ("4H 14", InvalidResultError), ("4H+1 11", NotationError)],
)
def test_tricks_taken_need_a_space_and_a_range(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        Result.parse(text)
