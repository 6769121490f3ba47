"""A session as JSON-ready data, what storage keeps, and back."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from bridgescore.duplicate.field import Adjusted, Artificial
from bridgescore.duplicate.movement import Movement
from bridgescore.duplicate.session._model import (
    Board,
    BoardResult,
    Pair,
    Section,
    Session,
    SessionWarning,
    Split,
)
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import BridgeError, SessionError
from bridgescore.model import Result, Seat, Side, Vulnerability
from bridgescore.players import Player

__all__ = ["session_from_dict", "session_to_dict"]


def session_to_dict(session: Session) -> dict[str, Any]:
    """A session's definition as JSON-ready data (no scores); :func:`session_from_dict` reads it.

    >>> note = SessionWarning(1, (0, 0), "dealer E is not Law 2's")
    >>> result = BoardResult(1, 1, 1, Result.parse("4SN="))
    >>> s = Session((Section("A", results=[result], notes=[note]),))
    >>> again = session_from_dict(session_to_dict(s))
    >>> again == s, again.sections[0].notes == (note,)
    (True, True)
    """
    artificial = session.artificial
    return {
        "event": session.event,
        "date": session.date,
        "method": session.method,
        "undertrick_rule": session.undertrick_rule,
        "artificial": {
            "plus": str(artificial.plus),
            "average": str(artificial.average),
            "minus": str(artificial.minus),
            "imps": artificial.imps,
        } | ({"plus_rule": artificial.plus_rule, "minus_rule": artificial.minus_rule}
             if (artificial.plus_rule, artificial.minus_rule) != ("fixed", "fixed") else {}),
        "drop": session.drop,
        "rounding": session.rounding,
        "divisor": session.divisor,
        "tags": [[name, value] for name, value in session.tags.items()],  # in their order
        **({"across_field": True} if session.across_field else {}),
        "sections": [
            {
                "name": s.name,
                "kind": s.kind,
                "movement": None if s.movement is None else s.movement.to_dict(complete=True),
                "pairs": [
                    {"number": p.number, "side": p.side.value if p.side else None,
                     "names": p.names} | (
                        {"players": [x.to_dict() for x in p.players]} if p.players else {})
                    for p in s.pairs
                ],
                "boards": [
                    {"number": b.number, "dealer": b.dealer.value,
                     "vulnerability": b.vulnerability.value,
                     "tags": [[name, value] for name, value in b.tags]}
                    for b in s.boards
                ],
                "results": [
                    {"board": r.board, "ns": r.ns, "ew": r.ew,
                     "result": None if r.result is None else str(r.result),
                     "artificial": None if r.artificial is None else str(r.artificial),
                     "weighted": None if r.weighted is None else str(r.weighted),
                     "score": r.score, "round": r.round, "table": r.table}
                    | ({"split": [str(r.split.ns), str(r.split.ew)]} if r.split else {})
                    | ({"lead": r.lead} if r.lead else {})
                    for r in s.results
                ],
                "notes": [[n.board, *n.pairs, n.message] for n in s.notes],
            } | ({"versions": {str(b): [list(g) for g in groups] for b, groups in s.versions}}
                 if s.versions else {})
            for s in session.sections
        ],
    }  # fmt: skip


def session_from_dict(data: Mapping[str, Any]) -> Session:
    """A session from :func:`session_to_dict`'s data.

    :raises SessionError: for data that is not a session; :raises BridgeError: for bad notation.
    """
    try:
        art = data.get("artificial") or {}
        artificial = Artificial(
            Fraction(art.get("plus", 60)),
            Fraction(art.get("average", 50)),
            Fraction(art.get("minus", 40)),
            int(art.get("imps", 3)),
            art.get("plus_rule", "fixed"),
            art.get("minus_rule", "fixed"),
        )
        if artificial.plus_rule not in ("fixed", "if-better") or artificial.minus_rule not in (
                "fixed", "if-worse"):  # fmt: skip
            raise SessionError(f"unknown artificial-score rules in {art!r}", field="artificial")
        sections = tuple(
            Section(
                str(s["name"]),
                s.get("kind", "mitchell"),
                [
                    Pair(int(p["number"]), Side(p["side"]) if p.get("side") else None,
                         str(p.get("names", "")),
                         tuple(Player.from_dict(x) for x in p.get("players", ())))
                    for p in s.get("pairs", ())
                ],
                [
                    Board(int(b["number"]), Seat(b["dealer"]), Vulnerability(b["vulnerability"]),
                          tuple((str(n), str(v)) for n, v in b.get("tags", ())))
                    for b in s.get("boards", ())
                ],
                [
                    BoardResult(
                        int(r["board"]), int(r["ns"]), int(r["ew"]),
                        Result.parse(r["result"]) if r.get("result") is not None else None,
                        _artificial(r.get("artificial", r.get("adjusted"))),
                        None if r.get("score") is None else int(r["score"]),
                        None if r.get("round") is None else int(r["round"]),
                        None if r.get("table") is None else int(r["table"]),
                        Weighted.parse(r["weighted"]) if r.get("weighted") is not None else None,
                        Split.parse(*map(str, r["split"])) if r.get("split") else None,
                        str(r["lead"]) if r.get("lead") else None,
                    )
                    for r in s.get("results", ())
                ],
                notes=[SessionWarning(int(b), (int(ns), int(ew)), str(message))
                       for b, ns, ew, message in s.get("notes", ())],
                movement=Movement.from_dict(s["movement"]) if s.get("movement") else None,
                versions={int(b): [[int(t) for t in g] for g in groups]
                          for b, groups in (s.get("versions") or {}).items()},
            )
            for s in data.get("sections", ())
        )  # fmt: skip
        return Session(
            sections,
            data.get("method", "mp"),
            str(data.get("event", "")),
            str(data.get("date", "")),
            data.get("undertrick_rule", "modern"),
            artificial,
            data.get("drop", 1),
            data.get("rounding", "half-even"),
            data.get("divisor", "n-1"),
            _tags(data.get("tags")),
            bool(data.get("across_field", False)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, BridgeError):
            raise
        raise SessionError(f"not a session: {exc!r}") from exc


def _artificial(text: object) -> Adjusted | None:
    """A result's artificial score (``adjusted`` in data written before the rename)."""
    return None if text is None else Adjusted.parse(str(text))


def _tags(stored: Any) -> dict[str, str]:
    """A session's tags, in their order: pairs (older versions stored an object, whose keys
    came back sorted)."""
    pairs = stored.items() if isinstance(stored, dict) else stored or ()
    return {str(k): str(v) for k, v in pairs}
