"""A session's definition as JSON (what storage keeps): the typed boards' shape, and the
definitions older versions stored, their boards' deal, auction, play and analysis among the
tags as PBN writes them."""

from __future__ import annotations

import json

from bridgescore import Deal, Seat, par
from bridgescore.boards.auction import Auction
from bridgescore.boards.hand_record import HandRecord
from bridgescore.boards.play import Play
from bridgescore.duplicate.session import Session, session_from_dict, session_to_dict
from tests.conftest import DATA

OLD = DATA / "stored" / "session_before_typed_boards.json"
"""A definition as ``session_to_dict`` at main's f6ae857 (before the typed board) wrote it:
section A read from a PBN file (board 1 with its deal, an auction with a note, a play and the
four tags of ``bridgescore analyse``; board 2 with a partial deal and an OptimumScore alone),
section B a club evening's (board 1's deal attached and analysed, board 2's attached)."""
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.8765.76 432.432.432.5432"
TABLE = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))


def old() -> Session:
    return session_from_dict(json.loads(OLD.read_text(encoding="utf-8")))


def test_the_old_tags_are_read_into_the_fields() -> None:
    stored = json.loads(OLD.read_text(encoding="utf-8"))
    assert [t[0] for t in stored["sections"][0]["boards"][0]["tags"]] == [
        "Deal", "Annotator", "DoubleDummyTricks", "OptimumScore", "ParContract", "Auction",
        "Play", "OptimumResultTable",
    ]  # fmt: skip
    a, b = old().sections
    one = a.board(1)
    assert one.deal == Deal.parse(DEAL)
    assert one.auction == Auction.read(Seat.NORTH, "2C =1= Pass 2NT Pass 3NT AP", [(1, "strong")])
    assert one.play == Play.read(Seat.EAST, "DJ D2 D5 DA *")
    assert (one.dd, one.par) == (TABLE, par(TABLE, "None", "N"))
    assert one.tags == (("Annotator", "Ann"),)
    two = a.board(2)
    assert (two.deal, two.dd, two.par) == (Deal.parse("E:- - - AKQJT98765432..."), None, None)
    assert two.tags == (("OptimumScore", "NS 420"),)  # no ParContract: not par, kept as read
    analysed, dealt, bare = b.boards[:3]
    assert (analysed.deal, analysed.dd, analysed.par) == (Deal.parse(DEAL), TABLE,
                                                          par(TABLE, "None", "N"))  # fmt: skip
    assert dealt.deal is not None
    assert (dealt.deal.is_complete, dealt.dd) == (True, None)
    assert (bare.deal, bare.tags) == (None, ())
    assert all(not board.tags for board in b.boards)


def test_an_old_board_gives_the_hand_record_it_gave() -> None:
    """As ``GET /api/sessions/{id}/boards/{n}`` answers it: the deal, hands, dd and par."""
    record = HandRecord.of(old().sections[1].board(1))
    assert record is not None
    data = record.to_dict()
    assert data["deal"] == DEAL
    assert data["hands"]["N"] == ["AKQJ", "AKQ", "AKQ", "AKQ"]
    assert data["dd"]["N"] == {"C": 7, "D": 7, "H": 7, "S": 9, "NT": 9}
    assert data["par"] == {"score": 400, "contracts": ["3NTN"], "text": "NS 400: 3NTN"}


def test_written_again_in_the_typed_shape_and_read_back() -> None:
    session = old()
    data = json.loads(json.dumps(session_to_dict(session)))
    one = data["sections"][0]["boards"][0]
    assert one == {
        "number": 1, "dealer": "N", "vulnerability": "None", "deal": DEAL,
        "auction": {"first": "N", "text": "2C =1= Pass 2NT Pass\n3NT AP", "notes": [[1, "strong"]]},
        "play": {"first": "E", "text": "DJ D2 D5 DA\n*", "notes": []},
        "dd": [list(row) for row in TABLE],
        "par": {"score": 400, "contracts": ["3NTN"], "dealer": "N"},
        "tags": [["Annotator", "Ann"]],
    }  # fmt: skip
    assert data["sections"][1]["boards"][2] == {"number": 3, "dealer": "S",
                                                "vulnerability": "EW", "tags": []}  # fmt: skip
    assert session_from_dict(data) == session


def test_a_par_for_both_sides_is_kept() -> None:
    """A board's par worked out without a dealer (both sides' par) has a par when East-West bid
    first: it is written and read back with it."""
    both = par(TABLE, "None")
    session = old()
    a = session.sections[0]
    board = a.board(1).with_fields(par=both)
    changed = Session((type(a)(a.name, a.kind, a.pairs, (board, *a.boards[1:]), a.results),))
    data = json.loads(json.dumps(session_to_dict(changed)))
    assert data["sections"][0]["boards"][0]["par"]["ew_first"]["dealer"] is None
    assert session_from_dict(data).sections[0].board(1).par == both
