"""Typed boards at the edge: the readers of PBN (several programs'), LIN, deal files and USEBIO
set a board's deal, auction, play, double-dummy table and par; the writers write them back."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import Board, Deal, Result, pbn, usebio
from bridgescore.deals import DealtBoard, read, read_bytes, to_bytes
from bridgescore.duplicate.session import (
    BoardResult,
    Section,
    Session,
    session_from_dict,
    session_to_dict,
)
from bridgescore.errors import UsebioError
from bridgescore.lin import read_lin_session
from tests.conftest import DATA
from tests.helpers import typed_boards

REAL = DATA / "real"


def deal_file(name: str) -> list[Board]:
    return [b.board for b in read(REAL / name)]


def session_file(name: str) -> list[Board]:
    session = pbn.read(pbn.decode((REAL / name).read_bytes()), source=name)
    return [b for s in session.sections for b in s.boards]


def usebio_file(name: str) -> list[Board]:
    session = usebio.read((REAL / "usebio" / name).read_bytes(), source=name).session
    return [b for s in session.sections for b in s.boards]


def skyclub(name: str) -> list[Board]:
    files = [p.read_bytes() for p in sorted((REAL / name).glob("*.lin"))]
    return [b for s in read_lin_session(files, source=name).sections for b in s.boards]


# What each reader makes of real files (tests/data/real/README.md): boards, and how many have
# each field. The session reader keeps a board's auction and play only where every game of
# the board has the same (a game per table has its own); the deal files keep the first game's.
CASES: list[tuple[str, Callable[[str], list[Board]], tuple[int, int, int, int, int, int]]] = [
    ("bbo_pairs.pbn", deal_file, (11, 11, 11, 11, 0, 0)),  # pbntools from BBO, a game a table
    ("bbo_pairs.pbn", session_file, (11, 11, 0, 0, 0, 0)),
    ("bbo_vugraph_match.pbn", deal_file, (16, 16, 16, 16, 0, 0)),  # LinToPbnConverter, 2 rooms
    # bbo_vugraph_match.pbn as a session: a teams file, which pbn.read refuses (issue 32)
    ("bridgecomposer.pbn", deal_file, (15, 15, 0, 0, 15, 0)),  # DoubleDummyTricks and ORT
    ("bridgecomposer.pbn", session_file, (15, 15, 0, 0, 15, 0)),
    ("magic_contest_ffb.pbn", session_file, (30, 30, 0, 0, 30, 0)),  # OptimumResultTable only
    ("dealer4.pbn", deal_file, (16, 16, 0, 0, 0, 0)),
    ("bigdeal.pbn", session_file, (14, 14, 0, 0, 0, 0)),
    ("jfr_pary.pbn", session_file, (27, 27, 0, 0, 0, 0)),
    ("kops.pbn", session_file, (27, 27, 0, 0, 0, 0)),
    ("deal-convert/test.pbn", deal_file, (16, 16, 0, 0, 16, 0)),  # ORT in its own order
    ("deal-convert/test.dup", deal_file, (16, 16, 0, 0, 0, 0)),
    ("deal-convert/test.dlm", deal_file, (16, 16, 0, 0, 0, 0)),
    ("deal-convert/test.bri", deal_file, (16, 16, 0, 0, 0, 0)),
    ("deal-convert/test.dge", deal_file, (16, 16, 0, 0, 0, 0)),
    ("deal-convert/test.lin", deal_file, (16, 16, 0, 0, 0, 0)),
    ("bbo_vugraph_match.lin", deal_file, (16, 16, 16, 16, 0, 0)),  # md|, mb| with an|, pc|
    ("bbo_aba_robots.lin", deal_file, (1, 1, 1, 1, 0, 0)),
    ("bbo_skyclub", skyclub, (11, 11, 0, 0, 0, 0)),  # a LIN a table: auctions differ
    ("compscore3_mp_pairs_howell.xml", usebio_file, (27, 27, 0, 0, 0, 0)),  # HANDSET
    ("compscore3_butler_howell.xml", usebio_file, (35, 35, 0, 0, 0, 0)),
    ("scorebridge_forest_of_dean_mp_pairs.xml", usebio_file, (28, 0, 0, 0, 0, 0)),  # no HANDSET
]


@pytest.mark.parametrize(("name", "reader", "counts"), CASES,
                         ids=[f"{c[0]}-{c[1].__name__}" for c in CASES])  # fmt: skip
def test_the_readers_type_the_boards_of_real_files(
    name: str, reader: Callable[[str], list[Board]], counts: tuple[int, ...]
) -> None:
    boards = reader(name)
    fields = ("deal", "auction", "play", "dd", "par")
    assert (len(boards), *(sum(getattr(b, f) is not None for b in boards) for f in fields)) == (
        counts
    )
    for b in boards:  # what is typed is never kept as text too
        assert not {"Deal", "Auction", "Play", "DoubleDummyTricks"} & {t for t, _ in b.tags}
        assert b.dd is None or "OptimumResultTable" not in dict(b.tags)


@pytest.mark.parametrize("name", ["bridgecomposer.pbn", "magic_contest_ffb.pbn",
                                  "deal-convert/test.pbn"])  # fmt: skip
def test_the_double_dummy_table_is_what_the_files_table_says(name: str) -> None:
    """Read again from the game layer: each OptimumResultTable row (in the file's order) is the
    board's figure for that declarer and strain."""
    games = pbn.read_games(pbn.decode((REAL / name).read_bytes()))
    boards = {b.number: b for b in session_file(name)}
    seats, strains = "NESW", ("C", "D", "H", "S", "NT")
    checked = 0
    for game in games:
        table = game.table("OptimumResultTable")
        if table is None:
            continue
        board = boards[int(game.get("Board") or "0")]
        assert board.dd is not None
        for row in table.records():
            declarer, strain = row["Declarer"], row["Denomination"]
            assert board.dd[seats.index(declarer)][strains.index(strain)] == int(row["Result"])
            checked += 1
    assert checked == 20 * len(boards)


@pytest.mark.parametrize("name", ["bbo_pairs.pbn", "bbo_vugraph_match.pbn",
                                  "bbo_vugraph_match.lin"])  # fmt: skip
def test_the_auctions_end_in_the_contract_the_file_records(name: str) -> None:
    """The typed auction of each board ends in the Contract and Declarer its game records (a
    board played out or claimed); the play starts from declarer's left."""
    for b in deal_file(name):
        tags = dict(b.tags)
        assert b.auction is not None
        assert b.play is not None
        contract, declarer = b.auction.final()
        if contract is None or tags.get("Contract", "") in ("", "?"):
            continue
        assert str(contract).upper() == tags["Contract"].upper()
        assert declarer is not None
        assert declarer.value == tags["Declarer"]
        if b.play.tricks:
            assert b.play.first == declarer.next(1)


def test_a_handset_gives_the_deals() -> None:
    """Compscore's HANDSET, board 1 (DIRECTION and suits, East first)."""
    (board, *_) = usebio_file("compscore3_mp_pairs_howell.xml")
    assert board.deal == Deal.parse(
        "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
    )


# --- Round trips --------------------------------------------------------------------------------


@st.composite
def sessions(draw: st.DrawFn, *, other_tags: bool) -> Session:
    """A section of typed boards, each with a result (PBN tags every board holds the same
    would be the session's: the boards here have only their fields)."""
    numbers = draw(st.lists(st.integers(1, 32), min_size=1, max_size=4, unique=True))
    boards = [draw(typed_boards(n, other_tags=other_tags)) for n in sorted(numbers)]
    results = [BoardResult(b.number, 1, 1, Result.parse("3NTN=")) for b in boards]
    return Session((Section("A", "mitchell", boards=boards, results=results),))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(other_tags=False), st.sampled_from(["board", "table"]))
def test_typed_boards_survive_pbn(session: Session, per: str) -> None:
    text = pbn.write(session, per=per)  # type: ignore[arg-type]
    again = pbn.read(text)
    assert again == session
    assert pbn.write(again, per=per) == text  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(sessions(other_tags=True))
def test_typed_boards_survive_the_stored_definition(session: Session) -> None:
    data = json.loads(json.dumps(session_to_dict(session)))
    assert session_from_dict(data) == session


@settings(max_examples=60, deadline=None)
@given(st.lists(typed_boards(), min_size=1, max_size=4, unique_by=lambda b: b.number))
def test_typed_boards_survive_a_deal_file(boards: Sequence[Board]) -> None:
    dealt = tuple(DealtBoard(b, b.deal or Deal.parse("N:AKQJT98765432... - - -")) for b in boards)
    data = to_bytes(dealt, "set.pbn")
    again = read_bytes(data, "set.pbn")
    assert again == dealt
    assert to_bytes(again, "set.pbn") == data


def test_a_deal_file_read_and_changed_is_written_from_its_fields() -> None:
    """Unchanged, a board is written as read (deal-convert's layout); with a field changed,
    from its fields (the tags as read no longer say what it says)."""
    first = read(REAL / "deal-convert" / "test.pbn")[0]
    assert first.board.dd is not None
    solved = first.board.with_fields(dd=tuple(tuple(13 - t for t in row) for row in first.board.dd))
    changed = DealtBoard(solved, first.deal, first.written)
    (again,) = read_bytes(to_bytes([changed], "one.pbn"), "one.pbn")
    assert again == changed
    text = to_bytes([changed], "one.pbn").decode()
    assert "[DoubleDummyTricks " in text  # the writer's own layout
    assert text.index("[Ability ") < text.index("[OptimumResultTable ")


# --- USEBIO's HANDSET ---------------------------------------------------------------------------

EVENT = (
    b'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
    b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>"
    b"<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>\n"
    b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
    b"<TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>\n</EVENT>\n"
)


def handset(*hands: tuple[str, str, str, str, str], number: str = "1") -> bytes:
    """A HANDSET of one board: each hand its DIRECTION and its suits, spades first."""
    inner = "".join(
        f"<HAND><DIRECTION>{d}</DIRECTION><SPADES>{s}</SPADES><HEARTS>{h}</HEARTS>"
        f"<DIAMONDS>{di}</DIAMONDS><CLUBS>{c}</CLUBS></HAND>"
        for d, s, h, di, c in hands
    )
    board = f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{inner}</BOARD>"
    return EVENT + f"<HANDSET>{board}</HANDSET>\n</USEBIO>".encode()


NORTH = ("North", "AKQJ", "AKQ", "AKQ", "AKQ")


def test_a_handset_with_hands_not_given_is_a_partial_deal() -> None:
    text = handset(("n", "1098", "JT98765", "J5", "J"), ("South", *NORTH[1:]))  # 10 is T
    (board,) = usebio.read(text).session.sections[0].boards
    assert board.deal == Deal.parse("N:T98.JT98765.J5.J - AKQJ.AKQ.AKQ.AKQ -")


HANDSETS = [
    ("a direction twice", handset(NORTH, NORTH), "DIRECTION", "given twice"),
    ("no such direction", handset(("Up", *NORTH[1:])), "DIRECTION", "expected North, East"),
    ("12 cards", handset(("North", "AKQ", "AKQ", "AKQ", "AKQ")), "HAND", "north has 12 cards"),
    ("not a card", handset(("North", "AKQJ", "AKQ", "AKQ", "AKX")), "HAND", "invalid"),
    ("a card twice", handset(NORTH, ("South", "A", "T98765432", "", "AKQ")), "HAND", "both"),
    ("board 0", handset(NORTH, number="0"), "BOARD_NUMBER", "from 1 to 999"),
]


@pytest.mark.parametrize(("data", "field", "message"), [h[1:] for h in HANDSETS],
                         ids=[h[0] for h in HANDSETS])  # fmt: skip
def test_a_handset_that_is_not_a_deal_is_refused_by_name(
    data: bytes, field: str, message: str
) -> None:
    with pytest.raises(UsebioError, match=message) as info:
        usebio.read(data, source="club.xml")
    assert info.value.field == field
    assert str(info.value).startswith("club.xml, line")


def test_a_board_dealt_differently_in_two_sections_is_not_written() -> None:
    """A HANDSET deals a board once for the event: two sections' boards of one number share it."""
    one, two = (Deal.random(random.Random(seed)) for seed in (1, 2))

    def session(second: Deal) -> Session:
        return Session(tuple(
            Section(name, "mitchell", boards=[Board.numbered(1).with_fields(deal=deal)],
                    results=[BoardResult(1, 1, 1, Result.parse("3NTN="))])
            for name, deal in (("A", one), ("B", second))
        ))  # fmt: skip

    with pytest.raises(UsebioError, match="board 1 is dealt differently") as info:
        usebio.write(session(two))
    assert info.value.field == "deal"
    written = usebio.write(session(one))
    assert written.count(b"<BOARD_NUMBER>1</BOARD_NUMBER>") == 3  # two travellers, one hand
    again = usebio.read(written).session
    assert [s.boards[0].deal for s in again.sections] == [one, one]
