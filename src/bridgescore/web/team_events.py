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

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Director, check_directs
from bridgescore.errors import EventError, for_field
from bridgescore.events import MAX_EXTRA_BOARDS, Event, RepeatMeetingError, Room, TieError, tied
from bridgescore.live import (
    DIRECTOR,
    AlreadyEnteredError,
    TableEntry,
    Who,
    read_result,
)
from bridgescore.live.definition import CarryOver, Draw, ExtraBoards, NotReadyError, Swap
from bridgescore.live.night import table_of
from bridgescore.live.teams import EventTable, board_lines, match_score, seats
from bridgescore.locale import error_text, gettext
from bridgescore.web.common import link
from bridgescore.web.deps import (
    ClubsDep,
    CurrentDirector,
    LiveDep,
    OptionalDirector,
    TeamEventsDep,
    TokenDep,
    club_of,
    clubs,
    director_or_none,
    live,
    team_events,
)
from bridgescore.web.problems import BODY, Responses, problem, refused
from bridgescore.web.streams import event_stream

__all__ = ["router"]

router = APIRouter(prefix="/api/events", tags=["events"], responses=BODY)
RoundNumber = Annotated[int, PathParam(ge=1, le=1000)]
_STRICT = ConfigDict(extra="forbid", strict=True)


_READ: Responses = {404: problem("No such event.")}
_DIRECT: Responses = {
    **_READ,
    401: problem("No director's login."),
    403: problem("Another club's event."),
    **refused(NotReadyError, "Not now: the round the draw needs is unfinished, or the round "
              "to change has begun."),
}  # fmt: skip


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
    confirm: bool = Field(False, description="Swap even if two teams would meet again.")


class CarryOverIn(BaseModel):
    """A knockout match's carry-over: IMPs to the home team (negative: to the away team)."""

    model_config = _STRICT

    imps: float = Field(ge=-1000, le=1000, examples=[0.5])


class ExtraBoardsIn(BaseModel):
    """Extra boards for a tied knockout match."""

    model_config = _STRICT

    boards: int = Field(ge=1, le=MAX_EXTRA_BOARDS, examples=[4])


def _directing(request: Request, event_id: str, me: CurrentDirector) -> Director:
    """The director of the event's club (401 without a login, 403 another club's)."""
    check_directs(me.club_id, club_of(request, event_id))
    return me


EventDirector = Annotated[Director, Depends(_directing)]


def _who(
    request: Request,
    event_id: str,
    sent: TokenDep,
    team_events: TeamEventsDep,
    live: LiveDep,
    clubs: ClubsDep,
) -> Who:
    """The table whose token was sent, or the director of the event's club.

    :raises HTTPException: 403 for anything else.
    """
    team_events.night(event_id)
    table = live.store.table_of(event_id, sent.token) if sent.token else None
    if table is not None:
        return table
    me = director_or_none(request, sent, clubs)
    if me is None:
        raise HTTPException(403, gettext("that is not a token of this event's tables"))
    check_directs(me.club_id, club_of(request, event_id))
    return DIRECTOR


TableOrDirector = Annotated[Who, Depends(_who)]


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
    places = seats(event, number)
    return {"round": number, "matches": matches, "bye": rnd.bye,
            "seats": [str(s) for s in places],  # the core's English
            "places": [{"entrant": s.entrant, "match": s.match, "opponents": s.opponents,
                        "ns_room": s.ns_room.value if s.ns_room else None}
                       for s in places]}  # fmt: skip


@router.post("/{event_id}/rounds", status_code=201, responses=_DIRECT)
def draw_round(
    request: Request,
    event_id: str,
    me: EventDirector,
    live: LiveDep,
    team_events: TeamEventsDep,
) -> JSONResponse:
    """Draw the next round (the director of the event's club): its matches, each with its two
    tables' tokens and links, and the bye. A Swiss round is drawn from the standings once the
    round before is complete (409 until then)."""
    live.store.redefine(event_id, Draw(), DIRECTOR)
    event, version = team_events.state(event_id)
    number = len(event.rounds)
    answer = {**_round(request, event_id, event, number, tokens=True), "version": version}
    return JSONResponse(answer, status_code=201)


@router.get("/{event_id}/rounds/{round_number}", responses=_READ)
def get_round(
    request: Request, event_id: str, round_number: RoundNumber, me: OptionalDirector,
    team_events: TeamEventsDep,
) -> dict[str, Any]:  # fmt: skip
    """A round's draw and where each entrant sits; for the director, each table's token and
    link again (a lost table card printed again)."""
    event, version = team_events.state(event_id)
    mine = me is not None and me.club_id == club_of(request, event_id)
    return {**_round(request, event_id, event, round_number, tokens=mine), "version": version}


@router.post("/{event_id}/rounds/{round_number}/swap", responses=_DIRECT)
def swap_teams(
    request: Request, event_id: str, round_number: RoundNumber, body: SwapIn,
    me: EventDirector, live: LiveDep, team_events: TeamEventsDep,
) -> Any:  # fmt: skip
    """Swap two entrants' places in a round's draw (or one with the bye) before the round
    starts (409 once a result of it is in); the tables keep their tokens. A swap that makes
    two teams meet again answers 409 with ``repeat`` (each pair of teams) until it is sent
    with ``"confirm": true``."""
    first, second = body.entrants
    try:  # the core refuses a repeat meeting inside the write (live.definition.redefine)
        live.store.redefine(event_id, Swap(round_number, first, second, body.confirm), DIRECTOR)
    except RepeatMeetingError as exc:
        repeat = [[a, b] for a, b, _ in exc.repeat]
        return JSONResponse({"detail": error_text(exc), "repeat": repeat}, 409)
    event, version = team_events.state(event_id)
    return {**_round(request, event_id, event, round_number, tokens=True), "version": version}


_TIE: Responses = {
    **_DIRECT,
    **refused(TieError, "Not a tie to settle now: the match is under way, not tied, or decided."),
}
MatchNumber = Annotated[int, PathParam(ge=1, le=1000)]


@router.put("/{event_id}/rounds/{round_number}/matches/{match}/carry-over", responses=_TIE)
def set_carry_over(
    event_id: str, round_number: RoundNumber, match: MatchNumber, body: CarryOverIn,
    me: EventDirector, live: LiveDep, team_events: TeamEventsDep,
) -> dict[str, Any]:  # fmt: skip
    """Set a knockout match's carry-over (the director): before the match starts, or to
    break a tie once it is over (422 for another kind of event, 409 for a match under way,
    not tied or decided). The answer is the match, as ``GET .../matches/{match}`` gives it."""
    imps = Fraction(str(body.imps)).limit_denominator(100)
    live.store.redefine(event_id, CarryOver(round_number, match, imps), DIRECTOR)
    return get_match(event_id, round_number, match, team_events)


@router.post("/{event_id}/rounds/{round_number}/matches/{match}/extra-boards", responses=_TIE)
def add_extra_boards(
    event_id: str, round_number: RoundNumber, match: MatchNumber, body: ExtraBoardsIn,
    me: EventDirector, live: LiveDep, team_events: TeamEventsDep,
) -> dict[str, Any]:  # fmt: skip
    """Break a tied knockout match by extra boards (the director): both rooms play them
    (numbered after the match's boards; the tables' phones show them) and their IMPs count
    (422 for another kind of event, 409 for a match not over, not tied or decided). The
    answer is the match, as ``GET .../matches/{match}`` gives it."""
    live.store.redefine(event_id, ExtraBoards(round_number, match, body.boards), DIRECTOR)
    return get_match(event_id, round_number, match, team_events)


@router.post(
    "/{event_id}/results",
    status_code=201,
    deprecated=True,
    responses={**_READ,
               403: problem("Not this event's token, or not that table's match, room or "
                            "round."),
               **refused(AlreadyEnteredError, "That table has entered that board.")},
)  # fmt: skip
def add_result(
    request: Request, event_id: str, body: EventResultIn, who: TableOrDirector
) -> JSONResponse:
    """Deprecated: ``POST /api/sessions/{id}/results``. Enter one board at one table (its
    token: only its own match and room; the director's login: any, and changes one already
    in). The answer shows the board in both rooms (its
    IMPs once both are in) and the match's score so far."""
    return _enter(request, event_id, body, who, change=False)


@router.put(
    "/{event_id}/results",
    deprecated=True,
    responses={**_READ,
               403: problem("Not this event's token, not that table's, or a board the other "
                            "room has entered.")},
)  # fmt: skip
def change_result(
    request: Request, event_id: str, body: EventResultIn, who: TableOrDirector
) -> JSONResponse:
    """Deprecated: ``PUT /api/sessions/{id}/results/{result_id}``. Change a board a table has
    entered: the table's own, until the other room has entered
    it (its IMPs are out then: the director's, who changes any)."""
    return _enter(request, event_id, body, who, change=True)


def _enter(
    request: Request, event_id: str, body: EventResultIn, who: Who, *, change: bool
) -> JSONResponse:
    night = team_events(request).night(event_id)
    if body.artificial is not None and body.contract is not None:
        raise EventError.coded("result_or_artificial", field="artificial", value=body.artificial)
    table = table_of(body.match, body.room, night.seating.rooms)
    with for_field("room"):
        Room(body.room)
        if night.seating.rooms == 1 and body.room != "open":
            raise EventError.coded("swiss_pairs_open_room", field="room", value=body.room)
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
            raise EventError.coded("no_result_to_change", field="board", value=body.board,
                                   round=body.round, board=body.board, match=body.match,
                                   room=Room(body.room).value)  # fmt: skip
        else:
            version = store.add(event_id, entry, who)[1]
    except AlreadyEnteredError as exc:  # the 409 of a team night: the result stored, as text
        return JSONResponse({"detail": error_text(exc), "result": _text(exc.existing.entry)}, 409)
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
            "carry_over": float(score.carry_over), "tied": tied(event, number, match),
            "method": event.scoring,
            "percent": None if score.percents is None else [float(p) for p in score.percents],
            "boards": [b.to_dict() for b in board_lines(event, number, match)]}  # fmt: skip


@router.get("/{event_id}/rounds/{round_number}/matches/{match}", responses=_READ)
def get_match(
    event_id: str, round_number: RoundNumber, match: Annotated[int, PathParam(ge=1, le=1000)],
    team_events: TeamEventsDep,
) -> dict[str, Any]:  # fmt: skip
    """A match so far: each board, whether each room has entered it, its results and IMPs
    once both have (nobody sees a board's result before playing it); the IMPs and VPs (Swiss
    pairs: each board's one result once every table has it, the percentages by matchpoints)."""
    event, version = team_events.state(event_id)
    event.round(round_number).match(match)
    return {**_match(event, round_number, match), "version": version}


@router.get("/{event_id}/table", deprecated=True,
            responses={**_READ, 403: problem("Not a token of this event's tables.")})  # fmt: skip
def my_table(
    event_id: str, who: TableOrDirector, team_events: TeamEventsDep,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
) -> dict[str, Any]:  # fmt: skip
    """Deprecated: ``GET /api/sessions/{id}`` and its ``/whoami``. The table whose token this is
    (a match's number and a room: the same two tables play
    that match of every round): the round it plays now (or ``round``), who sits NS and EW,
    its boards (what it has entered, and each board's IMPs once both rooms are in)."""
    if who == DIRECTOR:
        raise HTTPException(403, gettext("this is a table's call: send the table's token"))
    night = team_events.night(event_id)
    event = night.event
    rounds = sorted(s.round for s in night.seating.sittings if s.table == who)
    if not rounds:
        raise HTTPException(404, gettext("no round of this table's has been drawn"))
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
def follow(request: Request, event_id: str, team_events: TeamEventsDep) -> StreamingResponse:
    """Server-sent events: one ``change`` event, ``{"version": n}``, each time the event
    changes (a round drawn, a swap, a result in)."""
    _, version = team_events.state(event_id)
    return event_stream(request, event_id, version)
