"""Team and Swiss events on the web: the JSON API under ``/api/events`` (the same resource as
the pairs events of several sessions, with another ``kind``).

A club's director creates the event (``POST /api/events`` with a team ``kind``), draws each
round (``POST /api/events/{id}/rounds``: the answer gives each match's two tables, each with
its token and link), may swap two teams before a round starts, and follows the standings. Each
table's phone enters its own boards (``POST /api/events/{id}/results`` with its token). What a
token may do is the core's decision (:mod:`bridgescore.live.teams`), made by storage inside
the write (:class:`~bridgescore.storage.team_events.TeamEventStore`): this module reads the
request, asks, and maps the answer (403 not that table's, 409 entered already or not ready,
422 a body or value that does not fit, naming the field).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Director, check_directs
from bridgescore.duplicate.field import Adjusted
from bridgescore.errors import EventError, for_field
from bridgescore.events import Entrant, Entry, Event, Room, VpScale, player
from bridgescore.live import NotAllowedError
from bridgescore.live.entry import read_result
from bridgescore.live.teams import (
    DIRECTOR,
    EnteredError,
    EventTable,
    NotReadyError,
    Who,
    board_lines,
    match_score,
    seats,
)
from bridgescore.storage.team_events import TeamEventStore
from bridgescore.web.clubs import BODY_ERRORS, PlayerIn, clubs, director, director_or_none
from bridgescore.web.common import link, made_once, store
from bridgescore.web.streams import event_stream

__all__ = [
    "TeamEventIn",
    "create_team_event",
    "public_event",
    "router",
    "team_events",
    "team_summary",
]

router = APIRouter(prefix="/api/events", tags=["events"], responses=BODY_ERRORS)
Auth = Annotated[
    str | None,
    Header(description="Bearer <a director's login token> or, for results, <a table's token>"),
]
RoundNumber = Annotated[int, PathParam(ge=1, le=1000)]
_STRICT = ConfigDict(extra="forbid", strict=True)
ScaleName = Literal["wbf-2013", "acbl-30", "acbl-20", "ebu-swiss-pairs-7"]
"""The VP scales by name (:class:`~bridgescore.events.VpScale`'s values; a test checks)."""


class Problem(BaseModel):
    """A refusal, in words."""

    detail: str


_READ: dict[int | str, dict[str, Any]] = {404: {"model": Problem, "description": "No such event."}}
_DIRECT: dict[int | str, dict[str, Any]] = {
    **_READ,
    401: {"model": Problem, "description": "No director's login."},
    403: {"model": Problem, "description": "Another club's event."},
    409: {"model": Problem, "description": "Not now: the round the draw needs is unfinished, "
          "or the round to change has begun."},
}  # fmt: skip


class EntrantIn(BaseModel):
    """A team (four to six players) or a pair (two); its players may be left out."""

    model_config = _STRICT

    name: str = Field(max_length=100, examples=["Lions"])
    players: list[str | PlayerIn] = Field(default_factory=list, max_length=6,
                                          examples=[["Ann Smith", "Bob Jones"]])  # fmt: skip


class TeamEventIn(BaseModel):
    """A team or Swiss event: its kind, name, entrants (in seeding order), rounds (a Swiss's;
    a round robin and a knockout have theirs), boards a match, the VP scale; ``scoring``
    ``imps`` (default) or ``bam`` for teams, ``mp`` (default) or ``butler`` for Swiss pairs;
    ``bye_vp`` what a bye scores (default: the scale's preset); ``arrears``: each Swiss round
    drawn from the standings one round in arrears."""

    model_config = _STRICT

    kind: Literal["swiss-teams", "round-robin", "knockout", "swiss-pairs"]
    name: str = Field(max_length=200, examples=["Tuesday Swiss"])
    entrants: list[EntrantIn] = Field(min_length=2, max_length=2000)
    rounds: int | None = Field(None, ge=1, le=1000, examples=[7])
    boards_per_match: int = Field(8, ge=1, le=100)
    scale: ScaleName = "wbf-2013"
    scoring: Literal["imps", "bam", "mp", "butler"] | None = None
    bye_vp: float | None = Field(None, ge=0, le=30, examples=[12])
    arrears: bool = False
    segments: int = Field(1, ge=1, le=20)

    def event(self) -> Event:
        """The core's event (errors name the field)."""
        bye = None
        if self.bye_vp is not None:
            hundredths = Fraction(str(self.bye_vp)) * 100
            if hundredths.denominator != 1:
                raise EventError(f"a bye scores VPs to two decimals, got {self.bye_vp!r}",
                                 field="bye_vp", value=self.bye_vp)  # fmt: skip
            bye = int(hundredths)
        with for_field("players"):
            entrants = tuple(
                Entrant(
                    e.name,
                    tuple(player(p if isinstance(p, str) else p.player()) for p in e.players),
                )
                for e in self.entrants
            )
        scoring = self.scoring or ("mp" if self.kind == "swiss-pairs" else "imps")
        return Event(self.kind, self.name, entrants, self.rounds, self.boards_per_match,  # type: ignore[arg-type]
                     VpScale(self.scale), scoring, bye, self.arrears, self.segments)  # fmt: skip


class EventResultIn(BaseModel):
    """One board at one table: the round, match and room (``open``: the home team NS;
    ``closed``: the away team NS), the board, and the contract (``Pass`` for a passed-out
    board), declarer and tricks taken; or, from the director, an artificial score
    (``A+/A-``) instead."""

    model_config = _STRICT

    round: int = Field(ge=1, le=1000, examples=[1])
    match: int = Field(ge=1, le=1000, examples=[1])
    room: Literal["open", "closed"] = Field(examples=["open"])
    board: int = Field(ge=1, le=100_000, examples=[3])
    contract: str | None = Field(None, max_length=10, examples=["4HX"])
    declarer: str | None = Field(None, max_length=5, examples=["S"])
    tricks: int | None = Field(None, ge=0, le=13, examples=[8])
    artificial: str | None = Field(
        None,
        max_length=10,
        examples=["A+/A-"],
        description="The director only: an artificial score.",
    )


class SwapIn(BaseModel):
    """Two entrants of a round's draw to swap (or one with the bye)."""

    model_config = _STRICT

    entrants: list[str] = Field(min_length=2, max_length=2, examples=[["Lions", "Bears"]])


def team_events(request: Request) -> TeamEventStore:
    """The app's team events (made on first use)."""
    return made_once(request.app, "team_events", lambda: TeamEventStore(store(request)))


def _token(authorization: str | None) -> str:
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _directing(request: Request, event_id: str, authorization: str | None) -> Director:
    """The director of the event's club (401 without a login, 403 another club's)."""
    me = director(request, authorization)
    check_directs(me.club_id, team_events(request).club_of(event_id))
    return me


def _who(request: Request, event_id: str, authorization: str | None) -> Who:
    """The table whose token was sent, or the director of the event's club.

    :raises HTTPException: 403 for anything else.
    """
    token = _token(authorization)
    table = team_events(request).table_of(event_id, token) if token else None
    if table is not None:
        return table
    me = director_or_none(request, authorization)
    if me is None:
        raise HTTPException(403, "that is not a token of this event's tables")
    check_directs(me.club_id, team_events(request).club_of(event_id))
    return DIRECTOR


def create_team_event(request: Request, me: Director, body: TeamEventIn) -> JSONResponse:
    """``POST /api/events`` with a team kind: the event stored, with its id."""
    event = body.event()
    event_id = team_events(request).create(me.club_id, event)
    answer = {"id": event_id, **team_summary(request, event_id, event, 1)}
    return JSONResponse(answer, status_code=201)


def _tables(request: Request, event_id: str, match: int) -> list[dict[str, Any]]:
    tokens = team_events(request).tokens(event_id)
    rooms = [t for t in tokens if t.match == match]
    return [{"room": t.room.value, "token": tokens[t],
             "url": link(request, f"/event/{event_id}/table#{tokens[t]}")}
            for t in rooms]  # fmt: skip


def _round(
    request: Request, event_id: str, event: Event, number: int, *, tokens: bool
) -> dict[str, Any]:
    rnd = event.round(number)
    matches = []
    for m in rnd.matches:
        found: dict[str, Any] = {"match": m.number, "home": m.home, "away": m.away,
                                 "boards": list(m.boards)}  # fmt: skip
        if tokens:
            found["tables"] = _tables(request, event_id, m.number)
        matches.append(found)
    return {"round": number, "matches": matches, "bye": rnd.bye,
            "seats": [str(s) for s in seats(event, number)]}  # fmt: skip


def public_event(request: Request, event_id: str, event: Event) -> Event:
    """The event with its players as the club's public pages show them (its setting, and the
    roster's players who may not be named: :class:`~bridgescore.club.PublicView`)."""
    club_store = clubs(request)
    club = club_store.club(team_events(request).club_of(event_id))
    return club_store.public_view(club).event(event)


def team_summary(request: Request, event_id: str, event: Event, version: int) -> dict[str, Any]:
    """``GET /api/events/{id}`` of a team event: its standings and rounds with IMPs and VPs,
    its players as the club's public pages show them."""
    event = public_event(request, event_id, event)
    summary = event.summary()
    return {"id": event_id, "version": version, **summary,
            "rounds_planned": event.total_rounds, "boards_per_match": event.boards_per_match,
            "entrants": [{"name": e.name, "players": [p.to_dict() for p in e.players]}
                         for e in event.entrants],
            "url": link(request, f"/event/{event_id}")}  # fmt: skip


@router.post("/{event_id}/rounds", status_code=201, responses=_DIRECT)
def draw_round(request: Request, event_id: str, authorization: Auth = None) -> JSONResponse:
    """Draw the next round (the director of the event's club): its matches, each with its two
    tables' tokens and links, and the bye. A Swiss round is drawn from the standings once the
    round before is complete (409 until then)."""
    _directing(request, event_id, authorization)
    try:
        event, version = team_events(request).draw(event_id, DIRECTOR)
    except NotReadyError as exc:
        raise HTTPException(409, str(exc)) from None
    number = len(event.rounds)
    answer = {**_round(request, event_id, event, number, tokens=True), "version": version}
    return JSONResponse(answer, status_code=201)


@router.get("/{event_id}/rounds/{round_number}", responses=_READ)
def get_round(
    request: Request, event_id: str, round_number: RoundNumber, authorization: Auth = None
) -> dict[str, Any]:
    """A round's draw and where each entrant sits; for the director, each table's token and
    link again (a lost table card printed again)."""
    event, version = team_events(request).state(event_id)
    me = director_or_none(request, authorization)
    mine = me is not None and me.club_id == team_events(request).club_of(event_id)
    return {**_round(request, event_id, event, round_number, tokens=mine), "version": version}


@router.post("/{event_id}/rounds/{round_number}/swap", responses=_DIRECT)
def swap_teams(
    request: Request, event_id: str, round_number: RoundNumber, body: SwapIn,
    authorization: Auth = None,
) -> dict[str, Any]:  # fmt: skip
    """Swap two entrants' places in a round's draw (or one with the bye) before the round
    starts (409 once a result of it is in); the tables keep their tokens."""
    _directing(request, event_id, authorization)
    first, second = body.entrants
    try:
        event, version = team_events(request).swap(event_id, DIRECTOR, round_number, first, second)
    except NotReadyError as exc:
        raise HTTPException(409, str(exc)) from None
    return {**_round(request, event_id, event, round_number, tokens=True), "version": version}


@router.post(
    "/{event_id}/results",
    status_code=201,
    responses={**_READ,
               403: {"model": Problem, "description": "Not this event's token, or not that "
                     "table's match, room or round."},
               409: {"model": Problem, "description": "That table has entered that board."}},
)  # fmt: skip
def add_result(
    request: Request, event_id: str, body: EventResultIn, authorization: Auth = None
) -> JSONResponse:
    """Enter one board at one table (its token: only its own match and room; the director's
    login: any, and changes one already in). The answer shows the board in both rooms (its
    IMPs once both are in) and the match's score so far."""
    return _enter(request, event_id, body, authorization, change=False)


@router.put(
    "/{event_id}/results",
    responses={**_READ,
               403: {"model": Problem, "description": "Not this event's token, not that "
                     "table's, or a board the other room has entered."}},
)  # fmt: skip
def change_result(
    request: Request, event_id: str, body: EventResultIn, authorization: Auth = None
) -> JSONResponse:
    """Change a board a table has entered: the table's own, until the other room has entered
    it (its IMPs are out then: the director's, who changes any)."""
    return _enter(request, event_id, body, authorization, change=True)


def _enter(
    request: Request, event_id: str, body: EventResultIn, authorization: str | None,
    *, change: bool,
) -> JSONResponse:  # fmt: skip
    who = _who(request, event_id, authorization)
    if body.artificial is not None:
        if body.contract is not None or who != DIRECTOR:
            raise NotAllowedError("an artificial score is the director's to give, alone",
                                  field="artificial", value=body.artificial)  # fmt: skip
        with for_field("artificial"):
            result: Any = Adjusted.parse(body.artificial)
    else:
        result = read_result(body.contract, body.declarer, body.tricks)
    entry = Entry(body.round, body.match, body.board, Room(body.room), result)
    try:
        event, version = team_events(request).enter(event_id, who, entry, change=change)
    except EnteredError as exc:
        return JSONResponse({"detail": str(exc), "result": str(exc.existing.result)}, 409)
    return JSONResponse({**_match(event, body.round, body.match), "version": version,
                         "board": body.board, "room": body.room, "result": str(result)},
                        status_code=200 if change else 201)  # fmt: skip


def _match(event: Event, number: int, match: int) -> dict[str, Any]:
    score = match_score(event, number, match)
    return {"round": number, "match": match, "home": score.home, "away": score.away,
            "imps": list(score.imps), "vp": [v / 100 for v in score.vp],
            "boards": [b.to_dict() for b in board_lines(event, number, match)]}  # fmt: skip


@router.get("/{event_id}/rounds/{round_number}/matches/{match}", responses=_READ)
def get_match(
    request: Request, event_id: str, round_number: RoundNumber,
    match: Annotated[int, PathParam(ge=1, le=1000)],
) -> dict[str, Any]:  # fmt: skip
    """A match so far: each board, whether each room has entered it, its results and IMPs
    once both have (nobody sees a board's result before playing it); the IMPs and VPs."""
    event, version = team_events(request).state(event_id)
    event.round(round_number).match(match)
    return {**_match(event, round_number, match), "version": version}


@router.get("/{event_id}/table", responses={**_READ, 403: {"model": Problem,
            "description": "Not a token of this event's tables."}})  # fmt: skip
def my_table(
    request: Request, event_id: str, authorization: Auth = None,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
) -> dict[str, Any]:  # fmt: skip
    """The table whose token this is (a match's number and a room: the same two tables play
    that match of every round): the round it plays now (or ``round``), who sits NS and EW,
    its boards (what it has entered, and each board's IMPs once both rooms are in)."""
    who = _who(request, event_id, authorization)
    if not isinstance(who, EventTable):
        raise HTTPException(403, "this is a table's call: send the table's token")
    event, version = team_events(request).state(event_id)
    number = round or who.current_round(event)
    if number is None:
        raise HTTPException(404, "no round of this table's has been drawn")
    m = event.round(number).match(who.match)
    ns, ew = (m.home, m.away) if who.room is Room.OPEN else (m.away, m.home)
    mine = {e.board: str(e.result) for e in event.entries
            if (e.round, e.match, e.room) == (number, who.match, who.room)}  # fmt: skip
    return {"event": event.name, "version": version, "round": number, "match": who.match,
            "room": who.room.value, "ns": ns, "ew": ew, "entered": mine,
            "rounds_drawn": len(event.rounds), **_match(event, number, who.match)}  # fmt: skip


@router.get("/{event_id}/events", response_class=StreamingResponse, responses=_READ)
def follow(request: Request, event_id: str) -> StreamingResponse:
    """Server-sent events: one ``change`` event, ``{"version": n}``, each time the event
    changes (a round drawn, a swap, a result in)."""
    _, version = team_events(request).state(event_id)
    return event_stream(request, event_id, version)
