"""Movements: the rules as properties over every size, the published movements, reading tables."""

from __future__ import annotations

import contextlib
import json
import time
from collections import Counter, defaultdict
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgescore
import bridgescore.duplicate.movement
from bridgescore.duplicate.movement import (
    Movement,
    MovementError,
    Share,
    TableRound,
    fairness,
    guide_cards,
    howell,
    mitchell,
    read,
    table_cards,
)


def assert_rules(m: Movement) -> None:
    """The rules of a movement, checked here independently of Movement's own check."""
    seated: set[tuple[int, str]] = set()
    played: set[tuple[str, int]] = set()
    met: set[frozenset[str]] = set()
    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    for p in m.plays:
        assert len(p.boards) == m.boards_per_round == len(set(p.boards))
        for pair in (p.ns, p.ew):
            assert pair in m.pairs
            assert (p.round, pair) not in seated, f"{pair} at two tables in round {p.round}"
            seated.add((p.round, pair))
            for b in p.boards:
                assert (pair, b) not in played, f"{pair} plays board {b} twice"
                played.add((pair, b))
        assert frozenset((p.ns, p.ew)) not in met
        met.add(frozenset((p.ns, p.ew)))
        for b in p.boards:
            at[p.round, b].append(p.table)
    shared = {(s.round, t, b) for s in m.shares for t in s.tables for b in s.boards}
    for (r, b), tables in at.items():
        if len(tables) > 1:
            assert all((r, t, b) in shared for t in tables)
    assert {b for _, b in at} == set(range(1, m.boards + 1))


MITCHELLS = [
    (tables, even, switch, half)
    for tables in range(2, 31)
    for even in (("skip", "relay") if tables % 2 == 0 else ("skip",))
    for switch in (False, True)
    for half in (False, True)
]


@pytest.mark.parametrize(
    ("tables", "even", "switch", "half"),
    MITCHELLS,
    ids=[f"{t}-{e}{'-switch' if s else ''}{'-half' if h else ''}" for t, e, s, h in MITCHELLS],
)
def test_every_mitchell_obeys_the_rules(tables: int, even: str, switch: bool, half: bool) -> None:
    m = mitchell(tables, 2, even=even, arrow_switch=switch, half_table=half)  # type: ignore[arg-type]
    assert_rules(m)
    full = even == "relay" or tables % 2
    assert m.rounds == (tables if full else tables - 1)
    assert m.tables == tables
    assert len(m.pairs) == 2 * tables - half
    # 2 tables, a skip, a half table: one round at one table, so one set of boards
    assert m.boards == (2 if m.rounds == 1 and half else 2 * tables)
    if half:  # the EW pairs sit out at the missing NS pair's table in turn
        assert [s.round for s in m.sit_outs] == list(range(1, m.rounds + 1))
        assert all(s.pair.startswith("EW") for s in m.sit_outs)
    else:
        assert m.sit_outs == ()


@pytest.mark.parametrize("tables", range(2, 31), ids=str)
def test_a_full_mitchell_meets_every_opponent_once_and_plays_every_board_once(tables: int) -> None:
    """Odd tables in full; even tables with share-and-relay in full."""
    m = mitchell(tables, 3, even="relay")
    ns = [f"NS {t}" for t in range(1, tables + 1)]
    ew = [f"EW {t}" for t in range(1, tables + 1)]
    meetings = Counter(frozenset((p.ns, p.ew)) for p in m.plays)
    assert meetings == Counter(frozenset((a, b)) for a in ns for b in ew)
    boards = Counter((pair, b) for p in m.plays for pair in (p.ns, p.ew) for b in p.boards)
    assert boards == Counter((pair, b) for pair in ns + ew for b in range(1, m.boards + 1))


@pytest.mark.parametrize("tables", range(2, 31, 2), ids=str)
def test_a_skip_mitchell_meets_all_but_one_opponent(tables: int) -> None:
    m = mitchell(tables, 1)
    for t in range(1, tables + 1):
        opponents = {p.ew for p in m.plays if p.ns == f"NS {t}"}
        assert len(opponents) == tables - 1
    half = tables // 2  # EW pair 1 skips table half + 1 at the start of round half + 1
    tables_of_ew1 = [p.table for p in m.plays if p.ew == "EW 1"]
    assert tables_of_ew1 == [*range(1, half + 1), *range(half + 2, tables + 1)]


@pytest.mark.parametrize("pairs", range(4, 21), ids=str)
def test_a_complete_howell_meets_every_pair_once_and_plays_every_board_once(pairs: int) -> None:
    m = howell(pairs, 2)
    assert_rules(m)
    assert m.rounds == (pairs - 1 if pairs % 2 == 0 else pairs)
    assert m.tables == pairs // 2
    meetings = Counter(frozenset((p.ns, p.ew)) for p in m.plays)
    assert meetings == Counter(frozenset(c) for c in combinations(m.pairs, 2))
    played = Counter((pair, b) for p in m.plays for pair in (p.ns, p.ew) for b in p.boards)
    assert set(played.values()) == {1}
    for pair in m.pairs:  # every board, but those of the round it sits out
        boards = {b for (who, b) in played if who == pair}
        sat_out = [s.round for s in m.sit_outs if s.pair == pair]
        assert len(boards) == m.boards - 2 * len(sat_out)
    assert len(m.sit_outs) == (m.rounds if pairs % 2 else 0)
    if pairs >= 7:  # a Room square exists: the tables of a round play different boards
        assert m.shares == ()


@pytest.mark.parametrize("pairs", range(4, 21), ids=str)
def test_shorter_howells_obey_the_rules(pairs: int) -> None:
    most = pairs - 1 if pairs % 2 == 0 else pairs
    for rounds in sorted({1, 2, most // 2, (3 * most) // 4}):
        m = howell(pairs, 3, rounds=rounds)
        assert_rules(m)
        assert m.rounds == rounds


def test_howells_are_quick_and_the_same_every_time() -> None:
    start = time.perf_counter()
    assert howell(20, 2) == howell(20, 2)
    assert time.perf_counter() - start < 2


# The published movements, typed in from their sources.

# Standard Mitchell, 5 tables (Bridge Central, "Mitchell movements"; TBB directors' page 3:
# "NS pairs stay at the same table, EW pairs move up one table, boards move down one table";
# table t starts with EW pair t and board set t). Cells: EW pair, board set.
MITCHELL_5 = [
    [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)],
    [(5, 2), (1, 3), (2, 4), (3, 5), (4, 1)],
    [(4, 3), (5, 4), (1, 5), (2, 1), (3, 2)],
    [(3, 4), (4, 5), (5, 1), (1, 2), (2, 3)],
    [(2, 5), (3, 1), (4, 2), (5, 3), (1, 4)],
]
# Skip Mitchell, 6 tables (TBB directors' page 3: "with 6 tables EW pairs skip one table at the
# start of round 4"; its round 6, where EW pairs meet their first opponents again, is left out).
MITCHELL_6_SKIP = [
    [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)],
    [(6, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 1)],
    [(5, 3), (6, 4), (1, 5), (2, 6), (3, 1), (4, 2)],
    [(3, 4), (4, 5), (5, 6), (6, 1), (1, 2), (2, 3)],
    [(2, 5), (3, 6), (4, 1), (5, 2), (6, 3), (1, 4)],
]
# Share-and-relay Mitchell, 4 tables (Bridge Central, "Share and relay Mitchell movement": sets
# 1 and 2 on tables 1 and 2, set 3 on the relay, set 4 on table 3, table 4 sharing table 1's;
# the relay's boards go to table 2, table 3's to the relay, the shared boards to table 3).
MITCHELL_4_RELAY = [
    [(1, 1), (2, 2), (3, 4), (4, 1)],
    [(4, 2), (1, 3), (2, 1), (3, 2)],
    [(3, 3), (4, 4), (1, 2), (2, 3)],
    [(2, 4), (3, 1), (4, 3), (1, 4)],
]
RELAY_4 = [3, 4, 1, 2]  # the set on the relay stand, round by round


@pytest.mark.parametrize(
    ("built", "published"),
    [
        (mitchell(5, 3), MITCHELL_5),
        (mitchell(6, 3), MITCHELL_6_SKIP),
        (mitchell(4, 3, even="relay"), MITCHELL_4_RELAY),
    ],
    ids=["5-tables", "6-tables-skip", "4-tables-relay"],
)
def test_the_published_mitchells(built: Movement, published: list[list[tuple[int, int]]]) -> None:
    expected = [
        TableRound(r, t, f"NS {t}", f"EW {ew}", tuple(range(3 * s - 2, 3 * s + 1)))
        for r, row in enumerate(published, start=1)
        for t, (ew, s) in enumerate(row, start=1)
    ]
    assert list(built.plays) == expected


def test_the_relay_stand_and_the_share() -> None:
    m = mitchell(4, 3, even="relay")
    assert [r.boards for r in m.relays] == [tuple(range(3 * s - 2, 3 * s + 1)) for s in RELAY_4]
    assert m.relays[0].place == "relay stand between tables 2 and 3"
    assert m.shares[1] == Share(2, (1, 4), (4, 5, 6))


def test_the_two_table_howell() -> None:
    # ACBL's 2-table Howell (director's notes, paperzz 8210044): 3 rounds, pair 4 stationary
    # at table 1, both tables sharing boards in each round.
    m = howell(4, 7)
    assert [p.table for p in m.plays if "4" in (p.ns, p.ew)] == [1, 1, 1]
    assert [s.tables for s in m.shares] == [(1, 2)] * 3
    assert m.boards == 21


@pytest.mark.parametrize(
    ("tables", "rounds", "boards", "sets"),
    [(9, 9, 27, 9), (10, 9, 30, 10), (13, 13, 26, 13), (14, 13, 28, 14)],
    ids=["9", "10-skip", "13", "14-skip"],
)
def test_the_exeter_club_list(tables: int, rounds: int, boards: int, sets: int) -> None:
    # bridgewebs.com/exeter/info.html: "10 tables Mitchell (skip), 9 rounds, 27 boards, 10 sets
    # of 3 boards, skip after round 5"; "14 tables ... 13 rounds, 14 sets of 2, skip after 7".
    m = mitchell(tables, boards // sets)
    assert (m.rounds, m.boards) == (rounds, boards)
    if tables % 2 == 0:
        ew1 = [p.table for p in m.plays if p.ew == "EW 1"]
        assert ew1[tables // 2] - ew1[tables // 2 - 1] == 2  # the skip, into round tables/2 + 1


# Arrow switch and fairness.


@pytest.mark.parametrize(
    ("tables", "switched"), [(5, (5,)), (9, (9,)), (12, (11, 12)), (13, (12, 13))], ids=str
)
def test_arrow_switch_the_last_eighth(tables: int, switched: tuple[int, ...]) -> None:
    m = mitchell(tables, 2, arrow_switch=True, even="relay")
    assert m.arrow_switched == switched
    for p in m.plays:
        assert p.ns.startswith("EW" if p.round in switched else "NS")


def test_arrow_switch_makes_one_field() -> None:
    two = fairness(mitchell(7, 3))
    assert len(two.fields) == 2
    assert two.compared_range == (21, 21)
    one = fairness(mitchell(7, 3, arrow_switch=True))
    assert len(one.fields) == 1
    assert "Pairs are compared on 0 to 15 boards" in one.summary()
    chosen = mitchell(7, 3, arrow_switch=[3, 6])
    assert chosen.arrow_switched == (3, 6)


@pytest.mark.parametrize(
    "m",
    [mitchell(7, 3), mitchell(8, 2, even="relay", arrow_switch=True), howell(9, 3), howell(12, 2)],
    ids=["mitchell-7", "mitchell-8-relay", "howell-9", "howell-12"],
)
def test_manning_competition_adds_up(m: Movement) -> None:
    """Manning's total amount of competition: t(t-1) per board played t times."""
    times = Counter(b for p in m.plays for b in p.boards)
    f = fairness(m)
    assert sum(p.competition for p in f.pairs) == sum(t * (t - 1) for t in times.values())
    assert sum(p.met for p in f.pairs) == len(m.plays)


def test_a_four_table_howell_is_perfectly_balanced() -> None:
    # Bridge Central, "4 table Howell": "all the 4 table Howell movements are perfect".
    f = howell(8, 3).fairness()
    assert f.compared_range == (9, 9)
    assert f.competition_spread[:2] == (9, 9)
    assert "perfect" in f.summary()


# Impossible requests.


@pytest.mark.parametrize(
    ("build", "field", "message"),
    [
        (lambda: mitchell(1, 3), "tables", "a Mitchell needs 2 to 30 tables, got 1"),
        (lambda: mitchell(31, 3), "tables", "2 to 30 tables, got 31"),
        (lambda: mitchell(7, 0), "boards_per_round", "boards_per_round must be 1 to 36, got 0"),
        (lambda: mitchell(8, 2, rounds=8), "rounds", "1 to 7 rounds (a skip Mitchell stops"),
        (lambda: mitchell(7, 2, rounds=0), "rounds", "has 1 to 7 rounds, got 0"),
        (lambda: mitchell(8, 2, even="bye"), "even", "'skip' or 'relay', got 'bye'"),  # type: ignore[arg-type]
        (lambda: mitchell(7, 2, arrow_switch=[8]), "arrow_switch", "rounds 1 to 7, got 8"),
        (lambda: howell(30, 2), "pairs", "a Howell needs 4 to 20 pairs (for more, use a Mitchell)"),
        (lambda: howell(3, 2), "pairs", "4 to 20 pairs"),
        (lambda: howell(10, 0), "boards_per_round", "got 0"),
        (lambda: howell(10, 2, rounds=10), "rounds", "a Howell of 10 pairs has 1 to 9 rounds"),
        (lambda: howell(True, 2), "pairs", "got True"),
    ],
    ids=[
        "1-table",
        "31-tables",
        "0-boards",
        "skip-8",
        "0-rounds",
        "even",
        "switch",
        "howell-30",
        "howell-3",
        "howell-0-boards",
        "howell-rounds",
        "bool",
    ],
)
def test_impossible_requests(build: object, field: str, message: str) -> None:
    with pytest.raises(MovementError) as caught:
        build()  # type: ignore[operator]
    assert caught.value.field == field
    assert message in str(caught.value)
    assert isinstance(caught.value, bridgescore.BridgeError)


# Tables typed in.

HEADER = "round,table,ns,ew,boards\n"


@pytest.mark.parametrize(
    ("rows", "message", "field"),
    [
        (
            "1,1,1,2,1-2\n1,x,3,4,3-4\n",
            "row 3, column 'table': expected a table number from 1, got 'x'",
            "table",
        ),
        (
            "0,1,1,2,1-2\n",
            "row 2, column 'round': expected a round number from 1, got '0'",
            "round",
        ),
        ("1,1,,2,1-2\n", "row 2, column 'ns': expected a pair (1 to 40 characters), got ''", "ns"),
        (
            '1,1,1,2,"3-1"\n',
            "row 2, column 'boards': expected board numbers such as '1-3' or '1,2,3', got '3-1'",
            "boards",
        ),
        (
            "1,1,1,2,1-2\n1,2,3,4,3\n",
            "row 3, column 'boards': every table plays 2 boards a round (as in row 2), got 1: '3'",
            "boards",
        ),
        ("1,1,1,2,1-200\n", "got '1-200'", "boards"),
        ("1,1,1,2,1-2\n1,2,1,3,3-4\n", "pair '1' sits at tables 1 and 2 in round 1", "pair"),
        ("1,1,1,2,1-2\n2,1,1,3,1-2\n", "pair '1' plays board 1 twice (rounds 1 and 2)", "boards"),
        (
            "1,1,1,2,1-2\n1,2,3,4,2-3\n",
            "board 2 is at tables 1 and 2 in round 1, and no share says so",
            "boards",
        ),
        ("1,1,1,2,1-2\n1,2,3,4,5-6\n", "board 3 is never played", "boards"),
        ("1,1,1,2,1-2\n3,1,3,4,3-4\n", "round 2 has no plays", "round"),
        ("1,1,1,2,1-2\n1,1,3,4,3-4\n", "table 1 appears twice in round 1", "table"),
        ("1,1,1,1,1-2\n", "pair '1' sits at tables 1 and 1 in round 1", "pair"),
        ("", "a movement needs at least one play", "plays"),
    ],
    ids=[
        "table",
        "round-0",
        "ns-empty",
        "boards-backwards",
        "boards-count",
        "boards-run",
        "two-tables",
        "board-twice",
        "no-share",
        "gap",
        "missing-round",
        "table-twice",
        "own-opponent",
        "empty",
    ],
)
def test_bad_tables(rows: str, message: str, field: str) -> None:
    with pytest.raises(MovementError) as caught:
        read(HEADER + rows)
    assert message in str(caught.value)
    assert caught.value.field == field


def test_bad_header() -> None:
    with pytest.raises(MovementError, match=r"expected the columns round,table,ns,ew,boards"):
        read("round,table,north,ew,boards\n1,1,1,2,1-2\n")


def test_a_published_howell_typed_in() -> None:
    """Columns in any order; boards as '1,2' too; same boards at two tables make a share."""
    text = 'boards,round,table,ns,ew\n"1,2",1,1,1,4\n1-2,1,2,2,3\n3-4,2,1,1,3\n3-4,2,2,4,2\n'
    text += "5-6,3,1,1,2\n5-6,3,2,3,4\n"
    m = Movement.read_csv(text)
    assert (m.rounds, m.tables, m.boards, m.kind) == (3, 2, 6, "custom")
    assert m.shares == tuple(Share(r, (1, 2), (2 * r - 1, 2 * r)) for r in (1, 2, 3))


@pytest.mark.parametrize(
    "m",
    [
        mitchell(8, 3, even="relay", arrow_switch=True),
        mitchell(7, 2, half_table=True),
        howell(9, 2),
    ],
    ids=["relay-switch", "half-table", "howell-9"],
)
def test_a_movement_reads_back_from_its_table(m: Movement) -> None:
    again = read(m.to_csv())
    assert again.plays == m.plays
    assert again.shares == m.shares
    assert again.sit_outs == m.sit_outs


@given(st.text(max_size=300))
def test_reading_any_text_raises_only_movement_errors(text: str) -> None:
    with contextlib.suppress(MovementError):
        read(HEADER + text)


def test_reading_is_linear() -> None:
    start = time.perf_counter()
    for bad in ("1," * 200_000, "1-" * 200_000, "9" * 400_000):
        with pytest.raises(MovementError):
            read(f'{HEADER}1,1,1,2,"{bad}"\n')
    rows = "".join(f"{r},1,{r},{r + 1000},{r}\n" for r in range(1, 3001))
    assert read(HEADER + rows).rounds == 3000
    assert time.perf_counter() - start < 3


# The JSON shape and the cards.


def test_to_dict() -> None:
    data = json.loads(json.dumps(mitchell(7, 3, half_table=True).to_dict()))
    assert list(data) == [
        "movement", "tables", "rounds", "boards_per_round", "boards", "pairs", "plays",
        "sit_outs", "shares",
    ]  # fmt: skip
    assert data["movement"] == "mitchell"
    assert (data["tables"], data["rounds"], data["boards"]) == (7, 7, 21)
    first = {"round": 1, "table": 1, "ns": "NS 1", "ew": "EW 1", "boards": [1, 2, 3],
             "ns_label": "NS 1", "ew_label": "EW 1"}  # fmt: skip
    assert data["plays"][0] == first
    stored = json.loads(json.dumps(mitchell(7, 3, half_table=True).to_dict(complete=True)))["plays"]
    assert stored[0] == {"round": 1, "table": 1, "ns": "NS 1", "ew": "EW 1", "boards": [1, 2, 3]}
    assert data["sit_outs"][:2] == [{"round": 1, "pair": "EW 7"}, {"round": 2, "pair": "EW 6"}]
    relay = json.loads(json.dumps(mitchell(8, 3, even="relay").to_dict()))
    assert relay["shares"][0] == {"round": 1, "tables": [1, 8], "boards": [1, 2, 3]}


def test_table_cards() -> None:
    cards = table_cards(mitchell(4, 2, even="relay"))
    assert cards.count("Table ") == 4
    table2 = cards.split("\n\n")[1].splitlines()
    assert table2[2].split() == ["1", "NS", "2", "EW", "2", "3-4", "table", "2", "NS", "table",
                                 "3", "EW", "tables", "1", "and", "4"]  # fmt: skip
    table3 = cards.split("\n\n")[2]
    assert "relay stand between tables 2 and 3" in table3


def test_guide_cards() -> None:
    cards = guide_cards(mitchell(3, 2, half_table=True)).split("\n\n")
    assert [c.splitlines()[0].split(" (")[0] for c in cards] == [
        "Pair NS 1", "Pair NS 2", "Pair EW 1", "Pair EW 2", "Pair EW 3",
    ]  # fmt: skip
    ew3 = cards[4].splitlines()
    assert ew3[2].split() == ["1", "-", "-", "sits", "out", "-"]
    assert ew3[3].split() == ["2", "1", "EW", "NS", "1", "3-4"]


def _direct(**changes: object) -> Movement:
    values: dict[str, object] = {
        "kind": "custom",
        "pairs": ("1", "2", "3", "4"),
        "boards_per_round": 2,
        "plays": (TableRound(1, 1, "1", "2", (1, 2)), TableRound(1, 2, "3", "4", (3, 4))),
    }
    values.update(changes)
    return Movement(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"boards_per_round": 0}, "boards_per_round must be a whole number from 1, got 0"),
        ({"plays": ()}, "a movement needs at least one play"),
        ({"pairs": ("1", "2", "3")}, "pair '4' (round 1, table 2) is not one of the movement's"),
        ({"pairs": ("1", "1", "3", "4")}, "the pairs must differ"),
        ({"tables": 1}, "table 2 is beyond the movement's 1 tables"),
        ({"shares": (Share(1, (1, 2), (1, 2)),)}, "names table 2, which does not play them"),
        ({"shares": (Share(1, (1,), (1, 2)),)}, "a share needs two tables or more"),
        ({"arrow_switched": (2,)}, "arrow-switched round 2 is not one of rounds 1 to 1"),
        (
            {"relays": (bridgescore.duplicate.movement.Relay(1, (3,), "relay stand"),)},
            "board 3 on the relay",
        ),
    ],
    ids=[
        "bpr",
        "no-plays",
        "unknown-pair",
        "same-pair",
        "tables",
        "share-table",
        "share-one",
        "switch",
        "relay",
    ],
)
def test_a_movement_checks_itself(changes: dict[str, object], message: str) -> None:
    with pytest.raises(MovementError) as caught:
        _direct(**changes)
    assert message in str(caught.value)
    assert _direct().tables == 2


@pytest.mark.parametrize(
    ("m", "first_line"),
    [
        (mitchell(7, 3), "Every pair meets every pair of the other field once."),
        (mitchell(8, 3), "Each pair meets 7 pairs of the other field, once each."),
        (mitchell(5, 3, half_table=True), "Every pair meets every pair of the other field once."),
        (mitchell(7, 3, arrow_switch=True), "Each pair meets 7 other pairs, once each."),
        (howell(12, 2), "Every pair meets every other pair once."),
        (howell(9, 2, rounds=5), "Each pair meets 4 to 5 other pairs, once each."),
    ],
    ids=["mitchell-7", "skip-8", "half-5", "switch-7", "howell-12", "howell-9-short"],
)
def test_summary_of_meetings(m: Movement, first_line: str) -> None:
    assert m.fairness().summary().splitlines()[0] == first_line
