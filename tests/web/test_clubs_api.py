"""Clubs on one server: logins, the club's evenings from any device, the roster, players at
the table, and nothing of one club changed or read by another club's director."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import PASSWORD, auth, create_app, csrf, make_club

MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
ANN, BOB = {"name": "Ann Smith", "number": "1001"}, {"name": "Bob Jones", "number": "1002"}
CY, DI = {"name": "Cy Brown", "number": None}, {"name": "Di Green", "number": "1004"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app as a club's server runs it: starting an evening needs a director's login (and
    logins are not limited here: the test of the limits sets its own)."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'c.db'}", login_attempts=10_000)
    with TestClient(create_app(settings)) as c:
        yield c


def start(client: TestClient, token: str, **extra: Any) -> dict[str, Any]:
    body = {"event": "Monday pairs", "movement": MOVEMENT, "venue": "Acol Road",
            "director": "Jo Bloggs", "date": "2026.12.01",
            "players": {"NS 1": [ANN, BOB], "EW 1": [CY, DI]}, **extra}  # fmt: skip
    answer = client.post("/api/sessions", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def test_starting_an_evening_needs_a_directors_login(client: TestClient) -> None:
    body = {"movement": MOVEMENT}
    assert client.post("/api/sessions", json=body).status_code == 401
    assert client.post("/api/sessions", json=body, headers=auth("made up")).status_code == 401
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    assert client.post("/api/sessions", json=body, headers=auth(token)).status_code == 201


def test_a_wrong_password_and_an_unknown_email_get_the_same_401(client: TestClient) -> None:
    make_club(client, "Acol BC", "1234", "td@acol.example")
    answers = [
        client.post("/api/login", json={"email": email, "password": "not the password"})
        for email in ("td@acol.example", "nobody@acol.example", "not an email")
    ]
    assert {a.status_code for a in answers} == {401}
    assert len({a.text for a in answers}) == 1


def test_failed_logins_are_limited_per_address_and_account_and_per_address(
    tmp_path: Path,
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'r.db'}", login_attempts=3)
    app = create_app(settings)
    with (
        TestClient(app, client=("10.0.0.1", 1)) as one,
        TestClient(app, client=("10.0.0.2", 1)) as two,
        TestClient(app, client=("10.0.0.3", 1)) as three,
    ):
        make_club(one, "Acol BC", "1234", "td@acol.example")
        wrong = {"email": "td@acol.example", "password": "wrong password"}
        right = {"email": "td@acol.example", "password": PASSWORD}
        for _ in range(3):
            assert two.post("/api/login", json=wrong).status_code == 401
        refused = two.post("/api/login", json=right)  # 10.0.0.2 failed three times
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert three.post("/api/login", json=right).status_code == 200  # not 10.0.0.3
        assert one.post("/api/login", json=right).status_code == 200
        for n in range(29):  # ten times as many failures from 10.0.0.3, to other accounts
            other = {"email": f"x{n}@acol.example", "password": "wrong password"}
            assert three.post("/api/login", json=other).status_code == 401
        last = three.post("/api/login", json={"email": "y@x.org", "password": "wrong!"})
        assert last.status_code == 401  # the 30th failure
        assert three.post("/api/login", json=right).status_code == 429  # the address waits


def test_a_director_finds_the_clubs_evening_on_a_second_device(client: TestClient) -> None:
    first = make_club(client, "Acol BC", "1234", "td@acol.example")
    created = start(client, first)
    older = start(client, first, event="Older")
    with TestClient(client.app) as phone:  # a second device: its own login
        login = phone.post("/api/login", json={"email": "td@acol.example", "password": PASSWORD})
        second = login.json()["token"]
        listed = phone.get("/api/club/sessions", headers=auth(second)).json()["sessions"]
        assert [s["id"] for s in listed] == [older["id"], created["id"]]  # the newest first
        assert listed[1]["director_url"] == created["director_url"]
        edit_token = listed[1]["director_url"].split("#")[1]
        # the director's page token and the login both direct the evening
        for token in (edit_token, second):
            assert phone.get(f"/api/sessions/{created['id']}/whoami",
                             headers=auth(token)).json() == {"role": "director"}  # fmt: skip
        tables = phone.get(f"/api/sessions/{created['id']}/tables", headers=auth(edit_token))
        assert tables.json()["tables"] == created["tables"]
        closed = phone.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                            headers=auth(second))  # fmt: skip
        assert closed.status_code == 200
    assert client.get("/api/club/sessions").status_code == 401


def test_a_pair_of_players_gets_a_substitute_with_the_audit_trail(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    created = start(client, token)
    game = created["id"]
    table = auth(created["tables"][0]["token"])
    sub = {"players": [ANN, {"name": "Sue Sub", "number": "1009"}]}
    assert (
        client.put(f"/api/sessions/{game}/pairs/NS 1", json=sub, headers=table).status_code == 403
    )
    changed = client.put(f"/api/sessions/{game}/pairs/NS 1", json=sub, headers=auth(token))
    assert changed.status_code == 200
    assert changed.json()["version"] == 2
    read = client.get(f"/api/sessions/{game}", headers=auth(token)).json()
    assert read["players"]["NS 1"] == sub["players"]
    assert read["names"]["NS 1"] == "Ann Smith & Sue Sub"
    (change,) = client.get(f"/api/sessions/{game}/changes", headers=auth(token)).json()["changes"]
    assert change["action"] == "players"
    assert change["who"] == "director"
    assert change["old"]["players"] == [ANN, BOB]
    assert change["new"]["players"] == sub["players"]
    bad = client.put(f"/api/sessions/{game}/pairs/NS 9", json=sub, headers=auth(token))
    assert bad.status_code == 422


def test_the_pbn_and_csv_carry_the_event_club_date_venue_director_and_players(
    client: TestClient,
) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    created = start(client, token)
    game = created["id"]
    result = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    table = auth(created["tables"][0]["token"])
    assert client.post(f"/api/sessions/{game}/results", json=result, headers=table).is_success
    client.post(f"/api/sessions/{game}/close", json={"closed": True}, headers=auth(token))
    pbn = client.get(f"/session/{game}/session.pbn?per=table").text
    first = pbn[: pbn.index("\r\n\r\n")]
    for tag in ('[Event "Monday pairs"]', '[Site "Acol Road"]', '[Date "2026.12.01"]',
                '[North "Ann Smith"]', '[South "Bob Jones"]', '[East "Cy Brown"]',
                '[West "Di Green"]', '[Club "Acol BC (EBU 1234)"]',
                '[Director "Jo Bloggs"]'):  # fmt: skip
        assert tag in first, first
    csv = client.get(f"/session/{game}/session.csv").text
    assert "A,NS 1,Ann Smith,1001" in csv
    assert "A,EW 1,Cy Brown," in csv
    assert "Site,Acol Road" in csv
    assert "Date,2026.12.01" in csv
    rankings = client.get(f"/api/sessions/{game}").json()["rankings"]
    assert {tuple(map(str, (r["pair"], r.get("players")))) for r in rankings["NS"]} >= {
        ("NS 1", str([ANN, BOB]))}  # fmt: skip


def test_a_player_who_may_not_be_named_is_shown_by_number_on_public_pages(
    client: TestClient,
) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    added = client.post("/api/roster", json={**BOB, "public": False}, headers=auth(token))
    assert added.status_code == 201, added.text
    created = start(client, token)
    game = created["id"]
    public = client.get(f"/api/sessions/{game}").json()
    assert public["names"]["NS 1"] == "Ann Smith & Player 1002"
    assert "Bob Jones" not in str(public)
    director = client.get(f"/api/sessions/{game}", headers=auth(token)).json()
    assert director["names"]["NS 1"] == "Ann Smith & Bob Jones"
    client.post(f"/api/sessions/{game}/close", json={"closed": True}, headers=auth(token))
    assert "Bob Jones" not in client.get(f"/session/{game}").text
    assert "Bob Jones" not in client.get(f"/session/{game}/session.pbn?per=table").text


def test_the_roster_api(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    assert client.get("/api/roster").status_code == 401
    ann = client.post("/api/roster", json={**ANN, "email": "ann@x.org"}, headers=auth(token))
    vera = client.post("/api/roster", json={"name": "Vera", "number": None, "visitor": True},
                       headers=auth(token)).json()  # fmt: skip
    assert ann.status_code == 201
    same = client.post("/api/roster", json={"name": "Copy", "number": "1001"}, headers=auth(token))
    assert same.status_code == 422
    assert "1001" in same.text
    listed = client.get("/api/roster", headers=auth(token)).json()["players"]
    assert [(p["name"], p["number"], p["visitor"]) for p in listed] == [
        ("Ann Smith", "1001", False), ("Vera", None, True)]  # fmt: skip
    pid = ann.json()["id"]
    changed = client.put(f"/api/roster/{pid}", json={**ANN, "public": False}, headers=auth(token))
    assert changed.json()["public"] is False
    gone = client.delete(f"/api/roster/{vera['id']}", headers=auth(token))
    assert gone.status_code == 200
    assert client.get(f"/api/roster/{vera['id']}", headers=auth(token)).status_code == 404
    bad = client.post("/api/roster", json={"name": "X", "number": "1 2"}, headers=auth(token))
    assert bad.status_code == 422


def test_a_director_resets_another_directors_password(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    added = client.post("/api/club/directors", json={"email": "two@acol.example",
                        "password": PASSWORD}, headers=auth(token))  # fmt: skip
    assert added.status_code == 201
    reset = client.put("/api/club/directors/two@acol.example/password",
                       json={"password": "a new long password"}, headers=auth(token))  # fmt: skip
    assert reset.status_code == 204
    login = {"email": "two@acol.example", "password": "a new long password"}
    assert client.post("/api/login", json=login).status_code == 200
    assert client.get("/api/club", headers=auth(token)).json()["directors"] == [
        "td@acol.example", "two@acol.example"]  # fmt: skip


# -- two clubs, nothing shared ---------------------------------------------------------------

STREAMS = {
    ("GET", "/api/rubbers/{game_id}/events"),
    ("GET", "/api/chicagos/{game_id}/events"),
    ("GET", "/api/sessions/{game_id}/events"),
    ("GET", "/api/events/{event_id}/events"),
}
"""Event streams never end: they carry only the version, to anyone with the id and without a
token (the test checks they take no Authorization header, so a login cannot get more)."""


def _bodies(a: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """A valid body for each operation that takes one (else ``{}``)."""
    result = {"round": 1, "table": 1, "board": 2, "contract": "3NT", "declarer": "N", "tricks": 9}
    return {
        ("POST", "/api/sessions"): {"movement": MOVEMENT},
        ("POST", "/api/sessions/{game_id}/results"): result,
        ("PUT", "/api/sessions/{game_id}/results/{result_id}"): result,
        ("POST", "/api/sessions/{game_id}/artificial"): {"artificial": "A/A", "pair": "NS 2"},
        ("POST", "/api/sessions/{game_id}/conflicts"): result,
        ("POST", "/api/sessions/{game_id}/conflicts/{conflict_id}"): {"keep": "entry"},
        ("PUT", "/api/sessions/{game_id}/pairs/{label}"): {"players": [CY, DI]},
        ("POST", "/api/sessions/{game_id}/close"): {"closed": True},
        ("POST", "/api/sessions/{game_id}/pairs"): {"pair": "NS 1", "from_round": 2},
        ("POST", "/api/sessions/{game_id}/withdrawals"): {"pair": "EW 2", "from_round": 2},
        ("PUT", "/api/sessions/{game_id}/boards/{board}"): {"versions": [[1], [2, 3]]},
        ("POST", "/api/sessions/{game_id}/boards/{board}/results"): [
            {"table": 2, "contract": "3NT", "declarer": "N", "tricks": 9}
        ],
        ("POST", "/api/login"): {"email": "td@b.example", "password": PASSWORD},
        ("POST", "/api/club/directors"): {"email": "new@b.example", "password": PASSWORD},
        ("PUT", "/api/club/directors/{email}/password"): {"password": "taken over by B"},
        ("POST", "/api/roster"): {"name": "B's player", "number": "2001"},
        ("PUT", "/api/roster/{player_id}"): {"name": "Renamed by B", "number": "1001"},
        ("POST", "/api/events"): {
            "kind": "pairs",
            "name": "B's try",
            "sessions": [a["game"], a["second"]],
            "ranking": "matchpoints",
        },
        ("POST", "/api/events/{event_id}/results"): {
            "round": 1,
            "match": 1,
            "room": "open",
            "board": 2,
            "contract": "Pass",
        },
        ("PUT", "/api/events/{event_id}/results"): {
            "round": 1,
            "match": 1,
            "room": "open",
            "board": 1,
            "contract": "3NT",
            "declarer": "N",
            "tricks": 9,
        },
        ("POST", "/api/events/{event_id}/rounds/{round_number}/swap"): {
            "entrants": ["Lions", "Tigers"]
        },
        ("POST", "/api/rubbers/{game_id}/deals"): {"contract": "4H", "by": "we", "tricks": 10},
        ("POST", "/api/chicagos/{game_id}/deals"): {
            "contract": "4H",
            "declarer": "N",
            "tricks": 10,
        },
        ("PUT", "/api/rubbers/{game_id}/deals/{n}"): {"contract": "4H", "by": "we", "tricks": 10},
        ("PUT", "/api/chicagos/{game_id}/deals/{n}"): {
            "contract": "4H",
            "declarer": "N",
            "tricks": 10,
        },
    }


def _club_a(client: TestClient) -> dict[str, Any]:
    """Club A with an evening (a result in, a conflict open), a roster player and an event."""
    token = make_club(client, "Acol BC", "1234", "td@a.example")
    created = start(client, token)
    second = start(client, token, event="Second")
    game = created["id"]
    table = auth(created["tables"][0]["token"])
    result = {"round": 1, "table": 1, "board": 1, "contract": "4H", "declarer": "S", "tricks": 10}
    added = client.post(f"/api/sessions/{game}/results", json=result, headers=table).json()
    again = client.post(f"/api/sessions/{game}/results", json={**result, "tricks": 9},
                        headers=table)  # fmt: skip
    assert again.status_code == 409
    assert again.json()["conflict"]
    player = client.post("/api/roster", json=ANN, headers=auth(token)).json()
    event = client.post("/api/events", headers=auth(token), json={
        "kind": "pairs", "name": "A's championship", "sessions": [game, second["id"]],
        "ranking": "matchpoints"})  # fmt: skip
    assert event.status_code == 201, event.text
    team = client.post(
        "/api/events",
        headers=auth(token),
        json={
            "kind": "swiss-teams",
            "name": "A's Swiss",
            "boards_per_match": 2,
            "entrants": [{"name": n} for n in ("Lions", "Tigers", "Bears", "Owls")],
        },
    ).json()["id"]
    drawn = client.post(f"/api/events/{team}/rounds", headers=auth(token)).json()
    first = {"round": 1, "match": 1, "room": "open", "board": 1, "contract": "Pass"}
    client.post(
        f"/api/events/{team}/results",
        json=first,
        headers=auth(drawn["matches"][0]["tables"][0]["token"]),
    )
    return {"token": token, "game": game, "second": second["id"], "result": added["id"],
            "team": team,
            "player": player["id"], "event": event.json()["id"], "email": "td@a.example",
            "rubber": client.post("/api/rubbers", json={}).json()["id"],
            "chicago": client.post("/api/chicagos", json={}).json()["id"]}  # fmt: skip


def _snapshot(client: TestClient, a: dict[str, Any]) -> list[Any]:
    """Everything of club A, as its director reads it."""
    token = auth(a["token"])
    game = a["game"]
    reads = [f"/api/sessions/{game}", f"/api/sessions/{game}/changes", "/api/roster",
             "/api/club", "/api/club/sessions", f"/api/events/{a['event']}",
             f"/api/sessions/{game}/tables", f"/api/events/{a['team']}",
             f"/api/events/{a['team']}/rounds/1"]  # fmt: skip
    answers = [client.get(path, headers=token) for path in reads]
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    login = {"email": a["email"], "password": PASSWORD}
    return [r.json() for r in answers] + [client.post("/api/login", json=login).status_code]


def _path(template: str, a: dict[str, Any]) -> str:
    """The operation's path with club A's ids in it (a rubber's and a Chicago's are A's
    director's too)."""
    game = a["rubber"] if "/rubbers/" in template else a["game"]
    game = a["chicago"] if "/chicagos/" in template else game
    values = {"game_id": game, "board": 1, "result_id": a["result"], "conflict_id": 1,
              "label": "NS 1", "player_id": a["player"], "email": a["email"],
              "event_id": a["event"], "n": 1, "number": "1001", "round_number": 1,
              "match": 1, "what": "results", "player": 1}  # fmt: skip
    if template.startswith("/api/events/{event_id}/"):  # a team event's calls: A's Swiss
        values["event_id"] = a["team"]
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m[1]]), template)


def test_another_clubs_director_changes_nothing_and_reads_no_more_than_anyone(
    client: TestClient,
) -> None:
    a = _club_a(client)
    b = make_club(client, "Bridge Hub", "5678", "td@b.example")
    schema = client.app.openapi()  # type: ignore[attr-defined]
    operations = [(method.upper(), path, op) for path, ops in schema["paths"].items()
                  for method, op in ops.items()]  # fmt: skip
    assert {(m, p) for m, p, _ in operations} >= STREAMS
    for method, path, op in operations:
        if (method, path) in STREAMS:
            params = {p["name"].lower() for p in op.get("parameters", [])}
            assert "authorization" not in params, path
    a_marks = [a["game"], a["event"], "Ann Smith", "1001", "td@a.example", "Acol BC",
               "A's championship", a["token"]]  # fmt: skip
    bodies = _bodies(a)
    # B's logout last: it ends B's login
    operations.sort(key=lambda o: o[1] == "/api/logout")
    before = _snapshot(client, a)
    tried = 0
    for method, template, _ in operations:
        if (method, template) in STREAMS:
            continue
        url = _path(template, a)
        body = bodies.get((method, template), {})
        kwargs: dict[str, Any] = {} if method in ("GET", "DELETE") else {"json": body}
        as_b = client.request(method, url, headers=auth(b), **kwargs)
        tried += 1
        has_a_ids = "{" in template
        if method == "GET":
            anonymous = client.get(url)
            if has_a_ids and as_b.status_code < 400:  # no more than an anonymous reader
                assert as_b.status_code == anonymous.status_code, (template, as_b.text)
                if as_b.headers["content-type"].startswith("application/json"):
                    assert as_b.json() == anonymous.json(), template
                else:  # a file (a USEBIO export)
                    assert as_b.content == anonymous.content, template
            shown = {m for m in a_marks if m in as_b.text} - {
                m for m in a_marks if m in anonymous.text}  # fmt: skip
            assert not shown, (template, shown)
        elif has_a_ids:  # a change to something of A's
            assert as_b.status_code in (403, 404), (method, template, as_b.status_code, as_b.text)
        else:  # B's own (a new evening, player, event...): nothing of A's in the answer
            sent = str(body)  # but what B sent (an id it quotes back, refused)
            quoted = [m for m in a_marks if m in as_b.text and m not in sent]
            assert not quoted, (template, as_b.text)
        assert _snapshot(client, a) == before, (method, template)
    assert tried >= 30


def test_another_clubs_director_cannot_erase_from_the_roster_page(client: TestClient) -> None:
    a = _club_a(client)
    with TestClient(client.app) as other:
        make_club(other, "Bridge Hub", "5678", "td@b.example")
        token = csrf(other, "/login")
        logged = other.post("/login", data={"csrf": token, "email": "td@b.example",
                            "password": PASSWORD}, follow_redirects=False)  # fmt: skip
        assert logged.status_code == 303
        token = csrf(other, "/club/roster")  # renewed at login
        erase = other.post(f"/club/roster/{a['player']}/erase", data={"csrf": token})
        assert erase.status_code == 404
        assert "Ann Smith" not in other.get("/club/roster").text
    players = client.get("/api/roster", headers=auth(a["token"])).json()["players"]
    assert [p["name"] for p in players] == ["Ann Smith"]


def test_a_restart_keeps_the_directors_logged_in(tmp_path: Path) -> None:
    """The login cookie's key is kept in the database: a new app on it (a restart, or another
    worker) takes the cookie the first one signed."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'restart.db'}")
    with TestClient(create_app(settings)) as first:
        make_club(first, "Acol BC", "1234", "td@acol.example")
        token = csrf(first, "/login")
        logged = first.post("/login", data={"csrf": token, "email": "td@acol.example",
                            "password": PASSWORD}, follow_redirects=False)  # fmt: skip
        assert logged.status_code == 303
        cookies = dict(first.cookies)
    with TestClient(create_app(settings), cookies=cookies) as again:
        club = again.get("/club", follow_redirects=False)
    assert club.status_code == 200, club.headers.get("location")
    assert "Acol BC" in club.text
