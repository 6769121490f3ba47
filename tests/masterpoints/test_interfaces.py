"""``--masterpoints`` on the command line, and USEBIO's MASTER_POINTS written and read back
(SCORING.md §25.5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.duplicate.session import score_session
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import CLUB_WEIGHT, Scheme, awards, parse_spec
from bridgescore.usebio import read as read_file
from bridgescore.usebio import write
from tests.conftest import DATA, run

MITCHELL = DATA / "real" / "usebio" / "compscore3_mp_pairs_mitchell.xml"
HOWELL = DATA / "real" / "usebio" / "compscore3_butler_howell.xml"


def test_score_json_gives_each_row_what_each_player_earns(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", str(MITCHELL), "--masterpoints", "abf",
                       "--json")  # fmt: skip
    assert code == 0, output
    data = json.loads(output)
    assert data["masterpoints"] == {"scheme": "abf", "weight": "3/2"}
    filed = {r.pair.label: r.master_points for r in read_file(MITCHELL.read_bytes()).standings}
    rows = [r for side in ("NS", "EW") for r in data["sections"][0]["rankings"][side]]
    assert len(rows) == 38
    for row in rows:
        assert round(row["masterpoints"] * 100) == filed[row["pair"]], row


def test_score_table_has_a_masterpoints_column(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", str(HOWELL), "--masterpoints", "acbl:2")
    assert code == 0, output
    assert "Masterpoints" in output
    winner = next(line for line in output.splitlines() if line.startswith("1 "))
    assert winner.split()[-1] == "0.80"  # 4 tables: 0.40 first, at weight 2
    code, plain = run(runner, "session", "score", str(HOWELL))
    assert "Masterpoints" not in plain


@pytest.mark.parametrize(
    ("path", "bad"),
    [(HOWELL, "fide"), (HOWELL, "abf:0"), (HOWELL, "abf:-1"), (HOWELL, "abf:1e9"),
     (HOWELL, "acbl:"), (HOWELL, "ebu:2.5"), (MITCHELL, "ebu")],  # EBU: no two-winner scales
)  # fmt: skip
def test_a_bad_or_unavailable_scheme_is_refused(runner: CliRunner, path: Path, bad: str) -> None:
    code, output = run(runner, "session", "score", str(path), "--masterpoints", bad)
    assert code == 2, output
    assert "--masterpoints" in output
    assert "masterpoints '" in output


def test_usebio_export_reads_back_with_the_same_awards(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    code, output = run(runner, "session", "export", str(MITCHELL), "--format", "usebio",
                       "--masterpoints", "abf:2.5", "-o", str(out))  # fmt: skip
    assert code == 0, output
    read = read_file(out.read_bytes())
    expected = awards(parse_spec("abf:2.5"), score_session(read.session))
    got = {r.pair: r for r in read.standings}
    assert sum(1 for r in read.standings if r.master_points) == sum(
        1 for a in expected.values() if a.points
    )
    for pair, award in expected.items():
        row = got[pair]
        if award.points:
            assert row.master_points is not None
            assert (row.master_points * Scheme.ABF.unit, row.master_point_type) == (
                award.points,
                award.kind,
            )
        else:  # a pair that earns nothing holds no MASTER_POINTS
            assert (row.master_points, row.master_point_type) == (None, "")
    assert b"<MASTER_POINT_TYPE>RED</MASTER_POINT_TYPE>" in out.read_bytes()


def test_the_library_writes_what_the_cli_writes() -> None:
    read = read_file(HOWELL.read_bytes())
    text = write(read.session, masterpoints=parse_spec("abf")).decode()
    assert text.count("<MASTER_POINTS>") == 4
    assert "<MPS_AWARDED_FLAG>Y" in text
    assert "<MASTER_POINTS_AWARDED>24</MASTER_POINTS_AWARDED>" in text
    with pytest.raises(MasterpointError):  # a Mitchell: the EBU's two-winner scales
        write(read_file(MITCHELL.read_bytes()).session, masterpoints=parse_spec("ebu"))
    assert CLUB_WEIGHT[Scheme.ABF] == parse_spec("abf").weight


def test_masterpoints_go_in_usebio_only(runner: CliRunner, tmp_path: Path) -> None:
    code, output = run(runner, "session", "export", str(HOWELL), "--masterpoints", "abf",
                       "-o", str(tmp_path / "x.pbn"))  # fmt: skip
    assert code == 2
    assert "USEBIO only" in output


def test_the_reader_reads_scorebridges_master_points_element() -> None:
    """ScoreBridge (an EBU club) writes a MASTER_POINTS element in the PAIR, whole points."""
    path = DATA / "real" / "usebio" / "scorebridge_forest_of_dean_mp_pairs.xml"
    rows = read_file(path.read_bytes()).standings
    awarded = [(r.place, r.master_points, r.master_point_type) for r in rows if r.master_points]
    assert awarded == [("1", 18, "black"), ("2", 12, "black"), ("3=", 6, "black"),
                       ("3=", 6, "black")]  # fmt: skip
    assert all(r.master_points is None for r in rows[4:])


def test_an_ebu_one_winner_session_is_scored_and_exported_in_whole_points(
    runner: CliRunner, tmp_path: Path
) -> None:
    """``--masterpoints ebu`` on a Howell: the JSON rows and the USEBIO file carry the EBU's
    local points (whole, ``black`` as ScoreBridge writes them), read back alike."""
    code, output = run(runner, "session", "score", str(HOWELL), "--masterpoints", "ebu",
                       "--json")  # fmt: skip
    assert code == 0, output
    data = json.loads(output)
    assert data["masterpoints"] == {"scheme": "ebu", "weight": "1"}
    expected = awards(parse_spec("ebu"), score_session(read_file(HOWELL.read_bytes()).session))
    by_label = {pair.label: award.points for pair, award in expected.items()}
    rows = [r for field in data["sections"][0]["rankings"].values() for r in field]
    assert {r["pair"]: r["masterpoints"] for r in rows} == {k: int(v) for k, v in by_label.items()}
    assert sorted((v for v in by_label.values() if v), reverse=True) == [18, 12, 6]
    out = tmp_path / "ebu.xml"
    code, output = run(runner, "session", "export", str(HOWELL), "--format", "usebio",
                       "--masterpoints", "ebu", "-o", str(out))  # fmt: skip
    assert code == 0, output
    back = {r.pair.label: (r.master_points, r.master_point_type)
            for r in read_file(out.read_bytes()).standings}  # fmt: skip
    assert back == {k: (int(v), "black") if v else (None, "") for k, v in by_label.items()}
