"""The pair labels, the cards' ranks and the par line in the reader's language (issue 35):
``locale.pair_label``, ``side_word``, ``ranks_text`` and ``par_text``, one row a language, and
the places that print them (a traveller slip, a hand record's PDF, a letter) while what a
program reads (the movement's labels, the core's par notation) stays as it was."""

from __future__ import annotations

import pytest

from bridgescore import Seat, locale, par
from bridgescore.boards.par import ParContract
from bridgescore.duplicate.movement import mitchell
from bridgescore.paper.sheets import slip_rows

# language: (NS 1, EW 2, the honours A K Q J, notrump, the seats N E S W as initials)
WORDS = {
    "en": ("NS 1", "EW 2", "AKQJ", "NT", "NESW"),
    "fr": ("NS 1", "EO 2", "ARDV", "SA", "NESO"),
    "nl": ("NZ 1", "OW 2", "AHVB", "SA", "NOZW"),
    "pl": ("NS 1", "EW 2", "AKDW", "BA", "NESW"),
    "de": ("NS 1", "OW 2", "AKDB", "SA", "NOSW"),
    "it": ("NS 1", "EO 2", "AKQJ", "SA", "NESO"),
    "es": ("NS 1", "EO 2", "AKQJ", "ST", "NESO"),
}
# Where each federation's players were checked: docs/languages.md, "Pair labels, ranks, par".

# North-South make 4 hearts (420 vulnerable); not vulnerable, East-West's sacrifice in 5 clubs
# doubled, two down, is par (300).
TABLE = [(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)]


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_words_of_each_language(language: str) -> None:
    ns, ew, honours, notrump, seats = WORDS[language]
    with locale.use(language):
        assert locale.pair_label("NS 1") == ns
        assert locale.pair_label("EW 2") == ew
        assert locale.pair_label("B EW 2") == f"B {ew}"  # a section's name first
        assert locale.pair_label("7") == "7"  # a Howell's pair
        assert locale.pair_label("EW") == "EW"  # not a label: as given
        assert locale.side_word("EW") == ew.split()[0]
        assert locale.ranks_text("AKQJT32") == f"{honours}T32"
        assert locale.ranks_text("KJT", ten="10", between=" ") == f"{honours[1]} {honours[3]} 10"
        assert locale.seat_letter("E") + locale.seat_letter("W") == seats[1] + seats[3]
        found = par(TABLE, "EW", dealer=Seat.NORTH)
        said = locale.par_text(found)
        assert locale.gettext("NT") == notrump
        sacrifice = par(TABLE, "None", dealer=Seat.NORTH)
        sacrificed = locale.par_text(sacrifice)
        slam = locale.par_text(type(found)(1440, (ParContract.parse("6NTNS"),)))
    if language == "en":  # the core's notation, as every English page printed it
        assert (said, slam, sacrificed) == (str(found), "NS 1440: 6NTNS", str(sacrifice))
        assert sacrificed == "NS 300: 5CXEW-2"
        return
    side = ns.split()[0]  # the par's score is North-South's
    assert said == f"{side} 420: 4\u2665{seats[0]}{seats[2]}"
    assert slam == f"{side} 1440: 6{notrump}{seats[0]}{seats[2]}"
    assert sacrificed == f"{side} 300: 5\u2663X{seats[1]}{seats[3]}-2"  # EW's sacrifice


def test_a_passed_out_par_and_no_par() -> None:
    passed = par([(0,) * 5] * 4, "None", dealer=Seat.NORTH)
    assert locale.par_text(passed) == str(passed) == "pass"
    with locale.use("fr"):
        assert locale.par_text(passed) == "Passe"
        assert locale.par_text(None) == "\u2014"


def test_a_slip_says_the_labels_and_the_movement_keeps_them() -> None:
    m = mitchell(3, 2)
    with locale.use("de"):
        rows = slip_rows(m, 1)
    assert rows == [("1", "NS 1", "OW 1"), ("2", "NS 3", "OW 2"), ("3", "NS 2", "OW 3")]
    assert "EW 1" in m.pairs
    assert not any("OW" in p for p in m.pairs)


def test_a_label_of_hostile_length_is_read_in_linear_time() -> None:
    long = "EW " + "9" * 200_000
    with locale.use("de"):
        assert locale.pair_label(long) == "OW " + "9" * 200_000
        assert locale.pair_label(" " * 100_000) == " " * 100_000
        assert locale.ranks_text("Q" * 100_000) == "D" * 100_000
