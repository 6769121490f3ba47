"""The pages of a team night: the table page (phones, 360 px), the director's page and the
screen (``/event/{id}``, served with the pairs events' pages by :mod:`.club_events`:
:func:`~bridgescore.web.team_views.screen_page`).

All three are thin: they read and write through the JSON API. The table page is a night's
table page as a pairs evening's is (``static/table_page.js``: the calls of
``/api/sessions/{id}``, :mod:`.live`, with the event's id; the match so far from
:mod:`.team_events`); it reads its token from the link's fragment (``#token``), which never
reaches the server's logs. The director's page needs the club director's login (the site's
cookie).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore.boards.board import Board
from bridgescore.usebio import EVENT_TYPES
from bridgescore.web.common import page
from bridgescore.web.deps import PageDirector, TeamEventsDep, club_of, club_owning, clubs
from bridgescore.web.score_table import table_version

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/event/{event_id}/table", response_class=HTMLResponse)
def table_page(request: Request, event_id: str, team_events: TeamEventsDep) -> Response:
    """One table's page: its match and room, who sits NS and EW, each board's entry, the
    match so far (a board's IMPs once both rooms have entered it)."""
    team_events.state(event_id)
    cycle = [
        {"board": b.number, "dealer": b.dealer.value, "vulnerability": b.vulnerability.value}
        for b in map(Board.numbered, range(1, 17))
    ]  # Law 2: a team night's boards' cycle
    values = {"event_id": event_id, "table_version": table_version(), "cycle": cycle}
    return page(request, "team_table.html", values, club=club_owning(clubs(request), event_id))


@router.get("/event/{event_id}/director", response_class=HTMLResponse)
def director_page(
    request: Request, event_id: str, team_events: TeamEventsDep, me: PageDirector
) -> Response:
    """The director's page: draw each round, swap two teams, the tables' links and QR codes,
    the running match scores and the standings, live."""
    event, _ = team_events.state(event_id)
    if me is None or me.club_id != club_of(request, event_id):
        return RedirectResponse("/login", status_code=303)
    usebio = event.kind in EVENT_TYPES  # the kinds USEBIO is written for (not Swiss pairs)
    return page(request, "team_night.html",
                {"event_id": event_id, "name": event.name, "mode": "director",
                 "usebio": usebio}, club=clubs(request).club(me.club_id))  # fmt: skip
