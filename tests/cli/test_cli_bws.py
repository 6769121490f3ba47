"""``bridgescore session score FILE.bws`` and ``session import FILE.bws --club CLUB``: a real
Bridgemate file scored on the command line, and imported as a club's evening that the club's
pages list and score the same."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore import bws
from bridgescore.cli import cli
from bridgescore.duplicate.session import Session
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from tests.conftest import DATA

TWELVE = DATA / "real" / "bws" / "12tables1section.bws"


def _percents(session: Session) -> dict[int, float | None]:
    (scores,) = session.scored()
    return {row.pair.number: row.percent for row in scores.rankings[None]}


def test_a_bws_file_is_scored(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["session", "score", str(TWELVE), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (section,) = data["sections"]
    rows = [row for field in section["rankings"].values() for row in field]
    expected = _percents(bws.read(TWELVE).session)
    assert {int(row["pair"]): row["percent"] for row in rows} == expected
    assert len(expected) == 24


def test_a_hostile_bws_is_refused_with_its_name(runner: CliRunner, tmp_path: Path) -> None:
    cut = tmp_path / "cut.bws"
    cut.write_bytes(TWELVE.read_bytes()[:8192])
    result = runner.invoke(cli, ["session", "score", str(cut)])
    assert result.exit_code == 2
    assert "cut.bws: mdbtools could not read its list of tables" in result.output


def test_a_bws_file_is_imported_as_a_club_evening(runner: CliRunner, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    made = runner.invoke(cli, ["club", "create", "Acol BC", "--number", "1234", "--body", "EBU",
                               "--db", db])  # fmt: skip
    assert made.exit_code == 0, made.output
    result = runner.invoke(cli, ["session", "import", str(TWELVE), "--club", "Acol BC",
                                 "--db", db, "--event", "Tuesday pairs"])  # fmt: skip
    assert result.exit_code == 0, result.output
    game_id = result.output.split()[0]
    assert "Tuesday pairs: 1 section(s), 288 results, imported into Acol BC's evenings" in (
        " ".join(result.output.split()))  # fmt: skip
    with Store(db) as store:
        clubs = ClubStore(store)
        club = clubs.club("1234")
        assert [(e.id, e.event) for e in clubs.sessions(club.id)] == [(game_id, "Tuesday pairs")]
        assert clubs.owner(game_id) == club.id
        stored = store.get(game_id).game
    assert isinstance(stored, Session)
    assert stored.sections == bws.read(TWELVE).session.sections
    assert _percents(stored) == _percents(bws.read(TWELVE).session)


def test_an_import_names_an_unknown_club(runner: CliRunner, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    result = runner.invoke(cli, ["session", "import", str(TWELVE), "--club", "Nobody",
                                 "--db", db])  # fmt: skip
    assert result.exit_code == 2
    assert "no club with the id, name or number 'Nobody'" in result.output
