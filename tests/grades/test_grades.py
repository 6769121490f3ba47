"""Grades (SCORING.md §27) from worked examples: par, performance, the window of boards and of
days, maturity, the shield, visitors; handicaps by each method; refused input names its field;
and ``bridgescore grades`` on real USEBIO files of one club."""

from __future__ import annotations

import json
import math
import random
from datetime import date, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgescore.grades import GradedSession, GradeError, GradeRules, PairResult, grade_sessions
from bridgescore.grades.handicap import HandicapRules, card_allowance, handicapped_ranking
from bridgescore.grades.sessions import graded_session, read_date
from bridgescore.usebio import read as read_usebio
from tests.conftest import DATA, run

DAY = date(2026, 1, 5)
USEBIO = DATA / "real" / "usebio"


def night(key: str, day: date, *pairs: tuple[tuple[str | None, ...], float, int]) -> GradedSession:
    """A Howell: one field of the pairs given as (players, percent, boards)."""
    return GradedSession(key, day, (tuple(PairResult(p, x, b) for p, x, b in pairs),))


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        # equal pairs: par 50; each player gets 2 x the pair's score above par
        ([(("1", "2"), 60.0, 24), (("3", "4"), 40.0, 24)], {"1": 70.0, "3": 30.0}),
        # three pairs: 56 against 50 is 2 x 6 above
        ([(("1", "2"), 56.0, 24), (("3", "4"), 50.0, 24), (("5", "6"), 44.0, 24)],
         {"1": 62.0, "3": 50.0, "5": 38.0}),
        # a visitor is taken at 50 and not graded
        ([(("1", None), 55.0, 20), (("3", "4"), 45.0, 20)], {"1": 60.0, "3": 40.0}),
        # performances stay within 0 to 100
        ([(("1", "2"), 90.0, 24), (("3", "4"), 10.0, 24)], {"1": 100.0, "3": 0.0}),
    ],
)  # fmt: skip
def test_one_session(
    pairs: list[tuple[tuple[str | None, ...], float, int]], expected: dict[str, float]
) -> None:
    grades = grade_sessions([night("a", DAY, *pairs)])
    assert {n: grades[n].grade for n in expected} == expected
    assert all(n is not None for n in grades)
    assert None not in grades
    assert len(grades) == sum(1 for p, _, _ in pairs for n in p if n)


def test_par_uses_the_grades_before_the_session() -> None:
    """After a first night 1 and 2 are 60, 3 and 4 are 40: a 60 % for 1 & 2 on the second
    night only meets its par of 70 - 0 ... = 50 + 60 - 40 = 70, so it pulls them down."""
    a = night("a", DAY, (("1", "2"), 55.0, 24), (("3", "4"), 45.0, 24))
    b = night("b", DAY + timedelta(7), (("1", "2"), 60.0, 24), (("3", "4"), 40.0, 24))
    grades = grade_sessions([a, b])
    # performance on b: 60 + 2 x (60 - 70) = 40; the mean of 60 and 40
    assert grades["1"].grade == 50.0
    assert grades["3"].grade == 50.0
    assert [p.performance for p in grades["1"].history] == [60.0, 40.0]
    # the order of the input does not matter: date order is taken
    assert grade_sessions([b, a]) == grades


def test_the_window_of_boards_and_of_days() -> None:
    rules = GradeRules(window=100, days=365)
    old = night("a", DAY, (("1", "2"), 60.0, 80), (("3", "4"), 40.0, 80))
    new = night("b", DAY + timedelta(30), (("1", "3"), 50.0, 80), (("2", "4"), 50.0, 80))
    # player 1 on b: grade 70, pair (70 + 30) / 2 = 50 against (70 + 30) / 2: par 50 -> 70;
    # window 100 boards: 80 of b and the newest 20 of a, both 70
    grades = grade_sessions([old, new], rules)
    assert grades["1"].grade == 70.0
    assert grades["1"].boards == 160
    later = night("c", DAY + timedelta(400), (("5", "6"), 50.0, 10), (("7", "8"), 50.0, 10))
    grades = grade_sessions([old, new, later], rules)
    assert grades["1"].boards == 0
    assert grades["1"].grade == rules.start


def test_a_window_counts_the_oldest_session_in_part() -> None:
    rules = GradeRules(window=100)
    a = night("a", DAY, (("1", "2"), 60.0, 60), (("3", "4"), 40.0, 60))  # 1: 70
    b = night("b", DAY + timedelta(7), (("1", "3"), 45.0, 60), (("2", "4"), 55.0, 60))
    grades = grade_sessions([a, b], rules)
    # b: 1 & 3 (70 + 30) / 2 = 50 against 50: par 50, 45 -> 1 performs 70 - 10 = 60;
    # 60 boards of b at 60 and the newest 40 of a at 70
    assert math.isclose(grades["1"].grade, (60 * 60 + 40 * 70) / 100)


@pytest.mark.parametrize(
    ("boards", "maturity"),
    [(299, "tentative"), (300, "evolving"), (999, "evolving"), (1000, "mature")],
)
def test_maturity(boards: int, maturity: str) -> None:
    grades = grade_sessions([night("a", DAY, (("1", "2"), 50.0, boards), (("3", "4"), 50.0, 1))])
    assert grades["1"].maturity == maturity


def test_the_shield_keeps_a_mature_grade_beside_a_newcomer() -> None:
    first = night("a", DAY, (("1", "2"), 60.0, 1000), (("3", "4"), 40.0, 1000))
    second = night("b", DAY + timedelta(7), (("1", "9"), 30.0, 24), (("3", "4"), 70.0, 24))
    grades = grade_sessions([first, second])
    assert grades["1"].grade == 70.0
    assert len(grades["1"].history) == 1
    assert grades["9"].boards == 24  # the newcomer is graded
    unshielded = grade_sessions([first, second], GradeRules(shield=0))
    assert unshielded["1"].grade < 70.0


def test_a_correction_gives_the_grades_again() -> None:
    a = night("a", DAY, (("1", "2"), 55.0, 24), (("3", "4"), 45.0, 24))
    fixed = night("a", DAY, (("1", "2"), 45.0, 24), (("3", "4"), 55.0, 24))
    assert grade_sessions([a])["1"].grade == 60.0
    assert grade_sessions([fixed])["1"].grade == 40.0


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: PairResult(("1", "2"), 101.0, 24), "percent"),
        (lambda: PairResult(("1", "2"), math.nan, 24), "percent"),
        (lambda: PairResult(("1", "2"), 50.0, 0), "boards"),
        (lambda: PairResult(("1", "2", "3"), 50.0, 24), "players"),
        (lambda: night("a", DAY, (("1", "2"), 50.0, 24), (("1", "4"), 50.0, 24)), "players"),
        (lambda: GradedSession("a", DAY, (), weight=9), "weight"),
        (lambda: GradeRules(gain=math.inf), "gain"),
        (lambda: GradeRules(window=500.5), "window"),  # type: ignore[arg-type]
        (lambda: PairResult(("1", "2"), 50.0, True), "boards"),
        (lambda: GradeRules(evolving=2000), "evolving"),
        (lambda: read_date("31/12/2026"), "date"),
        (lambda: HandicapRules("golf"), "method"),  # type: ignore[arg-type]
        (lambda: HandicapRules("set", set={"1": 300.0}), "handicap"),
    ],
)
def test_refused_input_names_its_field(make: object, field: str) -> None:
    with pytest.raises(GradeError) as caught:
        make()  # type: ignore[operator]
    assert caught.value.field == field


def test_handicaps_by_each_method() -> None:
    grade, card = HandicapRules("grade"), HandicapRules("card", "sum")
    players = [("1", 58.0), ("2", 46.0)]
    assert grade.pair_allowance(players) == -(8.0 - 4.0) / 2
    assert card.pair_allowance(players) == card_allowance(58.0) + card_allowance(46.0) == -2.0
    director = HandicapRules("set", set={"1": -3.0, "2": 5.0})
    assert director.pair_allowance(players) == 1.0
    assert director.pair_allowance([("7", None), (None, None)]) == 0.0
    rows = handicapped_ranking([(62.0, -6.0), (44.0, 6.0), (50.0, 0.0)])
    assert [(r.index, r.rank, r.handicapped) for r in rows] == [
        (0, "1", 56.0), (1, "2=", 50.0), (2, "2=", 50.0)]  # fmt: skip


def test_a_mitchell_gives_two_fields() -> None:
    session = read_usebio((USEBIO / "compscore3_mp_pairs_mitchell_03.xml").read_bytes()).session
    graded = graded_session("m", read_date(session.date), session.scored())
    ns, ew = graded.fields
    assert len(ns) + len(ew) == len(session.sections[0].pairs)
    assert all(len(r.players) == 2 and all(r.players) for f in graded.fields for r in f)


def test_bridgescore_grades_on_a_clubs_files(runner: CliRunner) -> None:
    """Five sessions of NSBC@Lindfield, July 2022 (Compscore3's USEBIO), in any order; the
    28th's file corrected (``_adjusted_02``, its adjusted scores) gives other grades."""
    files = [
        str(USEBIO / f"compscore3_mp_pairs_{n}.xml")
        for n in ("howell", "mitchell", "mitchell_02", "mitchell_03", "mitchell_04")
    ]
    code, out = run(runner, "grades", *files, "--json")
    assert code == 0, out
    players = json.loads(out)
    assert set(players[0]) == {"number", "name", "grade", "boards", "maturity"}
    assert [p["grade"] for p in players] == sorted((p["grade"] for p in players), reverse=True)
    by_number = {p["number"]: p for p in players}
    assert by_number["964263"]["name"] == "IREN MAJEDI"
    # a player of two of the sessions has their boards added up
    assert max(p["boards"] for p in players) > 30
    assert json.loads(run(runner, "grades", *reversed(files), "--json")[1]) == players
    corrected = [f.replace("_02", "_adjusted_02") for f in files]
    fixed = {p["number"]: p for p in json.loads(run(runner, "grades", *corrected, "--json")[1])}
    assert by_number["60712"]["grade"] != fixed["60712"]["grade"]
    code, table = run(runner, "grades", files[1])
    assert code == 0
    assert "JOE VAN POPPEL" in table
    assert "IREN MAJEDI" not in table


def test_bridgescore_grades_refuses_a_file_without_a_date(
    runner: CliRunner, tmp_path: Path
) -> None:
    pbn = (DATA / "howell.pbn").read_text(encoding="utf-8").replace('[Date "2024.04.03"]', "")
    (tmp_path / "x.pbn").write_text(pbn, encoding="utf-8")
    code, out = run(runner, "grades", str(tmp_path / "x.pbn"))
    assert code == 2
    assert "needs a date" in out


def test_a_session_keeps_its_handicap_rules_and_refuses_bad_ones() -> None:
    from bridgescore.duplicate.session import Session, session_from_dict, session_to_dict

    rules = HandicapRules("set", "sum", {"1001": -2.5, "AB12": 3.0})
    data = session_to_dict(Session(handicap=rules))
    assert data["handicap"] == {"method": "set", "combine": "sum",
                                "set": {"1001": -2.5, "AB12": 3.0}}  # fmt: skip
    assert session_from_dict(data).handicap == rules
    assert "handicap" not in session_to_dict(Session())
    many = {str(n): 1 for n in range(2001)}
    for bad, field in [({"method": "set", "set": {"x y": 1}}, "number"),
                       ({"method": "set", "set": [1, 2]}, "handicap"),
                       ({"method": "set", "set": {"1": "lots"}}, "handicap"),
                       ({"method": "card", "combine": "max"}, "combine"),
                       ({"method": "set", "set": many}, "handicap")]:  # fmt: skip
        with pytest.raises(GradeError) as caught:
            session_from_dict(data | {"handicap": bad})
        assert caught.value.field == field


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(st.sampled_from("123456789"), st.floats(0, 100), st.integers(1, 400)),
                 min_size=2, max_size=4),
        min_size=1, max_size=8,
    ),
    st.randoms(use_true_random=False),
)  # fmt: skip
@example(  # a player's sums, taken away from as results left the window, gave -1.8e-18
    [[("1", 0.0, 1), ("2", 0.0, 2)], [("1", 0.0, 1), ("2", 60.41065360548411, 1)],
     [("1", 0.0, 1), ("2", 50.0, 1)], [("1", 0.0, 1), ("2", 0.0, 195)],
     [("1", 0.0, 1), ("2", 0.0, 305)]],
    random.Random(0),
)  # fmt: skip
def test_grades_stay_percentages_and_do_not_depend_on_the_input_order(
    nights: list[list[tuple[str, float, int]]], rng: random.Random
) -> None:
    sessions = []
    for k, pairs in enumerate(nights):
        seen: set[str] = set()
        field = []
        for number, percent, boards in pairs:
            if number not in seen:  # one pair a player in a session
                seen.add(number)
                field.append(PairResult((number, None), percent, boards))
        sessions.append(GradedSession(f"s{k}", DAY + timedelta(days=30 * k), (tuple(field),)))
    grades = grade_sessions(sessions, GradeRules(window=500))
    assert all(0.0 <= g.grade <= 100.0 for g in grades.values())
    shuffled = sessions[:]
    rng.shuffle(shuffled)
    assert grade_sessions(shuffled, GradeRules(window=500)) == grades
