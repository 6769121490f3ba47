"""The evening's PDFs in the reader's language (issue 35): the results sheet in French, the
hand records and the traveller slips and table cards in German, their words from the
catalogues and their numbers and dates in the language's forms; the longest words of every
language keep to their columns (read back with ``pdftotext -bbox``); the web serves the PDF in
the request's language."""

from __future__ import annotations

import html
import itertools
import re
import shutil
import subprocess
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from bridgescore import Result, pbn
from bridgescore.boards.hand_record import HandRecord
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.movement.individual import individual
from bridgescore.duplicate.movement.report import cards
from bridgescore.duplicate.session import (
    BoardResult,
    Individual,
    Section,
    Session,
    notes_of,
    score_session,
    with_withdrawal,
)
from bridgescore.locale import LANGUAGES, gettext, use
from bridgescore.paper import cards_pdf, hand_records_pdf, results_pdf, slips_pdf
from bridgescore.paper.sheets import SLIP_WIDTHS
from tests.conftest import DATA
from tests.helpers import text_of
from tests.helpers import upload_pbn as upload

WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
)


def session() -> Session:
    read = pbn.read((DATA / "mitchell3.pbn").read_text())
    assert isinstance(read, Session)
    return replace(read, tags={**read.tags, "Club": "Deepdene BC", "Director": "Pat Lee"})


def words(pdf: bytes) -> list[tuple[float, float, float, str]]:
    """Each word of the PDF's first page: left, top, right, text."""
    if shutil.which("pdftotext") is None:
        pytest.fail("no pdftotext: apt-get install poppler-utils (.ci/run does)")
    done = subprocess.run(["pdftotext", "-bbox", "-l", "1", "-", "-"], input=pdf,
                          capture_output=True, check=True)  # fmt: skip
    page = done.stdout.decode().split("</page>")[0]
    return [(float(a), float(b), float(c), html.unescape(d)) for a, b, c, d in WORD.findall(page)]


def line_of(found: list[tuple[float, float, float, str]], first: str) -> list[tuple[float, float]]:
    """The left and right of each word on the line that ``first`` begins, left to right."""
    top = next(t for _, t, _, w in found if w == first)
    return sorted((left, right) for left, t, right, _ in found if abs(t - top) < 3)


def test_the_results_sheet_in_french() -> None:
    s = session()
    room = Session((with_withdrawal(Section.from_movement(mitchell(3, 2)), "EW 1", 2),))
    with use("fr"):
        text = text_of(results_pdf(s, score_session(s)))
        noted = text_of(results_pdf(room, score_session(room), notes_of(room, gettext)))
    english = text_of(results_pdf(s, score_session(s)))
    assert "Deepdene BC · 12 mars 2024 · Arbitre : Pat Lee" in text
    assert "Section A · Nord-Sud" in text
    assert "Section B · Est-Ouest" in text
    head = next(line for line in text.splitlines() if line.startswith("Rang"))
    assert head.split() == ["Rang", "Paire", "Noms", "Points", "de", "match", "Pourcentage"]
    assert "EO 1: retirée après le tour 1" in noted  # the core's note and the label, in French
    assert notes_of(room) == {("A", "EW 1"): "withdrew after round 1"}  # English by default
    percentages = re.findall(r"\d+,\d\d\s%", text)  # a decimal comma, a space before %
    assert len(percentages) == len(re.findall(r"\d+\.\d\d%", english)) > 0
    assert "8,67" in text
    assert "8.67" in english
    assert "Director: Pat Lee" in english
    assert "Director" not in text


def test_the_individual_sheet_in_german() -> None:
    one = Individual(individual(8, 1, rounds=4), {1: "Ann"})
    played = [BoardResult(1, 1, 2, Result.parse("3NTN="), round=1, table=1),
              BoardResult(1, 3, 4, Result.parse("3NTN-1"), round=1, table=2)]  # fmt: skip
    s = Session((one.section().with_results(played),), individual=one, event="Einzel",
                date="2026.12.02")  # fmt: skip
    with use("de"):
        text = text_of(results_pdf(s, score_session(s)))
    assert text.startswith("Einzel\n2. Dezember 2026\n")
    head = next(line for line in text.splitlines() if line.startswith("Platz"))
    assert head.split() == ["Platz", "Spieler", "Namen", "Matchpunkte", "Prozent"]
    assert re.search(r"^1=\s+1\s+Ann\s+2\s+100,00\s%$", text, re.MULTILINE)
    assert len(re.findall(r"\d+,00\s%", text)) == 8  # every player, a decimal comma


def test_the_hand_records_in_german() -> None:
    board = next(b for b in session().sections[0].boards if b.deal is not None)
    record = HandRecord.of(board, tuple((11, 10, 11, 9, 11) for _ in range(4)))
    assert record is not None
    with use("de"):
        text = text_of(hand_records_pdf([record], 1, "Frühling"))
    assert "Teiler Nord" in text
    assert "Gefahr: Keiner" in text
    assert "Double Dummy" in text
    for seat in ("Nord", "Ost", "Süd", "West"):
        assert seat in text
    rows = [
        line.split()[0] for line in text.splitlines() if re.fullmatch(r"\s*[NSOW]( +\d+){5}", line)
    ]
    assert rows == ["N", "S", "O", "W"]  # the declarers of the double-dummy table: Ost is O
    assert "SA" in text
    assert " NT " not in text
    assert "Vul" not in text
    assert "Dealer" not in text


def test_the_slips_and_cards_in_german() -> None:
    m = mitchell(7, 3)
    with use("de"):
        slips = text_of(slips_pdf(m, "Montag"))
        table_cards = text_of(cards_pdf(cards(m), "Montag")).replace("\f", "\n")
    header = next(line for line in slips.splitlines() if line.startswith("Runde"))
    assert header.split() == ["Runde", "NS", "OW", "Kontrakt", "Von", "Ausspiel", "Stiche",
                              "Ergebnis", "NS", "Ergebnis", "OW"]  # fmt: skip
    assert [int(n) for n in re.findall(r"Board (\d+)", slips)] == list(range(1, 22))
    assert re.findall(r"^Tisch (\d+)$", table_cards, re.MULTILINE) == [str(t) for t in range(1, 8)]
    head = next(line for line in table_cards.splitlines() if line.startswith("Runde"))
    assert head.split() == ["Runde", "NS", "OW", "Boards", "NS", "danach", "OW", "danach",
                            "Boards", "danach"]  # fmt: skip
    assert "Table 1" not in table_cards


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_longest_words_keep_to_their_columns(language: str) -> None:
    """The results sheet's and the slips' headings, in every language: no word runs into the
    next one, a slip's heading stays in its cell."""
    s = session()
    with use(language):
        results = words(results_pdf(s, score_session(s)))
        slips = words(slips_pdf(mitchell(3, 2)))
        first, heading = gettext("Rank").split()[0], gettext("Round").split()[0]
    boxes = line_of(results, first)
    assert len(boxes) >= 5
    assert all(right < after for (_, right), (after, _) in itertools.pairwise(boxes))
    assert boxes[-1][1] <= 595 - 50 + 1  # within the right margin
    top = next(t for _, t, _, w in slips if w == heading)
    left = min(x for x, t, _, _ in slips if abs(t - top) < 3) - 3  # a cell's text: 3 points in
    cells = [left + sum(SLIP_WIDTHS[:i]) for i in range(len(SLIP_WIDTHS) + 1)]
    for left, t, right, word in slips:
        if abs(t - top) < 3:  # the heading's line
            cell = max(i for i, x in enumerate(cells) if x <= left)
            assert right <= cells[cell + 1], (word, right, cells[cell + 1])


def test_the_web_serves_the_sheet_in_the_requests_language(client: TestClient) -> None:
    game = upload(client, "mitchell3.pbn")
    french = client.get(f"/api/sessions/{game}/paper/results.pdf",
                        headers={"Accept-Language": "fr"})  # fmt: skip
    assert french.status_code == 200, french.text
    text = text_of(french.content)
    assert text.startswith("Spring Pairs\nRiverside Bridge Club · 12 mars 2024")
    assert "8,67" in text
    assert "Pourcentage" in text
    english = text_of(client.get(f"/api/sessions/{game}/paper/results.pdf").content)
    assert english.startswith("Spring Pairs\nRiverside Bridge Club · 12 March 2024")
    hands = client.get(f"/api/sessions/{game}/paper/hand-records.pdf",
                       headers={"Accept-Language": "de"})  # fmt: skip
    assert "Teiler" in text_of(hands.content)
    page = client.get(f"/session/{game}", headers={"Accept-Language": "fr"}).text
    assert "Riverside Bridge Club · 12 mars 2024" in page  # the page's heading, as the sheet's
