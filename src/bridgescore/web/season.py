"""A player's season across the server's clubs (``/players/{number}/``).

The player's page gathers, club by club, only each club's own public page of the player
(:func:`~bridgescore.storage.season.clubs_publishing`): the player as that club shows them,
the sessions its site publishes, linked to its pages. A club whose site has no page for the
player (not on its roster by number, or not to be named there) adds nothing, not even its
name; and where some clubs name the player, a club that shows them by number alone is left
out (its page would join their name to sessions it publishes by number only).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.club import ClubNotFoundError
from bridgescore.storage.season import clubs_publishing
from bridgescore.storage.store import utcnow
from bridgescore.web.deps import ClubsDep, LiveDep
from bridgescore.web.site import SitePage, club_slug, render, site_builder
from bridgescore.web.site_plot import PercentPoint, percent_plot

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/players/{number}/", response_class=HTMLResponse, name="season")
def season_page(request: Request, number: str, clubs: ClubsDep, live: LiveDep) -> Response:
    """A player's season: at each club of the server whose public site has a page for them,
    their published sessions there, and one plot of all their percentages (404 if none)."""
    if not (0 < len(number) <= 20 and number.isascii() and number.isalnum()):
        raise ClubNotFoundError.coded("no_player_page", field="number", value=number[:20],
                                      number=number[:20])  # fmt: skip
    found: list[dict[str, Any]] = []
    for club in clubs_publishing(clubs, number):
        builder = site_builder(request, club, clubs, live)
        played = builder.played(number)
        player = builder.public_player(number)
        named = clubs.public_view(club).named(player)
        found.append({"club": club, "slug": club_slug(club), "played": list(reversed(played)),
                      "player": player, "named": named})  # fmt: skip
    if not found:
        raise ClubNotFoundError.coded("no_club_publishes", field="number", value=number,
                                      number=number)  # fmt: skip
    naming = [f for f in found if f["named"]]
    if naming:  # a club showing the player by number alone is not joined to their name
        found = naming
    title = found[0]["player"].name
    points = sorted((PercentPoint(e.date, s.percent) for f in found for e, _, s, _ in f["played"]
                     if s.percent is not None), key=lambda p: p.date)  # fmt: skip
    context = {"title": title, "number": number, "clubs": found, "now": utcnow(),
               "plot": percent_plot(points)}  # fmt: skip
    return HTMLResponse(render(SitePage(f"players/{number}/", "site/season.html", context),
                               static=False))  # fmt: skip
