"""Bridgemate live (bridgescore.bridgemate) against a fake BCS (tests/bridgemate/fake_bcs.py):
an evening played from the handsets ranks as the same evening played from phones; every
request the client sends passes the vendor's fixtures and validation; what the core refuses
from a phone it refuses from a handset."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from bridgemate_dataconnector import DataConnectorClient
from bridgemate_dataconnector.dto import InitDTO, ResultDTO
from fastapi.testclient import TestClient

from bridgescore.bridgemate import Bridge, BridgemateError, entry_of, init_dto
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.events import Event, EventKind, teams
from bridgescore.live import LiveState, TableEntry
from bridgescore.model import Result
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings
from bridgescore.web.deps import live_of
from tests.bridgemate.fake_bcs import FIXTURES, FakeBcs, fixture
from tests.conftest import auth, create_app
from tests.helpers import entry_body

CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "4HX", "3C", "5DX", "6NT", "2H")
LEADS = ("SK", "HT", "D2", "CA", None)


@pytest.fixture
def app() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url="sqlite://", open_evenings=True))) as c:
        yield c


@pytest.fixture
def app_on(database_url: str) -> Iterator[TestClient]:
    """The app on each backend (SQLite, PostgreSQL)."""
    with TestClient(create_app(Settings(database_url=database_url, open_evenings=True))) as c:
        yield c


def start(client: TestClient, movement: dict[str, Any]) -> dict[str, Any]:
    """An evening started from the director's page, with players for two pairs."""
    players = {"NS 1": [{"name": "Ann Smith", "number": "1001"}, {"name": "Bob Jones"}],
               "EW 2": [{"name": "Cy Twombly", "number": "1002"},
                        {"name": "Di Fox", "number": "1003"}]}  # fmt: skip
    if movement["movement"] == "howell":
        players = {label.split()[1]: given for label, given in players.items()}
    body = {"event": "Monday pairs", "movement": movement, "players": players}
    answer = client.post("/api/sessions", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def never(seconds: float) -> None:
    raise AssertionError(f"the bridge waited {seconds} s on a closed evening")


def bridge_to(client: TestClient, game_id: str) -> tuple[Bridge, FakeBcs, LiveStore]:
    fake = FakeBcs()
    bcs = DataConnectorClient(fake.club_id, fake.licence_key, "http://bcs.invalid:5079", fake)
    live = live_of(client.app).store  # type: ignore[arg-type]
    return Bridge(live, game_id, bcs, fake.club_id), fake, live


def played(state: LiveState, seed: int) -> list[TableEntry]:
    """Every board of the evening, a result drawn for each (round by round)."""
    rng = random.Random(seed)
    entries = []
    for s in sorted(state.seating.sittings, key=lambda s: (s.round, s.table)):
        for board in s.boards:
            contract = rng.choice(CONTRACTS)
            declarer = rng.choice("NESW")
            level = int(contract[0])
            tricks = max(0, min(13, 6 + level + rng.choice((-2, -1, 0, 0, 0, 1))))
            lead = rng.choice(LEADS)
            result = Result.parse(f"{contract}{declarer}{tricks - 6 - level:+d}".replace("+0", "="))
            entries.append(TableEntry(s.round, s.table, board, s.ns, s.ew, result, lead=lead))
    return entries


@pytest.mark.parametrize(
    "movement",
    [
        {"movement": "mitchell", "tables": 4, "boards_per_round": 2, "rounds": 3},
        {"movement": "howell", "pairs": 6, "boards_per_round": 2, "rounds": 5},
    ],
    ids=["mitchell", "howell"],
)
def test_an_evening_from_the_handsets_ranks_as_from_phones(
    app_on: TestClient, movement: dict[str, Any]
) -> None:
    app = app_on
    phones, handsets = start(app, movement), start(app, movement)
    bridge, fake, live = bridge_to(app, handsets["id"])
    bridge.send()
    entries = played(live.state(phones["id"]), seed=32)
    for e in entries:
        token = auth(phones["tables"][e.table - 1]["token"])
        answer = app.post(f"/api/sessions/{phones['id']}/results", json=entry_body(e),
                          headers=token)  # fmt: skip
        assert answer.status_code == 201, answer.text
        fake.enter(e.table, e.round, e.board, e.result, e.lead)
    applied = bridge.poll()
    assert [a.outcome for a in applied] == ["added"] * len(entries)
    # A correction at table 2 of its last round: from the phone, and on the handset.
    last = max((e for e in entries if e.table == 2), key=lambda e: (e.round, e.board))
    fixed = Result.parse("3NTS+1")
    stored = live.state(phones["id"]).at(last.table, last.round, last.board)
    assert stored is not None
    body = {**entry_body(TableEntry(last.round, 2, last.board, last.ns, last.ew, fixed)),
            "replaces": stored.version}  # fmt: skip
    token = auth(phones["tables"][1]["token"])
    changed = app.put(f"/api/sessions/{phones['id']}/results/{stored.id}", json=body,
                      headers=token)  # fmt: skip
    assert changed.status_code == 200, changed.text
    fake.enter(2, last.round, last.board, fixed)
    assert [a.outcome for a in bridge.poll()] == ["changed"]

    one, other = (app.get(f"/api/sessions/{g['id']}").json() for g in (phones, handsets))
    assert one["rankings"] == other["rankings"]
    assert one["version"] == other["version"] == len(entries) + 2
    assert {r["percent"] for rows in one["rankings"].values() for r in rows} != {50.0}
    assert fake.refused == []
    assert {r["Command"] for r in fake.requests} == {5, 19, 27}  # init, poll, accept
    audit = app.get(f"/api/sessions/{handsets['id']}/changes",
                    headers=auth(handsets["edit_token"])).json()["changes"]  # fmt: skip
    assert {c["who"] for c in audit} == {f"table {t} via Bridgemate"
                                          for t in {e.table for e in entries}}  # fmt: skip
    assert audit[-1]["action"] == "edit"
    assert audit[-1]["new"]["result"] == "3NTS+1"


def test_the_players_go_to_bcs_where_they_sit_in_round_one(app: TestClient) -> None:
    created = start(app, {"movement": "mitchell", "tables": 3, "boards_per_round": 2})
    bridge, fake, _ = bridge_to(app, created["id"])
    bridge.send()
    assert fake.init is not None
    data = {(p.player_number, p.first_name, p.last_name) for p in fake.init.player_data or []}
    assert data == {("1001", "Ann", "Smith"), ("1002", "Cy", "Twombly"), ("1003", "Di", "Fox")}
    seats = {(p.table_number, int(p.direction), p.player_number, p.last_name)
             for p in fake.init.participations or []}  # fmt: skip
    assert seats == {(1, 1, "1001", None), (1, 3, None, "Jones"), (2, 2, "1002", None),
                     (2, 4, "1003", None)}  # fmt: skip
    (session,) = fake.init.sessions or []
    assert (session.name, session.scoring_groups[0].scoring_method) == ("Monday pairs", 10)  # type: ignore[index]


def test_what_the_core_refuses_from_a_phone_it_refuses_from_a_handset(app: TestClient) -> None:
    created = start(app, {"movement": "mitchell", "tables": 3, "boards_per_round": 2})
    bridge, fake, live = bridge_to(app, created["id"])
    bridge.send()
    fake.enter(1, 1, 1, level=ResultDTO.AvgPlusMin)  # an artificial score
    fake.enter(1, 1, 2, level=ResultDTO.ContractLevel_NoPLay)
    wrong = fake.enter(2, 1, 3, Result.parse("4SN="))
    wrong.pair_east_west = wrong.declaring_pair = 3  # EW 3 is not at table 2 in round 1
    fake.enter(3, 1, 5, Result.parse("4SN="))
    fake.enter(3, 1, 5, Result.parse("4SN="), deleted=True)
    fake.enter(3, 1, 6, Result.parse("2DW-1"))
    done = bridge.poll()
    assert [a.outcome for a in done] == ["refused", "refused", "refused", "added", "deleted",
                                         "added"]  # fmt: skip
    assert "only the director gives or changes an artificial score" in done[0].message
    assert "not played" in done[1].message
    assert "in round 1 table 2 has NS 2 v EW 2, not 2 v 3" in done[2].message
    assert fake.queue == []  # accepted: BCS sends none of them again

    # A bridge started again (Ctrl-C, --resume) still knows what the handsets stored.
    bridge = Bridge(live, created["id"], bridge.client, fake.club_id)
    fake.enter(3, 1, 6, Result.parse("2DW="))
    assert [a.outcome for a in bridge.poll()] == ["changed"]
    # The director changes table 3's board 6; the handset's correction then names an old
    # version: kept for the director as a conflict, as a phone's would be.
    there = live.state(created["id"]).at(3, 1, 6)
    assert there is not None
    headers = auth(created["edit_token"])
    body = {"round": 1, "table": 3, "board": 6, "contract": "2D", "declarer": "W", "tricks": 9}
    assert app.put(f"/api/sessions/{created['id']}/results/{there.id}", json=body,
                   headers=headers).status_code == 200  # fmt: skip
    fake.enter(3, 1, 6, Result.parse("3DW-2"))
    (kept,) = bridge.poll()
    assert kept.outcome == "conflict"
    (conflict,) = live.conflicts(created["id"])
    assert (conflict.reason, conflict.entry.describe()) == ("different", "3D by W, 7 tricks")
    assert live.state(created["id"]).at(3, 1, 6).entry.describe() == "2D by W, 9 tricks"  # type: ignore[union-attr]

    # Closed: the run polls once more and stops; a late result is a correction request.
    assert app.post(f"/api/sessions/{created['id']}/close", json={"closed": True},
                    headers=headers).status_code == 200  # fmt: skip
    fake.enter(1, 2, 3, Result.parse("1NTN="))
    seen: list[str] = []
    assert bridge.run(every=60, report=lambda a: seen.append(str(a)), sleep=never) == 1
    assert seen == ["table 1 round 2 board 3: conflict (sent after closing: kept for the "
                    "director)"]  # fmt: skip
    assert [c.reason for c in live.conflicts(created["id"])] == ["different", "closed"]
    assert fake.refused == []


@pytest.mark.parametrize(
    "path", sorted((FIXTURES / "validation").glob("InitDTO.*.json")), ids=lambda p: p.stem
)
def test_the_fake_refuses_what_the_vendor_s_validation_refuses(path: Path) -> None:
    """The fake BCS checks: each of the vendor's InitDTO fixtures is refused exactly when the
    .NET client's validation refuses it."""
    case = fixture("validation", path.stem)
    fake = FakeBcs()
    client = DataConnectorClient(fake.club_id, fake.licence_key, "http://bcs.invalid", fake)
    client.initialize(InitDTO.from_dict(case["Payload"]))
    assert (fake.refused == []) == case["ExpectedValid"]
    if not case["ExpectedValid"]:
        assert fake.refused == [("InitializeEvent", case["ExpectedMessages"])]


def test_the_fake_refuses_another_club_and_a_request_of_another_shape() -> None:
    fake = FakeBcs()
    DataConnectorClient("OTHER", fake.licence_key, "http://bcs.invalid", fake).initialize(
        InitDTO.from_dict(fixture("validation", "InitDTO.valid")["Payload"]))  # fmt: skip
    assert fake.refused == [("InitializeEvent", ["another club's id or licence key"])]
    fake.refused.clear()
    envelope = fixture("requests", "PollQueueForNewResults")
    fake.post("http://bcs.invalid/dc-scoringprogram", '{"Command": 19, "ClubId": "CLUB001"}')
    assert fake.refused[0][1][0].startswith("request: keys ['LicenceKey', 'SerializedData',")
    assert set(envelope) == {"Command", "ClubId", "LicenceKey", "SessionGuid", "SerializedData"}


@pytest.mark.parametrize(
    "path", sorted((FIXTURES / "validation").glob("ResultDTO.*.json")), ids=lambda p: p.stem
)
def test_a_result_bcs_would_refuse_is_refused_with_its_message(path: Path) -> None:
    case = fixture("validation", path.stem)
    dto = ResultDTO.from_dict(case["Payload"])
    if case["ExpectedValid"]:
        assert entry_of(dto).board == dto.board_number
    else:
        with pytest.raises(BridgemateError) as refused:
            entry_of(dto)
        assert refused.value.field == "result"
        assert all(m in str(refused.value) for m in case["ExpectedMessages"])


def test_an_evening_bcs_cannot_take_is_refused_before_sending() -> None:
    night = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B"), 1, boards_per_match=2)
    with pytest.raises(BridgemateError, match="takes a pairs evening") as refused:
        init_dto(LiveState.start(night.draw_next(), "x"), "CLUB1")
    assert refused.value.field == "kind"
    moved = mitchell(3, 2)  # boards 2 and 3 swapped: the first set is boards 1 and 3
    swap = {2: 3, 3: 2}
    gapped = replace(
        moved,
        plays=tuple(
            replace(p, boards=tuple(swap.get(b, b) for b in p.boards)) for p in moved.plays
        ),
    )
    state = LiveState.start(Session((Section.from_movement(gapped),)))
    with pytest.raises(BridgemateError, match="table 1 plays boards 1, 3 in round 1") as refused:
        init_dto(state, "CLUB1")
    assert refused.value.field == "boards"
    plain = init_dto(LiveState.start(Session((Section.from_movement(mitchell(4, 2)),)), "x"), "")
    assert plain.club_id == ""  # BCS checks the club: the vendor's validation does not


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("Level", "4"),
        ("TableNumber", True),
        ("BoardNumber", 2**40),
        ("SectionLetters", 7),
        ("IsDeleted", 1),
        ("TotalTricks", 9.0),
    ],
)
def test_a_result_of_the_wrong_types_is_refused_naming_the_field(field: str, value: Any) -> None:
    data = fixture("validation", "ResultDTO.valid")["Payload"] | {field: value}
    with pytest.raises(BridgemateError, match=f"BCS sent a result whose {field} is") as refused:
        entry_of(ResultDTO.from_dict(data))
    assert refused.value.field == field


def test_a_poll_answer_not_of_its_shape_is_refused(app: TestClient) -> None:
    created = start(app, {"movement": "mitchell", "tables": 3, "boards_per_round": 2})
    bridge, fake, _ = bridge_to(app, created["id"])
    bridge.send()
    fake.enter(1, 1, 1, Result.parse("4SN="))
    fake.queue[0] = (1, "not a result")  # type: ignore[assignment]
    with pytest.raises(BridgemateError, match="BCS's answer to the poll cannot be read") as bad:
        bridge.poll()
    assert bad.value.field == "bcs"
