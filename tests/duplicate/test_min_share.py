"""A minimum share of boards for a ranking (issue 32, item 5): decided in the section's
ranking, shown by every output, off unless set."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import pbn, usebio
from bridgescore.club.mail import scorecard_text
from bridgescore.duplicate.session import (
    NOT_RANKED,
    BoardResult,
    RankRow,
    Section,
    Session,
    SessionError,
    csv_text,
    rank_to_dict,
    read_share,
    session_from_dict,
    session_to_dict,
)
from bridgescore.model import Result
from bridgescore.paper import results_pdf

WRONIE = (
    Path(__file__).parents[1]
    / "data"
    / "real"
    / "pbntools"
    / "wronie_9533_pairs_2720_przyjaciele_wronia.pbn"
)


@pytest.fixture(scope="module")
def wronie() -> Session:
    return pbn.read(pbn.decode(WRONIE.read_bytes()), source=WRONIE.name)


def test_the_issues_pair_is_first_without_the_setting(wronie: Session) -> None:
    rows = wronie.scored()[0].rankings[None]
    first = rows[0]
    assert (first.rank, first.pair.names, first.percent, first.boards) == (
        "1", "robkar65 & biew", 70.64, 5)  # fmt: skip
    assert max(r.boards for r in rows) == 18
    assert all(r.ranked for r in rows)


def test_with_half_the_boards_the_pair_is_not_ranked_and_the_others_rank_from_one(
    wronie: Session,
) -> None:
    before = wronie.scored()[0].rankings[None]
    rows = replace(wronie, min_share=Fraction(1, 2)).scored()[0].rankings[None]
    short = {r.pair.number for r in before if r.boards < 9}
    assert short
    assert 85 in short
    ranked = [r for r in rows if r.ranked]
    unranked = [r for r in rows if not r.ranked]
    assert rows == ranked + unranked  # listed after the ranked pairs
    assert {r.pair.number for r in unranked} == short
    assert [r.pair.number for r in ranked] == [r.pair.number for r in before
                                               if r.pair.number not in short]  # fmt: skip
    assert (ranked[0].rank, ranked[0].pair.names) == ("1", "zibi9 & Krol")
    issue = next(r for r in unranked if r.pair.number == 85)
    assert (issue.rank, issue.place, issue.percent, issue.boards) == ("", NOT_RANKED, 70.64, 5)
    # the same order among the unranked as by percentage
    assert [r.percent for r in unranked] == sorted((r.percent or 0 for r in unranked),
                                                   reverse=True)  # fmt: skip


def test_every_output_shows_the_unranked_pair(wronie: Session) -> None:
    session = replace(wronie, min_share=Fraction(1, 2))
    scored = session.scored()
    table = csv.reader(io.StringIO(csv_text(scored, session)))
    lines = {row[3]: row for row in table if row[:2] == ["A", "all"]}
    assert lines["85"][2] == NOT_RANKED
    assert lines["85"][6] == "70.64"
    assert lines["45"][2] == "1"
    data = rank_to_dict(scored[0].rankings[None][-1])
    assert data["ranked"] is False
    assert data["rank"] == ""
    assert "ranked" not in rank_to_dict(scored[0].rankings[None][0])
    xml = ET.fromstring(usebio.write(session, scored))
    pairs = {p.findtext("PAIR_NUMBER"): p for p in xml.iter("PAIR")}
    assert pairs["85"].find("PLACE") is None
    assert pairs["85"].findtext("PERCENTAGE") == "70.64"
    assert pairs["45"].findtext("PLACE") == "1"
    written = pbn.write(session)
    table_lines = written.split("[TotalScoreTable")[1].split("\r\n")
    row85 = next(line.split() for line in table_lines if line.split()[1:2] == ["85"])
    assert row85[0] == "-"
    assert "70.64" in row85


def test_off_by_default_and_kept_in_the_definition(wronie: Session) -> None:
    assert "min_share" not in session_to_dict(wronie)
    kept = session_from_dict(session_to_dict(replace(wronie, min_share=Fraction(2, 3))))
    assert kept.min_share == Fraction(2, 3)
    with pytest.raises(SessionError) as err:
        replace(wronie, min_share=Fraction(3, 2))
    assert err.value.field == "min_share"


@pytest.mark.parametrize(
    ("text", "share"),
    [("70%", Fraction(7, 10)), ("0.7", Fraction(7, 10)), ("2/3", Fraction(2, 3)),
     ("100%", Fraction(1)), ("1", Fraction(1)), (" 12.5 % ", Fraction(1, 8))],
)  # fmt: skip
def test_a_share_as_typed(text: str, share: Fraction) -> None:
    assert read_share(text) == share


@pytest.mark.parametrize("text", ["0", "0%", "70", "150%", "1/0", "3/2", "", "half", "7e-1",
                                  "0." + "1" * 5000])  # fmt: skip
def test_a_share_that_is_not_one_is_refused_naming_the_field(text: str) -> None:
    with pytest.raises(SessionError) as err:
        read_share(text)
    assert err.value.field == "min_share"
    assert len(str(err.value)) < 200


CONTRACTS = ["4SN=", "4SN+1", "4SN-1", "3NTS=", "2HE=", "1NTW-2", "6SN="]


@st.composite
def sections(draw: st.DrawFn) -> Section:
    """A Mitchell section whose pairs each play a random subset of the boards."""
    pairs = draw(st.integers(2, 6))
    boards = draw(st.integers(1, 8))
    results = []
    for board in range(1, boards + 1):
        ew = draw(st.permutations(range(1, pairs + 1)))
        for ns in range(1, pairs + 1):
            if draw(st.booleans()):
                text = draw(st.sampled_from(CONTRACTS))
                results.append(BoardResult(board, ns, ew[ns - 1], Result.parse(text)))
    return Section("A", "mitchell", results=results)


@settings(max_examples=60, deadline=None)
@given(sections(), st.fractions(min_value=Fraction(1, 20), max_value=1))
def test_ranks_are_dense_among_the_ranked_and_the_unranked_are_those_below_the_share(
    section: Section, share: Fraction
) -> None:
    plain = Session((section,)).scored()[0]
    scored = Session((section,), min_share=share).scored()[0]
    most = max((p.boards for p in scored.pairs.values()), default=0)
    for field, rows in scored.rankings.items():
        ranked = [r for r in rows if r.ranked]
        assert rows[: len(ranked)] == ranked  # the ranked pairs first
        below = {p.pair.key for p in scored.pairs.values() if p.pair.side is field
                 and p.boards < share * most}  # fmt: skip
        assert {r.pair.key for r in rows if not r.ranked} == below
        assert all(r.rank == "" and r.place == NOT_RANKED for r in rows if not r.ranked)
        places = [int(r.rank.rstrip("=")) for r in ranked]

        def key(r: RankRow) -> float:
            return -1.0 if r.percent is None else r.percent

        for r, place in zip(ranked, places, strict=True):  # 1 + the pairs ranked above it
            assert place == 1 + sum(1 for x in ranked if key(x) > key(r))
        assert not places or (places[0] == 1 and max(places) <= len(ranked))
        # the same pairs, in the same order, with the same figures as without the setting
        assert [(r.pair, r.total, r.percent, r.boards) for r in rows] == sorted(
            ((r.pair, r.total, r.percent, r.boards) for r in plain.rankings[field]),
            key=lambda x: x[0].key not in {r.pair.key for r in ranked},
        )


def test_the_results_sheet_and_the_letter_say_not_ranked(wronie: Session) -> None:
    session = replace(wronie, min_share=Fraction(1, 2))
    scored = session.scored()
    assert shutil.which("pdftotext"), "no pdftotext: apt-get install poppler-utils (.ci/run does)"
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=results_pdf(session, scored),
                          capture_output=True, check=True).stdout.decode()  # fmt: skip
    line = next(x for x in text.splitlines() if "robkar65 & biew" in x)
    assert line.split()[:3] == ["not", "ranked", "85"]
    assert line.split()[-1] == "70.64%"
    section = scored[0]
    short, first = section.section.pair(85), section.section.pair(45)
    ranked = sum(r.ranked for r in section.rankings[None])
    own = section.pairs[short.key]
    assert scorecard_text(section, short).splitlines()[0].endswith(
        f": not ranked, {own.total:.2f} matchpoints of {own.top} (70.64%)")  # fmt: skip
    assert f": place 1 of {ranked}, " in scorecard_text(section, first).splitlines()[0]
