"""Sections built from a movement: results checked against it, missing boards listed."""

from __future__ import annotations

import random

import pytest

from bridgescore import (
    BoardResult,
    Movement,
    Result,
    Section,
    Session,
    SessionError,
    Side,
    howell,
    mitchell,
)
from bridgescore.duplicate.session import session_from_dict, session_to_dict


def number(label: str) -> int:
    return int(label.rpartition(" ")[2])


def evening(movement: Movement, seed: int = 7) -> list[BoardResult]:
    """A result for every board the movement plays, with its round and table."""
    rng = random.Random(seed)
    return [
        BoardResult(
            board, number(p.ns), number(p.ew),
            Result.parse(f"{rng.randint(1, 4)}{rng.choice('CDHS')}{rng.choice('NS')}"
                         f"{rng.choice(['=', '-1', '+1'])}"),
            round=p.round, table=p.table,
        )
        for p in movement.plays
        for board in p.boards
    ]  # fmt: skip


MOVEMENTS = {
    "mitchell 7x3": mitchell(7, 3),
    "mitchell 8x3 relay": mitchell(8, 3, even="relay"),
    "mitchell 4x4 skip": mitchell(4, 4),
    "howell 10x3": howell(10, 3),
    "howell 9x3 (sit-out)": howell(9, 3),
}


@pytest.mark.parametrize("name", sorted(MOVEMENTS))
def test_an_evening_played_as_the_movement_says_fits_it(name: str) -> None:
    movement = MOVEMENTS[name]
    section = Section.from_movement(movement)
    assert section.kind == ("mitchell" if name.startswith("mitchell") else "howell")
    assert len(section.boards) == movement.boards
    assert [p.label for p in section.pairs] == sorted(
        movement.pairs, key=lambda label: (label.rpartition(" ")[0], number(label))
    )
    assert len(section.missing) == sum(len(p.boards) for p in movement.plays)
    full = section.with_results(evening(movement))
    assert full.warnings == ()
    assert full.missing == ()
    assert Session((full,)).scored()[0].rankings  # it scores


def test_a_result_for_a_board_the_pairs_do_not_play_is_flagged_with_where_it_belongs() -> None:
    section = Section.from_movement(mitchell(7, 3))
    wrong = section.with_result(BoardResult(4, 1, 1, Result.parse("4SS=")))
    [warning] = wrong.warnings
    assert warning.board == 4
    assert "NS 1 and EW 1 play boards 1-3 (round 1, table 1), not board 4" in warning.message
    assert "board 4 is played by NS 2 v EW 2 (round 1, table 2)" in warning.message


def test_a_result_entered_for_another_round_or_table_is_flagged() -> None:
    section = Section.from_movement(mitchell(7, 3))
    late = section.with_result(BoardResult(4, 1, 7, Result.parse("4SS="), round=3, table=1))
    [warning] = late.warnings
    assert warning.message == (
        "entered for round 3, table 1; the movement has NS 1 v EW 7 on board 4 at round 2, table 1"
    )


def test_pairs_that_never_meet_are_flagged() -> None:
    section = Section.from_movement(mitchell(8, 3))  # a skip: each EW pair misses one NS pair
    plays = section.movement.plays if section.movement else ()
    met = {(p.ns, p.ew) for p in plays}
    never = next((ns, ew) for ns in ("NS 1",) for ew in (f"EW {n}" for n in range(1, 9))
                 if (ns, ew) not in met)  # fmt: skip
    flagged = section.with_result(BoardResult(1, 1, number(never[1]), Result.parse("3NTN=")))
    assert f"NS 1 and {never[1]} do not meet in the movement" in flagged.warnings[0].message


def test_missing_results_are_listed_by_round_and_table() -> None:
    movement = mitchell(3, 2)
    results = evening(movement)
    section = Section.from_movement(movement).with_results(results[1:])
    [slot] = section.missing
    assert (slot.round, slot.table, slot.ns, slot.ew, slot.board) == (1, 1, "NS 1", "EW 1", 1)


def test_names_and_bad_labels() -> None:
    section = Section.from_movement(howell(6, 2), names={"3": "Cy & Di"})
    assert section.pair(3).names == "Cy & Di"
    with pytest.raises(SessionError, match="no pair 'NS 9' in the movement") as caught:
        Section.from_movement(mitchell(3, 2), names={"NS 9": "Nobody"})
    assert caught.value.field == "names"
    odd = Movement.read_csv("round,table,ns,ew,boards\n1,1,Ann,Bob,1-2\n")
    with pytest.raises(SessionError, match="a section numbers its pairs") as caught:
        Section.from_movement(odd)
    assert caught.value.field == "pair"
    with pytest.raises(SessionError, match="arrow-switched Mitchell") as caught:
        Section.from_movement(mitchell(7, 3, arrow_switch=True))
    assert caught.value.field == "movement"


@pytest.mark.parametrize("name", sorted(MOVEMENTS))
def test_a_stored_session_keeps_its_movement_and_tables(name: str) -> None:
    movement = MOVEMENTS[name]
    section = Section.from_movement(movement, "B").with_results(evening(movement)[:5])
    session = Session((section,))
    again = session_from_dict(session_to_dict(session))
    assert again == session
    assert again.sections[0].movement == movement
    assert [r.table for r in again.sections[0].results] == [r.table for r in section.results]


def test_ns_and_ew_fields_of_a_mitchell() -> None:
    section = Section.from_movement(mitchell(5, 2)).with_results(evening(mitchell(5, 2)))
    rankings = Session((section,)).scored()[0].rankings
    assert set(rankings) == {Side.NS, Side.EW}
    assert all(len(rows) == 5 for rows in rankings.values())


@pytest.mark.parametrize("per", ["board", "table"])
def test_pbn_out_writes_round_and_table_and_pbn_in_keeps_them(per: str) -> None:
    from bridgescore import pbn

    movement = mitchell(5, 2)
    session = Session((Section.from_movement(movement).with_results(evening(movement)),))
    text = pbn.write(session, per=per)  # type: ignore[arg-type]
    assert ("Round\\1R;Table" in text) if per == "board" else ('[Table "5"]' in text)
    back = pbn.read(text).sections[0]

    def places(results: tuple[BoardResult, ...]) -> set[tuple[int | None, ...]]:
        return {(r.board, r.ns, r.ew, r.round, r.table) for r in results}

    assert places(back.results) == places(session.sections[0].results)
    # Read back without the movement (PBN does not carry it), the results fit it all the same.
    assert Section.from_movement(movement).with_results(back.results).warnings == ()
