"""``bridgescore analyse``: DD tables and par added to a PBN file, read back whole."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from bridgescore import pbn
from bridgescore.boards.dd import dd_table
from bridgescore.boards.par import par
from bridgescore.cli import cli
from bridgescore.pbn import ANALYSIS_TAGS, analyse_games, dd_tricks_from_tag

DATA = Path(__file__).parents[1] / "data"
DEAL = "N:AK73.QJ4.A952.K8 QT8.K962.QJ3.J72 J954.A73.K84.AQ6 62.T85.T76.T9543"


def test_analyse_adds_the_tags_and_reading_keeps_them(tmp_path: Path) -> None:
    source = DATA / "mitchell3.pbn"
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["analyse", str(source), "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    before = pbn.read_games(pbn.decode(source.read_bytes()))
    after = pbn.read_games(pbn.decode(out.read_bytes()))
    assert len(before) == len(after)
    solved = 0
    for old, new in zip(before, after, strict=True):
        if (old.get("Deal") or "?").startswith("N:"):
            solved += 1
            assert [t for t in new.tags if t.name not in ANALYSIS_TAGS] == list(old.tags)
            assert new.get("DoubleDummyTricks") == "bbab9abab92232422324"
            assert new.get("OptimumScore") == "NS 460"
            assert new.get("ParContract") == "3NTN+2"
            rows = new.table("OptimumResultTable")
            assert rows is not None
            assert rows.records()[0] == {"Declarer": "N", "Denomination": "NT", "Result": "11"}
            assert len(rows.records()) == 20
        else:
            assert new == old  # games without a deal are untouched
    assert solved == 3
    # The session reader reads the tags into the board's table and par; analysing again
    # changes nothing.
    session = pbn.read(pbn.decode(out.read_bytes()))
    board = session.sections[0].boards[0]
    assert board.dd is not None
    assert board.dd == dd_tricks_from_tag("bbab9abab92232422324")
    assert (board.par, set(ANALYSIS_TAGS) & {name for name, _ in board.tags}) == (
        par(board.dd, board.vulnerability, board.dealer), set())  # fmt: skip
    again = tmp_path / "again.pbn"
    assert CliRunner().invoke(cli, ["analyse", str(out), "-o", str(again)]).exit_code == 0
    assert again.read_bytes() == out.read_bytes()


def test_par_follows_the_boards_dealer_and_vulnerability() -> None:
    text = (
        f'[Board "2"]\n[Deal "{DEAL}"]\n\n[Board "3"][Dealer "W"][Vulnerable "None"][Deal "{DEAL}"]'
    )
    first, second = analyse_games(pbn.read_games(text))
    table = dd_table(DEAL)
    assert first.get("OptimumScore") == f"NS {par(table, 'NS', 'E').score}"
    assert second.get("OptimumScore") == f"NS {par(table, 'None', 'W').score}"
    assert first.get("OptimumScore") != second.get("OptimumScore")


def test_bad_deal_is_refused_and_nothing_written(tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text('[Board "1"]\n[Deal "N:AKQ... - - -"]\n')
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["analyse", str(source), "-o", str(out)])
    assert result.exit_code == 2
    assert "bad.pbn, line 2" in result.output
    assert "north has 3 cards" in result.output
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [source]
