"""The real evening in the core: not-played boards, fouled boards, split scores, the
artificial-score presets, two sections across the field, late pairs and withdrawals
(SCORING.md §19). Every figure is worked by hand in the comments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Result, Side, pbn
from bridgescore.cli import cli
from bridgescore.duplicate import ARTIFICIAL_ACBL, ARTIFICIAL_EBU, Adjusted, top
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import (
    BoardResult,
    Pair,
    Section,
    Session,
    Split,
    score_section,
    score_session,
    scores_to_dict,
    session_from_dict,
    session_to_dict,
    with_fouled_board,
    with_late_pair,
    with_withdrawal,
)
from bridgescore.errors import SessionError

# NS scores by contract on board 1 (nobody vulnerable), declarer N unless said
SCORE = {"4SN=": 420, "4SN+1": 450, "2SN+2": 170, "4SN-1": -50, "4SN+2": 480, "3NTN+1": 430}


def line(board: int, ns: int, ew: int, text: str, table: int | None = None) -> BoardResult:
    return BoardResult(board, ns, ew, Result.parse(text), table=table)


def points(scores: object, board: int = 1) -> list[tuple[float, float]]:
    assert hasattr(scores, "travellers")
    return [(x.ns_points, x.ew_points) for x in scores.travellers[board]]


def test_a_fouled_board_scores_each_version_as_its_own_field() -> None:
    """Board 1 at 7 tables; tables 1-4 played one version, 5-7 another (Law 87). N = 7, top 12.

    Version 1 (4 results: 450, 420, 170, -50): raw 6, 4, 2, 0; Neuberg (s + 1) 7/4 - 1:
    11.25, 7.75, 4.25, 0.75. Version 2 (3 results: 480, 430, 420): raw 4, 2, 0;
    (s + 1) 7/3 - 1: 10.666.., 6, 1.333.. (Smulders: the top of the group of 3 is 88.9 %,
    of the group of 4 93.8 %)."""
    texts = ["4SN+1", "4SN=", "2SN+2", "4SN-1", "4SN+2", "3NTN+1", "4SN="]
    results = [line(1, t, t, x, table=t) for t, x in enumerate(texts, 1)]
    section = Section("A", results=results, versions={1: [[1, 2, 3, 4], [5, 6, 7]]})
    ns = [a for a, _ in points(score_section(section))]
    assert ns == pytest.approx([11.25, 7.75, 4.25, 0.75, 32 / 3, 6.0, 4 / 3])
    assert round(100 * ns[4] / 12, 1) == 88.9
    assert round(100 * ns[0] / 12, 2) == 93.75
    assert all(a + b == pytest.approx(12) for a, b in points(score_section(section)))


def test_a_split_score_scores_each_side_against_its_own() -> None:
    """Board 1 at 5 tables: NS 420, 420, 450, 170 and a split score (NS 4SN= +420, EW
    4SN-1, so EW are scored on NS -50). N = 5, top 8.

    The others as if the split table had not played: raw among 4 (top 6) 3, 3, 6, 0, Neuberg
    (s + 1) 5/4 - 1: 4, 4, 7.75, 0.25. The split NS +420 against the other four: beats 170,
    ties two: 4 of 8. The split EW: NS -50 against the others is beaten by all: NS 0, so EW
    8."""
    results = [line(1, t, t, x) for t, x in enumerate(["4SN=", "4SN=", "4SN+1", "2SN+2"], 1)]
    split = BoardResult(1, 5, 5, split=Split.parse("4SN=", "4SN-1"))
    scores = score_section(Section("A", results=[*results, split]))
    assert points(scores) == [(4, 4), (4, 4), (7.75, 0.25), (0.25, 7.75), (4, 8)]
    recap = {(x.sat, x.score) for p in (Side.NS, Side.EW) for x in scores.recap(5, p)}
    assert recap == {(Side.NS, 420), (Side.EW, 50)}
    assert split.text == "NS 4SN= / EW 4SN-1"
    # in JSON a split score is one shape, the API's: {"ns": ..., "ew": ...}; a line's
    # "result" is its text
    ns5, ew5 = (scores.section.pair(5, side) for side in (Side.NS, Side.EW))
    data = scores_to_dict(scores, travellers=True, recaps=(ns5, ew5))
    lines = data["travellers"]["1"]["lines"]
    assert [line.get("split") for line in lines] == [None] * 4 + [{"ns": "4SN=", "ew": "4SN-1"}]
    assert lines[-1]["result"] == "NS 4SN= / EW 4SN-1"
    assert [r["boards"][0]["split"] for r in data["recaps"]] == [{"ns": "4SN=", "ew": "4SN-1"}] * 2


@given(st.lists(st.sampled_from(sorted(SCORE)), min_size=1, max_size=8),
       st.sampled_from(sorted(SCORE)))  # fmt: skip
def test_a_split_of_one_result_scores_its_table_as_that_result(others: list[str], x: str) -> None:
    results = [line(1, t, t, text) for t, text in enumerate(others, 1)]
    n = len(others) + 1
    plain = score_section(Section("A", results=[*results, line(1, n, n, x)]))
    split = score_section(
        Section("A", results=[*results, BoardResult(1, n, n, split=Split.parse(x, x))])
    )
    assert points(split)[-1] == pytest.approx(points(plain)[-1])


@given(st.lists(st.sampled_from(sorted(SCORE)), min_size=2, max_size=10), st.data())
def test_versions_keep_the_top_and_the_order(texts: list[str], data: st.DataObject) -> None:
    cut = data.draw(st.integers(1, len(texts) - 1))
    tables = list(range(1, len(texts) + 1))
    results = [line(1, t, t, x, table=t) for t, x in zip(tables, texts, strict=True)]
    section = Section("A", results=results, versions={1: [tables[:cut], tables[cut:]]})
    got = points(score_section(section))
    full = top(len(texts))
    assert all(a + b == pytest.approx(full) and -1e-9 <= a <= full + 1e-9 for a, b in got)
    for group in (range(cut), range(cut, len(texts))):
        for i in group:
            for j in group:
                if SCORE[texts[i]] > SCORE[texts[j]]:
                    assert got[i][0] > got[j][0]


def test_two_sections_across_the_field() -> None:
    """Board 1: section A has 420 and 170, section B 450 and -50. Across the field the four
    are one field (N = 2 + 2, top 6): 450 6, 420 4, 170 2, -50 0. Each on its own: top 2."""
    a = Section("A", results=[line(1, 1, 1, "4SN="), line(1, 2, 2, "2SN+2")])
    b = Section("B", "howell", results=[line(1, 1, 2, "4SN+1"), line(1, 3, 4, "4SN-1")])
    across = score_session(Session((a, b), across_field=True))
    assert [points(s) for s in across] == [[(4, 2), (2, 4)], [(6, 0), (0, 6)]]
    assert across[0].tops[1] == 6
    assert across[0].rankings[Side.NS][0].percent == pytest.approx(66.67)
    apart = score_session(Session((a, b)))
    assert [points(s) for s in apart] == [[(2, 0), (0, 2)], [(2, 0), (0, 2)]]
    again = session_from_dict(session_to_dict(Session((a, b), across_field=True)))
    assert again.across_field
    assert score_session(again)[1].tops[1] == 6


def test_the_ebu_and_acbl_averages() -> None:
    """Three boards, 3 tables each (top 4). NS 1 wins board 1 and 2 (4 and 4 of 4: 100 %);
    NS 3 scores 0 on both (0 %); board 3 is A+/A- at NS 1 v EW 1 and A-/A+ at NS 3 v EW 3.

    Default: A+ 60 % (2.4), A- 40 % (1.6). EBU: NS 1's A+ is its 100 % (4); NS 3's A- stays
    1.6. ACBL: A- is the lesser of 40 % and the pair's 0 %: NS 3 gets 0. EW 1 (0 % on
    boards 1-2) gets A- 1.6 (EBU) or 0 (ACBL); EW 3 (100 %) gets A+ 4 under both."""
    results = []
    for board in (1, 2):
        results += [line(board, 1, 1, "4SN+1"), line(board, 2, 2, "4SN="),
                    line(board, 3, 3, "4SN-1")]  # fmt: skip
    results += [BoardResult(3, 1, 1, artificial=Adjusted.parse("A+/A-")),
                line(3, 2, 2, "4SN="),
                BoardResult(3, 3, 3, artificial=Adjusted.parse("A-/A+"))]  # fmt: skip
    section = Section("A", results=results)
    default = points(score_section(section), 3)
    ebu = points(score_section(section, Session(artificial=ARTIFICIAL_EBU)), 3)
    acbl = points(score_section(section, Session(artificial=ARTIFICIAL_ACBL)), 3)
    assert [default[0], default[2]] == [pytest.approx((2.4, 1.6)), pytest.approx((1.6, 2.4))]
    assert [ebu[0], ebu[2]] == [pytest.approx((4, 1.6)), pytest.approx((1.6, 4))]
    assert [acbl[0], acbl[2]] == [pytest.approx((4, 0)), pytest.approx((0, 4))]
    stored = session_from_dict(session_to_dict(Session((section,), artificial=ARTIFICIAL_ACBL)))
    assert stored.artificial == ARTIFICIAL_ACBL


def test_a_late_pair_and_a_withdrawal_follow_the_room() -> None:
    """A 3-table half-table Mitchell (5 pairs, 2 boards a round, each board scheduled twice):
    NS 3 arrives for round 2 and plays at table 3 against the pair sitting out; EW 1 leaves
    after round 2, so NS 3 (its round-3 opponent) sits out then. Most boards are now played
    at three tables: the field is 3."""
    s = with_late_pair(Section.from_movement(mitchell(3, 2, half_table=True)),
                       Pair(3, Side.NS, "Ann & Bob"), 2)  # fmt: skip
    assert s.field == 3
    assert s.pair(3, Side.NS).names == "Ann & Bob"
    gone = with_withdrawal(s, "EW 1", 3)
    assert gone.movement is not None
    assert [p for p in gone.movement.plays if "EW 1" in (p.ns, p.ew) and p.round == 3] == []
    assert {x.pair for x in gone.movement.sit_outs if x.round == 3} == {"EW 1", "NS 3"}
    played = BoardResult(1, 1, 1, Result.parse("4SN="), round=1, table=1)
    with pytest.raises(SessionError, match="has played already"):
        with_late_pair(gone.with_result(played), Pair(1, Side.EW), 2)
    with pytest.raises(SessionError, match="from_round must be one of rounds 1 to 3"):
        with_withdrawal(s, "EW 2", 9)
    fouled = with_fouled_board(gone, 1, [[1], [2, 3]])
    assert fouled.versions == ((1, ((1,), (2, 3))),)
    with pytest.raises(SessionError, match="must share them out"):
        with_fouled_board(gone, 1, [[1], [2]])


def test_not_played_boards_are_neuberg_scaled_to_the_field() -> None:
    """A 3-table Mitchell, board 1 (scheduled at 3 tables) played at 2: +420 and +170, raw 2
    and 0 of 2, Neuberg (s + 1) 3/2 - 1: 3.5 and 0.5 of a top of 4; each pair's percentage
    is over the boards it played."""
    s = Section.from_movement(mitchell(3, 2))
    s = s.with_results(
        [
            BoardResult(1, 1, 1, Result.parse("4SN="), round=1, table=1),
            BoardResult(1, 3, 2, Result.parse("2SN+2"), round=3, table=3),
        ]
    )
    scores = score_section(s)
    assert points(scores) == [(3.5, 0.5), (0.5, 3.5)]
    assert scores.pairs[(Side.NS, 1)].percent == 87.5
    assert scores.pairs[(Side.NS, 1)].boards == 1


@pytest.mark.parametrize("per", ["board", "table"])
def test_a_split_score_is_written_to_pbn_and_read_back(per: str) -> None:
    """PBN 2.1 has no split score: the project writes both results in the Contract (as it
    does a weighted score) and each side's own score (``Score "NS 420 EW 50"``, §4.2.1)."""
    results = [line(1, t, t, x, table=t) for t, x in enumerate(["4SN=", "4SN+1"], 1)]
    split = BoardResult(1, 3, 3, split=Split.parse("4SN=", "4SN-1"), table=3)
    session = Session((Section("A", results=[*results, split]),))
    text = pbn.write(session, per="table" if per == "table" else "board")
    if per == "table":
        assert '[Score "NS 420 EW 50"]' in text
    again = pbn.read(text)
    assert again.sections[0].results[-1].split == split.split
    assert points(score_session(again)[0]) == points(score_session(session)[0])


def test_the_cli_scores_two_sections_across_the_field(tmp_path: Path) -> None:
    """The two sections of the across-the-field example, from a PBN file: 450 6, 420 4, 170 2,
    -50 0 of a top of 6; each section on its own, a top of 2."""
    a = Section("A", results=[line(1, 1, 1, "4SN="), line(1, 2, 2, "2SN+2")])
    b = Section("B", results=[line(1, 1, 1, "4SN+1"), line(1, 2, 2, "4SN-1")])
    path = tmp_path / "two.pbn"
    path.write_text(pbn.write(Session((a, b))))

    def ns_points(*options: str) -> list[float]:
        answer = CliRunner().invoke(cli, ["session", "score", str(path), "--json",
                                          "--travellers", *options])  # fmt: skip
        assert answer.exit_code == 0, answer.output
        sections = json.loads(answer.output)["sections"]
        return [
            x["ns_points"] for s in sections for t in s["travellers"].values() for x in t["lines"]
        ]

    assert ns_points("--across-field") == [4, 2, 6, 0]
    assert ns_points() == [2, 0, 2, 0]
    assert ns_points("--artificial", "acbl") == [2, 0, 2, 0]


def test_a_late_pair_takes_a_phantoms_place() -> None:
    """A full 3-table Mitchell whose NS 3 has not come: it plays from round 2, and its round-1
    opponent (EW 3 at table 3) sat out; board 5-6's round-1 table is not played."""
    s = with_late_pair(Section.from_movement(mitchell(3, 2)), Pair(3, Side.NS, "Cy & Di"), 2)
    assert s.movement is not None
    assert [(p.round, p.ns) for p in s.movement.plays if p.table == 3] == [(2, "NS 3"), (3, "NS 3")]
    assert {x.pair for x in s.movement.sit_outs if x.round == 1} == {"NS 3", "EW 3"}
    assert s.pair(3, Side.NS).names == "Cy & Di"
    assert s.field == 3


@given(st.lists(st.sampled_from(sorted(SCORE)), min_size=1, max_size=6),
       st.lists(st.sampled_from(sorted(SCORE)), min_size=1, max_size=6))  # fmt: skip
def test_across_the_field_is_one_section_of_both(a: list[str], b: list[str]) -> None:
    """Two sections across the field score as one section holding both's results."""
    first = Section("A", results=[line(1, t, t, x) for t, x in enumerate(a, 1)])
    second = Section("B", results=[line(1, t, t, x) for t, x in enumerate(b, 1)])
    n = len(a)
    moved = [line(1, n + t, n + t, x) for t, x in enumerate(b, 1)]
    joined = Section("AB", results=[*first.results, *moved])
    across = score_session(Session((first, second), across_field=True))
    one = points(score_section(joined))
    got = [x for pair in (*points(across[0]), *points(across[1])) for x in pair]
    assert got == pytest.approx([x for pair in one for x in pair])
