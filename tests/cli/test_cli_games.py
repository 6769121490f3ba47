"""``bridgescore rubber`` and ``bridgescore chicago``, on a temporary SQLite file."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgescore.cli import cli
from bridgescore.home.rubber import Rubber, RubberDeal
from bridgescore.storage import Store


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


def run(runner: CliRunner, db: str, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(cli, [*args, "--db", db], input=input)
    return result.exit_code, result.output


def new(runner: CliRunner, db: str, kind: str = "rubber", *options: str) -> str:
    code, output = run(runner, db, kind, "new", *options)
    assert code == 0, output
    return output.split()[1]


def state(runner: CliRunner, db: str, kind: str, game_id: str) -> dict[str, Any]:
    code, output = run(runner, db, kind, "show", game_id, "--json")
    assert code == 0, output
    data: dict[str, Any] = json.loads(output)
    return data


HANDOUT = [
    ["4H", "we", "10", "--honors", "we:100"],
    ["4S", "they", "10"],
    ["4CX by they -2"],
    ["1NT", "we", "="],
    ["5C they 11"],
]


def test_the_handouts_rubber(runner: CliRunner, db: str) -> None:
    game_id = new(runner, db, "rubber", "--we", "Ann & Bob", "--they", "Cy & Di")
    for deal in HANDOUT:
        code, output = run(runner, db, "rubber", "add", game_id[:6], *deal)
        assert code == 0, output
    assert "760 │ 720" in output
    assert "THEY won the rubber 2-1. WE win by 40 points (760 to 720)." in output
    data = state(runner, db, "rubber", game_id)
    assert data["totals"] == {"we": 760, "they": 720}
    assert data["names"] == {"we": "Ann & Bob", "they": "Cy & Di"}
    code, output = run(runner, db, "rubber", "show", game_id)
    assert "3. 4CX by THEY, 8 tricks: WE 500 above" in output
    code, output = run(runner, db, "rubber", "list")
    assert f"{game_id}" in output
    assert "Ann & Bob v Cy & Di  WE 760 THEY 720 (finished)" in output


def test_undo_edit_end_and_rules(runner: CliRunner, db: str) -> None:
    game_id = new(runner, db, "rubber", "--rules", "laws-1993", "--no-honors")
    run(runner, db, "rubber", "add", game_id, "4H", "we", "10")
    run(runner, db, "rubber", "add", game_id, "3S", "they", "9")
    assert run(runner, db, "rubber", "undo", game_id)[0] == 0
    assert len(state(runner, db, "rubber", game_id)["deals"]) == 1
    assert run(runner, db, "rubber", "add", game_id, "1NT they 7")[0] == 0
    code, output = run(runner, db, "rubber", "edit", game_id, "1", "4H", "we", "11")
    assert code == 0, output
    code, output = run(runner, db, "rubber", "end", game_id)
    assert code == 0, output
    data = state(runner, db, "rubber", game_id)
    assert data["totals"] == {"we": 450, "they": 140}  # Law 80: 300 and 100
    assert data["rules"]["description"] == "laws-1993, honors off"
    code, output = run(runner, db, "rubber", "add", game_id, "1C", "we", "7")
    assert code == 2
    assert "ended early; undo to reopen it" in output
    assert run(runner, db, "rubber", "undo", game_id)[0] == 0
    data = state(runner, db, "rubber", game_id)
    assert (data["ended"], len(data["deals"]), data["totals"]) == (
        False,
        2,
        {"we": 150, "they": 40},
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["add", "{id}", "4Z", "we", "10"], "invalid contract notation: '4Z'"),
        (["add", "{id}", "4H", "north", "10"], "invalid deal: '4H north 10'"),
        (["add", "{id}", "4H", "we", "14"], "tricks must be a whole number"),
        (["add", "{id}", "3NT", "we", "9", "--honors", "we:100"], "100 is impossible in 3NT"),
        (["add", "{id}", "4H", "we", "10", "--honors", "we"], "expected SIDE:POINTS"),
        (["add", "nope", "4H", "we", "10"], "nope"),
        (["edit", "{id}", "7", "4H", "we", "10"], "no deal 7"),
        (["undo", "{id}"], "no deal to undo"),
    ],
)
def test_errors(runner: CliRunner, db: str, args: list[str], message: str) -> None:
    game_id = new(runner, db)
    code, output = run(runner, db, "rubber", *(a.replace("{id}", game_id) for a in args))
    assert code == 2
    assert message in " ".join(output.split())
    assert "Traceback" not in output
    assert state(runner, db, "rubber", game_id)["version"] == 1


def test_chicago(runner: CliRunner, db: str) -> None:
    game_id = new(runner, db, "chicago", "--rules", "acbl", "--ns", "Ann & Bob")
    for deal in (["2S", "N", "9"], ["3NT by E ="], ["4HX", "S", "-1"], ["2HN="]):
        code, output = run(runner, db, "chicago", "add", game_id, *deal)
        assert code == 0, output
    assert "NS 250, EW 800" in output
    assert "Next: deal 1 of the set, N deals, neither side vulnerable." in output
    data = state(runner, db, "chicago", game_id)
    assert [row["vulnerability"] for row in data["rows"]] == ["None", "EW", "NS", "All"]
    assert run(runner, db, "rubber", "show", game_id)[0] == 2  # a Chicago is not a rubber
    code, output = run(runner, db, "chicago", "list", "--json")
    assert json.loads(output)[0]["score"] == "NS 250 EW 800 (4 deals)"


def test_play_loop(runner: CliRunner, db: str) -> None:
    lines = ["4H we 10 honors we:100", "4S they 10", "4CX they 8", "bogus", "1NT we 7",
             "undo", "1NT we 7", "5C they 11", "quit"]  # fmt: skip
    code, output = run(runner, db, "rubber", "play", input="\n".join(lines) + "\n")
    assert code == 0, output
    assert "Error: invalid deal: 'bogus'" in output
    assert output.rstrip().endswith("Saved as " + output.split()[1] + ".")
    game_id = output.split()[1]
    assert state(runner, db, "rubber", game_id)["totals"] == {"we": 760, "they": 720}


def _bridgescore() -> list[str]:
    return [sys.executable, "-m", "bridgescore"]


def test_a_rubber_survives_a_restart(db: str) -> None:
    env = {**os.environ, "BRIDGESCORE_DATABASE_URL": db}
    out = subprocess.run([*_bridgescore(), "rubber", "new"], env=env, capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    game_id = out.split()[1]
    for deal in ("4H we 10", "4S they 10"):
        subprocess.run([*_bridgescore(), "rubber", "add", game_id, deal], env=env, check=True,
                       capture_output=True)  # fmt: skip
    shown = subprocess.run([*_bridgescore(), "rubber", "show", game_id, "--json"], env=env,
                           capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert json.loads(shown)["totals"] == {"we": 120, "they": 120}


DEALS = ["4H we 10", "2S they 8", "1NT we 7", "3C they 9", "2D we 8", "1H they 7"]


def _version(store: Store, game_id: str) -> int:
    """The stored version, read in this process (a command per poll would slow the writer)."""
    return store.versions([game_id])[game_id]


@pytest.mark.slow
def test_a_kill_in_the_middle_of_a_write_loses_nothing_but_that_deal(db: str) -> None:
    """Kill ``rubber play`` with SIGKILL while it writes; what is stored stays whole."""
    rng = random.Random(7)
    env = {**os.environ, "BRIDGESCORE_DATABASE_URL": db}
    out = subprocess.run([*_bridgescore(), "rubber", "new"], env=env, capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    game_id = out.split()[1]
    store = Store(db)
    versions: list[int] = []
    for round_ in range(1, 4):
        player = subprocess.Popen(
            [*_bridgescore(), "rubber", "play", game_id],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert player.stdin is not None
        for deal in DEALS * 50:  # 600 saves take about 2 s: the kill lands among them
            player.stdin.write(f"{deal}\nundo\n")
        player.stdin.flush()
        before = versions[-1] if versions else 1
        # Kill once a random number of the 600 saves are in: a loaded machine starts late and
        # writes slowly, so the moment is counted in saves, not in seconds.
        target = before + rng.randint(20, 400)
        started = time.monotonic()
        while _version(store, game_id) < target and time.monotonic() - started < 30:
            time.sleep(0.02)
        player.send_signal(signal.SIGKILL)
        player.wait()
        with contextlib.suppress(BrokenPipeError):
            player.stdin.close()
        shown = subprocess.run([*_bridgescore(), "rubber", "show", game_id, "--json"], env=env,
                               capture_output=True, text=True, check=True).stdout  # fmt: skip
        data = json.loads(shown)
        deals = [RubberDeal.make(d["contract"], d["by"], d["tricks"]) for d in data["deals"]]
        assert len(deals) <= round_  # each deal is followed by an undo: one may be left over
        assert all(str(d) in {str(RubberDeal.parse(x)) for x in DEALS} for d in deals)
        assert data["totals"] == Rubber("default", deals).to_dict()["totals"]
        versions.append(data["version"])
    store.close()
    assert any((v - 1) % 600 for v in versions)  # at least one kill came in mid-stream
