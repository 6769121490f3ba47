"""BBO's LIN: boards read, written and read back; real tournament and vugraph files against
the PBN other programs wrote from them; malformed files refused with board and offset."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import pbn
from bridgescore.boards.auction import Auction, Call
from bridgescore.boards.deal import Deal
from bridgescore.boards.play import Play, trick_winner
from bridgescore.duplicate.session import Session
from bridgescore.errors import LinError
from bridgescore.lin import (
    HANDVIEWER,
    LinBoard,
    board_to_lin,
    handviewer_url,
    lin_to_pbn,
    pbn_to_lin_boards,
    read_lin,
    read_lin_deals,
    read_lin_match,
    read_lin_session,
    tagged_board,
    write_board,
    write_lin,
)
from bridgescore.model import PASS_OUT, Contract, Result, Seat, Strain, Vulnerability

REAL = Path(__file__).parents[1] / "data" / "real"
SKYCLUB = sorted((REAL / "bbo_skyclub").glob("*.lin"))
DEAL = "md|3S25H79TD35AC357JA,S368JQH28ADJKC68Q,S79TAH356KD26789C,|"
"""Board 1 of the Sky Club tournament: South, West, North's hands; East's are the rest."""


def board(text: str) -> LinBoard:
    (b,) = read_lin(text).boards
    return b


# Reading: table-driven

CALLS = [
    # mb values, the calls read
    ("mb|p|mb|p|mb|p|mb|p|", ["Pass"] * 4),
    ("mb|P|mb|D|mb|R|", ["Pass", "X", "XX"]),
    ("mb|1n|mb|2NT|mb|3c|mb|7N|", ["1NT", "2NT", "3C", "7NT"]),
    ("mb|1C|mb|d|mb|r|mb|p|mb|p|mb|p|", ["1C", "X", "XX", "Pass", "Pass", "Pass"]),
]


@pytest.mark.parametrize(("text", "calls"), CALLS)
def test_calls(text: str, calls: list[str]) -> None:
    b = board(DEAL + text)
    assert b.auction is not None
    assert [c.name for c in b.auction.calls] == calls
    assert b.auction.first is Seat.NORTH  # md|3: North deals


def test_alerts_and_explanations_are_notes() -> None:
    b = board(DEAL + "mb|1C!|mb|2S!|an|Michaels -- 5+ H|mb|p|mb|3H|an|Michaels -- 5+ H|"
              "mb|p|mb|p|mb|p|")  # fmt: skip
    assert b.auction is not None
    assert b.auction.calls[:4] == (Call("1C", alert=True), Call("2S", 1, alert=True),
                                   Call("Pass"), Call("3H", 1))  # fmt: skip
    assert b.auction.notes == ((1, "Michaels -- 5+ H"),)
    assert (str(b.auction.contract), b.auction.declarer) == ("3H", Seat.WEST)


VULNERABILITY = [("o", "NONE"), ("0", "NONE"), ("-", "NONE"), ("n", "NS"), ("E", "EW"),
                 ("b", "BOTH")]  # fmt: skip


@pytest.mark.parametrize(("sv", "vul"), VULNERABILITY)
def test_vulnerability(sv: str, vul: str) -> None:
    assert board(f"{DEAL}sv|{sv}|").vulnerability is Vulnerability[vul]


DEALERS = [("1", Seat.SOUTH), ("2", Seat.WEST), ("3", Seat.NORTH), ("4", Seat.EAST)]


@pytest.mark.parametrize(("digit", "seat"), DEALERS)
def test_dealer_and_the_fourth_hand(digit: str, seat: Seat) -> None:
    b = board(f"md|{digit}{DEAL[4:]}")
    assert b.dealer is seat
    # as pbntools wrote it from the same file (tests/data/real/bbo_pairs.pbn)
    assert b.deal == Deal.parse("N:AT97.K653.98762. K4.QJ4.QT4.KT942 52.T97.A53.AJ753 "
                                "QJ863.A82.KJ.Q86")  # fmt: skip


def test_a_deal_with_hands_missing() -> None:
    b = board("md|3SAKQJHAKQDAKQCAKQ,,,|")
    assert b.deal is not None
    assert b.deal.hands[2] is not None
    assert b.deal.hands[0] is None


def test_lower_case_cards_and_a_claim() -> None:
    """``pc|cK``: BBO's hand viewer takes the suit in either case; ``mc|`` is declarer's
    total of tricks."""
    b = board(DEAL + "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|dq|pc|D3|pc|dK|pc|D2|mc|10|")
    assert b.play is not None
    assert b.play.first is Seat.EAST  # North declares 1NT: East leads
    assert [c for _, c in b.play.sequence(Strain.NOTRUMP)] == ["DQ", "D3", "DK", "D2"]
    assert b.play.end == "*"
    assert b.claim == 10
    assert str(b.result) == "3NTN+1"


def test_thirteen_tricks_give_the_result() -> None:
    b = read_lin((SKYCLUB[1]).read_text()).boards[0]
    assert b.claim is None
    assert b.play is not None
    assert len(b.play.winners(Strain.NOTRUMP)) == 13
    assert str(b.result) == "3NTE-2"


def test_an_unfinished_board_has_no_result() -> None:
    """The Sky Club's first LIN: 3NT doubled, 30 cards played, no claim."""
    b = read_lin(SKYCLUB[0].read_text()).boards[0]
    assert b.auction is not None
    assert str(b.auction.contract) == "3NTX"
    assert b.result is None


def test_a_vugraph_header_and_rooms() -> None:
    text = ("vg|Final,Set 1,I,1,1,Lions,0,Tigers,0|\nrs|4SN=,4SN-1|\n"
            "pn|s1,w1,n1,e1,s2,w2,n2,e2|\n"
            f"qx|o1|{DEAL}sv|o|mb|p|\nqx|c1|{DEAL}sv|o|mb|p|\n")  # fmt: skip
    lin = read_lin(text)
    assert (lin.event, lin.segment, lin.scoring) == ("Final", "Set 1", "I")
    assert lin.teams == ("Lions", "Tigers")
    open_, closed = lin.boards
    assert (open_.room, closed.room) == ("open", "closed")
    assert open_.players == ("n1", "e1", "s1", "w1")
    assert closed.players == ("n2", "e2", "s2", "w2")
    assert (str(open_.result), str(closed.result)) == ("4SN=", "4SN-1")
    match = read_lin_match(text)
    assert (match.home, match.away, [b.imps for b in match.boards]) == ("Lions", "Tigers", [10])


def test_boards_of_a_file_without_board_numbers_follow_each_other() -> None:
    lin = read_lin(f"{DEAL}mb|p|\n{DEAL}mb|p|\n")
    assert [b.number for b in lin.boards] == [1, 2]


ERRORS = [
    # text, board, offset, field
    ("md|3SAKQ,,,|", 1, 0, "md"),
    ("md|9SAKQJHAKQDAKQCAKQ,,,|", 1, 0, "md"),
    (f"{DEAL}sv|z|", 1, len(DEAL), "sv"),
    (f"{DEAL}ah|Board 4|mb|1Z|", 4, len(DEAL) + 11, "mb"),
    (f"{DEAL}mb|p|mb|p|mb|p|mb|p|mb|1S|", 1, len(DEAL), "mb"),
    (f"{DEAL}mb|1S|mb|p|mb|p|mb|p|pc|S1|", 1, len(DEAL) + 21, "pc"),
    (f"{DEAL}mb|1S|mb|p|mb|p|mb|p|pc|SA|", 1, len(DEAL) + 21, "pc"),  # West has no SA
    (f"{DEAL}pc|D6|", 1, len(DEAL), "pc"),
    (f"{DEAL}mb|1S|mb|p|mb|p|mb|p|mc|14|", 1, len(DEAL) + 21, "mc"),
    ("an|why|", 1, 0, "an"),
    ("qx|x|", None, 0, "qx"),
    ("md|3,,,|xyz|1|", None, 8, None),
    ("md|3,,,|tail", None, 8, None),
    ("vg|a,b,I,1,1,A,0,B,0|rs|9ZZ|qx|o1|", 1, 21, "rs"),
]


@pytest.mark.parametrize(("text", "number", "offset", "field"), ERRORS)
def test_errors_name_board_offset_and_key(
    text: str, number: int | None, offset: int, field: str | None
) -> None:
    with pytest.raises(LinError) as caught:
        read_lin(text, source="t.lin")
    err = caught.value
    assert (err.source, err.offset, err.field) == ("t.lin", offset, field)
    if number is not None:
        assert err.board == number
        assert str(err).startswith(f"t.lin, board {number}, character {offset}: ")


def test_a_match_needs_both_rooms() -> None:
    with pytest.raises(LinError, match="no closed room") as caught:
        read_lin_match(f"qx|o3|{DEAL}mb|p|mb|p|mb|p|mb|p|")
    assert caught.value.board == 3


# Real files: a BBO tournament's LIN files against pbntools' PBN of the same tournament


def _gib(name: str) -> str:
    """pbntools writes BBO's robots (``~~M59370``) as ``GiB``; we keep BBO's names."""
    return "GiB" if name.startswith("~~") else name


def test_the_tournament_files_are_the_pbn_files_games() -> None:
    games = pbn.read_games(pbn.decode((REAL / "bbo_pairs.pbn").read_bytes()))
    assert len(games) == len(SKYCLUB) == 44
    with_result = 0
    for g in games:
        (b,) = read_lin_deals((REAL / "bbo_skyclub" / (g.get("DealId") or "")).read_bytes())
        assert b.number == int(g.get("Board") or 0)
        assert b.dealer.value == g.get("Dealer")
        assert b.vulnerability is Vulnerability.parse(g.get("Vulnerable") or "")
        assert b.deal == Deal.parse(g.get("Deal") or "")
        names = tuple(g.get(seat) for seat in ("North", "East", "South", "West"))
        assert tuple(_gib(n) for n in b.players) == names
        pbn_auction = g.auction()
        assert b.auction is not None
        assert pbn_auction is not None
        assert [c.name for c in b.auction.calls] == [c.name for c in pbn_auction.calls]
        assert [c.note is not None for c in b.auction.calls] == [
            c.note is not None for c in pbn_auction.calls
        ]
        pbn_play = g.play()
        contract = b.auction.contract
        if pbn_play is not None and isinstance(contract, Contract):
            assert b.play is not None
            assert list(b.play.sequence(contract.strain)) == list(
                pbn_play.sequence(contract.strain)
            )
        if g.get("Contract"):
            with_result += 1
            r = b.result
            assert r is not None
            assert str(r.contract) == g.get("Contract")
            assert (r.declarer.value if r.declarer else "") == g.get("Declarer")
            assert str(r.tricks) == g.get("Result")
        else:
            assert b.result is None
    assert with_result == 42


def test_the_tournament_session_ranks_as_the_pbn() -> None:
    from_lin = read_lin_session([p.read_bytes() for p in SKYCLUB], source="skyclub")
    from_pbn = pbn.read(pbn.decode((REAL / "bbo_pairs.pbn").read_bytes()))

    def ranking(session: Session) -> list[tuple[str, str, float | None, int]]:
        (scores,) = session.scored()
        rows = scores.rankings[None]
        return sorted(
            (r.rank, " & ".join(sorted(_gib(n) for n in r.pair.names.split(" & "))), r.percent,
             r.boards)
            for r in rows
        )  # fmt: skip

    assert ranking(from_lin) == ranking(from_pbn)
    assert len(from_lin.sections[0].results) == len(from_pbn.sections[0].results) == 42


def test_the_tournament_as_pbn_reads_as_the_same_session() -> None:
    texts = [p.read_bytes() for p in SKYCLUB]
    session = read_lin_session(texts)
    combined = "".join(lin_to_pbn(t).split("% EXPORT\r\n", 1)[1] + "\r\n" for t in texts)
    assert pbn.read(combined) == session


def test_robots_keep_their_names() -> None:
    (b,) = read_lin((REAL / "bbo_aba_robots.lin").read_text()).boards
    assert b.players == ("~~M36094", "~~M36095", "Sheldoon", "JAMSTARR1")
    assert b.auction is not None
    assert len(b.auction.notes) == 10
    assert b.auction.note(1) == "Major suit opening -- 5+ !S; 11-21 HCP; 12-22 total points "


# Real files: a vugraph match against LinToPbnConverter's PBN of it


def test_the_vugraph_match_is_the_pbn_match() -> None:
    lin_text = (REAL / "bbo_vugraph_match.lin").read_bytes()
    from_lin = read_lin_match(lin_text)
    from_pbn = pbn.read_match(pbn.decode((REAL / "bbo_vugraph_match.pbn").read_bytes()))
    assert (from_lin.home, from_lin.away) == (from_pbn.home, from_pbn.away)
    assert (from_lin.home, from_lin.away) == ("SWEDEN", "POLAND")
    assert from_lin.boards == from_pbn.boards
    assert len(from_lin.boards) == 16
    assert from_lin.imps == from_pbn.imps == (37, 39)
    games = pbn.read_games(pbn.decode((REAL / "bbo_vugraph_match.pbn").read_bytes()))
    lin = read_lin(lin_text.decode())
    for g, b in zip(games, lin.boards, strict=True):
        assert (g.get("Room") or "").lower() == b.room
        # the converter wrote the last of the eight names with the '|' after it: "WRANG|"
        names = tuple((g.get(s) or "").rstrip("|") for s in ("North", "East", "South", "West"))
        assert b.players == names
        assert b.deal == Deal.parse(g.get("Deal") or "")
        pbn_auction = g.auction()
        assert b.auction is not None
        assert pbn_auction is not None
        assert [c.name for c in b.auction.calls] == [c.name for c in pbn_auction.calls]
        assert b.auction.notes == pbn_auction.notes


def test_the_vugraph_as_pbn_is_the_same_match() -> None:
    lin_text = (REAL / "bbo_vugraph_match.lin").read_text()
    assert pbn.read_match(lin_to_pbn(lin_text)) == read_lin_match(lin_text)


# Round trips


NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABC_~0123456789.-", max_size=12).map(str.strip)
EXPLANATION = st.text(alphabet="abcdefghij !;+-", min_size=1, max_size=20).filter(str.strip)


@st.composite
def lin_boards(draw: st.DrawFn, room: str | None = None, number: int | None = None) -> LinBoard:
    n = number or draw(st.integers(1, 99))
    rng = random.Random(draw(st.integers(0, 2**32)))
    deal = Deal.random(rng)
    dealer = draw(st.sampled_from(list(Seat)))
    vul = draw(st.sampled_from(list(Vulnerability)))
    players = (draw(NAME), draw(NAME), draw(NAME), draw(NAME))
    bids = [f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
    names: list[str] = []
    level = 0
    for _ in range(draw(st.integers(0, 12))):
        name = draw(st.sampled_from(["Pass", "X", "XX", *bids[level : level + 5]]))
        if name in bids:
            level = bids.index(name) + 1
        names.append(name)
    calls: list[Call] = []
    texts: dict[str, int] = {}
    for name in [*names, "Pass", "Pass", "Pass", "Pass"]:
        text = draw(st.none() | EXPLANATION)
        note = None if text is None else texts.setdefault(text, len(texts) + 1)
        calls.append(Call(name, note, alert=draw(st.booleans())))
        if Auction._close_index(calls) is not None:
            break
    auction = Auction(dealer, tuple(calls), "", tuple((i, t) for t, i in texts.items()))
    play, claim = None, None
    contract, declarer = auction.contract, auction.declarer
    if isinstance(contract, Contract) and declarer is not None:
        hands = {s: list(deal[s].cards()) for s in Seat}  # type: ignore[union-attr]
        cards, leader = [], declarer.lho
        for _ in range(draw(st.integers(0, 13))):
            trick = []
            for i in range(4):
                hand = hands[leader.next(i)]
                trick.append(hand.pop(rng.randrange(len(hand))))
            cards += trick
            leader = leader.next(trick_winner(trick, contract.strain))
        if len(cards) < 52:
            cards += [hands[leader.next(i)][0] for i in range(draw(st.integers(0, 3)))]
        if len(cards) < 52 and draw(st.booleans()):
            claim = draw(st.integers(0, 13))
        if cards:
            play = Play.from_sequence(declarer.lho, cards, contract.strain,
                                      end="*" if claim is not None else "")  # fmt: skip
    return LinBoard(n, dealer, vul, deal, players, auction, play, claim, None,
                    room, f"Board {n}")  # type: ignore[arg-type]  # fmt: skip


@settings(max_examples=80, deadline=None)
@given(st.lists(lin_boards(), min_size=1, max_size=4))
def test_tournament_boards_round_trip(boards: list[LinBoard]) -> None:
    text = write_lin(boards)
    assert list(read_lin(text).boards) == boards
    assert write_lin(read_lin(text).boards) == text


@st.composite
def matches(draw: st.DrawFn) -> tuple[list[LinBoard], tuple[str, str]]:
    n = draw(st.integers(1, 4))
    first = draw(st.integers(1, 20))
    boards = []
    rooms = {"open": (draw(NAME), draw(NAME), draw(NAME), draw(NAME)),
             "closed": (draw(NAME), draw(NAME), draw(NAME), draw(NAME))}  # fmt: skip
    for number in range(first, first + n):
        for room in ("open", "closed"):
            b = draw(lin_boards(room, number))
            recorded = b.result if draw(st.booleans()) else None
            if draw(st.booleans()):  # a substitution: the room's players change
                rooms[room] = (draw(NAME), draw(NAME), draw(NAME), draw(NAME))
            boards.append(LinBoard(b.number, b.dealer, b.vulnerability, b.deal, rooms[room],
                                   b.auction, b.play, b.claim, recorded, b.room,
                                   b.title))  # fmt: skip
    teams = (draw(NAME.filter(bool)), draw(NAME.filter(bool)))
    return boards, teams


@settings(max_examples=40, deadline=None)
@given(matches())
def test_vugraph_boards_round_trip(case: tuple[list[LinBoard], tuple[str, str]]) -> None:
    boards, teams = case
    text = write_lin(boards, event="Final", teams=teams)
    lin = read_lin(text)
    assert list(lin.boards) == boards
    assert (lin.event, lin.teams) == ("Final", teams)


@settings(max_examples=100, deadline=None)
@given(lin_boards())
def test_a_board_through_pbn_keeps_what_pbn_holds(b: LinBoard) -> None:
    (again,) = pbn_to_lin_boards(lin_to_pbn(write_board(b)))
    assert (again.number, again.dealer, again.vulnerability, again.deal, again.players) == (
        b.number, b.dealer, b.vulnerability, b.deal, b.players)  # fmt: skip
    assert again.auction is not None
    assert b.auction is not None
    # PBN has no alert but a note: the calls, notes and texts are kept
    assert [(c.name, c.note) for c in again.auction.calls] == [
        (c.name, c.note) for c in b.auction.calls
    ]
    assert again.auction.notes == b.auction.notes
    assert again.play == b.play
    assert again.result == b.result  # the claim is PBN's Result


@settings(max_examples=100, deadline=None)
@given(lin_boards())
def test_handviewer_links_hold_the_board(b: LinBoard) -> None:
    url = handviewer_url(b)
    assert url.startswith(HANDVIEWER)
    assert "|" not in url
    assert " " not in url
    (again,) = read_lin(unquote(url[len(HANDVIEWER) :])).boards
    assert again == b


def test_writing_refuses_what_lin_cannot_hold() -> None:
    b = board(DEAL)
    bad = LinBoard(b.number, b.dealer, b.vulnerability, b.deal, ("a|b", "", "", ""))
    with pytest.raises(LinError, match="'\\|'"):
        write_lin([bad])
    skip = Auction(Seat.NORTH, (Call("1S"), Call("^S")))
    with pytest.raises(LinError, match="\\^S"):
        write_lin([LinBoard(1, Seat.NORTH, Vulnerability.NONE, auction=skip)])
    ap = LinBoard(1, Seat.NORTH, Vulnerability.NONE, auction=Auction(Seat.NORTH, (Call("AP"),)))
    assert "mb|p|mb|p|mb|p|mb|p|" in write_lin([ap])


def test_a_passed_out_board() -> None:
    b = board(DEAL + "mb|p|mb|p|mb|p|mb|p|")
    assert b.result == Result(PASS_OUT, None, 0)
    pbn_text = lin_to_pbn(DEAL + "mb|p|mb|p|mb|p|mb|p|")
    assert '[Contract "Pass"]' in pbn_text


# Hostile input: linear time

PER_CHAR = 20e-6
"""Seconds a character at most, plus 20 ms: a quadratic reader takes seconds on 100 kB."""


def hostile(n: int) -> list[str]:
    return [
        "a" * n,
        "|" * n,
        "mb|" * (n // 3),
        "mb|p|" * (n // 5),
        DEAL + "mb|1C|" + "mb|p|" * (n // 5),
        DEAL + "mb|1N|mb|p|mb|p|mb|p|" + "pc|SA|" * (n // 6),
        "md|" + "S" * n,
        "an|" + "x" * n,
        "qx|o1|" * (n // 6),
        "md|3,,,|" * (n // 8),
        "pn|" + "," * n,
        "rs|" + "," * n,
        "ah|Board 1|" * (n // 11),
    ]


@pytest.mark.parametrize("n", [100, 10_000, 50_000])
def test_hostile_input_is_read_or_refused_in_linear_time(n: int) -> None:
    import contextlib
    import time

    for text in hostile(n):
        best = float("inf")
        for _ in range(3):  # CPU time, the best of three: other processes' load does not count
            start = time.process_time()
            with contextlib.suppress(LinError):
                read_lin(text)
            best = min(best, time.process_time() - start)
        assert best < 0.02 + PER_CHAR * len(text), (text[:20], n, best)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="|mbpcdnqxosv123SHDCAKQJT!,an ", max_size=400))
def test_any_text_raises_only_lin_errors(text: str) -> None:
    error: LinError | None = None
    try:
        read_lin(text)
    except LinError as exc:
        error = exc
    if error is not None:
        assert error.offset is None or 0 <= error.offset <= len(text)


def test_the_worked_example_of_scoring_md_15() -> None:
    """SCORING.md §17: the vugraph's board 2, open room: 4H by South, 10 tricks, NS +620."""
    lin = read_lin((REAL / "bbo_vugraph_match.lin").read_text())
    b = next(b for b in lin.boards if (b.number, b.room) == (2, "open"))
    assert (b.dealer, b.vulnerability) == (Seat.EAST, Vulnerability.NS)
    assert b.auction is not None
    assert b.auction.notes == ((1, "5+!h s/o or inv"),)
    assert b.auction.calls[3] == Call("2D", 1)
    assert (str(b.auction.contract), b.auction.declarer) == ("4H", Seat.SOUTH)
    assert b.play is not None
    assert b.play.first is Seat.WEST
    assert b.claim == 10
    assert str(b.result) == "4HS="
    match = read_lin_match((REAL / "bbo_vugraph_match.lin").read_text())
    assert match.boards[1].ns_score(match.boards[1].open) == 620


def test_a_session_board_as_lin() -> None:
    """A hand record's board (a game a board, with its deal, auction and play) as LIN and as a
    hand viewer link."""
    text = (
        '[Board "3"][Dealer "S"][Vulnerable "EW"]'
        '[Deal "N:AT97.K653.98762. K4.QJ4.QT4.KT942 52.T97.A53.AJ753 QJ863.A82.KJ.Q86"]'
        '[Contract "3NT"][Declarer "S"][Result "7"][PairNS "1"][PairEW "2"]\n'
        '[Auction "S"]\n1C =1= Pass 1S Pass\n2NT Pass 3NT AP\n[Note "1:could be short"]\n'
        '[Play "W"]\nDK D2 D4 D3\n*'
    )
    session = pbn.read(text)
    (b,) = session.sections[0].boards
    (r,) = session.sections[0].results
    lin_board = board_to_lin(b, r.result, ("Nina", "Ed", "Sue", "Walt"))
    (again,) = read_lin(unquote(handviewer_url(lin_board)[len(HANDVIEWER) :])).boards
    assert b.auction is not None
    assert again.auction == b.auction.without_ap()
    assert again.auction.calls[-1] == Call("Pass")
    # the play stops ('*') with a result: LIN's claim of the result's tricks
    assert again.play == Play.from_sequence(
        Seat.WEST, ["DK", "D2", "D4", "D3"], Strain.NOTRUMP, end="*"
    )
    assert again.claim == 7
    assert again.deal == b.deal
    assert again.players == ("Nina", "Ed", "Sue", "Walt")
    assert (again.number, again.dealer, again.vulnerability) == (3, Seat.SOUTH, Vulnerability.EW)


def test_a_board_that_gives_its_vulnerability_before_its_deal() -> None:
    lin = read_lin(f"sv|n|{DEAL}mb|p|pg||sv|e|{DEAL}mb|1C|pg||")
    assert [(b.number, b.vulnerability) for b in lin.boards] == [
        (1, Vulnerability.NS), (2, Vulnerability.EW)]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(lin_boards())
def test_a_board_as_a_deal_files_board_and_back(b: LinBoard) -> None:
    """What :mod:`bridgescore.deals` holds of a board (a Board with tags, and the deal)."""
    board, deal = tagged_board(b)
    assert deal == b.deal
    assert (board.number, board.dealer, board.vulnerability) == (b.number, b.dealer,
                                                                 b.vulnerability)  # fmt: skip
    again = board_to_lin(board, deal=deal)
    assert (again.deal, again.players, again.play, again.result) == (
        b.deal, b.players, b.play, b.result)  # fmt: skip
    assert again.auction is not None
    assert b.auction is not None
    assert [(c.name, c.note) for c in again.auction.calls] == [
        (c.name, c.note) for c in b.auction.calls
    ]
