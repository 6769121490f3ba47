"""A team night at the tables, in the one live model (bridgescore.live): who enters which
board at which table, when a board's IMPs exist, when a round may be drawn, the director's
swap, where each team sits; every rule the same function as a pairs evening's."""

from __future__ import annotations

from itertools import count

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.errors import EventError, SessionError
from bridgescore.events import Event, EventKind, Room, Scoring, teams
from bridgescore.live import (
    DIRECTOR,
    NOW,
    Add,
    AlreadyEnteredError,
    Delete,
    Edit,
    LiveResult,
    LiveState,
    NotAllowedError,
    Who,
    accept,
)
from bridgescore.live.definition import CarryOver, Draw, LatePair, NotReadyError, Swap, redefine
from bridgescore.live.night import Seating
from bridgescore.live.teams import EventTable, board_lines, complete, seats, tables
from bridgescore.model import Result

MADE, DOWN = Result.parse("4SN="), Result.parse("4SN-1")
IDS = count(1)


def swiss(n: int = 4, boards: int = 2, **extra: object) -> LiveState:
    names = [f"T{i}" for i in range(1, n + 1)]
    return LiveState.start(Event(EventKind.SWISS_TEAMS, "S", teams(*names), 3,
                                 boards_per_match=boards, **extra))  # type: ignore[arg-type]  # fmt: skip


def draw(state: LiveState, who: Who = DIRECTOR) -> LiveState:
    return state.redefined(redefine(state, who, Draw()))


def enter(state: LiveState, who: Who, table: int, board: int, result: Result,
          round_number: int = 1) -> LiveState:  # fmt: skip
    entry = state.entry(round_number, table, board, result=result)
    accept(state, who, Add(entry))
    return state.added(LiveResult(next(IDS), entry, NOW, NOW))


def play(state: LiveState, number: int) -> LiveState:
    for r, table, board in state.missing(round_number=number):
        state = enter(state, table, table, board, MADE, r)
    return state


def test_the_tables_of_a_team_night() -> None:
    """Match m's open room is table 2m - 1 (home NS), its closed room 2m (away NS)."""
    state = draw(swiss())
    seating = state.seating
    assert (seating.kind, seating.tables, seating.rooms) == ("teams", 4, 2)
    first = state.event.rounds[0].matches[0]
    open_, closed = state.sitting(1, 1), state.sitting(1, 2)
    assert (open_.ns_label, open_.ew_label) == (first.home, first.away)
    assert (closed.ns_label, closed.ew_label) == (first.away, first.home)
    event = state.event
    assert [EventTable.of(t, event).number(event) for t in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert tables(event, 1) == (EventTable(1, Room.OPEN), EventTable(1, Room.CLOSED),
                                EventTable(2, Room.OPEN), EventTable(2, Room.CLOSED))  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 2)),
                max_size=20))  # fmt: skip
def test_a_table_enters_its_own_boards_once(tries: list[tuple[int, int, int]]) -> None:
    """Whatever tables try, an entry is taken exactly when it is the table's own and that
    board is not in there yet; a board's IMPs exist exactly when both rooms are in; the round
    is complete exactly when every board is in at every table."""
    state = draw(swiss())
    for who, table, board in tries:
        entry = state.entry(1, table, board, result=MADE if table % 2 else DOWN)
        there = state.at(table, 1, board) is not None
        if who != table:
            with pytest.raises(NotAllowedError):
                accept(state, who, Add(entry))
        elif there:
            with pytest.raises(AlreadyEnteredError):
                accept(state, who, Add(entry))
        else:
            state = enter(state, who, table, board, MADE if table % 2 else DOWN)
    got = {(r.entry.table, r.entry.board) for r in state.results}
    for m in (1, 2):
        for line in board_lines(state.event, 1, m):
            both = {(2 * m - 1, line.board), (2 * m, line.board)} <= got
            assert (line.imps is not None) == both
            assert (line.open is not None) == both  # no result shown before both are in
            assert state.may_see(2 * m - 1, line.board) == both
            if both:
                # board 1 (None vulnerable): 420 + 50 = 470; board 2 (NS): 620 + 100 = 720
                assert line.imps == {1: 10, 2: 12}[line.board]
    assert complete(state.event, 1) == (len(got) == 8) == (not state.missing(round_number=1))


def test_a_tables_artificial_weighted_or_split_score_is_refused_by_the_core() -> None:
    """The director's scores are the director's on every kind of night: a team table's
    artificial score is refused with the same error and field as a pairs table's; a weighted
    or split score does not fit a team night at all."""
    state = draw(swiss())
    artificial = state.entry(1, 1, 1, artificial="A+/A-")
    with pytest.raises(NotAllowedError) as refused:
        accept(state, 1, Add(artificial))
    assert refused.value.field == "artificial"
    accept(state, DIRECTOR, Add(artificial))  # the director's to give
    for kind, entry in (("weighted", state.entry(1, 1, 1, weighted="50% 4SN=, 50% 4SN-1")),
                        ("split", state.entry(1, 1, 1, split=("4SN=", "4SN-1")))):  # fmt: skip
        with pytest.raises(SessionError) as wrong:
            accept(state, DIRECTOR, Add(entry))
        assert wrong.value.field == kind


def test_changes_until_the_other_room_is_in() -> None:
    state = enter(draw(swiss()), 1, 1, 1, DOWN)
    first = state.results[0]
    fixed = state.entry(1, 1, 1, result=MADE)
    accept(state, 1, Edit(first.id, fixed, first.version))
    state = state.edited(LiveResult(first.id, fixed, NOW, NOW))
    state = enter(state, 2, 2, 1, DOWN)
    for change in (Edit(first.id, state.entry(1, 1, 1, result=DOWN), NOW.isoformat()),
                   Delete(first.id)):  # fmt: skip
        with pytest.raises(NotAllowedError, match="director") as refused:
            accept(state, 1, change)
        assert refused.value.field == "board"
        accept(state, DIRECTOR, change)  # the director may
    assert board_lines(state.event, 1, 1)[0].imps == 10


def test_where_a_table_is_while_rounds_are_drawn() -> None:
    state = draw(swiss())
    assert state.position(1).current_round == 1
    state = play(state, 1)
    waiting = state.position(1)
    assert (waiting.current_round, waiting.waiting, waiting.finished) == (2, True, False)
    state = draw(state)
    assert state.position(1).current_round == 2
    assert not state.position(1).waiting
    assert len(state.positions()) == 4


def test_a_swiss_round_waits_for_the_round_it_is_drawn_from() -> None:
    state = draw(swiss())
    with pytest.raises(NotAllowedError):
        draw(state, 1)
    with pytest.raises(NotReadyError, match="round 1 is not finished"):
        draw(state)
    state = enter(state, DIRECTOR, 1, 1, MADE)
    assert not complete(state.event, 1)
    assert len(draw(play(state, 1)).event.rounds) == 2
    # in arrears, round 2 is drawn from round 0 (at once), round 3 waits for round 1 only
    early = draw(draw(swiss(arrears=True)))
    with pytest.raises(NotReadyError, match="round 1"):
        draw(early)
    assert len(draw(play(early, 1)).event.rounds) == 3
    # a round robin's schedule is fixed: drawn at any time
    rr = LiveState.start(Event(EventKind.ROUND_ROBIN, "RR", teams("A", "B", "C", "D"),
                               boards_per_match=1))  # fmt: skip
    assert len(draw(draw(rr)).event.rounds) == 2


def test_the_swap_is_the_directors_before_the_round_starts() -> None:
    state = draw(swiss(5))
    with pytest.raises(NotAllowedError):
        redefine(state, 1, Swap(1, "T1", "T3"))
    swapped = state.redefined(redefine(state, DIRECTOR, Swap(1, "T2", "T5")))
    matches = swapped.event.rounds[0].matches
    assert [(m.home, m.away) for m in matches] == [("T1", "T5"), ("T3", "T4")]
    assert swapped.event.rounds[0].bye == "T2"
    started = enter(state, DIRECTOR, 1, 1, MADE)
    with pytest.raises(NotReadyError, match="begun"):
        redefine(started, DIRECTOR, Swap(1, "T2", "T5"))


def test_a_pairs_change_on_a_team_night_and_the_reverse_are_refused() -> None:
    from fractions import Fraction

    from bridgescore.duplicate.movement import mitchell
    from bridgescore.duplicate.session import Pair, Section, Session
    from bridgescore.model import Side

    team = draw(swiss())
    with pytest.raises(SessionError):
        redefine(team, DIRECTOR, LatePair(Pair(3, Side.NS, "A & B"), 2))
    with pytest.raises(EventError, match="knockout"):
        redefine(team, DIRECTOR, CarryOver(1, 1, Fraction(3)))
    pairs = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
    with pytest.raises(SessionError):
        redefine(pairs, DIRECTOR, Draw())


def test_a_knockout_carry_over_is_the_directors() -> None:
    from fractions import Fraction

    ko = LiveState.start(Event(EventKind.KNOCKOUT, "KO", teams("A", "B", "C", "D"),
                               boards_per_match=2))  # fmt: skip
    ko = draw(ko)
    with pytest.raises(NotAllowedError):
        redefine(ko, 1, CarryOver(1, 1, Fraction(5, 2)))
    ko = ko.redefined(redefine(ko, DIRECTOR, CarryOver(1, 1, Fraction(5, 2))))
    assert ko.event.rounds[0].matches[0].carry_over == Fraction(5, 2)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (EventKind.SWISS_TEAMS, ["A: match 1 v B, NS in the open room, EW in the closed room",
                                 "B: match 1 v A, NS in the closed room, EW in the open room",
                                 "C: bye"]),
        (EventKind.SWISS_PAIRS, ["A: table 1 v B", "B: table 1 v A", "C: bye"]),
    ],
)  # fmt: skip
def test_where_each_entrant_sits(kind: EventKind, expected: list[str]) -> None:
    scoring: Scoring = "mp" if kind.pairs else "imps"
    scale = "ebu-swiss-pairs-7" if kind.pairs else "wbf-2013"
    event = Event(kind, "S", teams("A", "B", "C"), 2, boards_per_match=7, scoring=scoring,
                  scale=scale).draw_next()  # type: ignore[arg-type]  # fmt: skip
    assert [str(s) for s in seats(event, 1)] == expected
    if kind.pairs:
        assert tables(event, 1) == (EventTable(1, Room.OPEN),)
        assert board_lines(event, 1, 1)[0].imps is None
        seating = Seating.of(event)
        assert (seating.tables, seating.rooms, seating.other_room(1)) == (1, 1, None)
