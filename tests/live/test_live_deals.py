"""A live evening's hand records: who may see a board's hands (the core's rule, through the
API too), the deals the director attaches (refusals all or none), dealt in the app (the seed
published after closing), and each result against double dummy and par."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Result, SessionError, locale
from bridgescore.boards.deal import Deal
from bridgescore.boards.hand_record import (
    HandRecord,
    versus_dd,
    versus_par,
    with_analysis,
    with_deal,
)
from bridgescore.boards.par import par
from bridgescore.deals import DealtBoard, deal_set, read_bytes, to_bytes, verify
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Board, Section, Session
from bridgescore.live import DIRECTOR, NOW, LiveResult, LiveState, NotAllowedError
from bridgescore.live.deals import Analysed, AttachDeals, analysed, attach, hand_for, unsolved
from bridgescore.storage.live_deals import DealStore
from bridgescore.web import Settings
from bridgescore.web.analysis import Analyser
from bridgescore.web.deps import live_of
from tests.conftest import auth, create_app

SEED = "5e" * 32
DEALT = deal_set("1-6", seed=SEED).boards
TABLE = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
"""A double-dummy table (rows N E S W, strains C D H S NT): N and S make 9 tricks in NT."""


def fresh() -> LiveState:
    return LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))


def with_results(state: LiveState, slots: list[tuple[int, int, int]]) -> LiveState:
    for n, (r, t, b) in enumerate(slots, start=1):
        state = state.added(LiveResult(n, state.entry(r, t, b, result="3NTN="), NOW, NOW))
    return state


# -- who may see a board's hands ----------------------------------------------------------

SLOTS = [(p.round, p.table, b) for p in mitchell(3, 2).plays for b in p.boards]


def _pairs_with_result(state: LiveState, board: int) -> set[str]:
    """The pairs (NS n, EW n) with a result on the board, read from the results themselves."""
    out = set()
    for r in state.results:
        if r.entry.board == board:
            out |= {f"NS {r.entry.ns}", f"EW {r.entry.ew}"}
    return out


@settings(max_examples=60, deadline=None)
@given(chosen=st.lists(st.sampled_from(SLOTS), unique=True, max_size=18), closed=st.booleans())
def test_a_table_sees_a_hand_only_once_both_its_pairs_have_played_it(
    chosen: list[tuple[int, int, int]], closed: bool
) -> None:
    chosen.sort()
    state = with_results(fresh(), chosen)
    state = state.redefined(attach(state, DIRECTOR, AttachDeals(DEALT)), state.version)
    state = state.with_closed(closed)
    for table in (1, 2, 3):
        sitting_round = state.entered_round(table) or 1
        play = state.play(sitting_round, table)
        for board in range(1, 7):
            shown = hand_for(state, table, board)
            both = {play.ns, play.ew} <= _pairs_with_result(state, board)
            assert (shown is not None) == (closed or both), (table, board, chosen)
            if shown is not None:
                assert shown.deal == DEALT[board - 1].deal
            # the table's own result on a board of the round it sits in shows it at once
            if state.at(table, sitting_round, board) is not None:
                assert shown is not None
        assert hand_for(state, DIRECTOR, 1) is not None
        assert (hand_for(state, None, 1) is not None) == closed


def test_no_hand_without_a_deal() -> None:
    state = with_results(fresh(), [(1, 1, 1)])
    assert state.may_see(1, 1)
    assert hand_for(state, 1, 1) is None


# -- attaching deals: the core's refusals ---------------------------------------------------


def _dealt(number: int, dealer: str | None = None, vul: str | None = None) -> DealtBoard:
    law = Board.numbered(number)
    board = Board(
        number,
        law.dealer if dealer is None else type(law.dealer)(dealer),
        law.vulnerability if vul is None else type(law.vulnerability)(vul),
    )
    return DealtBoard(board, DEALT[(number - 1) % 6].deal)


REFUSED = [
    ("unknown-board", (_dealt(7),), "board 7: this session plays boards 1-6, not board 7"),
    ("twice", (_dealt(1), _dealt(1)), "board 1 is given twice"),
    ("dealer", (_dealt(2, dealer="N"),), "board 2: dealer N, NS vulnerable; Law 2 has board 2 "
     "dealt by E, NS vulnerable"),
    ("vulnerability", (_dealt(1), _dealt(3, vul="None")), "board 3: dealer S, None vulnerable"),
    ("partial", (DealtBoard(Board.numbered(4), Deal.parse("N:AKQJT98765432... - - -")),),
     "board 4: a hand record needs all four hands"),
]  # fmt: skip


@pytest.mark.parametrize(("boards", "message"), [r[1:] for r in REFUSED],
                         ids=[r[0] for r in REFUSED])  # fmt: skip
def test_attach_refuses_naming_the_board(boards: tuple[DealtBoard, ...], message: str) -> None:
    with pytest.raises(SessionError, match=re.escape(message)) as refused:
        attach(fresh(), DIRECTOR, AttachDeals(boards))
    assert refused.value.field == "board"


def test_only_the_director_attaches_or_stores_analysis() -> None:
    with pytest.raises(NotAllowedError, match="only the director attaches"):
        attach(fresh(), 1, AttachDeals(DEALT))
    with pytest.raises(NotAllowedError, match="only the director stores"):
        analysed(fresh(), 2, Analysed(()))


def test_analysis_of_a_deal_replaced_meanwhile_is_refused() -> None:
    state = fresh()
    state = state.redefined(attach(state, DIRECTOR, AttachDeals(DEALT[:2])))
    assert [n for n, _ in unsolved(state.definition)] == [1, 2]
    with pytest.raises(SessionError, match="board 2's deal has changed"):
        analysed(state, DIRECTOR, Analysed(((2, DEALT[0].deal, TABLE),)))
    solved = state.redefined(analysed(state, DIRECTOR, Analysed(((1, DEALT[0].deal, TABLE),))))
    assert [n for n, _ in unsolved(solved.definition)] == [2]
    record = hand_for(solved, DIRECTOR, 1)
    assert record is not None
    assert record.table == TABLE
    # attaching again drops the old deal's analysis: it is solved again
    again = solved.redefined(attach(solved, DIRECTOR, AttachDeals((_dealt(1),))))
    assert [n for n, _ in unsolved(again.definition)] == [1, 2]


# -- against double dummy and par --------------------------------------------------------

# TABLE: N takes 9 in NT and spades, 7 in hearts; E 6 in hearts. Board 1 (None vul, N deals):
# par 3NTN, NS 400. Scores from the Law 77 table.
VERSUS = [
    ("3NTN=", 400, 0, 0),
    ("4SN+0", 420, 1, 20),
    ("3NTS-1", -50, 0, -450),
    ("2HE=", -110, 2, -510),
    ("6NTN-4", -200, -1, -600),
    ("Pass", 0, None, -400),
]


@pytest.mark.parametrize(("result", "ns_score", "tricks", "score"), VERSUS,
                         ids=[v[0] for v in VERSUS])  # fmt: skip
def test_a_result_against_double_dummy_and_par(
    result: str, ns_score: int, tricks: int | None, score: int
) -> None:
    record = HandRecord.of(with_analysis(with_deal(Board.numbered(1), DEALT[0].deal), TABLE))
    assert record is not None
    assert record.par == par(TABLE, "None", "N")
    assert versus_dd(Result.parse(result), TABLE) == tricks
    assert versus_par(ns_score, record.par) == score
    assert record.versus(Result.parse(result), ns_score).score_text == (
        f"{score:+d}" if score else "0"
    )


def test_no_versus_without_a_table_or_a_score() -> None:
    record = HandRecord.of(with_deal(Board.numbered(1), DEALT[0].deal))
    assert record is not None
    assert record.table is None
    assert record.par is None
    assert record.versus(Result.parse("3NTN="), 400).tricks_text == ""
    assert versus_par("A+/A-", par(TABLE, "None", "N")) is None


# -- the API ------------------------------------------------------------------------------


def _client(tmp_path: Path, *, solving: bool = True) -> TestClient:
    """A client of an app on its own SQLite file; ``solving=False``: its analyser cannot
    solve (as without endplay), so the deals wait."""
    database = tmp_path / f"{len(list(tmp_path.glob('*.db')))}.db"
    app = create_app(Settings(database_url=f"sqlite:///{database}", open_evenings=True))
    if not solving:
        app.state.analyser = Analyser(DealStore(live_of(app).store), available=False)
    return TestClient(app)


def _start(c: TestClient) -> dict[str, Any]:
    created: dict[str, Any] = c.post("/api/sessions", json={"movement": {
        "movement": "mitchell", "tables": 3, "boards_per_round": 2}}).json()  # fmt: skip
    return created


def _pbn(boards: tuple[DealtBoard, ...] = DEALT) -> str:
    return to_bytes(boards, "set.pbn").decode()


PUT_REFUSED = [
    ("not-law-2", _pbn(DEALT[:1]).replace('[Dealer "N"]', '[Dealer "E"]'), 422,
     "board 1: dealer E, None vulnerable; Law 2 has board 1 dealt by N"),
    ("not-in-session", _pbn(DEALT[:2]).replace('[Board "2"]', '[Board "9"]'), 422,
     "board 9: this session plays boards 1-6"),
    ("not-pbn", '[Board "1"]\n[Deal "N:AKQ"]\n', 422, "deals.pbn, board 1, line 2"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "status", "message"), [r[1:] for r in PUT_REFUSED],
                         ids=[r[0] for r in PUT_REFUSED])  # fmt: skip
def test_put_deals_refuses_all_or_none(
    tmp_path: Path, text: str, status: int, message: str
) -> None:
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}"
        answer = c.put(f"{base}/deals", json={"pbn": text}, headers=auth(s["edit_token"]))
        assert answer.status_code == status, answer.text
        assert message in answer.json()["detail"][0]["msg"]
        # nothing stored, not even the good boards before the bad one
        assert c.get(f"{base}/deals").json()["dealt"] == 0


def test_put_deals_needs_the_director_and_one_body(tmp_path: Path) -> None:
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}/deals"
        table = auth(s["tables"][0]["token"])
        assert c.put(base, json={"pbn": _pbn()}, headers=table).status_code == 403
        assert c.put(base, json={"pbn": _pbn()}).status_code == 403
        director = auth(s["edit_token"])
        both = c.put(base, json={"pbn": _pbn(), "file": "", "name": "x.dup"}, headers=director)
        assert both.status_code == 422
        assert both.json()["detail"][0]["loc"] == ["body", "pbn"]
        extra = c.put(base, json={"pbn": _pbn(), "deals": 1}, headers=director)
        assert extra.status_code == 422
        bad = c.put(base, json={"file": "not base64!", "name": "x.dup"}, headers=director)
        assert bad.status_code == 422
        assert "not base64" in bad.text
        assert c.post(f"{base}/dealt", headers=table).status_code == 403


def test_a_dealing_machine_file_is_attached(tmp_path: Path) -> None:
    data = to_bytes(DEALT, "set.dup")
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}"
        body = {"file": base64.b64encode(data).decode(), "name": "set.dup"}
        answer = c.put(f"{base}/deals", json=body, headers=auth(s["edit_token"]))
        assert answer.status_code == 200, answer.text
        shown = c.get(f"{base}/deals").json()
        assert (shown["dealt"], shown["boards"], shown["analysis"]) == (6, 6, "unavailable")
        assert "install bridgescore[dd]" in shown["message"]


def _hands_in(text: str) -> list[int]:
    """The boards of DEALT whose North hand appears in the text."""
    return [b.number for b in DEALT if str(b.deal.hands[0]) in text]


def test_the_api_sends_a_hand_only_when_the_rule_allows(tmp_path: Path) -> None:
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}"
        director = auth(s["edit_token"])
        t1, t3 = auth(s["tables"][0]["token"]), auth(s["tables"][2]["token"])
        assert c.put(f"{base}/deals", json={"pbn": _pbn()}, headers=director).status_code == 200
        for headers in (t1, t3, {}):
            assert _hands_in(c.get(base, headers=headers).text) == []
            assert _hands_in(c.get(f"{base}/deals", headers=headers).text) == []
            assert c.get(f"{base}/boards/1", headers=headers).status_code == 403
        assert c.get(f"{base}/boards/1", headers=director).json()["hand"]["board"] == 1
        assert c.get(f"/session/{s['id']}/hands").status_code == 403
        # table 1 enters board 1: both its pairs have played it
        entry = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N",
                 "tricks": 9}  # fmt: skip
        assert c.post(f"{base}/results", json=entry, headers=t1).status_code == 201
        seen = c.get(f"{base}/boards/1", headers=t1).json()
        assert seen["hand"]["deal"] == str(DEALT[0].deal)
        assert seen["hand"]["dd"] is None
        assert seen["lines"][0]["vs_dd"] == ""
        assert c.get(f"{base}/boards/2", headers=t1).status_code == 403
        # table 3 plays board 1 in round 2: not before
        assert c.get(f"{base}/boards/1", headers=t3).status_code == 403
        assert _hands_in(c.get(base, headers=t1).text) == []
        assert c.post(f"{base}/close", json={"closed": True}, headers=director).status_code == 200
        for board in range(1, 7):
            assert c.get(f"{base}/boards/{board}").json()["hand"]["board"] == board
        page = c.get(f"/session/{s['id']}/hands").text
        assert [n for n in range(1, 7) if f'id="hand-A-{n}"' in page] == [1, 2, 3, 4, 5, 6]
        assert "No double-dummy table: double-dummy tables need DDS" in page


def test_dealt_in_the_app_the_seed_is_published_after_closing(tmp_path: Path) -> None:
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}"
        director = auth(s["edit_token"])
        dealt = c.post(f"{base}/deals/dealt", headers=director)
        assert dealt.status_code == 201, dealt.text
        commitment = dealt.json()["commitment"]
        before = c.get(f"{base}/deals").json()
        assert (before["commitment"], before["seed"], before["dealt"]) == (commitment, None, 6)
        assert c.post(f"{base}/close", json={"closed": True}, headers=director).status_code == 200
        after = c.get(f"{base}/deals").json()
        pbn = c.get(f"/session/{s['id']}/session.pbn").content
        boards = read_bytes(pbn, "session.pbn")
        verify(boards, after["seed"], commitment)  # the published boards are the seed's
        assert after["seed"] in c.get(f"/session/{s['id']}/hands").text
        # a file attached later replaces the dealt boards: the seed no longer applies
        assert c.put(f"{base}/deals", json={"pbn": _pbn()}, headers=director).status_code == 200
        assert c.get(f"{base}/deals").json()["commitment"] is None


def test_the_published_page_shows_each_hand_with_its_travellers_against_par(
    tmp_path: Path,
) -> None:
    with _client(tmp_path, solving=False) as c:
        s = _start(c)
        base = f"/api/sessions/{s['id']}"
        director = auth(s["edit_token"])
        assert c.put(f"{base}/deals", json={"pbn": _pbn()}, headers=director).status_code == 200
        live = c.app.state.live.store  # type: ignore[attr-defined]
        assert DealStore(live).solved(s["id"], [(1, DEALT[0].deal, TABLE)]) is not None
        entry = {"round": 1, "table": 1, "board": 1, "contract": "4S", "declarer": "N",
                 "tricks": 10}  # fmt: skip
        assert c.post(f"{base}/results", json=entry, headers=director).status_code == 201
        line = c.get(f"{base}/boards/1", headers=director).json()["lines"][0]
        assert (line["vs_dd"], line["vs_par"]) == ("+1", "+20")  # 420 against par's 400
        c.post(f"{base}/close", json={"closed": True}, headers=director)
        page = c.get(f"/session/{s['id']}").text
        assert 'id="hand-A-1"' in page
        assert "Par: NS 400: 3NTN" in page
        assert re.search(r"<td class=\"num\">\+1</td><td class=\"num\">\+20</td>", page)


# -- the double-dummy worker ----------------------------------------------------------------


def test_a_claim_holds_until_the_worker_answers_or_a_minute_passes(tmp_path: Path) -> None:
    from datetime import timedelta

    from bridgescore.storage import Store
    from bridgescore.storage.live import LiveStore

    with Store(f"sqlite:///{tmp_path / 'claims.db'}") as store:
        live = LiveStore(store)
        stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
        deals = DealStore(live)
        deals.attach(stored.id, DEALT, DIRECTOR)
        first = deals.claim(NOW)
        assert [b for _, b, _ in first] == [1, 2, 3, 4, 5, 6]
        assert deals.claim(NOW + timedelta(seconds=59)) == []
        assert len(deals.claim(NOW + deals.CLAIM + timedelta(seconds=1))) == 6  # it died
        deals.release(stored.id, [1])
        assert [b for _, b, _ in deals.claim(NOW)] == [1]
        assert deals.solved(stored.id, [(1, DEALT[0].deal, TABLE)]) is not None
        assert deals.waiting(stored.id) == 5
        # a deal replaced after it was claimed: its table is not stored, the new deal waits
        deals.attach(stored.id, (DealtBoard(Board.numbered(2), DEALT[0].deal),), DIRECTOR)
        assert deals.solved(stored.id, [(2, DEALT[1].deal, TABLE)]) is None
        assert deals.waiting(stored.id) == 5


def test_a_restart_resumes_the_boards_left_and_a_worker_process_solves_them(
    tmp_path: Path,
) -> None:
    import time

    from bridgescore.boards.dd import dd_table
    from bridgescore.storage import Store
    from bridgescore.storage.live import LiveStore

    url = f"sqlite:///{tmp_path / 'restart.db'}"
    with Store(url) as store:  # deals attached, then the server stopped before solving them
        live = LiveStore(store)
        stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
        DealStore(live).attach(stored.id, DEALT[:2], DIRECTOR)
    assert stored.edit_token is not None
    director = auth(stored.edit_token)
    with TestClient(create_app(Settings(database_url=url))) as c:  # the lifespan wakes it
        base = f"/api/sessions/{stored.id}"
        for _ in range(600):
            progress = c.get(f"{base}/deals").json()
            if progress["analysis"] == "done":
                break
            time.sleep(0.2)
        assert (progress["solved"], progress["dealt"]) == (2, 2), progress
        hand = c.get(f"{base}/boards/2", headers=director).json()["hand"]
        german = c.get(f"{base}/boards/2", headers={**director, "Accept-Language": "de"})
    table = dd_table(DEALT[1].deal)  # DDS in this process, for the truth
    strains = ("C", "D", "H", "S", "NT")
    assert [[hand["dd"][s][x] for x in strains] for s in "NESW"] == [list(r) for r in table]
    law = Board.numbered(2)
    assert hand["par"]["score"] == par(table, law.vulnerability, law.dealer).score
    found = par(table, law.vulnerability, law.dealer)
    assert hand["par"]["said"] == hand["par"]["text"] == str(found)  # English: the core's
    with locale.use("de"):  # the phone's par line in German; the API's text unchanged
        assert german.json()["hand"]["par"]["said"] == locale.par_text(found)
    assert german.json()["hand"]["par"]["text"] == str(found)
    with Store(url) as store:  # stored durably, and the queue is empty
        state = LiveStore(store).state(stored.id)
        assert unsolved(state.definition) == []
        assert DealStore(LiveStore(store)).waiting(stored.id) == 0
