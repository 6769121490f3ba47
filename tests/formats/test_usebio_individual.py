"""An individual evening as USEBIO (SCORING.md §26): written as an ``INDIVIDUAL`` event of
``PLAYER`` s, read back with the same players' rankings; what is not read is a typed error."""

from __future__ import annotations

import re

import pytest

from bridgescore import Result
from bridgescore.duplicate.movement.individual import individual
from bridgescore.duplicate.session import (
    BoardResult,
    Individual,
    Session,
    individual_scores,
    score_session,
)
from bridgescore.errors import MasterpointError, UsebioError
from bridgescore.masterpoints import ebu, individual_awards, parse_spec
from bridgescore.usebio import read, refusal, write

NAMES = {n: f"Player {chr(64 + n)}" for n in range(1, 13)}


def _evening(players: int = 12, rounds: int = 5) -> Session:
    movement = individual(players, 1, rounds=rounds)
    one = Individual(movement, NAMES if players == 12 else {})
    results = []
    for p in movement.plays:  # varied results, so that the players are not all tied
        contract = ["3NTN", "4SE", "2HS"][(p.round + p.table) % 3]
        tricks = 7 + (p.round * p.table + p.table) % 5
        results.append(BoardResult(p.boards[0], *movement.pairs_at(p),
                                   Result.parse(f"{contract} {tricks}"), round=p.round,
                                   table=p.table))  # fmt: skip
    return Session((one.section().with_results(results),), event="Individual night",
                   date="2026.12.02", individual=one)  # fmt: skip


@pytest.mark.parametrize(("players", "rounds"), [(12, 5), (8, 4), (16, 5)])
def test_an_individual_is_written_and_read_back_with_its_ranking(players: int, rounds: int) -> None:
    session = _evening(players, rounds)
    assert refusal(session) is None
    text = write(session)
    assert b'EVENT_TYPE="INDIVIDUAL"' in text
    assert b"<PAIR>" not in text  # the participants are the players
    assert text.count(b"<PLAYER>") == players
    assert session.individual is not None
    expected = individual_scores(session.individual, score_session(session)[0]).rankings
    again = read(text)
    got = [(row.place, row.pair.number, row.pair.names, row.percent) for row in again.standings]
    assert got == [(row.rank, row.pair.number, session.individual.name(row.pair.number),
                    row.percent) for row in expected]  # fmt: skip
    assert [row.total for row in again.standings] == [row.total for row in expected]
    # the boards as the partnerships played them, scored again: the same points
    rescored = score_session(again.session)[0]
    original = score_session(session)[0]
    assert {n: [(x.result.ns, x.result.ew, x.ns_points) for x in lines]
            for n, lines in rescored.travellers.items()} == {
        n: [(x.result.ns, x.result.ew, x.ns_points) for x in lines]
        for n, lines in original.travellers.items()}  # fmt: skip


def _long_evening() -> Session:
    """12 players, 5 rounds of 4 boards: 20 boards, in Scale F's column."""
    movement = individual(12, 4, rounds=5)
    one = Individual(movement, NAMES)
    results = [BoardResult(b, *movement.pairs_at(p),
                           Result.parse(f"3NTN {6 + (p.table * b + p.round) % 6}"),
                           round=p.round, table=p.table)
               for p in movement.plays for b in p.boards]  # fmt: skip
    return Session((one.section().with_results(results),), individual=one)


def test_scale_f_applies_to_an_individual_and_is_written_in_each_player() -> None:
    session = _long_evening()
    assert session.individual is not None
    players = individual_scores(session.individual, score_session(session)[0])
    got = individual_awards(parse_spec("ebu"), players)
    assert len(players.pairs.travellers) == 20
    places = ebu.scale_f(3, 20)  # 3 full tables: 4 awards
    assert places == [12, 9, 6, 6]
    pot = sum(int(a.points) for a in got.values())
    assert pot >= sum(places)  # a tie's share rounded up, at least 6 (SCORING.md §25.3)
    for row in players.rankings:  # past the 4th place nothing; a tie shares alike
        points = int(got[row.pair.number].points)
        first = int(row.rank.rstrip("="))
        assert points == 0 if first > 4 else ebu.MINIMUM <= points <= 12
        tied = {int(got[x.pair.number].points) for x in players.rankings if x.rank == row.rank}
        assert tied == {points}
    assert players.rankings[0].rank == "1"
    assert int(got[players.rankings[0].pair.number].points) == 12
    assert {a.kind for a in got.values()} == {"black"}
    again = read(write(session, masterpoints=parse_spec("ebu")))
    assert [(row.pair.number, row.master_points or 0) for row in again.standings] == [
        (row.pair.number, int(got[row.pair.number].points)) for row in players.rankings
    ]
    for other in ("abf", "acbl"):
        with pytest.raises(MasterpointError) as caught:
            write(session, masterpoints=parse_spec(other))
        assert caught.value.field == "masterpoints"
    with pytest.raises(MasterpointError) as short:  # 5 boards: outside 18 to 35
        write(_evening(), masterpoints=parse_spec("ebu"))
    assert short.value.field == "boards"


def _edited(pattern: str, replacement: str, count: int = 1) -> bytes:
    text = write(_evening()).decode()
    edited, n = re.subn(pattern, replacement, text, count=count, flags=re.S)
    assert n >= 1
    return edited.encode()


@pytest.mark.parametrize(
    ("pattern", "replacement", "field", "words"),
    [
        (r"<PLAYER_NUMBER>\d+</PLAYER_NUMBER>", "", "PLAYER_NUMBER", "no PLAYER_NUMBER"),
        (
            r"<PLAYER_NUMBER>\d+</PLAYER_NUMBER>",
            "<PLAYER_NUMBER>x7</PLAYER_NUMBER>",
            "PLAYER_NUMBER",
            "not a whole number",
        ),
        (
            r"<PLAYER_NUMBER>(\d+)</PLAYER_NUMBER>(.*?)<PLAYER_NUMBER>\d+</PLAYER_NUMBER>",
            r"<PLAYER_NUMBER>\1</PLAYER_NUMBER>\2<PLAYER_NUMBER>\1</PLAYER_NUMBER>",
            "PLAYER_NUMBER",
            "listed twice",
        ),
        (
            r"<PARTICIPANTS>",
            "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>",
            "PAIR",
            "not PAIRs",
        ),
        (r'EVENT_TYPE="INDIVIDUAL"', 'EVENT_TYPE="MP_PAIRS"', "PLAYER", "not INDIVIDUAL"),
        (
            r"(<EVENT [^>]*>)(.*)(</EVENT>)",
            r"\1<SECTION SECTION_ID='A'>\2</SECTION><SECTION SECTION_ID='B'>\2</SECTION>\3",
            "SECTION",
            "2 sections",
        ),
    ],
)
def test_what_an_individual_file_cannot_say_is_refused_by_field(
    pattern: str, replacement: str, field: str, words: str
) -> None:
    data = _edited(pattern, replacement)
    with pytest.raises(UsebioError) as caught:
        read(data)
    assert caught.value.field == field
    assert words in str(caught.value)
