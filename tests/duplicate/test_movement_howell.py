"""The searched Howells: balance measured here on its own, the moves, the data re-checked.

The balance measure is J. R. Manning's (EBU, *Bridge movements: the maths*): for every two
pairs, per board +1 if they play it the same way at different tables, -1 the opposite way,
k-1 (k the times it is played) when they meet on it. It is computed below from the plays
alone, not with :func:`bridgescore.duplicate.movement.fairness` nor the search's own function.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter, defaultdict
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Section, Session
from bridgescore.duplicate.movement import (
    Movement,
    MovementError,
    cards,
    describe,
    guide_cards,
    howell,
    howell_rounds,
    read,
    search,
    table_cards,
)
from bridgescore.duplicate.movement._howells import DESIGNS, PLAIN
from bridgescore.duplicate.movement.cyclic import every_board_everywhere


def manning(m: Movement) -> dict[frozenset[str], int]:
    """Manning's competition score of every two pairs, from the plays (cards as played)."""
    score: dict[frozenset[str], int] = dict.fromkeys(
        (frozenset(c) for c in combinations(m.pairs, 2)), 0
    )
    on_board: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for p in m.plays:
        for b in p.boards:
            on_board[b].append((p.ns, p.ew))
    for plays in on_board.values():
        k = len(plays)
        for i, (ns, ew) in enumerate(plays):
            score[frozenset((ns, ew))] += k - 1
            for ns2, ew2 in plays[i + 1 :]:
                score[frozenset((ns, ns2))] += 1
                score[frozenset((ew, ew2))] += 1
                score[frozenset((ns, ew2))] -= 1
                score[frozenset((ew, ns2))] -= 1
    return score


def spread(m: Movement) -> tuple[float, int, int]:
    values = list(manning(m).values())
    return statistics.pstdev(values), min(values), max(values)


# The EBU's published full Howells measured with one script (issue 25): pairs, boards a round,
# rounds, SD, least, most.
EBU = [
    (6, 5, 5, 8.16, 0, 20),
    (6, 3, 10, 0.0, 12, 12),
    (8, 4, 7, 0.0, 12, 12),
    (10, 3, 9, 5.37, 6, 18),
    (12, 2, 11, 0.0, 10, 10),
    (14, 2, 13, 3.70, 8, 16),
    (16, 2, 15, 0.0, 14, 14),
]


@pytest.mark.parametrize(
    ("pairs", "bpr", "rounds", "sd", "low", "high"),
    EBU,
    ids=[f"{p // 2}-tables-{r}x{b}" for p, b, r, *_ in EBU],
)
def test_at_least_as_balanced_as_the_ebus(
    pairs: int, bpr: int, rounds: int, sd: float, low: int, high: int
) -> None:
    m = howell(pairs, bpr, rounds=rounds)
    ours, least, most = spread(m)
    assert ours <= sd + 0.005  # the issue gives two decimals
    assert least >= low
    assert most <= high


@pytest.mark.parametrize("pairs", [8, 12, 16, 20], ids=lambda p: f"{p // 2}-tables")
@pytest.mark.parametrize("bpr", [1, 2, 3, 4])
def test_perfect_balance_at_4_6_8_and_10_tables(pairs: int, bpr: int) -> None:
    m = howell(pairs, bpr)
    tables = pairs // 2
    assert set(manning(m).values()) == {bpr * (tables - 1)}  # every two pairs at the mean
    assert "perfectly balanced" in m.fairness().summary()


@pytest.mark.parametrize("tables", [3, 5, 7, 9])
def test_the_best_a_1_rotational_howell_has_at_3_5_7_and_9_tables(tables: int) -> None:
    """2m-1 = 5, 9, 13, 17 = 1 mod 4: the autocorrelation is 1 or -3, half the moving pairs'
    differences each, so the scores are the mean and the mean +-2 a set in equal numbers."""
    m = howell(2 * tables, 3)
    scores = Counter(manning(m).values())
    mean = 3 * (tables - 1)
    moving = 2 * tables - 1
    assert scores == {
        mean: moving,  # the stationary pair against each other pair
        mean - 6: moving * (tables - 1) // 2,
        mean + 6: moving * (tables - 1) // 2,
    }
    assert spread(m)[0] == pytest.approx(6 * math.sqrt((tables - 1) / tables))


def seats(m: Movement) -> dict[tuple[int, str], tuple[int, str]]:
    """Where each pair sits (not which cards it plays: a turned table swaps those)."""
    turned = set(m.turned)
    out = {}
    for p in m.plays:
        ns, ew = (p.ew, p.ns) if (p.round, p.table) in turned else (p.ns, p.ew)
        out[p.round, ns] = (p.table, "NS")
        out[p.round, ew] = (p.table, "EW")
    return out


@pytest.mark.parametrize("pairs", range(4, 21), ids=str)
def test_the_moves_a_room_can_follow(pairs: int) -> None:
    m = howell(pairs, 2)
    sat = seats(m)
    goes: dict[tuple[int, str], set[tuple[int, str] | None]] = defaultdict(set)
    for (r, pair), where in sat.items():
        if r < m.rounds:
            goes[where].add(sat.get((r + 1, pair)))
    assert all(len(places) == 1 for places in goes.values()), "a seat's pair changes route"
    at = {(p.round, b): p.table for p in m.plays for b in p.boards}
    routes: dict[int, set[int | None]] = defaultdict(set)
    for p in m.plays:
        if p.round < m.rounds:
            routes[p.table].add(at.get((p.round + 1, p.boards[0])))
    assert all(len(places) == 1 for places in routes.values()), "a table's boards change route"
    ns = Counter(pair for (_, pair), (_, seat) in sat.items() if seat == "NS")
    tables = (pairs + 1) // 2
    if pairs % 2 == 0:  # the stationary pair is always NS at table 1; the others T-1 of 2T-1
        assert {sat[r, str(pairs)] for r in range(1, m.rounds + 1)} == {(1, "NS")}
        assert {ns[p] for p in m.pairs if p != str(pairs)} == {tables - 1}
    else:  # each sits out once and is NS T-1 times
        assert set(ns.values()) == {tables - 1}
    assert "same place each round" in describe(m)


def assert_rules(m: Movement) -> None:
    """The rules, checked here independently of Movement's own check."""
    seated: set[tuple[int, str]] = set()
    played: set[tuple[str, int]] = set()
    met: Counter[frozenset[str]] = Counter()
    for p in m.plays:
        assert len(p.boards) == m.boards_per_round == len(set(p.boards))
        for pair in (p.ns, p.ew):
            assert pair in m.pairs
            assert (p.round, pair) not in seated
            seated.add((p.round, pair))
            for b in p.boards:
                assert (pair, b) not in played
                played.add((pair, b))
        met[frozenset((p.ns, p.ew))] += 1
    assert max(met.values()) <= m.meetings
    shared = {(s.round, t) for s in m.shares for t in s.tables}
    where = Counter((p.round, p.boards) for p in m.plays)
    for p in m.plays:
        assert where[p.round, p.boards] == 1 or (p.round, p.table) in shared
    assert {b for p in m.plays for b in p.boards} == set(range(1, m.boards + 1))


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 20), st.integers(1, 4), st.data())
def test_every_howell_obeys_the_rules(pairs: int, bpr: int, data: st.DataObject) -> None:
    rounds = data.draw(st.sampled_from(howell_rounds(pairs)))
    m = howell(pairs, bpr, rounds=rounds)
    assert_rules(m)
    assert (m.rounds, m.tables, m.boards_per_round) == (rounds, pairs // 2, bpr)
    if every_board_everywhere(pairs, rounds):  # every board once at every table
        tables_of = Counter((b, p.table) for p in m.plays for b in p.boards)
        assert set(tables_of.values()) == {1}
        assert len(tables_of) == m.boards * m.tables
    again = Movement.from_dict(m.to_dict(complete=True))
    assert again == m


@pytest.mark.parametrize("key", sorted(DESIGNS), ids=lambda k: f"{k[0]}t-{k[1]}r")
def test_every_design_of_the_data(key: tuple[int, int]) -> None:
    """The data re-checked: a valid design, the movement it gives valid, the figures alike."""
    tables, rounds = key
    design = DESIGNS[key]
    assert len(design) == tables
    assert search.valid(design, rounds)
    sd, low, high = search.balance(design, rounds)
    m = howell(2 * tables, 2, rounds=rounds)
    assert_rules(m)
    assert spread(m) == pytest.approx((2 * sd, 2 * low, 2 * high))
    assert every_board_everywhere(2 * tables, rounds)
    if rounds == 2 * tables - 1:  # the search gives the same complete designs again
        assert search.complete(tables) == design
    if rounds > 2 * tables - 1:
        assert search.twice(tables) == design
        assert m.meetings == 2


def test_three_quarter_howells_play_every_board_at_every_table() -> None:
    m = howell(16, 2, rounds=11)
    assert every_board_everywhere(16, 11)
    assert m.boards == 22
    tables_of = Counter((b, p.table) for p in m.plays for b in p.boards)
    assert set(tables_of.values()) == {1}
    assert len(tables_of) == 22 * 8
    played = Counter(pair for p in m.plays for pair in (p.ns, p.ew) for _ in p.boards)
    assert set(played.values()) == {22}  # every pair plays every board
    assert "switch" in table_cards(m)  # the stationary pairs' arrow switches are on the cards
    assert "(arrow switch)" in guide_cards(m)


def test_three_quarter_howells_are_more_balanced_than_the_first_rounds() -> None:
    for pairs, rounds in [(10, 7), (12, 8), (16, 11), (20, 14)]:
        ours = spread(howell(pairs, 2, rounds=rounds))[0]
        first = Movement.read_csv(
            "".join(
                line
                for line in howell(pairs, 2).to_csv().splitlines(keepends=True)
                if line[0].isalpha() or int(line.split(",")[0]) <= rounds
            )
        )
        assert ours < spread(first)[0], (pairs, rounds)


def test_pairs_meeting_twice() -> None:
    m = howell(6, 3, rounds=10)
    assert m.meetings == 2
    assert Counter(frozenset((p.ns, p.ew)) for p in m.plays) == dict.fromkeys(
        (frozenset(c) for c in combinations(m.pairs, 2)), 2
    )
    assert set(manning(m).values()) == {12}  # the EBU's 3 tables over 10 rounds: 0, 12-12
    assert "Every pair meets every other pair twice." in describe(m)
    text = m.to_csv()
    with pytest.raises(MovementError, match=r"pairs '\d' and '\d' meet twice") as caught:
        read(text)
    assert caught.value.field == "pair"
    assert read(text, meetings=2).plays == m.plays
    with pytest.raises(MovementError, match="a Howell of 6 pairs has 1 to 5 rounds, or 10"):
        howell(6, 3, rounds=7)


def test_the_fairness_summary_against_the_ideal() -> None:
    lines = howell(10, 3).fairness().summary().splitlines()
    assert lines[-1] == (
        "Balance (Manning's competition score): 6 to 18, mean 12.00, standard deviation 5.37; "
        "the ideal is every two pairs at the mean (deviation 0)."
    )
    perfect = howell(12, 2).fairness().summary().splitlines()[-1]
    assert perfect.endswith("10 for every two pairs, the ideal: perfectly balanced.")
    short = howell(16, 2, rounds=3).fairness().summary()
    assert "a mean no whole score reaches" in short


def test_served_from_data_quickly() -> None:
    start = time.perf_counter()
    for pairs in range(4, 21):
        for rounds in howell_rounds(pairs):
            howell(pairs, 3 + pairs % 2, rounds=rounds)
    assert time.perf_counter() - start < 5


def evening_results(movement: Movement) -> list[object]:
    from bridgescore import BoardResult, Result

    return [
        BoardResult(b, int(p.ns), int(p.ew), Result.parse(f"{1 + b % 4}{'CDHS'[b % 4]}N="),
                    round=p.round, table=p.table)
        for p in movement.plays
        for b in p.boards
    ]  # fmt: skip


@pytest.mark.parametrize(("pairs", "rounds"), [(10, 9), (9, 9), (6, 10), (16, 11)], ids=str)
def test_a_movement_read_from_its_table_starts_a_session_like_a_generated_one(
    pairs: int, rounds: int
) -> None:
    built = howell(pairs, 2, rounds=rounds)
    typed = read(built.to_csv(), meetings=built.meetings)
    assert typed.plays == built.plays
    assert typed.turned == built.turned  # the arrow column

    def cards_but_relays(m: Movement) -> list[tuple[object, ...]]:  # relays are not in the table
        return [row[:6] + row[7:] for card in cards(m) for row in card.rows]

    assert cards_but_relays(typed) == cards_but_relays(built)
    if pairs > 6:  # boards that wait a round and are played again (at 3 tables all share)
        assert "wait, then table" in table_cards(typed)
    sections = [Section.from_movement(m) for m in (built, typed)]
    assert sections[0].kind == sections[1].kind == "howell"
    assert sections[0].pairs == sections[1].pairs
    assert sections[0].boards == sections[1].boards
    assert sections[0].missing == sections[1].missing
    results = evening_results(built)
    full = [s.with_results(results) for s in sections]  # type: ignore[arg-type]
    assert full[0].warnings == full[1].warnings == ()
    scored = [Session((s,)).scored()[0].rankings for s in full]
    assert scored[0] == scored[1]


@pytest.mark.parametrize("key", sorted(DESIGNS), ids=lambda k: f"{k[0]}t-{k[1]}r")
def test_every_moving_pair_sits_ns_about_half_its_rounds(key: tuple[int, int]) -> None:
    tables, rounds = key
    m = howell(2 * tables, 1, rounds=rounds)
    sat = seats(m)
    where: dict[str, set[tuple[int, str]]] = defaultdict(set)
    for (_, pair), place in sat.items():
        where[pair].add(place)
    moving = [p for p in m.pairs if len(where[p]) > 1]
    for pair in moving:
        ns = sum(1 for (_, q), (_, seat) in sat.items() if q == pair and seat == "NS")
        assert abs(2 * ns - rounds) <= 2, (pair, ns, rounds)
    stationary = [p for p in m.pairs if len(where[p]) == 1]
    assert len(stationary) == 2 * tables - min(rounds, 2 * tables - 1)
    if len(stationary) == 1:
        assert where[stationary[0]] == {(1, "NS")}


def test_the_arrow_column() -> None:
    text = "round,table,ns,ew,boards,arrow\n1,1,1,2,1-2,switch\n1,2,3,4,3-4,\n"
    m = read(text)
    assert (m.plays[0].ns, m.plays[0].ew, m.turned) == ("2", "1", ((1, 1),))
    assert m.to_csv() == text
    assert "switch" in table_cards(m)
    with pytest.raises(MovementError, match="row 2, column 'arrow': expected 'switch' or") as bad:
        read(text.replace("switch", "yes"))
    assert bad.value.field == "arrow"


@pytest.mark.parametrize("key", sorted(PLAIN), ids=lambda k: f"{k[0]}t-{k[1]}r")
def test_every_plain_design_has_no_arrow_switch_and_is_offered_too(key: tuple[int, int]) -> None:
    """Where the most balanced design has arrow switches, one without is offered: simpler
    moves, less balance; the summary says which is which."""
    tables, rounds = key
    design = PLAIN[key]
    assert search.valid(design, rounds)
    assert not any(mask for *_, mask in design)
    plain = howell(2 * tables, 2, rounds=rounds, arrow_switches=False)
    balanced = howell(2 * tables, 2, rounds=rounds)
    assert_rules(plain)
    assert plain.turned == ()
    assert balanced.turned != ()
    assert spread(plain)[0] > spread(balanced)[0]
    assert "Arrow switches at single tables" in describe(balanced)
    assert "Arrow switches" not in describe(plain)
    assert every_board_everywhere(2 * tables, rounds)


def test_a_complete_howell_is_the_same_either_way() -> None:
    assert howell(16, 2, arrow_switches=False) == howell(16, 2)
    with pytest.raises(MovementError, match="arrow_switches must be True or False"):
        howell(16, 2, arrow_switches=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("pairs", "rounds"), [(16, 11), (6, 10), (15, 11)], ids=str)
def test_a_stored_session_keeps_arrow_switches_and_meetings(pairs: int, rounds: int) -> None:
    from bridgescore.duplicate.session import session_from_dict, session_to_dict

    movement = howell(pairs, 2, rounds=rounds)
    session = Session((Section.from_movement(movement),))
    again = session_from_dict(session_to_dict(session))
    assert again.sections[0].movement == movement
