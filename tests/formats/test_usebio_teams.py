"""USEBIO 1.2 for team events (SCORING.md §21.1): a round robin and a Swiss written with the
VPs of the ACBL 20-point scale (§16.1), read back; a round-trip property; hostile files; the
API's ``GET /api/events/{id}/export`` and ``bridgescore event score --usebio``."""

from __future__ import annotations

import gc
import re
import subprocess
import time
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import Result, pbn, usebio
from bridgescore.duplicate import Adjusted
from bridgescore.errors import UsebioError
from bridgescore.events import Entrant, Entry, Event, EventKind, Room, VpScale, teams
from bridgescore.players import Player
from tests.conftest import auth, bridgescore_command, make_club

R = Result.parse

# The home team's IMPs on a board where N declares, not vulnerable (boards 1, 9, 17):
# open 4S= +420 against closed 4S-1 (the away team NS, -50): 470, 10 IMPs; against closed
# 2S+2 (+170): 250, 6 IMPs; 3NT= in both rooms: 0; open 4S-1 against closed 4S=: -10.
BIG, SMALL, FLAT, LOST = ("4SN=", "4SN-1"), ("4SN=", "2SN+2"), ("3NTN=", "3NTN="), ("4SN-1", "4SN=")


def played(event: Event, rnd: int, results: list[tuple[str, str]]) -> Event:
    """The round's matches, in order, each with its first board in both rooms."""
    for match, (open_room, closed_room) in enumerate(results, 1):
        board = event.round(rnd).match(match).boards[0]
        event = event.record(Entry(rnd, match, board, Room.OPEN, R(open_room)))
        event = event.record(Entry(rnd, match, board, Room.CLOSED, R(closed_room)))
    return event


def round_robin() -> Event:
    """Four teams, 8-board matches on the ACBL 20-point scale: at 0 IMPs 10-10, 6 IMPs 13-7,
    10 IMPs 14-6 (the 6-8 boards column, §16.1)."""
    e = Event(EventKind.ROUND_ROBIN, "Club teams", (
        Entrant("Lions", (Player("Ann Smith", "1234"), Player("Bob Jones"), Player("Cy Young"),
                          Player("Di Lane", "99"))),
        *teams("Tigers", "Bears", "Owls")), boards_per_match=8, scale=VpScale.ACBL_20)  # fmt: skip
    e = played(e.draw_next(), 1, [BIG, SMALL])  # Lions 14-6 Owls; Tigers 13-7 Bears
    e = played(e.draw_next(), 2, [FLAT, LOST])  # Owls 10-10 Tigers; Bears 6-14 Lions
    return played(e.draw_next(), 3, [SMALL, LOST])  # Bears 13-7 Owls; Lions 6-14 Tigers


def swiss() -> Event:
    """Five teams, two rounds: a bye scores 12 (§16.3)."""
    e = Event(EventKind.SWISS_TEAMS, "Swiss", teams("Lions", "Tigers", "Bears", "Owls", "Hawks"),
              planned_rounds=2, boards_per_match=8, scale=VpScale.ACBL_20)  # fmt: skip
    e = played(e.draw_next(), 1, [BIG, FLAT])  # Lions 14-6 Tigers; Bears 10-10 Owls; Hawks bye
    return played(e.draw_next(), 2, [SMALL, LOST])  # Lions 13-7 Bears; Hawks 6-14 Owls; Tigers bye


CASES = [
    ("round-robin", round_robin,
     # Lions 14+14+6, Tigers 13+10+14, Bears 7+6+13, Owls 6+10+7; IMPs for and against
     [("1", "Tigers", 3700, 16, 0), ("2", "Lions", 3400, 20, 10), ("3", "Bears", 2600, 6, 16),
      ("4", "Owls", 2300, 0, 16)],
     {(1, 1): ((10, 0), (1400, 600)), (1, 2): ((6, 0), (1300, 700)),
      (2, 1): ((0, 0), (1000, 1000)), (2, 2): ((0, 10), (600, 1400)),
      (3, 1): ((6, 0), (1300, 700)), (3, 2): ((0, 10), (600, 1400))}),
    ("swiss", swiss,
     # Lions 14+13, Owls 10+14, Tigers 6+12 (bye), Hawks 12 (bye)+6, Bears 10+7; the round 2
     # draw from the standings (Lions 14, Hawks 12, Bears 10, Owls 10, Tigers 6; no repeat)
     [("1", "Lions", 2700, 16, 0), ("2", "Owls", 2400, 10, 0), ("3=", "Tigers", 1800, 0, 10),
      ("3=", "Hawks", 1800, 0, 10), ("5", "Bears", 1700, 0, 6)],
     {(1, 1): ((10, 0), (1400, 600)), (1, 2): ((0, 0), (1000, 1000)),
      (2, 1): ((6, 0), (1300, 700)), (2, 2): ((0, 10), (600, 1400))}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "make", "ranking", "matches"), CASES, ids=[c[0] for c in CASES])
def test_an_event_is_written_with_its_vps_and_read_back(
    name: str,
    make: object,
    ranking: list[tuple[str, str, int, int, int]],
    matches: dict[tuple[int, int], tuple[tuple[int, int], tuple[int, int]]],
) -> None:
    assert callable(make)
    event = make()
    data = usebio.write_event(event)
    text = data.decode()
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    kind = "TEAMS" if name == "round-robin" else "SWISS_TEAMS"
    assert f'<EVENT EVENT_TYPE="{kind}">' in text
    assert "<VP_SCALE>ACBL-20</VP_SCALE>" in text
    found = usebio.read_event(data, source="t.xml")
    stated = [(t.place, t.entrant, t.vp, t.imps_for, t.imps_against) for t in found.ranking]
    assert stated == ranking
    assert found.matches == matches
    again = [(s.rank, s.entrant, s.vp, s.imps_for, s.imps_against)
             for s in found.event.standings()]  # fmt: skip
    assert again == ranking
    assert found.event.scores() == event.scores()
    assert found.event.entrants == event.entrants
    assert found.program.startswith("bridgescore ")


def test_players_byes_and_boards_are_written() -> None:
    text = usebio.write_event(swiss()).decode()
    assert re.search(r"<BYE>\s*<TEAM_NUMBER>5</TEAM_NUMBER>\s*<TOTAL_SCORE>12.00</TOTAL_SCORE>",
                     text)  # fmt: skip
    rr = usebio.write_event(round_robin(), club="Riverside BC", club_number="4680").decode()
    assert re.search(r"<PLAYER_NAME>Ann Smith</PLAYER_NAME>\s*<NATIONAL_ID_NUMBER>1234<", rr)
    assert re.search(r"<PLAYER_NAME>Bob Jones</PLAYER_NAME>\s*</PLAYER>", rr)
    assert "<CLUB_NAME>Riverside BC</CLUB_NAME>" in rr
    assert "<CLUB_ID_NUMBER>4680<" in rr
    # board 1 of round 1: the open room (Lions NS) +420, the closed room (Owls NS) -50
    assert re.search(
        r"<ROOM>OPEN</ROOM>\s*<NS_TEAM_NUMBER>1</NS_TEAM_NUMBER>\s*"
        r"<EW_TEAM_NUMBER>4</EW_TEAM_NUMBER>\s*<CONTRACT>4S</CONTRACT>\s*"
        r"<PLAYED_BY>N</PLAYED_BY>\s*<TRICKS>10</TRICKS>\s*<SCORE>420</SCORE>",
        rr,
    )
    assert re.search(
        r"<ROOM>CLOSED</ROOM>\s*<NS_TEAM_NUMBER>4</NS_TEAM_NUMBER>\s*"
        r"<EW_TEAM_NUMBER>1</EW_TEAM_NUMBER>\s*<CONTRACT>4S</CONTRACT>\s*"
        r"<PLAYED_BY>N</PLAYED_BY>\s*<TRICKS>9</TRICKS>\s*<SCORE>-50</SCORE>",
        rr,
    )


def test_a_knockout_and_board_a_match() -> None:
    """A knockout has no VPs (its ranking is the round reached) and keeps its carry-over; a
    board-a-match event writes boards won."""
    ko = Event(EventKind.KNOCKOUT, "Cup", teams("A", "B"), boards_per_match=1).draw_next()
    ko = played(ko.with_carry_over(1, 1, Fraction(7, 2)), 1, [LOST])  # -10 + 3.5: B wins
    text = usebio.write_event(ko).decode()
    assert "<CARRY_OVER>7/2</CARRY_OVER>" in text
    assert "VICTORY_POINTS" not in text
    found = usebio.read_event(text)
    assert found.event.standings() == ko.standings()
    assert [s.entrant for s in found.event.standings()] == ["B", "A"]
    bam = Event(EventKind.ROUND_ROBIN, "BAM", teams("A", "B"), boards_per_match=2,
                scoring="bam").draw_next()  # fmt: skip
    bam = played(bam, 1, [SMALL])
    text = usebio.write_event(bam).decode()
    assert "<HOME_BOARDS_WON>1.00</HOME_BOARDS_WON>" in text
    assert "IMPS_FOR" not in text
    assert usebio.read_event(text).event.standings() == bam.standings()


def test_only_boards_both_rooms_played_are_written() -> None:
    e = Event(EventKind.ROUND_ROBIN, "T", teams("A", "B"), boards_per_match=2).draw_next()
    e = e.record(Entry(1, 1, 2, Room.OPEN, R("7NTN=")))  # the closed room has not played it
    assert "7NT" not in usebio.write_event(e).decode()


def test_swiss_pairs_is_refused() -> None:
    e = Event(EventKind.SWISS_PAIRS, "P", teams("A", "B"), boards_per_match=7,
              scale=VpScale.EBU_SWISS_PAIRS_7, scoring="mp")  # fmt: skip
    with pytest.raises(UsebioError, match="Swiss pairs") as caught:
        usebio.write_event(e)
    assert caught.value.field == "kind"


RESULTS = st.sampled_from(["4SN=", "4SN-1", "3NTS+1", "2HE=", "6DW-3", "1CN+6", "PASS",
                           "4HXS-2", "A+/A-", "A/A"])  # fmt: skip


def result(text: str) -> Result | Adjusted:
    return Adjusted.parse(text) if text.startswith("A") else R(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from([EventKind.ROUND_ROBIN, EventKind.SWISS_TEAMS]),
       bam=st.booleans())  # fmt: skip
def test_round_trip(data: st.DataObject, kind: EventKind, bam: bool) -> None:
    """Whatever was played: the file read back gives the same ranking, VPs and IMPs."""
    e = Event(kind, "Prop", teams("A", "B", "C", "D", "E"), planned_rounds=2,
              boards_per_match=2, scoring="bam" if bam else "imps")  # fmt: skip
    for rnd in (1, 2):
        e = e.draw_next()
        for m in e.round(rnd).matches:
            for board in m.boards:
                for room in data.draw(st.sets(st.sampled_from(list(Room)))):
                    e = e.record(Entry(rnd, m.number, board, room, result(data.draw(RESULTS))))
    found = usebio.read_event(usebio.write_event(e))
    assert found.event.standings() == e.standings()
    assert found.event.scores() == e.scores()
    assert [(t.place, t.entrant, t.vp) for t in found.ranking] == [
        (s.rank, s.entrant, s.vp) for s in e.standings()]  # fmt: skip
    assert {k: imps for k, (imps, _) in found.matches.items()} == {
        (s.round, s.match): (s.imps if not bam else (0, 0)) for s in e.scores()}  # fmt: skip


# --- hostile files ---------------------------------------------------------------------

GOOD = usebio.write_event(round_robin()).decode()


def refused(text: str) -> UsebioError:
    with pytest.raises(UsebioError) as caught:
        usebio.read_event(text, source="bad.xml")
    return caught.value


BAD = [
    ("<TEAM_NUMBER>2</TEAM_NUMBER>", "<TEAM_NUMBER>x2</TEAM_NUMBER>", "TEAM_NUMBER", "x2"),
    ("<TEAM_NUMBER>2</TEAM_NUMBER>", "<TEAM_NUMBER>9</TEAM_NUMBER>", "TEAM_NUMBER", "9"),
    ("<TOTAL_SCORE>37.00</TOTAL_SCORE>", "<TOTAL_SCORE>nan</TOTAL_SCORE>", "TOTAL_SCORE", "nan"),
    ("<TOTAL_SCORE>37.00</TOTAL_SCORE>", "<TOTAL_SCORE>3.333</TOTAL_SCORE>", "TOTAL_SCORE",
     "3.333"),
    ("<BOARDS>1-8</BOARDS>", "<BOARDS>8-1</BOARDS>", "BOARDS", "8-1"),
    ("<BOARDS>1-8</BOARDS>", "<BOARDS>1-99999</BOARDS>", "BOARDS", "1-99999"),
    ("<TRICKS>10</TRICKS>", "<TRICKS>14</TRICKS>", "TRICKS", "14"),
    ("<ROOM>OPEN</ROOM>", "<ROOM>LOBBY</ROOM>", "ROOM", "lobby"),
    ("<PLAYED_BY>N</PLAYED_BY>", "<PLAYED_BY>Q</PLAYED_BY>", "PLAYED_BY", "Q"),
    ("<CONTRACT>4S</CONTRACT>", "<CONTRACT>9Z</CONTRACT>", "CONTRACT", "9Z"),
    ("<ROUND_NUMBER>2</ROUND_NUMBER>", "<ROUND_NUMBER>7</ROUND_NUMBER>", "ROUND_NUMBER", "7"),
    ('EVENT_TYPE="TEAMS"', 'EVENT_TYPE="MP_PAIRS"', "EVENT_TYPE", "MP_PAIRS"),
    ("<VP_SCALE>ACBL-20</VP_SCALE>", "<VP_SCALE>EBU-99</VP_SCALE>", "VP_SCALE", "ebu-99"),
    ("<BOARDS_PER_MATCH>8</BOARDS_PER_MATCH>", "<BOARDS_PER_MATCH>0</BOARDS_PER_MATCH>",
     "BOARDS_PER_MATCH", "0"),
    ("<TEAM_NAME>Owls</TEAM_NAME>", "<TEAM_NAME>Lions</TEAM_NAME>", "entrants", "Lions"),
    ("<NS_TEAM_NUMBER>1</NS_TEAM_NUMBER>", "<NS_TEAM_NUMBER>2</NS_TEAM_NUMBER>",
     "NS_TEAM_NUMBER", "Tigers"),
    ("<TEAM_NAME>Owls</TEAM_NAME>", "<TEAM_NAME>" + "O" * 500 + "</TEAM_NAME>", "TEAM_NAME",
     "O" * 100),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "field", "value"), BAD, ids=[b[1][:30] for b in BAD])
def test_a_bad_value_is_named_and_quoted(old: str, new: str, field: str, value: str) -> None:
    assert old in GOOD
    err = refused(GOOD.replace(old, new, 1))
    assert err.field == field
    assert err.value == value
    assert str(err).startswith("bad.xml, line ")
    assert (repr(value[:60]) if len(value) <= 60 else repr(value[:60])[:-1]) in str(err)


MISSING = [
    ("PARTICIPANTS", "PARTICIPANTS"), ("TEAM_NAME", "TEAM_NAME"), ("BOARD_NUMBER", "BOARD_NUMBER"),
    ("HOME_TEAM_NUMBER", "HOME_TEAM_NUMBER"), ("TRICKS", "TRICKS"), ("EVENT", "EVENT"),
]  # fmt: skip


@pytest.mark.parametrize(("element", "field"), MISSING, ids=[m[0] for m in MISSING])
def test_a_missing_element_is_named(element: str, field: str) -> None:
    pattern = re.compile(rf"<{element}( [^>]*)?>.*?</{element}>", re.DOTALL)
    assert pattern.search(GOOD)
    err = refused(pattern.sub("", GOOD, count=1))
    assert err.field == field


def test_not_xml_and_entities_are_refused() -> None:
    assert refused("<USEBIO Version='1.2'><EVENT").field == "xml"
    evil = '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "lol">]><USEBIO>&a;</USEBIO>'
    assert refused(evil).field == "ENTITY"
    assert refused('<USEBIO Version="9.9"/>').field == "USEBIO"


def big(boards: int) -> str:
    """A match of ``boards`` boards, each with its open room only."""
    lines = "".join(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER><TRAVELLER_LINE><ROOM>OPEN</ROOM>"
                    "<NS_TEAM_NUMBER>1</NS_TEAM_NUMBER><EW_TEAM_NUMBER>2</EW_TEAM_NUMBER>"
                    "<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>"
                    "</TRAVELLER_LINE></BOARD>" for b in range(1, boards + 1))  # fmt: skip
    return ('<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"><PARTICIPANTS>'
            "<TEAM><TEAM_NUMBER>1</TEAM_NUMBER><TEAM_NAME>A</TEAM_NAME></TEAM>"
            "<TEAM><TEAM_NUMBER>2</TEAM_NUMBER><TEAM_NAME>B</TEAM_NAME></TEAM></PARTICIPANTS>"
            "<ROUND><ROUND_NUMBER>1</ROUND_NUMBER><MATCH><TABLE_NUMBER>1</TABLE_NUMBER>"
            "<HOME_TEAM_NUMBER>1</HOME_TEAM_NUMBER><AWAY_TEAM_NUMBER>2</AWAY_TEAM_NUMBER>"
            f"<BOARDS>1-{boards}</BOARDS>{lines}</MATCH></ROUND></EVENT></USEBIO>")  # fmt: skip


@pytest.mark.timing
def test_a_large_file_is_read_in_linear_time() -> None:
    """6,000 boards take at most a few times 2,000's (quadratic would be 9 times); the best
    of three runs each, so that another process's load does not count, and the garbage
    collector held off (its passes grow with whatever else the test process holds)."""
    timings = []
    gc.collect()
    gc.disable()
    try:
        for n in (2000, 6000):
            text = big(n)
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                found = usebio.read_event(text)
                best = min(best, time.perf_counter() - start)
            assert len(found.event.entries) == n
            timings.append(best)
    finally:
        gc.enable()
    assert timings[1] < 6 * timings[0] + 0.05, timings


def test_a_pairs_reader_points_to_the_teams_reader() -> None:
    with pytest.raises(UsebioError, match="read_event"):
        usebio.read(GOOD)


# --- the API and the command line ------------------------------------------------------


def test_the_api_exports_a_team_event(client: TestClient) -> None:
    token = make_club(client, "Riverside", "4680", "td@example.org")
    body = {"kind": "round-robin", "name": "Club teams", "boards_per_match": 8,
            "scale": "acbl-20",
            "entrants": [{"name": "Lions", "players": [{"name": "Ann Smith", "number": "1234"},
                                                       "Bob Jones", "Cy Young", "Di Lane"]},
                         {"name": "Tigers"}, {"name": "Bears"}, {"name": "Owls"}]}  # fmt: skip
    answer = client.post("/api/events", json=body, headers=auth(token))
    assert answer.status_code == 201, answer.text
    event_id = answer.json()["id"]
    assert client.post(f"/api/events/{event_id}/rounds", headers=auth(token)).status_code == 201
    for room, contract, tricks in (("open", "4S", 10), ("closed", "4S", 9)):
        sent = client.post(f"/api/events/{event_id}/results", headers=auth(token), json={
            "round": 1, "match": 1, "room": room, "board": 1, "contract": contract,
            "declarer": "N", "tricks": tricks})  # fmt: skip
        assert sent.status_code == 201, sent.text
    got = client.get(f"/api/events/{event_id}/export?format=usebio")  # no login: as GET
    assert got.status_code == 200, got.text
    assert got.headers["content-type"].startswith("application/xml")
    assert 'filename="Club-teams.xml"' in got.headers["content-disposition"]
    found = usebio.read_event(got.content)
    summary = client.get(f"/api/events/{event_id}").json()
    assert [(t.place, t.entrant, (t.vp or 0) / 100) for t in found.ranking] == [
        (s["rank"], s["entrant"], s["vp"]) for s in summary["standings"]]  # fmt: skip
    assert found.ranking[0].entrant == "Lions"
    assert found.ranking[0].vp == 1400
    assert found.event.entrants[0].players[0] == Player("Ann Smith", "1234")
    assert "<CLUB_NAME>Riverside</CLUB_NAME>" in got.text
    assert client.get("/api/events/nope/export").status_code == 404
    assert client.get(f"/api/events/{event_id}/export?format=pbn").status_code == 422


def test_the_api_refuses_swiss_pairs(client: TestClient) -> None:
    token = make_club(client, "Riverside", "4680", "td@example.org")
    body = {"kind": "swiss-pairs", "name": "Pairs", "boards_per_match": 7,
            "scale": "ebu-swiss-pairs-7", "entrants": [{"name": "A"}, {"name": "B"}]}  # fmt: skip
    event_id = client.post("/api/events", json=body, headers=auth(token)).json()["id"]
    got = client.get(f"/api/events/{event_id}/export")
    assert got.status_code == 422
    assert "Swiss pairs" in got.text


def test_the_command_line_writes_usebio(tmp_path: Path) -> None:
    # RealBridge's layout (pbn.read_event): HomeTeam sits NS; board 1, love all
    games = [
        f'[Event "Club teams"][Round "1"][Board "1"][HomeTeam "{ns}"][VisitTeam "{ew}"]'
        f'[Contract "4S"][Declarer "N"][Result "{tricks}"]'
        for ns, ew, tricks in (("Lions", "Tigers", 10), ("Tigers", "Lions", 9))
    ]
    source = tmp_path / "teams.pbn"
    source.write_text("\n\n".join(games) + "\n")
    out = tmp_path / "teams.xml"
    done = subprocess.run([*bridgescore_command(), "event", "score", str(source), "--usebio",
                           str(out)], capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Lions" in done.stdout
    found = usebio.read_event(out.read_bytes())
    assert found.event.standings() == pbn.read_event(source.read_text()).standings()
    # 1-board matches on the WBF scale: 10 IMPs are 18.09-1.91 (SCORING.md §16.1, E1)
    assert [(t.entrant, t.vp) for t in found.ranking] == [("Lions", 1809), ("Tigers", 191)]
