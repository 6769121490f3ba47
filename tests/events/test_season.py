"""A club's season (SCORING.md §28): ladders under the director's rules, table-driven from the
worked examples of ``bridgescore.events.season``'s docstrings."""

from __future__ import annotations

import pytest

from bridgescore.events.season import Ladder, LadderError, LadderRules, Outing, ladder
from bridgescore.players import Player

ANN, BOB, CY, DI = Player("Ann", "1"), Player("Bob", "2"), Player("Cy", "3"), Player("Di", "4")

# The docstring's season: three evenings, Cy only at the last.
SEASON = [("2026.01.05", "e1", ANN, 60.0), ("2026.01.05", "e1", BOB, 48.0),
          ("2026.01.12", "e2", ANN, 50.0), ("2026.01.12", "e2", BOB, 58.0),
          ("2026.01.19", "e3", ANN, 55.0), ("2026.01.19", "e3", BOB, 62.0),
          ("2026.01.19", "e3", CY, 70.0)]  # fmt: skip
# Ties and a late rise: Di 50, 50, 60, 60; Ann 55 x 4 (dates given out of order).
TIES = [("2026.02.23", "f4", DI, 60.0), ("2026.02.02", "f1", DI, 50.0),
        ("2026.02.16", "f3", DI, 60.0), ("2026.02.09", "f2", DI, 50.0),
        *[(f"2026.02.{d:02}", f"f{i}", ANN, 55.0)
          for i, d in enumerate((2, 9, 16, 23), 1)]]  # fmt: skip

# outings, rules -> (rank, name, score, sessions) in order
CASES = [
    (SEASON, LadderRules("best", 2),
     [("1", "Bob", 60.0, 3), ("2", "Ann", 57.5, 3), ("", "Cy", 70.0, 1)]),
    (SEASON, LadderRules("average"),
     [("1", "Cy", 70.0, 1), ("2", "Bob", 56.0, 3), ("3", "Ann", 55.0, 3)]),
    (SEASON, LadderRules("average", least=2),
     [("1", "Bob", 56.0, 3), ("2", "Ann", 55.0, 3), ("", "Cy", 70.0, 1)]),
    (SEASON, LadderRules("improved", 1),
     [("1", "Bob", 14.0, 3), ("2", "Ann", -5.0, 3), ("", "Cy", 0.0, 1)]),
    (SEASON, LadderRules("best", 1, least=1),
     [("1", "Cy", 70.0, 1), ("2", "Bob", 62.0, 3), ("3", "Ann", 60.0, 3)]),
    (TIES, LadderRules("average"), [("1=", "Ann", 55.0, 4), ("1=", "Di", 55.0, 4)]),
    (TIES, LadderRules("best", 2), [("1", "Di", 60.0, 4), ("2", "Ann", 55.0, 4)]),
    (TIES, LadderRules("improved", 2), [("1", "Di", 10.0, 4), ("2", "Ann", 0.0, 4)]),
    (TIES, LadderRules("improved", 3), [("", "Ann", 0.0, 4), ("", "Di", 0.0, 4)]),
    ([], LadderRules(), []),
]  # fmt: skip


@pytest.mark.parametrize(("outings", "rules", "expected"), CASES)
def test_ladders(
    outings: list[tuple[str, str, Player, float]],
    rules: LadderRules,
    expected: list[tuple[str, str, float, int]],
) -> None:
    rows = ladder(rules, [Outing(*o) for o in outings])
    assert [(r.rank, r.player.name, r.score, r.sessions) for r in rows] == expected


def test_scores_compare_to_two_decimals() -> None:
    """52.004 and 51.996 both show 52.00: they tie."""
    rows = ladder(LadderRules("average"), [Outing("2026.01.05", "e", ANN, 52.004),
                                           Outing("2026.01.05", "e", BOB, 51.996)])  # fmt: skip
    assert [r.rank for r in rows] == ["1=", "1="]


def test_a_player_renamed_shows_the_latest_name() -> None:
    rows = ladder(
        LadderRules("average"),
        [
            Outing("2026.01.05", "e1", Player("Ann Smith", "1"), 50.0),
            Outing("2026.01.12", "e2", Player("Ann Jones", "1"), 60.0),
        ],
    )
    assert [(r.player.name, r.score) for r in rows] == [("Ann Jones", 55.0)]


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: LadderRules("worst"), "kind"),  # type: ignore[arg-type]
        (lambda: LadderRules("best", 0), "count"),
        (lambda: LadderRules("best", 101), "count"),
        (lambda: LadderRules("best", True), "count"),
        (lambda: LadderRules("best", 2, -1), "least"),
        (lambda: LadderRules("best", 2.5), "count"),  # type: ignore[arg-type]
        (lambda: Outing("2026.01.05", "e", Player("Al"), 50.0), "player"),
        (lambda: Outing("2026.01.05", "e", ANN, 100.5), "percent"),
        (lambda: Outing("2026.01.05", "e", ANN, float("nan")), "percent"),
        (lambda: Ladder("", LadderRules()), "name"),
        (lambda: Ladder("W", LadderRules(), "2026-01-01"), "start"),
        (lambda: Ladder("W", LadderRules(), "", "2026.13.01"), "end"),
        (lambda: Ladder("W", LadderRules(), "2026.02.01", "2026.01.01"), "end"),
        (lambda: Ladder.from_dict({"name": "W", "rules": []}), "rules"),
        (lambda: Ladder.from_dict({"name": "W", "rules": {"count": "9" * 5000}}), "count"),
    ],
)
def test_rules_that_will_not_do(make: object, field: str) -> None:
    with pytest.raises(LadderError) as caught:
        make()  # type: ignore[operator]
    assert caught.value.field == field


def test_a_ladder_round_trips_and_covers_its_dates() -> None:
    winter = Ladder("Winter", LadderRules("improved", 3, 8), "2026.01.01", "2026.03.31")
    assert Ladder.from_dict(winter.to_dict()) == winter
    assert [winter.covers(d) for d in ("2025.12.31", "2026.01.01", "2026.03.31", "2026.04.01")] == [
        False, True, True, False]  # fmt: skip
    assert Ladder("Open", LadderRules()).covers("1999.01.01")
