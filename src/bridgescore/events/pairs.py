"""Pairs events: two or more sessions ranked as a whole (a team or Swiss event is an
:class:`~bridgescore.events.Event`; both are events, of different kinds).

A :class:`PairsEvent` (kind ``"pairs"``) holds its sessions (by id) and how they are added up
(:class:`EventRules`): the sum of each pair's matchpoints, or the average of their
percentages; with a carry-over, the first :attr:`EventRules.qualifying` sessions (the
qualifying stage) count at the carry-over's fraction (SCORING.md §20). A pair is the same pair
from session to session by its players' national numbers, else by its label (``NS 3``).
:func:`rank_event` ranks them from each session's rankings, a line a pair
(:class:`EventRankRow`; ``EventRow`` is its old name, deprecated: the storage's table of
events is ``EventRow``).

>>> rules = EventRules("matchpoints")
>>> rules.to_dict()
{'ranking': 'matchpoints', 'carry_over': '1', 'qualifying': 0}
>>> EventRules.preset("half-carry-over", qualifying=1).carry_over
Fraction(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from bridgescore.duplicate.session import Pair, SectionScores
from bridgescore.errors import SessionError
from bridgescore.inputs import check_name

__all__ = [
    "PRESETS",
    "EventRankRow",
    "EventRow",
    "EventRules",
    "PairsEvent",
    "Ranking",
    "rank_event",
]

Ranking = Literal["matchpoints", "percentage"]
"""How an event adds its sessions up: the sum of matchpoints, or the average of percentages."""

PRESETS: Final[Mapping[str, Fraction]] = {
    "none": Fraction(1),
    "half-carry-over": Fraction(1, 2),
}
"""Carry-over presets: the fraction of the qualifying stage's score carried into the final
(``none``: every session counts in full). The fraction is the event's regulation's to set
(a regulation's own fraction may be given as such, ``"1/3"``)."""


@dataclass(frozen=True, slots=True)
class EventRules:
    """How an event of several sessions ranks its pairs."""

    ranking: Ranking
    carry_over: Fraction = Fraction(1)
    """The weight of each qualifying session (1: no carry-over)."""
    qualifying: int = 0
    """How many of the first sessions form the qualifying stage."""

    def __post_init__(self) -> None:
        if self.ranking not in ("matchpoints", "percentage"):
            raise SessionError.coded("event_ranking", field="ranking", value=self.ranking,
                                     got=repr(self.ranking))  # fmt: skip
        if not 0 <= self.carry_over <= 1:
            raise SessionError.coded("carry_over_fraction", field="carry_over",
                                     value=str(self.carry_over),
                                     got=str(self.carry_over))  # fmt: skip
        if not 0 <= self.qualifying <= 10:
            raise SessionError.coded("qualifying_range", field="qualifying",
                                     value=self.qualifying, got=self.qualifying)  # fmt: skip

    @classmethod
    def preset(
        cls, name: str, *, ranking: Ranking = "matchpoints", qualifying: int = 0
    ) -> EventRules:
        """The rules of a carry-over preset (:data:`PRESETS`), or of a fraction (``"1/3"``).

        :raises SessionError: for a name that is neither.
        """
        if name in PRESETS:
            return cls(ranking, PRESETS[name], qualifying)
        try:
            fraction = Fraction(name) if len(name) <= 20 else None
        except (ValueError, ZeroDivisionError):
            fraction = None
        if fraction is None:
            raise SessionError.coded("carry_over_preset", field="carry_over", value=name[:20],
                                     got=repr(name[:20]), presets=", ".join(PRESETS))  # fmt: skip
        return cls(ranking, fraction, qualifying)

    def weight(self, index: int) -> Fraction:
        """The weight of the session at ``index`` (from 0)."""
        return self.carry_over if index < self.qualifying else Fraction(1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (the carry-over as a fraction's text)."""
        return {"ranking": self.ranking, "carry_over": str(self.carry_over),
                "qualifying": self.qualifying}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventRules:
        """From :meth:`to_dict`'s shape."""
        return cls.preset(str(data.get("carry_over", "1")), ranking=data["ranking"],
                          qualifying=int(data.get("qualifying", 0)))  # fmt: skip


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A pairs event: its name, kind (``"pairs"``), sessions (ids, in order) and rules."""

    name: str
    sessions: tuple[str, ...]
    rules: EventRules
    kind: Literal["pairs"] = "pairs"

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name.strip(), "name", longest=200))
        if self.kind != "pairs":
            raise SessionError.coded("event_kind_pairs", field="kind", value=self.kind,
                                     got=repr(self.kind))  # fmt: skip
        if not 2 <= len(self.sessions) <= 10 or len(set(self.sessions)) != len(self.sessions):
            raise SessionError.coded("event_sessions", field="sessions", value=len(self.sessions))
        if self.rules.qualifying >= len(self.sessions):
            raise SessionError.coded("qualifying_after", field="qualifying",
                                     value=self.rules.qualifying)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"kind": self.kind, "name": self.name, "sessions": list(self.sessions),
                **self.rules.to_dict()}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PairsEvent:
        """From :meth:`to_dict`'s shape.

        :raises SessionError: for a field that will not do.
        """
        sessions = data.get("sessions")
        if not isinstance(sessions, list) or not all(isinstance(s, str) for s in sessions):
            raise SessionError.coded("event_sessions_list", field="sessions")
        return cls(str(data.get("name", "")), tuple(sessions), EventRules.from_dict(data),
                   data.get("kind", "pairs"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class EventRankRow:
    """A pair's line in an event's ranking (as :class:`~bridgescore.duplicate.session.RankRow`
    is in a session's)."""

    rank: str
    """Its place, ``2=`` when shared."""
    field: str
    """The field it is ranked in: ``NS`` or ``EW`` (a Mitchell), ``all`` (a Howell)."""
    pair: Pair
    """The pair, as in the first session it played."""
    sessions: tuple[float | None, ...]
    """Its score in each session, in order: matchpoints or a percentage; None where it did
    not play."""
    total: float
    """The event's score: the sessions added up by the event's rules, to two decimals."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"rank": self.rank, "field": self.field, "pair": self.pair.label,
                "names": self.pair.names, "players": [p.to_dict() for p in self.pair.players],
                "sessions": list(self.sessions), "total": self.total}  # fmt: skip


EventRow = EventRankRow
"""Deprecated: the old name of :class:`EventRankRow` (``EventRow`` is the storage's table of
events)."""


def _key(pair: Pair) -> tuple[str, ...]:
    numbers = [p.number for p in pair.players]
    if numbers and all(numbers):
        return ("numbers", *sorted(n for n in numbers if n))
    return ("label", pair.label)


def _field(side: object) -> str:
    return "all" if side is None else str(getattr(side, "value", side))


def rank_event(rules: EventRules, scored: Sequence[Sequence[SectionScores]]) -> list[EventRankRow]:
    """Rank an event's pairs from each session's scores (one section each), by field as
    the first session ranks them: the sum of matchpoints or the average of percentages,
    each session at its weight (:meth:`EventRules.weight`); ties share a place (``2=``).

    :raises SessionError: for a session of more than one section, or IMPs.
    """
    pairs: dict[tuple[str, ...], Pair] = {}
    fields: dict[tuple[str, ...], str] = {}
    figures: dict[tuple[str, ...], list[float | None]] = {}
    for index, session in enumerate(scored):
        if len(session) != 1 or session[0].method != "mp":
            raise SessionError.coded("event_sessions_matchpointed", field="sessions",
                                     value=index + 1)  # fmt: skip
        for side, rows in session[0].rankings.items():
            for row in rows:
                key = _key(row.pair)
                pairs.setdefault(key, row.pair)
                fields.setdefault(key, _field(side))
                got = figures.setdefault(key, [None] * len(scored))
                got[index] = row.total if rules.ranking == "matchpoints" else row.percent
    totals = {key: _total(rules, got) for key, got in figures.items()}
    out: list[EventRankRow] = []
    for name in sorted(set(fields.values()), key=("all", "NS", "EW").index):
        keys = sorted((k for k in fields if fields[k] == name),
                      key=lambda k: (-round(totals[k], 9), pairs[k].number))  # fmt: skip
        counts = Counter(round(totals[k], 9) for k in keys)
        first: dict[float, int] = {}
        for place, k in enumerate(keys, 1):
            first.setdefault(round(totals[k], 9), place)
        for k in keys:
            t = round(totals[k], 9)
            rank = f"{first[t]}{'=' if counts[t] > 1 else ''}"
            out.append(EventRankRow(rank, name, pairs[k], tuple(figures[k]), round(totals[k], 2)))
    return out


def _total(rules: EventRules, got: list[float | None]) -> float:
    """The event's score of one pair: the weighted sum of matchpoints, or the weighted average
    of the percentages of the sessions played."""
    weighted = [(rules.weight(i), x) for i, x in enumerate(got) if x is not None]
    total = sum((Fraction(w) * Fraction(x) for w, x in weighted), Fraction(0))
    if rules.ranking == "matchpoints":
        return float(total)
    weights = sum((w for w, _ in weighted), Fraction(0))
    return float(total / weights) if weights else 0.0
