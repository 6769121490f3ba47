"""The club's public results site on the server (``/clubs/{slug}/``), its settings' API
(``GET``/``PUT /api/club/public``), and the same pages written as a folder
(:func:`write_site`, behind ``bridgescore publish``).

The pages are :class:`~bridgescore.web.site.SiteBuilder`'s, drawn by
:func:`~bridgescore.web.site.render`: the server and the folder share one rendering path.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import LONGEST_CORRECTION_HOURS, Club
from bridgescore.duplicate.session import score_session
from bridgescore.files import write_atomically
from bridgescore.locale import pick, use
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.site import ClubSite
from bridgescore.storage.store import utcnow
from bridgescore.web.common import STATIC, language_of_scope
from bridgescore.web.deps import ClubsDep, CurrentDirector, LiveDep
from bridgescore.web.hand_records import solve_dd
from bridgescore.web.problems import BODY, problem
from bridgescore.web.site import (
    ASSETS,
    SiteBuilder,
    SitePage,
    club_slug,
    parse_slug,
    render,
    site_builder,
)
from bridgescore.web.work import section_scorer

__all__ = ["PublicIn", "api_router", "router", "write_site"]

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api", tags=["clubs"], responses=BODY)


class PublicIn(BaseModel):
    """How the club's public pages show players, its correction period, and its default
    language (``null``: none, English)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    players: Literal["names", "numbers"] = "names"
    correction_hours: int = Field(24, ge=0, le=LONGEST_CORRECTION_HOURS)
    language: str | None = Field(None, max_length=16, examples=["fr", None])


def _public(club: Club) -> dict[str, Any]:
    return {"players": club.players, "correction_hours": club.correction_hours,
            "language": club.language, "site": f"/clubs/{club_slug(club)}/"}  # fmt: skip


@api_router.get("/club/public", responses={401: problem("No director's login.")})
def get_public(me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """The login's club's public settings and the address of its results site."""
    return _public(clubs.club(me.club_id))


@api_router.put("/club/public", responses={401: problem("No director's login.")})
def put_public(body: PublicIn, me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """Show the club's players by ``names`` or by national ``numbers`` only on its public
    pages; set its correction period (results are provisional for so many hours after an
    evening is closed); set its default ``language`` (a code of ``bridgescore.locale.
    LANGUAGES``, or null: 422 naming ``language`` for another), its pages' language for a
    browser that asks for none of ours, its published site's and its letters'."""
    return _public(clubs.set_public(me.club_id, body.players, body.correction_hours,
                                    language=body.language))  # fmt: skip


def _builder(request: Request, slug: str, clubs: ClubsDep, live: LiveDep) -> SiteBuilder | Response:
    """The club's site of the address's ``slug`` (a redirect to its real address if the
    slug is not it); 404 for no such club."""
    club = clubs.club_numbered(*parse_slug(slug))
    if club_slug(club) != slug:  # the name changed, or was written otherwise: the real one
        rest = request.url.path.split("/", 3)[3] if request.url.path.count("/") >= 3 else ""
        return RedirectResponse(f"/clubs/{club_slug(club)}/{rest}", status_code=301)
    return site_builder(request, club, clubs, live)


Site = Annotated[SiteBuilder | Response, Depends(_builder)]
"""The club's site a page's address names (:func:`_builder`)."""


@router.get("/clubs/{slug}", response_class=HTMLResponse)
def club_no_slash(slug: str) -> Response:
    """The club's site is at its address with a final ``/`` (relative links need it)."""
    return RedirectResponse(f"/clubs/{slug}/", status_code=301)


def _page(path: str, name: str, doc: str, make: Callable[[SiteBuilder, Any], SitePage]) -> None:
    """The page of the club's site at ``/clubs/{slug}/<path>``: ``make`` draws it from the
    site and the address's other parts (``request.path_params``)."""

    def serve(request: Request, site: Site) -> Response:
        if isinstance(site, Response):
            return site
        with use(language_of_scope(request.scope, site.club.language)):
            return HTMLResponse(render(make(site, request.path_params), static=False))

    serve.__doc__ = doc
    router.get(f"/clubs/{{slug}}/{path}", response_class=HTMLResponse, name=name)(serve)


_page("", "club_site", "The club's results: its evenings and events, newest first, and its "
      "players.", lambda b, _: b.club_page())  # fmt: skip
_page("evenings/{game_id}/", "evening", "An evening's rankings, travellers and changes.",
      lambda b, p: b.evening_page(p["game_id"]))  # fmt: skip
_page("evenings/{game_id}/hands/", "hands", "An evening's hand records.",
      lambda b, p: b.hands_page(p["game_id"]))  # fmt: skip
_page("evenings/{game_id}/pairs/{key}/", "scorecard", "A pair's scorecard.",
      lambda b, p: b.scorecard_page(p["game_id"], p["key"]))  # fmt: skip
_page("players/{number}/", "player", "A player's sessions and percentages.",
      lambda b, p: b.player_page(p["number"]))  # fmt: skip
_page("ladders/{ladder_id}/", "ladder", "A ladder of the club's season.",
      lambda b, p: b.ladder_page(p["ladder_id"]))  # fmt: skip
_page("events/{event_id}/", "event", "An event's ranking.",
      lambda b, p: b.event_page(p["event_id"]))  # fmt: skip


def write_site(clubs: ClubStore, club: Club, folder: Path, now: datetime | None = None) -> int:
    """Write the club's site into ``folder`` (every page an ``index.html`` in its own
    folder, the styles in ``assets/``): the pages the server shows, for any web host or
    ``file://``, in the club's default language (English without one). Double-dummy tables
    missing from a board with a deal are solved (when endplay is installed). The number of
    pages written.

    :raises OSError: if the folder cannot be written.
    """
    site = ClubSite(clubs, LiveStore(clubs.store))
    builder = SiteBuilder(site, club, now or utcnow(),
                          lambda p: score_session(p.session, section_scorer()),
                          solve_dd)  # fmt: skip
    count = 0
    with use(pick(club.language)):
        for page in builder.pages():
            target = folder / page.path / "index.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, render(page, static=True).encode())
            count += 1
    (folder / "assets").mkdir(parents=True, exist_ok=True)
    for name in ASSETS:
        shutil.copyfile(STATIC / name, folder / "assets" / name)
    return count
