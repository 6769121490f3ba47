"""PBN's Auction and Play sections (§3.5, §3.6, §3.9): the values, the sections of real files,
round trips, and malformed sections refused with their file, line and tag."""

from __future__ import annotations

import contextlib
import random
import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import pbn
from bridgescore.boards.auction import Auction, Call
from bridgescore.boards.play import Play, PlayedCard, trick_winner
from bridgescore.errors import BridgeError, NotationError, PbnError
from bridgescore.model import PASS_OUT, Contract, Seat, Side, Strain
from bridgescore.pbn import Game, Tag, auction_of, play_of, read_games, section_tags, write_games

REAL = Path(__file__).parents[1] / "data" / "real"

# The auction: calls, markers and annotations (§3.5.1-3.5.4, §3.9)

AUCTIONS = [
    # first, text, contract, declarer, complete
    ("N", "Pass Pass Pass Pass", "Pass", None, True),
    ("N", "AP", "Pass", None, True),
    ("N", "1S Pass 4S AP", "4S", "N", True),
    ("E", "1H 1S 2H 2S X Pass Pass XX AP", "2SXX", "S", True),
    ("S", "1NT X XX Pass Pass Pass", "1NTXX", "S", True),
    ("W", "1C Pass 1H Pass 2H Pass 4H Pass Pass Pass", "4H", "E", True),
    # the first to name the strain declares, even when partner bid it last
    ("N", "1D Pass 1H Pass 2NT Pass 3NT Pass Pass Pass", "3NT", "N", True),
    ("N", "1S Pass", "1S", "N", False),
    ("N", "", None, None, False),
    # import format: West's column first, players before the dealer have '-'
    ("W", "- 1S Pass 2S Pass Pass Pass", "2S", "N", True),
    # lower case (§3.11), suffixes, a note, NAGs, the end marks
    ("n", "pass 1nt! =1= pass 3nt $5 ap", "3NT", "E", True),
    ("N", "1S Pass 2S *", "2S", "N", False),
    ("N", "1S Pass 2S +", "2S", "N", False),
    # irregularities: an accepted insufficient bid, a call out of rotation (§3.9 A, B)
    ("W", "1D ^I 1C Pass Pass Pass", "1C", "N", True),
    # §3.9's examples: West deals, North opens 1D; West 1D, South 1C
    ("W", "^S 1D Pass Pass Pass", "1D", "N", True),
    ("W", "1D ^S ^S ^I 1C Pass Pass Pass", "1C", "S", True),
]


@pytest.mark.parametrize(("first", "text", "contract", "declarer", "complete"), AUCTIONS)
def test_auction_contract_and_declarer(
    first: str, text: str, contract: str | None, declarer: str | None, complete: bool
) -> None:
    a = Auction.read(first, text)
    assert (None if a.contract is None else str(a.contract)) == contract
    assert (None if a.declarer is None else a.declarer.value) == declarer
    assert a.is_complete is complete
    again = Auction.read(a.first, "\n".join(a.lines()), a.notes)
    assert again == a


def test_annotations_in_export_order() -> None:
    """§3.5.2's example: '1S !! =1= $25' is '1S =1= $3 $25' in export format."""
    a = Auction.read("N", "1S !! =1= $25 Pass", [(1, "strong")])
    assert a.calls[0] == Call("1S", note=1, nags=(3, 25))
    assert a.lines() == ("1S =1= $3 $25 Pass",)
    assert a.note(1) == "strong"


def test_irregular_calls_are_kept() -> None:
    a = Auction.read("W", "1D ^S ^I 1C")
    assert [c.name for c in a.calls] == ["1D", "^S", "1C"]
    assert a.calls[2].insufficient
    assert [s.value for s, _ in a.seats()] == ["W", "N", "E"]
    assert a.lines() == ("1D ^S ^I 1C",)


AUCTION_ERRORS = [
    ("1Z", "invalid call '1Z'"),
    ("8S", "invalid call '8S'"),
    ("1S =1= =2=", "two note references"),
    ("1S =33=", "not 1 to 32"),
    ("=1= 1S", "before any call"),
    ("1S ! ?", "bad suffix"),
    ("1S * Pass", "after the end"),
    ("Pass Pass Pass Pass 1S", "after the auction ended"),
    ("1S Pass Pass Pass X", "after the auction ended"),
    ("AP Pass", "AP (all pass) must be the last call"),
    ("^I Pass", "^I marks an insufficient bid"),
    ("^R 1S", "unknown irregularity '^R'"),
    ("1S ^I", "at the end of the auction"),
    ("1S $256", "NAGs"),
]


@pytest.mark.parametrize(("text", "message"), AUCTION_ERRORS)
def test_bad_auctions_are_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        Auction.read("N", text)


# The play: columns, leaders, winners (§3.6, §3.9 C, D)


def test_trick_winner() -> None:
    assert trick_winner(["SK", "S2", "S3", "SA"], Strain.NOTRUMP) == 3
    assert trick_winner(["SK", "H2", "S3", "SA"], Strain.HEARTS) == 1
    assert trick_winner(["SK", "H2", "D3", "C2"], Strain.SPADES) == 0
    assert trick_winner(["SK", "H2", "HA", "C2"], Strain.HEARTS) == 2


def test_the_next_trick_is_led_by_the_winner_in_the_same_columns() -> None:
    # West leads; South wins the first trick with the ace and leads the second.
    p = Play.read("W", "SK S2 S3 SA\nC2 CA C3 C4")
    seq = [(s.value, c) for s, c in p.sequence(Strain.NOTRUMP)]
    assert seq == [("W", "SK"), ("N", "S2"), ("E", "S3"), ("S", "SA"),
                   ("S", "C4"), ("W", "C2"), ("N", "CA"), ("E", "C3")]  # fmt: skip
    assert p.winners(Strain.NOTRUMP) == [Seat.SOUTH, Seat.NORTH]
    assert p.tricks_won(Strain.NOTRUMP, Side.NS) == 2


def test_a_lead_out_of_turn_leads_its_trick() -> None:
    """§3.9 D: 'CA C2 ^L C3 C4': East led instead of West; the others follow clockwise."""
    p = Play.read("W", "CA C2 ^L C3 C4")
    assert p.tricks[0][2] == PlayedCard("C3", out_of_turn=True)
    assert [(s.value, c) for s, c in p.sequence(Strain.NOTRUMP)] == [
        ("E", "C3"), ("S", "C4"), ("W", "CA"), ("N", "C2")]  # fmt: skip
    assert p.lines() == ("CA C2 ^L C3 C4",)


def test_a_revoke_and_unknown_cards_are_kept() -> None:
    p = Play.read("W", "CA ^R S6 C3 C4\n- HK - -\n*")
    assert p.tricks[0][1].revoke
    assert p.end == "*"
    assert p.lines() == ("CA ^R S6 C3 C4", "- HK - -", "*")
    assert len(list(p.sequence(Strain.NOTRUMP))) == 4  # the second trick's lead is not known


def test_from_sequence_puts_cards_in_the_leaders_columns() -> None:
    cards = ["SK", "S2", "S3", "SA", "C4", "C2"]
    p = Play.from_sequence(Seat.WEST, cards, Strain.NOTRUMP)
    assert p.lines() == ("SK S2 S3 SA", "C2 - - C4")
    assert [c for _, c in p.sequence(Strain.NOTRUMP)] == cards


PLAY_ERRORS = [
    ("SK S2 S3 SA SK", "played twice"),
    ("SZ", "invalid card 'SZ'"),
    ("SK =1= =1=", "two note references"),
    ("SK * SA", "after the end"),
    ("^I SK", "unknown irregularity '^I'"),
    ("SK +", "cannot end the play"),
    (" ".join(["-"] * 56), "a board has 52"),
]


@pytest.mark.parametrize(("text", "message"), PLAY_ERRORS)
def test_bad_plays_are_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        Play.read("W", text)


# In a PBN file: notes, errors naming the line and the tag


def test_sections_of_a_game_with_notes() -> None:
    (g,) = read_games('[Board "1"]\n[Auction "E"]\nPass 1S Pass 2D =1=\nPass 4S AP\n'
                      '[Note "1:5+ hearts, invitational"]\n[Play "S"]\nSA S2 S3 S4\n*\n'
                      '[Note "1:count"]')  # fmt: skip
    a, p = g.auction(), g.play()
    assert a is not None
    assert p is not None
    assert a.notes == ((1, "5+ hearts, invitational"),)
    assert p.notes == ((1, "count"),)
    assert (str(a.contract), a.declarer) == ("4S", Seat.SOUTH)
    assert p.end == "*"
    tags = section_tags(a, p)
    (again,) = read_games(write_games([Game(tuple(tags))]))
    assert (again.auction(), again.play()) == (a, p)


SECTION_ERRORS = [
    # text, line, tag
    ('[Board "1"]\n[Auction "N"]\n1S Pass\n2S 9Z', 4, "Auction"),
    ('[Board "1"]\n[Auction "Q"]\n1S', 2, "Auction"),
    ('[Board "1"]\n[Auction "N"]\nPass Pass Pass Pass\n1S', 2, "Auction"),
    ('[Board "1"]\n[Auction "N"]\n1S\n[Note "one"]', 4, "Note"),
    ('[Board "1"]\n[Play "W"]\nSK S2 S3 SA\nH2 H3 H4 ZZ', 4, "Play"),
    ('[Board "1"]\n[Play "W"]\nSK S2 S3 SA\nSK', 2, "Play"),
]


@pytest.mark.parametrize(("text", "line", "tag"), SECTION_ERRORS)
def test_a_bad_section_names_file_line_and_tag(text: str, line: int, tag: str) -> None:
    (g,) = read_games(text, source="club.pbn")
    read = auction_of if tag in ("Auction", "Note") else play_of
    with pytest.raises(PbnError) as caught:
        read(g, source="club.pbn")
    assert (caught.value.source, caught.value.line, caught.value.field) == ("club.pbn", line, tag)
    assert str(caught.value).startswith(f"club.pbn, line {line}: ")
    # a session read from the file is not refused for it (an optional part, issue 32): a
    # warning names the file, the line and the tag, and the board keeps the section as text
    s = pbn.read(text, source="club.pbn")
    (warning,) = [str(w) for w in s.warnings if "not read" in str(w)]
    assert warning.startswith(f"club.pbn, line {line}: {tag} not read, the results are scored")
    assert caught.value.reason.removeprefix(f"{tag}: ") in warning
    kept = dict(s.sections[0].boards[0].tags)
    assert "Auction" in kept or "Play" in kept


def test_a_board_of_a_session_holds_its_auction_and_play() -> None:
    text = ('[Board "1"][Dealer "N"][Vulnerable "None"][Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]'
            '[Contract "7NT"][Declarer "N"][Result "13"][PairNS "1"][PairEW "2"]\n'
            '[Auction "N"]\n7NT =1= AP\n[Note "1:grand"]\n[Play "E"]\nC2 *')  # fmt: skip
    s = pbn.read(text)
    board = s.sections[0].boards[0]
    assert board.auction == Auction.read("N", "7NT =1= AP", [(1, "grand")])
    assert board.play == Play.read("E", "C2 *")
    s2 = pbn.read(pbn.write(s))
    assert s2.sections[0].boards[0].auction == board.auction
    assert s2.sections[0].boards[0].play == board.play


# Real files: auctions and plays written by pbntools (from BBO) and LinToPbnConverter


@pytest.mark.parametrize(
    ("name", "contracts", "full_plays"),
    [("bbo_pairs.pbn", 42, 27), ("bbo_vugraph_match.pbn", 32, 5)],
)
def test_real_auctions_give_the_files_contracts_and_results(
    name: str, contracts: int, full_plays: int
) -> None:
    games = read_games(pbn.decode((REAL / name).read_bytes()), source=name)
    checked = played = 0
    for g in games:
        a, p = g.auction(source=name), g.play(source=name)
        if a is None:
            continue
        contract = g.get("Contract")
        if contract in (None, "", "?"):
            continue
        checked += 1
        assert str(a.contract) == contract, g.get("Board")
        if a.contract is PASS_OUT:
            continue
        assert a.declarer is not None
        assert a.declarer.value == g.get("Declarer")
        assert isinstance(a.contract, Contract)
        if p is not None:
            assert p.first is a.declarer.lho  # the opening leader, in export format
            if len(p.winners(a.contract.strain)) == 13:
                played += 1
                assert str(p.tricks_won(a.contract.strain, a.declarer.side)) == g.get("Result")
        # written and read again: the same sections
        (again,) = read_games(write_games([Game(tuple(section_tags(a, p)))]))
        assert (again.auction(), again.play()) == (a, p)
    assert (checked, played) == (contracts, full_plays)


@pytest.mark.parametrize(
    ("name", "sections"), [("bbo_pairs.pbn", 88), ("bbo_vugraph_match.pbn", 64)]
)
def test_real_sections_are_written_back_token_for_token(name: str, sections: int) -> None:
    """pbntools' and LinToPbnConverter's sections, read and written: the same tokens on the
    same lines (the converter pads its columns with spaces, which PBN does not keep)."""
    games = read_games(pbn.decode((REAL / name).read_bytes()))
    found = 0
    for g in games:
        for tag_name, section in (("Auction", g.auction()), ("Play", g.play())):
            tag = g.tag(tag_name)
            if section is None or tag is None:
                continue
            found += 1
            assert section.lines() == tuple(" ".join(tokens) for tokens in tag.data)
            pair = (section, None) if isinstance(section, Auction) else (None, section)
            written = section_tags(*pair)
            after = g.tags[g.tags.index(tag) + 1 :]
            end = next((i for i, t in enumerate(after) if t.name != "Note"), len(after))
            notes = [t.value for t in after[:end]]
            assert [t.value for t in written[1:]] == notes
    assert found == sections


def test_real_notes_are_kept() -> None:
    games = read_games(pbn.decode((REAL / "bbo_pairs.pbn").read_bytes()))
    noted = [g.auction() for g in games if g.tag("Note") is not None]
    assert noted
    a = noted[0]
    assert a is not None
    assert a.notes[0] == (1, "Minor suit opening -- 3+ C; 11-21 HCP; 1")
    assert a.calls[2] == Call("1C", note=1)


# Round trips


@st.composite
def auctions(draw: st.DrawFn) -> Auction:
    first = draw(st.sampled_from(list(Seat)))
    calls: list[Call] = []
    level = 0
    bids = [f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
    for _ in range(draw(st.integers(0, 30))):
        options = ["Pass", "Pass", "X", "XX", *bids[level : level + 6]]
        name = draw(st.sampled_from(options))
        if name in bids:
            level = bids.index(name) + 1
        note = draw(st.none() | st.integers(1, 32))
        nags = tuple(sorted(draw(st.lists(st.integers(0, 255), max_size=2))))
        calls.append(Call(name, note, nags, alert=False))
        if Auction._close_index(calls) is not None:
            break
    if draw(st.booleans()) and Auction._close_index(calls) is None:
        calls.append(Call("AP"))
    notes = tuple({c.note: f"note {c.note}" for c in calls if c.note}.items())
    end = draw(st.sampled_from(["", "*"]))
    return Auction(first, tuple(calls), end, notes)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(auctions())
def test_auction_round_trip(a: Auction) -> None:
    assert Auction.read(a.first, "\n".join(a.lines()), a.notes) == a
    (g,) = read_games(write_games([Game((Tag("Board", "1"), *section_tags(a, None)))]))
    assert g.auction() == a


@st.composite
def plays(draw: st.DrawFn) -> tuple[Play, Strain, list[str]]:
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    random.Random(draw(st.integers(0, 10**6))).shuffle(cards)
    n = draw(st.integers(0, 52))
    trump = draw(st.sampled_from(list(Strain)))
    first = draw(st.sampled_from(list(Seat)))
    end = "*" if n < 52 and draw(st.booleans()) else ""
    return Play.from_sequence(first, cards[:n], trump, end=end), trump, cards[:n]  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(plays())
def test_play_round_trip(case: tuple[Play, Strain, list[str]]) -> None:
    p, trump, cards = case
    assert [c for _, c in p.sequence(trump)] == cards
    assert Play.read(p.first, "\n".join(p.lines()), p.notes) == p
    (g,) = read_games(write_games([Game((Tag("Board", "1"), *section_tags(None, p)))]))
    assert g.play() == p
    assert sum(p.tricks_won(trump, side) for side in Side) == len(cards) // 4


# Hostile sections: linear time

PER_CHAR = 20e-6
"""Seconds a character at most (the lexer's share included), plus 20 ms: linear time, with
room for a loaded machine; a quadratic reader takes seconds on 10 kB."""


def hostile(n: int) -> list[str]:
    return [
        "=1=" * (n // 3),
        "1S " + "$1 " * (n // 3),
        "!" * n,
        "^" * n,
        "^I " * (n // 3),
        "Pass " * (n // 5),
        "-" * n,
        "1" * n,
        "1S" + " =1" * (n // 3),
    ]


@pytest.mark.parametrize("n", [100, 1_000, 10_000])
def test_hostile_sections_are_read_or_refused_quickly(n: int) -> None:
    for body in hostile(n):
        for name in ("Auction", "Play"):
            text = f'[Board "1"]\n[{name} "N"]\n{body}'
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                with contextlib.suppress(BridgeError):
                    (g,) = read_games(text)
                    auction_of(g)
                    play_of(g)
                best = min(best, time.perf_counter() - start)
            assert best < 0.02 + PER_CHAR * len(text), (name, body[:20], n)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="123SHDCNTXPas!?=$^*+- ", max_size=40), min_size=1, max_size=8))
def test_any_section_text_raises_only_located_errors(lines: list[str]) -> None:
    body = "\n".join(f"{line}." for line in lines)  # no empty line: one game
    text = f'[Board "1"]\n[Auction "N"]\n{body}\n[Play "W"]\n{body}'
    try:
        (g,) = read_games(text, source="x.pbn")
    except PbnError:
        return
    for read in (auction_of, play_of):
        error: PbnError | None = None
        try:
            read(g, source="x.pbn")
        except PbnError as exc:
            error = exc
        if error is not None:
            assert error.field in ("Auction", "Play")
            assert error.line is not None
            assert 2 <= error.line <= 3 + 2 * len(lines)


def test_an_auction_that_is_not_the_games_contract_is_warned_of() -> None:
    text = ('[Board "1"][Contract "4S"][Declarer "N"][Result "10"][PairNS "1"][PairEW "2"]\n'
            '[Auction "N"]\n1S Pass 3S AP')  # fmt: skip
    assert [str(w) for w in pbn.read(text).warnings] == [
        "line 1: the auction ends in 3S by N, but the game says 4S by N"
    ]
    agreeing = text.replace("3S AP", "4S AP")
    assert pbn.read(agreeing).warnings == []


def test_ap_written_out() -> None:
    a = Auction.read("E", "Pass 1H =1= AP", [(1, "five")])
    assert a.without_ap() == Auction.read("E", "Pass 1H =1= Pass Pass Pass", [(1, "five")])
    assert Auction.read("N", "AP").without_ap().lines() == ("Pass Pass Pass Pass",)
    assert Auction.read("N", "1S Pass AP").without_ap().lines() == ("1S Pass Pass Pass",)
