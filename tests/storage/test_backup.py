"""A club's export and import (``bridgescore club export`` / ``import``): the imported club
answers every API request as the first server did (ids aside), on SQLite and PostgreSQL, next
to another club; a file that will not do is refused whole, naming its field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.storage import Store
from bridgescore.storage.backup import BackupError, Imported, export_club, import_club, read_export
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import table_token
from bridgescore.web import Settings
from tests.conftest import PASSWORD, auth, create_app, make_club, run

MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
ANN, BOB = {"name": "Ann Smith", "number": "1001"}, {"name": "Bob Jones", "number": "1002"}


def _app(url: str) -> TestClient:
    return TestClient(create_app(Settings(database_url=url, login_attempts=10_000)))


def _evening(client: TestClient, token: str, event: str) -> dict[str, Any]:
    body = {"event": event, "movement": MOVEMENT, "date": "2026.12.01",
            "players": {"NS 1": [ANN, BOB]}}  # fmt: skip
    answer = client.post("/api/sessions", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _play(client: TestClient, token: str, created: dict[str, Any]) -> None:
    """Results, an edit, a deletion, a conflict, a substitute: an audit trail of each kind."""
    game, tables = created["id"], [auth(t["token"]) for t in created["tables"]]
    path = f"/api/sessions/{game}/results"
    posted = []
    for table, board in ((1, 1), (1, 2), (2, 3), (3, 5)):
        result = {"round": 1, "table": table, "board": board, "contract": "4H", "declarer": "S",
                  "tricks": 10}  # fmt: skip
        answer = client.post(path, json=result, headers=tables[table - 1])
        assert answer.status_code == 201, answer.text
        posted.append(answer.json()["id"])
    again = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N", "tricks": 9}
    assert client.post(path, json=again, headers=tables[0]).status_code == 409  # a conflict
    edit = {"round": 1, "table": 2, "board": 3, "contract": "4S", "declarer": "N", "tricks": 9}
    assert client.put(f"{path}/{posted[2]}", json=edit, headers=auth(token)).is_success
    assert client.delete(f"{path}/{posted[3]}", headers=auth(token)).is_success
    sub = {"players": [ANN, {"name": "Sue Sub", "number": "1009"}]}
    assert client.put(f"/api/sessions/{game}/pairs/NS 1", json=sub,
                      headers=auth(token)).is_success  # fmt: skip


def _club(client: TestClient) -> tuple[str, str, list[str]]:
    """A club with two directors, a roster (one private, one erased), two evenings (one
    played and closed) and an event of both: its id, a login and the evenings' ids."""
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    two = {"email": "two@acol.example", "password": PASSWORD}
    assert client.post("/api/club/directors", json=two, headers=auth(token)).is_success
    for player in ({**ANN, "email": "ann@x.org"}, {**BOB, "public": False},
                   {"name": "Vera", "number": None, "visitor": True}):  # fmt: skip
        assert client.post("/api/roster", json=player, headers=auth(token)).is_success
    vera = client.get("/api/roster", headers=auth(token)).json()["players"][-1]
    assert client.delete(f"/api/roster/{vera['id']}", headers=auth(token)).is_success
    first, second = _evening(client, token, "Monday pairs"), _evening(client, token, "Tuesday")
    _play(client, token, first)
    closed = client.post(f"/api/sessions/{first['id']}/close", json={"closed": True},
                         headers=auth(token))  # fmt: skip
    assert closed.is_success
    event = {"name": "Autumn", "sessions": [first["id"], second["id"]]}
    assert client.post("/api/events", json=event, headers=auth(token)).status_code == 201
    club_id = client.get("/api/club", headers=auth(token)).json()["club"]["id"]
    return club_id, token, [first["id"], second["id"]]


def _answers(client: TestClient, token: str, games: list[str]) -> dict[str, Any]:
    """Every answer of the API about the club, as its director and as anyone."""
    director = auth(token)
    paths = ["/api/club", "/api/club/sessions", "/api/roster"]
    for game in games:
        paths += [f"/api/sessions/{game}", f"/api/sessions/{game}/changes",
                  f"/api/sessions/{game}/tables", f"/api/sessions/{game}/boards/1"]  # fmt: skip
    answers: dict[str, Any] = {}
    for path in paths:
        for who, headers in (("director", director), ("anyone", {})):
            answer = client.get(path, headers=headers)
            body = answer.json()
            if isinstance(body, dict):  # a stream's pass is the server's own keyed hash
                body.pop("stream", None)
            answers[f"{who} {path}"] = (answer.status_code, body)
    listed = client.get("/api/club/sessions", headers=director).json()
    for event in listed["events"]:
        answers[f"event {event['name']}"] = client.get(f"/api/events/{event['id']}").json()
    for player in client.get("/api/roster", headers=director).json()["players"]:
        one = client.get(f"/api/roster/{player['id']}", headers=director).json()
        answers[f"player {player['name']}"] = {"players": [one]}
    for pdf in ("session.pbn?per=table", "session.csv"):
        answers[pdf] = client.get(f"/session/{games[0]}/{pdf}").text
    return answers


def _renamed(value: Any, strings: dict[str, str], numbers: dict[str, dict[int, int]],
             kind: str = "") -> Any:  # fmt: skip
    """``value`` with the first server's ids and tokens as the second server has them:
    strings (ids, tokens, and the links holding them) by ``strings``; a number by the map of
    the kind of row it numbers, known from its key and the list it is in."""
    if isinstance(value, str):
        for old, new in strings.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, list | tuple):
        return type(value)(_renamed(v, strings, numbers, kind) for v in value)
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "result_id" and isinstance(item, int) and item:
                out[key] = numbers["results"][item]
            elif key == "id" and isinstance(item, int):
                out[key] = numbers[kind][item]
            else:
                inner = {"players": "roster", "results": "results", "conflicts": "conflicts",
                         "director": "directors"}.get(key, kind)  # fmt: skip
                out[_renamed(key, strings, numbers)] = _renamed(item, strings, numbers, inner)
        return out
    return value


def _tokens(store: Store, games: list[str]) -> dict[str, str]:
    clubs = ClubStore(store)
    found = {}
    for game in games:
        edit = clubs.edit_token(game)
        found[game] = edit
        found.update({f"{game}/{t}": table_token(edit, game, t) for t in (1, 2, 3)})
    return found


@pytest.fixture(scope="module")
def first(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, str, str, list[str]]]:
    """The first server, with the club (made once: the tests only read it, or are refused)."""
    path = tmp_path_factory.mktemp("first") / "first.db"
    with _app(f"sqlite:///{path}") as client:
        club_id, token, games = _club(client)
        yield client, club_id, token, games


def test_an_imported_club_answers_as_it_did_beside_another_club(
    first: tuple[TestClient, str, str, list[str]], database_url: str
) -> None:
    client, club_id, token, games = first
    # as stored: a server started again (the one that ran the evening shows a session's tags
    # in the order it was given them until it restarts, then in the stored order)
    with _app(client.app.state.store.url) as restarted:  # type: ignore[attr-defined]
        before = _answers(restarted, token, games)
    data = export_club(client.app.state.store, club_id)  # type: ignore[attr-defined]
    with _app(database_url) as second:
        other = make_club(second, "Other BC", "9", "td@other.example")  # already there
        _play(second, other, _evening(second, other, "Theirs"))
        store: Store = second.app.state.store  # type: ignore[attr-defined]
        imported = import_club(store, json.loads(json.dumps(data)))
        login = second.post("/api/login", json={"email": "td@acol.example",
                                                "password": PASSWORD})  # fmt: skip
        assert login.status_code == 200  # the password hashes came along
        new_token = login.json()["token"]
        new_games = [imported.games[g] for g in games]
        after = _answers(second, new_token, new_games)
        old_tokens = _tokens(client.app.state.store, games)  # type: ignore[attr-defined]
        new_tokens = _tokens(store, new_games)
        strings = {**{old_tokens[k]: new_tokens[k.replace(g, imported.games[g])]
                      for g in games for k in old_tokens if k.startswith(g)},
                   **imported.games, **imported.events, club_id: imported.club.id}  # fmt: skip
        numbers = {k: dict(v) for k, v in imported.numbers.items()}
        renamed = _renamed(before, strings, numbers)
        for key in renamed:
            assert renamed[key] == after[key], key
        again = export_club(store, imported.club.id)
        assert _same_but_ids(data, again, imported)
        other_club = second.get("/api/club", headers=auth(other)).json()["club"]["id"]
        assert len(export_club(store, other_club)["games"]) == 1  # nothing of it changed


def _same_but_ids(data: dict[str, Any], again: dict[str, Any], imported: Imported) -> bool:
    """Whether a second export is the first with the new ids (numbers mapped, times kept)."""
    strings = {**imported.games, **imported.events, data["club"]["id"]: imported.club.id}
    numbers = {k: dict(v) for k, v in imported.numbers.items()}
    expected = json.loads(json.dumps(data))
    expected["exported_at"] = again["exported_at"]
    expected["club"]["id"] = imported.club.id
    for name in ("directors", "roster"):
        for row in expected[name]:
            row["id"] = numbers[name][row["id"]]
    for game in expected["games"]:
        game["settings"] = json.loads(_renamed(json.dumps(game["settings"]), strings, {}))
        game["id"] = imported.games[game["id"]]
        for row in game["results"]:
            row["id"] = numbers["results"][row["id"]]
        for row in game["conflicts"]:
            row["id"] = numbers["conflicts"][row["id"]]
            if row["result_id"] is not None:
                row["result_id"] = numbers["results"][row["result_id"]]
        for row in game["changes"]:
            row["result_id"] = numbers["results"].get(row["result_id"], 0)
    for event in expected["events"]:
        event["id"] = imported.events[event["id"]]
        event["definition"]["sessions"] = [imported.games[s]
                                           for s in event["definition"]["sessions"]]  # fmt: skip
    return bool(expected == again)


def test_a_club_already_there_or_a_taken_email_is_refused_and_nothing_is_stored(
    first: tuple[TestClient, str, str, list[str]],
) -> None:
    client, club_id, _, _ = first
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    data = export_club(store, club_id)
    with pytest.raises(BackupError, match="club 1234 is here already") as caught:
        import_club(store, data)
    assert caught.value.field == "club.number"
    data["club"]["number"] = "5678"
    with pytest.raises(BackupError, match="a director here already") as caught:
        import_club(store, data)
    assert caught.value.field == "directors[0].email"
    assert len(store.list(kind="session")) == 2  # nothing half stored


BAD = [  # (where in the file, the value put there, the field named)
    (("version",), 2, "version"),
    (("club", "body"), "XYZ", "club.body"),
    (("directors", 0, "email"), "not an email", "directors[0].email"),
    (("directors", 0, "password_hash"), "plain text", "directors[0].password_hash"),
    (("roster", 0, "number"), "1 2", "roster[0].number"),
    (("roster", 1, "number"), "1001", "roster[1].number"),  # a number given twice
    (("games", 0, "results", 0, "tricks"), 14, "games[0].results[0].tricks"),
    (("games", 0, "results", 0, "contract"), "4Z", "games[0].results[0].contract"),
    (("games", 0, "results", 0, "round"), "1", "games[0].results[0].round"),
    (("games", 0, "results", 0, "created_at"), "2026-12-01", "games[0].results[0].created_at"),
    (("games", 0, "changes", 0, "action"), "burn", "games[0].changes[0].action"),
    (("games", 0, "conflicts", 0, "result_id"), 99999, "games[0].conflicts[0].result_id"),
    (("games", 0, "tables", 0), 0, "games[0].tables[0]"),
    (("games", 0, "kind"), "tournament", "games[0].kind"),
    (("games", 0, "settings", "sections"), "A", "games[0].settings"),
    (("games", 0, "settings", "method"), "best", "games[0].method"),
    (("events", 0, "definition", "sessions"), ["x", "y"], "events[0].definition.sessions[0]"),
    (("games", 0, "id"), "x" * 65, "games[0].id"),
    (("games", 0, "surprise"), 1, "games[0].surprise"),
]


@pytest.mark.parametrize(("where", "value", "named"), BAD, ids=[b[2] for b in BAD])
def test_a_file_that_will_not_do_is_refused_naming_its_field(
    first: tuple[TestClient, str, str, list[str]], tmp_path: Path,
    where: tuple[str | int, ...], value: object, named: str,
) -> None:  # fmt: skip
    client, club_id, _, _ = first
    data = export_club(client.app.state.store, club_id)  # type: ignore[attr-defined]
    data["club"]["number"] = "5678"
    for d in data["directors"]:
        d["email"] = d["email"].replace("acol", "elsewhere")
    data["games"].sort(key=lambda g: -len(g["results"]))  # the played evening first
    place: Any = data
    for step in where[:-1]:
        place = place[step]
    place[where[-1]] = value
    with Store(f"sqlite:///{tmp_path / 'empty.db'}") as empty:
        with pytest.raises(BackupError) as caught:
            import_club(empty, data)
        assert caught.value.field == named, caught.value
        assert ClubStore(empty).store.list() == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_bytes_are_refused_with_a_backup_error_or_read(raw: bytes) -> None:
    try:
        loaded = read_export(raw)
    except BackupError as exc:
        refused: BackupError | None = exc
    else:
        refused = None
    if refused is not None:
        assert refused.field == "file"
        return
    with Store("sqlite://") as store, pytest.raises(BackupError):
        import_club(store, loaded)


def test_the_cli_exports_and_imports(
    first: tuple[TestClient, str, str, list[str]], tmp_path: Path, runner: CliRunner
) -> None:
    client, _, _, games = first
    url = client.app.state.store.url  # type: ignore[attr-defined]
    out = tmp_path / "acol.json"
    code, text = run(runner, "club", "export", "Acol BC", "-o", str(out), "--db", url)
    assert code == 0, text
    assert "2 sessions, 2 players, 1 events" in text
    target = f"sqlite:///{tmp_path / 'target.db'}"
    code, text = run(runner, "club", "import", str(out), "--db", target)
    assert code == 0, text
    new_id = text.strip()
    code, again = run(runner, "club", "export", new_id, "--db", target)
    assert code == 0
    assert json.loads(again)["club"]["name"] == "Acol BC"
    code, text = run(runner, "club", "import", str(out), "--db", target)
    assert code == 2
    assert "club.number" in text
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    code, text = run(runner, "club", "import", str(bad), "--db", target)
    assert code == 2
    assert "not a club export" in text
    assert len(games) == 2


def test_a_teams_night_and_an_evenings_dealing_seed_come_along(tmp_path: Path) -> None:
    """A Swiss of four teams with a round played (a board entered in both rooms) and an
    evening whose boards were dealt in the app: the imported club's event has the same
    standings and rounds (IMPs, VPs), and its evening the same seed commitment."""
    with _app(f"sqlite:///{tmp_path / 'a.db'}") as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        body = {"kind": "swiss-teams", "name": "Swiss", "rounds": 2,
                "entrants": [{"name": n, "players": ["A B", "C D", "E F", "G H"]}
                             for n in ("Lions", "Tigers", "Owls", "Bears")]}  # fmt: skip
        made = client.post("/api/events", json=body, headers=auth(token))
        assert made.status_code == 201, made.text
        event_id = made.json()["id"]
        drawn = client.post(f"/api/events/{event_id}/rounds", headers=auth(token)).json()
        match = drawn["matches"][0]
        for table, tricks in zip(match["tables"], (10, 9), strict=True):
            result = {"round": 1, "match": match["match"], "room": table["room"],
                      "board": match["boards"][0], "contract": "4S", "declarer": "N",
                      "tricks": tricks}  # fmt: skip
            answer = client.post(f"/api/events/{event_id}/results", json=result,
                                 headers=auth(table["token"]))  # fmt: skip
            assert answer.status_code == 201, answer.text
        evening = _evening(client, token, "Monday")["id"]
        dealt = client.post(f"/api/sessions/{evening}/deals/dealt", headers=auth(token))
        assert dealt.status_code == 201, dealt.text
        before = client.get(f"/api/events/{event_id}").json()
        seed_before = client.get(f"/api/sessions/{evening}/deals").json()["commitment"]
        club_id = client.get("/api/club", headers=auth(token)).json()["club"]["id"]
        data = export_club(client.app.state.store, club_id)  # type: ignore[attr-defined]
    team_night = next(g for g in data["games"] if g["id"] == event_id)  # a live night
    assert (team_night["kind"], len(team_night["results"]), data["event_results"]) == (
        "teams",
        2,
        [],
    )
    assert len(data["seeds"]) == 1
    with Store(f"sqlite:///{tmp_path / 'b.db'}") as target:
        imported = import_club(target, read_export(json.dumps(data)))
    with _app(f"sqlite:///{tmp_path / 'b.db'}") as client:
        after = client.get(f"/api/events/{imported.events[event_id]}").json()
        seed_after = client.get(
            f"/api/sessions/{imported.games[evening]}/deals"
        ).json()["commitment"]  # fmt: skip
    assert after["standings"] == before["standings"]
    assert _matches(after) == _matches(before)
    assert seed_after == seed_before


def _matches(event: dict[str, Any]) -> list[list[tuple[Any, ...]]]:
    """An event's rounds as who played whom, with the IMPs and VPs."""
    return [[(m["home"], m["away"], m["imps"], m["vp"]) for m in r["matches"]]
            for r in event["rounds"]]  # fmt: skip
