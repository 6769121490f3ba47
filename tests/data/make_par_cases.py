"""Make tests/data/par_cases.json.gz: DDS's tables and par on random deals (fixed seed).

    PYTHONPATH=src python tests/data/make_par_cases.py [COUNT]

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
    """``count`` random complete deals in PBN notation."""
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


def main(count: int) -> None:
    import endplay.dds as edds
    from endplay.types import Deal

    from bridgescore.dd import from_endplay

    rng = random.Random(SEED + 1)
    deals = random_deals(count, SEED)
    lines = []
    for start in range(0, count, 40):
        chunk = [Deal(d) for d in deals[start : start + 40]]
        for table in edds.calc_all_tables(chunk):
            ours = from_endplay(table)
            row: list[Any] = ["".join(f"{t:x}" for r in ours for t in r)]
            row += [dds_par(table, vul, rng.randrange(4)) for vul in range(4)]
            lines.append(json.dumps(row, separators=(",", ":")))
        print(f"\r{start + len(chunk)}", end="", file=sys.stderr)
    with gzip.open(OUT, "wt", compresslevel=9) as f:
        f.write("\n".join(lines) + "\n")
    print(f"\nwrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
