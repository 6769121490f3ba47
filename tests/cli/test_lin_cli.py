"""``bridgescore lin pbn`` and ``bridgescore lin url`` on the real LIN files."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

from click.testing import CliRunner

from bridgescore.lin import HANDVIEWER, read_lin
from tests.conftest import DATA, run

REAL = DATA / "real"


def test_a_tournament_to_pbn_scores_as_the_lin(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "sky.pbn"
    files = [str(p) for p in sorted((REAL / "bbo_skyclub").glob("*.lin"))]
    code, output = run(runner, "lin", "pbn", *files, "-o", str(out))
    assert code == 0, output
    assert output.strip() == f"Wrote {out}: 44 boards from 44 LIN files."
    code, output = run(runner, "session", "score", str(out), "--json")
    assert code == 0, output
    (section,) = json.loads(output)["sections"]
    ranking = section["rankings"]["all"]
    assert (ranking[0]["names"], ranking[0]["percent"]) == ("hzengin & mlang", 74.24)


def test_a_vugraph_to_pbn_is_its_match(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "match.pbn"
    code, output = run(runner, "lin", "pbn", str(REAL / "bbo_vugraph_match.lin"), "-o", str(out))
    assert code == 0, output
    code, output = run(runner, "match", "score", str(out), "--json")
    assert code == 0, output
    data = json.loads(output)
    assert (data["home"], data["away"], data["imps"]) == ("SWEDEN", "POLAND",
                                                          {"home": 37, "away": 39})  # fmt: skip


def test_hand_viewer_links_for_every_board(runner: CliRunner) -> None:
    path = REAL / "bbo_vugraph_match.lin"
    code, output = run(runner, "lin", "url", str(path))
    assert code == 0, output
    lines = output.splitlines()
    assert len(lines) == 32
    assert lines[0].startswith(f"1 open {HANDVIEWER}")
    assert lines[1].startswith(f"1 closed {HANDVIEWER}")
    boards = read_lin(path.read_text()).boards
    for line, board in zip(lines, boards, strict=True):
        (again,) = read_lin(unquote(line.split()[-1][len(HANDVIEWER) :])).boards
        assert (again.deal, again.auction, again.play, again.players) == (
            board.deal, board.auction, board.play, board.players)  # fmt: skip


def test_a_bad_file_is_refused_with_its_board_and_character(
    runner: CliRunner, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.lin"
    bad.write_text("md|3SAKQJHAKQDAKQCAKQ,,,|mb|1S|mb|1Z|")
    code, output = run(runner, "lin", "url", str(bad))
    assert code == 2
    assert "bad.lin, board 1, character 31: bad call mb|1Z|" in " ".join(output.split())
