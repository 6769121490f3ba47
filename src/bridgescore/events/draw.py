"""The best Swiss draw: a maximum-weight perfect matching (networkx) whose integer weights
encode the draw's three priorities exactly (SCORING.md §16.4, docs/guide/teams-and-swiss.md).

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
the smallest opponent sequence of all. Otherwise a draw without repeats gives a bound: the
classic one (each team in turn against the next it has not met), improved by exchanging
partners between nearby matches and by pairing again, as well as a small matching can, the
teams of overlapping windows of 40 places (the bound only needs to be a draw: the better it is,
the fewer pairs are left), or, when the classic draw fails, a first matching over the pairs
that have not met within ``k`` places (``k`` doubling until it pairs everyone); ``S`` its sum
of squares. An optimal draw has no repeats and a sum of at most ``S``; a match (i, j) in it
costs at least its square plus the least sum of squares of the others, which is that of the
others paired as neighbours (the argument above). So only the pairs where that bound is at most
``S`` can be in an optimal draw, and the exact matching over those is the optimum of the
complete graph: a proof, not a heuristic. Those pairs fall into connected parts, each matched
on its own (a draw is a draw of each part, and the costs add up). All parts but the largest are
matched; their least sums of squares are then known, so the largest part's pairs can be tested
again against the bound less those sums, with the neighbour pairing of the part's own teams as
the others' bound; the pairs of the bound's draw always pass (so each new part still has a
draw), the rest may fall away and the part fall apart, and so on until nothing more falls away.
When repeats cannot be avoided (no draw without one exists), the exact matching runs on the
complete graph.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from bridgescore.errors import MissingExtraError

__all__ = ["best_pairing"]

FIRST_WINDOW = 8
"""Places either side that the first matching (the bound) looks at."""

POLISH_FROM = 100
"""Fields larger than this polish the bound window by window (smaller ones solve fast anyway)."""


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
    _need_networkx()
    met = set(met)
    adjacent = [(i, i + 1) for i in range(0, n, 2)]
    if not any(p in met for p in adjacent):
        return adjacent
    bound = _greedy(vps, met)
    if bound is None:
        bound = _window(vps, met)
    if bound is None:
        return _exact(vps, met, [(i, j) for i in range(n) for j in range(i + 1, n)])
    return sorted(_solve(vps, met, bound, _components(n, _candidates(vps, met, bound))))


def _need_networkx() -> None:
    """Check networkx can be imported (every draw may need it).

    :raises MissingExtraError: if not, saying what to install.
    """
    try:
        import networkx  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError.coded("draw_networkx", field="networkx") from exc


def _square_sum(vps: Sequence[int], pairs: Collection[tuple[int, int]]) -> int:
    return sum((vps[i] - vps[j]) ** 2 for i, j in pairs)


def _greedy(vps: Sequence[int], met: set[tuple[int, int]]) -> int | None:
    """The sum of squares of the classic draw (each team in turn against the next one it has
    not met), or None if that leaves the last teams with only repeats."""
    free = list(range(len(vps)))
    pairs = []
    while free:
        i = free.pop(0)
        for k, j in enumerate(free):
            if (i, j) not in met:
                pairs.append((i, j))
                del free[k]
                break
        else:
            return None
    pairs = _improve(vps, met, pairs)
    return _square_sum(vps, _polish(vps, met, pairs) if len(vps) > POLISH_FROM else pairs)


def _improve(
    vps: Sequence[int], met: set[tuple[int, int]], pairs: list[tuple[int, int]], reach: int = 6
) -> list[tuple[int, int]]:
    """A draw without repeats made better by exchanging partners between two of its matches
    (at most ``reach`` matches apart) while that lowers the sum of squares and adds no repeat."""

    def cost(p: tuple[int, int]) -> int:
        return (vps[p[0]] - vps[p[1]]) ** 2

    def new(x: int, y: int) -> tuple[int, int] | None:
        p = (min(x, y), max(x, y))
        return None if p in met else p

    pairs = sorted(pairs)
    better = True
    while better:
        better = False
        for u in range(len(pairs)):
            for v in range(u + 1, min(len(pairs), u + reach + 1)):
                (a, b), (c, d) = pairs[u], pairs[v]
                now = cost(pairs[u]) + cost(pairs[v])
                for first, second in ((new(a, c), new(b, d)), (new(a, d), new(b, c))):
                    if first and second and cost(first) + cost(second) < now:
                        pairs[u], pairs[v] = first, second
                        better = True
                        break
    return pairs


def _polish(
    vps: Sequence[int], met: set[tuple[int, int]], pairs: list[tuple[int, int]], size: int = 40
) -> list[tuple[int, int]]:
    """A draw without repeats made better window by window: the teams of ``size`` consecutive
    places whose partners are among them are paired again as well as they can be (a small
    matching), windows overlapping by half, while a pass improves the draw."""
    import networkx as nx

    n = len(vps)
    partner = {}
    for i, j in pairs:
        partner[i], partner[j] = j, i
    top = (vps[0] - vps[-1]) ** 2 + 1
    for _ in range(3):
        better = False
        for start in range(0, max(n - size // 2, 1), size // 2):
            inside = [i for i in range(start, min(n, start + size))
                      if start <= partner[i] < start + size]  # fmt: skip
            if all(partner[a] == b for a, b in zip(inside[::2], inside[1::2], strict=True)):
                continue  # neighbours in the window's order: the least it can cost
            now = sum((vps[i] - vps[partner[i]]) ** 2 for i in inside if i < partner[i])
            g: nx.Graph[int] = nx.Graph()
            for a, i in enumerate(inside):
                for j in inside[a + 1 :]:
                    if (i, j) not in met:
                        g.add_edge(i, j, weight=top - (vps[i] - vps[j]) ** 2)
            found = nx.max_weight_matching(g, maxcardinality=True)
            if 2 * len(found) != len(inside):
                continue
            new = [(min(e), max(e)) for e in found]
            if _square_sum(vps, new) < now:
                better = True
                for i, j in new:
                    partner[i], partner[j] = j, i
        if not better:
            break
    return sorted({(min(i, j), max(i, j)) for i, j in partner.items()})


def _window(vps: Sequence[int], met: set[tuple[int, int]]) -> int | None:
    """The least sum of squares of a draw without repeats among teams at most ``k`` places
    apart, ``k`` doubling from :data:`FIRST_WINDOW`; None if no draw avoids repeats."""
    import networkx as nx

    n = len(vps)
    top = (vps[0] - vps[-1]) ** 2 + 1
    k = FIRST_WINDOW
    while True:
        g: nx.Graph[int] = nx.Graph()
        g.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, min(n, i + k + 1)):
                if (i, j) not in met:
                    g.add_edge(i, j, weight=top - (vps[i] - vps[j]) ** 2)
        found = nx.max_weight_matching(g, maxcardinality=True)
        if len(found) == n // 2:
            return _square_sum(vps, [(min(e), max(e)) for e in found])
        if k >= n:
            return None
        k *= 2


def _components(n: int, pairs: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The pairs grouped by the connected parts of their graph: each is matched on its own."""
    import networkx as nx

    g: nx.Graph[int] = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(pairs)
    part = {node: k for k, nodes in enumerate(nx.connected_components(g)) for node in nodes}
    parts: dict[int, list[tuple[int, int]]] = {}
    for p in pairs:
        parts.setdefault(part[p[0]], []).append(p)
    return list(parts.values())


def _others(values: Sequence[int]) -> Callable[[int, int], int]:
    """For sorted values: the neighbour pairing's sum of squares of all but places p < q."""
    n = len(values)

    def square(i: int, j: int) -> int:
        return (values[i] - values[j]) ** 2

    chain = [0] * (n + 2)  # chain[t]: (t, t+1) + (t+2, t+3) + ... to the end
    for t in range(n - 2, -1, -1):
        chain[t] = square(t, t + 1) + chain[t + 2]

    def others(p: int, q: int) -> int:
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

    return others


def _candidates(vps: Sequence[int], met: set[tuple[int, int]], bound: int) -> list[tuple[int, int]]:
    """The pairs that have not met and may be in a draw whose sum of squares is ``bound`` or
    less: their square plus the neighbour pairing of the others is at most ``bound``."""
    n = len(vps)
    others = _others(vps)
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            s = (vps[i] - vps[j]) ** 2
            if s > bound:
                break
            if (i, j) not in met and s + others(i, j) <= bound:
                out.append((i, j))
    return out


def _solve(
    vps: Sequence[int], met: set[tuple[int, int]], bound: int, parts: list[list[tuple[int, int]]]
) -> list[tuple[int, int]]:
    """The best draw from the candidate pairs' connected parts: all but the largest part are
    matched exactly; then the largest part's pairs are tested again, against the bound less
    what the others cost (their least, now known) and with the neighbour pairing of its own
    teams; what stays may fall apart into smaller parts, and so on."""
    out: list[tuple[int, int]] = []
    while parts:
        parts.sort(key=len)
        largest = parts.pop()
        for part in parts:
            out.extend(part if len(part) == 1 else _exact(vps, met, part))
        nodes = sorted({x for p in largest for x in p})
        place = {v: k for k, v in enumerate(nodes)}
        others = _others([vps[v] for v in nodes])
        budget = bound - _square_sum(vps, out)
        kept = [(i, j) for i, j in largest
                if (vps[i] - vps[j]) ** 2 + others(place[i], place[j]) <= budget]  # fmt: skip
        if len(kept) == len(largest):
            out.extend(largest if len(largest) == 1 else _exact(vps, met, largest))
            break
        parts = _components(len(vps), kept)
    return out


def _exact(
    vps: Sequence[int], met: set[tuple[int, int]], candidates: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The best perfect matching over these pairs (of some or all of the teams), by the
    integer costs of the module's notes."""
    import networkx as nx

    nodes = {x for p in candidates for x in p}
    after: dict[int, list[int]] = {}
    for i, j in sorted(candidates):
        after.setdefault(i, []).append(j)
    slot = {i: s for s, i in enumerate(sorted(after))}
    places = len(slot)
    base = max(len(js) for js in after.values()) + 1
    squares = {(i, j): (vps[i] - vps[j]) ** 2 for i, j in candidates}
    b = base**places
    a = b * ((len(nodes) // 2) * max(squares.values()) + 1)
    ceiling = a + b * (max(squares.values()) + 1)
    g: nx.Graph[int] = nx.Graph()
    for i, js in after.items():
        weight = base ** (places - 1 - slot[i])
        for c, j in enumerate(js):
            cost = a * ((i, j) in met) + b * squares[(i, j)] + c * weight
            g.add_edge(i, j, weight=ceiling - cost)
    found = nx.max_weight_matching(g, maxcardinality=True)
    if len(found) != len(nodes) // 2:  # cannot happen: the bound's draw is among the candidates
        raise AssertionError("no perfect matching among the candidates")
    return sorted((min(e), max(e)) for e in found)
