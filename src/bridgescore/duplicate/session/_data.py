"""The session, and its definition as JSON-ready data (what storage keeps) and back.

A board is written with its typed fields, each only when known::

    {"number": 1, "dealer": "N", "vulnerability": "None",
     "deal": "N:AKQJ.AKQ.AKQ.AKQ - - -",
     "auction": {"first": "N", "text": "2C Pass 2NT =1= Pass\\n7NT AP", "notes": [[1, "..."]]},
     "play": {"first": "E", "text": "D2 D3 DA D4\\n*", "notes": []},
     "dd": [[7, 7, 7, 9, 9], [6, 6, 6, 4, 4], [7, 7, 7, 8, 8], [6, 5, 6, 4, 4]],
     "par": {"score": 400, "contracts": ["3NTN"], "dealer": "N"},
     "tags": [["Event", "Club pairs"]]}

``deal`` is PBN's Deal notation; ``auction`` and ``play`` their first seat, their section's
lines (PBN's notation, §3.5, §3.6) and their notes; ``dd`` the double-dummy table, rows N E S W
of tricks in C D H S NT; ``par`` the score from NS's view and the contracts as
:class:`~bridgescore.boards.par.ParContract` writes them, the dealer it is for (``null`` and an
``ew_first`` par of the same shape for both sides' par); ``tags`` the board's other tags.
Versions before the typed board kept the deal, auction, play and analysis among the ``tags``
as PBN writes them (``["Deal", "N:..."]``, ``["DoubleDummyTricks", "..."]``): they are read
into the fields (:class:`~bridgescore.boards.board.Board` reads them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from bridgescore.boards.auction import Auction
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import Par, ParContract
from bridgescore.boards.play import Play
from bridgescore.duplicate.field import ARTIFICIAL, Adjusted, Artificial, Divisor, Rounding
from bridgescore.duplicate.movement import Movement
from bridgescore.duplicate.session._individual import Individual
from bridgescore.duplicate.session._methods import METHODS, Method
from bridgescore.duplicate.session._model import (
    Board,
    BoardResult,
    Pair,
    Section,
    SessionWarning,
    Split,
)
from bridgescore.duplicate.session._scores import SectionScorer, SectionScores, score_session
from bridgescore.duplicate.session._share import read_share
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import BridgeError, SessionError
from bridgescore.grades.handicap import HandicapRules
from bridgescore.model import Result, Seat, Side, Vulnerability
from bridgescore.players import Player
from bridgescore.scoring import UndertrickRule

__all__ = ["Session", "session_from_dict", "session_to_dict"]


@dataclass(frozen=True)
class Session:
    """A session: its sections and how they are scored."""

    sections: tuple[Section, ...] = ()
    method: Method = "mp"
    event: str = ""
    date: str = ""
    undertrick_rule: UndertrickRule = "modern"
    artificial: Artificial = ARTIFICIAL
    drop: int | str = 1
    """Butler: the scores dropped at each end for the datum."""
    rounding: Rounding = "half-even"
    """Butler: how a datum ending in 5 is rounded."""
    divisor: Divisor = "n-1"
    """Cross-IMPs: how the sum is averaged."""
    tags: Mapping[str, str] = field(default_factory=dict)
    """Other PBN tags of the event, kept as read."""
    across_field: bool = False
    """Score the sections' results on a board together (one field across the sections), not
    each section on its own."""
    min_share: Fraction | None = None
    """The share of boards a pair plays to be ranked (of the most any pair of its section
    played); the others are listed, not ranked. None: every pair is ranked."""
    handicap: HandicapRules | None = None
    """Handicapped rankings shown beside the scratch ones, by these rules (SCORING.md §27);
    None: scratch only."""
    individual: Individual | None = None
    """An individual's movement and players (SCORING.md §26): its one section's pairs are the
    partnerships, and each player's score is the sum over theirs."""

    def __post_init__(self) -> None:
        if self.individual is not None and (
            len(self.sections) != 1
            or len(self.sections[0].pairs) != len(self.individual.movement.partnership_numbers)
        ):
            raise SessionError.coded("individual_one_section", field="individual")
        if self.min_share is not None and not (
            isinstance(self.min_share, Fraction) and 0 < self.min_share <= 1
        ):
            raise SessionError.coded("min_share_range", field="min_share",
                value=str(self.min_share)[:40], share=repr(self.min_share))  # fmt: skip
        if self.method not in METHODS:
            raise SessionError.coded("scoring_method", field="method", value=self.method,
                                     method=self.method)  # fmt: skip
        names = [s.name for s in self.sections]
        if len(set(names)) != len(names):
            raise SessionError.coded("sections_share_name", field="section", names=names)

    def section(self, name: str) -> Section:
        """The section with this name.

        :raises SessionError: if there is none.
        """
        for s in self.sections:
            if s.name == name:
                return s
        raise SessionError.coded("no_such_section", field="section", value=name, name=name,
                                 sections=[s.name for s in self.sections])  # fmt: skip

    def scored(self, scorer: SectionScorer | None = None) -> list[SectionScores]:
        """Every section scored (:func:`~bridgescore.duplicate.session.score_session`; give
        ``scorer`` to score each section another way, such as numpy's)."""
        return score_session(self, scorer)

    @property
    def warnings(self) -> list[SessionWarning]:
        """The warnings of every section."""
        return [w for s in self.sections for w in s.warnings]

    def with_method(self, method: Method) -> Session:
        """The same session scored another way."""
        return replace(self, method=method)

    def to_dict(self) -> dict[str, Any]:
        """The session's definition as JSON-ready data: :func:`session_to_dict`."""
        return session_to_dict(self)


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
        **({"min_share": str(session.min_share)} if session.min_share is not None else {}),
        **({"handicap": session.handicap.to_dict()} if session.handicap is not None else {}),
        **({"individual": session.individual.to_dict()} if session.individual else {}),
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
                "boards": [_board_to_dict(b) for b in s.boards],
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
            raise SessionError.coded("artificial_rules", field="artificial", value=art,
                                     got=repr(art))  # fmt: skip
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
                [_board_from_dict(b) for b in s.get("boards", ())],
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
            None if data.get("min_share") is None else read_share(str(data["min_share"])),
            handicap=None
            if data.get("handicap") is None
            else HandicapRules.from_dict(data["handicap"]),
            individual=Individual.from_dict(data["individual"]) if data.get("individual") else None,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, BridgeError):
            raise
        raise SessionError.coded("session_data", why=repr(exc)) from exc


def _artificial(text: object) -> Adjusted | None:
    """A result's artificial score (``adjusted`` in data written before the rename)."""
    return None if text is None else Adjusted.parse(str(text))


def _tags(stored: Any) -> dict[str, str]:
    """A session's tags, in their order: pairs (older versions stored an object, whose keys
    came back sorted)."""
    pairs = stored.items() if isinstance(stored, dict) else stored or ()
    return {str(k): str(v) for k, v in pairs}


def _board_to_dict(b: Board) -> dict[str, Any]:
    """A board as JSON: its number, dealer, vulnerability, the fields known, its other tags."""
    out: dict[str, Any] = {"number": b.number, "dealer": b.dealer.value,
                           "vulnerability": b.vulnerability.value}  # fmt: skip
    if b.deal is not None:
        out["deal"] = str(b.deal)
    for name, section in (("auction", b.auction), ("play", b.play)):
        if section is not None:
            out[name] = {"first": section.first.value, "text": "\n".join(section.lines()),
                         "notes": [[i, text] for i, text in section.notes]}  # fmt: skip
    if b.dd is not None:
        out["dd"] = [list(row) for row in b.dd]
    if b.par is not None:
        out["par"] = _par_to_dict(b.par)
    out["tags"] = [[name, value] for name, value in b.tags]
    return out


def _par_to_dict(found: Par) -> dict[str, Any]:
    return {
        "score": found.score,
        "contracts": [str(c) for c in found.contracts],
        "dealer": None if found.dealer is None else found.dealer.value,
    } | ({"ew_first": _par_to_dict(found.ew_first)} if found.ew_first is not None else {})


def _board_from_dict(b: Mapping[str, Any]) -> Board:
    """A board from :func:`_board_to_dict`'s data, or an older version's (its fields among its
    tags, which :class:`Board` reads)."""
    tags = tuple((str(n), str(v)) for n, v in b.get("tags", ()))
    auction = None if b.get("auction") is None else Auction.read(*_section(b["auction"]))
    play = None if b.get("play") is None else Play.read(*_section(b["play"]))
    return Board(
        int(b["number"]), Seat(b["dealer"]), Vulnerability(b["vulnerability"]), tags,
        deal=None if b.get("deal") is None else Deal.parse(str(b["deal"])),
        auction=auction,
        play=play,
        dd=b.get("dd"),  # the board checks it
        par=None if b.get("par") is None else _par_from_dict(b["par"]),
    )  # fmt: skip


def _section(data: Mapping[str, Any]) -> tuple[Seat, str, tuple[tuple[int, str], ...]]:
    """An auction's or a play's first seat, text and notes, as :func:`_board_to_dict` wrote
    them."""
    notes = tuple((int(i), str(text)) for i, text in data.get("notes", ()))
    return Seat(data["first"]), str(data.get("text", "")), notes


def _par_from_dict(data: Mapping[str, Any]) -> Par:
    dealer = data.get("dealer")
    ew = data.get("ew_first")
    return Par(int(data["score"]), tuple(ParContract.parse(str(c)) for c in data["contracts"]),
               None if dealer is None else Seat(dealer),
               None if ew is None else _par_from_dict(ew))  # fmt: skip
