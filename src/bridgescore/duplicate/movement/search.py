"""The offline search for the Howells of :mod:`bridgescore.duplicate.movement._howells` (run by
hand).

Every Howell searched is **1-rotational**: pair ``2T`` stays NS at table 1, the other
``m = 2T - 1`` pairs sit at *positions* 0..m-1 that move down one each round (the pair at
position ``p`` in round ``r`` is pair ``p + r`` mod m, counted from 0), and table ``t`` plays
board set ``s_t + r`` mod m in round ``r``. A design is one row ``(ns, ew, s, mask)`` a table
(``ns = -1`` for the stationary pair; bit ``r`` of ``mask`` arrow-switches the table in round
``r + 1``), so every table sends its NS pair, its EW pair and its
boards to the same place each round, by construction; each moving pair sits NS in ``T - 1``
of the ``m`` rounds.

* **Complete Howells** (m rounds): every two pairs meet once and every pair plays every set
  once when the starter (the pairs ``{ns, ew}``, whose differences cover each non-zero residue
  once up to sign) and the adder (the ``s``) are as in a Room square. Manning's competition
  score of the stationary pair against any other is then always the ideal ``T - 1`` a set, and
  that of two moving pairs ``d`` apart is ``T + A(d)``, where ``A`` is the periodic
  autocorrelation of the sides (+1 NS, -1 EW) of the positions in the set-0 view (position
  minus ``s``; 0, the stationary pair's opponent, is EW). The ideal ``A(d) = -1`` for all ``d``
  is a cyclic difference set: it exists for m = 3, 7, 11, 15, 19 (2, 4, 6, 8, 10 tables). For
  m = 5, 9, 13, 17, ``A(d)`` is 1 mod 4 and averages -1, so the best is ``A(d)`` in {1, -3},
  half each. :func:`complete` enumerates the sides with the best autocorrelation, matches them
  into a starter, then looks for an adder (fewest shares first: 2 and 3 tables must share).
* **Pairs meeting twice** (2m rounds): :func:`twice` plays a complete one twice, on new boards
  the second time, and arrow-switches the tables that even out Manning's scores.
* **3/4 Howells** (T < R < 2T - 1 rounds): ``2T - R`` stationary pairs, the other R round a
  cycle of R positions, the sets round one of R with all offsets different, so that every
  board is played once at every table and every pair plays every board (:func:`three_quarter`:
  random starters and adders; half the stationary pairs start on the EW cards; then turning
  tables and arrow-switching single rounds at the stationary pairs' tables while Manning's
  spread falls; half the stationary pairs, those playing the EW cards most, then sit EW, so
  that the moving pairs sit NS about half their rounds). Some sizes have none of this shape:
  the first rounds of the complete Howell serve them.

Run ``PYTHONPATH=src python -m bridgescore.duplicate.movement.search --write`` to rewrite the data
module (the searches are exhaustive in a fixed order or seeded, so the same run gives the same
data); without ``--write`` it prints what it finds.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

Design = tuple[tuple[int, int, int, int], ...]
"""One ``(ns position, ew position, set offset, mask)`` a table; position -1 is a stationary
pair; bit ``r`` of ``mask`` arrow-switches the table in round ``r + 1``."""

__all__ = ["Design", "balance", "complete", "main", "plays", "sizes", "twice", "valid"]


def _autocorrelation(m: int, north: set[int]) -> list[int]:
    sign = [1 if z in north else -1 for z in range(m)]
    return [sum(sign[z] * sign[(z + d) % m] for z in range(m)) for d in range(1, m)]


def _optimal(m: int, north: set[int]) -> bool:
    values = _autocorrelation(m, north)
    return all(a == -1 for a in values) if m % 4 == 3 else all(a in (1, -3) for a in values)


def _starters(
    m: int, north: Sequence[int], south: Sequence[int]
) -> Iterator[list[tuple[int, int]]]:
    """Pairings of ``north`` with ``south`` whose differences are all different up to sign."""
    used: set[int] = set()
    gaps: set[int] = set()
    chosen: list[tuple[int, int]] = []

    def extend(i: int) -> Iterator[list[tuple[int, int]]]:
        if i == len(north):
            yield list(chosen)
            return
        for v in south:
            d = (north[i] - v) % m
            if v in used or d in gaps or m - d in gaps:
                continue
            used.add(v)
            gaps.add(d)
            chosen.append((north[i], v))
            yield from extend(i + 1)
            chosen.pop()
            used.discard(v)
            gaps.discard(d)

    yield from extend(0)


def _adders(m: int, starter: Sequence[tuple[int, int]], shares: int) -> Iterator[list[int]]:
    """Set offsets making the round-0 positions ``u + s``, ``v + s`` (and 0) all different,
    with at most ``shares`` offsets repeated (0 being the stationary table's)."""
    taken = {0}
    offsets: list[int] = []

    def extend(i: int, repeats: int) -> Iterator[list[int]]:
        if i == len(starter):
            yield list(offsets)
            return
        u, v = starter[i]
        for s in range(m):
            again = s == 0 or s in offsets
            a, b = (u + s) % m, (v + s) % m
            if (again and repeats == shares) or a in taken or b in taken:
                continue
            taken.update((a, b))
            offsets.append(s)
            yield from extend(i + 1, repeats + again)
            offsets.pop()
            taken.difference_update((a, b))

    yield from extend(0, 0)


def _designs(tables: int) -> Iterator[Design]:
    """Complete 1-rotational Howells of the best balance, fewest shares first."""
    m = 2 * tables - 1
    for shares in range(tables):
        for north in itertools.combinations(range(1, m), tables - 1):
            if not _optimal(m, set(north)):
                continue
            south = [z for z in range(1, m) if z not in north]
            for starter in _starters(m, north, south):
                for offsets in _adders(m, starter, shares):
                    tables_ = (
                        ((u + s) % m, (v + s) % m, s, 0)
                        for (u, v), s in zip(starter, offsets, strict=True)
                    )
                    yield ((-1, 0, 0, 0), *tables_)


def complete(tables: int) -> Design:
    """A complete 1-rotational Howell of ``tables`` tables with the best possible balance.

    >>> complete(4)
    ((-1, 0, 0, 0), (4, 6, 3, 0), (1, 5, 6, 0), (2, 3, 5, 0))
    """
    return next(_designs(tables))


def twice(tables: int, tries: int = 200) -> Design:
    """A Howell in which pairs meet twice: a complete one played twice on new boards, the
    tables that most even out Manning's scores arrow-switched the second time (the first of
    ``tries`` complete designs giving the best balance).

    >>> twice(3)
    ((-1, 0, 0, 0), (1, 4, 0, 0), (2, 3, 0, 992))
    """
    m = 2 * tables - 1
    second = (1 << 2 * m) - (1 << m)  # rounds m+1 to 2m
    best: tuple[tuple[float, int], Design] | None = None
    for design in itertools.islice(_designs(tables), tries):
        for turns in itertools.product((0, second), repeat=tables - 1):
            turned = design[:1] + tuple(
                (a, b, s, turn) for (a, b, s, _), turn in zip(design[1:], turns, strict=True)
            )
            key = _cost(turned, 2 * m)
            if best is None or key < best[0]:
                best = (key, turned)
    assert best is not None
    return best[1]


def _cost(design: Design, rounds: int) -> tuple[float, int]:
    sd, low, high = balance(design, rounds)
    return (round(sd, 9), high - low)


def _base(tables: int, rounds: int, rng: random.Random) -> Design | None:
    """A random 3/4 Howell design of ``rounds`` rounds: ``2T - R`` stationary pairs, the other
    R pairs round a cycle of R positions, the sets round one of R (randomized backtracking).

    The rules: the positions opposite the stationary pairs and those of the other tables are
    each position once; the differences of the other tables' two positions differ up to sign
    (and are not R/2), so no two pairs meet twice; the set offsets differ, so every set is
    played once at every table; and offset minus position differs over all positions, so that
    every pair plays every set once.
    """
    r_ = rounds
    fixed = 2 * tables - r_
    used_pos = {0}
    used_set = {0}
    used_view = {0}  # offset minus position
    used_gap: set[int] = set()
    rows: list[tuple[int, int, int, int]] = [(-1, 0, 0, 0)]
    budget = [5000]

    def extend() -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if len(rows) == tables:
            return True
        stationary = len(rows) < fixed
        free = [p for p in range(r_) if p not in used_pos]
        offsets = [s for s in range(r_) if s not in used_set]
        rng.shuffle(offsets)
        if stationary:
            rng.shuffle(free)
            for c in free:
                for s in offsets:
                    if (s - c) % r_ in used_view:
                        continue
                    used_pos.add(c)
                    used_set.add(s)
                    used_view.add((s - c) % r_)
                    rows.append((-1, c, s, 0))
                    if extend():
                        return True
                    rows.pop()
                    used_pos.discard(c)
                    used_set.discard(s)
                    used_view.discard((s - c) % r_)
            return False
        u = free[0]
        partners = free[1:]
        rng.shuffle(partners)
        for v in partners:
            d = (u - v) % r_
            if d in used_gap or 2 * d == r_:
                continue
            for s in offsets:
                views = {(s - u) % r_, (s - v) % r_}
                if len(views) < 2 or views & used_view:
                    continue
                used_pos.update((u, v))
                used_set.add(s)
                used_view.update(views)
                used_gap.update((d, (r_ - d) % r_))
                rows.append((u, v, s, 0))
                if extend():
                    return True
                rows.pop()
                used_pos.difference_update((u, v))
                used_set.discard(s)
                used_view.difference_update(views)
                used_gap.difference_update((d, (r_ - d) % r_))
        return False

    return tuple(rows) if extend() else None


def three_quarter(
    tables: int, rounds: int, tries: int = 12, seed: int = 1, *, switches: bool = True
) -> Design | None:
    """A 3/4 Howell: every set played once at every table, every pair playing every set once;
    of ``tries`` random designs, each climbed twice (from all stationary pairs on the NS cards,
    and from half of them on the EW cards) by turning tables NS-EW and, at the stationary
    pairs' tables, arrow-switching rounds while Manning's spread falls, the most balanced
    (then the one with the fewest arrow switches once seated). Without ``switches``: only
    from half the stationary pairs on the EW cards, turning the other tables only, so that no
    table is ever arrow-switched (simpler, less balanced).

    >>> plain = three_quarter(5, 7, tries=1, switches=False)
    >>> three_quarter(5, 7, tries=1) is not None, plain is not None and plain[1]
    (True, (-1, 1, 3, 0))
    """
    rng = random.Random(seed * 1000 + tables * 50 + rounds)
    best: tuple[tuple[float, int, int], Design] | None = None
    for _ in range(tries):
        design = None
        for _attempt in range(50):
            design = _base(tables, rounds, rng)
            if design is not None:
                break
        if design is None:
            continue
        east = _half_east(design, rounds)
        starts = (design, east) if switches else (east,)
        for start in starts:
            (sd, spread), climbed = _climb(start, rounds, switches)
            seated = _seated(climbed, rounds)
            turned = sum(bin(mask).count("1") for *_, mask in seated)
            if best is None or (sd, spread, turned) < best[0]:
                best = ((sd, spread, turned), seated)
    return None if best is None else best[1]


def _half_east(design: Design, rounds: int) -> Design:
    """Start the climb with the last half (rounded down) of the stationary pairs playing the EW
    cards every round, so that :func:`_seated` can seat them EW with few arrow switches."""
    fixed = [t for t, (a, b, _, _) in enumerate(design) if min(a, b) < 0]
    east = set(fixed[len(fixed) - len(fixed) // 2 :])
    every = (1 << rounds) - 1
    return tuple(
        (a, b, s, every if t in east else mask) for t, (a, b, s, mask) in enumerate(design)
    )


def _seated(design: Design, rounds: int) -> Design:
    """Seat half the stationary pairs (rounded down) EW, so that the others sit NS in about
    half their rounds: those that play the EW cards most often (the first on a tie), the rest
    NS; a round in which a stationary pair plays the other cards is arrow-switched at its
    table. The cards every pair plays do not change, whatever the seats were.

    >>> _seated(((-1, 0, 0, 0b110), (-1, 1, 1, 0b001), (2, 3, 2, 0)), 3)
    ((0, -1, 0, 1), (-1, 1, 1, 1), (2, 3, 2, 0))
    """
    every = (1 << rounds) - 1

    def ew_cards(row: tuple[int, int, int, int]) -> int:
        a, _, _, mask = row
        played = mask if a < 0 else every & ~mask  # rounds it plays the EW cards
        return bin(played).count("1")

    fixed = [t for t, (a, b, _, _) in enumerate(design) if min(a, b) < 0]
    east = set(sorted(fixed, key=lambda t: (-ew_cards(design[t]), t))[: len(fixed) // 2])
    out = []
    for t, (a, b, s, mask) in enumerate(design):
        if t in fixed:
            position = max(a, b)
            played = mask if a < 0 else every & ~mask
            if t in east:
                out.append((position, -1, s, every & ~played))
            else:
                out.append((-1, position, s, played))
        else:
            out.append((a, b, s, mask))
    return tuple(out)


def _climb(design: Design, rounds: int, bits: bool = True) -> tuple[tuple[float, int], Design]:
    """Turn moving tables NS-EW, and (with ``bits``) switch single rounds at stationary tables,
    while the spread falls (first improvement, sweeping until none helps)."""
    current, value = design, _cost(design, rounds)

    def changed(t: int, bit: int | None) -> Design:
        a, b, s, mask = current[t]
        row = (b, a, s, mask) if bit is None else (a, b, s, mask ^ (1 << bit))
        return (*current[:t], row, *current[t + 1 :])

    moves: list[tuple[int, int | None]] = [
        (t, None) for t, row in enumerate(design) if min(row[:2]) >= 0
    ]
    if bits:
        fixed = [t for t, row in enumerate(design) if min(row[:2]) < 0]
        moves += [(t, bit) for t in fixed for bit in range(rounds)]
    improved = True
    while improved:
        improved = False
        for t, bit in moves:
            other = changed(t, bit)
            v = _cost(other, rounds)
            if v < value:
                current, value, improved = other, v, True
    return value, current


def plays(design: Design, rounds: int) -> list[list[tuple[int, int, int]]]:
    """Round by round, each table's ``(ns pair, ew pair, set)`` (the pairs as they play the
    cards), pairs counted from 0: the ``M`` moving pairs first, then the stationary ones in
    table order. Past the ``M``-th round the pairs meet again on new sets; a table's mask bit
    ``r`` arrow-switches it in round ``r + 1``.

    >>> plays(complete(2), 3)[1]
    [(3, 1, 1), (2, 0, 1)]
    """
    moving = _moving(design)
    fixed = iter(range(moving, 2 * len(design)))
    stays = [next(fixed) if min(a, b) < 0 else -1 for a, b, _, _ in design]
    out = []
    for r in range(rounds):
        row = []
        for (a, b, s, mask), stay in zip(design, stays, strict=True):
            ns = stay if a < 0 else (a + r) % moving
            ew = stay if b < 0 else (b + r) % moving
            if mask >> r & 1:
                ns, ew = ew, ns
            row.append((ns, ew, (s + r) % moving + moving * (r // moving)))
        out.append(row)
    return out


def _moving(design: Design) -> int:
    """How many pairs move: two a table, but one at a stationary pair's table."""
    return 2 * len(design) - sum(1 for a, b, _, _ in design if min(a, b) < 0)


def valid(design: Design, rounds: int) -> bool:
    """No pair plays a set twice or sits twice in a round; two pairs meet once a pass.

    >>> valid(complete(5), 9), valid(((-1, 0, 0, 0), (1, 1, 0, 0)), 3)
    (True, False)
    """
    moving = _moving(design)
    seen: set[tuple[int, int]] = set()
    met: dict[tuple[int, int], int] = {}
    for r, row in enumerate(plays(design, rounds)):
        seated: set[int] = set()
        for ns, ew, s in row:
            for pair in (ns, ew):
                if (pair, s) in seen or pair in seated:
                    return False
                seen.add((pair, s))
                seated.add(pair)
            key = (min(ns, ew), max(ns, ew))
            met[key] = met.get(key, 0) + 1
            if met[key] > r // moving + 1:
                return False
    return True


def balance(design: Design, rounds: int) -> tuple[float, int, int]:
    """Manning's competition scores a set (times the boards a round gives the movement's):
    their standard deviation, least and most, over every two pairs.

    >>> balance(complete(4), 7)
    (0.0, 3, 3)
    """
    n = 2 * len(design)
    score = [[0] * n for _ in range(n)]
    on_set: dict[int, list[tuple[int, int]]] = {}
    for row in plays(design, rounds):
        for ns, ew, s in row:
            on_set.setdefault(s, []).append((ns, ew))
    for group in on_set.values():
        for i, (ns, ew) in enumerate(group):
            score[min(ns, ew)][max(ns, ew)] += len(group) - 1
            for ns2, ew2 in group[i + 1 :]:
                for x, y, d in ((ns, ns2, 1), (ew, ew2, 1), (ns, ew2, -1), (ew, ns2, -1)):
                    score[min(x, y)][max(x, y)] += d
    values = [score[i][j] for i in range(n) for j in range(i + 1, n)]
    return statistics.pstdev(values), min(values), max(values)


def sizes() -> list[tuple[int, int]]:
    """The (tables, rounds) the data holds: complete Howells of 2 to 10 tables, 2 to 4 tables
    in which pairs meet twice, and 3/4 Howells of 3 to 10 tables (the search finds none for
    some)."""
    out = [(t, 2 * t - 1) for t in range(2, 11)] + [(2, 6), (3, 10), (4, 14)]
    return out + [(t, r) for t in range(3, 11) for r in range(t + 1, 2 * t - 1)]


def _module(found: dict[tuple[int, int], Design], plain: dict[tuple[int, int], Design]) -> str:
    lines = [
        '"""Howell designs found by :mod:`bridgescore.duplicate.movement.search` (generated: do'
        " not edit).",
        "",
        "Regenerate with ``PYTHONPATH=src python -m bridgescore.duplicate.movement.search"
        " --write``. Key:",
        "(tables, rounds); value: one (ns position, ew position, set offset, turned) a table, -1",
        'the stationary pair (see the search module for what they mean)."""',
        "",
        "# fmt: off",
    ]
    kind = "dict[tuple[int, int], tuple[tuple[int, int, int, int], ...]]"
    for name, designs, what in (
        ("DESIGNS", found, "The most balanced, arrow switches at single tables where they help."),
        ("PLAIN", plain, "Without arrow switches, where the most balanced have some."),
    ):
        lines.append(f"{name}: {kind} = {{")
        for key in sorted(designs):
            cells = ", ".join(f"({a}, {b}, {s}, {t})" for a, b, s, t in designs[key])
            text = f"    {key}: ({cells},),"
            while len(text) > 99:
                cut = text.rfind("), (", 0, 96) + 2
                lines.append(text[:cut].rstrip())
                text = "        " + text[cut:].lstrip()
            lines.append(text)
        lines += ["}", f'"""{what}"""', ""]
    lines += ["# fmt: on", ""]
    return "\n".join(lines)


def _plain(tables: int, rounds: int, tries: int) -> Design:
    """The design without arrow switches of a size whose most balanced one has some."""
    if rounds > 2 * tables - 1:
        return complete(tables)  # played twice, no table turned
    design = three_quarter(tables, rounds, tries, switches=False)
    assert design is not None
    assert valid(design, rounds)
    return design


def main(argv: Sequence[str] | None = None) -> None:
    """Search every size, print its balance, and with ``--write`` rewrite the data module."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite _howells.py")
    parser.add_argument("--tries", type=int, default=12, help="random 3/4 designs a size")
    parser.add_argument("--out", type=Path, help="write the data module here instead")
    args = parser.parse_args(argv)
    found: dict[tuple[int, int], Design] = {}
    plain: dict[tuple[int, int], Design] = {}
    for tables, rounds in sizes():
        start = time.monotonic()
        if rounds == 2 * tables - 1:
            design: Design | None = complete(tables)
        elif rounds > 2 * tables - 1:
            design = twice(tables)
        else:
            design = three_quarter(tables, rounds, args.tries)
        if design is None:
            print(f"{tables} tables, {rounds} rounds: none found")
            continue
        assert valid(design, rounds)
        found[tables, rounds] = design
        if any(mask for *_, mask in design):
            plain[tables, rounds] = _plain(tables, rounds, args.tries)
        sd, low, high = balance(design, rounds)
        took = time.monotonic() - start
        print(f"{tables} tables, {rounds} rounds: SD {sd:.3f}, {low} to {high} a set ({took:.1f}s)")
    if args.write or args.out:
        path = args.out or Path(__file__).with_name("_howells.py")
        path.write_text(_module(found, plain), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":  # pragma: no cover
    main()
