"""Movement files: the .ASC standard read, hostile files refused with the line and field."""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Section
from bridgescore.duplicate.movement import Movement, MovementError, howell, mitchell, read_asc


def asc(m: Movement, *, letters: bool = True) -> str:
    """The movement written in the .ASC standard (pjms.nl), one line a round."""
    sets = {p.boards: None for p in m.plays}
    group = {boards: i for i, boards in enumerate(sorted(sets), start=1)}
    numbers = {pair: i for i, pair in enumerate(m.pairs, start=1)}
    lines = [f"{len(m.pairs)} {m.tables} {m.rounds} {len(group)} 0  # a comment"]
    for r in range(1, m.rounds + 1):
        cells = []
        for t in range(1, m.tables + 1):
            play = next((p for p in m.plays if p.round == r and p.table == t), None)
            if play is None:
                cells.append(" 0  0 0")
                continue
            g = group[play.boards]
            label = chr(64 + g) if letters else str(g)
            cells.append(f"{numbers[play.ns]:2d}-{numbers[play.ew]:2d} {label}")
        lines.append("  ".join(cells))
        lines.append("")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "m",
    [howell(10, 3), howell(9, 2), howell(16, 2, rounds=11), mitchell(5, 2, half_table=True)],
    ids=["howell-10", "howell-9-sit-out", "three-quarter-16", "mitchell-half-table"],
)
@pytest.mark.parametrize("letters", [True, False], ids=["letters", "numbers"])
def test_a_movement_written_in_the_asc_standard_reads_back(m: Movement, letters: bool) -> None:
    back = read_asc(asc(m, letters=letters), boards_per_round=m.boards_per_round)
    numbers = {pair: str(i) for i, pair in enumerate(m.pairs, start=1)}
    assert [(p.round, p.table, p.ns, p.ew, p.boards) for p in back.plays] == [
        (p.round, p.table, numbers[p.ns], numbers[p.ew], p.boards) for p in m.plays
    ]
    assert back.fairness().competition_spread == pytest.approx(m.fairness().competition_spread)


def test_a_movement_from_an_asc_file_starts_a_section() -> None:
    m = howell(12, 2)
    section = Section.from_movement(read_asc(asc(m), boards_per_round=2))
    assert section.kind == "howell"
    assert len(section.missing) == len(m.plays) * 2


def test_pairs_meeting_twice_must_be_declared() -> None:
    text = asc(howell(6, 3, rounds=10))
    with pytest.raises(MovementError, match="meet twice"):
        read_asc(text, boards_per_round=3)
    assert read_asc(text, boards_per_round=3, meetings=2).rounds == 10


HEADER = "4 2 3 3 0\n"
GOOD = ["1-4 A 2-3 A", "1-3 B 4-2 B", "1-2 C 3-4 C"]


@pytest.mark.parametrize(
    ("text", "message", "field"),
    [
        ("", "the file is empty", "line"),
        ("4 2 3\n", "line 1: expected the header", "header"),
        ("4 2 3 3 1\n", "an individual movement", "header"),
        ("4 2 0 3 0\n", "must be from 1", "header"),
        (HEADER + "1-4 A 2-3\n", "line 2: expected 2 tables", "line"),
        (HEADER + "1-9 A 2-3 A\n", "line 2, table 1, EW pair: expected a pair from 1 to 4", "ew"),
        (HEADER + "1-4 Q 2-3 A\n", "line 2, table 1, board group: expected A to C", "boards"),
        (HEADER + "1-4 A 2-3 1\n", "line 2, table 2, board group: expected A to C", "boards"),
        (HEADER + "1-4 A 0-3 A\n", "a pair 0 is an unused table", "ns"),
        (HEADER + "\n".join(GOOD[:2]) + "\n", "says 3 rounds, and the file has 2", "round"),
        (HEADER + "\n".join([*GOOD, GOOD[0]]) + "\n", "line 5: the header says 3 rounds", "round"),
        (HEADER + "1-4 A 2-3 A\n1-4 B 2-3 B\n1-2 C 3-4 C\n", "meet twice", "pair"),
        (HEADER + "1-4 A 2-3 A!\n", "line 2: expected 2 tables", "line"),
        (HEADER + "1-4 A 2-" + "9" * 1500 + " A\n", "expected a pair from 1 to 4", "ew"),
        (HEADER + "1-4 A 2-3 " + "1" * 1500 + "\n", "expected A to C", "boards"),
    ],
    ids=[
        "empty", "short-header", "individual", "no-rounds", "short-line", "pair", "group",
        "mixed-groups", "pair-0", "few-rounds", "many-rounds", "meet-twice", "junk",
        "huge-pair", "huge-group",
    ],
)  # fmt: skip
def test_bad_asc_files(text: str, message: str, field: str) -> None:
    with pytest.raises(MovementError) as caught:
        read_asc(text, boards_per_round=2)
    assert message in str(caught.value)
    assert caught.value.field == field


def test_comments_empty_tables_and_separators() -> None:
    text = "4 3 3 3 0\n# a comment\n1,4;A\t2-3 A 0 0 0 # table 3 unused\n\n1-3 B 4-2 B 0-0 0\n"
    text += "1-2 C 3-4 C 0 0 0\n"
    m = read_asc(text, boards_per_round=1)
    assert (m.rounds, m.boards, len(m.plays)) == (3, 3, 6)
    assert {p.table for p in m.plays} == {1, 2}


@given(st.text(max_size=300))
def test_any_text_raises_only_movement_errors(text: str) -> None:
    with contextlib.suppress(MovementError):
        read_asc(HEADER + text, boards_per_round=2)


def test_reading_is_linear() -> None:
    start = time.perf_counter()
    for bad in ("1-" * 200_000, "A " * 200_000, "9" * 400_000):
        with pytest.raises(MovementError):
            read_asc(HEADER + bad, boards_per_round=2)
    rounds = 3000
    lines = "".join(f"{2 * r - 1}-{2 * r} A\n" for r in range(1, rounds + 1))
    assert read_asc(f"{2 * rounds} 1 {rounds} 1 0\n{lines}", boards_per_round=1).rounds == rounds
    assert time.perf_counter() - start < 3


@pytest.mark.parametrize(
    ("text", "code", "shown"),
    [
        ("", "asc_empty", "1"),
        ("4 2 3 3 0\n1-4 A 2-3\n", "asc_items", "'1-4 A 2-3'"),
        ("4 2 3 3 0\n1-4 Q 2-3 A\n", "asc_group", "'Q'"),
        ("4 2 3 3 0\n1-4 A 2-3 4\n", "asc_group_letter", "'4'"),
        ("4 2 3 3 0\n1-9 A 2-3 B\n", "asc_pair", "'9'"),
        ("4 2 3 3 1\n", "asc_individual", "1"),
    ],
)
def test_an_asc_files_errors_are_said_in_the_readers_language(
    text: str, code: str, shown: str
) -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(MovementError) as info:
        read_asc(text, boards_per_round=2)
    assert info.value.code == code
    assert error_text(info.value) == str(info.value)
    with use("pl"):
        polish = error_text(info.value)
    assert polish != str(info.value)
    assert shown in polish


@pytest.mark.parametrize(
    ("text", "code", "shown"),
    [
        ("round,table,ns,ew\n", "csv_columns", "'round,table,ns,ew'"),
        ("round,table,ns,ew,boards\n", "csv_no_rows", None),
        ("round,table,ns,ew,boards\nx,1,1,2,1-2\n", "csv_round", "'x'"),
        ("round,table,ns,ew,boards\n1,1,1,2,1-Z\n", "csv_boards", "'1-Z'"),
    ],
)
def test_a_typed_movements_errors_are_said_in_the_readers_language(
    text: str, code: str, shown: str | None
) -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(MovementError) as info:
        Movement.read_csv(text)
    assert info.value.code == code
    assert error_text(info.value) == str(info.value)
    with use("it"):
        italian = error_text(info.value)
    assert italian != str(info.value)
    if shown is not None:
        assert shown in italian
    if code == "csv_boards":  # the board numbers' own reason is Italian too
        assert "attesi numeri di board" in italian


def test_a_movements_broken_rule_is_said_in_the_readers_language() -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(MovementError) as info:
        Movement.read_csv("round,table,ns,ew,boards\n1,1,1,2,1-2\n1,1,3,4,3-4\n")
    assert (info.value.code, info.value.params) == (
        "movement_table_twice",
        {"table": 1, "round": 1},
    )
    with use("es"):
        spanish = error_text(info.value)
    assert spanish != str(info.value)
    assert "mesa 1" in spanish
