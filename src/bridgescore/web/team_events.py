"""Team and Swiss events on the web: the JSON API under ``/api/events`` (the same resource as
the pairs events of several sessions, with another ``kind``).

A team night is a live night, as a pairs evening is: its results, tokens, conflicts and audit
trail are the live store's (:class:`~bridgescore.storage.live.LiveStore`), every change is
decided by the core (:func:`bridgescore.live.accept`, :func:`bridgescore.live.definition.redefine`)
inside the write, and the calls of ``/api/sessions/{id}`` (results, conflicts, corrections,
closing, the audit trail, the stream) work on it with tables numbered as
:func:`~bridgescore.live.night.table_of` says. This module keeps what is a team night's own:
A club's director creates the event (``POST /api/events`` with a team ``kind``), draws each
round (``POST /api/events/{id}/rounds``: the answer gives each match's two tables, each with
its token and link), may swap two teams before a round starts, and follows the standings; and
the calls by match and room that phones used before (``POST``/``PUT
/api/events/{id}/results``, deprecated: their answers keep their shapes).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Director, check_directs
from bridgescore.errors import EventError, for_field
from bridgescore.events import Entrant, Event, Room, VpScale, player
from bridgescore.live import (
    DIRECTOR,
    AlreadyEnteredError,
    LiveState,
    TableEntry,
    Who,
    read_result,
)
from bridgescore.live.definition import Draw, NotReadyError, Swap
from bridgescore.live.night import table_of
from bridgescore.live.teams import EventTable, board_lines, match_score, seats
from bridgescore.storage.errors import GameNotFoundError
from bridgescore.storage.live import LiveStore
from bridgescore.storage.nights import adopt, start_team_night
from bridgescore.web.clubs import BODY_ERRORS, PlayerIn, clubs, director, director_or_none
from bridgescore.web.common import link
from bridgescore.web.live import live
from bridgescore.web.streams import event_stream

__all__ = [
    "TeamEventIn",
    "club_of",
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


class TeamNights:
    """The live store's team nights, by the event's id (an event stored by an earlier version
    is made a live night the first time it is read: :func:`~bridgescore.storage.nights.adopt`)."""

    def __init__(self, store: LiveStore) -> None:
        self.store = store

    def night(self, event_id: str) -> LiveState:
        """The team night as stored now.

        :raises GameNotFoundError: if there is no such team night.
        """
        try:
            state = self.store.state(event_id)
        except GameNotFoundError:
            if not adopt(self.store, event_id):
                raise
            state = self.store.state(event_id)
        if state.seating.kind != "teams":
            raise GameNotFoundError(f"there is no team event with id {event_id!r}")
        return state

    def state(self, event_id: str) -> tuple[Event, int]:
        """The event with its results, and its version."""
        night = self.night(event_id)
        return night.event, night.version


def team_events(request: Request) -> TeamNights:
    """The app's team nights."""
    return TeamNights(live(request).store)


def club_of(request: Request, event_id: str) -> str | None:
    """The club of a team night (404 for no team night)."""
    team_events(request).night(event_id)
    return clubs(request).owner(event_id)


def _token(authorization: str | None) -> str:
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _directing(request: Request, event_id: str, authorization: str | None) -> Director:
    """The director of the event's club (401 without a login, 403 another club's)."""
    me = director(request, authorization)
    check_directs(me.club_id, club_of(request, event_id))
    return me


def _who(request: Request, event_id: str, authorization: str | None) -> Who:
    """The table whose token was sent, or the director of the event's club.

    :raises HTTPException: 403 for anything else.
    """
    token = _token(authorization)
    team_events(request).night(event_id)
    table = live(request).store.table_of(event_id, token) if token else None
    if table is not None:
        return table
    me = director_or_none(request, authorization)
    if me is None:
        raise HTTPException(403, "that is not a token of this event's tables")
    check_directs(me.club_id, club_of(request, event_id))
    return DIRECTOR


def create_team_event(request: Request, me: Director, body: TeamEventIn) -> JSONResponse:
    """``POST /api/events`` with a team kind: the event stored, with its id."""
    event = body.event()
    event_id, _ = start_team_night(live(request).store, me.club_id, event)
    answer = {"id": event_id, **team_summary(request, event_id, event, 1)}
    return JSONResponse(answer, status_code=201)


def _tables(request: Request, event_id: str, event: Event, match: int) -> list[dict[str, Any]]:
    tokens = live(request).store.tokens_for(event_id, clubs(request).edit_token(event_id))
    rooms = (Room.OPEN,) if event.kind.pairs else (Room.OPEN, Room.CLOSED)
    tables = [(room, tokens[table_of(match, room, len(rooms))]) for room in rooms]
    return [{"room": room.value, "table": table_of(match, room, len(rooms)), "token": token,
             "url": link(request, f"/event/{event_id}/table#{token}")}
            for room, token in tables]  # fmt: skip


def _round(
    request: Request, event_id: str, event: Event, number: int, *, tokens: bool
) -> dict[str, Any]:
    rnd = event.round(number)
    matches = []
    for m in rnd.matches:
        found: dict[str, Any] = {"match": m.number, "home": m.home, "away": m.away,
                                 "boards": list(m.boards)}  # fmt: skip
        if tokens:
            found["tables"] = _tables(request, event_id, event, m.number)
        matches.append(found)
    return {"round": number, "matches": matches, "bye": rnd.bye,
            "seats": [str(s) for s in seats(event, number)]}  # fmt: skip


def public_event(request: Request, event_id: str, event: Event) -> Event:
    """The event with its players as the club's public pages show them (its setting, and the
    roster's players who may not be named: :class:`~bridgescore.club.PublicView`)."""
    club_store = clubs(request)
    owner = club_store.owner(event_id)
    assert owner is not None  # a team night is always a club's
    return club_store.public_view(club_store.club(owner)).event(event)


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
        version = live(request).store.redefine(event_id, Draw(), DIRECTOR)
    except NotReadyError as exc:
        raise HTTPException(409, str(exc)) from None
    event, version = team_events(request).state(event_id)
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
    mine = me is not None and me.club_id == club_of(request, event_id)
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
        live(request).store.redefine(event_id, Swap(round_number, first, second), DIRECTOR)
    except NotReadyError as exc:
        raise HTTPException(409, str(exc)) from None
    event, version = team_events(request).state(event_id)
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
    night = team_events(request).night(event_id)
    if body.artificial is not None and body.contract is not None:
        raise EventError("give a result or an artificial score, not both", field="artificial",
                         value=body.artificial)  # fmt: skip
    table = table_of(body.match, body.room, night.seating.rooms)
    with for_field("room"):
        Room(body.room)
        if night.seating.rooms == 1 and body.room != "open":
            raise EventError("a Swiss pairs match has one table, its open room", field="room",
                             value=body.room)  # fmt: skip
    night.event.round(body.round).match(body.match)  # a round and match of the draw (else 422)
    result = None if body.artificial is not None else read_result(body.contract, body.declarer,
                                                                  body.tricks)  # fmt: skip
    entry = night.entry(body.round, table, body.board, result=result, artificial=body.artificial)
    store = live(request).store
    stored = night.at(table, body.round, body.board)
    try:
        if stored is not None and (change or who == DIRECTOR):  # the director replaces any
            version = store.edit(event_id, stored.id, entry, who)[1]
        elif change and who != DIRECTOR:
            raise EventError(f"round {body.round}, board {body.board} has no result at "
                             f"{EventTable(body.match, Room(body.room))} to change",
                             field="board", value=body.board)  # fmt: skip
        else:
            version = store.add(event_id, entry, who)[1]
    except AlreadyEnteredError as exc:
        return JSONResponse({"detail": str(exc), "result": _text(exc.existing.entry)}, 409)
    event = store.state(event_id).event
    return JSONResponse({**_match(event, body.round, body.match), "version": version,
                         "board": body.board, "room": body.room, "result": _text(entry)},
                        status_code=200 if change else 201)  # fmt: skip


def _text(entry: TableEntry) -> str:
    """A team night's entry as the calls by match and room give it: ``4SN=``, ``A+/A-``."""
    return str(entry.result if entry.result is not None else entry.artificial)


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
    if who == DIRECTOR:
        raise HTTPException(403, "this is a table's call: send the table's token")
    night = team_events(request).night(event_id)
    event = night.event
    rounds = sorted(s.round for s in night.seating.sittings if s.table == who)
    if not rounds:
        raise HTTPException(404, "no round of this table's has been drawn")
    now = night.position(who).current_round  # else the last it plays before it
    number = round or (now if now in rounds else max((r for r in rounds if r <= now),
                                                     default=rounds[0]))  # fmt: skip
    place = EventTable.of(who, event)
    m = event.round(number).match(place.match)
    ns, ew = (m.home, m.away) if place.room is Room.OPEN else (m.away, m.home)
    mine = {r.entry.board: _text(r.entry) for r in night.results
            if (r.entry.round, r.entry.table) == (number, who)}  # fmt: skip
    return {"event": event.name, "version": night.version, "round": number,
            "match": place.match, "room": place.room.value, "table": who, "ns": ns, "ew": ew,
            "entered": mine, "rounds_drawn": len(event.rounds),
            **_match(event, number, place.match)}  # fmt: skip


@router.get("/{event_id}/events", response_class=StreamingResponse, responses=_READ)
def follow(request: Request, event_id: str) -> StreamingResponse:
    """Server-sent events: one ``change`` event, ``{"version": n}``, each time the event
    changes (a round drawn, a swap, a result in)."""
    _, version = team_events(request).state(event_id)
    return event_stream(request, event_id, version)
