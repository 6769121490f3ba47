"""Events of several sessions on the web: ``POST /api/events``, ``GET /api/events/{id}`` and
the event's page, which ranks the whole event and links each session.

An event is created by a club's director from the club's own sessions (404 for another's);
its ranking counts the sessions published so far (a club evening once closed), so it shows
nothing an anonymous reader of the sessions would not see.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from bridgescore.club import ClubNotFoundError
from bridgescore.club.filing import outright_awards
from bridgescore.duplicate.session import SectionScores
from bridgescore.errors import for_field
from bridgescore.events import Event, EventKind
from bridgescore.events.pairs import EventRules, PairsEvent, rank_event
from bridgescore.inputs import LONGEST_NAME
from bridgescore.live.teams import tables
from bridgescore.storage.clubs import StoredEvent
from bridgescore.storage.nights import TEAM_KINDS
from bridgescore.web.awards import award_of
from bridgescore.web.common import link, page
from bridgescore.web.deps import (
    ClubsDep,
    CurrentDirector,
    TeamEventsDep,
    clubs,
    readable_session,
)
from bridgescore.web.problems import BODY, problem, refused
from bridgescore.web.team_views import TeamEventIn, create_team_event, screen_page, team_summary
from bridgescore.web.work import scores

__all__ = ["router"]

router = APIRouter(tags=["events"], responses=BODY)


class EventIn(BaseModel):
    """A pairs event of two or more of the club's sessions: ranked on the sum of matchpoints
    or the average of percentages; ``carry_over`` (a preset, ``none`` or
    ``half-carry-over``, or a fraction such as ``1/3``) weighs the first ``qualifying``
    sessions."""

    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["pairs"] = "pairs"
    name: str = Field(max_length=LONGEST_NAME, examples=["Autumn championship"])
    sessions: list[str] = Field(min_length=2, max_length=10)
    ranking: Literal["matchpoints", "percentage"] = "matchpoints"
    carry_over: str = Field("none", max_length=20)
    qualifying: int = Field(0, ge=0, le=9)


def _kind(body: Any) -> str:
    """Which body this is: a pairs event of sessions (``kind`` ``pairs``, the default), or a
    team event (any other kind)."""
    kind = body.get("kind", "pairs") if isinstance(body, dict) else getattr(body, "kind", "")
    return "pairs" if kind == "pairs" else "teams"


NewEvent = Annotated[
    Annotated[EventIn, Tag("pairs")] | Annotated[TeamEventIn, Tag("teams")],
    Discriminator(_kind),
]


@router.post(
    "/api/events",
    status_code=201,
    responses={401: problem("No director's login."),
               **refused(ClubNotFoundError, "A session that is not the club's.")},
)  # fmt: skip
def create_event(
    request: Request, body: NewEvent, me: CurrentDirector, clubs: ClubsDep
) -> JSONResponse:
    """A new event of the login's club: a pairs event from the club's sessions (``kind``
    ``pairs``), or a team or Swiss event of entrants (``swiss-teams``, ``round-robin``,
    ``knockout``, ``swiss-pairs``; then ``POST /api/events/{id}/rounds`` draws each round)."""
    if isinstance(body, TeamEventIn):
        return create_team_event(request, me, body)
    with for_field("carry_over"):
        rules = EventRules.preset(body.carry_over, ranking=body.ranking,
                                  qualifying=body.qualifying)  # fmt: skip
    event = PairsEvent(body.name, tuple(body.sessions), rules, body.kind)
    clubs.check_sessions(me.club_id, list(event.sessions))
    stored = clubs.create_event(me.club_id, event.kind, event.to_dict())
    answer = {"id": stored.id, **event.to_dict(), "url": link(request, f"/event/{stored.id}")}
    return JSONResponse(answer, status_code=201)


_LISTED = 30
"""A preview lists every round of a round robin up to this many rounds (round 1 beyond)."""


@router.post("/api/events/preview")
def preview_event(body: TeamEventIn) -> dict[str, Any]:
    """What a team or Swiss event would be, before it is started (the start page's preview;
    nothing is stored and no login is needed): the same checks as ``POST /api/events`` (422,
    naming the field), then its ``rounds``, ``boards_per_match``, ``tables`` a round (two a
    match, one for Swiss pairs), ``matches`` a round, and ``schedule``: the rounds drawn now
    (a round robin's every round, a knockout's and a Swiss's first: each ``{"round",
    "matches": [{"home", "away"}], "byes"}``); ``later`` says how the rest are drawn
    (``standings``, ``winners``, or ``fixed``); ``meetings``: the most times two entrants meet
    in the schedule shown, ``byes``: the most byes one entrant has in it, and ``home``: the
    fewest and the most matches one entrant plays at home in it."""
    event = body.event()
    drawn = event.draw_next()
    if event.kind is EventKind.ROUND_ROBIN and event.total_rounds <= _LISTED:
        while len(drawn.rounds) < drawn.total_rounds:
            drawn = drawn.draw_next()
    return _preview(drawn)


def _preview(drawn: Event) -> dict[str, Any]:
    later = {EventKind.ROUND_ROBIN: "fixed", EventKind.KNOCKOUT: "winners"}.get(
        drawn.kind, "standings"
    )
    met: dict[frozenset[str], int] = {}
    byes: dict[str, int] = {}
    home = dict.fromkeys(drawn.names, 0)
    for rnd in drawn.rounds:
        for m in rnd.matches:
            home[m.home] += 1
            met[frozenset((m.home, m.away))] = met.get(frozenset((m.home, m.away)), 0) + 1
        for b in rnd.byes:
            byes[b] = byes.get(b, 0) + 1
    schedule = [{"round": r.number, "byes": list(r.byes),
                 "matches": [{"home": m.home, "away": m.away} for m in r.matches]}
                for r in drawn.rounds]  # fmt: skip
    return {"kind": drawn.kind.value, "name": drawn.name, "entrants": len(drawn.entrants),
            "rounds": drawn.total_rounds, "boards_per_match": drawn.boards_per_match,
            "matches": len(drawn.rounds[0].matches), "tables": len(tables(drawn, 1)),
            "schedule": schedule, "later": later, "meetings": max(met.values(), default=0),
            "byes": max(byes.values(), default=0),
            "home": [min(home.values()), max(home.values())]}  # fmt: skip


def _ranked(request: Request, stored: StoredEvent) -> dict[str, Any]:
    event = PairsEvent.from_dict(stored.definition)
    published: list[list[SectionScores]] = []
    sessions = []
    for game_id in event.sessions:
        try:
            found, session = readable_session(request, game_id)
        except HTTPException:  # not yet published: in play
            sessions.append({"id": game_id, "event": "", "published": False,
                             "url": link(request, f"/session/{game_id}")})  # fmt: skip
            continue
        published.append(scores(request, found))
        sessions.append({"id": game_id, "event": session.event, "published": True,
                         "url": link(request, f"/session/{game_id}")})  # fmt: skip
    rules = event.rules
    if len(published) < len(event.sessions):  # a carry-over counts the sessions played
        rules = EventRules(rules.ranking)
    rows = rank_event(rules, published) if published else []
    outright = None  # the outright awards: of the whole event, by the club's scheme
    if len(published) == len(event.sessions):
        spec = clubs(request).club(stored.club_id).masterpoints
        outright = outright_awards(spec, rows, len(event.sessions))
    return {"id": stored.id, **event.to_dict(), "sessions": sessions,
            "rankings": [r.to_dict() | ({} if outright is None else award_of(outright.get(r.pair)))
                         for r in rows]}  # fmt: skip


@router.get("/api/events/{event_id}", responses=refused(ClubNotFoundError, "No such event."))
def get_event(
    request: Request, event_id: str, clubs: ClubsDep, team_events: TeamEventsDep
) -> dict[str, Any]:
    """The event. A pairs event: its sessions (each with its link, and whether published) and
    the whole event's ranking over the sessions published so far. A team event: its
    ``standings`` (VPs to two decimals, IMPs for and against) and ``rounds`` (each match's
    IMPs and VPs so far, the bye)."""
    stored = clubs.event(event_id)
    if stored.kind in TEAM_KINDS:
        event, version = team_events.state(event_id)
        return team_summary(request, event_id, event, version)
    return _ranked(request, stored)


@router.get("/event/{event_id}", response_class=HTMLResponse, include_in_schema=False)
def event_page(request: Request, event_id: str, clubs: ClubsDep) -> Response:
    """The event's page: the whole event ranked, and each session linked (a team event:
    the screen of its rounds and standings)."""
    stored = clubs.event(event_id)
    if stored.kind in TEAM_KINDS:
        return screen_page(request, event_id)
    return page(request, "event.html", {"event": _ranked(request, stored)},
                club=clubs.club(stored.club_id))  # fmt: skip
