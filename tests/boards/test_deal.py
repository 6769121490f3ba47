"""Hands: PBN's Deal notation read and written, checked, drawn (PBN 2.1 §3.4.11)."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import NotationError, Seat
from bridgescore.boards.deal import Deal, Hand
from tests.helpers import random_deal

FULL = "N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653"


@pytest.mark.parametrize(
    ("text", "north", "notation"),
    [
        (FULL, "AKQ2.K53.T94.QJ2", FULL),
        (
            "E:JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653 AKQ2.K53.T94.QJ2",
            "AKQ2.K53.T94.QJ2",
            FULL,
        ),
        (
            "w:43.764.J876.T653 AKQ2.K53.T94.QJ2 - -",
            "AKQ2.K53.T94.QJ2",
            "N:AKQ2.K53.T94.QJ2 - - 43.764.J876.T653",
        ),
        ("N:- - - -", None, "N:- - - -"),
        ("  S:2.AKQJT98765.4.3  -  -  -  ", None, "N:- - 2.AKQJT98765.4.3 -"),
        ("N:akq2.k53.t94.qj2 - - -", "AKQ2.K53.T94.QJ2", "N:AKQ2.K53.T94.QJ2 - - -"),
        ("N:2AKQ.35K.4T9.2JQ - - -", "AKQ2.K53.T94.QJ2", "N:AKQ2.K53.T94.QJ2 - - -"),
        (
            "N:AKQ2.K53.10 9 4.QJ2 - - -".replace("10 9 4", "1094"),
            "AKQ2.K53.T94.QJ2",
            "N:AKQ2.K53.T94.QJ2 - - -",
        ),
        ("N:AKQJT98765432... - - -", "AKQJT98765432...", "N:AKQJT98765432... - - -"),
    ],
    ids=[
        "north-first",
        "east-first",
        "west-first-partial",
        "all-unknown",
        "blanks",
        "lower-case",
        "unsorted",
        "ten",
        "void-suits",
    ],
)
def test_read_and_write(text: str, north: str | None, notation: str) -> None:
    deal = Deal.parse(text)
    assert (None if deal[Seat.NORTH] is None else str(deal[Seat.NORTH])) == north
    assert deal.notation() == notation
    assert Deal.parse(deal.notation()) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a seat and a colon first"),
        ("AKQ2.K53.T94.QJ2 - - -", "expected a seat and a colon first"),
        ("Q:- - - -", "'Q' is not a seat"),
        ("N:- - -", "expected 4 hands separated by blanks, got 3"),
        ("N:- - - - -", "expected 4 hands separated by blanks, got 5"),
        ("N:AKQ2.K53.T94 - - -", "must have 4 suits separated by dots"),
        ("N:AKQ2.K53.T94.QJ2.A - - -", "must have 4 suits separated by dots"),
        ("N:AKQ2.K53.T94.QJ1 - - -", "'1' in hand 'AKQ2.K53.T94.QJ1' is not a rank"),
        ("N:AKQ2.K53.T94.QJX - - -", "'X' in hand"),
        ("N:AKA2.K53.T94.QJ2 - - -", "has SA twice"),
        ("N:AKQ2.K53.T94.QJ - - -", "north has 12 cards; a hand has 13"),
        ("N:AKQ2.K53.T94.QJ32 - - -", "north has 14 cards"),
        ("N:AKQJT98765432.AK.. - - -", "north has 15 cards"),
        ("N:AKQ2.K53.T94.QJ2 AKQ2.K53.T94.QJ2 - -", "SA is in both north's and east's hand"),
        (FULL.replace("43.764", "43.763"), "H3 is in both north's and west's hand"),
        ("N:" + "A" * 300, "a deal is at most 200 characters"),
    ],
    ids=[
        "empty",
        "no-seat",
        "bad-seat",
        "three-hands",
        "five-hands",
        "three-suits",
        "five-suits",
        "bad-rank",
        "x-rank",
        "rank-twice",
        "short-hand",
        "long-hand",
        "very-long-hand",
        "card-twice",
        "card-twice-west",
        "too-long",
    ],
)
def test_bad_deals(text: str, message: str) -> None:
    with pytest.raises(NotationError, match="invalid deal") as info:
        Deal.parse(text)
    assert message in str(info.value)
    assert info.value.field == "deal"


def test_hand_alone() -> None:
    with pytest.raises(NotationError, match="has 14 cards; a hand has 13"):
        Hand.parse("AKQJT98765432.A..")
    assert len(Hand.parse("A...")) == 1


def test_not_text() -> None:
    with pytest.raises(NotationError, match="expected a deal's PBN notation") as info:
        Deal.parse(52)  # type: ignore[arg-type]
    assert info.value.field == "deal"


def test_hands_and_points() -> None:
    deal = Deal.parse(FULL)
    assert deal.is_complete
    assert not Deal.parse("N:- - - -").is_complete
    assert sum(h.points for h in deal.hands if h) == 40
    assert sorted(c for h in deal.hands if h for c in h.cards()) == sorted(
        s + r for s in "SHDC" for r in "AKQJT98765432"
    )
    assert Hand.parse("A.K.Q.J").points == 10


def test_diagram_text() -> None:
    deal = Deal.parse(FULL)
    text = deal.diagram(symbols=True)
    assert text.splitlines()[0] == " " * 10 + "♠ AKQ2"
    assert "♥ 764" in text
    assert "♦ K52" in text


def test_parsing_is_linear() -> None:
    # The longest text allowed, of every awkward shape, is read or refused at once.
    texts = ["N:" + "." * 198, "N:" + " " * 198, "N:" + "A" * 198, "N:" + "- " * 99, ":" * 200]
    start = time.perf_counter()
    for text in texts * 100:
        with pytest.raises(NotationError):
            Deal.parse(text)
    assert time.perf_counter() - start < 1.0


@given(
    st.randoms(use_true_random=False),
    st.sampled_from(list(Seat)),
    st.sets(st.sampled_from(list(Seat))),
)
def test_round_trip(rng: random.Random, first: Seat, unknown: set[Seat]) -> None:
    deal = Deal.parse(random_deal(rng))
    hands = tuple(None if seat in unknown else deal[seat] for seat in Seat)
    partial = Deal(hands)  # type: ignore[arg-type]
    text = partial.notation(first)
    assert text.startswith(f"{first.value}:")
    assert Deal.parse(text) == partial
    assert Deal.parse(text.lower()) == partial
