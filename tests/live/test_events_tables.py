"""A team night's rules at the tables (bridgescore.live.teams): who enters which board in
which room, when a board's IMPs exist, when a round may be drawn, the director's swap, where
each team sits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.errors import EventError
from bridgescore.events import Entry, Event, EventKind, Room, Scoring, teams
from bridgescore.live import NotAllowedError
from bridgescore.live.teams import (
    DIRECTOR,
    EnteredError,
    EventTable,
    NotReadyError,
    accept_draw,
    accept_entry,
    accept_swap,
    board_lines,
    complete,
    seats,
    tables,
)
from bridgescore.model import Result

MADE, DOWN = Result.parse("4SN="), Result.parse("4SN-1")


def swiss(n: int = 4, boards: int = 2, **extra: object) -> Event:
    names = [f"T{i}" for i in range(1, n + 1)]
    return Event(EventKind.SWISS_TEAMS, "S", teams(*names), 3, boards_per_match=boards,
                 **extra)  # type: ignore[arg-type]  # fmt: skip


def play(event: Event, number: int) -> Event:
    for m in event.round(number).matches:
        for b in m.boards:
            for room in (Room.OPEN, Room.CLOSED):
                if any((e.round, e.match, e.board, e.room) == (number, m.number, b, room)
                       for e in event.entries):  # fmt: skip
                    continue
                event = accept_entry(event, EventTable(m.number, room),
                                     Entry(number, m.number, b, room, MADE))  # fmt: skip
    return event


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.sampled_from(list(Room)),
                          st.integers(1, 2), st.sampled_from(list(Room)), st.integers(1, 2)),
                max_size=20))  # fmt: skip
def test_a_table_enters_its_own_boards_once(
    tries: list[tuple[int, Room, int, Room, int]],
) -> None:
    """Whatever tables try, an entry is taken exactly when it is the table's own match and
    room and that board is not in there yet; a board's IMPs exist exactly when both rooms are
    in; the round is complete exactly when every board is in at both tables."""
    event = accept_draw(swiss(), DIRECTOR)
    for who_match, who_room, match, room, board in tries:
        who = EventTable(who_match, who_room)
        entry = Entry(1, match, board, room, MADE if room is Room.OPEN else DOWN)
        there = any((e.match, e.room, e.board) == (match, room, board) for e in event.entries)
        if (who_match, who_room) != (match, room):
            with pytest.raises(NotAllowedError):
                accept_entry(event, who, entry)
        elif there:
            with pytest.raises(EnteredError):
                accept_entry(event, who, entry)
        else:
            event = accept_entry(event, who, entry)
    got = {(e.match, e.board, e.room) for e in event.entries}
    for m in (1, 2):
        for line in board_lines(event, 1, m):
            both = {(m, line.board, Room.OPEN), (m, line.board, Room.CLOSED)} <= got
            assert (line.imps is not None) == both
            assert (line.open is not None) == both  # no result shown before both are in
            if both:
                # board 1 (None vulnerable): 420 + 50 = 470; board 2 (NS): 620 + 100 = 720
                assert line.imps == {1: 10, 2: 12}[line.board]
    assert complete(event, 1) == (len(got) == 8)


def test_changes_until_the_other_room_is_in() -> None:
    event = accept_draw(swiss(), DIRECTOR)
    open1, closed1 = EventTable(1, Room.OPEN), EventTable(1, Room.CLOSED)
    with pytest.raises(EventError, match="no result"):
        accept_entry(event, open1, Entry(1, 1, 1, Room.OPEN, MADE), change=True)
    event = accept_entry(event, open1, Entry(1, 1, 1, Room.OPEN, DOWN))
    event = accept_entry(event, open1, Entry(1, 1, 1, Room.OPEN, MADE), change=True)
    assert [str(e.result) for e in event.entries] == ["4SN="]
    event = accept_entry(event, closed1, Entry(1, 1, 1, Room.CLOSED, DOWN))
    with pytest.raises(NotAllowedError, match="director"):
        accept_entry(event, open1, Entry(1, 1, 1, Room.OPEN, DOWN), change=True)
    event = accept_entry(event, DIRECTOR, Entry(1, 1, 1, Room.OPEN, DOWN))  # the director may
    assert board_lines(event, 1, 1)[0].imps == 0


def test_a_table_is_the_same_every_round_and_plays_its_first_unfinished_round() -> None:
    event = accept_draw(swiss(), DIRECTOR)
    assert tables(event, 1) == (EventTable(1, Room.OPEN), EventTable(1, Room.CLOSED),
                                EventTable(2, Room.OPEN), EventTable(2, Room.CLOSED))  # fmt: skip
    assert EventTable(1, Room.OPEN).current_round(event) == 1
    event = play(event, 1)
    assert EventTable(1, Room.OPEN).current_round(event) == 1  # all in: its last round
    event = accept_draw(event, DIRECTOR)
    assert EventTable(1, Room.OPEN).current_round(event) == 2
    assert EventTable(3, Room.OPEN).current_round(event) is None
    assert str(EventTable(2, Room.CLOSED)) == "match 2's closed room"


def test_a_swiss_round_waits_for_the_round_it_is_drawn_from() -> None:
    event = accept_draw(swiss(), DIRECTOR)
    with pytest.raises(NotAllowedError):
        accept_draw(event, EventTable(1, Room.OPEN))
    with pytest.raises(NotReadyError, match="round 1 is not finished"):
        accept_draw(event, DIRECTOR)
    event = accept_entry(event, DIRECTOR, Entry(1, 1, 1, Room.OPEN, MADE))
    assert not complete(event, 1)
    event = accept_draw(play(event, 1), DIRECTOR)
    assert len(event.rounds) == 2
    # in arrears, round 2 is drawn from round 0 (at once), round 3 waits for round 1 only
    early = accept_draw(accept_draw(swiss(arrears=True), DIRECTOR), DIRECTOR)
    with pytest.raises(NotReadyError, match="round 1"):
        accept_draw(early, DIRECTOR)
    assert len(accept_draw(play(early, 1), DIRECTOR).rounds) == 3
    # a round robin's schedule is fixed: drawn at any time
    rr = Event(EventKind.ROUND_ROBIN, "RR", teams("A", "B", "C", "D"), boards_per_match=1)
    assert len(accept_draw(accept_draw(rr, DIRECTOR), DIRECTOR).rounds) == 2


def test_the_swap_is_the_directors_before_the_round_starts() -> None:
    event = accept_draw(swiss(5), DIRECTOR)
    with pytest.raises(NotAllowedError):
        accept_swap(event, EventTable(1, Room.OPEN), 1, "T1", "T3")
    swapped = accept_swap(event, DIRECTOR, 1, "T2", "T5")
    assert [(m.home, m.away) for m in swapped.rounds[0].matches] == [("T1", "T5"), ("T3", "T4")]
    assert swapped.rounds[0].bye == "T2"
    started = accept_entry(event, DIRECTOR, Entry(1, 1, 1, Room.OPEN, MADE))
    with pytest.raises(NotReadyError, match="begun"):
        accept_swap(started, DIRECTOR, 1, "T2", "T5")


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
