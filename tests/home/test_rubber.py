"""Rubber bridge: SCORING.md §3 (R1-R7 under both presets) and the handout's examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import (
    Contract,
    Doubling,
    GameStateError,
    InvalidResultError,
    NotationError,
    RulesError,
    Strain,
)
from bridgescore.home.rubber import (
    RUBBER_PRESETS,
    PadEntry,
    Rubber,
    RubberDeal,
    RubberRules,
    WeThey,
)

WE, THEY = WeThey.WE, WeThey.THEY
Deal = tuple[str, str, int] | tuple[str, str, int, dict[str, int]]


def play(deals: list[Deal], rules: str = "default", *, end: bool = False) -> Rubber:
    rubber = Rubber(rules)
    for deal in deals:
        honors = deal[3] if len(deal) == 4 else None
        rubber = rubber.record(deal[0], deal[1], deal[2], honors=honors)
    return rubber.end() if end else rubber


def totals(rubber: Rubber) -> tuple[int, int]:
    t = rubber.totals
    return t[WE], t[THEY]


# SCORING.md §3.2. Each: deals, whether play stopped early, totals under default and laws-1993.
R1: list[Deal] = [
    ("4H", "we", 10, {"we": 100}),
    ("4S", "they", 10),
    ("4CX", "they", 8),
    ("1NT", "we", 7),
    ("5C", "they", 11),
]
R2: list[Deal] = [
    ("2H", "we", 10),
    ("4SX", "they", 8),
    ("3NT", "they", 10),
    ("3S", "they", 9),
    ("2D", "they", 6),
    ("6HX", "we", 13),
    ("1NT", "they", 8),
    ("3C", "we", 9),
    ("3H", "they", 9),
]
R3: list[Deal] = [
    ("2SX", "we", 8, {"they": 100}),
    ("3D", "they", 9),
    ("3NT", "we", 10, {"we": 150}),
]
R4: list[Deal] = [("4H", "we", 10), ("1NT", "they", 7)]
R5: list[Deal] = [("3S", "they", 9), ("3NT", "we", 10)]
R6: list[Deal] = [
    ("4S", "we", 10),
    ("5D", "they", 11),
    ("2H", "we", 8),
    ("1NT", "they", 8),
    ("4H", "they", 8),
]
R7: list[Deal] = [
    ("1NTXX", "they", 7),
    ("6C", "we", 12, {"we": 100}),
    ("2H", "they", 7),
    ("2NT", "we", 9),
    ("1C", "we", 7),
    ("3SX", "they", 10),
]
SCENARIOS = [
    ("R1", R1, False, (760, 720), (760, 720)),
    ("R2", R2, False, (1690, 880), (1690, 880)),
    ("R3", R3, False, (1150, 160), (1150, 160)),
    ("R4", R4, True, (420, 90), (420, 140)),
    ("R5", R5, True, (430, 90), (430, 90)),
    ("R6", R6, True, (730, 520), (380, 170)),
    ("R7", R7, False, (940, 1190), (940, 1190)),
]


@pytest.mark.parametrize("rules", ["default", "laws-1993"])
@pytest.mark.parametrize(
    ("deals", "end", "default", "laws"), [s[1:] for s in SCENARIOS], ids=[s[0] for s in SCENARIOS]
)
def test_scenarios(
    rules: str,
    deals: list[Deal],
    end: bool,
    default: tuple[int, int],
    laws: tuple[int, int],
) -> None:
    rubber = play(deals, rules, end=end)
    assert totals(rubber) == (default if rules == "default" else laws)
    assert rubber.is_finished
    assert rubber.rules is RUBBER_PRESETS[rules]


def lines(rubber: Rubber, deal: int | None) -> list[tuple[str, int, str, str]]:
    return [(e.side.value, e.points, e.line, e.kind) for e in rubber.entries if e.deal == deal]


def test_r1_the_handouts_rubber() -> None:
    rubber = play(R1)
    # Deal 3: THEY are vulnerable (they won game 2), so 2 down doubled is 500 to WE.
    assert lines(rubber, 3) == [("we", 500, "above", "undertricks")]
    assert lines(rubber, 1) == [
        ("we", 120, "below", "trick_points"),
        ("we", 100, "above", "honors"),
    ]
    assert lines(rubber, 5) == [
        ("they", 100, "below", "trick_points"),
        ("they", 500, "above", "rubber_premium"),
    ]
    assert rubber.game_winners == (WE, THEY, THEY)
    assert rubber.rubber_won_by is THEY  # THEY won the rubber...
    assert rubber.winner is WE  # ...but WE have more points (the handout's NOTE 2)
    assert [e.game for e in rubber.entries if e.line == "below"] == [1, 2, 3, 3]


def test_r2_a_partial_cut_off_by_the_opponents_game() -> None:
    rubber = play(R2)
    assert rubber.game_winners == (THEY, WE, THEY)
    assert lines(rubber, 6) == [
        ("we", 360, "below", "trick_points"),
        ("we", 100, "above", "overtricks"),
        ("we", 500, "above", "slam"),
        ("we", 50, "above", "insult"),
    ]
    # THEY's 90 from deal 4 was cut off by WE's game on deal 6: 40 + 90 on deals 7 and 9.
    assert lines(rubber, 9)[-1] == ("they", 500, "above", "rubber_premium")
    assert rubber.winner is WE


def test_r3_two_nothing_and_defenders_honors() -> None:
    rubber = play(R3)
    assert lines(rubber, 1) == [
        ("we", 120, "below", "trick_points"),  # 2S doubled: a game
        ("we", 50, "above", "insult"),
        ("they", 100, "above", "honors"),
    ]
    assert lines(rubber, 3)[-1] == ("we", 700, "above", "rubber_premium")
    assert [e.label for e in rubber.entries if e.kind == "honors"] == [
        "Honors: 4 trump honors in one hand",
        "Honors: the 4 aces in one hand",
    ]


def test_r4_the_handouts_unfinished_rubber_is_420_not_430() -> None:
    # The handout prints "Total 430 | 90", but its own entries are 300 + 120 for WE: 420.
    rubber = play(R4, end=True)
    assert totals(rubber) == (420, 90)
    assert lines(rubber, None) == [
        ("we", 300, "above", "unfinished_game"),
        ("they", 50, "above", "unfinished_part_score"),
    ]
    laws = play(R4, "laws-1993", end=True)
    assert lines(laws, None) == [
        ("we", 300, "above", "unfinished_game"),
        ("they", 100, "above", "unfinished_part_score"),
    ]


def test_r6_unfinished_at_game_all() -> None:
    assert lines(play(R6, end=True), None) == [
        ("we", 300, "above", "unfinished_game"),
        ("they", 300, "above", "unfinished_game"),
        ("we", 50, "above", "unfinished_part_score"),
        ("they", 50, "above", "unfinished_part_score"),
    ]
    assert lines(play(R6, "laws-1993", end=True), None) == []


def test_r7_leg_and_vulnerability() -> None:
    rubber = play(R7[:5])
    assert (rubber.leg("we"), rubber.leg(THEY)) == (90, 0)
    assert rubber.vulnerable(WE)
    assert rubber.vulnerable("they")
    assert rubber.game_number == 3
    assert not rubber.is_finished
    assert rubber.winner is None


# The handout's smaller examples (seed 000).
def test_handout_below_the_line_examples() -> None:
    assert lines(play([("3NT", "we", 9)]), 1) == [("we", 100, "below", "trick_points")]
    two_partials = play([("2NT", "we", 8), ("2S", "we", 8)])
    assert [e.points for e in two_partials.entries] == [70, 60]
    assert two_partials.games[WE] == 1  # 70 + 60: a game made of part scores
    assert two_partials.vulnerable(WE)


def test_handout_overtricks_example() -> None:
    rubber = play([("2H", "we", 9), ("1S", "we", 10)])
    assert lines(rubber, 1) == [
        ("we", 60, "below", "trick_points"),
        ("we", 30, "above", "overtricks"),
    ]
    assert lines(rubber, 2) == [
        ("we", 30, "below", "trick_points"),
        ("we", 90, "above", "overtricks"),
    ]
    assert (rubber.games[WE], rubber.vulnerable(WE), rubber.leg(WE)) == (0, False, 90)


def test_handout_honors_and_slam_examples() -> None:
    assert lines(play([("4H", "they", 10, {"they": 100})]), 1) == [
        ("they", 120, "below", "trick_points"),
        ("they", 100, "above", "honors"),
    ]
    assert sorted(lines(play([("6D", "they", 12, {"they": 150})]), 1)) == sorted(
        [
            ("they", 120, "below", "trick_points"),
            ("they", 500, "above", "slam"),
            ("they", 150, "above", "honors"),
        ]
    )


def test_handout_defense_example() -> None:
    # WE 3NT, THEY 4S, then WE (vulnerable) 4H down 2: THEY get 200.
    rubber = play([("3NT", "we", 9), ("4S", "they", 10), ("4H", "we", 8)])
    assert lines(rubber, 3) == [("they", 200, "above", "undertricks")]


def test_handout_insult() -> None:
    assert ("we", 50, "above", "insult") in lines(play([("1HX", "we", 7)]), 1)


def test_honors_score_when_the_contract_fails() -> None:
    rubber = play([("4S", "we", 8, {"we": 100})])
    assert lines(rubber, 1) == [
        ("they", 100, "above", "undertricks"),
        ("we", 100, "above", "honors"),
    ]


def test_pass_out_scores_nothing_and_is_kept() -> None:
    rubber = Rubber().record("Pass", None, 0).record("4H", "we", 10)
    assert len(rubber.deals) == 2
    assert lines(rubber, 1) == []
    assert str(rubber.deals[0]) == "Pass"
    assert str(rubber.deals[1]) == "4H by WE, 10 tricks"


def test_undo_replace_and_end() -> None:
    rubber = play(R1)
    assert rubber.undo() == play(R1[:4])
    edited = play(R1[:3]).replace(3, "5C", "they", 11)  # THEY make 5C: game and rubber
    assert edited.is_complete
    assert edited.rubber_won_by is THEY
    with pytest.raises(GameStateError, match="deal 4 comes after the rubber is over"):
        rubber.replace(3, "5C", "they", 11)
    with pytest.raises(GameStateError, match=r"no deal 9: the rubber has 5 deals"):
        rubber.replace(9, "4C", "they", 10)
    ended = play(R4, end=True)
    assert ended.undo() == play(R4)  # undo reopens the rubber; ending is not a deal (issue 11)
    assert ended.replace(2, "2NT", "they", 8).totals[THEY] == 70 + 50


def test_errors_after_the_end() -> None:
    with pytest.raises(GameStateError, match=r"the rubber is over: THEY won two games on deal 5"):
        play(R1).record("1C", "we", 7)
    with pytest.raises(GameStateError, match="the rubber is over"):
        play(R1).end()
    with pytest.raises(GameStateError, match="ended early; undo to reopen it"):
        play(R4, end=True).record("1C", "we", 7)
    with pytest.raises(GameStateError, match="no deal to undo"):
        Rubber().undo()


@pytest.mark.parametrize(
    ("contract", "honors", "error", "message"),
    [
        ("3NT", {"we": 100}, InvalidResultError, r"100 is impossible in 3NT"),
        ("4H", {"we": 120}, InvalidResultError, r"honors are 100 .* or 150 .*got 120"),
        ("4H", {"we": 100, "they": 100}, InvalidResultError, "both sides cannot hold honors"),
        ("4H", {"us": 100, "them": 150}, InvalidResultError, "both sides cannot hold honors"),
        ("Pass", {"we": 100}, InvalidResultError, "a passed-out deal has no honors"),
        ("4H", {"north": 100}, NotationError, r"invalid side: 'north'; expected 'we' or 'they'"),
    ],
)
def test_impossible_honors(
    contract: str, honors: dict[str, int], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Rubber().record(contract, "we", 10 if contract != "Pass" else 0, honors=honors)


def test_other_bad_input() -> None:
    with pytest.raises(NotationError, match=r"invalid side: 'north'"):
        Rubber().record("4H", "north", 10)
    with pytest.raises(InvalidResultError, match="tricks must be a whole number from 0 to 13"):
        Rubber().record("4H", "we", 14)
    with pytest.raises(NotationError, match="'4Z'"):
        Rubber().record("4Z", "we", 10)
    with pytest.raises(RulesError, match=r"unknown rubber rules: 'law'; expected one of default"):
        Rubber("law")
    no_honors = RubberRules("custom", honors=False)
    with pytest.raises(RulesError, match="claims honors, but these rules do not score them"):
        Rubber(no_honors).record("4H", "we", 10, honors={"we": 100})
    with pytest.raises(RulesError, match="unfinished-rubber rule"):
        RubberRules(unfinished="1932")  # type: ignore[arg-type]


def test_rules_say_what_they_are() -> None:
    assert str(RubberRules.preset("default")) == "default"
    assert str(RubberRules.preset("laws-1993")) == "laws-1993"
    custom = RubberRules("laws-1993", "laws-1993", honors=False, undertrick_rule="pre-1987")
    assert str(custom) == "laws-1993, honors off, pre-1987 undertricks"
    assert RubberRules.from_dict(custom.to_dict()) == custom
    assert RubberRules.from_dict({}) == RubberRules.preset("default")
    old = Rubber(custom).record("5CX", "we", 7)
    assert old.totals[THEY] == 700  # pre-1987: 4 down doubled not vulnerable


# Property tests: random rubbers.
deals = st.tuples(
    st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)),
    st.sampled_from(WeThey),
    st.integers(0, 13),
)


@st.composite
def rubbers(draw: st.DrawFn) -> tuple[str, list[RubberDeal]]:
    rules = draw(st.sampled_from(sorted(RUBBER_PRESETS)))
    rubber = Rubber(rules)
    for contract, by, tricks in draw(st.lists(deals, max_size=14)):
        if rubber.is_finished:
            break
        rubber = rubber.record(contract, by, tricks)
    return rules, list(rubber.deals)


@settings(max_examples=200)
@given(rubbers())
def test_rebuilding_equals_recording(case: tuple[str, list[RubberDeal]]) -> None:
    rules, deal_list = case
    recorded = Rubber(rules)
    for d in deal_list:
        recorded = recorded.record(d.contract, d.by, d.tricks)
    assert Rubber(rules, deal_list) == recorded
    assert Rubber(rules, deal_list).entries == recorded.entries


@given(rubbers())
def test_undo_then_record_is_the_identity(case: tuple[str, list[RubberDeal]]) -> None:
    rules, deal_list = case
    rubber = Rubber(rules, deal_list)
    if deal_list:
        last = deal_list[-1]
        assert rubber.undo().record(last.contract, last.by, last.tricks) == rubber


@given(rubbers())
def test_totals_are_the_sum_of_the_entries(case: tuple[str, list[RubberDeal]]) -> None:
    rubber = Rubber(*case)
    for side in WeThey:
        assert rubber.totals[side] == sum(e.points for e in rubber.entries if e.side is side)
    assert all(e.points > 0 for e in rubber.entries)


@given(rubbers())
def test_games_follow_the_trick_points_below_the_line(case: tuple[str, list[RubberDeal]]) -> None:
    rubber = Rubber(*case)
    winners: list[WeThey] = []
    below = [e for e in rubber.entries if e.line == "below"]
    for game in range(1, 4):
        legs = dict.fromkeys(WeThey, 0)
        for entry in (e for e in below if e.game == game):
            legs[entry.side] += entry.points
        done = [side for side in WeThey if legs[side] >= 100]
        if done:
            winners.extend(done)
    assert tuple(winners) == rubber.game_winners
    assert all(entry.kind == "trick_points" for entry in below)
    for side in WeThey:
        assert rubber.vulnerable(side) == (side in winners)
    assert rubber.is_complete == (max(winners.count(s) for s in WeThey) == 2 if winners else False)
    if rubber.is_complete:
        premium = [e for e in rubber.entries if e.kind == "rubber_premium"]
        assert [p.points for p in premium] == [700 if len(winners) == 2 else 500]


@given(rubbers())
def test_end_adds_only_premiums(case: tuple[str, list[RubberDeal]]) -> None:
    rubber = Rubber(*case)
    if rubber.is_finished:
        return
    ended = rubber.end()
    added = ended.entries[len(rubber.entries) :]
    assert ended.entries[: len(rubber.entries)] == rubber.entries
    assert all(isinstance(e, PadEntry) and e.deal is None for e in added)
    assert ended.winner == (
        None
        if ended.totals[WE] == ended.totals[THEY]
        else max(WeThey, key=ended.totals.__getitem__)
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4H we 10", ("4H", WE, 10)),
        ("4HX by they -2", ("4HX", THEY, 8)),
        ("3NT WE +1", ("3NT", WE, 10)),
        ("3nt they =", ("3NT", THEY, 9)),
        ("6S us", ("6S", WE, 12)),
        ("1NTXX them 7", ("1NTXX", THEY, 7)),
        ("Pass", ("Pass", None, 0)),
    ],
)
def test_deal_notation(text: str, expected: tuple[str, WeThey | None, int]) -> None:
    deal = RubberDeal.parse(text)
    assert (str(deal.contract), deal.by, deal.tricks) == expected


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("4H 10", NotationError, r"invalid deal: '4H 10'; expected a contract, the declaring side"),
        ("4H we they 10", NotationError, "invalid deal"),
        ("4HS we 10", NotationError, "expected a contract, got a result: .4HS."),
        ("4H we 14", InvalidResultError, "tricks must be a whole number"),
        ("7NT we +1", InvalidResultError, "cannot take 14 tricks"),
        ("", NotationError, "invalid deal: ''"),
    ],
)
def test_bad_deal_notation(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        RubberDeal.parse(text)


def test_to_dict() -> None:
    data = play(R1).to_dict()
    assert data["totals"] == {"we": 760, "they": 720}
    assert data["games"] == {"we": 1, "they": 2}
    assert (data["winner"], data["rubber_won_by"], data["finished"]) == ("we", "they", True)
    assert data["rules"] == {
        "name": "default",
        "unfinished": "handout",
        "honors": True,
        "undertrick_rule": "modern",
        "description": "default",
    }
    deals = data["deals"]
    assert isinstance(deals, list)
    assert deals[0] == {
        "n": 1,
        "contract": "4H",
        "by": "we",
        "tricks": 10,
        "honors": {"we": 100},
        "text": "4H by WE, 10 tricks, WE 100 honors",
    }
    entries = data["entries"]
    assert isinstance(entries, list)
    assert entries[-1] == {
        "deal": 5,
        "side": "they",
        "points": 500,
        "line": "above",
        "game": 3,
        "kind": "rubber_premium",
        "label": "Rubber premium: 2 games to 1",
    }
