"""USEBIO files written by club programs (tests/data/real/README.md says where each is from):
read, scored by bridgescore and compared with the file's own rankings, travellers and
percentages to 0.01; then written by bridgescore and read back to the same rankings.

The programs' conventions that differ from bridgescore's defaults are named where they apply:

* Compscore3 writes a tied place without ``=`` (``3`` and ``3``, where bridgescore writes
  ``3=``), and a matchpoint ``TOTAL_SCORE`` factored to the full number of boards (a pair that
  sat out a board of 27 has its matchpoints × 27/26); the percentages are the plain ones.
* Compscore3's traveller gives a board played at fewer tables than the others its own
  matchpoints (a top of 8 for 5 results where the others have 10), where bridgescore's
  traveller shows them Neuberg-scaled to the full top; the pairs' percentages agree.
* Compscore3's Butler datum rounds a mean ending in 5 away from zero (-445 to -450), where
  bridgescore's default rounds half to even (ACBLscore, SCORING.md §7.1): scored with
  ``rounding="half-up"``, every datum and total is the file's.
* ScoreBridge scored the boards played at fewer tables than the others (boards 9-28 here, at
  2 or 3 of 4 tables) by counting each missing comparison as a tie (a matchpoint, so a
  3-table board's 0-4 becomes 1-5 of 6), not by Neuberg's formula (SCORING.md §6, which
  bridgescore uses): the test rebuilds the file's matchpoints from bridgescore's MP1 of each
  board's own results under that rule, and its percentages and places from those.
"""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgescore.duplicate import matchpoints, matchpoints_ew
from bridgescore.duplicate.session import RankRow, SectionScores, Session
from bridgescore.errors import UsebioError
from bridgescore.model import Side
from bridgescore.usebio import UsebioFile, read, write
from tests.conftest import DATA

REAL = DATA / "real" / "usebio"
EDITED = {"compscore3_mp_pairs_mitchell_02", "compscore3_mp_pairs_mitchell_adjusted_02"}
"""Compscore3 files whose artificial lines carry other points than their A-scores."""
REFUSED = REAL / "compscore3_notsupported.xml"
COMPSCORE = sorted(p for p in REAL.glob("compscore3_*.xml")
                   if p.stem not in EDITED and p != REFUSED)  # fmt: skip
READ = sorted(p for p in REAL.glob("*.xml") if p != REFUSED)
POINTS = {"mp": "MATCH_POINTS", "butler": "BUTLER_POINTS", "cross-imps": "CROSS_IMP_POINTS"}


def load(path: Path) -> UsebioFile:
    return read(path.read_bytes(), source=path.name)


def by_pair(scored: list[SectionScores]) -> dict[tuple[str, Side | None, int], RankRow]:
    return {(s.section.name, *row.pair.key): row for s in scored
            for rows in s.rankings.values() for row in rows}  # fmt: skip


def compscore_conventions(session: Session) -> Session:
    return (
        dataclasses.replace(session, rounding="half-up") if session.method == "butler" else session
    )


def file_points(path: Path, method: str) -> dict[tuple[int, str, str], tuple[float, float]]:
    """Each traveller line's NS and EW points as the file gives them (trusted test data)."""
    found = {}
    for board in ET.parse(path).getroot().iter("BOARD"):
        for line in board.iter("TRAVELLER_LINE"):
            key = (int(board.findtext("BOARD_NUMBER", "")), line.findtext("NS_PAIR_NUMBER", ""),
                   line.findtext("EW_PAIR_NUMBER", ""))  # fmt: skip
            found[key] = (float(line.findtext("NS_" + POINTS[method], "")),
                          float(line.findtext("EW_" + POINTS[method], "")))  # fmt: skip
    return found


@pytest.mark.parametrize("path", COMPSCORE, ids=lambda p: p.stem)
def test_compscore_files_score_as_the_file_says(path: Path) -> None:
    f = load(path)
    assert f.program.startswith("Compscore3")
    assert f.version == "1.2"
    session = compscore_conventions(f.session)
    scored = session.scored()
    rows = by_pair(scored)
    most = {side: max(r.boards for k, r in rows.items() if k[1] is side) for _, side, _ in rows}
    assert len(f.standings) == len(rows) > 0
    for st in f.standings:
        row = rows[(st.section, *st.pair.key)]
        assert row.rank.rstrip("=") == st.place, st
        if st.percent is not None:
            assert row.percent is not None
            assert abs(row.percent - st.percent) <= 0.01, st
        assert st.total is not None
        factored = (
            row.total * most[st.pair.side] / row.boards if session.method == "mp" else (row.total)
        )
        assert abs(factored - st.total) <= 0.01, st
    # Every traveller line's points, too.
    given = file_points(path, session.method)
    mitchell = scored[0].section.kind == "mitchell"
    field = scored[0].section.field
    assert sum(len(ls) for ls in scored[0].travellers.values()) == len(given)
    for number, lines in scored[0].travellers.items():
        ours = [(line.ns_points, line.ew_points) for line in lines]
        if session.method == "mp" and len(lines) < field:  # the file's are not Neuberg's
            scores = [line.ns_score for line in lines]
            ours = list(zip(matchpoints(scores), matchpoints_ew(scores), strict=True))
        for line, (ns_points, ew_points) in zip(lines, ours, strict=True):
            ns = f"{line.result.ns}NS" if mitchell else str(line.result.ns)
            ew = f"{line.result.ew}EW" if mitchell else str(line.result.ew)
            want = given[(number, ns, ew)]
            assert abs(ns_points - want[0]) <= 0.01
            assert abs(ew_points - want[1]) <= 0.01


def test_compscore_butler_datum_rounds_half_away_from_zero() -> None:
    """Board 2: -490, -460, -430, +50; one top and one bottom dropped, the mean -445 is the
    file's -450 (half away from zero), bridgescore's default -440 (half to even)."""
    path = REAL / "compscore3_butler_howell.xml"
    board = next(b for b in ET.parse(path).getroot().iter("BOARD")
                 if b.findtext("BOARD_NUMBER") == "2")  # fmt: skip
    assert board.findtext("BOARD_AVERAGE") == "-450"
    from bridgescore.duplicate import datum

    scores = [-490, -460, -430, 50]
    assert datum(scores, rounding="half-up") == -450
    assert datum(scores) == -440
    default = by_pair(load(path).session.scored())
    assert default[("A", None, 1)].total != -5.0  # the file's, by its rounding


def test_compscore_details() -> None:
    """What the reader keeps: club, event, date, players with their ABF numbers, leads."""
    f = load(REAL / "compscore3_mp_pairs_mitchell_03.xml")
    s = f.session
    assert (s.event, s.date, s.method) == ("EL Thu 10.00am Rookie (21-Jul-22)", "2022.07.21", "mp")
    assert s.tags["Club"] == "NSBC@Lindfield"
    assert s.tags["ClubNumber"] == "2074"
    (section,) = s.sections
    assert (section.kind, len(section.pairs), len(section.boards)) == ("mitchell", 13, 21)
    ns1 = section.pair(1, Side.NS)
    assert ns1.players[0].name == "YEUNG CHEUNG"
    assert ns1.players[0].number == "936510"
    first = next(r for r in section.results if r.board == 1)
    assert (str(first.result), first.lead, first.ns, first.ew) == ("3DN=", "HK", 2, 3)


def test_scorebridge_file() -> None:
    """ScoreBridge 10.25.02, 8 pairs: boards 1-8 at 4 tables, 9-28 at 2 or 3. On a full board
    bridgescore's matchpoints are the file's; on a short one the file counts each missing
    comparison as a tie. Board 9, NS: 490, 200, -150 are 4, 2, 0 of 4 (MP1), the file's 5, 3,
    1 of 6 (one tie each for the missing table), where Neuberg would give
    (4+1)·4/3-1 = 5.67, 3 and 0.33. The file's percentages are its matchpoints over 6 a board
    played: pair 1's 92 of 144 is 63.89 %."""
    path = REAL / "scorebridge_forest_of_dean_mp_pairs.xml"
    f = load(path)
    s = f.session
    assert f.program == "ScoreBridge 10.25.02"
    assert (s.date, s.tags["Club"], s.method) == ("2025.07.30", "Forest of Dean Bridge Club", "mp")
    (section,) = s.sections
    assert (section.kind, len(section.pairs), len(section.boards), len(section.results)) == (
        "howell",
        8,
        28,
        94,
    )
    given = file_points(path, "mp")
    scored = s.scored()[0]
    full = 4
    totals: dict[int, float] = {}
    played: dict[int, int] = {}
    for number, lines in scored.travellers.items():
        ns_scores = [line.ns_score for line in lines]
        ns_mp, ew_mp = matchpoints(ns_scores), matchpoints_ew(ns_scores)
        ties = full - len(lines)  # one matchpoint for each missing comparison
        if ties == 0:  # a full board: bridgescore's figures are the file's
            assert [line.ns_points for line in lines] == ns_mp
        for line, ns, ew in zip(lines, ns_mp, ew_mp, strict=True):
            r = line.result
            assert given[(number, str(r.ns), str(r.ew))] == (ns + ties, ew + ties)
            for pair, points in ((r.ns, ns + ties), (r.ew, ew + ties)):
                totals[pair] = totals.get(pair, 0) + points
                played[pair] = played.get(pair, 0) + 1
    assert [round(x, 2) for x in matchpoints([490, 200, -150], expected=4)] == [5.67, 3.0, 0.33]
    percent = {p: round(100 * totals[p] / (2 * (full - 1) * played[p]), 2) for p in totals}
    order = sorted(percent, key=lambda p: -percent[p])
    for st in f.standings:
        assert st.percent is not None
        assert abs(percent[st.pair.number] - st.percent) <= 0.01
        place = 1 + sum(percent[p] > percent[st.pair.number] for p in order)
        assert st.place.rstrip("=") == str(place)


@pytest.mark.parametrize("path", READ, ids=lambda p: p.stem)
def test_written_back_and_read_again(path: Path) -> None:
    """bridgescore's USEBIO of the same event reads back to the same rankings, and the file's
    own standings are then bridgescore's."""
    f = load(path)
    session = compscore_conventions(f.session)
    before = by_pair(session.scored())
    again = read(write(session), source="again.xml")
    assert again.program.startswith("bridgescore ")
    assert again.session.sections == session.sections
    assert (again.session.event, again.session.date) == (session.event, session.date)
    # bridgescore's file ranks each section apart: one field across them is not written
    back = dataclasses.replace(again.session, across_field=session.across_field)
    after = by_pair(compscore_conventions(back).scored())
    assert {k: (r.rank, r.total, r.percent) for k, r in after.items()} == {
        k: (r.rank, r.total, r.percent) for k, r in before.items()}  # fmt: skip
    for st in again.standings:
        row = before[(st.section, *st.pair.key)]
        assert st.place == row.rank
        assert st.total == round(row.total, 2)
        assert st.percent == row.percent


# --- NZ Scorer (through scorer-to-usebio), edited Compscore3 files, refusals ---------------

NZ = REAL / "nzscorer_pairs.xml"
_NUMBER = re.compile(r"(?:\((\w+)\)\s*)?(\d+)")


def file_lines(
    path: Path, method: str = "mp"
) -> dict[tuple[str, int, int, int], tuple[float, float]]:
    """Each traveller line's NS and EW points by section, board and pair numbers (the
    section's name from ``SECTION_ID``, else ``A``), as the file gives them."""
    found = {}
    root = ET.parse(path).getroot()
    for holder in root.iter("SECTION") if root.find(".//SECTION") is not None else [root]:
        name = holder.get("SECTION_ID", "A")
        for board in holder.iter("BOARD"):
            for line in board.iter("TRAVELLER_LINE"):
                ns = _NUMBER.match(line.findtext("NS_PAIR_NUMBER", ""))
                ew = _NUMBER.match(line.findtext("EW_PAIR_NUMBER", ""))
                assert ns is not None
                assert ew is not None
                key = (name, int(board.findtext("BOARD_NUMBER", "")), int(ns[2]), int(ew[2]))
                found[key] = (float(line.findtext("NS_" + POINTS[method], "")),
                              float(line.findtext("EW_" + POINTS[method], "")))  # fmt: skip
    return found


def nz_place(rows: dict[tuple[str, Side | None, int], RankRow], key: tuple[str, Side | None, int],
             percent: dict[tuple[str, Side | None, int], float]) -> str:  # fmt: skip
    """scorer-to-usebio's place: 1 + the pairs of the same field (NS or EW with two winners)
    with a higher plain percentage, ties sharing the place, no ``=``."""
    return str(1 + sum(percent[k] > percent[key] for k in rows if k[1] is key[1]))


@pytest.mark.parametrize(
    "name", ["nzscorer_pairs", "nzscorer_pairs_with_np_passed", "nzscorer_handicap_pairs"]
)
def test_nzscorer_files_score_as_the_file_says(name: str) -> None:
    """Every traveller line's matchpoints (a top of 24, or 16) are bridgescore's, and every
    percentage: the file's ``PERCENTAGE`` is the plain one plus half the pair's ``HANDICAP``,
    its places rank the plain percentages (scorer-to-usebio works them out itself)."""
    path = REAL / f"{name}.xml"
    f = load(path)
    assert (f.program, f.version) == ("Scorer 140104020", "1.2")
    (scored,) = f.session.scored()
    given = file_lines(path)
    assert sum(len(lines) for lines in scored.travellers.values()) == len(given)
    for number, lines in scored.travellers.items():
        for line in lines:
            want = given[("A", number, line.result.ns, line.result.ew)]
            assert abs(line.ns_points - want[0]) <= 0.01, (number, line.result)
            assert abs(line.ew_points - want[1]) <= 0.01, (number, line.result)
    rows = by_pair([scored])
    percent = {k: round(r.percent or 0, 2) for k, r in rows.items()}
    handicapped = 0
    for st in f.standings:
        key = (st.section, *st.pair.key)
        assert st.percent is not None
        handicapped += st.handicap is not None
        assert abs(percent[key] + (st.handicap or 0) / 2 - st.percent) <= 0.011, st
        assert st.place == nz_place(rows, key, percent), st
    assert handicapped == (len(f.standings) if "handicap" in name else 0)


def test_nzscorer_np_line_scored_as_the_file_scores_it() -> None:
    """Board 19, NS 1 v EW 5: ``CONTRACT NP``, ``SCORE 0``. NZ Scorer matchpointed it as a
    score of 0 (NS 20 of 24: two scores above, ten below; its own file says ``mp_ns="200"``),
    counted it in the pairs' 26 boards; bridgescore reads it so (a passed-out board), with a
    warning naming the line. Without a ``SCORE`` the line is not played: no result."""
    f = load(REAL / "nzscorer_pairs_with_np_passed.xml")
    (warning,) = f.warnings
    assert "line 1, BOARD 19, TRAVELLER_LINE 10" in warning
    assert "NP" in warning
    (section,) = f.session.sections
    line = next(r for r in section.results if (r.board, r.ns, r.ew) == (19, 1, 5))
    assert line.result is not None
    assert line.result.is_pass_out
    assert line.score is None
    assert len([r for r in section.results if r.board == 19]) == 13
    text = (REAL / "nzscorer_pairs_with_np_passed.xml").read_text()
    cut = text.replace("<CONTRACT>NP</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS>"
                       "<SCORE>0</SCORE>", "<CONTRACT>NP</CONTRACT>")  # fmt: skip
    assert cut != text
    again = read(cut, source="np.xml")
    assert "not played" in again.warnings[0]
    assert len([r for r in again.session.sections[0].results if r.board == 19]) == 12
    rows = by_pair(again.session.scored())
    assert rows[("A", Side.NS, 1)].boards == 25


def test_nzscorer_several_sections_one_field() -> None:
    """Three sections (A and B Mitchells of 13 tables, C a Howell of 7), pair numbers
    ``(A) 5 NS`` and ``(C) 3``, ranked together (places 1 to 66): one field of 33 tables,
    each board matchpointed to a top of 64. bridgescore's traveller points are the file's to
    its tenth (NZ Scorer drops the hundredths: 34.13 is written 34.1); its pairs' totals are
    whole matchpoints that are not the sum of its own lines (pair (A) 5 NS: 1087 of 1664 in
    NZ Scorer's own file, its lines add up to 1088.5), so the percentages agree to 0.13, not
    0.01. Scored section by section they would be 6 % apart."""
    path = REAL / "nzscorer_multi_section_multi_movement_pairs.xml"
    f = load(path)
    s = f.session
    assert s.across_field
    assert [(x.name, x.kind, len(x.pairs)) for x in s.sections] == [
        ("A", "mitchell", 26), ("B", "mitchell", 26), ("C", "howell", 14)]  # fmt: skip
    assert s.section("C").pair(3).names == "p53_1 & p53_2"
    scored = s.scored()
    given = file_lines(path)
    for x in scored:
        for number, lines in x.travellers.items():
            for line in lines:
                ns, ew = given[(x.section.name, number, line.result.ns, line.result.ew)]
                if line.result.artificial is not None:  # 60 % of 64 is 38.4
                    assert (line.ns_points, line.ew_points) == (ns, ew)
                    continue
                assert math.floor(10 * line.ns_points + 1e-6) / 10 == ns, (number, line.result)
                assert math.floor(10 * line.ew_points + 1e-6) / 10 == ew, (number, line.result)
    rows = by_pair(scored)
    apart = by_pair(dataclasses.replace(s, across_field=False).scored())
    gaps = [abs((rows[(st.section, *st.pair.key)].percent or 0) - (st.percent or 0))
            for st in f.standings]  # fmt: skip
    assert len(gaps) == 66
    assert max(gaps) <= 0.13
    assert max(abs((apart[(st.section, *st.pair.key)].percent or 0) - (st.percent or 0))
               for st in f.standings) > 5  # fmt: skip
    assert max(int(st.place) for st in f.standings) == 66


def test_nzscorer_howell_with_a_phantom() -> None:
    """A Howell of 11 pairs and a phantom (6 tables, each board played 5 times). NZ Scorer
    Neuberg-scales each board to the 6 tables' top of 10 (a bottom is 0.2); bridgescore scores
    to the tables that played it (a top of 8), so on boards 4-27 the file's points are
    bridgescore's results matchpointed with ``expected=6``, and the percentages, which the
    scaling hardly moves, are the file's to 0.01 for 9 of the 11 pairs. Boards 1-3 carry a
    sixth comparison (a result against the phantom that scorer-to-usebio leaves out: its
    ``read_boards`` drops a phantom's line): pairs 4 and 8, who played them against each
    other, are 1.04 % apart."""
    path = REAL / "nzscorer_three_quarter_howell_with_phantom.xml"
    f = load(path)
    (scored,) = f.session.scored()
    given = file_lines(path)
    for number, lines in scored.travellers.items():
        scores = [line.ns_score for line in lines]
        sixth = [round(x, 1) for x in matchpoints(scores, expected=6)]
        file_ns = [given[("A", number, x.result.ns, x.result.ew)][0] for x in lines]
        assert (file_ns == sixth) is (number > 3), number
    rows = by_pair([scored])
    apart = {
        st.pair.number
        for st in f.standings
        if abs((rows[(st.section, *st.pair.key)].percent or 0) - (st.percent or 0)) > 0.01
    }
    assert apart == {4, 8}


@pytest.mark.parametrize(
    ("stem", "odd"),
    [
        ("compscore3_mp_pairs_mitchell_02", {1, 4}),
        ("compscore3_mp_pairs_mitchell_adjusted_02", {4}),
    ],
)
def test_compscore_files_edited_after_scoring(stem: str, odd: set[int]) -> None:
    """Two of MyABF's Compscore3 files were changed after Compscore scored them (MyABF's tests
    of adjusted scores; ``mp_pairs_mitchell_adjusted.xml`` is ``mitchell_02``'s bytes): board
    3's ``A5050`` carries 23 and 11 matchpoints of 40 (bridgescore: 20 and 20, average to
    both, §5.3); in ``mitchell_02`` board 1's points are not its contracts' and the
    percentages are not its own lines' points; in both, one line of board 4 has its points
    swapped (21-19 where bridgescore has 19-21). Every line of every
    other board without an artificial score is bridgescore's; not counted as a program's file."""
    path = REAL / f"{stem}.xml"
    f = load(path)
    scored = f.session.scored()
    given = file_points(path, "mp")
    artificial = {n for n, lines in scored[0].travellers.items()
                  if any(x.result.artificial is not None for x in lines)}  # fmt: skip
    differ = set()
    for number, lines in scored[0].travellers.items():
        for line in lines:
            want = given[(number, f"{line.result.ns}NS", f"{line.result.ew}EW")]
            if (number, line.result.ns) == (3, 1):
                assert want == (23.0, 11.0)
                assert (line.ns_points, line.ew_points) == (20.0, 20.0)
            elif number not in artificial and (line.ns_points, line.ew_points) != want:
                differ.add(number)
    assert differ == odd
    own: dict[str, list[float]] = {}
    for (_, ns, ew), (a, b) in given.items():
        own.setdefault(ns, []).append(a / 40)
        own.setdefault(ew, []).append(b / 40)
    label = {Side.NS: "NS", Side.EW: "EW", None: ""}
    consistent = all(
        abs(100 * sum(own[f"{st.pair.number}{label[st.pair.side]}"]) / 27 - (st.percent or 0))
        < 0.015
        for st in f.standings
    )
    assert consistent is ("adjusted" in stem)


def test_event_type_no_standard_names_is_refused() -> None:
    """MyABF's ``notsupported.xml`` (its Compscore3 Butler Mitchell with ``EVENT_TYPE``
    ``NOTSUP``): no event type of USEBIO's, refused naming the file, line and value."""
    with pytest.raises(UsebioError) as caught:
        load(REFUSED)
    assert (caught.value.field, caught.value.value, caught.value.line) == (
        "EVENT_TYPE",
        "NOTSUP",
        8,
    )
    assert str(caught.value).startswith("compscore3_notsupported.xml, line 8:")
