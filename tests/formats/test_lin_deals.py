"""LIN among the deal file formats (:mod:`bridgescore.deals`): deal-convert's LIN file holds
its 16 deals, and LIN files are written and read back."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore import pbn
from bridgescore.deals import read, read_bytes, to_bytes
from bridgescore.errors import DealFileError
from bridgescore.model import Contract
from tests.conftest import DATA, run

REAL = DATA / "real"


def test_deal_converts_lin_file_holds_its_16_deals() -> None:
    """deal-convert writes the 16 deals of its PBN file as a vugraph (both rooms, no
    players): read once each, they are the PBN file's boards."""
    lin = read(REAL / "deal-convert" / "test.lin")
    other = read(REAL / "deal-convert" / "test.pbn")
    assert [(b.number, b.dealer, b.vulnerability, b.deal) for b in lin] == [
        (b.number, b.dealer, b.vulnerability, b.deal) for b in other
    ]
    assert len(lin) == 16


def test_our_lin_files_read_back() -> None:
    boards = read(REAL / "deal-convert" / "test.pbn")
    data = to_bytes(boards, "set.lin")
    again = read_bytes(data, "set.lin")
    assert [(b.number, b.dealer, b.vulnerability, b.deal) for b in again] == [
        (b.number, b.dealer, b.vulnerability, b.deal) for b in boards
    ]
    assert to_bytes(again, "set.lin") == data


def test_a_hand_record_with_play_keeps_its_players_auction_and_play() -> None:
    """The vugraph's PBN (LinToPbnConverter) as LIN, and back: a deal file keeps one game a
    board, here the open room's."""
    boards = read(REAL / "bbo_vugraph_match.pbn")
    again = read_bytes(to_bytes(boards, "m.lin"), "m.lin")
    for b, a in zip(boards, again, strict=True):
        assert a.deal == b.deal
        assert a.board.auction is not None
        assert b.board.auction is not None
        assert [c.name for c in a.board.auction.calls] == [
            c.name for c in b.board.auction.without_ap().calls
        ]
        assert a.board.play is not None
        assert b.board.play is not None
        contract = b.board.auction.contract
        assert isinstance(contract, Contract)
        # the same cards in the same order; PBN's "-" for cards not played are not kept
        assert list(a.board.play.sequence(contract.strain)) == list(
            b.board.play.sequence(contract.strain)
        )
        assert a.board.play.end == b.board.play.end
        tags, original = dict(a.board.tags), dict(b.board.tags)
        for name in ("North", "East", "South", "West", "Contract", "Declarer", "Result"):
            assert tags.get(name) == original.get(name, "").rstrip("|"), name


def test_a_bad_lin_file_names_the_board_and_byte() -> None:
    with pytest.raises(DealFileError) as caught:
        read_bytes("pn|Søren,b,c,d|md|3SAKQ,,,|".encode(), "x.lin")
    # 'ø' is two bytes in UTF-8: md| starts at character 15, byte 16
    assert (caught.value.board, caught.value.byte, caught.value.field) == (1, 16, "md")


def test_deals_convert_reads_lin(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "deals.pbn"
    code, output = run(runner, "deals", "convert", str(REAL / "deal-convert" / "test.lin"),
                       "-o", str(out))  # fmt: skip
    assert code == 0, output
    games = pbn.read_games(pbn.decode(out.read_bytes()))
    assert [g.get("Board") for g in games] == [str(n) for n in range(1, 17)]
