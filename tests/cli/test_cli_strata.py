"""``bridgescore session score --strata --holdings`` (SCORING.md §28) on a real CompScore3
USEBIO file whose players carry national numbers: each stratum ranked in the JSON and the
tables, the options' mistakes refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import DATA, run

HOWELL = str(DATA / "real" / "usebio" / "compscore3_mp_pairs_howell.xml")
# Pair 6 (60.22 %): 870153 and 922821; pair 7 (59.48 %): 864358, 706043; pair 2 (58.07 %):
# 301418, 381721; the other pairs' players are not in the list, so they play in A only.
HOLDINGS = (
    "number,masterpoints\n870153,1250\n922821,40\n864358,700\n706043,20\n301418,150\n381721,100\n"
)


@pytest.fixture
def holdings(tmp_path: Path) -> str:
    path = tmp_path / "points.csv"
    path.write_text(HOLDINGS, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("by", "expected"),
    [
        ("higher", {"A": ["6", "7", "2", "4"], "B": [("1", "7"), ("2", "2")], "C": [("1", "2")]}),
        # averages: pair 6 645, pair 7 360, pair 2 125
        ("average", {"A": ["6", "7", "2", "4"], "B": [("1", "6"), ("2", "7"), ("3", "2")],
                     "C": [("1", "2")]}),
    ],
)  # fmt: skip
def test_strata_in_the_json(
    runner: CliRunner, holdings: str, by: str, expected: dict[str, list[object]]
) -> None:
    code, output = run(runner, "session", "score", HOWELL, "--json", "--strata", "Open/750/300",
                       "--strata-by", by, "--holdings", holdings)  # fmt: skip
    assert code == 0, output
    strata = json.loads(output)["sections"][0]["strata"]
    assert (strata["limits"], strata["by"], strata["names"]) == ([750, 300], by, ["A", "B", "C"])
    found = strata["rankings"]["all"]
    assert [r["pair"] for r in found["A"]][:4] == expected["A"]
    assert len(found["A"]) == 12
    assert [(r["rank"], r["pair"]) for r in found["B"]] == expected["B"]
    assert [(r["rank"], r["pair"]) for r in found["C"]] == expected["C"]
    assert found["C"][0]["percent"] == 58.07
    assert strata["pairs"]["12"] == "A"


def test_strata_in_the_tables(runner: CliRunner, holdings: str) -> None:
    code, output = run(runner, "session", "score", HOWELL, "--strata", "750,300", "--holdings",
                       holdings)  # fmt: skip
    assert code == 0, output
    after = output.split("Stratum B", 1)[1]
    lines = [x.split() for x in after.splitlines() if x.strip()[:1].isdigit()]
    assert [line[:2] for line in lines[:3]] == [["1", "7"], ["2", "2"], ["1", "2"]]


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["--strata", "300,750", "--holdings", "POINTS"], "--strata"),
        (["--strata", "750,300"], "--strata"),  # no --holdings
        (["--holdings", "POINTS"], "--holdings"),  # no --strata
        (["--strata", "750", "--holdings", "BAD"], "--holdings"),
    ],
)
def test_mistakes_are_named(runner: CliRunner, tmp_path: Path, args: list[str], hint: str) -> None:
    good, bad = tmp_path / "points.csv", tmp_path / "bad.csv"
    good.write_text(HOLDINGS, encoding="utf-8")
    bad.write_text("870153,1250\n922821,lots\n", encoding="utf-8")
    args = [{"POINTS": str(good), "BAD": str(bad)}.get(a, a) for a in args]
    code, output = run(runner, "session", "score", HOWELL, *args)
    assert code == 2, output
    assert hint in output
