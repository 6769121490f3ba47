"""Duplicate sessions: sections, travellers, rankings with ties, recaps, checks."""

from __future__ import annotations

import json

import pytest

from bridgescore import Result, Side, Weighted
from bridgescore.duplicate import Adjusted
from bridgescore.duplicate.session import (
    Board,
    BoardResult,
    Pair,
    Section,
    Session,
    SessionError,
    score_section,
    session_from_dict,
    session_to_dict,
)
from bridgescore.storage.rows import to_json

NS, EW = Side.NS, Side.EW


def result(board: int, ns: int, ew: int, text: str, **kwargs: object) -> BoardResult:
    return BoardResult(board, ns, ew, Result.parse(text), **kwargs)  # type: ignore[arg-type]


def example_section() -> Section:
    """Board 1 (N deals, nobody vulnerable) at 7 tables: the NS scores of MP example 1
    (SCORING.md §5.1), 420, 420, 450, 170, -50, 420, 620. The 620 is a score the director
    assigned (PBN's Score tag for an irregularity): no contract scores 620 at love all."""
    return Section(
        "A",
        "mitchell",
        results=[
            result(1, 1, 1, "4SN="),
            result(1, 2, 2, "4SS="),
            result(1, 3, 3, "4SN+1"),
            result(1, 4, 4, "3SN+1"),
            result(1, 5, 5, "4SN-1"),
            result(1, 6, 6, "4HN="),
            result(1, 7, 7, "4SN+1", score=620),
        ],
    )


def test_matchpoints_travellers_and_rankings() -> None:
    scored = score_section(example_section())
    traveller = scored.travellers[1]
    assert [line.ns_score for line in traveller] == [420, 420, 450, 170, -50, 420, 620]
    assert [line.ns_points for line in traveller] == [6, 6, 10, 2, 0, 6, 12]
    assert [line.ew_points for line in traveller] == [6, 6, 2, 10, 12, 6, 0]
    assert scored.tops[1] == 12
    ns = [(row.rank, row.pair.number, row.percent) for row in scored.rankings[NS]]
    assert ns == [
        ("1", 7, 100.0), ("2", 3, 83.33), ("3=", 1, 50.0), ("3=", 2, 50.0), ("3=", 6, 50.0),
        ("6", 4, 16.67), ("7", 5, 0.0),
    ]  # fmt: skip
    ew = [(row.rank, row.pair.number) for row in scored.rankings[EW]]
    assert ew[0] == ("1", 5)
    assert ew[-1] == ("7", 7)


def test_recap() -> None:
    scored = score_section(example_section())
    (line,) = scored.recap(4, EW)
    assert (line.board, line.opponent.label, line.sat, line.score, line.points, line.top) == (
        1, "NS 4", EW, -170, 10.0, 12,
    )  # fmt: skip
    with pytest.raises(SessionError, match="has no pair 9"):
        scored.recap(9, NS)


def test_two_boards_and_neuberg_for_the_short_one() -> None:
    lines = [*example_section().results, result(2, 1, 1, "3NTE="), result(2, 2, 2, "3NTE+1")]
    scored = score_section(Section("A", "mitchell", results=lines))
    assert scored.tops == {1: 12, 2: 12}
    # Board 2 (E deals, NS vulnerable; EW not): -400 and -430, Neuberg-scaled from 2 to 7.
    assert [line.ns_points for line in scored.travellers[2]] == [9.5, 2.5]
    pair_1 = scored.pairs[(NS, 1)]
    assert (pair_1.total, pair_1.top, pair_1.boards, pair_1.percent) == (15.5, 24, 2, 64.58)


def test_howell_ranks_one_field() -> None:
    lines = [result(1, 1, 2, "4SN="), result(1, 3, 4, "4SN+1"), result(2, 2, 3, "1NTE="),
             result(2, 4, 1, "2SE=")]  # fmt: skip
    scored = score_section(Section("H", "howell", results=lines))
    assert list(scored.rankings) == [None]
    # Pair 2: 2 + 2 MPs; pairs 1 and 3: 2 each; pair 4: none.
    assert [row.pair.number for row in scored.rankings[None]] == [2, 1, 3, 4]
    assert [row.rank for row in scored.rankings[None]] == ["1", "2=", "2=", "4"]
    assert {p.label for p in scored.section.pairs} == {"1", "2", "3", "4"}


def test_butler_and_cross_imps_methods() -> None:
    section = example_section()
    butler = score_section(section, Session(method="butler"))
    assert [line.ns_points for line in butler.travellers[1]] == [1, 1, 2, -5, -10, 1, 6]
    assert butler.pairs[(NS, 7)].percent is None
    assert [row.pair.number for row in butler.rankings[NS]][:2] == [7, 3]
    cross = score_section(section, Session(method="cross-imps"))
    assert [round(x.ns_points, 2) for x in cross.travellers[1]] == [
        1.67, 1.67, 2.67, -4.83, -9.83, 1.67, 7.0,
    ]  # fmt: skip
    assert cross.travellers[1][0].ew_points == -cross.travellers[1][0].ns_points


def test_artificial_scores_in_a_session() -> None:
    lines = [result(1, 1, 1, "4SN="), result(1, 2, 2, "4SN+1"),
             BoardResult(1, 3, 3, artificial=Adjusted.parse("A+/A-"))]  # fmt: skip
    scored = score_section(Section("A", results=lines))
    assert [(x.ns_points, x.ew_points) for x in scored.travellers[1]] == [
        (0.5, 3.5), (3.5, 0.5), (2.4, 1.6),
    ]  # fmt: skip


def test_boards_override_law_2() -> None:
    odd = Board(1, Board.numbered(1).dealer, Board.numbered(4).vulnerability)
    section = Section("A", boards=[odd], results=[result(1, 1, 1, "4SN=")])
    assert section.board(1).vulnerability.value == "All"
    assert not section.board(1).follows_law_2
    assert score_section(section).travellers[1][0].ns_score == 620


def test_checks() -> None:
    dup = result(1, 1, 1, "4SN=")
    section = Section("A", results=[dup, dup, result(1, 2, 2, "4SN=")])
    assert len(section.results) == 2
    assert [str(w) for w in section.warnings] == [
        "board 1, NS 1 v EW 1: entered twice; counted once"
    ]
    with pytest.raises(
        SessionError, match=r"entered twice with different results: 4SN= and 4SN\+1"
    ):
        Section("A", results=[dup, result(1, 1, 1, "4SN+1")])
    with pytest.raises(SessionError, match="board 1: pair NS 1 played it twice"):
        Section("A", results=[dup, result(1, 1, 2, "4SN=")])
    with pytest.raises(SessionError, match="pair 2 cannot play against itself"):
        Section("H", "howell", results=[result(1, 2, 2, "4SN=")])
    with pytest.raises(
        SessionError, match="give one of a result, an artificial score, a weighted score or a split"
    ):
        BoardResult(1, 1, 1)
    with pytest.raises(SessionError, match="has no declarer"):
        BoardResult(1, 1, 1, Result.parse("4S="))
    with pytest.raises(SessionError, match="unknown scoring method"):
        Session(method="aggregate")  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="pair 1 in section A has no side: in a Mitchell"):
        Section("A", pairs=[Pair(1)], results=[dup])


def test_wrong_side_declarer_warning() -> None:
    lines = [result(1, 1, 1, "4SN="), result(1, 2, 2, "4SS="), result(1, 3, 3, "4SE=")]
    (warning,) = Section("A", results=lines).warnings
    assert warning.board == 1
    assert warning.pairs == (3, 3)
    assert "declared by EW here but by NS at 2 other tables" in warning.message


def test_a_pair_at_two_tables_in_one_round() -> None:
    lines = [result(1, 1, 1, "4SN=", round=1), result(2, 1, 2, "4SN=", round=1)]
    (warning,) = Section("A", results=lines).warnings
    assert str(warning) == "pair NS 1 is at two tables in round 1: NS 1 v EW 1, NS 1 v EW 2"


def test_session_with_sections() -> None:
    a = example_section()
    b = Section("B", results=[result(1, 1, 1, "3NTN=")])
    session = Session((a, b), event="Club night")
    assert [s.section.name for s in session.scored()] == ["A", "B"]
    assert session.section("B") is b
    assert session.with_method("butler").method == "butler"
    with pytest.raises(SessionError, match="no section 'C'"):
        session.section("C")
    with pytest.raises(SessionError, match="two sections share a name"):
        Session((a, a))


def test_a_listed_pair_that_played_no_board_ranks_last() -> None:
    idle = Pair(9, NS, "Late arrivals")
    section = Section("A", pairs=[idle], results=example_section().results)
    rows = score_section(section).rankings[NS]
    assert (rows[-1].pair, rows[-1].percent, rows[-2].percent) == (idle, None, 0.0)


# A weighted score (Law 12C1(c)) in a section: board 5 of tests/duplicate/test_weighted.py's
# worked example (NS vulnerable), NS 5 given 50% 4SN=, 30% 4SN-1, 20% 5HXE-2; MP1 top 8.
WEIGHTED_BOARD = [
    BoardResult(5, 1, 1, Result.parse("4SN+1")),
    BoardResult(5, 2, 2, Result.parse("4SN=")),
    BoardResult(5, 3, 3, Result.parse("3SN+1")),
    BoardResult(5, 4, 4, Result.parse("4SN-1")),
    BoardResult(5, 5, 5, weighted=Weighted.parse("50% 4SN=, 30% 4SN-1, 20% 5HXE-2")),
]


def test_a_weighted_score_in_a_section() -> None:
    section = Section("A", results=WEIGHTED_BOARD)
    scored = score_section(section)
    line = scored.travellers[5][4]
    assert line.result.text == "50% 4SN=, 30% 4SN-1, 20% 5HXE-2"
    assert str(line.ns_score) == "50% +620, 30% -100, 20% +300"
    ns = [x.ns_points for x in scored.travellers[5]]
    assert ns == pytest.approx([8, 5.5, 2.6, 0.3, 3.6])
    assert line.ew_points == pytest.approx(4.4)
    assert [row.pair.number for row in scored.rankings[Side.NS]] == [1, 2, 5, 3, 4]
    assert scored.pairs[(Side.NS, 5)].percent == 45.0
    (recap,) = scored.recap(5, Side.EW)
    assert str(recap.score) == "50% -620, 30% +100, 20% -300"
    assert recap.points == pytest.approx(4.4)
    again = session_from_dict(session_to_dict(Session((section,))))
    assert again.sections[0].results == section.results
    butler = score_section(section, Session(method="butler")).travellers[5]
    assert [x.ns_points for x in butler] == pytest.approx([6.6, 5.9, -5.1, -9.9, -0.8])


def test_a_weighted_score_is_checked() -> None:
    weighted = Weighted.parse("100% 4SN=")
    with pytest.raises(SessionError, match="give one of") as info:
        BoardResult(1, 1, 1, Result.parse("4SN="), weighted=weighted)
    assert info.value.field == "weighted"
    with pytest.raises(SessionError, match="takes no score of its own"):
        BoardResult(1, 1, 1, weighted=weighted, score=420)
    with pytest.raises(SessionError, match="entered twice with different results: 100% 4SN="):
        Section("A", results=[BoardResult(1, 1, 1, weighted=weighted),
                              BoardResult(1, 1, 1, Result.parse("4SN="))])  # fmt: skip


def test_a_sessions_tags_keep_their_order_through_storage() -> None:
    """Stored JSON is written with sorted keys: the tags go as pairs, so they come back as read
    (and the object older versions stored is still read)."""
    tags = {"Site": "Bath", "Event": "Pairs", "Annotator": "ED"}
    stored = json.loads(to_json(session_to_dict(Session(tags=tags))))
    assert list(session_from_dict(stored).tags.items()) == list(tags.items())
    old = stored | {"tags": tags}
    assert session_from_dict(json.loads(to_json(old))).tags == tags


def test_a_sections_errors_are_said_in_the_readers_language() -> None:
    from bridgescore.locale import error_text, use

    with pytest.raises(SessionError) as info:
        Section("A", "swiss")  # type: ignore[arg-type]
    assert (info.value.code, info.value.params) == ("section_kind", {"kind": "swiss"})
    with use("de"):
        german = error_text(info.value)
    assert german != str(info.value)
    assert "'swiss'" in german


@pytest.mark.parametrize(
    ("text", "score", "round_", "table"),
    [("4SN=", None, None, None), ("3NTXE-2", -500, 2, 7), ("7CXXW+0", None, 1, None),
     ("Pass", None, 3, 4)],
)  # fmt: skip
def test_played_is_the_constructors_result(
    text: str, score: int | None, round_: int | None, table: int | None
) -> None:
    """BoardResult.played (a file's rows) makes what the constructor makes, field for field."""
    result = Result.parse(text)
    made = BoardResult.played(5, 1, 2, result, score, round_, table)
    expected = BoardResult(5, 1, 2, result, score=score, round=round_, table=table)
    assert made == expected
    assert repr(made) == repr(expected)
    assert hash(made) == hash(expected)


def test_played_refuses_what_the_constructor_refuses() -> None:
    """A contract without a declarer goes through the constructor, which refuses it."""
    with pytest.raises(SessionError, match="declarer"):
        BoardResult.played(5, 1, 2, Result.parse("4S="))
