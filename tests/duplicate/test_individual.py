"""Individual movements: every one ``bridgescore movement individual`` offers obeys the rules
(checked here independently of the movement's own checks), hostile input is refused by field,
and a player's score is the sum over their partnerships."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest

from bridgescore import Result
from bridgescore.duplicate.movement import IndividualMovement, Seats, individual
from bridgescore.duplicate.movement.individual import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    full_rounds,
)
from bridgescore.duplicate.session import (
    Board,
    BoardResult,
    individual_section,
    score_individual,
    score_section,
)
from bridgescore.errors import MovementError, SessionError

PLAYERS = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def _rules(m: IndividualMovement) -> None:
    """The issue's rules, counted from the plays alone."""
    seated: Counter[tuple[int, int]] = Counter()
    boards: Counter[tuple[int, int]] = Counter()
    partners: Counter[frozenset[int]] = Counter()
    rounds: Counter[int] = Counter()
    tables: dict[int, int] = defaultdict(int)
    for p in m.plays:
        four = (p.north, p.east, p.south, p.west)
        assert len(set(four)) == 4, p
        assert all(1 <= x <= m.players for x in four), p
        tables[p.round] += 1
        for x in four:
            seated[p.round, x] += 1
            rounds[x] += 1
            for b in p.boards:
                boards[x, b] += 1
        partners[frozenset((p.north, p.south))] += 1
        partners[frozenset((p.east, p.west))] += 1
    assert max(seated.values()) == 1, "somebody sits twice in a round"
    assert max(boards.values()) == 1, "somebody plays a board twice"
    assert max(partners.values()) == 1, "somebody partners somebody twice"
    assert min(rounds[x] for x in range(1, m.players + 1)) >= 4, "somebody plays under 4 rounds"
    assert set(tables.values()) == {m.players // 4}, "a round lacks a table"
    assert len(m.sit_outs) == m.rounds * (m.players % 4)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_offered_movement_obeys_the_rules(players: int) -> None:
    for bpr in range(1, 11):
        m = individual(players, bpr)
        _rules(m)
        assert m.boards == m.rounds * bpr
    cycle = full_rounds(players)
    offered = 0
    for rounds in range(1, cycle + 1):
        if offered == 0 and rounds < cycle:  # the first rounds may leave a player under 4
            refused = individual_or_none(players, rounds)
            if refused is None:
                continue
        m = individual(players, 2, rounds=rounds)
        offered += 1
        _rules(m)
        assert m.rounds == rounds
    assert offered >= cycle - 6


def test_the_whole_cycle_partners_everyone_once() -> None:
    for players in (8, 12, 16, 20):  # multiples of 4: nobody sits out
        m = individual(players, 1, rounds=full_rounds(players))
        f = m.fairness()
        assert len(f.partners) == players * (players - 1) // 2
        assert set(f.partners.values()) == {1}
        assert "each player partners " + str(players - 1) + " others" in f.summary()


def test_fairness_counts_match_the_plays() -> None:
    m = individual(14, 2)
    f = m.fairness()
    opponents: Counter[tuple[int, int]] = Counter()
    for p in m.plays:
        for x in (p.north, p.south):
            for y in (p.east, p.west):
                opponents[min(x, y), max(x, y)] += 1
    assert dict(f.opponents) == dict(opponents)
    assert sum(f.rounds.values()) == 4 * len(m.plays)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((7, 2), "players"),
        ((41, 2), "players"),
        ((True, 2), "players"),
        (("12", 2), "players"),
        ((12, 0), "boards_per_round"),
        ((12, 11), "boards_per_round"),
        ((12, 2.0), "boards_per_round"),
    ],
)
def test_hostile_sizes_are_refused_by_field(args: tuple[object, object], field: str) -> None:
    with pytest.raises(MovementError) as caught:
        individual(*args)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert repr(args[0] if field == "players" else args[1]) in str(caught.value)


@pytest.mark.parametrize("rounds", [0, 12, -1, True])
def test_rounds_beyond_the_cycle_are_refused(rounds: int) -> None:
    with pytest.raises(MovementError, match="rounds must be 1 to 11") as caught:
        individual(12, 2, rounds=rounds)
    assert caught.value.field == "rounds"


@pytest.mark.parametrize(
    ("plays", "message"),
    [
        ((Seats(1, 1, 1, 2, 3, 4, (1,)), Seats(1, 2, 1, 5, 6, 7, (2,))), "player 1 sits at"),
        ((Seats(1, 1, 1, 2, 3, 4, (1,)), Seats(2, 1, 1, 3, 2, 4, (1,))), "plays board 1 twice"),
        ((Seats(1, 1, 1, 2, 3, 4, (1,)), Seats(2, 1, 3, 2, 1, 4, (2,))), "partner each other"),
        ((Seats(1, 1, 1, 2, 3, 9, (1,)),), "players are numbered 1 to 8, got 9"),
        ((Seats(1, 1, 1, 2, 3, 4, (1, 1)),), "2 different boards"),
        ((Seats(2, 1, 1, 2, 3, 4, (1, 2)),), "round 1 has no plays"),
    ],
)
def test_a_movement_breaking_a_rule_is_refused(plays: tuple[Seats, ...], message: str) -> None:
    bpr = len(plays[0].boards)
    with pytest.raises(MovementError, match=message):
        IndividualMovement(8, bpr, plays)


def test_plain_data_round_trips_and_garbage_is_refused() -> None:
    m = individual(23, 3)
    assert IndividualMovement.from_dict(m.to_dict()) == m
    with pytest.raises(MovementError, match="not an individual movement") as caught:
        IndividualMovement.from_dict({"players": 8, "plays": [{"round": "x"}]})
    assert caught.value.field == "movement"


def individual_or_none(players: int, rounds: int) -> IndividualMovement | None:
    """The movement, or None when it is refused on ``rounds`` (a player would play under 4)."""
    try:
        return individual(players, 2, rounds=rounds)
    except MovementError as exc:
        if exc.field != "rounds" or "at least 4" not in str(exc):
            raise
        return None


def _mp(scores: list[int]) -> list[int]:
    """Matchpoints on the 2-1-0 scale, each score against the others."""
    return [sum(2 if s > o else 1 if s == o else 0 for o in scores) - 1 for s in scores]


@pytest.mark.parametrize("players", [12, 15])
def test_a_players_score_is_the_sum_over_their_partnerships(players: int) -> None:
    m = individual(players, 2)
    rng = random.Random(players)
    contracts = ["3NTN", "4SS", "2HE", "3DW"]
    results = []
    ns_score: dict[tuple[int, int], int] = {}
    for p in m.plays:
        for b in p.boards:
            result = Result.parse(f"{rng.choice(contracts)}{rng.choice(['=', '+1', '-1', '-2'])}")
            line = BoardResult(b, *m.pairs_at(p), result, round=p.round, table=p.table)
            results.append(line)
            points = line.ns_score(Board.numbered(b))
            assert isinstance(points, int)
            ns_score[b, p.table] = points
    section = individual_section(m, {1: "Ann", 2: "Bob"}).with_results(results)
    scored = score_individual(m, score_section(section), {1: "Ann"})
    expected: Counter[int] = Counter()
    for b in range(1, m.boards + 1):
        plays = [p for p in m.plays if b in p.boards]
        ns = _mp([ns_score[b, p.table] for p in plays])
        top = 2 * (len(plays) - 1)
        for p, points in zip(plays, ns, strict=True):
            expected[p.north] += points
            expected[p.south] += points
            expected[p.east] += top - points
            expected[p.west] += top - points
    for player in range(1, players + 1):
        score = scored.players[player]
        assert score.total == expected[player]
        played = sum(1 for p in m.plays if player in (p.north, p.east, p.south, p.west))
        assert score.boards == 2 * played
        assert score.top == 2 * played * 2 * (m.tables - 1)
    assert scored.players[1].pair.names == "Ann"
    first = m.plays[0]  # pair 1 is its North-South, named as they sit
    assert m.partnership_players(1) == tuple(sorted((first.north, first.south)))
    named = {1: "Ann", 2: "Bob"}
    assert section.pairs[0].names == " & ".join(
        named.get(p, str(p)) for p in (first.north, first.south)
    )
    percents = [row.percent or 0.0 for row in scored.rankings]
    assert percents == sorted(percents, reverse=True)
    recap = scored.recap(3)
    assert len(recap) == scored.players[3].boards
    assert {partner for partner, _ in recap} <= set(range(1, players + 1)) - {3}
    with pytest.raises(SessionError):
        scored.recap(players + 1)


def test_names_of_unknown_players_are_refused() -> None:
    with pytest.raises(SessionError, match="no player 13") as caught:
        individual_section(individual(12, 2), {13: "Zoe"})
    assert caught.value.field == "names"


def test_an_individual_session_is_stored_and_read_back() -> None:
    from bridgescore.duplicate.session import Individual, Session, session_from_dict

    one = Individual(individual(9, 2), {1: "Ann", 9: "Ivy"})
    session = Session((one.section(),), event="Individual", individual=one)
    again = session_from_dict(session.to_dict())
    assert again == session
    assert again.individual == one
    with pytest.raises(SessionError, match="one section whose pairs are its partnerships"):
        Session((individual_section(individual(8, 2)),), individual=one)


def test_an_individuals_csv_ranks_its_players() -> None:
    """The CSV's ranking block is the players' (as the API, the pages and USEBIO rank them),
    not the partnerships' (each one round, as if they were the contestants)."""
    import csv
    import io

    from bridgescore.duplicate.session import Individual, Session, csv_text

    m = individual(9, 1, rounds=6)
    one = Individual(m, {1: "Ann"})
    results = [BoardResult(p.boards[0], *m.pairs_at(p),
                           Result.parse("3NTN+1" if (p.round + p.table) % 3 else "3NTN="),
                           round=p.round, table=p.table) for p in m.plays]  # fmt: skip
    section = one.section().with_results(results)
    session = Session((section,), event="Individual", individual=one)
    scored = score_section(section)
    block = csv_text([scored], session).split("\r\n\r\n")[0]
    rows = list(csv.DictReader(io.StringIO(block)))
    players = score_individual(m, scored, one.names)
    assert [(r["rank"], int(r["pair"]), r["names"], float(r["total"]), float(r["percent"]),
             int(r["boards"])) for r in rows] == [
        (x.rank, x.pair.number, x.pair.names, x.total, x.percent, x.boards)
        for x in players.rankings]  # fmt: skip
    assert len(rows) == 9
    assert {r["field"] for r in rows} == {"all"}


def test_an_individual_movements_errors_are_said_in_the_readers_language() -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(MovementError) as info:
        individual(12, boards_per_round=2).partnership_players(999)
    assert (info.value.code, info.value.params) == ("individual_no_partnership", {"pair": 999})
    with use("nl"):
        dutch = error_text(info.value)
    assert dutch != str(info.value)
    assert "999" in dutch


def test_a_players_name_for_a_number_not_in_play_is_said_in_the_readers_language() -> None:
    from bridgescore.duplicate.session import Individual
    from bridgescore.locale import error_text, use

    with pytest.raises(SessionError) as info:
        Individual(individual(12, boards_per_round=2), {13: "Ann"})
    assert info.value.code == "individual_no_player"
    with use("fr"):
        french = error_text(info.value)
    assert french != str(info.value)
    assert "13" in french
