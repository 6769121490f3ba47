"""The best Swiss draw: a maximum-weight perfect matching (networkx) whose integer weights
encode the draw's three priorities exactly (SCORING.md §13.2, docs/guide/teams-and-swiss.md).

Teams are positions 0 .. n-1 in standings order (n even: the bye is settled first). A draw is
better when it has (1) fewer repeat meetings, then (2) a smaller sum of squared differences of
the two teams' VPs in hundredths, then (3) the lexicographically smaller sequence of the
opponents of team 0, team 1, ... (the higher-ranked opponent first). Each edge's cost is
``A·repeat + B·square + L(i, j)``: with ``L(i, j) = c·M^(T-1-s(i))`` for the smaller
position ``i`` (``c`` the rank of ``j`` among the candidate partners of ``i`` after it,
``s(i)`` the place of ``i`` among the positions that have such partners, ``M`` one more than
the most such partners), the sums of ``L`` over two draws compare as their opponent
sequences do; ``B = M^T`` exceeds any sum of ``L``, and ``A`` any sum of ``B·square + L``,
so one sum of costs orders draws exactly as the three priorities do. Every number is an
integer, so networkx computes exactly.

Which edges the matching sees. If the neighbours in the standings (0-1, 2-3, ...) have never
met, that draw is the best: no repeats, the least sum of squares of any pairing of sorted
values (for a ≥ b ≥ c ≥ d, ab + cd is the largest product sum, so uncrossing never costs), and
the smallest opponent sequence of all. Otherwise a first matching over the pairs that have not
met within ``k`` places of each other (``k`` doubling until it pairs everyone) gives a draw
without repeats and its sum of squares ``S``. An optimal draw has no repeats and a sum of at
most ``S``; a match (i, j) in it costs at least its square plus the least sum of squares of the
others, which is that of the others paired as neighbours (the argument above). So only the
pairs where that bound is at most ``S`` can be in an optimal draw, and the exact matching
over those is the optimum of the complete graph: a proof, not a heuristic. When repeats cannot
be avoided (no draw without one exists), the exact matching runs on the complete graph.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["best_pairing"]

FIRST_WINDOW = 8
"""Places either side that the first matching (the bound) looks at."""


def best_pairing(vps: Sequence[int], met: Collection[tuple[int, int]]) -> list[tuple[int, int]]:
    """The best draw of an even field in standings order: pairs (i, j), i < j, by i.

    ``vps`` are the teams' VP totals in hundredths, in standings order; ``met`` holds the
    pairs (i, j), i < j, that have met before.

    >>> best_pairing([3000, 2500, 2500, 1000], {(0, 1)})
    [(0, 2), (1, 3)]
    """
    n = len(vps)
    if n % 2:
        raise ValueError(f"an even field is paired, got {n} teams")
    met = set(met)
    adjacent = [(i, i + 1) for i in range(0, n, 2)]
    if not any(p in met for p in adjacent):
        return adjacent
    import networkx as nx

    def square(i: int, j: int) -> int:
        return (vps[i] - vps[j]) ** 2

    bound: int | None = None
    k = FIRST_WINDOW
    while bound is None:
        g: nx.Graph[int] = nx.Graph()
        g.add_nodes_from(range(n))
        top = square(0, n - 1) + 1
        for i in range(n):
            for j in range(i + 1, min(n, i + k + 1)):
                if (i, j) not in met:
                    g.add_edge(i, j, weight=top - square(i, j))
        found = nx.max_weight_matching(g, maxcardinality=True)
        if len(found) == n // 2:
            bound = sum(square(min(e), max(e)) for e in found)
        elif k >= n:
            break
        else:
            k *= 2
    if bound is None:
        candidates = [(i, j) for i in range(n) for j in range(i + 1, n)]
    else:
        candidates = _candidates(vps, met, bound)
    return _exact(vps, met, candidates)


def _candidates(vps: Sequence[int], met: set[tuple[int, int]], bound: int) -> list[tuple[int, int]]:
    """The pairs that have not met and may be in a draw whose sum of squares is ``bound`` or
    less: their square plus the neighbour pairing of the others is at most ``bound``."""
    n = len(vps)

    def square(i: int, j: int) -> int:
        return (vps[i] - vps[j]) ** 2

    chain = [0] * (n + 2)  # chain[t]: (t, t+1) + (t+2, t+3) + ... to the end
    for t in range(n - 2, -1, -1):
        chain[t] = square(t, t + 1) + chain[t + 2]

    def others(p: int, q: int) -> int:
        """The neighbour pairing's sum of squares of all but p and q."""
        total = 0
        carry: int | None = None
        for a, b in ((0, p), (p + 1, q), (q + 1, n)):
            if a < b and carry is not None:
                total += square(carry, a)
                a += 1
                carry = None
            if a >= b:
                continue
            if (b - a) % 2:
                total += chain[a] - chain[b - 1]
                carry = b - 1
            else:
                total += chain[a] - chain[b]
        return total

    out = []
    for i in range(n):
        for j in range(i + 1, n):
            s = square(i, j)
            if s > bound:
                break
            if (i, j) not in met and s + others(i, j) <= bound:
                out.append((i, j))
    return out


def _exact(
    vps: Sequence[int], met: set[tuple[int, int]], candidates: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The best perfect matching over these pairs, by the integer costs of the module's notes."""
    import networkx as nx

    n = len(vps)
    after: dict[int, list[int]] = {}
    for i, j in sorted(candidates):
        after.setdefault(i, []).append(j)
    slot = {i: s for s, i in enumerate(sorted(after))}
    places = len(slot)
    base = max(len(js) for js in after.values()) + 1
    squares = {(i, j): (vps[i] - vps[j]) ** 2 for i, j in candidates}
    b = base**places
    a = b * ((n // 2) * max(squares.values()) + 1)
    ceiling = a + b * (max(squares.values()) + 1)
    g: nx.Graph[int] = nx.Graph()
    for i, js in after.items():
        weight = base ** (places - 1 - slot[i])
        for c, j in enumerate(js):
            cost = a * ((i, j) in met) + b * squares[(i, j)] + c * weight
            g.add_edge(i, j, weight=ceiling - cost)
    found = nx.max_weight_matching(g, maxcardinality=True)
    if len(found) != n // 2:  # cannot happen: the bound's draw is among the candidates
        raise AssertionError("no perfect matching among the candidates")
    return sorted((min(e), max(e)) for e in found)
