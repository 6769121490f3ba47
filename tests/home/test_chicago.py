"""Chicago: SCORING.md §4 (C1-C4 under both presets), the cycle, redeals and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    Contract,
    Doubling,
    GameStateError,
    InvalidResultError,
    NotationError,
    RulesError,
    Seat,
    Side,
    Strain,
    Vulnerability,
    score_result,
)
from bridgescore.home.chicago import CHICAGO_PRESETS, Chicago, ChicagoDeal, ChicagoRules

Deal = tuple[str, str, int]

C1: list[Deal] = [("2S", "N", 9), ("3NT", "E", 9), ("4HX", "S", 9), ("2H", "N", 8)]
C2: list[Deal] = [("2H", "N", 8), ("2C", "N", 8), ("1NT", "E", 8), ("2D", "N", 8)]
C3: list[Deal] = [("3C", "E", 9), ("6NT", "N", 12), ("2SX", "E", 8), ("1H", "E", 7)]
C4: list[Deal] = [("1NT", "N", 7), ("2H", "E", 7), ("2C", "E", 8), ("2S", "N", 8)]


def play(deals: list[Deal], rules: str = "default", **options: bool) -> Chicago:
    game = Chicago(rules, **options)  # type: ignore[arg-type]
    for deal in deals:
        game = game.record(*deal)
    return game


def totals(game: Chicago) -> tuple[int, int]:
    return game.totals[Side.NS], game.totals[Side.EW]


# SCORING.md §4.2: (id, deals, switched, acbl totals, per-deal NS/EW points under acbl).
EXAMPLES = [
    ("C1", C1, False, (250, 800), [(90, 0), (0, 600), (0, 200), (160, 0)]),
    ("C2", C2, False, (540, 70), [(60, 0), (340, 0), (0, 70), (140, 0)]),
    ("C2 switched", C2, True, (740, 70), [(60, 0), (540, 0), (0, 70), (140, 0)]),
    ("C3", C3, False, (990, 660), [(0, 60), (990, 0), (0, 470), (0, 130)]),
    ("C4", C4, False, (700, 40), [(40, 0), (100, 0), (0, 40), (560, 0)]),
]


@pytest.mark.parametrize(
    ("deals", "switched", "expected", "per_deal"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_acbl_examples(
    deals: list[Deal], switched: bool, expected: tuple[int, int], per_deal: list[tuple[int, int]]
) -> None:
    game = play(deals, "acbl", switched=switched)
    assert totals(game) == expected
    assert [(row.ns, row.ew) for row in game.rows] == per_deal
    assert (game.rows[-1].ns_total, game.rows[-1].ew_total) == expected


def test_default_scores_each_deal_as_duplicate() -> None:
    # SCORING.md §4.2: "Under default ... C1 gives NS 140 + 110 = 250, EW 600 + 200 = 800."
    game = play(C1)
    assert [(row.ns, row.ew) for row in game.rows] == [(140, 0), (0, 600), (0, 200), (110, 0)]
    assert totals(game) == (250, 800)
    for deals in (C1, C2, C3, C4):
        for row in play(deals).rows:
            ns = score_result(row.result, row.vulnerability).for_side(Side.NS)
            assert row.ns - row.ew == ns


def test_fourth_deal_part_score_that_completes_a_game_gets_the_game_premium_only() -> None:
    game = play(C4, "acbl")
    assert [e.kind for e in game.entries if e.deal == 4] == ["trick_points", "game"]
    assert [e.points for e in game.entries if e.deal == 4] == [60, 500]


def test_cycle_and_redeals() -> None:
    game = Chicago()
    seen = []
    for _ in range(9):
        seen.append((game.next_dealer.value, game.next_vulnerability.value, game.next_number))
        game = game.record("1C", game.next_dealer, 7)
    assert seen == [
        ("N", "None", 1),
        ("E", "EW", 2),
        ("S", "NS", 3),
        ("W", "All", 4),
        ("N", "None", 1),
        ("E", "EW", 2),
        ("S", "NS", 3),
        ("W", "All", 4),
        ("N", "None", 1),
    ]
    assert (game.played, game.sets_completed) == (9, 2)
    assert [row.set for row in game.rows] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    switched = Chicago(first_dealer="E", switched=True)
    assert [
        (switched.next_dealer.value, switched.next_vulnerability.value),
        (switched.record("1C", "E", 7).next_dealer.value,
         switched.record("1C", "E", 7).next_vulnerability.value),
    ] == [("E", "None"), ("S", "EW")]  # fmt: skip


def test_a_passed_out_deal_is_redealt_by_the_same_dealer() -> None:
    game = Chicago().record("2S", "N", 8).record("Pass", None, 0)
    assert (game.next_dealer, game.next_vulnerability, game.played) == (
        Seat.EAST,
        Vulnerability.EW,
        1,
    )
    row = game.rows[1]
    assert (row.number, row.set, row.dealer, row.ns, row.ew) == (None, None, Seat.EAST, 0, 0)
    game = game.record("3NT", "E", 9)
    assert game.rows[2].vulnerability is Vulnerability.EW
    assert game.totals[Side.EW] == 600


def test_acbl_part_scores_reset_after_each_set() -> None:
    # NS 60 on deal 3 does not carry to deal 5 (SCORING.md §11 A6).
    deals = [("1C", "E", 6), ("1C", "E", 6), ("2S", "N", 8), ("1C", "E", 6), ("2S", "N", 8)]
    game = play(deals, "acbl")
    assert [e.kind for e in game.entries if e.deal == 5] == ["trick_points"]
    # Within a set, 60 + 60 is a game.
    within = play([("2S", "N", 8), ("2S", "N", 8)], "acbl")
    assert [e.kind for e in within.entries if e.deal == 2] == ["trick_points", "game"]
    assert "completed with earlier part scores" in within.entries[-1].label


def test_honors_are_off_by_default() -> None:
    with pytest.raises(RulesError, match="claims honors, but these rules do not score them"):
        Chicago().record("4H", "S", 10, honors={"NS": 100})
    game = Chicago(honors=True).record("4H", "S", 10, honors={"EW": 100})
    assert totals(game) == (420, 100)
    assert str(game.rules) == "default, honors on"


@pytest.mark.parametrize(
    ("args", "honors", "error", "message"),
    [
        (("3NT", "N", 9), {"NS": 100}, InvalidResultError, "100 is impossible in 3NT"),
        (("4H", "N", 10), {"NS": 100, "EW": 150}, InvalidResultError, "both sides cannot"),
        (("4H", "N", 10), {"XY": 100}, NotationError, r"invalid side: 'XY'; expected NS or EW"),
        (("4H", "Q", 10), None, NotationError, r"invalid seat: 'Q'"),
        (("4H", None, 10), None, NotationError, r"invalid seat: ''"),
        (("4H", "N", 14), None, InvalidResultError, "tricks must be a whole number"),
    ],
)
def test_bad_input(
    args: tuple[str, str | None, int],
    honors: dict[str, int] | None,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        Chicago(honors=True).record(*args, honors=honors)


def test_rules_and_edits() -> None:
    with pytest.raises(
        RulesError, match=r"unknown Chicago rules: 'x'; expected one of default, acbl"
    ):
        Chicago("x")
    rules = ChicagoRules("acbl", "acbl", switched=True, honors=True)
    assert str(rules) == "acbl, switched, honors on"
    assert ChicagoRules.from_dict(rules.to_dict()) == rules
    game = play(C1)
    assert game.undo() == play(C1[:3])
    assert game.replace(1, "2S", "N", 8).rows[0].ns == 110
    with pytest.raises(GameStateError, match="no deal 7: the game has 4 deals"):
        game.replace(7, "2S", "N", 8)
    with pytest.raises(GameStateError, match="no deal to undo"):
        Chicago().undo()
    assert Chicago(first_dealer="w").first_dealer is Seat.WEST
    assert Chicago(rules="acbl", deals=game.deals) == play(C1, "acbl")
    assert CHICAGO_PRESETS["acbl"].style == "acbl"


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)
chicago_deals = st.lists(
    st.builds(ChicagoDeal, contracts, st.sampled_from(Seat), st.integers(0, 13)), max_size=12
)


@given(st.sampled_from(sorted(CHICAGO_PRESETS)), st.booleans(), chicago_deals)
def test_rebuild_equals_record_and_totals_add_up(
    rules: str, switched: bool, deals: list[ChicagoDeal]
) -> None:
    game = Chicago(rules, switched=switched)
    for d in deals:
        game = game.record(d.contract, d.declarer, d.tricks)
    rebuilt = Chicago(rules, switched=switched, deals=deals)
    assert rebuilt == game
    assert rebuilt.rows == game.rows
    for side in Side:
        assert game.totals[side] == sum(e.points for e in game.entries if e.side is side)
    if deals:
        assert game.undo().record(deals[-1].contract, deals[-1].declarer, deals[-1].tricks) == game
        last = game.rows[-1]
        assert (last.ns_total, last.ew_total) == totals(game)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4H S 10", "4HS="),
        ("4HX by E -2", "4HXE-2"),
        ("3NTN=", "3NTN="),
        ("3nt n +1", "3NTN+1"),
        ("Pass", "Pass"),
    ],
)
def test_deal_notation(text: str, expected: str) -> None:
    assert str(ChicagoDeal.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4H 10", r"'4H 10' has no declarer"),
        ("4H S we", "invalid result notation"),
        ("", "invalid result notation: ''"),
    ],
)
def test_bad_deal_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        ChicagoDeal.parse(text)


def test_to_dict() -> None:
    data = play(C1, "acbl").to_dict()
    assert data["totals"] == {"NS": 250, "EW": 800}
    assert data["next"] == {"number": 1, "dealer": "N", "vulnerability": "None"}
    rows = data["rows"]
    assert isinstance(rows, list)
    assert rows[1] == {
        "deal": 2,
        "number": 2,
        "set": 1,
        "dealer": "E",
        "vulnerability": "EW",
        "result": "3NTE=",
        "NS": 0,
        "EW": 600,
        "NS_total": 90,
        "EW_total": 600,
    }
    assert data["leader"] == "EW"
