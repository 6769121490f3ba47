"""``bridgescore movement``: mitchell, howell and check, in-process and once as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import run


def test_mitchell_summary(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "mitchell", "--tables", "7", "--boards-per-round", "3")
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0] == "Mitchell: 7 tables, 14 pairs, 7 rounds of 3 boards, 21 boards"
    cells = [word for t in range(1, 8) for word in (f"N{t}-E{t}", f"{3 * t - 2}-{3 * t}")]
    assert lines[3].split() == ["1", *cells]
    assert "Within a field every pair is compared with every other on 21 boards." in output


def test_mitchell_json(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "mitchell", "-t", "7", "-b", "3", "--json")
    assert code == 0, output
    data = json.loads(output)
    assert {k: data[k] for k in ("movement", "tables", "rounds", "boards_per_round", "boards")} == {
        "movement": "mitchell",
        "tables": 7,
        "rounds": 7,
        "boards_per_round": 3,
        "boards": 21,
    }
    assert data["pairs"][0] == "NS 1"
    assert data["pairs"][-1] == "EW 7"
    assert data["plays"][0] == {
        "round": 1,
        "table": 1,
        "ns": "NS 1",
        "ew": "EW 1",
        "boards": [1, 2, 3],
        "ns_label": "NS 1",
        "ew_label": "EW 1",
    }
    assert data["sit_outs"] == []
    assert data["shares"] == []


def test_mitchell_options(runner: CliRunner) -> None:
    code, output = run(
        runner, "movement", "mitchell", "-t", "8", "-b", "2", "--even", "relay", "--arrow-switch",
        "--half-table", "--json",
    )  # fmt: skip
    assert code == 0, output
    data = json.loads(output)
    assert data["rounds"] == 8
    assert data["plays"][-1]["ns"].startswith("EW")  # the last round is arrow-switched
    assert data["sit_outs"][0] == {"round": 1, "pair": "EW 8"}
    assert data["shares"] == []  # table 8 has no NS pair, so table 1 keeps its boards


def test_cards(runner: CliRunner) -> None:
    code, output = run(
        runner, "movement", "mitchell", "-t", "4", "-b", "2", "--even", "relay", "--cards"
    )
    assert code == 0, output
    assert "Table cards" in output
    assert "Guide cards" in output
    assert "relay stand between tables 2 and 3" in output
    assert output.count("\nPair ") == 8


def test_howell(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "howell", "--pairs", "10", "--boards-per-round", "3")
    assert code == 0, output
    assert output.startswith("Howell: 5 tables, 10 pairs, 9 rounds of 3 boards, 27 boards\n")
    assert "Every pair meets every other pair once." in output
    code, output = run(
        runner, "movement", "howell", "-p", "9", "-b", "2", "--rounds", "6", "--json"
    )
    assert code == 0, output
    data = json.loads(output)
    assert data["movement"] == "howell"
    assert data["pairs"] == [str(i) for i in range(1, 10)]
    assert data["rounds"] == 6
    assert len(data["sit_outs"]) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["mitchell", "-t", "1", "-b", "3"],
            "Invalid value for --tables: a Mitchell needs 2 to 30 tables, got 1",
        ),
        (
            ["mitchell", "-t", "7", "-b", "0"],
            "Invalid value for --boards-per-round: boards_per_round must be 1 to 36",
        ),
        (
            ["mitchell", "-t", "8", "-b", "2", "--rounds", "8"],
            "Invalid value for --rounds: a 8-table Mitchell has 1 to 7",
        ),
        (
            ["howell", "-p", "30", "-b", "3"],
            "Invalid value for --pairs: a Howell needs 4 to 20 pairs",
        ),
        (
            ["mitchell", "-t", "7", "-b", "3", "--even", "bye"],
            "'bye' is not one of 'skip', 'relay'",
        ),
        (["howell", "-b", "3"], "Missing option '--pairs'"),
    ],
    ids=["1-table", "0-boards", "rounds", "howell-30", "even", "missing"],
)
def test_bad_options_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    code, output = run(runner, "movement", *args)
    assert code == 2
    assert message in " ".join(output.split())


def test_check(runner: CliRunner, tmp_path: Path) -> None:
    good = tmp_path / "howell.csv"
    good.write_text("round,table,ns,ew,boards\n1,1,4,1,1-3\n1,2,2,3,1-3\n", encoding="utf-8")
    code, output = run(runner, "movement", "check", str(good))
    assert code == 0, output
    assert output.startswith("Movement: 2 tables, 4 pairs, 1 rounds of 3 boards, 3 boards\n")
    assert "Tables 1 and 2 share their boards in round 1." in output
    bad = tmp_path / "bad.csv"
    bad.write_text("round,table,ns,ew,boards\n1,1,4,1,1-3\n1,2,2,3,x\n", encoding="utf-8")
    code, output = run(runner, "movement", "check", str(bad))
    assert code == 2
    assert (
        "bad.csv: row 3, column 'boards': expected board numbers such as '1-3' or '1,2,3', got 'x'"
        in " ".join(output.split())
    )


def test_check_reads_back_what_mitchell_writes(runner: CliRunner, tmp_path: Path) -> None:
    from bridgescore.duplicate.movement import mitchell

    path = tmp_path / "m.csv"
    path.write_text(mitchell(6, 2, even="relay").to_csv(), encoding="utf-8")
    code, output = run(runner, "movement", "check", str(path), "--json")
    assert code == 0, output
    data = json.loads(output)
    assert data["movement"] == "custom"
    assert len(data["shares"]) == 6


def test_as_a_user_runs_it() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgescore",
            "movement",
            "mitchell",
            "--tables",
            "3",
            "-b",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["plays"][3] == {
        "round": 2,
        "table": 1,
        "ns": "NS 1",
        "ew": "EW 3",
        "boards": [3, 4],
        "ns_label": "NS 1",
        "ew_label": "EW 3",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "movement", "howell", "--pairs", "3", "-b", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "a Howell needs 4 to 20 pairs" in done.stderr


def test_howell_pairs_meeting_twice_and_three_quarter(runner: CliRunner) -> None:
    code, output = run(runner, "movement", "howell", "-p", "6", "-b", "3", "--rounds", "10")
    assert code == 0, output
    assert "Every pair meets every other pair twice." in output
    assert "12 for every two pairs, the ideal: perfectly balanced." in output
    code, output = run(runner, "movement", "howell", "-p", "6", "-b", "3", "--rounds", "7")
    assert code == 2
    assert "Invalid value for --rounds: a Howell of 6 pairs has 1 to 5 rounds, or 10" in " ".join(
        output.split()
    )
    code, output = run(runner, "movement", "howell", "-p", "16", "-b", "2", "--rounds", "11")
    assert code == 0, output
    assert "stay EW at tables" in " ".join(output.split())
    assert "the others sit NS in 5 of their 11 rounds." in output
    code, output = run(runner, "movement", "howell", "-p", "10", "-b", "3", "--rounds", "10")
    assert code == 2
    code, output = run(
        runner, "movement", "howell", "-p", "16", "-b", "2", "--rounds", "11",
        "--no-arrow-switches", "--cards",
    )  # fmt: skip
    assert code == 0, output
    assert "Arrow" not in output


def test_check_pairs_meeting_twice_and_asc_files(runner: CliRunner, tmp_path: Path) -> None:
    from bridgescore.duplicate.movement import howell

    twice = tmp_path / "twice.csv"
    twice.write_text(howell(6, 3, rounds=10).to_csv(), encoding="utf-8")
    code, output = run(runner, "movement", "check", str(twice))
    assert code == 2
    assert "meet twice" in output
    code, output = run(runner, "movement", "check", str(twice), "--meetings", "2", "--json")
    assert code == 0, output
    assert json.loads(output)["meetings"] == 2
    asc = tmp_path / "two.ASC"
    asc.write_text("4 2 3 3 0\n1-4 A 2-3 A\n1-3 B 4-2 B\n1-2 C 3-4 C\n", encoding="utf-8")
    code, output = run(runner, "movement", "check", str(asc))
    assert code == 2
    assert "does not say how many boards a group has" in output
    code, output = run(runner, "movement", "check", str(asc), "-b", "4")
    assert code == 0, output
    assert output.startswith("Movement: 2 tables, 4 pairs, 3 rounds of 4 boards, 12 boards\n")
