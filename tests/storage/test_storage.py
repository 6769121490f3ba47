"""bridgescore.storage on SQLite and PostgreSQL: round trips, versions, ids, tokens, crashes."""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
import zipfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import Connection

from bridgescore import BridgeError, Result, Seat, Side, pbn
from bridgescore.duplicate import Adjusted
from bridgescore.duplicate.session import BoardResult, Pair, Section, Session
from bridgescore.home.chicago import Chicago, ChicagoRules
from bridgescore.home.rubber import Rubber, RubberRules, WeThey
from bridgescore.storage import (
    Game,
    GameNotFoundError,
    HomeGame,
    StorageError,
    Store,
    StoredGame,
    VersionConflictError,
    default_database_url,
)
from bridgescore.storage import store as store_module
from bridgescore.storage.schema import HEAD_REVISION, MIGRATIONS, Base, alembic_config

ROOT = Path(__file__).resolve().parents[2]

RUBBER = (
    Rubber()
    .record("4H", "we", 10, honors={"we": 100})
    .record("Pass", None, 0)
    .record("3NTX", "they", 7)
    .record("2S", "they", 8, honors={"we": 150})
)
GAMES: dict[str, HomeGame] = {
    "empty rubber": Rubber(),
    "rubber": RUBBER,
    "won rubber": RUBBER.record("4S", "they", 11).record("6NTXX", "we", 12, honors={"we": 150}),
    "ended rubber": Rubber("laws-1993").record("2C", "they", 9).end(),
    "rubber, own rules": Rubber(
        RubberRules.from_dict(
            {"name": "laws-1993", "honors": False, "undertrick_rule": "pre-1987"}
        ),
        RUBBER.deals[1:3],
    ),
    "empty chicago": Chicago(),
    "chicago": (
        Chicago("acbl", "E", switched=True, honors=True)
        .record("4H", "S", 10, honors={"NS": 100})
        .record("Pass", None, 0)
        .record("3NTXX", "W", 8)
        .record("1NT", "N", 7, honors={"EW": 150})
        .record("7C", "E", 13)
    ),
    "chicago, first dealer W": Chicago("default", "W").record("2D", "N", 7).record("Pass", None, 0),
}


def kind_of(game: Game) -> str:
    return "rubber" if isinstance(game, Rubber) else "chicago"


def raw_rows(url: str, sql: str) -> list[tuple[object, ...]]:
    """Rows read past the store, straight from the database."""
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.exec_driver_sql(sql)]
    finally:
        engine.dispose()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A store clock that moves one second per call, so "newest first" is exact."""
    start = datetime(2026, 1, 1, 12, tzinfo=UTC)
    ticks = itertools.count()
    monkeypatch.setattr(store_module, "utcnow", lambda: start + timedelta(seconds=next(ticks)))


# Round trips


@pytest.mark.parametrize("name", GAMES)
def test_a_game_reads_back_equal(store: Store, name: str) -> None:
    game = GAMES[name]
    created = store.create(game)
    back = store.get(created.id)
    assert back.game == game
    assert type(back.game) is type(game)
    assert back == dataclasses.replace(created, edit_token=None)
    assert back.kind == kind_of(game)
    assert back.home_game.rules == game.rules
    assert back.version == 1


def test_created_game_has_an_unguessable_id_a_token_and_utc_times(store: Store) -> None:
    first, second = store.create(Rubber()), store.create(Rubber())
    assert first.id != second.id
    assert len(first.id) == 26
    assert first.id.isalnum()
    assert first.id == first.id.lower()
    assert first.edit_token is not None
    assert len(first.edit_token) >= 32
    assert first.edit_token != second.edit_token
    assert first.created_at.tzinfo is not None
    assert first.created_at.utcoffset() == timedelta(0)
    assert first.created_at == first.updated_at
    back = store.get(first.id)
    assert back.edit_token is None
    assert back.created_at == first.created_at
    assert back.created_at.utcoffset() == timedelta(0)


def test_chicago_stores_its_first_dealer_in_settings(store: Store, database_url: str) -> None:
    created = store.create(GAMES["chicago"])
    ((rules, settings_, ended),) = raw_rows(
        database_url, f"SELECT rules, settings, ended FROM games WHERE id = '{created.id}'"
    )
    assert json.loads(str(settings_)) == {"first_dealer": "E"}
    assert json.loads(str(rules)) == GAMES["chicago"].rules.to_dict()
    assert not ended
    deals = raw_rows(
        database_url,
        "SELECT seq, contract, declarer, tricks, honors_by, honors FROM deals ORDER BY seq",
    )
    assert deals[:3] == [
        (1, "4H", "S", 10, "NS", 100),
        (2, "Pass", None, 0, None, 0),
        (3, "3NTXX", "W", 8, None, 0),
    ]


def test_rubber_deals_store_we_and_they(store: Store, database_url: str) -> None:
    store.create(GAMES["rubber"])
    assert raw_rows(
        database_url, "SELECT contract, declarer, honors_by, honors FROM deals ORDER BY seq"
    ) == [("4H", "we", "we", 100), ("Pass", None, None, 0), ("3NTX", "they", None, 0),
          ("2S", "they", "we", 150)]  # fmt: skip


def test_names_default_to_empty_and_survive_quotes_and_unicode(store: Store) -> None:
    assert store.create(Rubber()).names == {"we": "", "they": ""}
    assert store.create(Chicago()).names == {"ns": "", "ew": ""}
    names = {"we": 'O\'Brien & "Zoë"; DROP TABLE games; --', "they": "Søren 🂡 李"}
    created = store.create(Rubber(), names=names)
    assert created.names == names
    assert store.get(created.id).names == names
    assert store.create(Chicago(), names={"ew": "Ew"}).names == {"ns": "", "ew": "Ew"}


@pytest.mark.parametrize(
    ("game", "names"),
    [(Rubber(), {"ns": "x"}), (Chicago(), {"we": "x"}), (Rubber(), {"we": 3})],
)
def test_names_must_be_the_games_sides(store: Store, game: Game, names: dict[str, str]) -> None:
    with pytest.raises(StorageError, match="name"):
        store.create(game, names=names)
    assert store.list() == []


def test_rules_that_cannot_be_read_back_are_refused(store: Store) -> None:
    with pytest.raises(StorageError, match="not based on a preset"):
        store.create(Rubber(RubberRules("house rules")))
    with pytest.raises(StorageError, match="not based on a preset"):
        store.create(Chicago(ChicagoRules("house rules")))
    with pytest.raises(StorageError, match="only a Rubber, a Chicago, a Session or an Event"):
        store.create("4H")  # type: ignore[arg-type]


def test_a_store_reopened_on_the_same_database_sees_its_games(database_url: str) -> None:
    with Store(database_url) as first:
        created = first.create(GAMES["rubber"], names={"we": "Us"})
    with Store(database_url) as second:  # the schema is already at head: nothing to do
        assert second.get(created.id) == dataclasses.replace(created, edit_token=None)
        assert second.url == database_url


# Saving and versions


def test_save_replaces_the_game_and_bumps_the_version(store: Store, clock: None) -> None:
    created = store.create(Rubber())
    game = created.game
    assert isinstance(game, Rubber)
    versions = [created]
    changes: list[Callable[[Rubber], Rubber]] = [
        lambda r: r.record("4H", "we", 10),
        lambda r: r.record("Pass", None, 0),
        lambda r: r.replace(1, "4HX", "we", 9),
        lambda r: r.undo(),
        lambda r: r.end(),
        lambda r: r.undo(),
    ]
    for change in changes:
        game = change(game)
        saved = store.save(created.id, game)
        assert saved.version == versions[-1].version + 1
        assert saved.updated_at > versions[-1].updated_at
        assert saved.created_at == created.created_at
        assert saved.edit_token is None
        assert store.get(created.id) == saved
        assert store.get(created.id).game == game
        versions.append(saved)
    assert versions[-1].version == 7


def test_undoing_the_end_is_stored_with_every_deal(store: Store) -> None:
    created = store.create(RUBBER)
    ended = store.save(created.id, RUBBER.end())
    reopened = store.save(created.id, ended.home_game.undo())
    game = store.get(created.id).game
    assert isinstance(game, Rubber)
    assert (game, reopened.game, game.ended) == (RUBBER, RUBBER, False)
    assert len(game.deals) == len(RUBBER.deals)


def test_save_with_the_expected_version(store: Store) -> None:
    created = store.create(Chicago())
    saved = store.save(created.id, Chicago().record("3NT", "N", 9), expected_version=1)
    assert saved.version == 2
    again = store.save(created.id, saved.game, expected_version=2)
    assert again.version == 3


def test_a_stale_version_is_refused_and_changes_nothing(store: Store) -> None:
    created = store.create(RUBBER, names={"we": "Us"})
    current = store.save(created.id, RUBBER.record("1C", "we", 7), expected_version=1)
    with pytest.raises(VersionConflictError, match=r"expected version 1, but it is at version 2"):
        store.save(created.id, RUBBER.undo(), expected_version=1)
    with pytest.raises(VersionConflictError, match=created.id):
        store.rename(created.id, {"we": "Them"}, expected_version=1)
    assert store.get(created.id) == current


def test_two_stores_on_one_database_see_each_others_writes(database_url: str) -> None:
    with Store(database_url) as mine, Store(database_url) as theirs:
        created = mine.create(RUBBER)
        theirs.save(created.id, RUBBER.undo(), expected_version=1)
        with pytest.raises(VersionConflictError):
            mine.save(created.id, RUBBER.record("1C", "we", 7), expected_version=1)
        assert mine.get(created.id).game == RUBBER.undo()


def test_the_kind_of_a_game_cannot_change(store: Store) -> None:
    created = store.create(Rubber())
    with pytest.raises(StorageError, match="is a rubber: it cannot be saved as a chicago"):
        store.save(created.id, Chicago())
    assert store.get(created.id).version == 1


def test_a_game_of_another_kind_is_not_found(store: Store) -> None:
    created = store.create(Rubber())
    assert store.get(created.id, kind="rubber").id == created.id
    with pytest.raises(GameNotFoundError, match=f"no chicago with id '{created.id}'"):
        store.get(created.id, kind="chicago")


def test_unknown_ids_raise_game_not_found(store: Store) -> None:
    with pytest.raises(GameNotFoundError, match="'nope'"):
        store.get("nope")
    with pytest.raises(GameNotFoundError, match="'nope'"):
        store.save("nope", Rubber())
    with pytest.raises(GameNotFoundError, match="'nope'"):
        store.save("nope", Rubber(), expected_version=1)
    with pytest.raises(GameNotFoundError, match="'nope'"):
        store.rename("nope", {"we": "x"})
    with pytest.raises(GameNotFoundError, match="'nope'"):
        store.delete("nope")
    with pytest.raises(LookupError):
        store.get("nope")


def test_rename_changes_only_the_names_given(store: Store) -> None:
    created = store.create(GAMES["chicago"], names={"ns": "North-South", "ew": "East-West"})
    renamed = store.rename(created.id, {"ew": "Ewe"}, expected_version=1)
    assert renamed.names == {"ns": "North-South", "ew": "Ewe"}
    assert renamed.version == 2
    assert renamed.game == created.game
    assert store.get(created.id) == renamed
    with pytest.raises(StorageError, match="'we'"):
        store.rename(created.id, {"we": "x"})


# Finding games


def test_resolve_a_prefix(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = iter(["abcdefgh" + "2" * 18, "abcdzzzz" + "3" * 18, "wxyz" + "4" * 22])
    monkeypatch.setattr(store_module, "_new_id", lambda: next(ids))
    first, second, third = (store.create(Rubber()).id for _ in range(3))
    assert store.resolve("abcde") == first
    assert store.resolve(" ABCDZ ") == second
    assert store.resolve("wxyz") == third
    assert store.resolve(third) == third
    with pytest.raises(StorageError, match="ambiguous") as excinfo:
        store.resolve("abcd")
    assert first in str(excinfo.value)
    assert second in str(excinfo.value)
    with pytest.raises(GameNotFoundError, match="'qqqq'"):
        store.resolve("qqqq")
    with pytest.raises(GameNotFoundError):
        store.resolve("ab%_")  # LIKE wildcards are matched literally
    with pytest.raises(StorageError, match="too short"):
        store.resolve("abc")


def test_list_newest_first_by_kind_and_by_ids(store: Store, clock: None) -> None:
    rubber1 = store.create(Rubber())
    chicago1 = store.create(Chicago())
    rubber2 = store.create(RUBBER)
    chicago2 = store.create(GAMES["chicago"])
    store.save(rubber1.id, Rubber().record("1C", "we", 7))  # now the newest

    def ids(games: Sequence[StoredGame]) -> list[str]:
        return [game.id for game in games]

    assert ids(store.list()) == [rubber1.id, chicago2.id, rubber2.id, chicago1.id]
    assert ids(store.list(kind="rubber")) == [rubber1.id, rubber2.id]
    assert ids(store.list(kind="chicago")) == [chicago2.id, chicago1.id]
    assert ids(store.list(limit=2)) == [rubber1.id, chicago2.id]
    assert store.list(limit=0) == []
    mine = [chicago1.id, "unknown", rubber2.id, chicago1.id]
    assert ids(store.list(ids=mine)) == [rubber2.id, chicago1.id]
    assert ids(store.list(ids=iter(mine), kind="chicago")) == [chicago1.id]
    assert store.list(ids=[]) == []
    listed = store.list(ids=[chicago2.id])[0]
    assert listed == store.get(chicago2.id)
    assert listed.home_game.totals == GAMES["chicago"].totals
    with pytest.raises(StorageError, match="'duplicate'"):
        store.list(kind="duplicate")
    with pytest.raises(StorageError, match="-1"):
        store.list(limit=-1)


def test_delete_cascades_to_the_deals(store: Store, database_url: str) -> None:
    kept = store.create(RUBBER)
    gone = store.create(GAMES["chicago"])
    assert raw_rows(database_url, "SELECT count(*) FROM deals") == [(4 + 5,)]
    store.delete(gone.id)
    with pytest.raises(GameNotFoundError):
        store.get(gone.id)
    assert raw_rows(database_url, "SELECT count(*) FROM deals") == [(4,)]
    assert store.list() == [store.get(kept.id)]
    with pytest.raises(GameNotFoundError):
        store.delete(gone.id)


# Edit tokens


def test_edit_tokens(store: Store, database_url: str) -> None:
    created = store.create(RUBBER)
    other = store.create(RUBBER)
    token = created.edit_token
    assert token is not None
    assert store.check_token(created.id, token)
    assert not store.check_token(created.id, token + "x")
    assert not store.check_token(created.id, "")
    assert not store.check_token(created.id, other.edit_token or "")
    assert not store.check_token("unknown", token)
    assert not store.check_token(created.id, None)  # type: ignore[arg-type]
    rows = raw_rows(database_url, "SELECT * FROM games")
    text = repr(rows)
    assert token not in text
    assert hashlib.sha256(token.encode()).hexdigest() in text


# Schema and migrations


def _tables(conn: Connection) -> set[str]:
    return set(sa.inspect(conn).get_table_names())


def test_alembic_upgrade_creates_the_schema_and_is_harmless_twice(empty_database_url: str) -> None:
    engine = sa.create_engine(empty_database_url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            assert _tables(conn) == set()
            command.upgrade(alembic_config(conn), "head")
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "head")
        with engine.connect() as conn:
            assert _tables(conn) == {
                "games",
                "anonymous_games",
                "deals",
                "alembic_version",
                "table_tokens",
                "live_results",
                "result_changes",
                "live_conflicts",
                "clubs",
                "directors",
                "logins",
                "roster",
                "events",
                "club_games",
                "event_results",
                "deal_seeds",
                "dd_work",
                "smtp_settings",
                "mailings",
                "outbox",
                "server_secrets",
                "ladders",
            }
            context = MigrationContext.configure(conn)
            assert context.get_current_revision() == HEAD_REVISION
            assert compare_metadata(context, Base.metadata) == []  # the models match 0001
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "base")
            assert _tables(conn) == {"alembic_version"}
    finally:
        engine.dispose()


def test_opening_a_store_creates_the_schema(empty_database_url: str) -> None:
    Store(empty_database_url).close()
    ((revision,),) = raw_rows(empty_database_url, "SELECT version_num FROM alembic_version")
    assert revision == HEAD_REVISION


def test_head_revision_is_the_newest_migration() -> None:
    from alembic.script import ScriptDirectory

    assert ScriptDirectory(str(MIGRATIONS)).get_current_head() == HEAD_REVISION


def test_a_store_opens_a_database_at_an_older_revision(empty_database_url: str) -> None:
    engine = sa.create_engine(empty_database_url, poolclass=sa.NullPool)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "head")
        command.downgrade(alembic_config(conn), "base")
    engine.dispose()
    with Store(empty_database_url) as opened:
        assert opened.list() == []
    ((revision,),) = raw_rows(empty_database_url, "SELECT version_num FROM alembic_version")
    assert revision == HEAD_REVISION


def test_migration_0004_adds_weighted_to_live_results_and_keeps_them(
    empty_database_url: str,
) -> None:
    """0004 adds the nullable ``weighted`` column: rows entered before keep NULL, and going
    back to 0003 keeps the rows (on SQLite too, whose tables are rebuilt to drop a column)."""
    engine = sa.create_engine(empty_database_url, poolclass=sa.NullPool)
    row = ("INSERT INTO live_results (game_id, round, \"table\", board, ns, ew, contract, "
           "declarer, tricks, created_at, updated_at) VALUES ('g', 1, 1, 1, 'NS 1', 'EW 1', "
           "'3NT', 'N', 9, '2026-11-30 08:00:00', '2026-11-30 08:00:00')")  # fmt: skip
    game = ("INSERT INTO games (id, kind, rules, settings, names, ended, version, token_hash, "
            "created_at, updated_at) VALUES ('g', 'session', '{}', '{}', '{}', FALSE, 1, 'h', "
            "'2026-11-30 08:00:00', '2026-11-30 08:00:00')")  # fmt: skip
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0003_live")
            conn.execute(sa.text(game))
            conn.execute(sa.text(row))
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0004_weighted")
            assert conn.execute(sa.text("SELECT contract, weighted FROM live_results")).all() == [
                ("3NT", None)
            ]
            conn.execute(sa.text("UPDATE live_results SET weighted = '100% 3NTN='"))
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0003_live")
            columns = {c["name"] for c in sa.inspect(conn).get_columns("live_results")}
            assert "weighted" not in columns
            assert conn.execute(sa.text("SELECT contract FROM live_results")).all() == [("3NT",)]
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "base")
    finally:
        engine.dispose()


def test_migration_0005_names_the_artificial_score_and_keeps_it(empty_database_url: str) -> None:
    """0005 renames ``adjusted`` to ``artificial`` with its values, and adds the conflicts."""
    engine = sa.create_engine(empty_database_url, poolclass=sa.NullPool)
    row = ("INSERT INTO live_results (game_id, round, \"table\", board, ns, ew, adjusted, "
           "created_at, updated_at) VALUES ('g', 1, 1, 1, 'NS 1', 'EW 1', 'A+/A-', "
           "'2026-11-30 08:00:00', '2026-11-30 08:00:00')")  # fmt: skip
    game = ("INSERT INTO games (id, kind, rules, settings, names, ended, version, token_hash, "
            "created_at, updated_at) VALUES ('g', 'session', '{}', '{}', '{}', FALSE, 1, 'h', "
            "'2026-11-30 08:00:00', '2026-11-30 08:00:00')")  # fmt: skip
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0004_weighted")
            conn.execute(sa.text(game))
            conn.execute(sa.text(row))
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0005_conflicts")
            assert conn.execute(sa.text("SELECT artificial FROM live_results")).all() == [
                ("A+/A-",)
            ]
            assert "live_conflicts" in _tables(conn)
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0004_weighted")
            assert conn.execute(sa.text("SELECT adjusted FROM live_results")).all() == [("A+/A-",)]
            assert "live_conflicts" not in _tables(conn)
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bridgescore's wheel, built from this checkout and unpacked as pip would install it."""
    from hatchling.builders.wheel import WheelBuilder

    out = tmp_path_factory.mktemp("wheel")
    (built,) = WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"])
    site = out / "site"
    with zipfile.ZipFile(built) as archive:
        archive.extractall(site)
    return site


def test_the_wheel_ships_the_migrations(wheel: Path) -> None:
    migrations = wheel / "bridgescore" / "storage" / "migrations"
    assert (migrations / "env.py").is_file()
    assert (migrations / "script.py.mako").is_file()
    assert (migrations / "versions" / "0001_initial.py").is_file()


def test_a_fresh_database_is_created_from_the_installed_wheel(
    wheel: Path, empty_database_url: str
) -> None:
    probe = textwrap.dedent(
        """
        import sys
        import bridgescore
        from bridgescore.home.rubber import Rubber
        from bridgescore.storage import Store
        with Store(sys.argv[1]) as store:
            game = store.create(Rubber().record("4H", "we", 10))
            assert store.get(game.id).game == game.game
        print(bridgescore.__file__)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(wheel)}
    out = subprocess.run(
        [sys.executable, "-c", probe, empty_database_url],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=wheel,
    ).stdout
    assert Path(out.strip()).is_relative_to(wheel)  # the wheel's copy, not the checkout's
    assert raw_rows(empty_database_url, "SELECT count(*) FROM deals") == [(1,)]


def test_a_schema_from_a_newer_version_is_a_storage_error(database_url: str) -> None:
    Store(database_url).close()
    engine = sa.create_engine(database_url, poolclass=sa.NullPool)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0099_future'")
    engine.dispose()
    with pytest.raises(StorageError, match="from schema revision '0099_future'"):
        Store(database_url)


def test_a_corrupt_game_is_a_storage_error(store: Store, database_url: str) -> None:
    created = store.create(RUBBER)
    engine = sa.create_engine(database_url, poolclass=sa.NullPool)
    with engine.begin() as conn:
        conn.exec_driver_sql("UPDATE deals SET contract = '9Z' WHERE seq = 1")
    engine.dispose()
    with pytest.raises(StorageError, match=f"stored game '{created.id}' cannot be read"):
        store.get(created.id)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "invalid database URL: expected an SQLAlchemy URL"),
        ("postgresql://me:s3cret@host:notaport/db", "invalid database URL"),
        ("nosuchdialect://me:s3cret@x/db", "cannot open a 'nosuchdialect' database"),
        ("sqlite:///{tmp}/missing/dir/s3cret.db", "the database failed: unable to open database"),
    ],
    ids=["not a url", "bad port", "unknown dialect", "missing directory"],
)
def test_bad_urls_are_storage_errors_that_show_no_url(
    tmp_path: Path, url: str, message: str
) -> None:
    url = url.format(tmp=tmp_path)
    with pytest.raises(StorageError, match=message) as excinfo:
        Store(url)
    assert "s3cret" not in str(excinfo.value)
    assert str(tmp_path) not in str(excinfo.value)


def test_in_memory_store() -> None:
    with Store("sqlite://") as memory:
        created = memory.create(RUBBER)
        assert memory.get(created.id).game == RUBBER
        assert repr(memory) == "Store('sqlite://')"


def test_repr_hides_the_password() -> None:
    with pytest.raises(StorageError) as excinfo:
        Store("postgresql+nosuchdriver://me:secret@127.0.0.1/db")
    assert "secret" not in str(excinfo.value)


# The default location


def test_default_url_honours_the_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", "postgresql+psycopg://u@h/db")
    assert default_database_url() == "postgresql+psycopg://u@h/db"


def test_default_url_is_in_xdg_data_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_database_url() == f"sqlite:///{tmp_path}/data/bridgescore/bridgescore.db"
    assert (tmp_path / "data" / "bridgescore").is_dir()
    monkeypatch.setenv("BRIDGESCORE_DATABASE_URL", "")
    with Store() as opened:  # an empty variable counts as unset
        assert opened.url == f"sqlite:///{tmp_path}/data/bridgescore/bridgescore.db"
    assert (tmp_path / "data" / "bridgescore" / "bridgescore.db").is_file()


def test_default_url_falls_back_to_local_share(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    expected = tmp_path / ".local" / "share" / "bridgescore"
    assert default_database_url() == f"sqlite:///{expected}/bridgescore.db"
    assert expected.is_dir()
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # the XDG spec says: ignore it
    assert default_database_url() == f"sqlite:///{expected}/bridgescore.db"


def test_default_url_when_the_directory_cannot_be_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.delenv("BRIDGESCORE_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    with pytest.raises(StorageError, match="cannot create the data directory"):
        default_database_url()


# Crash safety


def growing_rubber_deal(n: int) -> tuple[str, str | None, int]:
    """Deal ``n`` (from 0) of a rubber that never ends: every contract goes one down."""
    if n % 7 == 6:
        return ("Pass", None, 0)
    level = n % 7 + 1
    return (f"{level}{'CDHSN'[n % 5]}{['', 'X', 'XX'][n % 3]}", ["we", "they"][n % 2], level + 5)


WRITER = f"""
import sys, time
from bridgescore.storage import Store, store as store_module

{inspect.getsource(growing_rubber_deal)}
url, game_id, mode = sys.argv[1:]
if mode == "pause":  # stop inside the save's transaction, after its deal rows are written
    real_insert = store_module._insert_deals

    def _insert_and_pause(*args):
        real_insert(*args)
        print("inside", flush=True)
        time.sleep(60)

    store_module._insert_deals = _insert_and_pause
store = Store(url)
stored = store.get(game_id)
rubber, version = stored.game, stored.version
print("writing", flush=True)
while True:
    rubber = rubber.record(*growing_rubber_deal(len(rubber.deals)))
    version = store.save(game_id, rubber, expected_version=version).version
"""


def expected_rubber(deals: int) -> Rubber:
    rubber = Rubber()
    for n in range(deals):
        rubber = rubber.record(*growing_rubber_deal(n))
    return rubber


@pytest.mark.slow
def test_a_writer_killed_mid_save_leaves_a_consistent_game(database_url: str) -> None:
    """Kill a process saving a growing rubber at random moments, and once inside a save."""
    with Store(database_url) as setup:
        game_id = setup.create(Rubber()).id
    rng = random.Random()
    deals = 0
    for mode in ("loop", "loop", "pause", "loop"):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, database_url, game_id, mode],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "writing"
        if mode == "pause":
            assert writer.stdout.readline().strip() == "inside"
        else:
            time.sleep(rng.uniform(0.05, 0.25))
        assert writer.poll() is None, "the writer stopped before it was killed"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        with Store(database_url) as reopened:
            stored = reopened.get(game_id)
        before, deals = deals, len(stored.home_game.deals)
        assert stored.version == deals + 1  # one deal per save: none lost, none half done
        assert stored.game == expected_rubber(deals)
        if mode == "pause":
            assert deals == before  # the save that was killed inside its transaction is gone
        else:
            assert deals > before


def test_a_save_that_fails_midway_changes_nothing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = store.create(RUBBER, names={"we": "Us"})
    before = store.get(created.id)
    real_insert: Callable[..., None] = store_module._insert_deals

    def insert_one_then_fail(
        conn: Connection, game_id: str, first: int, deals: list[object]
    ) -> None:
        real_insert(conn, game_id, first, deals[:1])
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store_module, "_insert_deals", insert_one_then_fail)
    for change in (
        RUBBER.record("1C", "we", 7).record("2C", "they", 8),  # appends two deals
        RUBBER.replace(1, "5D", "they", 11),  # deletes every deal, then inserts
    ):
        with pytest.raises(RuntimeError, match="disk on fire"):
            store.save(created.id, change)
        assert store.get(created.id) == before


# Round trips of random games


SIDES = ["we", "they"]


@st.composite
def contracts(draw: st.DrawFn) -> str:
    if draw(st.integers(0, 9)) == 0:
        return "Pass"
    level = draw(st.integers(1, 7))
    return f"{level}{draw(st.sampled_from('CDHSN'))}{draw(st.sampled_from(['', 'X', 'XX']))}"


@st.composite
def rubbers(draw: st.DrawFn) -> Rubber:
    rules = RubberRules.from_dict(
        {
            "name": draw(st.sampled_from(["default", "laws-1993"])),
            "honors": draw(st.booleans()),
            "undertrick_rule": draw(st.sampled_from(["modern", "pre-1987"])),
        }
    )
    rubber = Rubber(rules)
    for _ in range(draw(st.integers(0, 12))):
        if rubber.is_complete:
            break
        contract = draw(contracts())
        honors: dict[WeThey | str, int] = {
            draw(st.sampled_from(SIDES)): draw(st.sampled_from([100, 150]))
        }
        try:
            rubber = rubber.record(
                contract,
                draw(st.sampled_from(SIDES)),
                draw(st.integers(0, 13)) if contract != "Pass" else 0,
                honors=honors if draw(st.booleans()) else None,
            )
        except BridgeError:
            continue  # honors the rules or the contract do not allow
    if not rubber.is_complete and draw(st.booleans()):
        rubber = rubber.end()
    return rubber


@st.composite
def chicagos(draw: st.DrawFn) -> Chicago:
    game = Chicago(
        draw(st.sampled_from(["default", "acbl"])),
        draw(st.sampled_from(list(Seat))),
        switched=draw(st.booleans()),
        honors=draw(st.booleans()),
    )
    for _ in range(draw(st.integers(0, 12))):
        contract = draw(contracts())
        honors: dict[Side | str, int] = {
            draw(st.sampled_from(["NS", "EW"])): draw(st.sampled_from([100, 150]))
        }
        try:
            game = game.record(
                contract,
                draw(st.sampled_from("NESW")),
                draw(st.integers(0, 13)) if contract != "Pass" else 0,
                honors=honors if draw(st.booleans()) else None,
            )
        except BridgeError:
            continue
    return game


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],  # each example adds a game
)
@given(game=st.one_of(rubbers(), chicagos()), names=st.text(max_size=12))
def test_random_games_round_trip(store: Store, game: HomeGame, names: str) -> None:
    side = "we" if isinstance(game, Rubber) else "ew"
    created = store.create(game, names={side: names})
    back = store.get(created.id)
    assert back.game == game
    assert back.names[side] == names
    assert back.home_game.totals == game.totals
    saved = store.save(created.id, game, expected_version=1)
    assert store.get(created.id) == saved


def test_a_duplicate_session_round_trips(store: Store) -> None:
    section = Section(
        "A",
        "mitchell",
        pairs=[Pair(1, Side.NS, "Ann & Bob")],
        results=[
            BoardResult(1, 1, 1, Result.parse("4SN=")),
            BoardResult(1, 2, 2, artificial=Adjusted.parse("A+/A-")),
            BoardResult(2, 1, 2, Result.parse("3NTE-1"), round=2),
        ],
    )
    session = Session((section,), method="butler", event="Club night", tags={"Site": "Here"})
    created = store.create(session)
    back = store.get(created.id)
    assert back.kind == "session"
    assert back.game == session
    assert back.names == {}
    assert back.to_dict()["sections"][0]["results"][1]["artificial"] == "A+/A-"
    with pytest.raises(StorageError, match="is a night at the club, not a rubber or Chicago"):
        _ = back.home_game
    saved = store.save(created.id, session.with_method("mp"), expected_version=1)
    assert store.get(created.id).game == saved.game
    assert [g.kind for g in store.list(kind="session")] == ["session"]
    with pytest.raises(
        StorageError, match="unknown side for a session's names: 'we'; expected none"
    ):
        store.create(session, names={"we": "x"})


def test_a_session_read_from_pbn_is_stored_whole(store: Store) -> None:
    """Boards keep the file's other tags (the deal, an auction) through the store."""
    data = Path(__file__).parents[1] / "data"
    for name in ("mitchell3.pbn", "lenient.pbn"):
        session = pbn.read((data / name).read_text(encoding="utf-8"))
        back = store.get(store.create(session).id).game
        assert back == session
        assert isinstance(back, Session)
        assert [b.tags for s in back.sections for b in s.boards] == [
            b.tags for s in session.sections for b in s.boards
        ]


def test_upgrading_from_0001_keeps_every_deal(database_url: str) -> None:
    """0002 rebuilds the games table on SQLite; the deals must not cascade away with it."""
    engine = sa.create_engine(database_url, poolclass=sa.NullPool)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0001_initial")
        conn.execute(
            sa.text(
                "INSERT INTO games (id, kind, rules, settings, names, ended, version, token_hash,"
                " created_at, updated_at) VALUES ('old1', 'rubber', '{\"name\": \"default\"}',"
                " '{}', '{}', false, 3, 'x', :now, :now)"
            ),
            {"now": "2026-01-01 00:00:00"},
        )
        conn.execute(
            sa.text(
                "INSERT INTO deals (game_id, seq, contract, declarer, tricks, honors_by, honors)"
                " VALUES ('old1', 1, '4H', 'we', 10, NULL, 0), ('old1', 2, '3NT', 'they', 9,"
                " NULL, 0)"
            )
        )
    engine.dispose()
    with Store(database_url) as opened:
        old = opened.get("old1")
        assert [str(d) for d in old.home_game.deals] == [
            "4H by WE, 10 tricks",
            "3NT by THEY, 9 tricks",
        ]
        assert opened.create(Session()).kind == "session"
