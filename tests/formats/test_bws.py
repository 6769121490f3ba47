"""Bridgemate ``.bws`` files: what the handsets leave (erased lines, corrections, leads,
players, hand records, arbitral scores) read from a file's rows, and hostile files (truncated,
garbage pages, too large, too many rows, too slow) refused in bounded time with an error
naming the file and what is wrong.

No tool here writes an Access database, so the rows of the first tests are given as
``mdb-export`` writes them (:func:`bridgescore.bws.from_tables`); the hostile files are made
from the real one (tests/data/real/bws/) by cutting or overwriting its bytes.
"""

from __future__ import annotations

import os
import random
import re
import stat
import time
from pathlib import Path

import pytest

from bridgescore import bws
from bridgescore.duplicate.field import Adjusted
from bridgescore.model import Seat, Side

REAL = Path(__file__).resolve().parents[1] / "data" / "real" / "bws" / "12tables1section.bws"


def _line(ident: int, table: int, round_: int, board: int, ns: int, ew: int, contract: str,
          declarer: str = "N", result: str = "=", **more: str) -> dict[str, str]:  # fmt: skip
    row = {"ID": str(ident), "Section": "1", "Table": str(table), "Round": str(round_),
           "Board": str(board), "PairNS": str(ns), "PairEW": str(ew), "NS/EW": declarer,
           "Contract": contract, "Result": result, "LeadCard": "", "Remarks": "",
           "DateLog": "2024-03-05 00:00:00", "TimeLog": f"1899-12-30 19:{ident:02d}:00",
           "Erased": "0"}  # fmt: skip
    return row | more


def _tables(
    *lines: dict[str, str], **more: list[dict[str, str]]
) -> dict[str, list[dict[str, str]]]:
    seating = [{"Section": "1", "Table": str(t), "Round": "1", "NSPair": str(t), "EWPair": str(t)}
               for t in (1, 2, 3)]  # fmt: skip
    return {"Section": [{"ID": "1", "Letter": "B"}], "RoundData": seating,
            "ReceivedData": list(lines)} | more  # fmt: skip


def test_erased_lines_are_left_out_and_the_latest_correction_kept() -> None:
    read = bws.from_tables(_tables(
        _line(1, 1, 1, 1, 1, 1, "4 S", result="+1"),
        _line(2, 2, 1, 1, 2, 2, "4 S", "S", "=", TimeLog="1899-12-30 19:40:00"),
        _line(3, 2, 1, 1, 2, 2, "4 S", "S", "-1", TimeLog="1899-12-30 19:30:00"),  # earlier
        _line(4, 3, 1, 1, 3, 3, "3 NT", "E", "=", Erased="1"),
        _line(5, 3, 1, 1, 3, 3, "2 NT", "E", "+1"),
    ))  # fmt: skip
    (section,) = read.session.sections
    assert read.erased == 1
    assert [(r.ns, r.text) for r in section.results] == [(1, "4SN+1"), (2, "4SS="), (3, "2NTE+1")]
    assert [str(w) for w in section.notes] == [
        "board 1, NS 2 v EW 2: corrected: 4SS-1 replaced by 4SS="
    ]
    assert (section.name, section.kind) == ("B", "mitchell")


def test_leads_players_and_hand_records_are_kept() -> None:
    hands = {f"{h}{s}": "" for h in ("North", "East", "South", "West")
             for s in ("Spades", "Hearts", "Diamonds", "Clubs")}  # fmt: skip
    hands |= {"Section": "1", "Board": "1", "NorthSpades": "AKQJT98765432",
              "EastHearts": "AKQJT98765432", "SouthDiamonds": "AKQJT98765432",
              "WestClubs": "AKQJT98765432"}  # fmt: skip
    numbers = [{"Section": "1", "Table": "1", "Direction": d, "Number": n, "Name": ""}
               for d, n in (("N", "0123"), ("S", "456"), ("E", "789"), ("W", ""))]  # fmt: skip
    names = [{"ID": "123", "Name": "Ann Smith", "strID": "0123"}]
    read = bws.from_tables(_tables(
        _line(1, 1, 1, 1, 1, 1, "4 S", LeadCard="C10"),
        _line(2, 2, 1, 1, 2, 2, "4 S", LeadCard="HA"),
        HandRecord=[hands], PlayerNumbers=numbers, PlayerNames=names))  # fmt: skip
    (section,) = read.session.sections
    assert [r.lead for r in section.results] == ["CT", "HA"]
    ns1, ew1 = section.pair(1, Side.NS), section.pair(1, Side.EW)
    assert [(p.name, p.number) for p in ns1.players] == [("Ann Smith", "0123"), ("456", "456")]
    assert ns1.names == "Ann Smith & 456"
    assert [p.number for p in ew1.players] == ["789"]
    deal = section.board(1).deal
    assert deal is not None
    assert str(deal[Seat.NORTH]) == "AKQJT98765432..."


def test_arbitral_scores_and_boards_not_played() -> None:
    read = bws.from_tables(_tables(
        _line(1, 1, 1, 1, 1, 1, "", "", "", Remarks="60%-40%"),
        _line(2, 2, 1, 1, 2, 2, "", "", "", Remarks="50%-50%"),
        _line(3, 3, 1, 1, 3, 3, "", "", "", Remarks="Not played"),
        _line(4, 3, 1, 2, 3, 3, "", "", "", Remarks="Arbitral score"),
        _line(5, 1, 1, 2, 1, 1, "PASS", "N", ""),
    ))  # fmt: skip
    (section,) = read.session.sections
    assert [(r.board, r.ns, r.artificial) for r in section.results if r.artificial] == [
        (1, 1, Adjusted("A+", "A-")), (1, 2, Adjusted("A", "A"))]  # fmt: skip
    assert [str(w) for w in section.notes] == [
        "board 1, NS 3 v EW 3: no score: Not played",
        "board 2, NS 3 v EW 3: no score: Arbitral score",
    ]
    assert [r.text for r in section.results if r.board == 2] == ["Pass"]


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("Contract", "9 Z", "Contract '9 Z' is not a contract"),
        ("Result", "2", "Result '2' is not a result"),
        ("NS/EW", "Q", "NS/EW 'Q' is not a declarer"),
        ("Board", "x1", "Board 'x1' is not a number"),
    ],
)
def test_a_value_no_handset_writes_is_refused_naming_its_row(column: str, value: str,
                                                             message: str) -> None:  # fmt: skip
    line = _line(7, 1, 1, 1, 1, 1, "4 S") | {column: value}
    with pytest.raises(bws.BwsError) as caught:
        bws.from_tables(_tables(line), source="club.bws")
    assert str(caught.value).startswith(f"club.bws, ReceivedData ID 7: {message}")
    assert (caught.value.field, caught.value.value) == (column, value)


def test_an_impossible_result_is_refused() -> None:
    with pytest.raises(bws.BwsError, match=r"ReceivedData ID 1: Result '7 NT \+1' cannot be"):
        bws.from_tables(_tables(_line(1, 1, 1, 1, 1, 1, "7 NT", result="+1")), source="c.bws")


# --- hostile files ---------------------------------------------------------------------------


def _refused(path: Path, match: str, limits: bws.BwsLimits | None = None) -> bws.BwsError:
    start = time.monotonic()
    with pytest.raises(bws.BwsError, match=match) as caught:
        bws.read(path, limits=limits)
    assert time.monotonic() - start < 15
    assert caught.value.source == path.name
    return caught.value


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cut.bws"
    path.write_bytes(REAL.read_bytes()[:8192])
    _refused(path, r"^cut\.bws: mdbtools could not read .*beyond EOF")


def test_garbage_pages_are_refused_or_read_never_hang(tmp_path: Path) -> None:
    data = REAL.read_bytes()
    path = tmp_path / "garbage.bws"
    path.write_bytes(data[:4096] + random.Random(1).randbytes(len(data) - 4096))
    _refused(path, r"^garbage\.bws: mdbtools could not read .*not a valid table definition")
    pages = sorted({m.start() // 2048 for m in re.finditer(rb"3 NT|4 S", data)})
    outcomes = []
    for seed in range(4):  # bytes of the results' pages overwritten at random
        rng = random.Random(seed)
        spoilt = bytearray(data)
        for _ in range(20):
            spoilt[rng.choice(pages) * 2048 + rng.randrange(2048)] = rng.randrange(256)
        path.write_bytes(bytes(spoilt))
        start = time.monotonic()
        outcomes.append(_outcome(path))
        assert time.monotonic() - start < 15
    assert all(o == "read" or o.startswith("garbage.bws, ReceivedData ID ") for o in outcomes)
    assert any(o != "read" for o in outcomes), outcomes


def _outcome(path: Path) -> str:
    """``'read'``, or the message of the :class:`bws.BwsError` (any other error escapes)."""
    try:
        bws.read(path)
    except bws.BwsError as exc:
        return str(exc)
    return "read"


def test_not_an_access_database_is_refused_before_mdbtools_runs(tmp_path: Path) -> None:
    path = tmp_path / "results.bws"
    path.write_bytes(b"<?xml version='1.0'?><USEBIO/>")
    error = _refused(path, r"^results\.bws: not an Access database")
    assert error.field == "file"


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.bws"
    with path.open("wb") as file:  # sparse: 40 MB on paper, nothing on disk
        file.write(REAL.read_bytes()[:2048])
        file.truncate(40 * 1024 * 1024)
    _refused(path, r"^huge\.bws: 41943040 bytes, more than the 33554432 a \.bws file may have")


def test_too_many_rows_or_too_much_output_is_refused() -> None:
    _refused(REAL, r"table ReceivedData has more than 200 rows", bws.BwsLimits(rows=200))
    _refused(REAL, r"mdbtools printed more than 2000 bytes reading table RoundData",
             bws.BwsLimits(output=2000))  # fmt: skip


def test_mdbtools_past_its_memory_is_stopped() -> None:
    _refused(REAL, r"^12tables1section\.bws: mdbtools could not read its list of tables",
             bws.BwsLimits(memory=5_000_000))  # fmt: skip


def _fake_tool(folder: Path, name: str, script: str) -> None:
    tool = folder / name
    tool.write_text(f"#!/bin/sh\n{script}\n")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)


def test_mdbtools_past_its_deadline_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_tool(tmp_path, "mdb-tables", "exec sleep 30")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    start = time.monotonic()
    _refused(REAL, r"mdbtools took more than 0.5 s reading its list of tables",
             bws.BwsLimits(seconds=0.5))  # fmt: skip
    assert time.monotonic() - start < 5


def test_mdbtools_that_closes_its_output_and_waits_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_tool(tmp_path, "mdb-tables", "exec >&- 2>&-; exec sleep 30")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    start = time.monotonic()
    _refused(REAL, r"mdbtools took more than 0.5 s", bws.BwsLimits(seconds=0.5))
    assert time.monotonic() - start < 5


def test_mdbtools_missing_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    _refused(REAL, r"mdb-tables is not installed: .*apt-get install mdbtools")


def test_each_section_is_its_own_field() -> None:
    tables = _tables(
        _line(1, 1, 1, 1, 1, 1, "4 S"),
        _line(2, 2, 1, 1, 2, 2, "4 S", result="+1"),
        _line(3, 1, 1, 1, 1, 1, "3 NT", Section="2"),
        _line(4, 2, 1, 1, 2, 2, "3 NT", result="-1", Section="2"),
    )
    tables["Section"] = [{"ID": "1", "Letter": "A"}, {"ID": "2", "Letter": "BB"}]
    a, bb = bws.from_tables(tables).session.sections
    assert [(s.name, [r.text for r in s.results]) for s in (a, bb)] == [
        ("A", ["4SN=", "4SN+1"]), ("BB", ["3NTN=", "3NTN-1"])]  # fmt: skip
    tables["ReceivedData"].append(_line(5, 3, 1, 1, 3, 3, "1 C", Section="3"))
    with pytest.raises(bws.BwsError, match=r"ReceivedData ID 5: Section '3' is not a section"):
        bws.from_tables(tables)


@pytest.mark.parametrize(
    ("letters", "message"),
    [
        (["A", "A"], "Section row 2: Letter 'A' is a second section's letter"),
        (["A", "A-1"], "Section row 2: Letter 'A-1' is not a section's letter"),
        ([f"S{i}" for i in range(79)], "Section row 79: Letter 'S78' is a section past the 78"),
    ],
)
def test_sections_bcs_cannot_have_are_refused(letters: list[str], message: str) -> None:
    tables = _tables(_line(1, 1, 1, 1, 1, 1, "4 S"))
    tables["Section"] = [{"ID": str(i + 1), "Letter": x} for i, x in enumerate(letters)]
    with pytest.raises(bws.BwsError, match=f"^c.bws, {re.escape(message)}"):
        bws.from_tables(tables, source="c.bws")


def test_a_howell_pair_keeps_its_players_whichever_side_it_sits() -> None:
    seating = [{"Section": "1", "Table": "1", "Round": r, "NSPair": ns, "EWPair": ew}
               for r, ns, ew in (("1", "1", "2"), ("2", "2", "1"))]  # fmt: skip
    numbers = [{"Section": "1", "Table": "1", "Round": "2", "Direction": d, "Number": n}
               for d, n in (("N", "11"), ("S", "12"), ("E", "13"), ("W", "14"))]  # fmt: skip
    tables = _tables(_line(1, 1, 1, 1, 1, 2, "4 S"), _line(2, 1, 2, 2, 2, 1, "4 S"),
                     PlayerNumbers=numbers)  # fmt: skip
    tables["RoundData"] = seating
    (section,) = bws.from_tables(tables).session.sections
    assert section.kind == "howell"
    assert [(p.number, [x.number for x in p.players]) for p in section.pairs] == [
        (1, ["13", "14"]), (2, ["11", "12"])]  # fmt: skip
