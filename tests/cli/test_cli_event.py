"""Team events read from PBN (RealBridge's round files and two-room files) and written back;
``bridgescore event score``."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import pbn
from bridgescore.errors import BridgeError, PbnError
from bridgescore.events import Entry, Event, EventKind, Room, VpScale, teams
from bridgescore.events._data import _result
from tests.conftest import DATA, run

REAL = DATA / "real"


def realbridge(rounds: list[list[tuple[str, str, str, int, str, int]]]) -> str:
    """A file in RealBridge's layout (written by hand: none was found in a public repository):
    per table a game with no Room tag, HomeTeam the team sitting NS there, VisitTeam the
    other; a Round tag. Each table is (NS team, EW team, open contract, tricks, closed
    contract, tricks) played on board 1 of its round, both rooms."""
    games = []
    for number, tables in enumerate(rounds, 1):
        for home, away, c1, t1, c2, t2 in tables:
            for ns, ew, contract, tricks in ((home, away, c1, t1), (away, home, c2, t2)):
                games.append(f'[Event "Club teams"][Round "{number}"][Board "{number}"]'
                             f'[HomeTeam "{ns}"][VisitTeam "{ew}"][Contract "{contract}"]'
                             f'[Declarer "N"][Result "{tricks}"]')  # fmt: skip
    return "\n\n".join(games) + "\n"


ROUNDS = [
    # round 1, board 1 (love all): Lions +420 and +50 (Tigers' 4S one down): 470, 10 IMPs
    [("Lions", "Tigers", "4S", 10, "4S", 9), ("Bears", "Wolves", "3NT", 9, "3NT", 9)],
    # round 2, board 2 (NS vulnerable): Bears +620, Lions' NS -100: 720, 12 IMPs to Bears
    [("Bears", "Lions", "4S", 10, "4S", 9), ("Tigers", "Wolves", "2H", 8, "2H", 8)],
]


def test_a_realbridge_event_of_two_rounds(tmp_path: Path) -> None:
    """The WBF scale for 1-board matches (the blitz 15 IMPs): 10 IMPs 18.09-1.91, 12 IMPs
    18.97-1.03, a draw 10-10. Lions 18.09 + 1.03 = 19.12; Bears 10 + 18.97 = 28.97; Tigers
    1.91 + 10 = 11.91; Wolves 10 + 10 = 20."""
    event = pbn.read_event(realbridge(ROUNDS))
    assert [(m.home, m.away) for r in event.rounds for m in r.matches] == [
        ("Lions", "Tigers"), ("Bears", "Wolves"), ("Bears", "Lions"),
        ("Tigers", "Wolves")]  # fmt: skip
    assert [(s.rank, s.entrant, s.vps, s.imps_for, s.imps_against) for s in event.standings()] == [
        ("1", "Bears", 28.97, 12, 0), ("2", "Wolves", 20.0, 0, 0), ("3", "Lions", 19.12, 10, 12),
        ("4", "Tigers", 11.91, 0, 10)]  # fmt: skip
    file = tmp_path / "teams.pbn"
    file.write_text(realbridge(ROUNDS))
    code, out = run(CliRunner(), "event", "score", str(file), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["standings"][0] == {"rank": "1", "entrant": "Bears", "vp": 28.97, "imps_for": 12,
                                    "imps_against": 0, "played": 2,
                                    "in_progress": False}  # fmt: skip
    assert data["rounds"][1]["matches"][0] == {"match": 1, "home": "Bears", "away": "Lions",
                                               "boards": 1, "imps": [12, 0],
                                               "vp": [18.97, 1.03],
                                               "through": None}  # fmt: skip
    code, out = run(CliRunner(), "event", "score", str(file))
    assert code == 0, out
    assert "Bears" in out
    assert "28.97" in out
    code, out = run(CliRunner(), "event", "score", str(file), "--bam")
    assert code == 0, out
    assert "board-a-match" in out


def test_a_real_two_room_match_scores_as_match_score_does() -> None:
    """The BBO vugraph file (WBTC 2015, Sweden v Poland, 16 boards): 37-39 IMPs, 9.39-10.61."""
    text = pbn.decode((REAL / "bbo_vugraph_match.pbn").read_bytes())
    event = pbn.read_event(text)
    assert [(s.entrant, s.vps, s.imps_for) for s in event.standings()] == [
        ("POLAND", 10.61, 39), ("SWEDEN", 9.39, 37)]  # fmt: skip
    (match,) = pbn.read_matches(text)
    assert event.scores()[0].imps == match.imps
    again = pbn.read_event(pbn.write_event(event))
    assert again.standings() == event.standings()


def test_files_that_are_not_team_events_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PbnError, match="no team matches"):
        pbn.read_event("")
    bad = tmp_path / "bad.pbn"
    bad.write_text('[HomeTeam "A"][VisitTeam "B"][Board "1"][Contract "4S"][Declarer "N"]'
                   '[Result "10"]\n')  # fmt: skip
    code, out = run(CliRunner(), "event", "score", str(bad))
    assert code == 2
    assert "no board was played in both rooms of a match" in out
    assert "line 1: A v B: board 1 has no closed room result" in out
    code, out = run(CliRunner(), "event", "score", str(REAL / "bbo_vugraph_match.pbn"),
                    "--scale", "acbl-30")  # fmt: skip
    assert code == 2
    assert "6-11 boards" in out


RESULTS = st.sampled_from(["4SN=", "4SN-1", "3NTS+1", "PASS", "6HXE-2", "1NTW=", "A+/A-", "A"])


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.sampled_from(list(Room)), RESULTS),
                max_size=8))  # fmt: skip
def test_write_then_read_gives_the_event_back(entries: list[tuple[int, Room, str]]) -> None:
    event = Event(EventKind.ROUND_ROBIN, "RR", teams("A", "B", "C", "D"), boards_per_match=2)
    event = event.draw_next()
    for board, room, text in entries:
        event = event.record(Entry(1, 1, board, room, _result(text)), replace=True)
    paired = {(e.board) for e in event.entries if e.room is Room.OPEN} & {
        e.board for e in event.entries if e.room is Room.CLOSED}  # fmt: skip
    event = Event(event.kind, event.name, event.entrants, None, 2, VpScale.WBF_2013,
                  rounds=event.rounds, entries=tuple(e for e in event.entries
                                                     if e.board in paired))  # fmt: skip
    if not event.entries:
        return
    again = pbn.read_event(pbn.write_event(event), name="RR")
    imps = {(s.entrant, s.imps_for, s.imps_against) for s in event.standings()
            if s.played or s.in_progress}  # fmt: skip
    assert {(s.entrant, s.imps_for, s.imps_against) for s in again.standings()} == imps
    assert {(e.board, e.room, str(e.result)) for e in again.entries} == {
        (e.board, e.room, str(e.result)) for e in event.entries}  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='[]"HomeTamVisRoundBrd14 \n\\{};%#OpenClsdContractN', max_size=300))
def test_read_event_raises_only_bridge_errors(text: str) -> None:
    with contextlib.suppress(BridgeError):
        pbn.read_event(text)


def test_a_board_one_room_missed_is_a_warning(tmp_path: Path) -> None:
    """issue 32: a board only one room played is left out of its match with a warning that
    names the file and line; the other boards are scored."""
    games = [f'[Round "1"][Board "{b}"][HomeTeam "A"][VisitTeam "B"][Contract "3NT"]'
             f'[Declarer "N"][Result "{t}"]' for b, t in ((1, 9), (1, 8), (2, 9))]  # fmt: skip
    path = tmp_path / "round.pbn"
    path.write_text("\n\n".join(games) + "\n")
    for group in ("event", "match"):
        code, out = run(CliRunner(), group, "score", str(path))
        assert code == 0, out
        assert "warning: round.pbn, line 5: A v B: board 2 has no closed room result" in out
