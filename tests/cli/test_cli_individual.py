"""``bridgescore movement individual``: the grid with its fairness report, the JSON, and the
errors on the option at fault."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.conftest import run


def test_summary_shows_the_grid_and_the_fairness(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "individual", "--players", "14", "-b", "2")
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0] == "Individual: 14 players, 3 tables, 13 rounds of 2 boards, 26 boards"
    assert lines[2].split() == ["Round", "Table", "1", "Table", "2", "Table", "3"]
    first = lines[3].split()
    assert first[0] == "1"
    assert first.count("1-2") == 3
    assert first.count("v") == 3
    assert "Nobody partners anyone twice" in output
    assert output.count("round ") >= 13  # two players sit out each round


def test_json_is_the_pairs_movements_shape_with_four_players(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "individual", "-p", "12", "-b", "2", "--json")
    assert code == 0, output
    data = json.loads(output)
    assert (data["players"], data["tables"], data["rounds"], data["boards"]) == (12, 3, 11, 22)
    plays = data["plays"]
    assert len(plays) == 33
    assert set(plays[0]) == {"round", "table", "boards", "north", "east", "south", "west"}
    seats = [p[s] for p in plays if p["round"] == 5 for s in ("north", "east", "south", "west")]
    assert sorted(seats) == list(range(1, 13))
    assert all(p["boards"] == [2 * p["round"] - 1, 2 * p["round"]] for p in plays)
    assert data["sit_outs"] == []


@pytest.mark.parametrize(
    ("args", "option", "quoted"),
    [
        (["-p", "6", "-b", "2"], "--players", "got 6"),
        (["-p", "12", "-b", "0"], "--boards-per-round", "got 0"),
        (["-p", "12", "-b", "2", "--rounds", "30"], "--rounds", "got 30"),
        (["-p", "11", "-b", "2", "--rounds", "3"], "--rounds", "give 6 to 11 rounds"),
    ],
)
def test_bad_options_are_usage_errors_on_the_option(
    runner: CliRunner, args: list[str], option: str, quoted: str
) -> None:
    code, output = run(runner, "movement", "individual", *args)
    assert code == 2
    assert option in output
    assert quoted in output
