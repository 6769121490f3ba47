"""The players at the table: as Bridgemate asks at the start of the first round, a table enters
its own pairs' players (numbers looked up in the club's roster, names for visitors), once, kept
in the audit trail; another table's pairs, a later round or a second time are the director's
(the core's rule, :func:`bridgescore.live.substitute`; 403 through the API)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.duplicate.movement import Movement, howell, mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.errors import SessionError
from bridgescore.live import (
    DIRECTOR,
    NOW,
    LiveResult,
    LiveState,
    NotAllowedError,
    check_roster_lookup,
    substitute,
)
from bridgescore.players import Player
from tests.conftest import auth, make_club

ANN, BOB = Player("Ann Smith", "1001"), Player("Bob Jones", "1002")
TWO = (ANN, BOB)


def state_of(m: Movement) -> LiveState:
    return LiveState.start(Session((Section.from_movement(m),)))


def entered(state: LiveState, table: int, round_number: int) -> LiveState:
    """The state with the table's first board of that round entered."""
    board = state.play(round_number, table).boards[0]
    entry = state.entry(round_number, table, board, result="3NTN=")
    return state.added(LiveResult(len(state.results) + 1, entry, NOW, NOW))


# A 3-table Mitchell: table 2 seats NS 2 and EW 2 in round 1, NS 2 and EW 1 in round 2.
CASES: list[tuple[str, Any, str, str | None]] = [
    ("own NS pair", 2, "NS 2", None),
    ("own EW pair", 2, "EW 2", None),
    ("another table's pair", 2, "EW 1", "table 2 enters the players of NS 2 and EW 2"),
    ("the director, any pair", DIRECTOR, "EW 1", None),
    ("no such pair", 2, "NS 9", "no pair 'NS 9'"),
]


@pytest.mark.parametrize(("who", "label", "refusal"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_who_enters_which_pairs_players(who: Any, label: str, refusal: str | None) -> None:
    state = state_of(mitchell(3, 2))
    if refusal is None:
        session = substitute(state, who, label, TWO)
        (pair,) = [p for p in session.sections[0].pairs if p.label == label]
        assert (pair.players, pair.names) == (TWO, "Ann Smith & Bob Jones")
        return
    with pytest.raises((NotAllowedError, SessionError), match=refusal):
        substitute(state, who, label, TWO)


def test_a_table_enters_them_once_in_its_first_round_while_open() -> None:
    state = state_of(mitchell(3, 2))
    once = state.redefined(substitute(state, 2, "NS 2", TWO))
    with pytest.raises(NotAllowedError, match="NS 2's players are in already"):
        substitute(once, 2, "NS 2", (BOB, ANN))
    assert substitute(once, DIRECTOR, "NS 2", (BOB, ANN))  # a substitute is the director's
    in_round_one = entered(state, 2, 1)
    assert substitute(in_round_one, 2, "EW 2", TWO)  # after a board of round 1: still
    later = entered(entered(state, 2, 1), 2, 2)
    with pytest.raises(NotAllowedError, match="past round 1"):
        substitute(later, 2, "EW 2", TWO)
    with pytest.raises(NotAllowedError, match="closed"):
        substitute(state.with_closed(True), 2, "EW 2", TWO)
    with pytest.raises(SessionError, match="two players"):
        substitute(state, 2, "EW 2", (ANN,))


MOVEMENTS = [mitchell(3, 2), mitchell(4, 2, half_table=True), howell(8, 2), howell(9, 2),
             howell(6, 3, rounds=10)]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(MOVEMENTS),
    st.data(),
)
def test_a_table_enters_exactly_the_pairs_sitting_at_it_first(m: Movement, data: Any) -> None:
    state = state_of(m)
    table = data.draw(st.integers(1, m.tables))
    label = data.draw(st.sampled_from([p.label for p in state.definition.pairs]))
    seated = sorted((p for p in m.plays if p.table == table), key=lambda p: p.round)
    try:
        substitute(state, table, label, TWO)
        allowed = True
    except NotAllowedError:
        allowed = False
    # a half table's last table seats nobody: it enters no players
    assert allowed == (bool(seated) and label in (seated[0].ns, seated[0].ew))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(MOVEMENTS), st.data())
def test_a_table_looks_numbers_up_exactly_while_it_may_enter_a_pairs_players(
    m: Movement, data: Any
) -> None:
    """check_roster_lookup lets a table in iff substitute lets it enter one of its pairs, in
    any state: pairs' players in or not, boards of later rounds entered, closed or open."""
    state = state_of(m)
    table = data.draw(st.integers(1, m.tables))
    for label in data.draw(st.lists(st.sampled_from([p.label for p in state.definition.pairs]))):
        state = state.redefined(substitute(state, DIRECTOR, label, TWO))
    seated = sorted((p for p in m.plays if p.table == table), key=lambda p: p.round)
    if seated and data.draw(st.booleans()):
        state = entered(state, table, data.draw(st.sampled_from([p.round for p in seated])))
    state = state.with_closed(data.draw(st.booleans()))

    def may(do: Any) -> bool:
        try:
            do()
        except NotAllowedError:
            return False
        return True

    pairs = [p.label for p in state.definition.pairs]
    entering = any(may(lambda lb=lb: substitute(state, table, lb, TWO)) for lb in pairs)
    assert may(lambda: check_roster_lookup(state, table)) == entering
    assert may(lambda: check_roster_lookup(state, DIRECTOR))


# -- through the API ------------------------------------------------------------------------

MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}


def test_a_table_looks_up_and_enters_its_players_with_the_audit_trail(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    for p in (ANN, BOB):
        assert client.post("/api/roster", json=p.to_dict(), headers=auth(token)).is_success
    created = client.post("/api/sessions", json={"movement": MOVEMENT, "names": {"EW 1": "X"}},
                          headers=auth(token)).json()  # fmt: skip
    game = created["id"]
    base = f"/api/sessions/{game}"
    one, two = (auth(t["token"]) for t in created["tables"][:2])
    found = client.get(f"{base}/roster/1001", headers=one)
    assert (found.status_code, found.json()) == (200, ANN.to_dict())
    assert client.get(f"{base}/roster/9999", headers=one).status_code == 404  # a visitor
    assert client.get(f"{base}/roster/1001").status_code == 403  # no token of the session
    assert client.get(f"{base}/roster/12%2034", headers=one).status_code == 422
    players = {"players": [ANN.to_dict(), BOB.to_dict()]}
    visitors = {"players": [{"name": "Cy Guest", "number": None}, {"name": "Di Guest"}]}
    assert client.put(f"{base}/pairs/NS 1", json=players, headers=one).status_code == 200
    assert client.put(f"{base}/pairs/EW 1", json=visitors, headers=one).status_code == 200
    again = client.put(f"{base}/pairs/NS 1", json=visitors, headers=one)
    assert again.status_code == 403
    assert "in already" in again.json()["detail"]
    other = client.put(f"{base}/pairs/NS 1", json=visitors, headers=two)
    assert (other.status_code, "table 2 enters the players of NS 2 and EW 2") == (
        403, other.json()["detail"][:43])  # fmt: skip
    read = client.get(base, headers=one).json()
    assert read["players"] == {"NS 1": players["players"],
                               "EW 1": [{"name": "Cy Guest", "number": None},
                                        {"name": "Di Guest", "number": None}]}  # fmt: skip
    assert read["names"]["EW 1"] == "Cy Guest & Di Guest"
    changes = client.get(f"{base}/changes", headers=auth(token)).json()["changes"]
    assert [(c["who"], c["action"], c["new"]["pair"]) for c in changes] == [
        ("table 1", "players", "NS 1"), ("table 1", "players", "EW 1")]  # fmt: skip
    assert changes[1]["old"]["names"] == "X"


def test_the_roster_lookup_is_a_tables_while_it_may_enter_its_players(client: TestClient) -> None:
    token = make_club(client, "Acol BC", "1234", "td@acol.example")
    assert client.post("/api/roster", json=ANN.to_dict(), headers=auth(token)).is_success
    created = client.post("/api/sessions", json={"movement": MOVEMENT}, headers=auth(token)).json()
    base = f"/api/sessions/{created['id']}"
    table = auth(created["tables"][0]["token"])
    assert client.get(f"{base}/roster/1001", headers=table).status_code == 200
    for pair in ("NS 1", "EW 1"):  # once its pairs' players are in, it reads the roster no more
        body = {"players": [ANN.to_dict(), BOB.to_dict()]}
        assert client.put(f"{base}/pairs/{pair}", json=body, headers=table).status_code == 200
    refused = client.get(f"{base}/roster/1002", headers=table)
    assert refused.status_code == 403
    assert "players are in already" in refused.json()["detail"]
    assert client.get(f"{base}/roster/1001", headers=table).status_code == 403
    assert client.get(f"{base}/roster/1001", headers=auth(token)).json() == ANN.to_dict()
