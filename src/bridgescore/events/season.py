"""A club's season: ladders and competitions over its sessions, each player by national
number (SCORING.md §28).

The director picks the rules (:class:`LadderRules`): ``best`` (the average of each player's N
best percentages, as the "best N of M sessions" competitions and the ACBL's side game series
count them), ``average`` (the average of all their percentages) or ``improved`` (the average
of their last N sessions less that of their first N: the most improved). A player needs
``least`` sessions to be ranked (by default N for ``best``, 1 for ``average`` and 2N for
``improved``); the others follow, unranked. Scores are compared to two decimals, and equal
ones share a rank (``2=``).

>>> ann, bob, cy = Player("Ann", "1"), Player("Bob", "2"), Player("Cy", "3")
>>> outings = [Outing("2026.01.05", "e1", ann, 60.0), Outing("2026.01.05", "e1", bob, 48.0),
...            Outing("2026.01.12", "e2", ann, 50.0), Outing("2026.01.12", "e2", bob, 58.0),
...            Outing("2026.01.19", "e3", ann, 55.0), Outing("2026.01.19", "e3", bob, 62.0),
...            Outing("2026.01.19", "e3", cy, 70.0)]
>>> [(r.rank, r.player.name, r.score, r.sessions) for r in ladder(LadderRules("best", 2), outings)]
[('1', 'Bob', 60.0, 3), ('2', 'Ann', 57.5, 3), ('', 'Cy', 70.0, 1)]
>>> [(r.rank, r.player.name, r.score) for r in ladder(LadderRules("average"), outings)]
[('1', 'Cy', 70.0), ('2', 'Bob', 56.0), ('3', 'Ann', 55.0)]
>>> [(r.rank, r.player.name, r.score) for r in ladder(LadderRules("improved", 1), outings)]
[('1', 'Bob', 14.0), ('2', 'Ann', -5.0), ('', 'Cy', 0.0)]
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from bridgescore.duplicate.session import SectionScores
from bridgescore.errors import SessionError
from bridgescore.inputs import check_name
from bridgescore.players import Player

__all__ = [
    "LADDER_KINDS",
    "Ladder",
    "LadderError",
    "LadderKind",
    "LadderRow",
    "LadderRules",
    "Outing",
    "ladder",
    "outings",
]

LadderKind = Literal["best", "average", "improved"]
"""How a ladder scores a player's season."""

LADDER_KINDS: Final[dict[str, str]] = {
    "best": "Best {count} sessions",
    "average": "Average percentage",
    "improved": "Most improved (last {count} against first {count})",
}
"""Each kind of ladder, as pages name it."""

MOST_COUNT: Final = 100
"""The most sessions a ladder's N may be."""


class LadderError(SessionError):
    """A ladder or its rules that cannot be used as given (the error names the field)."""


def _shown(value: object) -> str:
    """A value as an error quotes it, cut to keep the message short (a hostile value)."""
    return repr(value)[:140]


def _count(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LadderError.coded("ladder_count", field=name, value=str(value)[:100], name=name,
                                low=low, high=high, got=_shown(value))  # fmt: skip
    return value


@dataclass(frozen=True, slots=True)
class LadderRules:
    """The rules the director picks: the kind, its N (``count``) and the fewest sessions a
    player needs to be ranked (``least``; 0 for the kind's own: N, 1, or 2N)."""

    kind: LadderKind = "best"
    count: int = 10
    least: int = 0

    def __post_init__(self) -> None:
        if self.kind not in LADDER_KINDS:
            raise LadderError.coded("ladder_kind", field="kind", value=str(self.kind)[:100],
                                    got=_shown(self.kind))  # fmt: skip
        _count(self.count, "count", 1, MOST_COUNT)
        _count(self.least, "least", 0, 10 * MOST_COUNT)

    @property
    def fewest(self) -> int:
        """The fewest sessions a player needs to be ranked."""
        if self.least:
            return self.least
        return {"best": self.count, "average": 1, "improved": 2 * self.count}[self.kind]

    @property
    def label(self) -> str:
        """The rules in words.

        >>> LadderRules("best", 8).label, LadderRules("average", least=5).label
        ('Best 8 sessions', 'Average percentage (at least 5 sessions)')
        """
        words = LADDER_KINDS[self.kind].format(count=self.count)
        return f"{words} (at least {self.least} sessions)" if self.least else words

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"kind": self.kind, "count": self.count, "least": self.least}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LadderRules:
        """From :meth:`to_dict`'s shape (missing keys take their defaults)."""
        return cls(data.get("kind", "best"), data.get("count", 10), data.get("least", 0))


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder of the club's season: its name, rules and the dates it covers (``YYYY.MM.DD``,
    both included; '' for open-ended).

    >>> Ladder("Winter", LadderRules(), "2026.01.01", "2026.03.31").covers("2026.02.03")
    True
    >>> Ladder("Winter", LadderRules(), "2026.03.01", "2026.01.01")
    Traceback (most recent call last):
    ...
    bridgescore.events.season.LadderError: a ladder ends ('2026.01.01') after it starts \
('2026.03.01')
    """

    name: str
    rules: LadderRules
    start: str = ""
    end: str = ""

    def __post_init__(self) -> None:
        name = check_name(str(self.name).strip(), "name")
        if not name:
            raise LadderError.coded("ladder_name", field="name", value=self.name)
        object.__setattr__(self, "name", name)
        for which in ("start", "end"):
            value = getattr(self, which)
            if not isinstance(value, str) or (value and not _is_date(value)):
                raise LadderError.coded("ladder_start_date" if which == "start" else
                                        "ladder_end_date", field=which, value=str(value)[:40],
                                        got=_shown(value))  # fmt: skip
        if self.start and self.end and self.end < self.start:
            raise LadderError.coded("ladder_dates", field="end", value=self.end,
                                    end=repr(self.end), start=repr(self.start))  # fmt: skip

    def covers(self, date: str) -> bool:
        """Whether a session of ``date`` (``YYYY.MM.DD``) counts."""
        return (not self.start or date >= self.start) and (not self.end or date <= self.end)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"name": self.name, "rules": self.rules.to_dict(), "start": self.start,
                "end": self.end}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ladder:
        """From :meth:`to_dict`'s shape.

        :raises LadderError: for a field that will not do.
        """
        rules = data.get("rules", {})
        if not isinstance(rules, Mapping):
            raise LadderError.coded("ladder_rules", field="rules", value=str(rules)[:100])
        return cls(data.get("name", ""), LadderRules.from_dict(rules), data.get("start", ""),
                   data.get("end", ""))  # fmt: skip


def _is_date(text: str) -> bool:
    parts = text.split(".")
    return (len(text) == 10 and len(parts) == 3 and all(p.isascii() and p.isdigit() for p in parts)
            and 1 <= int(parts[1]) <= 12 and 1 <= int(parts[2]) <= 31)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Outing:
    """One player's session: its date (``YYYY.MM.DD``), the evening's id, the player (with a
    national number) and their pair's percentage."""

    date: str
    evening: str
    player: Player
    percent: float

    def __post_init__(self) -> None:
        if self.player.number is None:
            raise LadderError.coded("ladder_player_number", field="player",
                                    value=self.player.name, player=self.player.name)  # fmt: skip
        if not math.isfinite(self.percent) or not 0 <= self.percent <= 100:
            raise LadderError.coded("ladder_percent", field="percent", value=self.percent,
                                    got=repr(self.percent))  # fmt: skip


@dataclass(frozen=True, slots=True)
class LadderRow:
    """A line of a ladder: the rank (``'2='``; ``''`` for a player not ranked), the player,
    the score (a percentage, or for ``improved`` points of percentage gained) and the
    sessions played."""

    rank: str
    player: Player
    score: float
    sessions: int

    @property
    def ranked(self) -> bool:
        """Whether the player played enough sessions to be ranked."""
        return bool(self.rank)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"rank": self.rank, "player": self.player.to_dict(), "score": self.score,
                "sessions": self.sessions}  # fmt: skip


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def _score(rules: LadderRules, played: list[Outing]) -> float:
    percents = [o.percent for o in played]
    if rules.kind == "best":
        return _mean(sorted(percents, reverse=True)[: rules.count])
    if rules.kind == "average":
        return _mean(percents)
    n = rules.count
    if len(percents) < 2 * n:
        return 0.0
    return round(_mean(percents[-n:]) - _mean(percents[:n]), 2)


def ladder(rules: LadderRules, outings: Iterable[Outing]) -> list[LadderRow]:
    """The ladder of a season's outings under ``rules``: the ranked players, the highest
    score first (ties share a rank, then by name), then those with too few sessions. A
    player's name is the one of their latest outing.

    >>> rules = LadderRules("best", 1, least=1)
    >>> a, b = Player("Ann", "1"), Player("Bob", "2")
    >>> [(r.rank, r.player.name) for r in ladder(rules, [Outing("2026.01.05", "e1", a, 55.0),
    ...                                                  Outing("2026.01.05", "e1", b, 55.0)])]
    [('1=', 'Ann'), ('1=', 'Bob')]
    """
    by_player: dict[str, list[Outing]] = defaultdict(list)
    for o in outings:
        assert o.player.number is not None  # Outing checks it
        by_player[o.player.number].append(o)
    scored: list[tuple[float, Player, int]] = []
    for played in by_player.values():
        played.sort(key=lambda o: (o.date, o.evening))
        scored.append((_score(rules, played), played[-1].player, len(played)))
    scored.sort(key=lambda s: (-s[0], s[1].name, s[1].number or ""))
    ranked = [s for s in scored if s[2] >= rules.fewest]
    counts = Counter(s[0] for s in ranked)
    first: dict[float, int] = {}
    rows = []
    for place, (score, player, sessions) in enumerate(ranked, 1):
        first.setdefault(score, place)
        tie = "=" if counts[score] > 1 else ""
        rows.append(LadderRow(f"{first[score]}{tie}", player, score, sessions))
    rows += [LadderRow("", p, score, n) for score, p, n in scored if n < rules.fewest]
    return rows


def outings(date: str, evening: str, sections: Iterable[SectionScores]) -> list[Outing]:
    """The outings of an evening's scored sections: each player with a national number of
    each pair with a percentage (a matchpointed pair that played), at its percentage.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import BoardResult, Section, Session
    >>> sec = Section(results=[BoardResult(1, 1, 1, Result.parse("3NTN=")),
    ...                        BoardResult(1, 2, 2, Result.parse("3NTN-1"))])
    >>> ns1 = next(p for p in sec.pairs if p.label == "NS 1")
    >>> from dataclasses import replace
    >>> sec = replace(sec, pairs=tuple(replace(p, players=(Player("Ann", "1"), Player("Al")))
    ...                                if p is ns1 else p for p in sec.pairs))
    >>> [(o.player.name, o.percent) for o in outings("2026.01.05", "e1", Session((sec,)).scored())]
    [('Ann', 100.0)]
    """
    found = []
    for scored in sections:
        for score in scored.pairs.values():
            if score.percent is None or not score.boards:
                continue
            for player in score.pair.players:
                if player.number is not None:
                    found.append(Outing(date, evening, player, score.percent))
    return found
