"""The ``bridgescore`` command line, run in-process and, once per command, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from bridgescore import __version__
from tests.conftest import bridgescore_command, run


@pytest.mark.parametrize(
    ("args", "total", "lines"),
    [
        (["4HX", "8", "--vul"], -500, ["4HX: 8 tricks, 2 down; vulnerable", "score 500."]),
        (["4HXS-2", "--board-vul", "NS"], -500, ["4HX by South", "NS -500, EW +500."]),
        (["4HXE-2", "--board-vul", "NS"], -300, ["not vulnerable (board vulnerability NS)"]),
        (["3NT+1", "--vul"], 630, ["Overtricks: 1 × 30", "Declarer's side scores 630."]),
        (["4HX", "S", "-2", "--board", "5"], -500, ["board vulnerability NS"]),
        (["4S", "E", "10", "--vul"], 620, ["4S by East", "NS -620, EW +620."]),
        (["7NTXX", "13", "--nonvul"], 2280, ["Grand slam premium, not vulnerable"]),
        (["4H", "-1"], -50, ["1 down"]),
    ],
)
def test_score(runner: CliRunner, args: list[str], total: int, lines: list[str]) -> None:
    code, output = run(runner, "score", *args)
    assert code == 0, output
    assert f"{total:+d}" in output
    for line in lines:
        assert line in output


def test_score_json(runner: CliRunner) -> None:
    code, output = run(runner, "score", "4HX", "8", "--vul", "--json")
    assert code == 0
    assert json.loads(output) == {
        "contract": "4HX",
        "tricks": 8,
        "vulnerable": True,
        "total": -500,
        "parts": [
            {
                "name": "undertricks",
                "label": "Undertricks: 2 down, doubled, vulnerable (200 + 300)",
                "points": -500,
            }
        ],
        "undertrick_rule": "modern",
    }
    code, output = run(runner, "score", "4HXS-2", "--board-vul", "NS", "--json")
    data = json.loads(output)
    assert (data["total"], data["declarer"], data["ns_total"], data["vulnerability"]) == (
        -500,
        "S",
        -500,
        "NS",
    )


def test_score_symbols_and_old_undertricks(runner: CliRunner) -> None:
    assert "4♥X" in run(runner, "score", "4HX", "10", "--symbols")[1]
    _, output = run(runner, "score", "5CX", "7", "--undertrick-rule", "pre-1987", "--json")
    assert json.loads(output)["total"] == -700


def test_pass_out(runner: CliRunner) -> None:
    assert run(runner, "score", "Pass") == (0, "Passed out: each side scores 0.\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["8NT", "9"], "contract level must be 1-7: '8NT 9'"),
        (["4Z"], "invalid result notation: '4Z'"),
        ([""], "invalid result notation: ''"),
        (["4HXXX"], "doubling written twice in '4HXXX'"),
        (["0H", "7"], "contract level must be 1-7: '0H 7'"),
        (["7NT+1"], "declarer cannot take 14 tricks in 7NT"),
        (["4H", "14"], "tricks must be a whole number from 0 to 13, got 14"),
        (["4H", "9.5"], "invalid result notation: '4H 9.5'"),
        (["4H+1", "11"], "invalid result notation: '4H+1 11'"),
        (["4H-1", "--board-vul", "NS"], "'4H-1' has no declarer, so its vulnerability is unknown"),
        (["4HS-1", "--board-vul", "XY"], "invalid vulnerability: 'XY'"),
        (["4HS-1", "--board", "0"], "board number must be a positive integer, got 0"),
        (["4HS-1", "--vul", "--board", "3"], "give only one of"),
    ],
)
def test_score_errors(runner: CliRunner, args: list[str], message: str) -> None:
    code, output = run(runner, "score", *args)
    assert code == 2
    assert message in " ".join(output.split())
    assert "Traceback" not in output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["620", "-100"], "+620 against -100: difference +720 = +12 IMPs"),
        (["420", "450"], "+420 against +450: difference -30 = -1 IMP"),
        (["450"], "difference +450 = +10 IMPs"),
        (["-1100"], "difference -1100 = -15 IMPs"),
    ],
)
def test_imps(runner: CliRunner, args: list[str], expected: str) -> None:
    code, output = run(runner, "imps", *args)
    assert (code, output.strip()) == (0, expected)


def test_imps_json_and_errors(runner: CliRunner) -> None:
    assert json.loads(run(runner, "imps", "620", "-100", "--json")[1]) == {
        "difference": 720,
        "imps": 12,
    }
    assert run(runner, "imps", "1", "2", "3")[0] == 2
    assert run(runner, "imps", "abc")[0] == 2


def test_board(runner: CliRunner) -> None:
    assert run(runner, "board", "7") == (0, "Board 7: dealer South, vulnerability All\n")
    code, output = run(runner, "board", "1-16")
    assert code == 0
    assert "West" in output
    assert output.count("\n") > 16
    data = json.loads(run(runner, "board", "17-18", "--json")[1])
    assert data == [
        {"board": 17, "dealer": "N", "vulnerability": "None"},
        {"board": 18, "dealer": "E", "vulnerability": "NS"},
    ]
    assert json.loads(run(runner, "board", "4", "--json")[1])["vulnerability"] == "All"
    for bad in ("0", "x", "5-2"):
        code, output = run(runner, "board", bad)
        assert code == 2, bad
        assert "Traceback" not in output


def test_version(runner: CliRunner) -> None:
    assert run(runner, "--version") == (0, f"bridgescore, version {__version__}\n")


@pytest.mark.parametrize(
    ("args", "code", "expected"),
    [
        (["score", "4HX", "7", "--vul"], 0, "The defenders score 800."),
        (["score", "4HXS-2", "--board-vul", "NS"], 0, "NS -500, EW +500."),
        (["imps", "620", "-100"], 0, "+12 IMPs"),
        (["board", "7"], 0, "dealer South, vulnerability All"),
        (["score", "8NT"], 2, "contract level must be 1-7: '8NT'"),
    ],
)
def test_as_a_user_runs_it(args: list[str], code: int, expected: str) -> None:
    done = subprocess.run(
        [*bridgescore_command(), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == code
    assert expected in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "--version"], capture_output=True, text=True
    )
    assert done.stdout.strip() == f"bridgescore, version {__version__}"
