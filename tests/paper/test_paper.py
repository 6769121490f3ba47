"""The evening's PDFs (:mod:`bridgescore.paper`), read back with poppler's ``pdftotext`` and
``pdfinfo``: the hand records 1, 2 and 4 boards a page, the results sheet's heading, its
matchpoints and percentages to two decimals, and the pairs' notes."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace

import pytest

from bridgescore import pbn
from bridgescore.boards.hand_record import HandRecord
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.movement.report import boards_next, cards
from bridgescore.duplicate.session import Session, score_session
from bridgescore.errors import SessionError
from bridgescore.paper import cards_pdf, hand_records_pdf, results_pdf, slips_pdf
from tests.conftest import DATA


def poppler(tool: str, pdf: bytes, *args: str) -> str:
    """What a poppler tool says of the PDF (never skipped: .ci/run installs poppler-utils)."""
    if shutil.which(tool) is None:
        pytest.fail(f"no {tool}: apt-get install poppler-utils (.ci/run does)")
    done = subprocess.run([tool, *args, "-", "-"] if tool == "pdftotext" else [tool, "-"],
                          input=pdf, capture_output=True, check=True)  # fmt: skip
    return done.stdout.decode()


def pages(pdf: bytes) -> int:
    found = re.search(r"^Pages:\s+(\d+)$", poppler("pdfinfo", pdf), re.MULTILINE)
    assert found is not None
    return int(found[1])


def session() -> Session:
    read = pbn.read((DATA / "mitchell3.pbn").read_text())
    assert isinstance(read, Session)
    return read


def records(n: int) -> list[HandRecord]:
    board = next(b for b in session().sections[0].boards if b.deal is not None)
    table = tuple((11, 10, 11, 9, 11) for _ in range(4))  # made up: the PDF only shows it
    first = HandRecord.of(board, table)
    assert first is not None
    return [replace(first, board=replace(board, number=k)) for k in range(1, n + 1)]


@pytest.mark.parametrize(("per_page", "expected"), [(1, 5), (2, 3), (4, 2)])
def test_hand_records_per_page(per_page: int, expected: int) -> None:
    pdf = hand_records_pdf(records(5), per_page, "Spring Pairs")
    assert pages(pdf) == expected
    text = poppler("pdftotext", pdf, "-layout")
    assert [int(n) for n in re.findall(r"Board (\d+)", text)] == [1, 2, 3, 4, 5]
    for word in ("Dealer North", "Vul None", "North", "East", "South", "West", "Double dummy"):
        assert word in text
    assert "♠A K 7 3" in text.replace("♠ ", "♠")  # the suit symbols are text, not letters
    assert "Par: NS" in text
    assert text.count("NT") >= 5


def test_hand_records_refuse() -> None:
    with pytest.raises(SessionError, match="per_page must be 1, 2 or 4"):
        hand_records_pdf(records(1), 3)
    with pytest.raises(SessionError, match="no board has a deal"):
        hand_records_pdf([], 2)


def test_the_results_sheet() -> None:
    s = replace(session(), tags={**session().tags, "Club": "Deepdene BC", "Director": "Pat Lee"})
    scored = score_session(s)
    notes = {("A", "NS 2"): "withdrew after round 3", ("B", "EW 1"): "joined late, from round 2"}
    text = poppler("pdftotext", results_pdf(s, scored, notes), "-layout")
    head = text.split("Section A")[0]
    # the results page's heading (duplicate.session.heading): the event, then one line
    assert "Spring Pairs" in head
    assert "Deepdene BC · 12 March 2024 · Director: Pat Lee" in head
    assert "NS 2: withdrew after round 3" in text.split("Section A · East-West")[0]
    assert "EW 1: joined late, from round 2" in text.split("Section B · East-West")[1]
    assert text.count("withdrew") == 1  # the note is under its own section's field only
    percentages = re.findall(r"\d+\.\d+%", text)
    assert percentages
    assert all(re.fullmatch(r"\d+\.\d\d%", p) for p in percentages)
    assert "8.67" in text  # matchpoints to two decimals, never 8.666…
    assert "1.33" in text
    assert not re.search(r"\d\.\d{3}", text)


def test_traveller_slips() -> None:
    m = mitchell(7, 3)
    pdf = slips_pdf(m, "Monday pairs")
    text = poppler("pdftotext", pdf, "-layout")
    assert [int(n) for n in re.findall(r"Board (\d+)", text)] == list(range(1, 22))
    assert pages(pdf) == 6  # four slips of seven rounds a page
    header = next(line for line in text.splitlines() if line.startswith("Round"))
    assert header.split() == ["Round", "NS", "EW", "Contract", "By", "Lead", "Tricks", "NS",
                              "score", "EW", "score"]  # fmt: skip
    board_4 = text.split("Board 4")[1].split("Board 5")[0]
    rows = [line.split() for line in board_4.splitlines() if re.match(r"\d ", line)]
    assert rows == [[str(r), "NS", ns, "EW", ew] for r, ns, ew in
                    [(r, p.ns.split()[1], p.ew.split()[1]) for r, p in
                     sorted((p.round, p) for p in m.plays if 4 in p.boards)]]  # fmt: skip


def test_table_cards() -> None:
    m = mitchell(7, 3)
    pdf = cards_pdf(cards(m), "Monday pairs")
    assert pages(pdf) == 4  # two cards a page
    text = poppler("pdftotext", pdf, "-layout").replace("\f", "\n")  # a form feed a page
    assert [int(n) for n in re.findall(r"^Table (\d+)$", text, re.MULTILINE)] == list(range(1, 8))
    table_2 = text.split("Table 2\n")[1].split("Table 3\n")[0]
    first = next(line for line in table_2.splitlines() if line.startswith("1 "))
    assert first.split() == ["1", "NS", "2", "EW", "2", "4-6", "table", "2", "NS", "table", "3",
                             "EW", "table", "1"]  # fmt: skip
    assert boards_next(m)[1, 2] == "table 1"  # what the card says is the movement's
