"""The Swiss draw: optimal under the stated measure (checked by brute force), the bye rule,
a round in arrears, the director's swap."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.errors import EventError
from bridgescore.events import Entry, Event, EventKind, Room, VpScale, draw, draw_key, teams
from bridgescore.events.draw import _candidates, _exact, best_pairing
from bridgescore.model import Result
from tests.helpers import matchings


def brute_force(vps: list[int], met: set[tuple[int, int]]) -> tuple[int, int, tuple[int, ...]]:
    return min(draw_key(m, vps, met) for m in matchings(list(range(len(vps)))))


@st.composite
def fields(draw: st.DrawFn, low: int = 2, high: int = 10) -> tuple[list[int], set[tuple[int, int]]]:
    """Standings (VP totals in hundredths, best first, ties likely) and who has met."""
    n = 2 * draw(st.integers(low // 2, high // 2))
    vps = sorted(draw(st.lists(st.sampled_from([0, 600, 1000, 1328, 1400, 2000, 2672, 3000,
                                                3328, 4000]) | st.integers(0, 6000),
                               min_size=n, max_size=n)), reverse=True)  # fmt: skip
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=3 * n)))
    return vps, met


@settings(max_examples=300, deadline=None)
@given(fields())
def test_the_draw_is_the_brute_force_optimum(field: tuple[list[int], set[tuple[int, int]]]) -> None:
    vps, met = field
    pairs = best_pairing(vps, met)
    assert sorted(x for p in pairs for x in p) == list(range(len(vps)))
    assert all(i < j for i, j in pairs)
    assert draw_key(pairs, vps, met) == brute_force(vps, met)


@settings(max_examples=40, deadline=None)
@given(fields(20, 40))
def test_the_pruned_graph_gives_the_complete_graphs_optimum(
    field: tuple[list[int], set[tuple[int, int]]],
) -> None:
    """Larger fields than brute force reaches: the same exact weights on every pair agree."""
    vps, met = field
    n = len(vps)
    every = [(i, j) for i in range(n) for j in range(i + 1, n)]
    best = draw_key(_exact(vps, met, every), vps, met)
    assert draw_key(best_pairing(vps, met), vps, met) == best
    with mock.patch.object(draw, "POLISH_FROM", 0):  # the bound polished, as for big fields
        assert draw_key(best_pairing(vps, met), vps, met) == best


def test_the_bound_keeps_the_optimal_pairs() -> None:
    vps = [3000, 2900, 2000, 1900, 1000, 900]
    assert _candidates(vps, set(), 3 * 100**2) == [(0, 1), (2, 3), (4, 5)]
    kept = _candidates(vps, {(0, 1)}, 1000**2 + 1000**2 + 100**2)  # 0-2 1-3 4-5
    assert {(0, 2), (1, 3), (4, 5)} <= set(kept)
    assert (0, 1) not in kept


CASES = [
    # (VPs best first, met before, the draw): neighbours when they have not met
    ([0, 0, 0, 0], set(), [(0, 1), (2, 3)]),
    ([3000, 2500, 2500, 1000], {(0, 1)}, [(0, 2), (1, 3)]),
    # 0 and 1 have met: 0-2 1-3 costs 100² + 200², 0-3 1-2 costs 300² + 0: the first
    ([3000, 2900, 2800, 2700], {(0, 1)}, [(0, 2), (1, 3)]),
    # equal sums of squares: the standings prefer 0 against 2 over 0 against 3
    ([2000, 2000, 2000, 2000], {(0, 1)}, [(0, 2), (1, 3)]),
    # every draw has a repeat: the one with fewest (0-1 again; 2-3 is new), whatever the VPs
    ([3000, 2000, 1000, 0], {(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)}, [(0, 1), (2, 3)]),
    # all have met: two repeats whatever the draw, so the least mismatch, the neighbours
    ([3000, 2000, 1900, 0], {(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)}, [(0, 1), (2, 3)]),
]


@pytest.mark.parametrize(("vps", "met", "expected"), CASES)
def test_draws(vps: list[int], met: set[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    assert best_pairing(vps, met) == expected


def test_an_odd_field_is_refused() -> None:
    with pytest.raises(ValueError, match="even"):
        best_pairing([1, 2, 3], set())


def play(event: Event, margin: int = 10) -> Event:
    """Every match of the last round: the higher seed wins board 1 by 470 (10 IMPs)."""
    rnd = event.rounds[-1]
    seed = {n: i for i, n in enumerate(event.names)}
    for m in rnd.matches:
        home_wins = seed[m.home] < seed[m.away]
        made, down = Result.parse("4SN="), Result.parse("4SN-1")
        board = m.boards[0]
        event = event.record(Entry(rnd.number, m.number, board, Room.OPEN,
                                   made if home_wins else down))  # fmt: skip
        event = event.record(Entry(rnd.number, m.number, board, Room.CLOSED,
                                   down if home_wins else made))  # fmt: skip
    return event


def test_eleven_teams_have_byes_in_turn() -> None:
    """11 teams over 10 rounds: no team has a second bye while another has had none."""
    event = Event(EventKind.SWISS_TEAMS, "Swiss", teams(*"ABCDEFGHIJK"), 10, boards_per_match=6)
    byes: list[str] = []
    for _ in range(10):
        event = play(event.draw_next())
        bye = event.rounds[-1].bye
        assert bye is not None
        assert bye not in byes
        byes.append(bye)
        standings = [s.entrant for s in event.standings(len(event.rounds) - 1)]
        without = [n for n in standings if n not in byes[:-1]]
        assert bye == without[-1]  # the lowest-ranked without one
    assert len(set(byes)) == 10
    assert event.standings()[0].byes + sum(s.byes for s in event.standings()[1:]) == 10


def test_a_bye_scores_the_preset() -> None:
    event = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C"), 2).draw_next()
    assert event.rounds[0].bye == "C"
    assert {s.entrant: s.vp for s in event.standings()}["C"] == 1200
    other = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C"), 2, bye_vp=1000)
    assert {s.entrant: s.vp for s in other.draw_next().standings()}["C"] == 1000


def test_no_repeats_while_a_draw_without_one_exists() -> None:
    event = Event(EventKind.SWISS_TEAMS, "Swiss", teams(*"ABCDEFGH"), 7, boards_per_match=6)
    for _ in range(7):
        event = play(event.draw_next())
    meetings = Counter(frozenset((m.home, m.away)) for r in event.rounds for m in r.matches)
    assert max(meetings.values()) == 1  # 8 teams, 7 rounds: a round robin exists, so no repeat


def test_a_round_in_arrears_uses_the_standings_before_the_last_round() -> None:
    event = Event(EventKind.SWISS_TEAMS, "Swiss", teams(*"ABCDEF"), 3, boards_per_match=6,
                  arrears=True)  # fmt: skip
    event = play(event.draw_next())  # A-B C-D E-F, A C E win
    event = event.draw_next()  # round 2 from the standings before round 1 (all equal)
    assert [(m.home, m.away) for m in event.rounds[1].matches] == [("A", "C"), ("B", "E"),
                                                                   ("D", "F")]  # fmt: skip
    now = Event(EventKind.SWISS_TEAMS, "Swiss", teams(*"ABCDEF"), 3, boards_per_match=6)
    now = play(now.draw_next()).draw_next()  # from the standings after round 1: A C E first
    assert [(m.home, m.away) for m in now.rounds[1].matches] == [("A", "C"), ("B", "E"),
                                                                 ("D", "F")]  # fmt: skip


def test_the_director_swaps_two_teams_before_the_round_starts() -> None:
    event = Event(EventKind.SWISS_TEAMS, "Swiss", teams(*"ABCDE"), 3).draw_next()
    swapped = event.swap(1, "B", "E")
    assert [(m.home, m.away) for m in swapped.rounds[0].matches] == [("A", "E"), ("C", "D")]
    assert swapped.rounds[0].bye == "B"
    with pytest.raises(EventError, match="already meet"):
        event.swap(1, "A", "B")
    with pytest.raises(EventError, match="not in round 1"):
        event.swap(1, "A", "Z")
    started = event.record(Entry(1, 1, 1, Room.OPEN, Result.parse("3NTN=")))
    with pytest.raises(EventError, match="has started") as caught:
        started.swap(1, "B", "E")
    assert caught.value.field == "round"


def test_importing_events_leaves_networkx_unloaded() -> None:
    """The core stays standard-library: networkx is imported only to draw a Swiss round."""
    probe = ("import sys\nimport bridgescore.events\nimport bridgescore.pbn\n"
             "print('networkx' in sys.modules)")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                         text=True).stdout  # fmt: skip
    assert out.strip() == "False"


def test_a_simulated_swiss_of_60_teams_draws_the_complete_graphs_optimum() -> None:
    """Random 8-board results over 6 rounds: every round's draw, found on the pruned parts,
    equals one exact matching over every pair of teams."""
    rng = random.Random(60)
    vp = [0] * 60
    met: set[frozenset[int]] = set()
    for _ in range(6):
        order = sorted(range(60), key=lambda t: (-vp[t], t))
        place = {t: i for i, t in enumerate(order)}
        seen = {(min(place[a], place[b]), max(place[a], place[b])) for a, b in map(sorted, met)}
        vps = [vp[t] for t in order]
        every = [(i, j) for i in range(60) for j in range(i + 1, 60)]
        pairs = best_pairing(vps, seen)
        assert draw_key(pairs, vps, seen) == draw_key(_exact(vps, seen, every), vps, seen)
        for i, j in pairs:
            met.add(frozenset((order[i], order[j])))
            home, away = VpScale.WBF_2013.imps(rng.randint(-45, 45), 8)
            vp[order[i]] += home
            vp[order[j]] += away
