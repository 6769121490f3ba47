"""A movement's fairness, pair against pair: how often two pairs meet, on how many boards they
are compared, and Manning's balance (:class:`Fairness`), worked out from its plays alone, so
that :class:`~.model.Movement` can give its own (:meth:`~.model.Movement.fairness`) and
:mod:`.report` builds on it."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from bridgescore.duplicate.movement._sentences import Sentence, span
from bridgescore.duplicate.movement._values import TableRound

__all__ = ["Fairness", "PairFairness", "fairness_of"]


@dataclass(frozen=True, slots=True)
class PairFairness:
    """What one movement does for two pairs."""

    first: str
    second: str
    compared: int
    """Boards both play in the same direction, so that their scores are compared."""
    met: int
    """Rounds in which they play each other."""
    competition: int
    """Manning's competition score: per board +1 if they sit the same way at different tables,
    -1 if opposite ways at different tables, and one less than the times the board is played if
    they play each other; 0 on a board one of them does not play."""


@dataclass(frozen=True, slots=True)
class Fairness:
    """The movement's fairness, pair against pair (:func:`fairness`).

    The balance measure is J. R. Manning's (*Bridge movements: the maths*, EBU; summarized by
    P. Smulders, http://pjms.nl/BALANS/balance.html): a movement is perfectly balanced when
    every two pairs get the same competition score. This module gives the spread of those
    scores (range and standard deviation, 0 being perfect) rather than Smulders' Qf, whose
    normalization it does not reproduce.
    """

    pairs: tuple[PairFairness, ...]
    fields: tuple[tuple[str, ...], ...]
    """Groups of pairs compared with each other and never with the other groups (a Mitchell
    without arrow switch has two, NS and EW, ranked apart); one when all are ranked together."""

    @property
    def compared_range(self) -> tuple[int, int]:
        """The fewest and most boards on which two pairs of the same field are compared."""
        counts = [p.compared for p in self._within()]
        return (min(counts), max(counts)) if counts else (0, 0)

    @property
    def competition_spread(self) -> tuple[int, int, float, float]:
        """Manning's competition scores of two pairs of the same field (pairs ranked apart are
        never compared): least, most, mean and (population) standard deviation."""
        scores = [p.competition for p in self._within()]
        if not scores:
            return (0, 0, 0.0, 0.0)
        return (min(scores), max(scores), statistics.fmean(scores), statistics.pstdev(scores))

    def _within(self) -> list[PairFairness]:
        field_of = {pair: i for i, group in enumerate(self.fields) for pair in group}
        return [p for p in self.pairs if field_of[p.first] == field_of[p.second]]

    def _meetings(self) -> Sentence:
        """How many opponents each pair meets, how often, and whether they are all the others."""
        field_of = {pair: i for i, group in enumerate(self.fields) for pair in group}
        opponents: dict[str, int] = dict.fromkeys(field_of, 0)
        apart = len(self.fields) == 2 and not any(p.met for p in self._within())
        couples = [p for p in self.pairs if not apart or field_of[p.first] != field_of[p.second]]
        for p in couples:
            if p.met:
                opponents[p.first] += 1
                opponents[p.second] += 1
        times = {p.met for p in couples}
        who = "field" if apart else "all"
        if len(times) == 1 and min(times) >= 1:
            count = min(times)
            often = {1: "once", 2: "twice"}.get(count, "times")
            return Sentence(f"fair_meet_{who}_{often}", {"count": count})
        how = "once" if max(times) <= 1 else "more"
        some = "field_some" if apart else "some"
        number = span(min(opponents.values()), max(opponents.values()))
        return Sentence(f"fair_meet_{some}_{how}", {"number": number})

    def sentences(self) -> tuple[Sentence, ...]:
        """The summary's sentences, each a code and its values (:class:`Sentence`)."""
        lines = [self._meetings()]
        low, high = self.compared_range
        boards = span(low, high)
        if len(self.fields) > 1:
            groups = "; ".join(", ".join(group) for group in self.fields)
            lines.append(Sentence("fair_fields", {"count": len(self.fields), "groups": groups}))
            lines.append(Sentence("fair_compared_field", {"boards": boards}))
        elif low == 0:
            never = sum(1 for p in self._within() if not p.compared)
            lines.append(Sentence("fair_compared_some", {"boards": boards, "never": never}))
        else:
            lines.append(Sentence("fair_compared", {"boards": boards}))
        lines.append(self.balance_sentence())
        return tuple(lines)

    def summary(self) -> str:
        """A few lines a director can read (:meth:`sentences`, in English).

        >>> from bridgescore.duplicate.movement import howell
        >>> print(howell(8, 2).fairness().summary())
        Every pair meets every other pair once.
        Every pair is compared with every other on 6 boards.
        Balance (Manning's competition score): 6 for every two pairs, the ideal: perfectly \
balanced.
        """
        return "\n".join(map(str, self.sentences()))

    def balance_sentence(self) -> Sentence:
        """:meth:`balance` as a :class:`Sentence`."""
        least, most, mean, spread = self.competition_spread
        if least == most:
            return Sentence("fair_balanced", {"score": least})
        code = "fair_balance" if mean == int(mean) else "fair_balance_unreached"
        return Sentence(
            code, {"least": least, "most": most, "mean": float(mean), "deviation": float(spread)}
        )

    def balance(self) -> str:
        """Manning's balance against the ideal, every two pairs at the mean: the least and most,
        the mean and the standard deviation; *perfectly balanced* when all are the mean.

        >>> from bridgescore.duplicate.movement import howell
        >>> print(howell(10, 3).fairness().balance())
        Balance (Manning's competition score): 6 to 18, mean 12.00, standard deviation 5.37; \
the ideal is every two pairs at the mean (deviation 0).
        """
        return str(self.balance_sentence())


def fairness_of(pairs: tuple[str, ...], plays: Iterable[TableRound]) -> Fairness:
    """For every two of ``pairs``: boards compared, rounds met and Manning's competition score,
    from the ``plays`` of a movement (what :func:`~.report.fairness` and
    :meth:`~.model.Movement.fairness` give).

    >>> p = (TableRound(1, 1, "1", "2", (1, 2)), TableRound(1, 2, "3", "4", (1, 2)))
    >>> fairness_of(("1", "2", "3", "4"), p).pairs[:2]
    (PairFairness(first='1', second='2', compared=0, met=1, competition=2), \
PairFairness(first='1', second='3', compared=2, met=0, competition=2))
    """
    order = {pair: i for i, pair in enumerate(pairs)}
    compared: dict[tuple[str, str], int] = defaultdict(int)
    competition: dict[tuple[str, str], int] = defaultdict(int)
    met: dict[tuple[str, str], int] = defaultdict(int)

    def key(x: str, y: str) -> tuple[str, str]:
        return (x, y) if order[x] < order[y] else (y, x)

    on_board: dict[int, list[TableRound]] = defaultdict(list)
    for p in plays:
        met[key(p.ns, p.ew)] += 1
        for b in p.boards:
            on_board[b].append(p)
    weight: dict[tuple[TableRound, ...], int] = defaultdict(int)  # boards played by the same tables
    for tables in on_board.values():
        weight[tuple(tables)] += 1
    for group, count in weight.items():
        for i, p in enumerate(group):
            competition[key(p.ns, p.ew)] += count * (len(group) - 1)
            for q in group[i + 1 :]:
                for x, y, same in (
                    (p.ns, q.ns, 1),
                    (p.ew, q.ew, 1),
                    (p.ns, q.ew, 0),
                    (p.ew, q.ns, 0),
                ):
                    competition[key(x, y)] += count if same else -count
                    compared[key(x, y)] += count * same
    rows = tuple(
        PairFairness(a, b, compared[a, b], met[a, b], competition[a, b])
        for i, a in enumerate(pairs)
        for b in pairs[i + 1 :]
    )
    return Fairness(rows, _fields(pairs, [(r.first, r.second) for r in rows if r.compared]))


def _fields(pairs: tuple[str, ...], links: list[tuple[str, str]]) -> tuple[tuple[str, ...], ...]:
    parent = {p: p for p in pairs}

    def root(p: str) -> str:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for a, b in links:
        parent[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for p in pairs:
        groups.setdefault(root(p), []).append(p)
    return tuple(tuple(g) for g in groups.values())
