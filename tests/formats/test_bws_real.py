"""Real Bridgemate ``.bws`` files (tests/data/real/README.md says where each is from), read by
:func:`bridgescore.bws.read` and scored by the core, compared with a calculation made here from
the file's own ``ReceivedData`` (exported with mdb-export, scored with this file's own
contract scoring and matchpoints, no bridgescore code): every pair's percentage to 0.01.

The file is a 12-table Mitchell of 24 boards whose last two rounds are arrow-switched (pairs
13-24 sit NS), so it ranks one field of 24 pairs; two of its lines are arbitral scores in
``Remarks`` (``40%-60%``, ``60%-60%``), which the calculation gives as that share of the top
and scales the board's real results to the full field by Neuberg's formula (SCORING.md §5.2,
§5.3).
"""

from __future__ import annotations

import csv
import io
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest

from bridgescore import bws
from bridgescore.duplicate.field import Adjusted

REAL = Path(__file__).resolve().parents[1] / "data" / "real" / "bws"
TWELVE = REAL / "12tables1section.bws"

_VULNERABLE = "-NEBNEB-EB-NB-NE"  # Law 2: board 1 none, 2 NS, 3 EW, 4 both ...
_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}


def _ns_score(contract: str, seat: str, result: str, board: int) -> int:
    """The NS score of one line as ReceivedData writes it ('2 D x', 'N', '-2')."""
    if contract == "PASS":
        return 0
    words = contract.split()
    level, strain, doubled = int(words[0]), words[1], {"": 1, "x": 2, "xx": 4}[
        words[2] if len(words) > 2 else ""]  # fmt: skip
    side = "N" if seat in "NS" else "E"
    vul = _VULNERABLE[(board - 1) % 16] in ("B", side)
    over = 0 if result == "=" else int(result)
    if over < 0:
        if doubled == 1:
            score = over * (100 if vul else 50)
        else:
            each = [200, 300, 300, 300] if vul else [100, 200, 200, 300]
            score = -sum(each[min(i, 3)] for i in range(-over)) * doubled // 2
    else:
        trick = _TRICK[strain]
        below = (trick * level + (10 if strain == "NT" else 0)) * doubled
        score = below + ((500 if vul else 300) if below >= 100 else 50)
        score += {1: 0, 2: 50, 4: 100}[doubled]
        score += over * (trick if doubled == 1 else (200 if vul else 100) * doubled // 2)
        score += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    return score if side == "N" else -score


def _expected(path: Path) -> dict[int, float]:
    """Each pair's percentage, from ReceivedData alone (the file has no erased line)."""
    text = subprocess.run(["mdb-export", str(path), "ReceivedData"], check=True,
                          capture_output=True, text=True, timeout=20).stdout  # fmt: skip
    lines = list(csv.DictReader(io.StringIO(text)))
    assert all(row["Erased"] == "0" for row in lines)
    by_board: dict[int, list[dict[str, str]]] = defaultdict(list)
    for row in lines:
        by_board[int(row["Board"])].append(row)
    points: dict[int, float] = defaultdict(float)
    tops: dict[int, float] = defaultdict(float)
    for board, rows in by_board.items():
        real = [r for r in rows if r["Contract"]]
        full, n = len(rows), len(real)
        top = 2 * (full - 1)
        scores = [_ns_score(r["Contract"], r["NS/EW"], r["Result"], board) for r in real]
        for r, mine in zip(real, scores, strict=True):
            mp = sum(2 * (mine > s) + (mine == s) for s in scores) - 1  # itself is a tie
            ns_mp = (mp + 1) * full / n - 1
            points[int(r["PairNS"])] += ns_mp
            points[int(r["PairEW"])] += top - ns_mp
        for r in rows:
            if not r["Contract"]:
                ns, ew = (int(p.rstrip("%")) for p in r["Remarks"].split("-"))
                points[int(r["PairNS"])] += top * ns / 100
                points[int(r["PairEW"])] += top * ew / 100
            tops[int(r["PairNS"])] += top
            tops[int(r["PairEW"])] += top
    return {pair: 100 * points[pair] / tops[pair] for pair in points}


def test_a_real_session_is_scored_as_its_received_data_says() -> None:
    read = bws.read(TWELVE)
    (section,) = read.session.sections
    assert (section.name, section.kind, read.erased) == ("A", "howell", 0)
    assert len(section.results) == 288
    assert len(section.pairs) == 24
    assert sorted({r.board for r in section.results}) == list(range(1, 25))
    artificial = {(r.board, r.ns, r.ew): r.artificial for r in section.results if r.artificial}
    assert artificial == {(1, 7, 24): Adjusted("A-", "A+"), (2, 7, 24): Adjusted("A+", "A+")}
    assert sum(1 for r in section.results if r.result and r.result.is_pass_out) == 5
    (scores,) = read.session.scored()
    got = {row.pair.number: row.percent for row in scores.rankings[None]}
    expected = _expected(TWELVE)
    assert got.keys() == expected.keys() == set(range(1, 25))
    for pair, percent in expected.items():
        assert got[pair] == pytest.approx(percent, abs=0.006), pair
    ranked = [row.pair.number for row in scores.rankings[None]]
    assert ranked == sorted(expected, key=lambda p: -expected[p])


def test_a_results_line_keeps_where_it_was_played() -> None:
    (section,) = bws.read(TWELVE).session.sections
    line = next(r for r in section.results if (r.board, r.ns, r.ew) == (7, 4, 16))
    assert (line.round, line.table, line.text) == (1, 4, "3HS-1")
    switched = next(r for r in section.results if (r.round, r.table) == (11, 7))
    assert (switched.ns, switched.ew) == (20, 7)  # the arrow switch: the file's own numbers


def test_the_empty_database_of_a_scoring_program_has_no_section() -> None:
    with pytest.raises(bws.BwsError, match=r"^Default\.bws: no section") as caught:
        bws.read(REAL / "Default.bws")
    assert caught.value.field == "Section"


def test_the_scoring_of_this_file_agrees_with_the_kernel() -> None:
    """The test's own contract scoring is checked on a few lines against bridgescore's."""
    from bridgescore import score

    for contract, seat, result, board, text in [
        ("2 D x", "N", "-2", 15, ("2DX", 6, True)),
        ("6 S", "S", "-1", 13, ("6S", 11, True)),
        ("3 NT", "S", "+1", 4, ("3NT", 10, True)),
        ("1 C", "W", "+2", 1, ("1C", 9, False)),
        ("4 H x", "E", "=", 3, ("4HX", 10, True)),
        ("5 C xx", "W", "-4", 9, ("5CXX", 7, True)),
        ("7 NT", "N", "=", 8, ("7NT", 13, False)),
    ]:
        kernel = score(text[0], text[1], vulnerable=text[2]).total
        sign = 1 if seat in "NS" else -1
        assert _ns_score(contract, seat, result, board) == sign * kernel, (contract, result)
