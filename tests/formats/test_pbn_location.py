"""PBN errors name the place and the input: the file and line (:class:`Location`), and the tag
or column the problem is in with the text found there (``field`` and ``value``)."""

from __future__ import annotations

import pytest

from bridgescore import PbnError
from bridgescore.pbn import read, read_match
from bridgescore.pbn._location import Location
from tests.conftest import DATA


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        (Location("club.pbn", 12), "club.pbn, line 12: bad"),
        (Location("club.pbn"), "club.pbn: bad"),  # line 0: not known
        (Location(), "<text>: bad"),
    ],
    ids=["line", "no-line", "no-file"],
)
def test_location_names_the_file_and_the_line(location: Location, expected: str) -> None:
    with pytest.raises(PbnError) as caught:
        location.fail("bad", field="Board", value="x")
    assert str(caught.value) == expected
    assert caught.value.line == (location.line or None)
    assert (caught.value.source, caught.value.field, caught.value.value) == (
        location.source, "Board", "x",
    )  # fmt: skip


def test_at_moves_to_another_line_of_the_same_file() -> None:
    assert Location("a.pbn", 3).at(7) == Location("a.pbn", 7)


TABLE = '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'


@pytest.mark.parametrize(
    ("text", "line", "field", "value"),
    [
        ('[Board "x"]', 1, "Board", "x"),
        ('[Board "1"]\n[Dealer "Q"]', 2, "Dealer", "Q"),
        ('[Board "1"]\n[Vulnerable "Red"]', 2, "Vulnerable", "Red"),
        ('[Board "1"]\n[Movement "Swiss"]', 2, "Movement", "Swiss"),
        ('[Board "1"]\n[Scoring "IMP;Butler-3"]', 2, "Scoring", "Butler-3"),
        ('[Board "1"]\n[Scoring "MP;Artificial=1/0,50,40,3"]', 2, "Scoring",
         "Artificial=1/0,50,40,3"),
        ('[Board "1"]\n[Scoring "MP;Artificial=1.5/2,50,40,3"]', 2, "Scoring",
         "Artificial=1.5/2,50,40,3"),
        ('[Board "1"][Contract "4Z"][Declarer "S"][Result "10"]', 1, "Contract", "4Z"),
        ('[Board "1"][Contract "4S"]\n[Declarer "Q"][Result "10"]', 2, "Declarer", "Q"),
        ('[Board "1"][Contract "4S"][Declarer "S"]\n[Result "four"]', 2, "Result", "four"),
        ('[Board "1"][Contract "4S"][Declarer "S"][Result "10"]\n[Score "lots"]', 2, "Score",
         "lots"),
        ('[Board "1"][Contract "4S"][Declarer "S"][Result "10"][PairNS "1"][PairEW "1"]'
         '[Round "x"]', 1, "Round", "x"),
        (TABLE + "1 2 4S N 10 lots", 3, "Score_NS", "lots"),
        (TABLE + "1 B2 4S N 10 420", 3, "PairId_EW", "B2"),
        (TABLE + "1 2 4S N 10", 3, "ScoreTable", "1 2 4S N 10"),
        ('[Board "1"]\n[ScoreTable "PairId_NS;Score\\\\x"]', 2, "ScoreTable", "Score\\x"),
        ('[Board "1"][North "Ann"][South "Bob"][East "Cy"][West "?"][Contract "4S"]\n'
         '[Declarer "S"][Result "10"]', 1, "West", "?"),
        ('[Board "1"] 4S by S', 1, "Board", "4S by S"),
        ('[Board "1"]\n[Dealer "#"]', 2, "Dealer", "#"),
    ],
    ids=["board", "dealer", "vulnerable", "movement", "scoring", "zero-denominator",
         "decimal-fraction", "contract", "declarer", "result", "score", "round", "score-column",
         "pair-column", "short-row", "column-spec", "unnamed-pair", "data-after-tag", "inherit"],
)  # fmt: skip
def test_errors_name_the_tag_or_column_and_quote_its_value(
    text: str, line: int, field: str, value: str
) -> None:
    with pytest.raises(PbnError) as caught:
        read(text, source="t.pbn")
    assert (caught.value.line, caught.value.field, caught.value.value) == (line, field, value)
    assert str(caught.value).startswith(f"t.pbn, line {line}: ")


def test_a_match_error_names_its_tag() -> None:
    text = (DATA / "match.pbn").read_text(encoding="utf-8").replace('"Closed"', '"Lounge"', 1)
    with pytest.raises(PbnError) as caught:
        read_match(text, source="match.pbn")
    assert (caught.value.field, caught.value.value) == ("Room", "Lounge")
