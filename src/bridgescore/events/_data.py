"""An event as JSON-ready data, what storage keeps and the API gives, and back."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

from bridgescore.duplicate.field import Adjusted
from bridgescore.errors import BridgeError, EventError
from bridgescore.events._score import match_scores, standings
from bridgescore.events._values import (
    Entrant,
    Entry,
    EventBase,
    EventKind,
    Match,
    Round,
    player,
)
from bridgescore.model import Result

__all__ = ["event_from_dict", "event_summary", "event_to_dict"]

E = TypeVar("E", bound=EventBase)


def event_to_dict(event: EventBase) -> dict[str, Any]:
    """The event's definition, draw and entries (no scores); :func:`event_from_dict` reads it.

    >>> from bridgescore.events import Event, EventKind, teams
    >>> e = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C")).draw_next()
    >>> event_from_dict(event_to_dict(e), Event) == e
    True
    """
    return {
        "kind": event.kind.value,
        "name": event.name,
        "entrants": [{"name": e.name, "players": [p.to_dict() for p in e.players]}
                     for e in event.entrants],
        "rounds_planned": event.planned_rounds,
        "boards_per_match": event.boards_per_match,
        "scale": event.scale.value,
        "scoring": event.scoring,
        "bye_vp": event.bye_vp,
        "arrears": event.arrears,
        "segments": event.segments,
        "rounds": [
            {"round": r.number, "byes": list(r.byes),
             "matches": [{"match": m.number, "home": m.home, "away": m.away,
                          "boards": list(m.boards), "carry_over": str(m.carry_over)}
                         for m in r.matches]}
            for r in event.rounds
        ],
        "entries": [{"round": e.round, "match": e.match, "board": e.board, "room": e.room.value,
                     "result": str(e.result)} for e in event.entries],
    }  # fmt: skip


def _result(text: str) -> Result | Adjusted:
    stripped = str(text).strip()
    if stripped.upper().startswith("A") and not stripped.upper().startswith("AP"):
        return Adjusted.parse(stripped)
    return Result.parse(stripped)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def event_from_dict(data: Mapping[str, Any], cls: type[E]) -> E:
    """An event of class ``cls`` (:class:`~._model.Event`) from :func:`event_to_dict`'s data;
    ``rounds`` may also be the number of rounds planned (the API's ``POST /api/events`` body),
    players a name or ``{"name", "number"}``.

    :raises EventError: for data that is not an event; :raises BridgeError: for bad values.
    """
    try:
        planned = data.get("rounds_planned")
        drawn = data.get("rounds", ())
        if isinstance(drawn, int) and not isinstance(drawn, bool):
            planned, drawn = drawn, ()
        entrants = tuple(
            Entrant(e, ())
            if isinstance(e, str)
            else Entrant(e["name"], tuple(player(p) for p in e.get("players", ())))
            for e in data["entrants"]
        )
        rounds = tuple(
            Round(
                _int(r["round"]),
                tuple(
                    Match(
                        _int(m["match"]),
                        str(m["home"]),
                        str(m["away"]),
                        tuple(_int(b) for b in m["boards"]),
                        Fraction(str(m.get("carry_over", "0"))),
                    )
                    for m in r["matches"]
                ),
                tuple(str(b) for b in r.get("byes", ())),
            )
            for r in drawn
        )
        entries = tuple(
            Entry(
                _int(e["round"]),
                _int(e["match"]),
                _int(e["board"]),
                e["room"],
                _result(e["result"]),
            )
            for e in data.get("entries", ())
        )
        bye_vp = data.get("bye_vp")
        return cls(
            data["kind"], str(data.get("name", "")), entrants,
            None if planned is None else _int(planned),
            _int(data.get("boards_per_match", 8)), data.get("scale", "wbf-2013"),
            data.get("scoring", "mp" if data["kind"] == "swiss-pairs" else "imps"),
            None if bye_vp is None else _int(bye_vp), bool(data.get("arrears", False)),
            _int(data.get("segments", 1)), rounds, entries,
        )  # fmt: skip
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, BridgeError):
            raise
        raise EventError.coded("event_data", field="event", why=repr(exc)) from exc


def event_summary(event: EventBase) -> dict[str, Any]:
    """What a director's page or ``GET /api/events/{id}`` shows: the standings (VPs to two
    decimals, IMPs for and against) and each round's matches with their IMPs and VPs so far;
    ``method`` is how its matches compare boards (``scoring``: the same, its deprecated name).

    >>> from bridgescore.events import Event, EventKind, teams
    >>> e = Event(EventKind.SWISS_TEAMS, "Swiss", teams("A", "B", "C")).draw_next()
    >>> event_summary(e)["standings"][0]
    {'rank': '1', 'entrant': 'C', 'vp': 12.0, 'imps_for': 0, 'imps_against': 0, 'played': 0, \
'in_progress': False}
    >>> event_summary(e)["rounds"][0]["bye"], event_summary(e)["rounds"][0]["matches"][0]["vp"]
    ('C', [0.0, 0.0])
    """
    scores = {(s.round, s.match): s for s in match_scores(event)}

    def through(r: Round, m: Match) -> str | None:
        """A knockout match's winner, once it is over and not tied."""
        s = scores[(r.number, m.number)]
        if event.kind is not EventKind.KNOCKOUT or s.boards < len(m.boards) or not s.margin:
            return None
        return m.home if s.margin > 0 else m.away

    return {
        "kind": event.kind.value,
        "name": event.name,
        "scale": event.scale.value,
        "method": event.scoring,
        "scoring": event.scoring,
        "standings": [{"rank": s.rank, "entrant": s.entrant, "vp": s.vps,
                       "imps_for": s.imps_for, "imps_against": s.imps_against,
                       "played": s.played, "in_progress": s.in_progress}
                      for s in standings(event, len(event.rounds))],
        "rounds": [{"round": r.number, "bye": r.bye,
                    "matches": [{"match": m.number, "home": m.home, "away": m.away,
                                 "boards": scores[(r.number, m.number)].boards,
                                 "imps": list(scores[(r.number, m.number)].imps),
                                 "vp": [v / 100 for v in scores[(r.number, m.number)].vp],
                                 "through": through(r, m)}
                                for m in r.matches]}
                   for r in event.rounds],
    }  # fmt: skip
