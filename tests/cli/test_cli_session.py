"""``bridgescore session`` and ``bridgescore match`` on the hand-written PBN files."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore import pbn
from tests.conftest import DATA, bridgescore_command, run
from tests.helpers import WEIGHTED_PBN

MITCHELL = str(DATA / "mitchell3.pbn")


def flat(text: str) -> str:
    """The output with runs of spaces squeezed, to match table rows."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def test_rankings_of_every_section(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", MITCHELL)
    assert code == 0, output
    text = flat(output)
    assert text.startswith("Spring Pairs, 2024.03.12: matchpoints (MP1)\n")
    for line in [
        "Section A: Mitchell, 3 boards, 6 pairs",
        "Rank Pair Names MPs % Boards",
        "1 1 Ann Smith & Bob Jones 8.40 70.00 3",  # hand-worked in test_pbn.py
        "3 2 Ed White & Flo Black 2.50 20.83 3",
        "1 2 Gus Gray & Hal Reed 9.60 80.00 3",
        "2 3 Uma Fry & Vic Lowe 9.00 75.00 2",  # section B: NS 3 missed board 3
        "1= 3 4 50.00 2",  # section C: three EW pairs tie
        "board 2: dealer E and vulnerability All are not Law 2's (E, NS); the board's are used",
    ]:
        assert line in text.splitlines()
    assert text.index("Section A") < text.index("Section B") < text.index("Section C")


def test_sessions_are_scored_the_fast_way(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands score a session by numpy's scorer (installed here), which gives the pure
    scorer's figures (tests/batch compares them)."""
    from bridgescore.batch import score_section_fast
    from bridgescore.cli import _app
    from bridgescore.duplicate.session import Session

    assert _app.section_scorer() is score_section_fast
    given: list[object] = []
    scored = Session.scored

    def recorded(session: Session, scorer: object = None) -> object:
        given.append(scorer)
        return scored(session, scorer)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "scored", recorded)
    code, output = run(runner, "session", "score", MITCHELL)
    assert code == 0, output
    assert given == [score_section_fast]


def test_json(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", MITCHELL, "--json", "--section", "C")
    assert code == 0, output
    data = json.loads(output)
    assert (data["event"], data["date"], data["method"]) == ("Spring Pairs", "2024.03.12", "mp")
    (section,) = data["sections"]
    assert section["name"] == "C"
    assert section["kind"] == "mitchell"
    ew = section["rankings"]["EW"]
    assert [(r["rank"], r["number"], r["total"], r["percent"]) for r in ew] == [
        ("1=", 1, 4, 50.0), ("1=", 2, 4, 50.0), ("1=", 3, 4, 50.0),
    ]  # fmt: skip
    assert section["rankings"]["NS"][0] == {
        "rank": "1", "pair": "NS 1", "number": 1, "side": "NS", "names": "", "total": 7,
        "percent": 87.5, "boards": 2,
    }  # fmt: skip
    assert section["warnings"] == [
        "board 2: dealer E and vulnerability All are not Law 2's (E, NS); the board's are used"
    ]
    assert "travellers" not in section
    assert section["recaps"] == []


def test_travellers_and_a_recap(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", MITCHELL, "--section", "A", "--travellers",
                       "--recap", "NS1", "--json")  # fmt: skip
    assert code == 0, output
    (section,) = json.loads(output)["sections"]
    board_3 = section["travellers"]["3"]
    assert (board_3["dealer"], board_3["vulnerability"], board_3["top"]) == ("S", "EW", 4)
    lines = [(x["result"], x["ns_score"], x["ns_points"], x["ew_points"]) for x in board_3["lines"]]
    assert lines == [
        ("1NTN+1", 120, 3.5, 0.5), ("A+/A-", "A+/A-", 2.4, 1.6), ("2DW-1", 100, 0.5, 3.5),
    ]  # fmt: skip
    (recap,) = section["recaps"]
    assert recap["pair"] == "NS 1"
    assert [(x["board"], x["opponent"], x["points"]) for x in recap["boards"]] == [
        (1, "EW 1", 4), (2, "EW 3", 2), (3, "EW 2", 2.4),
    ]  # fmt: skip
    code, output = run(runner, "session", "score", MITCHELL, "--section", "A", "--travellers",
                       "--recap", "2")  # fmt: skip
    assert code == 0, output
    text = flat(output)
    assert "Board 3: dealer S, vulnerability EW, top 4" in text
    assert "1 2 A+/A- A+/A- 2.4 1.6" in text
    assert "Recap of pair EW 2 (Gus Gray & Hal Reed)" in text  # a bare 2: both directions
    assert "Recap of pair NS 2 (Ed White & Flo Black)" in text
    assert "3 NS EW 1 2DW-1 +100 0.5 4" in text
    assert "Total 2.5" in text


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # Cross-IMPs, hand-worked in test_pbn.py: NS 2 5, NS 1 4, NS 3 -6.
        ("cross-imps", [("1", 2, 5), ("2", 1, 4), ("3", 3, -6)]),
        # Butler, one score dropped at each end: board 1 (+450, +420, 0) datum 420: +1, 0,
        # -9; board 2 (-400, +100, -120) datum -120: -7, +6, 0; board 3, one score: 0;
        # board 4, two real scores, none dropped: mean 415, half-even 420: +630 +5, +200 -6,
        # A+ +3. NS 1: 1 - 7 + 0 + 5 = -1; NS 2: 0 + 6 - 6 = 0; NS 3: -9 + 0 + 3 = -6.
        ("butler", [("1", 2, 0), ("2", 1, -1), ("3", 3, -6)]),
    ],
)
def test_other_methods(
    runner: CliRunner, method: str, expected: list[tuple[str, int, int]]
) -> None:
    code, output = run(runner, "session", "score", str(DATA / "lenient.pbn"), "--json",
                       "--method", method)  # fmt: skip
    assert code == 0, output
    data = json.loads(output)
    assert data["method"] == method
    ns = data["sections"][0]["rankings"]["NS"]
    assert [(r["rank"], r["number"], r["total"]) for r in ns] == expected
    assert all(r["percent"] is None for r in ns)


def test_howell_ranks_one_field(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", str(DATA / "howell.pbn"))
    assert code == 0, output
    assert "Section A: Howell, 6 boards, 4 pairs" in flat(output)
    assert "1 4 9 75.00 6" in flat(output).splitlines()
    assert "NS" not in output.split("Section A")[1].split("Rank")[0]
    data = json.loads(run(runner, "session", "score", str(DATA / "howell.pbn"), "--json")[1])
    assert list(data["sections"][0]["rankings"]) == ["all"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--section", "Z"], "no section 'Z'; the sections are ['A', 'B', 'C']"),
        (["--recap", "N1"], "expected a pair number such as 3, NS3 or EW3, got 'N1'"),
        (["--recap", "9"], "no pair '9' in the sections shown"),
        (["--method", "aggregate"], "'aggregate' is not one of"),
    ],
)
def test_option_errors(runner: CliRunner, args: list[str], message: str) -> None:
    code, output = run(runner, "session", "score", MITCHELL, *args)
    assert code == 2
    assert message in flat(output).replace("\n", " ")
    assert "Traceback" not in output


@pytest.mark.parametrize("command", ["score", "export"])
def test_bad_files(runner: CliRunner, command: str, tmp_path: Path) -> None:
    out = ["-o", str(tmp_path / "out.pbn")] if command == "export" else []
    code, output = run(runner, "session", command, str(DATA / "bad" / "contract.pbn"), *out)
    assert code == 2
    assert "contract.pbn, line 8: bad contract '4Z'" in flat(output).replace("\n", " ")
    assert "Traceback" not in output
    code, output = run(runner, "session", command, str(tmp_path / "missing.pbn"), *out)
    assert code == 2
    assert "missing.pbn" in output
    assert "Traceback" not in output
    assert not (tmp_path / "out.pbn").exists()


def test_export(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "scored.pbn"
    code, output = run(runner, "session", "export", MITCHELL, "-o", str(target))
    assert code == 0, output
    assert output == (f"Wrote {target}: 3 sections, 8 boards, 26 results, scored by "
                      "matchpoints (MP1).\n")  # fmt: skip
    session = pbn.read((DATA / "mitchell3.pbn").read_text())
    assert target.read_bytes() == pbn.encode(pbn.write(session))
    assert pbn.read(pbn.decode(target.read_bytes())) == session
    code, output = run(runner, "session", "export", MITCHELL, "-o", str(target), "--method",
                       "cross-imps", "--per", "table")  # fmt: skip
    assert code == 0, output
    text = pbn.decode(target.read_bytes())
    assert '[Scoring "IMP;Cross2"]' in text
    assert '[ScoreIMP "NS 3.5"]' not in text  # cross-IMPs, not matchpoints
    assert pbn.read(text) == session.with_method("cross-imps")
    assert [p.name for p in tmp_path.iterdir()] == ["scored.pbn"]  # no temporary file left
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()  # not mkstemp's private 0600


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_export_never_leaves_half_a_file(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "scored.pbn"
    target.write_text("the old file\n")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    code, output = run(runner, "session", "export", MITCHELL, "-o", str(target))
    assert code != 0
    assert "No space left on device" in output
    assert "Traceback" not in output
    assert target.read_text() == "the old file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["scored.pbn"]
    code, output = run(runner, "session", "export", MITCHELL, "-o",
                       str(tmp_path / "no" / "such" / "dir.pbn"))  # fmt: skip
    assert code != 0
    assert "Traceback" not in output


def test_match(runner: CliRunner) -> None:
    code, output = run(runner, "match", "score", str(DATA / "match.pbn"))
    assert code == 0, output
    lines = flat(output).splitlines()
    assert lines[0] == "Lions v Tigers: 4 boards"
    assert "2 4SN= +620 4SS-1 -100 12" in lines
    assert "3 3NTE= -600 3NTE-1 +100 12" in lines
    assert lines[-1] == "Lions 15, Tigers 13 IMPs (margin +2); victory points 11.20 to 8.80."
    data = json.loads(run(runner, "match", "score", str(DATA / "match.pbn"), "--json")[1])
    assert data["boards"][3] == {
        "board": 4, "open": "5SXN-2", "open_ns_score": -500, "closed": "4HE=",
        "closed_ns_score": -620, "imps": 3,
    }  # fmt: skip
    assert (data["imps"], data["margin"], data["victory_points"]) == (
        {"home": 15, "away": 13}, 2, {"home": 11.2, "away": 8.8},
    )  # fmt: skip
    code, output = run(runner, "match", "score", MITCHELL)
    assert code == 2
    assert "expected a Room tag, Open or Closed" in flat(output).replace("\n", " ")


def test_several_matches(runner: CliRunner, tmp_path: Path) -> None:
    # Without Room tags, HomeTeam is the team sitting NS (RealBridge). Lions +420 v -50: +10;
    # Bears v Wolves 3NT= both ways: 0. Over one board, a margin of 10 is 18.09 to 1.91 VPs (WBF).
    games = [f'[Board "1"][HomeTeam "{h}"][VisitTeam "{a}"][Contract "{c}"][Declarer "N"]'
             f'[Result "{t}"]' for h, a, c, t in (("Lions", "Tigers", "4S", 10),
             ("Tigers", "Lions", "4S", 9), ("Bears", "Wolves", "3NT", 9),
             ("Wolves", "Bears", "3NT", 9))]  # fmt: skip
    path = tmp_path / "teams.pbn"
    path.write_text("\n\n".join(games))
    code, output = run(runner, "match", "score", str(path))
    assert code == 0, output
    lines = flat(output).splitlines()
    assert lines[0] == "Lions v Tigers: 1 board"
    assert "Bears v Wolves: 1 board" in lines
    assert "2 matches" in lines
    assert "Lions Tigers 1 10 0 18.09 1.91" in lines
    assert any(line.startswith("Bears Wolves 1 0 0 10.00 10.00") for line in lines)
    data = json.loads(run(runner, "match", "score", str(path), "--json")[1])
    assert [(m["home"], m["margin"]) for m in data["matches"]] == [("Lions", 10), ("Bears", 0)]


def test_as_a_user_runs_it(tmp_path: Path) -> None:
    command = [*bridgescore_command(), "session", "score"]
    done = subprocess.run([*command, str(DATA / "howell.pbn")],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Wednesday Howell, 2024.04.03: matchpoints (MP1)" in done.stdout
    done = subprocess.run([*command, str(DATA / "bad" / "pair_twice.pbn")],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 2
    assert "pair_twice.pbn, line 9: board 1: pair NS 1 played it twice" in " ".join(
        done.stderr.split()
    )
    assert "Traceback" not in done.stderr


def test_a_weighted_score_in_a_file(runner: CliRunner, tmp_path: Path) -> None:
    """SCORING.md §5.4's worked example, from a file: the weighted line shows its results."""
    path = tmp_path / "weighted.pbn"
    path.write_text(WEIGHTED_PBN, encoding="utf-8")
    code, output = run(runner, "session", "score", str(path), "--json", "--travellers",
                       "--recap", "EW5")  # fmt: skip
    assert code == 0, output
    (section,) = json.loads(output)["sections"]
    lines = section["travellers"]["5"]["lines"]
    assert [(x["result"], x["ns_score"], x["ns_points"]) for x in lines] == [
        ("4SN+1", 650, 8), ("4SN=", 620, 5.5), ("3SN+1", 170, 2.6), ("4SN-1", -100, 0.3),
        ("50% 4SN=, 30% 4SN-1, 20% 5HXE-2", "50% +620, 30% -100, 20% +300", 3.6)]  # fmt: skip
    ((board,),) = [r["boards"] for r in section["recaps"]]
    assert (board["score"], board["points"]) == ("50% -620, 30% +100, 20% -300", 4.4)
    code, output = run(runner, "session", "score", str(path), "--travellers")
    assert code == 0, output
    assert "50% 4SN=, 30% 4SN-1, 20%" in output  # the table wraps it in 80 columns
    assert "5HXE-2" in output
