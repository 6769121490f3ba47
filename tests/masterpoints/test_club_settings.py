"""A club's masterpoint scheme: chosen through storage (the core's parse_spec inside the write),
the API (422 naming ``masterpoints``), the club page's form and the CLI; kept by a backup;
stored by migration 0016."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.cli import cli
from bridgescore.club import check_masterpoints, spec_text
from bridgescore.errors import MasterpointError
from bridgescore.masterpoints import Scheme, parse_spec
from bridgescore.storage import Store
from bridgescore.storage.backup import BackupError, export_club, import_club
from bridgescore.storage.clubs import ClubStore
from bridgescore.web import Settings
from bridgescore.web.club_pages import MP_SCHEMES
from tests.conftest import PASSWORD, create_app, csrf, make_club

REFUSED = ["fifa", "abf:0", "abf:-1", "ebu:101", "acbl:x", "abf:1:2", "a" * 33, "abf:1e3"]


@pytest.mark.parametrize("text", ["abf", " ABF:1.5 ", "acbl:2", "ebu", "abf:5/2"])
def test_the_club_keeps_the_cores_reading_of_its_scheme(store: Store, text: str) -> None:
    clubs = ClubStore(store)
    club = clubs.create_club("Acol BC", "1234", "ABF")
    assert club.masterpoints is None
    chosen = clubs.set_masterpoints(club.id, text)
    assert chosen.masterpoints == parse_spec(text.strip())
    again = clubs.club(club.id)  # read back from the row
    assert again.masterpoints == chosen.masterpoints
    assert again.to_dict()["masterpoints"] == chosen.masterpoints.text
    assert clubs.set_masterpoints(club.id, "").masterpoints is None
    assert clubs.club(club.id).masterpoints is None


@pytest.mark.parametrize("text", REFUSED)
def test_a_scheme_the_core_refuses_is_not_stored(store: Store, text: str) -> None:
    clubs = ClubStore(store)
    club = clubs.create_club("Acol BC", "1234", "ABF")
    clubs.set_masterpoints(club.id, "acbl")
    with pytest.raises(MasterpointError) as caught:
        clubs.set_masterpoints(club.id, text)
    assert caught.value.field == "masterpoints"
    assert spec_text(clubs.club(club.id).masterpoints) == "acbl"


def test_the_page_offers_the_cores_schemes() -> None:
    assert [v for v, _ in MP_SCHEMES if v] == [s.value for s in Scheme]
    assert check_masterpoints("none") is None


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'mp.db'}")))


def test_the_api_sets_the_scheme_and_names_the_field_it_refuses(client: TestClient) -> None:
    with client:
        assert client.get("/api/club/masterpoints").status_code == 401
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        head = {"Authorization": f"Bearer {token}"}
        assert client.get("/api/club/masterpoints", headers=head).json()["masterpoints"] == ""
        put = client.put("/api/club/masterpoints", json={"masterpoints": "abf:2"}, headers=head)
        assert put.status_code == 200, put.text
        assert put.json()["masterpoints"] == "abf:2"
        assert "10" in put.json()["ebu_charge_codes"]
        for text in REFUSED[:4]:
            bad = client.put("/api/club/masterpoints", json={"masterpoints": text}, headers=head)
            assert bad.status_code == 422, text
            assert bad.json()["detail"][0]["loc"][-1] == "masterpoints"
        odd = client.put("/api/club/masterpoints", json={"masterpoints": 2}, headers=head)
        assert odd.status_code == 422
        assert client.get("/api/club/masterpoints", headers=head).json()["masterpoints"] == "abf:2"


def test_the_club_page_sets_the_scheme_and_says_why_it_refuses(client: TestClient) -> None:
    with client:
        make_club(client, "Acol BC", "1234", "td@acol.example")
        client.post("/login", data={"email": "td@acol.example", "password": PASSWORD,
                                    "csrf": csrf(client, "/login")})  # fmt: skip
        token = csrf(client, "/club")
        form = {"scheme": "acbl", "weight": "1.5", "csrf": token}
        done = client.post("/club/masterpoints", data=form, follow_redirects=False)
        assert done.status_code == 303
        page = client.get("/club").text
        assert '<option value="acbl" selected>' in page
        assert 'value="1.5"' in page
        bad = client.post("/club/masterpoints", data={"scheme": "abf", "weight": "0",
                                                      "csrf": token})  # fmt: skip
        assert bad.status_code == 422
        assert "the weight is a number above 0" in bad.text
        form = {"scheme": "", "weight": "", "csrf": token}
        none = client.post("/club/masterpoints", data=form, follow_redirects=False)
        assert none.status_code == 303
        assert '<option value="" selected>' in client.get("/club").text


def test_the_cli_shows_and_chooses_the_scheme(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    with Store(url) as store:
        ClubStore(store).create_club("Acol BC", "1234", "ABF")
    runner = CliRunner()
    shown = runner.invoke(cli, ["club", "masterpoints", "Acol BC", "--db", url])
    assert shown.exit_code == 0
    assert "masterpoints none" in shown.output
    chosen = runner.invoke(cli, ["club", "masterpoints", "1234", "abf:2", "--db", url])
    assert chosen.exit_code == 0, chosen.output
    assert "masterpoints abf:2" in chosen.output
    refused = runner.invoke(cli, ["club", "masterpoints", "1234", "fifa", "--db", url])
    assert refused.exit_code == 2
    assert "the scheme is abf, acbl or ebu" in refused.output


def test_a_backup_keeps_the_scheme_and_an_older_one_has_none(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'a.db'}") as one:
        clubs = ClubStore(one)
        club = clubs.create_club("Acol BC", "1234", "ABF")
        clubs.set_masterpoints(club.id, "abf:3")
        data = export_club(one, club.id)
    assert data["club"]["masterpoints"] == "abf:3"
    with Store(f"sqlite:///{tmp_path / 'b.db'}") as other:
        made = import_club(other, data)
        assert ClubStore(other).club(made.club.id).masterpoints == parse_spec("abf:3")
    older = {**data, "club": {k: v for k, v in data["club"].items() if k != "masterpoints"}}
    hostile = {**data, "club": {**data["club"], "masterpoints": "abf:0"}}
    with Store(f"sqlite:///{tmp_path / 'c.db'}") as third:
        made = import_club(third, older)
        assert ClubStore(third).club(made.club.id).masterpoints is None
        with pytest.raises(BackupError) as caught:
            import_club(third, {**hostile, "club": {**hostile["club"], "number": "99"}})
        assert caught.value.field == "club.masterpoints"


def test_migration_0016_adds_the_column_to_a_0015_database(tmp_path: Path) -> None:
    from alembic import command

    from bridgescore.storage.schema import alembic_config

    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0015_long_names")
        conn.exec_driver_sql(
            "INSERT INTO clubs (id, name, number, body, key, created_at, players, "
            "correction_hours) VALUES ('c1', 'Old BC', '7', 'ABF', 'k', '2026-01-01', "
            "'names', 24)"
        )
        command.upgrade(alembic_config(conn), "0016_masterpoints")
        assert conn.exec_driver_sql("SELECT masterpoints FROM clubs").scalar_one() == ""
        command.downgrade(alembic_config(conn), "0015_long_names")
        columns = {c["name"] for c in sa.inspect(conn).get_columns("clubs")}
    engine.dispose()
    assert "masterpoints" not in columns
    assert "correction_hours" in columns
