"""Deal files read and written: exact round trips in every format, malformed files refused
with the board and byte or line, hostile input read or refused in linear time."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.boards.auction import Auction
from bridgescore.boards.deal import Deal
from bridgescore.deals import (
    FORMATS,
    DealFileError,
    DealtBoard,
    deal_set,
    file_format,
    merge,
    read,
    read_bytes,
    to_bytes,
    write,
)
from bridgescore.duplicate.session import Board
from bridgescore.errors import BridgeError
from bridgescore.model import Seat, Vulnerability

MACHINES = (".dup", ".dlm", ".bri", ".dge")


@st.composite
def boards(draw: st.DrawFn, first: int | None = None, most: int = 24) -> tuple[DealtBoard, ...]:
    """Boards numbered one after another, each with a random deal."""
    start = draw(st.integers(1, 60)) if first is None else first
    count = draw(st.integers(1, most))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return tuple(DealtBoard.numbered(n, Deal.random(rng)) for n in range(start, start + count))


@settings(max_examples=40, deadline=None)
@given(boards(first=1), st.sampled_from([*MACHINES, ".pbn"]))
def test_round_trip_from_board_1(dealt: tuple[DealtBoard, ...], ext: str) -> None:
    data = to_bytes(dealt, f"set{ext}")
    assert read_bytes(data, f"set{ext}") == dealt
    assert to_bytes(read_bytes(data, f"x{ext}"), f"y{ext}") == data


@settings(max_examples=40, deadline=None)
@given(boards(most=30), st.sampled_from([".dup", ".dlm", ".pbn"]))
def test_round_trip_keeps_the_board_numbers(dealt: tuple[DealtBoard, ...], ext: str) -> None:
    assert read_bytes(to_bytes(dealt, f"s{ext}"), f"s{ext}") == dealt


@pytest.mark.parametrize("ext", [".bri", ".dge"])
def test_formats_without_numbers_read_from_board_1(ext: str) -> None:
    dealt = deal_set("17-32", seed="33" * 16).boards
    back = read_bytes(to_bytes(dealt, f"s{ext}"), f"s{ext}")
    assert [b.number for b in back] == list(range(1, 17))
    assert [b.deal for b in back] == [b.deal for b in dealt]
    assert FORMATS[ext].loses(dealt) == [
        "the boards are numbered from 1 (board 17 is read back as board 1)"
    ]


names = st.text(
    st.characters(min_codepoint=32, max_codepoint=0x2FF, exclude_categories=["Cc"]), max_size=20
).filter(lambda s: not s.startswith("#"))
"""Tag values: any printing characters (quotes and backslashes too); not ``#``, inherited."""


@settings(max_examples=40, deadline=None)
@given(boards(), st.lists(st.tuples(st.sampled_from(["Event", "North", "Contract", "Site",
                                                      "Ability", "Auction", "Play"]), names),
                          max_size=5, unique_by=lambda t: t[0]),
       st.sampled_from(list(Seat)), st.sampled_from(list(Vulnerability)))  # fmt: skip
def test_pbn_keeps_tags_dealer_and_vulnerability(
    dealt: tuple[DealtBoard, ...], tags: list[tuple[str, str]], dealer: Seat, vul: Vulnerability
) -> None:
    first = dealt[0]
    odd = DealtBoard(Board(first.number, dealer, vul, tuple(tags)), first.deal)
    changed = (odd, *dealt[1:])
    data = to_bytes(changed, "s.pbn")
    assert read_bytes(data, "s.pbn") == changed
    assert to_bytes(read_bytes(data, "s.pbn"), "s.pbn") == data


def test_pbn_keeps_section_data_and_notes() -> None:
    text = (
        '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
        '[Auction "N"]\n1S =1= Pass 2S Pass\nPass Pass\n[Note "1:strong"]\n'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN S 13\nE H 13\n'
    )
    (b,) = read_bytes(text.encode(), "a.pbn")
    assert b.board.auction == Auction.read("N", "1S =1= Pass 2S Pass Pass Pass", [(1, "strong")])
    assert dict(b.board.tags) == {  # a partial table is not a double-dummy table: kept as read
        "Event": "Club",
        "OptimumResultTable": "Declarer;Denomination\\2R;Result\\2R\nN S 13\nE H 13",
    }
    again = to_bytes([b], "a.pbn")
    assert read_bytes(again, "a.pbn") == (b,)
    assert again.decode() == "% PBN 2.1\r\n" + text.replace("\n", "\r\n") + "\r\n"


def test_pbn_reading_rules() -> None:
    text = (
        '[Board "3"][Dealer "E"][Vulnerable "Both"][Deal "E:- - - AKQJT98765432..."]\n\n'
        '[Deal "N:AKQJT98765432... - - -"]\n\n'  # no Board: the board after
        '[Board "3"][Deal "E:- - - AKQJT98765432..."]\n\n'  # board 3 again, the same deal
        '[Board "9"][Vulnerable "?"]\n\n'  # no deal: skipped
    )
    one, two = read_bytes(text.encode(), "x.pbn")
    assert (one.number, one.dealer, one.vulnerability) == (3, Seat.EAST, Vulnerability.BOTH)
    assert str(one.deal) == "N:AKQJT98765432... - - -"
    assert (two.number, two.dealer) == (4, Seat.WEST)


def test_dup_header_holds_the_first_and_last_board() -> None:
    dealt = deal_set("17-32", seed="44" * 16).boards
    data = to_bytes(dealt, "s.dup")
    assert data[146:156] == b"YN17 0 32 "
    assert data[156 + 146 : 2 * 156] == bytes(10)
    # Big Deal and deal-convert write the number of boards where the last belongs
    counted = data[:146] + b"YN17 0 16 " + data[156:]
    assert read_bytes(counted, "s.dup") == dealt
    # Big Deal repeats the header in every record, and blanks the first board's screen copy
    repeated = b"".join(
        data[i : i + 146] + data[146:156] for i in range(0, len(data), 156)
    )  # fmt: skip
    blind = repeated[:78] + b" " * 68 + repeated[146:]
    assert read_bytes(blind, "s.dup") == dealt


def test_dup_holds_boards_up_to_999() -> None:
    dealt = deal_set("990-999", seed="45" * 16).boards
    data = to_bytes(dealt, "s.dup")
    assert data[146:156] == b"YN9900 999"
    assert read_bytes(data, "s.dup") == dealt
    with pytest.raises(DealFileError, match="up to 999") as err:
        to_bytes(deal_set("999-1000", seed="45" * 16).boards, "s.dup")
    assert err.value.board == 1000


def test_dlm_reads_a_sealed_set_and_the_big_deal_checksum() -> None:
    dealt = deal_set("5-9", seed="55" * 16).boards
    text = to_bytes(dealt, "s.dlm").decode()
    assert "Checksum=12\r\n" in text  # 1 ^ 5 ^ 9 ^ 1
    sealed = text.replace("Status=Show", "Status=Sealed").replace("Checksum=12", "Checksum=13")
    assert read_bytes(sealed.encode(), "s.dlm") == dealt
    big_deal = text.replace("Duplicates=1", "Duplicates=0").replace("Checksum=12", "Checksum=13")
    assert read_bytes(big_deal.encode(), "s.dlm") == dealt
    assert read_bytes(text.replace("\r\n", "\n").encode(), "s.dlm") == dealt
    assert read_bytes(b"\xef\xbb\xbf" + text.encode(), "s.dlm") == dealt


def test_writers_refuse_what_they_cannot_hold() -> None:
    dealt = deal_set("1-4", seed="66" * 16).boards
    gap = (dealt[0], dealt[2])
    for ext in MACHINES:
        with pytest.raises(DealFileError, match="one after another") as err:
            to_bytes(gap, f"s{ext}")
        assert err.value.board == 3
        with pytest.raises(DealFileError, match="all four hands"):
            to_bytes([DealtBoard.numbered(1, Deal.parse("N:AKQJT98765432... - - -"))], f"s{ext}")
        with pytest.raises(DealFileError, match="at least one board"):
            to_bytes([], f"s{ext}")
    many = deal_set("95-100", seed="66" * 16).boards
    with pytest.raises(DealFileError, match="up to 99") as err:
        to_bytes(many, "s.dlm")
    assert err.value.board == 100
    odd = DealtBoard(Board(1, Seat.NORTH, Vulnerability.NONE, (("Event", "a\x01"),)),
                     dealt[0].deal)  # fmt: skip
    with pytest.raises(DealFileError, match="control character U\\+0001"):
        to_bytes([odd], "s.pbn")
    inherit = DealtBoard(Board(1, Seat.NORTH, Vulnerability.NONE, (("Event", "#"),)),
                         dealt[0].deal)  # fmt: skip
    with pytest.raises(DealFileError, match="inherited"):
        to_bytes([inherit], "s.pbn")
    with pytest.raises(DealFileError, match="not a deal file format"):
        to_bytes(dealt, "s.txt")


def test_files_and_formats(tmp_path: Path) -> None:
    dealt = deal_set("1-3", seed="77" * 16).boards
    write(dealt, tmp_path / "SET.DUP")
    assert read(tmp_path / "SET.DUP") == dealt
    assert file_format("a.Pbn").name == "PBN"
    with pytest.raises(DealFileError, match=r"'\.txt' is not a deal file format"):
        read(tmp_path / "x.txt")


def test_merge() -> None:
    a = deal_set("1-4", seed="88" * 16).boards
    b = deal_set("3-6", seed="88" * 16).boards
    assert merge([("a", a), ("b", b)]) == deal_set("1-6", seed="88" * 16).boards
    other = deal_set("4", seed="99" * 16).boards
    with pytest.raises(DealFileError, match="board 4 has another deal in a") as err:
        merge([("a", a), ("c", other)])
    assert (err.value.source, err.value.board) == ("c", 4)


# Malformed files: each names the board and the byte or line.

GOOD = {ext: to_bytes(deal_set("1-3", seed="aa" * 16).boards, f"s{ext}") for ext in FORMATS}


def _swap(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new) :]


def _bri_card(board: int, k: int) -> int:
    return 128 * (board - 1) + 2 * k


MALFORMED: list[tuple[str, Callable[[bytes], bytes], str, int | None, str, int]] = [
    # (format, change, message, board, "byte" or "line", where)
    (".bri", lambda d: _swap(d, _bri_card(3, 3), b"53"), "'53' is not a card", 3, "byte", 262),
    (".bri", lambda d: _swap(d, _bri_card(2, 20), d[128:130]), "dealt twice", 2, "byte", 168),
    (".bri", lambda d: _swap(d, 128 + 100, b"x"), "padding", 2, "byte", 228),
    (".bri", lambda d: d[:-5], "ends inside board 3", 3, "byte", 256),
    (".bri", lambda d: b"", "an empty file", None, "byte", 0),
    (".dge", lambda d: _swap(d, 128, b"\x05"), "suit symbol 0x06", 2, "byte", 128),
    (".dge", lambda d: _swap(d, 257, b"Z"), "'Z' is not a rank", 3, "byte", 257),
    (".dge", lambda d: _swap(d, 70, b"\x01"), "padding", 1, "byte", 70),
    (".dup", lambda d: _swap(d, 146, b"X"), "random hands", 1, "byte", 146),
    (".dup", lambda d: _swap(d, 147, b"Y"), "counting backwards", 1, "byte", 147),
    (".dup", lambda d: _swap(d, 148, b"Q"), "where a number belongs", 1, "byte", 148),
    (".dup", lambda d: _swap(d, 153, b"7 "), "boards 1 to 7, but the file holds 3", 1,
     "byte", 148),
    (".dup", lambda d: _swap(d, 234, d[390:458]), "two copies of the deal differ", 2, "byte",
     234),
    (".dup", lambda d: _swap(d, 2 * 156 + 146, b"?"), "NUL bytes or the set's header", 3,
     "byte", 2 * 156 + 146),
    (".dup", lambda d: _swap(d, 2 * 156, b"00"), "'00' is not a card", 3, "byte", 312),
    (".dup", lambda d: d + b"\0", "ends inside board 4", 4, "byte", 468),
    (".dlm", lambda d: d.replace(b"[Document]", b"[Doc]"), "starts with '[Document]'", None,
     "line", 1),
    (".dlm", lambda d: d.replace(b"PrintOuts=0", b"PrintOuts"), "not a 'Key=value'", None,
     "line", 8),
    (".dlm", lambda d: d.replace(b"Checksum=2", b"Checksum=5"), "Checksum is 5", None,
     "line", 10),
    (".dlm", lambda d: d.replace(b"Crypto key=0", b"Crypto key=77"), "encrypted", None,
     "line", 9),
    (".dlm", lambda d: d.replace(b"Status=Show", b"Status=Open"), "Show or Sealed", None,
     "line", 3),
    (".dlm", lambda d: d.replace(b"To board=3", b"To board=3x"), "expected a number", None,
     "line", 6),
    (".dlm", lambda d: _swap(d, d.index(b"Board 02=") + 9, b"z"), "26 letters a to p", 2,
     "line", 14),
    (".dlm", lambda d: _swap(d, d.index(b"Board 03=") + 35, b"9"), "checksum is", 3, "line",
     16),
    (".dlm", lambda d: d.replace(b"Board 01=", b"Board 1="), "no 'Board 01' line", 1, "line",
     1),
    (".dlm", lambda d: d + b"Status=Show\r\n", "given twice", None, "line", 209),
    (".pbn", lambda d: d.replace(b'[Board "2"]', b'[Board "two"]'), "bad Board 'two'", None,
     "line", 7),
    (".pbn", lambda d: d.replace(b'[Dealer "S"]', b'[Dealer "Q"]'), "bad Dealer 'Q'", 3,
     "line", 13),
    (".pbn", lambda d: d.replace(b'[Vulnerable "NS"]', b'[Vulnerable "XY"]'), "Vulnerable",
     2, "line", 9),
    (".pbn", lambda d: d.replace(b"N:", b"N:A", 1), "north has 14 cards", 1, "line", 5),
    (".pbn", lambda d: d.replace(b'[Board "3"]', b'[Board "3'), "unterminated", None,
     "line", 12),
    (".pbn", lambda d: d.replace(b'[Deal "N:', b'[Deal "N:xx'), "not a rank", 1, "line", 5),
    (".pbn", lambda d: d.replace(b'[Board "3"]', b'[Board "1"]'), "another deal on line 5",
     1, "line", 15),
    (".pbn", lambda d: b'[Event "x"]', "no deals", None, "line", 0),
]  # fmt: skip


@pytest.mark.parametrize(("ext", "change", "message", "board", "kind", "where"), MALFORMED)
def test_malformed_files_are_refused_with_the_board_and_place(
    ext: str,
    change: Callable[[bytes], bytes],
    message: str,
    board: int | None,
    kind: str,
    where: int,
) -> None:
    bad = change(GOOD[ext])
    assert bad != GOOD[ext]
    with pytest.raises(DealFileError) as err:
        read_bytes(bad, f"club{ext}")
    e = err.value
    assert message in e.reason, e
    assert (e.source, e.board) == (f"club{ext}", board), e
    assert (e.byte, e.line) == ((where, None) if kind == "byte" else (None, where or None)), e
    assert str(e).startswith(f"club{ext}" + (f", board {board}" if board else "")), e
    label = f"{kind} {where}" if where or kind == "byte" else ""
    assert label in str(e), e


# Hostile input: read or refused in time linear in its size.

LIMIT = 0.5  # seconds for 100 kB; a shared machine, so the best of three tries


_800 = deal_set("1-800", seed="bb" * 16).boards
BIG = {ext: to_bytes(_800, f"s{ext}") for ext in (".bri", ".dge", ".dup")}
BIG[".dlm"] = to_bytes(deal_set("1-99", seed="bb" * 16).boards, "s.dlm")
BIG[".pbn"] = to_bytes(deal_set("1-9", seed="bb" * 16).boards, "s.pbn")
BIG[".lin"] = to_bytes(deal_set("1-9", seed="bb" * 16).boards, "s.lin")


def _dup(n: int) -> bytes:
    """A .dup file of about ``n`` bytes whose last byte is wrong."""
    count = n // 156
    data = BIG[".dup"][: count * 156]
    return data[:148] + f"{1:<3d}0 {count:<3d}".encode() + data[156:-1] + b"\x07"


def _hostile(n: int) -> dict[str, list[bytes]]:
    """Inputs of about ``n`` bytes that are read to their end before they are refused (or
    read): valid records then one bad byte, long lines, many lines, many tags."""
    tail = b"\x07"
    return {
        ".bri": [BIG[".bri"][: n // 128 * 128 - 1] + tail],
        ".dge": [BIG[".dge"][: n // 128 * 128 - 1] + tail],
        ".dup": [_dup(n)],
        ".dlm": [
            b"[Document]\r\n" + b"".join(b"K%d=%d\r\n" % (i, i) for i in range(n // 12)),
            b"[Document]\r\nHeadline=" + b"x" * n,
            BIG[".dlm"] + b"x=y\r\n" * ((n - len(BIG[".dlm"])) // 5),
        ],
        ".lin": [
            BIG[".lin"] * (n // len(BIG[".lin"])) + b"md|9|",
            b"md|" + b"S" * n,
            b"qx|o1|" * (n // 6),
        ],
        ".pbn": [
            b'[Board "1"]' * (n // 11),
            BIG[".pbn"] * (n // len(BIG[".pbn"])) + b'[Deal "N:x"]',
            b'[Event "' + b"\\" * n + b'"]',
        ],
    }


def _timed(ext: str, data: bytes) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(BridgeError):
            read_bytes(data, f"h{ext}")
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("ext", list(FORMATS))
def test_hostile_input_takes_linear_time(ext: str) -> None:
    for small, large in zip(_hostile(10_000)[ext], _hostile(100_000)[ext], strict=True):
        small_time, large_time = _timed(ext, small), _timed(ext, large)
        assert large_time < max(LIMIT, 30 * small_time), (ext, len(large), small_time, large_time)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2_000), st.sampled_from(list(FORMATS)))
def test_any_bytes_are_read_or_refused_with_a_deal_file_error(data: bytes, ext: str) -> None:
    with contextlib.suppress(DealFileError):
        read_bytes(data, f"any{ext}")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list(FORMATS)), st.data())
def test_mutated_files_are_read_or_refused(ext: str, data: st.DataObject) -> None:
    good = bytearray(GOOD[ext])
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(good) - 1))
        good[at] = data.draw(st.integers(0, 255))
    with contextlib.suppress(DealFileError):
        back = read_bytes(bytes(good), f"m{ext}")
        assert all(b.deal.is_complete or ext == ".pbn" for b in back)
