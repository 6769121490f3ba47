"""Grades: a rating of each player from a club's results, of the kind of the EBU's National
Grading Scheme (SCORING.md §27).

A grade is a percentage: what the player would score with a partner of the same grade against
an average field. Sessions are taken in date order; before each one, every pair has a *par*,
what its grades predict (``50 + pair grade - the mean grade of the pairs it is ranked
against``, a pair's grade the mean of its players'), and after it each player has a
*performance*, ``grade + gain x (percent - par)`` (kept within 0 to 100). The grade is the
board-weighted mean of the player's performances over a window: the latest ``window`` boards
played within ``days``.

>>> s1 = GradedSession("s1", date(2026, 1, 5), ((
...     PairResult(("1", "2"), 60.0, 24), PairResult(("3", "4"), 40.0, 24)),))
>>> grades = grade_sessions([s1])
>>> grades["1"].grade, grades["3"].grade, grades["1"].boards, grades["1"].maturity
(70.0, 30.0, 24, 'tentative')
>>> pair_par((70.0, 70.0), [(30.0, 30.0)])
90.0
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal

from bridgescore.errors import BridgeError

__all__ = [
    "Grade",
    "GradeError",
    "GradePoint",
    "GradeRules",
    "GradedSession",
    "Maturity",
    "PairResult",
    "grade_sessions",
    "pair_par",
]

Maturity = Literal["tentative", "evolving", "mature"]


class GradeError(BridgeError, ValueError):
    """A grading rule or a result that cannot be graded (``.field`` names which)."""


def _check(name: str, value: float, low: float, high: float, *, whole: bool = False) -> None:
    kinds = int if whole else int | float
    if not (
        isinstance(value, kinds)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    ):
        raise GradeError.coded("grade_range", field=name, value=value, name=name, low=low,
                               high=high, got=repr(value))  # fmt: skip


@dataclass(frozen=True, slots=True)
class GradeRules:
    """How grades are worked out; the defaults are the NGS's published figures (§27).

    >>> GradeRules(window=10)
    Traceback (most recent call last):
    ...
    bridgescore.grades.ngs.GradeError: window must be 100 to 100000, got 10
    """

    start: float = 50.0
    """A player's grade before any result (the NGS starts players new to the EBU at 42; a
    club's own players start at its average, 50)."""
    gain: float = 2.0
    """How much of the pair's score above par goes into each player's performance."""
    window: int = 2000
    """The most recent boards a grade is the mean of."""
    days: int = 1096
    """Results older than this (three years) no longer count."""
    evolving: int = 300
    """Boards (within ``days``) from which a grade is published as evolving."""
    mature: int = 1000
    """Boards from which a grade is mature."""
    shield: int = 150
    """A mature player's grade is left alone by a session with a partner of fewer boards."""

    def __post_init__(self) -> None:
        _check("start", self.start, 0, 100)
        _check("gain", self.gain, 0, 10)
        _check("window", self.window, 100, 100_000, whole=True)
        _check("days", self.days, 1, 36_600, whole=True)
        _check("evolving", self.evolving, 0, self.mature, whole=True)
        _check("mature", self.mature, self.evolving, 100_000, whole=True)
        _check("shield", self.shield, 0, 100_000, whole=True)

    def maturity(self, boards: int) -> Maturity:
        """The grade's maturity after ``boards`` boards within the days counted.

        >>> [GradeRules().maturity(b) for b in (299, 300, 1000)]
        ['tentative', 'evolving', 'mature']
        """
        if boards >= self.mature:
            return "mature"
        return "evolving" if boards >= self.evolving else "tentative"


@dataclass(frozen=True, slots=True)
class PairResult:
    """A pair's result in one session: its players' national numbers (None for a visitor,
    who is taken at the starting grade and not graded), its percentage and boards played."""

    players: tuple[str | None, ...]
    percent: float
    boards: int

    def __post_init__(self) -> None:
        if not 1 <= len(self.players) <= 2:
            raise GradeError.coded("grade_pair_players", field="players",
                                   value=len(self.players), count=len(self.players))  # fmt: skip
        _check("percent", self.percent, 0, 100)
        _check("boards", self.boards, 1, 10_000, whole=True)


@dataclass(frozen=True, slots=True)
class GradedSession:
    """A session as grading reads it: its key, its date, and its fields (the pairs ranked
    against each other: one in a Howell, NS and EW in a Mitchell)."""

    key: str
    date: date
    fields: tuple[tuple[PairResult, ...], ...]
    weight: int = 1
    """How many times each board counts (the NGS counts national events twice)."""

    def __post_init__(self) -> None:
        _check("weight", self.weight, 1, 3, whole=True)
        seen: set[str] = set()
        for number in (n for f in self.fields for r in f for n in r.players if n is not None):
            if number in seen:
                raise GradeError.coded("grade_two_pairs", field="players", value=number,
                                       player=repr(number), session=repr(self.key))  # fmt: skip
            seen.add(number)


@dataclass(frozen=True, slots=True)
class GradePoint:
    """A player's grade after one session: the history shown on the player's page."""

    key: str
    date: date
    grade: float
    boards: int
    """Boards counted within ``days`` after the session."""
    performance: float
    """The session's performance (``grade + gain x (percent - par)``)."""


@dataclass(frozen=True, slots=True)
class Grade:
    """A player's grade as of the last session graded."""

    number: str
    grade: float
    boards: int
    """Boards played within ``days`` of the last session graded."""
    maturity: Maturity
    history: tuple[GradePoint, ...] = field(default=(), repr=False)

    def before(self, day: date, key: str) -> float | None:
        """The grade as it stood before the session ``key`` of ``day`` (None: no result
        before it), for a handicap from the grades as they were that night.

        >>> g = grade_sessions([GradedSession("a", date(2026, 1, 5), ((
        ...     PairResult(("1",), 55.0, 20), PairResult(("2",), 45.0, 20)),))])["1"]
        >>> g.before(date(2026, 1, 5), "a"), g.before(date(2026, 1, 12), "b")
        (None, 60.0)
        """
        found = None
        for point in self.history:
            if (point.date, point.key) >= (day, key):
                break
            found = point.grade
        return found

    def to_dict(self) -> dict[str, object]:
        """``{"number", "grade", "boards", "maturity"}``, the grade to two decimals."""
        return {"number": self.number, "grade": round(self.grade, 2), "boards": self.boards,
                "maturity": self.maturity}  # fmt: skip


def pair_par(pair: Sequence[float], others: Sequence[Sequence[float]]) -> float:
    """A pair's par: ``50 + its grade - the mean grade of the pairs it is ranked against``
    (a pair's grade is the mean of its players'); 50 with no one to be ranked against.

    >>> pair_par((55.0, 45.0), [(60.0, 60.0), (40.0, 40.0)])
    50.0
    """
    if not others:
        return 50.0
    mean = sum(sum(o) / len(o) for o in others) / len(others)
    return 50.0 + sum(pair) / len(pair) - mean


@dataclass(slots=True)
class _Played:
    day: date
    boards: int
    weight: int
    performance: float


@dataclass(slots=True)
class _Player:
    """A player's performances as the window sees them, kept up to date one session at a
    time (sessions come in date order), so each session costs the same however long the
    player's history: ``recent`` within ``days`` (their boards: the maturity), ``full`` the
    newest that fit whole in ``window`` boards (their sums: added to, and added again when one
    leaves), ``partial`` the next older one."""

    rules: GradeRules
    recent: deque[_Played] = field(default_factory=deque)
    boards: int = 0
    full: deque[_Played] = field(default_factory=deque)
    counted: int = 0
    total: float = 0.0
    weights: float = 0.0
    partial: _Played | None = None
    history: list[GradePoint] = field(default_factory=list)

    def add(self, played: _Played) -> None:
        self.recent.append(played)
        self.boards += played.boards
        self.full.append(played)
        self.counted += played.boards
        self.total += played.boards * played.weight * played.performance
        self.weights += played.boards * played.weight
        if self.counted > self.rules.window:
            while self.counted > self.rules.window:
                self._drop()
            self._sum()

    def _drop(self) -> None:
        old = self.full.popleft()
        self.counted -= old.boards
        self.partial = old

    def _sum(self) -> None:
        """The sums of those left, added again once some have left: taken away, a 0 once came
        back as -2e-18."""
        self.total = math.fsum(p.boards * p.weight * p.performance for p in self.full)
        self.weights = math.fsum(p.boards * p.weight for p in self.full)

    def standing(self, day: date) -> tuple[float, int]:
        """The grade and the boards within ``days`` as of ``day``: the board-weighted mean of
        the latest performances within ``days``, up to ``window`` boards (the oldest in part)."""
        oldest = day - timedelta(days=self.rules.days)
        while self.recent and self.recent[0].day < oldest:
            self.boards -= self.recent.popleft().boards
        if self.full and self.full[0].day < oldest:
            while self.full and self.full[0].day < oldest:
                self._drop()
            self._sum()
        if self.partial is not None and self.partial.day < oldest:
            self.partial = None
        total, weights = self.total, self.weights
        take = min(self.partial.boards, self.rules.window - self.counted) if self.partial else 0
        if self.partial is not None and take > 0:
            total += take * self.partial.weight * self.partial.performance
            weights += take * self.partial.weight
        return (total / weights if weights > 0 else self.rules.start), self.boards


def grade_sessions(
    sessions: Iterable[GradedSession], rules: GradeRules = GradeRules()
) -> dict[str, Grade]:
    """Every numbered player's grade after ``sessions`` (taken in date order, then by key),
    with its history: a function of the results alone, so a corrected result gives the
    grades again from the start.

    >>> a = GradedSession("a", date(2026, 1, 5), ((PairResult(("1", "2"), 55.0, 20),
    ...     PairResult(("3", None), 45.0, 20)),))
    >>> b = GradedSession("b", date(2026, 1, 12), ((PairResult(("1", "3"), 50.0, 20),
    ...     PairResult(("2", None), 50.0, 20)),))
    >>> g = grade_sessions([b, a])
    >>> [(n, round(g[n].grade, 2)) for n in sorted(g)]
    [('1', 65.0), ('2', 55.0), ('3', 45.0)]
    >>> [(p.key, p.grade) for p in g["1"].history]
    [('a', 60.0), ('b', 65.0)]
    """
    players: dict[str, _Player] = {}
    ordered = sorted(sessions, key=lambda s: (s.date, s.key))

    def grade_of(number: str | None, day: date) -> tuple[float, int]:
        if number is None or number not in players:
            return rules.start, 0
        return players[number].standing(day)

    for session in ordered:
        before = {n: grade_of(n, session.date) for f in session.fields for r in f
                  for n in r.players}  # fmt: skip
        done: list[tuple[str, float]] = []
        for pairs in session.fields:
            grades = [sum(before[n][0] for n in r.players) / len(r.players) for r in pairs]
            whole = sum(grades)
            for i, result in enumerate(pairs):
                # pair_par, with the field's sum taken once
                par = (
                    50.0 + grades[i] - (whole - grades[i]) / (len(pairs) - 1)
                    if len(pairs) > 1
                    else 50.0
                )
                for number in result.players:
                    if number is None:
                        continue
                    grade, boards = before[number]
                    partners = [before[n][1] for n in result.players if n != number]
                    if boards >= rules.mature and any(b < rules.shield for b in partners):
                        continue  # the NGS's shield: a newcomer's partner keeps their grade
                    performance = min(100.0, max(0.0, grade + rules.gain * (result.percent - par)))
                    player = players.setdefault(number, _Player(rules))
                    player.add(_Played(session.date, result.boards, session.weight, performance))
                    done.append((number, performance))
        for number, performance in done:
            player = players[number]
            grade, boards = player.standing(session.date)
            player.history.append(GradePoint(session.key, session.date, grade, boards,
                                             performance))  # fmt: skip
    last = ordered[-1].date if ordered else date.min
    out: dict[str, Grade] = {}
    for number, player in players.items():
        grade, boards = player.standing(last)
        out[number] = Grade(number, grade, boards, rules.maturity(boards), tuple(player.history))
    return out
