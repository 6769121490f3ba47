"""Part (p) of ``make bench``: reading PBN, in result lines a second, against the PBN readers of
endplay (``endplay.parsers.pbn.loads``) and bridgebots (``bridgebots.pbn.parse_pbn``).

Two generated files of real-looking games, of the same size: a game per board with a
``ScoreTable`` of 13 tables (as scoring programs export a session), and a game per table
(``Contract``, ``Declarer``, ``Result``, ``PairNS``/``PairEW``, as dealing programs and
BBO write). A result line is one table's result: a ``ScoreTable`` row, or a game per table.
``bridgescore.pbn.read`` checks every line and builds the scored session's input; the peers
only split the file into boards and tags (endplay keeps a ScoreTable as rows of text;
bridgebots reads a game per table only and skips a ScoreTable's rows), so they do less.

    python benchmarks/pbn_bench.py [--quick]
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_cpu_seconds, table

from bridgescore import pbn

RANKS = "AKQJT98765432"
CONTRACTS = ["4S", "3NT", "4H", "2S", "5D", "1NT", "3C", "2H"]


def _hands(rng: random.Random) -> str:
    deck = [s + r for s in "SHDC" for r in RANKS]
    rng.shuffle(deck)
    return " ".join(
        ".".join(
            "".join(
                sorted((c[1] for c in deck[h * 13 : h * 13 + 13] if c[0] == s), key=RANKS.index)
            )
            for s in "SHDC"
        )
        for h in range(4)
    )


def score_table_file(size: int, tables: int = 13, seed: int = 1) -> str:
    """About ``size`` characters: a game per board, each with a ScoreTable of ``tables`` rows
    (a Mitchell: NS 1..n against EW n+1..2n)."""
    rng = random.Random(seed)
    parts = ["% PBN 2.1\r\n% EXPORT\r\n"]
    total, board = len(parts[0]), 0
    while total < size:
        board += 1
        rows = "".join(
            f"{t:>2} {(t + board) % tables + 1 + tables:>2} {rng.choice(CONTRACTS):<4} "
            f"{rng.choice('NESW')} {rng.randint(6, 12):>2}\r\n"
            for t in range(1, tables + 1)
        )
        game = (
            f'[Event "Club pairs"]\r\n[Site "Club"]\r\n[Date "2026.01.01"]\r\n'
            f'[Board "{board}"]\r\n[West ""]\r\n[North ""]\r\n[East ""]\r\n[South ""]\r\n'
            f'[Dealer "{"NESW"[(board - 1) % 4]}"]\r\n[Vulnerable "None"]\r\n'
            f'[Deal "N:{_hands(rng)}"]\r\n[Scoring "MatchPoints"]\r\n[Declarer ""]\r\n'
            f'[Contract ""]\r\n[Result ""]\r\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;'
            f'Contract\\4L;Declarer\\1R;Result\\2R"]\r\n{rows}\r\n'
        )
        parts.append(game)
        total += len(game)
    return "".join(parts)


def game_per_table_file(size: int, tables: int = 13, seed: int = 1) -> str:
    """About ``size`` characters: a game per table, each with its deal, its pairs and their
    players (5 MB: about 15,000 results, inside the server's 20,000 a session)."""
    rng = random.Random(seed)
    parts = ["% PBN 2.1\r\n% EXPORT\r\n"]
    total, board = len(parts[0]), 0
    while total < size:
        board += 1
        hands = _hands(rng)
        for t in range(1, tables + 1):
            ew = (t + board) % tables + 1 + tables
            game = (
                f'[Event "Club pairs"]\r\n[Board "{board}"]\r\n'
                f'[Dealer "{"NESW"[(board - 1) % 4]}"]\r\n[Vulnerable "None"]\r\n'
                f'[Deal "N:{hands}"]\r\n[Contract "{rng.choice(CONTRACTS)}"]\r\n'
                f'[Declarer "{rng.choice("NESW")}"]\r\n[Result "{rng.randint(6, 12)}"]\r\n'
                f'[PairNS "{t}"]\r\n[PairEW "{ew}"]\r\n[North "Player {t}a"]\r\n'
                f'[South "Player {t}b"]\r\n[East "Player {ew}a"]\r\n[West "Player {ew}b"]\r\n\r\n'
            )
            parts.append(game)
            total += len(game)
    return "".join(parts)


def _endplay() -> Callable[[str, Path], int] | None:
    """endplay's reader: the boards it read."""
    try:
        from endplay.parsers import pbn as endplay_pbn
    except ImportError:
        return None
    return lambda text, _path: len(endplay_pbn.loads(text))


def _bridgebots() -> Callable[[str, Path], int] | None:
    """bridgebots' reader: the tables' records it read (none from a ScoreTable)."""
    try:
        from bridgebots.pbn import parse_pbn
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.ERROR)  # it logs each game it skips
    return lambda _text, path: sum(len(d.board_records) for d in parse_pbn(path))


def run(quick: bool) -> dict[str, float]:
    """Print the table; return our result lines a second per file shape."""
    size = 500_000 if quick else 5_000_000
    repeats = 3 if quick else 5
    peers = {"endplay": _endplay(), "bridgebots": _bridgebots()}
    rows = []
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, make in (("ScoreTable per board", score_table_file),
                           ("game per table", game_per_table_file)):  # fmt: skip
            text = make(size)
            path = Path(folder) / "bench.pbn"
            path.write_text(text, newline="")
            lines = sum(len(s.results) for s in pbn.read(text).sections)
            ours = median_cpu_seconds(lambda text=text: pbn.read(text), repeats)
            out[name] = lines / ours
            row: list[str] = [name, f"{len(text):,}", f"{lines:,}", f"{lines / ours:,.0f}"]
            for read in peers.values():
                if read is None:
                    row += ["not installed", "-"]
                    continue
                if not read(text, path):
                    row += ["reads none", "-"]
                    continue
                theirs = median_cpu_seconds(lambda read=read, t=text, p=path: read(t, p), repeats)
                row += [f"{lines / theirs:,.0f}", f"{theirs / ours:.2f}x"]
            rows.append(row)
    table(
        "(p) Reading PBN: result lines a CPU second (median); peer's time / ours (above 1: we are "
        "faster); the peers only split the file, bridgescore checks every line",
        ["file", "characters", "result lines", "bridgescore", "endplay", "endplay / ours",
         "bridgebots", "bridgebots / ours"],
        rows,
    )  # fmt: skip
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    run(parser.parse_args().quick)
