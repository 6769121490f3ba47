"""The caches in front of ``score()`` and ``parse_contract()`` never change an answer or error."""

from __future__ import annotations

import itertools

import pytest

from bridgescore import (
    PASS_OUT,
    Contract,
    Doubling,
    InvalidResultError,
    NotationError,
    RulesError,
    Strain,
    parse_contract,
    score,
)
from bridgescore.scoring import _SEEN, _SEEN_MAX


def test_a_second_call_returns_the_same_score() -> None:
    first = score("4HX", 8, vulnerable=True)
    assert score("4HX", 8, vulnerable=True) is first
    assert score(Contract.parse("4HX"), 8, vulnerable=True) is first
    assert score("4HX", 8, vulnerable=1) is first  # type: ignore[arg-type]  # bool(1) is True
    assert first.total == -500


def test_equal_contracts_hash_alike() -> None:
    for level, strain, doubling in itertools.product(range(1, 8), Strain, Doubling):
        c = Contract(level, strain, doubling)
        assert hash(c) == hash(Contract.parse(str(c)))
    assert len({Contract(4, s, d) for s in Strain for d in Doubling}) == 15


@pytest.mark.parametrize("tricks", [True, False, 14, -1, 8.0, "8"])
def test_bad_tricks_raise_even_after_a_good_call(tricks: object) -> None:
    score("4H", 1, vulnerable=False)  # True == 1: must not be served from the cache
    score("4H", 0, vulnerable=False)
    score("4H", 8, vulnerable=False)
    with pytest.raises(InvalidResultError, match="tricks must be a whole number from 0 to 13"):
        score("4H", tricks, vulnerable=False)  # type: ignore[arg-type]


def test_bad_contracts_and_rules_still_raise() -> None:
    score("4H", 8, vulnerable=False)
    with pytest.raises(NotationError, match="'4Z'"):
        score("4Z", 8, vulnerable=False)
    with pytest.raises(NotationError, match=r"\[4\]"):
        score([4], 8, vulnerable=False)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="'1932'"):
        score("4H", 8, vulnerable=False, undertrick_rule="1932")  # type: ignore[arg-type]
    with pytest.raises(InvalidResultError, match="passed-out"):
        score("Pass", 3, vulnerable=False)
    assert score("Pass", 0, vulnerable=False).total == 0


def test_unusual_vulnerable_values_are_scored_but_not_kept() -> None:
    _SEEN.clear()
    assert score("3NT", 9, vulnerable="yes").total == 600  # type: ignore[arg-type]
    assert score("3NT", 9, vulnerable=[]).total == 400  # type: ignore[arg-type]
    assert _SEEN == {}


def test_the_cache_is_bounded() -> None:
    _SEEN.clear()
    for i in range(_SEEN_MAX + 10):
        score(" " * (i % 200) + "1C" + " " * (i // 200), 7, vulnerable=False)
    assert 0 < len(_SEEN) <= _SEEN_MAX


def test_parse_contract_is_cached_and_checks_its_input() -> None:
    assert parse_contract("4hx") is parse_contract("4hx")
    assert parse_contract("pass") is PASS_OUT
    with pytest.raises(NotationError, match=r"must be text, got \['4H'\]"):
        parse_contract(["4H"])  # type: ignore[arg-type]
    for _ in range(2):  # errors are not cached away
        with pytest.raises(NotationError, match="'8NT'"):
            parse_contract("8NT")
