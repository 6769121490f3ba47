"""A team night through the calls of ``/api/sessions/{id}`` (issue 30: one live model): the
phones of a team night use the same calls as a pairs evening's, with the same answers: where
each table is, its results, the 409 of a board entered already, conflicts kept for the director
and settled, fixes, the audit trail, artificial scores, closing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.helpers import Night, swiss_night
from tests.helpers import round_one as result


@pytest.fixture
def night() -> Iterator[Night]:
    """A Swiss of four teams, two boards a match, round 1 drawn (tests.helpers.swiss_night)."""
    with swiss_night() as n:
        yield n


def test_a_team_table_reads_where_it_sits_and_enters_its_boards(night: Night) -> None:
    c, login, event_id, tables = night
    base = f"/api/sessions/{event_id}"
    assert c.get(f"{base}/whoami", headers=tables[2]).json() == {
        "role": "table", "table": 2, "match": 1, "room": "closed"}  # fmt: skip
    seen = c.get(base, headers=tables[1]).json()
    assert (seen["kind"], seen["event"], seen["event_kind"]) == ("teams", "Swiss", "swiss-teams")
    assert seen["tables"][0] == {"table": 1, "current_round": 1, "fix_round": None,
                                 "finished": False, "sit_out": False, "waiting": False}  # fmt: skip
    assert seen["sittings"][:2] == [
        {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1, 2], "ns_label": "Lions",
         "ew_label": "Bears"},
        {"round": 1, "table": 2, "ns": 2, "ew": 1, "boards": [1, 2], "ns_label": "Bears",
         "ew_label": "Lions"}]  # fmt: skip
    added = c.post(f"{base}/results", json=result(1, 1), headers=tables[1])
    assert added.status_code == 201, added.text
    assert (added.json()["result"], added.json()["ns_score"]) == ("4SN=", 420)
    other = c.get(base, headers=tables[2]).json()
    assert other["results"] == []  # nobody sees a board's result before playing it
    assert other["entered"] == 1
    assert c.get(f"{base}/boards/1", headers=tables[2]).status_code == 403
    fixed = c.put(f"{base}/results/{added.json()['id']}",
                  json={**result(1, 1, tricks=11), "replaces": added.json()["updated_at"]},
                  headers=tables[1])  # fmt: skip
    assert fixed.json()["result"] == "4SN+1"
    assert c.get(base, headers=tables[1]).json()["tables"][0]["fix_round"] == 1
    assert c.post(f"{base}/results", json=result(2, 1, tricks=9), headers=tables[2]).is_success
    lines = c.get(f"{base}/boards/1", headers=tables[2]).json()["lines"]
    assert [(x["table"], x["result"], x["ns_score"]) for x in lines] == [
        (1, "4SN+1", 450), (2, "4SN-1", -50)]  # fmt: skip
    match = c.get(f"/api/events/{event_id}/rounds/1/matches/1").json()
    assert match["boards"][0]["imps"] == 11  # 450 + 50 = 500: 11 IMPs to the Lions
    changes = c.get(f"{base}/changes", headers=login).json()["changes"]
    assert [x["action"] for x in changes] == ["add", "edit", "add"]


def test_the_409_is_a_pairs_evenings_and_the_conflict_is_kept(night: Night) -> None:
    c, login, event_id, tables = night
    base = f"/api/sessions/{event_id}"
    first = c.post(f"{base}/results", json=result(1, 2), headers=tables[1]).json()
    again = c.post(f"{base}/results", json=result(1, 2, tricks=8), headers=tables[1])
    assert again.status_code == 409
    body = again.json()
    assert set(body) == {"detail", "result", "conflict"}
    assert body["conflict"] is True
    assert body["result"] == {k: v for k, v in first.items() if k != "version"}
    same = c.post(f"{base}/results", json=result(1, 2), headers=tables[1]).json()
    assert same["conflict"] is False  # the same entry again: nothing to settle
    (kept,) = c.get(base, headers=login).json()["conflicts"]
    settled = c.post(f"{base}/conflicts/{kept['id']}", json={"keep": "entry"}, headers=login)
    assert settled.status_code == 200, settled.text
    (now,) = c.get(base, headers=login).json()["results"]
    assert now["result"] == "4SN-2"


def test_the_directors_scores_close_and_the_pages_behind(night: Night) -> None:
    c, login, event_id, tables = night
    base = f"/api/sessions/{event_id}"
    refused = c.post(f"{base}/artificial", json={"artificial": "A+/A-", "table": 1, "round": 1},
                     headers=tables[1])  # fmt: skip
    assert refused.status_code == 403
    given = c.post(f"{base}/artificial", json={"artificial": "A-/A+", "pair": "bears"},
                   headers=login)  # fmt: skip
    assert given.json()["entered"] == 4  # both boards at both tables of the Bears' match
    scores = {(r["table"], r["artificial"]) for r in c.get(base, headers=login).json()["results"]}
    assert scores == {(1, "A+/A-"), (2, "A-/A+")}  # as NS/EW where the Bears sat
    unknown = c.post(f"{base}/artificial", json={"artificial": "A/A", "pair": "Geese"},
                     headers=login)  # fmt: skip
    assert (unknown.status_code, unknown.json()["detail"][0]["loc"]) == (422, ["body", "pair"])
    assert c.get(f"{base}/recaps/Lions", headers=login).status_code == 404
    closed = c.post(f"{base}/close", json={"closed": True}, headers=login).json()
    assert closed["results_url"].endswith(f"/event/{event_id}")
    late = c.post(f"{base}/results", json=result(3, 1), headers=tables[3])
    assert (late.status_code, late.json()["field"]) == (403, "closed")
    asked = c.post(f"{base}/conflicts", json=result(3, 1), headers=tables[3])
    assert asked.status_code == 201, asked.text
    assert len(c.get(base, headers=login).json()["conflicts"]) == 1


def test_a_team_nights_links_lead_to_its_own_pages(night: Night) -> None:
    """The table links the director reads again are the team table's page, and a pairs
    evening's page opened with a team night's id sends the phone to the team night's (the
    link's fragment, the token, is kept by the browser across the redirect)."""
    c, login, event_id, _ = night
    links = c.get(f"/api/sessions/{event_id}/tables", headers=login).json()["tables"]
    assert all(x["url"].endswith(f"/event/{event_id}/table#{x['token']}") for x in links)
    for page in ("table", "director"):
        moved = c.get(f"/live/{event_id}/{page}", follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (303, f"/event/{event_id}/{page}")
