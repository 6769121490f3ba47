"""What rubber and Chicago share (homegame.py): rules from a preset, errors, undo, signatures."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Contract, Doubling, Seat, Strain, score
from bridgescore.errors import (
    BridgeError,
    GameStateError,
    InvalidResultError,
    NotationError,
    RulesError,
)
from bridgescore.home.chicago import CHICAGO_PRESETS, Chicago, ChicagoDeal, ChicagoRules
from bridgescore.home.game import read_honors
from bridgescore.home.rubber import RUBBER_PRESETS, Rubber, RubberDeal, RubberRules, WeThey

contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)


@st.composite
def unfinished_rubbers(draw: st.DrawFn) -> Rubber:
    """A rubber still in play (not won, not ended), with any number of deals."""
    rubber = Rubber(draw(st.sampled_from(sorted(RUBBER_PRESETS))), honors=draw(st.booleans()))
    for contract, by, tricks in draw(
        st.lists(st.tuples(contracts, st.sampled_from(WeThey), st.integers(0, 13)), max_size=10)
    ):
        following = rubber.record(contract, by, tricks)
        if following.is_finished:
            break
        rubber = following
    return rubber


# Issue 11: ending is not a deal, so undoing the end gives back every deal.


@settings(max_examples=150)
@given(unfinished_rubbers())
def test_undoing_the_end_gives_back_the_same_rubber(rubber: Rubber) -> None:
    ended = rubber.end()
    assert ended.ended
    assert ended.undo() == rubber
    assert ended.undo().deals == rubber.deals
    assert ended.undo().entries == rubber.entries
    assert not ended.undo().ended


def test_undoing_the_end_of_a_rubber_with_deals() -> None:
    rubber = Rubber().record("4H", "we", 10).record("2S", "they", 8)
    assert rubber.end().undo() == rubber
    assert len(rubber.end().undo().deals) == 2
    assert rubber.end().undo().undo() == Rubber().record("4H", "we", 10)


# The same bad honors raise the same error, with field "honors", in both games.

HONORS_CASES: list[tuple[str, Any, Any, type[BridgeError]]] = [
    ("120 points", {"we": 120}, {"NS": 120}, InvalidResultError),
    ("0 points", {"we": 0}, {"NS": 0}, InvalidResultError),
    ("points as text", {"we": "100"}, {"NS": "100"}, InvalidResultError),
    ("points True", {"we": True}, {"NS": True}, InvalidResultError),
    ("both sides", {"we": 100, "they": 100}, {"NS": 100, "EW": 100}, InvalidResultError),
    ("a list", [("we", 100)], [("NS", 100)], InvalidResultError),
    ("a number", 100, 100, InvalidResultError),
    ("a seat for a side", {"north": 100}, {"north": 100}, NotationError),
    ("no side", {"": 100}, {"": 100}, NotationError),
    ("a side that is not text", {1: 100}, {1: 100}, NotationError),
]


@pytest.mark.parametrize(
    ("rubber_honors", "chicago_honors", "error"),
    [case[1:] for case in HONORS_CASES],
    ids=[case[0] for case in HONORS_CASES],
)
def test_bad_honors_raise_the_same_error_in_both_games(
    rubber_honors: Any, chicago_honors: Any, error: type[BridgeError]
) -> None:
    with pytest.raises(error) as in_rubber:
        Rubber().record("4H", "we", 10, honors=rubber_honors)
    with pytest.raises(error) as in_chicago:
        Chicago(honors=True).record("4H", "S", 10, honors=chicago_honors)
    assert type(in_rubber.value) is type(in_chicago.value)
    assert in_rubber.value.field == in_chicago.value.field == "honors"


@given(
    st.sampled_from(["4H", "3NT", "Pass", "6CX"]),
    st.one_of(st.integers(-200, 300), st.sampled_from([100, 150])),
    st.booleans(),
    st.booleans(),
)
def test_any_honors_claim_fares_alike_in_both_games(
    contract: str, points: int, scored: bool, both_sides: bool
) -> None:
    """Whatever the claim, both games accept it or raise the same class for it."""
    tricks = 0 if contract == "Pass" else 10
    rubber_claim = {"we": points, "they": points} if both_sides else {"they": points}
    chicago_claim = {"NS": points, "EW": points} if both_sides else {"EW": points}

    def outcome(play: Callable[[], object]) -> BridgeError | None:
        try:
            play()
        except BridgeError as exc:
            return exc
        return None

    in_rubber = outcome(
        lambda: Rubber(honors=scored).record(contract, "we", tricks, honors=rubber_claim)
    )
    in_chicago = outcome(
        lambda: Chicago(honors=scored).record(contract, "N", tricks, honors=chicago_claim)
    )
    assert type(in_rubber) is type(in_chicago)
    if in_rubber is not None and in_chicago is not None:
        assert in_rubber.field == in_chicago.field == "honors"
    if not scored and not both_sides and points in (100, 150) and contract != "Pass":
        assert isinstance(in_rubber, RulesError | InvalidResultError)  # 100 at NT: impossible


def test_honors_where_the_rules_have_none() -> None:
    for play in (
        lambda: Rubber(honors=False).record("4H", "we", 10, honors={"we": 100}),
        lambda: Chicago().record("4H", "N", 10, honors={"NS": 100}),
        lambda: Rubber(
            "default", [RubberDeal.make("4H", "we", 10, honors={"we": 100})], honors=False
        ),
    ):
        with pytest.raises(RulesError, match="deal 1 claims honors") as exc:
            play()
        assert (exc.value.field, exc.value.value) == ("honors", 100)


def test_honors_without_points_are_impossible_in_both_deals() -> None:
    with pytest.raises(InvalidResultError, match="honors need both") as rubber:
        RubberDeal(Contract.parse("4H"), WeThey.WE, 10, WeThey.WE, 0)
    with pytest.raises(InvalidResultError, match="honors need both") as chicago:
        ChicagoDeal(Contract.parse("4H"), Seat.NORTH, 10, None, 100)
    assert rubber.value.field == chicago.value.field == "honors"


def test_read_honors() -> None:
    assert read_honors({}, WeThey.parse) == (None, 0)
    assert read_honors({"US": 150}, WeThey.parse) == (WeThey.WE, 150)
    with pytest.raises(InvalidResultError, match="both sides cannot hold honors"):
        read_honors({"we": 100, "they": 150}, WeThey.parse)


# Every error names its input.

ERRORS: list[tuple[str, Callable[[], object], type[BridgeError], str, object]] = [
    ("rubber contract", lambda: Rubber().record("4Z", "we", 10), NotationError, "contract", "4Z"),
    ("rubber by", lambda: Rubber().record("4H", "north", 10), NotationError, "by", "north"),
    ("rubber no by", lambda: Rubber().record("4H", None, 10), NotationError, "by", ""),
    ("rubber tricks", lambda: Rubber().record("4H", "we", 14), InvalidResultError, "tricks", 14),
    ("chicago contract", lambda: Chicago().record("8H", "N", 10), NotationError, "contract", "8H"),
    ("chicago declarer", lambda: Chicago().record("4H", "Q", 10), NotationError, "declarer", "Q"),
    ("chicago tricks", lambda: Chicago().record("4H", "N", -1), InvalidResultError, "tricks", -1),
    ("rubber deal", lambda: Rubber().replace(1, "4H", "we", 10), GameStateError, "deal", 1),
    ("chicago deal", lambda: Chicago().replace(0, "4H", "N", 10), GameStateError, "deal", 0),
    ("rubber rules", lambda: Rubber("law"), RulesError, "rules", "law"),
    ("chicago rules", lambda: Chicago("x"), RulesError, "rules", "x"),
    ("rubber option", lambda: Rubber(switched=True), RulesError, "rules", "switched"),
    ("chicago option", lambda: Chicago(unfinished="handout"), RulesError, "rules", "unfinished"),
    ("option value", lambda: Chicago(honors="yes"), RulesError, "rules", "yes"),
    ("style", lambda: ChicagoRules(style="x"), RulesError, "rules", "x"),  # type: ignore[arg-type]
    ("undertricks", lambda: Rubber(undertrick_rule="1932"), RulesError, "rules", "1932"),
    ("first dealer", lambda: Chicago("acbl", "Q"), NotationError, "first_dealer", "Q"),
]


@pytest.mark.parametrize(
    ("play", "error", "field", "value"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_errors_name_their_input(
    play: Callable[[], object], error: type[BridgeError], field: str, value: object
) -> None:
    with pytest.raises(error) as exc:
        play()
    assert (exc.value.field, exc.value.value) == (field, value)


def test_state_errors_are_only_for_the_state() -> None:
    ended = Rubber().record("4H", "we", 10).end()
    with pytest.raises(GameStateError, match="ended early"):
        ended.record("4H", "we", 10)
    with pytest.raises(GameStateError, match="ended early"):
        ended.end()
    for game in (Rubber(), Chicago()):
        with pytest.raises(GameStateError, match="no deal to undo"):
            game.undo()


# Rules: a preset plus options, the same way in both games and every layer.


@given(
    st.sampled_from(sorted(RUBBER_PRESETS)),
    st.one_of(st.none(), st.booleans()),
    st.one_of(st.none(), st.sampled_from(["modern", "pre-1987"])),
    st.one_of(st.none(), st.sampled_from(["handout", "laws-1993"])),
)
def test_rubber_rules_from_a_preset_and_options(
    name: str, honors: bool | None, undertrick_rule: str | None, unfinished: str | None
) -> None:
    options: dict[str, Any] = {
        "honors": honors,
        "undertrick_rule": undertrick_rule,
        "unfinished": unfinished,
    }
    rules = RubberRules.preset(name, **options)
    given_options = {k: v for k, v in options.items() if v is not None}
    assert rules == dataclasses.replace(RUBBER_PRESETS[name], **given_options)
    assert Rubber(name, **options).rules == rules
    assert Rubber(rules).rules == rules
    assert RubberRules.from_dict(rules.to_dict()) == rules
    assert str(rules).startswith(name)


@given(
    st.sampled_from(sorted(CHICAGO_PRESETS)),
    st.one_of(st.none(), st.booleans()),
    st.one_of(st.none(), st.booleans()),
    st.one_of(st.none(), st.sampled_from(["duplicate", "acbl"])),
)
def test_chicago_rules_from_a_preset_and_options(
    name: str, honors: bool | None, switched: bool | None, style: str | None
) -> None:
    options: dict[str, Any] = {"honors": honors, "switched": switched, "style": style}
    rules = ChicagoRules.preset(name, **options)
    given_options = {k: v for k, v in options.items() if v is not None}
    assert rules == dataclasses.replace(CHICAGO_PRESETS[name], **given_options)
    assert Chicago(name, **options).rules == rules
    assert ChicagoRules.from_dict(rules.to_dict()) == rules


def test_rules_dicts_keep_their_order() -> None:
    assert list(RubberRules().to_dict()) == ["name", "unfinished", "honors", "undertrick_rule"]
    assert list(ChicagoRules().to_dict()) == [
        "name",
        "style",
        "switched",
        "honors",
        "undertrick_rule",
    ]


# One signature per game: record and replace take what the deal class's make takes.


@pytest.mark.parametrize(
    ("game", "deal", "name"),
    [(Rubber, RubberDeal, "by"), (Chicago, ChicagoDeal, "declarer")],
    ids=["rubber", "chicago"],
)
def test_record_and_replace_take_the_deal_as_make_does(
    game: type[Rubber | Chicago], deal: type[RubberDeal | ChicagoDeal], name: str
) -> None:
    make = list(inspect.signature(deal.make).parameters)
    assert make == ["contract", name, "tricks", "honors"]
    assert list(inspect.signature(game.record).parameters) == ["self", *make]
    assert list(inspect.signature(game().replace).parameters) == ["deal_no", *make]
    assert game.record.__doc__
    assert game.replace.__doc__
    assert game.record.__qualname__ == f"{game.__name__}.record"


def test_the_declaring_side_is_by_or_declarer_by_keyword() -> None:
    rubber = Rubber().record("4H", by="we", tricks=10)
    assert rubber == Rubber().record("4H", "we", 10)
    assert rubber.replace(1, contract="4S", by="they", tricks=10).deals[0].by is WeThey.THEY
    chicago = Chicago().record("4H", declarer="S", tricks=10)
    assert chicago.deals[0].declarer is Seat.SOUTH


# Equality, made, to_dict.


def test_games_of_different_kinds_are_never_equal() -> None:
    assert Rubber() != Chicago()
    assert Rubber() == Rubber("default", ())
    assert hash(Rubber().record("1C", "we", 7)) == hash(Rubber().record("1C", "we", 7))
    assert Rubber().end() != Rubber()
    assert Chicago(first_dealer="E") != Chicago()


@given(contracts, st.integers(0, 13))
def test_made_is_one_definition(contract: Contract, tricks: int) -> None:
    made = tricks >= contract.tricks_needed
    assert RubberDeal.make(contract, "we", tricks).made is made
    assert ChicagoDeal.make(contract, "N", tricks).made is made
    assert score(contract, tricks, vulnerable=False).made is made
    assert RubberDeal.make("Pass", None, 0).made is False


def test_deals_as_dicts_name_the_declaring_side_as_the_game_does() -> None:
    rubber = Rubber().record("4H", "we", 10, honors={"they": 100}).to_dict()["deals"]
    chicago = Chicago().record("Pass", None, 0).to_dict()["deals"]
    assert rubber == [
        {
            "n": 1,
            "contract": "4H",
            "by": "we",
            "tricks": 10,
            "honors": {"they": 100},
            "text": "4H by WE, 10 tricks, THEY 100 honors",
        }
    ]
    assert chicago == [
        {
            "n": 1,
            "contract": "Pass",
            "declarer": None,
            "tricks": 0,
            "honors": None,
            "result": "Pass",
        }
    ]
