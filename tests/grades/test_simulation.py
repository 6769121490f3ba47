"""A club simulated: 40 players of known strength (45 % to 65 %), 60 sessions of 8 to 12 tables,
partners drawn afresh each night. The grades must find the players' order, and the handicapped
rankings must no longer follow strength (issue 36's test of done)."""

from __future__ import annotations

import random
from datetime import date, timedelta
from statistics import fmean

from bridgescore.grades import GradedSession, PairResult, grade_sessions
from bridgescore.grades.handicap import HandicapRules, handicapped_ranking

PLAYERS = 40
SESSIONS = 60
SPREAD = 28.0
"""The noise of one board's result, in the units of strength: a pair 10 points stronger than
another beats it on about 60 % of the comparisons, as a 60 % pair does an average one."""


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (no ties among floats drawn at random)."""

    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=v.__getitem__)
        r = [0.0] * len(v)
        for place, i in enumerate(order):
            r[i] = float(place)
        return r

    rx, ry = ranks(xs), ranks(ys)
    mx, my = fmean(rx), fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return float(cov / (vx * vy) ** 0.5)


def mitchell(
    rng: random.Random, ns: list[float], ew: list[float]
) -> tuple[list[float], list[float], int]:
    """A complete Mitchell of len(ns) tables, 2 or 3 boards a round: NS pair i meets every EW
    pair; each board's results are matchpointed across the NS pairs. Percentages of NS, of EW."""
    tables = len(ns)
    per_round = 3 if tables <= 9 else 2
    ns_mp, ew_mp = [0.0] * tables, [0.0] * tables
    for board_set in range(tables):
        for _ in range(per_round):
            # at table t this board set is played by NS t against EW (t + the round)
            lines = []
            for t in range(tables):
                e = (t + board_set) % tables
                lines.append((ns[t] - ew[e] + rng.gauss(0.0, SPREAD), t, e))
            for value, t, e in lines:
                beaten = sum(1 for v, *_ in lines if v < value)
                ns_mp[t] += beaten / (tables - 1)
                ew_mp[e] += (tables - 1 - beaten) / (tables - 1)
    boards = tables * per_round
    return [100 * m / boards for m in ns_mp], [100 * m / boards for m in ew_mp], boards


Seat = tuple[tuple[str, str], float, float, int]
"""A pair of a night: its players (``''`` a visitor), true strength, percent, side (0 NS)."""


def season(seed: int) -> tuple[dict[str, float], list[GradedSession], list[list[Seat]]]:
    """The players' strengths, the sessions as graded, and each session's pairs (numbers,
    true pair strength, percent) for the handicaps."""
    rng = random.Random(seed)
    strength = {str(1000 + i): 45.0 + 20.0 * i / (PLAYERS - 1) for i in range(PLAYERS)}
    members = list(strength)
    sessions: list[GradedSession] = []
    seated: list[list[Seat]] = []
    day = date(2026, 1, 5)
    for k in range(SESSIONS):
        tables = rng.randint(8, 12)
        seats = rng.sample(members, min(PLAYERS, 4 * tables))
        while len(seats) < 4 * tables:  # visitors fill the tables: no number, not graded
            seats.append("")
        rng.shuffle(seats)
        pairs = [(seats[2 * i], seats[2 * i + 1]) for i in range(2 * tables)]

        def power(pair: tuple[str, str]) -> float:
            return fmean(strength[p] if p else rng.uniform(45.0, 55.0) for p in pair)

        powers = [power(p) for p in pairs]
        ns_pct, ew_pct, boards = mitchell(rng, powers[:tables], powers[tables:])
        fields, night = [], []
        for side, pct in ((pairs[:tables], ns_pct), (pairs[tables:], ew_pct)):
            fields.append(tuple(PairResult(tuple(p or None for p in pair), x, boards)
                                for pair, x in zip(side, pct, strict=True)))  # fmt: skip
        for i, (pair, x, pw) in enumerate(zip(pairs, ns_pct + ew_pct, powers, strict=True)):
            night.append((pair, pw, x, 0 if i < tables else 1))
        sessions.append(GradedSession(f"s{k:02}", day, tuple(fields)))
        seated.append(night)
        day += timedelta(days=7)
    return strength, sessions, seated


def test_grades_find_the_players_order_and_handicaps_undo_it() -> None:
    strength, sessions, seated = season(seed=36)
    grades = grade_sessions(sessions)
    numbers = sorted(grades)
    rho = spearman([strength[n] for n in numbers], [grades[n].grade for n in numbers])
    assert rho >= 0.9, rho
    # every member played, and the boards add up
    assert len(grades) == PLAYERS
    assert all(g.boards > 500 for g in grades.values())

    # handicapped rankings: each night ranked by percent + allowance from the grades as they
    # stood before it (Pianola's "fluctuating" handicap); scratch rankings follow strength
    rules = HandicapRules("grade")
    scratch_rhos, handicap_rhos = [], []
    for k, night in enumerate(seated[20:], start=20):
        before = sessions[k].key
        as_of: dict[str, float | None] = {
            n: next((p.grade for p in reversed(g.history) if p.key < before), None)
            for n, g in grades.items()
        }
        for side in (0, 1):
            field = [(pair, pw, x) for pair, pw, x, s in night if s == side]
            allow = [rules.pair_allowance([(n or None, as_of.get(n)) for n in pair])
                     for pair, _, _ in field]  # fmt: skip
            rows = handicapped_ranking([(x, a) for (_, _, x), a in zip(field, allow, strict=True)])
            handicapped = [0.0] * len(rows)
            for row in rows:
                handicapped[row.index] = row.handicapped
            powers = [pw for _, pw, _ in field]
            scratch_rhos.append(spearman(powers, [x for _, _, x in field]))
            handicap_rhos.append(spearman(powers, handicapped))
    print(f"grades' Spearman {rho:.3f}; scratch {fmean(scratch_rhos):.3f}, handicapped "
          f"{fmean(handicap_rhos):.3f}")  # fmt: skip
    assert fmean(scratch_rhos) > 0.5, fmean(scratch_rhos)
    assert abs(fmean(handicap_rhos)) < 0.3, fmean(handicap_rhos)
