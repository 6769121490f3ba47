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
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgescore.duplicate import matchpoints, matchpoints_ew
from bridgescore.duplicate.session import RankRow, SectionScores, Session
from bridgescore.model import Side
from bridgescore.usebio import UsebioFile, read, write
from tests.conftest import DATA

REAL = DATA / "real" / "usebio"
COMPSCORE = sorted(REAL.glob("compscore3_*.xml"))
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


@pytest.mark.parametrize("path", sorted(REAL.glob("*.xml")), ids=lambda p: p.stem)
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
    after = by_pair(compscore_conventions(again.session).scored())
    assert {k: (r.rank, r.total, r.percent) for k, r in after.items()} == {
        k: (r.rank, r.total, r.percent) for k, r in before.items()}  # fmt: skip
    for st in again.standings:
        row = before[(st.section, *st.pair.key)]
        assert st.place == row.rank
        assert st.total == round(row.total, 2)
        assert st.percent == row.percent
