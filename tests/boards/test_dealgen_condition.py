"""The condition language of dealing to order: what it reads, what it refuses and where, how
fast, and that a condition means the same on a Deal as in the language's definition."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, Deal, Hand
from bridgescore.boards.condition import MAX_DEPTH, Condition, ConditionError

DEAL = Deal.parse("N:AKQ2.K53.T94.QJ2 JT9.AQJ2.K52.K97 8765.T98.AQ3.A84 43.764.J876.T653")
# North 15 HCP 4-3-3-3, East 13 HCP 3-4-3-3, South 10 HCP 4-3-3-3, West 2 HCP 2-3-4-4.

HOLDS = [
    ("hcp(N) == 15", True),
    ("hcp(N) in 15..17 and balanced(N)", True),
    ("hcp(N) in 15..17 and balanced(N) and spades(S) >= 5", False),
    ("hcp(NS) == 25 and hcp(EW) == 15", True),
    ("hcp(N) - hcp(S) + 1 == 6", True),
    ("spades(N) + hearts(N) + diamonds(N) + clubs(N) == 13", True),
    ("clubs(EW) == 7", True),
    ("controls(N) == 4 and controls(S) == 4 and controls(W) == 0", True),
    # N: AKQ2 0, K53 2, T94 3, QJ2 2 losers; W: 43 2, 764 3, J876 3, T653 3
    ("ltc(N) == 7 and ltc(W) == 11", True),
    ("shape(N, 4333) and shape(W, any 4432) and not shape(W, 4432)", True),
    ("shape(E, x4xx) and shape(E, any 4333 - 4333)", True),
    ("shape(W, any 4432 - 2344)", False),
    ("semibalanced(W) and balanced(W)", True),
    ("not balanced(E) or hcp(E) > 20", False),
    ("hcp(W) < 3 && !(hcp(N) != 15) || hcp(E) > 30", True),
    ("(hcp(N) + 2) >= 17", True),
    ("((hcp(N) >= 15))", True),
    ("HCP(n) >= 15 AND Balanced(N)", True),
    ("hcp(N) > 15 or hcp(N) >= 15 and hcp(S) == 10", True),  # and binds tighter than or
    ("not hcp(N) > 15 and hcp(S) == 10", True),  # not binds tighter than and
]


@pytest.mark.parametrize(("text", "expected"), HOLDS, ids=[h[0] for h in HOLDS])
def test_a_condition_on_a_known_deal(text: str, expected: bool) -> None:
    assert Condition.parse(text).holds(DEAL) is expected


REFUSED = [
    ("", 0, "ends too soon"),
    ("hcp(N)", 6, "expected a comparison"),
    ("hcp(N) 15", 7, "expected a comparison"),
    ("hcp(N) and balanced(N)", 7, "expected a comparison"),
    ("hcp(N) >", 8, "ends too soon"),
    ("hcp(Q) > 3", 4, "expected a seat (N E S W) or a side"),
    ("balanced(NS)", 9, "expected a seat (N E S W)"),
    ("hcp(N) > 3 and", 14, "ends too soon"),
    ("hcp(N) > balanced(S)", 9, "expected a number here"),
    ("balanced(N) + 1 > 2", 0, "expected a number here"),
    ("1 < hcp(N) < 3", 11, "one comparison at a time"),
    ("hcp(N) in 15 17", 13, "'..'"),
    ("hcp(N) >= 15 @", 13, "'@' is not part of the language"),
    ("shape(N, 4334)", 9, "lengths add up to 13"),
    ("shape(N, any 4334)", 13, "lengths add up to 13"),
    ("shape(N, 9x9x)", 9, "lengths add up to 13"),
    ("shape(N, any 5xxx)", 13, "without x"),
    ("shape(N, 43)", 9, "expected a shape"),
    ("shape(N 4333)", 8, "',' then a shape"),
    ("hcp(N) > 12345", 9, "at most 4 digits"),
    ("hcp(N) > 3)", 10, "expected 'and', 'or' or the end"),
    ("(hcp(N) > 3", 11, "expected ')'"),
    ("hcp N > 3", 4, "'(' after 'hcp'"),
    ("and hcp(N) > 3", 0, "expected a number, a function"),
    ("not 3", 5, "expected a comparison"),
    ("hcp(N) > 3 or 4", 15, "expected a comparison"),
    ("hcp(N) ≥ 3", 7, "'≥' is not part of the language"),
]


@pytest.mark.parametrize(("text", "position", "message"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_with_the_position(text: str, position: int, message: str) -> None:
    with pytest.raises(ConditionError) as caught:
        Condition.parse(text)
    err = caught.value
    assert err.position == position, str(err)
    assert message in str(err)
    assert f"at position {position}" in str(err)
    assert err.field == "condition"
    assert err.value == text
    assert repr(text) in str(err)  # the text is quoted


def test_not_text_is_refused() -> None:
    with pytest.raises(BridgeError, match="expected a condition's text"):
        Condition.parse(15)  # type: ignore[arg-type]


def test_nesting_is_capped_with_a_typed_error() -> None:
    deep = "(" * (MAX_DEPTH + 1) + "hcp(N) > 1" + ")" * (MAX_DEPTH + 1)
    with pytest.raises(ConditionError, match="nested more than"):
        Condition.parse(deep)
    nots = "not " * (MAX_DEPTH + 1) + "hcp(N) > 1"
    with pytest.raises(ConditionError, match="nested more than"):
        Condition.parse(nots)
    fine = "(" * MAX_DEPTH + "hcp(N) > 1" + ")" * MAX_DEPTH
    assert Condition.parse(fine).holds(DEAL)


def test_a_long_text_is_quoted_short() -> None:
    text = "hcp(N) > 1 and " * 600 + "@"
    with pytest.raises(ConditionError) as caught:
        Condition.parse(text)
    assert caught.value.position == len(text) - 1
    assert len(str(caught.value)) < 300


LIMIT = 0.050  # seconds for any text up to 10 kB (pure Python, a token at a time)


def adversarial(n: int) -> list[str]:
    """Texts of about n characters that would make a backtracking reader try every split."""
    return [
        "(" * n,
        "(" * (n // 2) + ")" * (n // 2),
        "not " * (n // 4),
        "hcp(N) + " * (n // 9) + "1 > 0",
        "hcp(N) > 1 and " * (n // 15) + "hcp(N) > 1",
        "hcp(N) > 1 or " * (n // 14) + "!",
        "1" * n,
        " " * n + "!",
        "shape(N, any 4333 " + "+ any 4432 " * (n // 11) + ")",
        "hcp(N) in 1.." * (n // 12),
        "x" * n,
        "hcp(" * (n // 4),
    ]


def parse_time(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        with contextlib.suppress(BridgeError):
            Condition.parse(text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("n", [10, 100, 1_000, 10_000])
def test_the_adversarial_family_is_fast(n: int) -> None:
    for text in adversarial(n):
        assert parse_time(text) < LIMIT, text[:40]


def test_reading_time_grows_linearly() -> None:
    """Ten times the text takes at most about ten times as long (25 allows for noise)."""
    for small, big in zip(adversarial(900), adversarial(9_000), strict=True):
        assert parse_time(big) < 25 * parse_time(small) + 0.002, small[:30]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=10_000))
def test_any_text_is_read_or_refused_quickly(text: str) -> None:
    """Only BridgeError escapes (no RecursionError, no IndexError), and no text is slow."""
    assert parse_time(text) < LIMIT


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="hcpNSEWinad0123456789.()<>=!+-x, ", max_size=80))
def test_condition_like_text_raises_only_condition_errors(text: str) -> None:
    refused: ConditionError | None = None
    try:
        Condition.parse(text)
    except ConditionError as exc:
        refused = exc
    assert refused is None or 0 <= refused.position <= len(text)


# --- the meaning, against the definitions computed here from the Hand API ----------------------


def hcp(hand: Hand) -> int:
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(r, 0) for suit in hand.suits for r in suit)


def lengths(hand: Hand) -> list[int]:
    return [len(suit) for suit in hand.suits]


def balanced(hand: Hand) -> bool:
    return sorted(lengths(hand)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def losers(hand: Hand) -> int:
    total = 0
    for suit in hand.suits:
        top = suit[:3]
        counted = {1: "A", 2: "AK", 3: "AKQ"}.get(len(top), "")
        total += len(top) - sum(1 for r in top if r in counted)
    return total


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_the_functions_mean_what_the_guide_says(seed: int) -> None:
    deal = Deal.random(random.Random(seed))
    n, e, s, w = (h for h in deal.hands if h is not None)
    facts = {
        f"hcp(N) == {hcp(n)}": True,
        f"hcp(EW) == {hcp(e) + hcp(w)}": True,
        f"spades(S) == {len(s.spades)} and clubs(W) == {len(w.clubs)}": True,
        f"ltc(E) == {losers(e)}": True,
        f"controls(N) == {sum(2 * x.count('A') + x.count('K') for x in n.suits)}": True,
        "balanced(W)": balanced(w),
        "semibalanced(S)": min(lengths(s)) >= 2 and max(lengths(s)) <= 6,
        "shape(N, 5xxx)": len(n.spades) == 5,
        "shape(E, any 4441)": sorted(lengths(e)) == [1, 4, 4, 4],
    }
    for text, expected in facts.items():
        assert Condition.parse(text).holds(deal) is expected, text


def test_a_deal_with_a_hand_missing_is_refused() -> None:
    with pytest.raises(ValueError, match="all four hands"):
        Condition.parse("hcp(N) > 1").holds(Deal.parse("N:AKQJT98765432... - - -"))
