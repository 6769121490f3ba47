"""Make tests/data/par_cases.json.gz: DDS's tables and par on random deals (fixed seed).

    PYTHONPATH=src python tests/data/make_par_cases.py [COUNT [SOLVE]]

SOLVE random deals (default 10,000) are solved by DDS; COUNT deals (default 10,000) are
written: the solved ones, and when SOLVE is smaller, turns and suit renamings of them, whose
tables follow from the solved ones (tests/test_par.py checks that on fresh deals through DDS).
Each line of the file is one deal: its double-dummy table as 20 hex digits (rows N E S W,
strains C D H S NT within a row) and, for each vulnerability in endplay's order (None, All, NS,
EW), DDS's ``SidesParBin`` answer (NS bidding first, then EW first) and its ``DealerParBin``
answer for a dealer drawn at random. Each answer is ``[score, [[level, denom, seats,
undertricks, overtricks], ...]]`` exactly as DDS gives it (``denom`` 0 = notrump,
1 = spades ... 4 = clubs; ``seats`` 0-3 N E S W, 4 = N and S, 5 = E and W). A level of 0 is
DDS's pass-out. tests/test_par.py reads it.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

SEED = 20261130
OUT = Path(__file__).with_name("par_cases.json.gz")


def random_deals(count: int, seed: int) -> list[str]:
    """``count`` random complete deals in PBN notation. (Not ``Deal.random``: this one shuffles
    one pack again and again, and the stored file was dealt that way.)"""
    rng = random.Random(seed)
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    deals = []
    for _ in range(count):
        rng.shuffle(cards)
        hands = []
        for h in range(4):
            own = set(cards[13 * h : 13 * h + 13])
            hands.append(
                ".".join("".join(r for r in "AKQJT98765432" if s + r in own) for s in "SHDC")
            )
        deals.append("N:" + " ".join(hands))
    return deals


def answer(res: Any) -> list[Any]:
    contracts = [
        [c.level, c.denom, c.seats, c.underTricks, c.overTricks]
        for c in res.contracts[: res.number]
    ]
    return [res.score, contracts]


def dds_par(table: Any, vul: int, dealer: int) -> list[Any]:
    """DDS's sides par (both) and dealer par for one endplay DDTable."""
    import endplay._dds as dds

    sides = (dds.parResultsMaster * 2)()
    dds.SidesParBin(table._data, sides, vul)
    master = dds.parResultsMaster()
    dds.DealerParBin(table._data, master, dealer, vul)
    return [answer(sides[0]), answer(sides[1]), dealer, answer(master)]


def permuted(table: list[list[int]], turn: int, suits: tuple[int, ...]) -> list[list[int]]:
    """The table of the deal turned ``turn`` seats clockwise with its suits renamed (clubs
    become ``suits[0]``, ..., spades ``suits[3]``; notrump stays): a deal as random as the first,
    whose double-dummy tricks follow without solving it again."""
    out = [[0] * 5 for _ in range(4)]
    for p in range(4):
        for s in range(4):
            out[(p + turn) % 4][suits[s]] = table[p][s]
        out[(p + turn) % 4][4] = table[p][4]
    return out


def main(count: int, solve: int) -> None:
    """Solve ``solve`` random deals a chunk at a time, appending to a work file that a later
    run resumes (solving takes about 0.1 s a deal a core, more on a busy machine); then write
    ``count`` deals to OUT: each solved deal, and as many of its turns and suit renamings (none
    the same as another) as make up the count, each with DDS's par for every vulnerability."""
    import itertools

    import endplay._dds as dds
    import endplay.dds as edds
    from endplay.types import Deal

    from bridgescore.boards.dd import from_endplay

    work = OUT.with_suffix(".work")
    lines = work.read_text().splitlines() if work.exists() else []
    lines = lines[: len(lines) // 40 * 40]  # whole chunks only
    deals = random_deals(solve, SEED)
    with work.open("w") as f:
        f.writelines(line + "\n" for line in lines)
        for start in range(len(lines), solve, 40):
            chunk = [Deal(d) for d in deals[start : start + 40]]
            for table in edds.calc_all_tables(chunk):
                ours = from_endplay(table)
                line = json.dumps(["".join(f"{t:x}" for r in ours for t in r)])
                lines.append(line)
                f.write(line + "\n")
            f.flush()
            print(f"\r{start + len(chunk)}", end="", file=sys.stderr)
    solved = [json.loads(line)[0] for line in lines[:solve]]
    variants = [(t, p) for t in range(4) for p in itertools.permutations(range(4))]
    per_deal = -(-count // len(solved))
    rng = random.Random(SEED + 1)
    out = []
    for hexes in solved:
        table = [[int(hexes[5 * r + c], 16) for c in range(5)] for r in range(4)]
        chosen = [variants[0], *rng.sample(variants[1:], per_deal - 1)]
        for turn, suits in chosen:
            new = permuted(table, turn, suits)
            results = dds.ddTableResults()
            for p in range(4):
                for s in range(5):
                    results.resTable[(3, 2, 1, 0, 4)[s]][p] = new[p][s]
            holder = type("T", (), {"_data": results})()
            row: list[Any] = ["".join(f"{t:x}" for r in new for t in r)]
            row += [dds_par(holder, vul, rng.randrange(4)) for vul in range(4)]
            out.append(json.dumps(row, separators=(",", ":")))
    with gzip.open(OUT, "wt", compresslevel=9) as f:
        f.write("\n".join(out[:count]) + "\n")
    print(
        f"\nwrote {len(out[:count])} deals from {len(solved)} solved to {OUT} "
        f"({OUT.stat().st_size} bytes)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 10_000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 10_000,
    )
