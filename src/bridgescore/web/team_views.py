"""What the team events' routers share: the body of a new team or Swiss event, the event as
anyone may read it (its players as the club's public pages show them), its summary, and the
screen (``/event/{id}`` of a team event).

A module below the routers: :mod:`.team_events` (the API), :mod:`.team_pages`,
:mod:`.club_events` (``POST /api/events``, ``GET /api/events/{id}``, ``/event/{id}``) and
:mod:`.exports` use it, none of them each other.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Director
from bridgescore.errors import BridgeError, EventError, for_field
from bridgescore.events import Entrant, Event, Scoring, VpScale, player
from bridgescore.inputs import LONGEST_NAME
from bridgescore.storage.nights import start_team_night
from bridgescore.web.common import link, page
from bridgescore.web.deps import club_owning, clubs, live, team_events
from bridgescore.web.models import PlayerIn

__all__ = [
    "EntrantIn",
    "ScaleName",
    "TeamEventIn",
    "create_team_event",
    "public_event",
    "screen_page",
    "team_summary",
]

_STRICT = ConfigDict(extra="forbid", strict=True)
ScaleName = Literal["wbf-2013", "acbl-30", "acbl-20", "ebu-swiss-pairs-7"]
"""The VP scales by name (:class:`~bridgescore.events.VpScale`'s values; a test checks)."""


class EntrantIn(BaseModel):
    """A team (four to six players) or a pair (two); its players may be left out."""

    model_config = _STRICT

    name: str = Field(max_length=LONGEST_NAME, examples=["Lions"])
    players: list[str | PlayerIn] = Field(default_factory=list, max_length=6,
                                          examples=[["Ann Smith", "Bob Jones"]])  # fmt: skip


class TeamEventIn(BaseModel):
    """A team or Swiss event: its kind, name, entrants (in seeding order), rounds (a Swiss's;
    a round robin and a knockout have theirs), boards a match, the VP scale; ``method``
    ``imps`` (default) or ``bam`` for teams, ``mp`` (default) or ``butler`` for Swiss pairs
    (``scoring``: its deprecated name); ``bye_vp`` what a bye scores (default: the scale's
    preset); ``arrears``: each Swiss round drawn from the standings one round in arrears."""

    model_config = _STRICT

    kind: Literal["swiss-teams", "round-robin", "knockout", "swiss-pairs"]
    name: str = Field(max_length=LONGEST_NAME, examples=["Tuesday Swiss"])
    entrants: list[EntrantIn] = Field(min_length=2, max_length=2000)
    rounds: int | None = Field(None, ge=1, le=1000, examples=[7])
    boards_per_match: int = Field(8, ge=1, le=100)
    scale: ScaleName = "wbf-2013"
    method: Scoring | None = Field(
        None,
        description="How a match's boards are compared: `imps` (default) or `bam` for teams, "
        "`mp` (default) or `butler` for Swiss pairs.",
    )
    scoring: Scoring | None = Field(
        None,
        json_schema_extra={"deprecated": True},
        description="Deprecated: the old name of `method`.",
    )
    bye_vp: float | None = Field(None, ge=0, le=30, examples=[12])
    arrears: bool = False
    segments: int = Field(1, ge=1, le=20)

    def event(self) -> Event:
        """The core's event (errors name the field)."""
        bye = None
        if self.bye_vp is not None:
            hundredths = Fraction(str(self.bye_vp)) * 100
            if hundredths.denominator != 1:
                raise EventError.coded("bye_vp_decimals", field="bye_vp", value=self.bye_vp,
                                       got=repr(self.bye_vp))  # fmt: skip
            bye = int(hundredths)
        with for_field("players"):
            entrants = tuple(
                Entrant(
                    e.name,
                    tuple(player(p if isinstance(p, str) else p.player()) for p in e.players),
                )
                for e in self.entrants
            )
        if self.method and self.scoring and self.method != self.scoring:
            raise EventError.coded("method_once", field="method", value=self.scoring)
        method = self.method or self.scoring or ("mp" if self.kind == "swiss-pairs" else "imps")
        try:
            return Event(self.kind, self.name, entrants, self.rounds, self.boards_per_match,  # type: ignore[arg-type]
                         VpScale(self.scale), method, bye, self.arrears, self.segments)  # fmt: skip
        except BridgeError as exc:  # the core's name for it is the old one
            if exc.field == "scoring" and self.scoring is None:
                exc.field = "method"
            raise


def create_team_event(request: Request, me: Director, body: TeamEventIn) -> JSONResponse:
    """``POST /api/events`` with a team kind: the event stored, with its id."""
    event = body.event()
    event_id, _ = start_team_night(live(request).store, me.club_id, event)
    answer = {"id": event_id, **team_summary(request, event_id, event, 1)}
    return JSONResponse(answer, status_code=201)


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


def screen_page(request: Request, event_id: str) -> Response:
    """The screen for the players (``/event/{id}`` of a team event): the round's matches with
    their running scores, the standings and where each team sits, live."""
    event, _ = team_events(request).state(event_id)
    return page(request, "team_night.html",
                {"event_id": event_id, "name": event.name, "mode": "screen"},
                club=club_owning(clubs(request), event_id))  # fmt: skip
