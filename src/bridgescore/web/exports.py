"""A session's results as a file to download: ``GET /api/sessions/{id}/export?format=...``;
a team event's as USEBIO: ``GET /api/events/{id}/export?format=usebio``.

USEBIO 1.2 (what the national bodies take, and BridgeWebs and Pianola), PBN or CSV: the same
files as ``bridgescore session export`` writes, of a session anyone with its link may read (a
club evening's once the director has closed it, its private players by number only). A team
event's file holds what ``GET /api/events/{id}`` shows anyone: its standings, each match's IMPs
and VPs, and the boards both rooms have played (SCORING.md §21.1).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from bridgescore.duplicate.analysis import session_csv
from bridgescore.duplicate.session import Session
from bridgescore.events import Event
from bridgescore.locale import gettext
from bridgescore.storage import GameNotFoundError
from bridgescore.storage.clubs import ClubStore
from bridgescore.web.deps import ClubsDep, TeamEventsDep, club_of, readable_session, store
from bridgescore.web.downloads import disposition, pbn_text
from bridgescore.web.problems import problem
from bridgescore.web.team_views import public_event
from bridgescore.web.work import run_heavy, scores

__all__ = ["FORMATS", "events_router", "router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"])
events_router = APIRouter(prefix="/api/events", tags=["events"])

Format = Literal["usebio", "pbn", "csv"]

FORMATS: dict[str, tuple[str, str]] = {
    "usebio": ("application/xml", "xml"),
    "pbn": ("application/x-pbn; charset=utf-8", "pbn"),
    "csv": ("text/csv; charset=utf-8", "csv"),
}
"""Each format's media type and file extension."""

_FILE = {
    "content": {media: {"schema": {"type": "string"}} for media, _ in FORMATS.values()},
    "description": "The file, as an attachment named after the event.",
}
_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: _FILE,
    403: problem("A club evening not yet closed by its director."),
    404: problem("No such session."),
}  # fmt: skip


_FORMAT = (
    "usebio: USEBIO 1.2 XML (masterpoints, NGS grades, BridgeWebs, Pianola); pbn: PBN "
    "2.1 export format; csv: rankings and travellers."
)


def _usebio(session: Session) -> bytes:
    from bridgescore import usebio

    return usebio.write(session)


@router.get("/{game_id}/export", response_class=Response, responses=_RESPONSES)
def export(
    request: Request,
    game_id: str,
    team_events: TeamEventsDep,
    clubs: ClubsDep,
    format: Annotated[Format, Query(description=_FORMAT)] = "usebio",
) -> Response:
    """The session's results as a USEBIO, PBN or CSV file; a team night's as PBN (a game per
    board and room of each match: the teams, the contract, the score and the board's IMPs) or
    USEBIO, for anyone, as ``GET /api/events/{id}`` shows it (CSV: 422)."""
    try:
        night = team_events.night(game_id)
    except GameNotFoundError:
        night = None
    if night is not None:
        return _team_export(request, game_id, night.event, clubs, format)
    stored, session = readable_session(request, game_id)
    media, extension = FORMATS[format]
    if format == "usebio":  # what USEBIO cannot say (a weighted score) is a 422 (a BridgeError)
        body: str | bytes = run_heavy(request, _usebio, session)
    elif format == "pbn":
        body = run_heavy(request, pbn_text, session)
    else:
        body = run_heavy(request, session_csv, scores(request, stored), session)
    headers = {"Content-Disposition": disposition(session.event, extension)}
    return Response(body, media_type=media, headers=headers)


def _team_export(
    request: Request, event_id: str, event: Event, clubs: ClubStore, format: str
) -> Response:
    """A team night's file: PBN or USEBIO (a team night has no CSV)."""
    if format == "csv":
        raise HTTPException(
            422, gettext("a team night's results are exported as PBN or USEBIO, not CSV")
        )
    event = public_event(request, event_id, event)
    if format == "pbn":
        date = store(request).get(event_id).created_at.strftime("%Y.%m.%d")
        body: str | bytes = run_heavy(request, _team_pbn, event, date)
    else:
        club = clubs.club(club_of(request, event_id) or "")
        body = run_heavy(request, _team_usebio, event, club.name, club.number)
    media, extension = FORMATS[format]
    headers = {"Content-Disposition": disposition(event.name, extension)}
    return Response(body, media_type=media, headers=headers)


def _team_pbn(event: Event, date: str) -> str:
    from bridgescore.pbn import write_event

    return write_event(event, date=date)


def _team_usebio(event: Event, club: str, number: str) -> bytes:
    from bridgescore import usebio

    return usebio.write_event(event, club=club, club_number=number)


@events_router.get(
    "/{event_id}/export",
    response_class=Response,
    responses={200: {"content": {"application/xml": {"schema": {"type": "string"}}},
                     "description": "The file, as an attachment named after the event."},
               404: problem("No such team event."),
               422: {"description": "A Swiss pairs event (not written as USEBIO yet)."}},
)  # fmt: skip
def export_event(
    request: Request,
    event_id: str,
    team_events: TeamEventsDep,
    clubs: ClubsDep,
    format: Annotated[Literal["usebio"], Query(description="usebio: USEBIO 1.2 XML.")] = "usebio",
) -> Response:
    """A team event's results (round robin, Swiss teams, knockout) as a USEBIO 1.2 file: the
    teams ranked with their players, each match's IMPs and VPs, and every board both rooms
    have played. Anyone may read it, as anyone may read ``GET /api/events/{id}``, its players
    shown as the club's public pages show them."""
    event, _ = team_events.state(event_id)
    event = public_event(request, event_id, event)
    owner = club_of(request, event_id)
    assert owner is not None  # a team night is always a club's
    club = clubs.club(owner)
    body = run_heavy(request, _team_usebio, event, club.name, club.number)
    headers = {"Content-Disposition": disposition(event.name, FORMATS[format][1])}
    return Response(body, media_type=FORMATS[format][0], headers=headers)
