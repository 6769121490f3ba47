"""Part (l) of `make bench`: reading BBO's LIN.

``bridgescore.lin.read_lin`` against endplay's LIN reader (``endplay.parsers.lin.loads``, the
Python peer), on the real files of ``tests/data/real/``: the Sky Club tournament's 44 files (a
board each, auctions, play, claims) and the WBTC 2015 vugraph (32 boards, commentary). Before
anything is timed, endplay's results are compared with ours on every board it reads, and the
boards where they differ are printed (endplay counts 20784110.lin's 3NT by East three down;
East's side wins 8 tricks, as pbntools' PBN of the same file says: one down); the files it
refuses are counted. Then our reader's time on hostile LIN at growing sizes: linear time
means the time a character stays flat.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from timing import median_seconds, table

from bridgescore.errors import BridgeError
from bridgescore.lin import read_lin

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real"


def _files() -> dict[str, list[str]]:
    return {
        "tournament (44 files, a board each)": [
            p.read_text() for p in sorted((REAL / "bbo_skyclub").glob("*.lin"))
        ],
        "vugraph (1 file, 32 boards)": [(REAL / "bbo_vugraph_match.lin").read_text()],
    }


def _endplay_reads(texts: list[str]) -> tuple[list[str], int]:
    """The texts endplay reads, each compared with ours (differences printed); and how many
    it refuses."""
    from endplay.parsers import lin as endplay_lin

    read, refused = [], 0
    for text in texts:
        try:
            theirs = endplay_lin.loads(text)
        except Exception:  # any failure of the peer's reader is a refusal
            refused += 1
            continue
        ours = read_lin(text).boards
        for board, mine in zip(theirs, ours, strict=True):
            result = mine.result
            if result is None:
                continue
            contract = str(board.contract)  # endplay writes e.g. '4♠E=' or '3NTE-2'
            if contract != result.notation(symbols=True):
                print(f"endplay reads board {mine.number} as {contract}, we as {result}")
        read.append(text)
    return read, refused


def run(quick: bool) -> dict[str, float]:
    repeats = 3 if quick else 7
    rows = []
    out: dict[str, float] = {}
    for name, texts in _files().items():
        boards = sum(len(read_lin(t).boards) for t in texts)
        ours = median_seconds(lambda texts=texts: [read_lin(t) for t in texts], repeats)
        row = [name, f"{boards}", f"{ours / boards * 1e6:,.0f} µs"]
        try:
            readable, refused = _endplay_reads(texts)
        except ImportError:
            readable, refused = [], -1
        if readable:
            from endplay.parsers import lin as endplay_lin

            n = sum(len(read_lin(t).boards) for t in readable)
            ours_r = median_seconds(lambda r=readable: [read_lin(t) for t in r], repeats)
            theirs = median_seconds(lambda r=readable: [endplay_lin.loads(t) for t in r], repeats)
            row += [f"{n}", f"{ours_r / n * 1e6:,.0f} µs", f"{theirs / n * 1e6:,.0f} µs",
                    f"{theirs / ours_r:.2f}x", f"{refused}"]  # fmt: skip
        else:
            row += ["0", "-", "-", "-", "not installed" if refused < 0 else f"{refused} (all)"]
        rows.append(row)
        out[name] = ours / boards
    table(
        "(l) Reading LIN: time a board (median); on the files endplay.parsers.lin reads, both",
        ["files", "boards", "ours", "boards endplay reads", "ours on them", "endplay",
         "endplay / ours", "files endplay refuses"],
        rows,
    )  # fmt: skip
    hostile_rows = []
    sizes = (1_000, 10_000) if quick else (1_000, 10_000, 100_000)
    shapes = {
        "'mb|p|' repeated": lambda n: "mb|p|" * (n // 5),
        "'pc|SA|' repeated": lambda n: "md|3,,,|mb|1N|mb|p|mb|p|mb|p|" + "pc|SA|" * (n // 6),
        "one long value": lambda n: "an|" + "x" * n,
        "'|' repeated": lambda n: "|" * n,
        "'qx|o1|' repeated": lambda n: "qx|o1|" * (n // 6),
    }
    worst_per_char = 0.0
    for label, make in shapes.items():
        cells = [label]
        for n in sizes:
            text = make(n)
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                with contextlib.suppress(BridgeError):
                    read_lin(text)
                best = min(best, time.perf_counter() - start)
            cells.append(f"{best / len(text) * 1e9:,.0f} ns")
            worst_per_char = max(worst_per_char, best / len(text))
        hostile_rows.append(cells)
    table(
        "(l) Hostile LIN: time a character, read or refused (flat across sizes: linear time)",
        ["input", *(f"{n:,} chars" for n in sizes)],
        hostile_rows,
    )
    out["hostile worst per char"] = worst_per_char
    return out
