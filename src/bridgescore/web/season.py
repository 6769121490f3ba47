"""A player's season across the server's clubs (``/players/{number}/``), and the director's
ladders (``POST /club/ladders``, ``POST /club/ladders/{id}/delete``).

The player's page gathers, club by club, only each club's own public page of the player
(:func:`~bridgescore.storage.season.clubs_publishing`): the player as that club shows them,
the sessions its site publishes, linked to its pages. A club whose site has no page for the
player (not on its roster by number, or not to be named there) adds nothing, not even its
name; and where some clubs name the player, a club that shows them by number alone is left
out (its page would join their name to sessions it publishes by number only).

A ladder is made and deleted from the director's club page; its ranking is drawn by the
club's site (:meth:`~bridgescore.web.site.SiteBuilder.ladder_page`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore.club import ClubNotFoundError
from bridgescore.errors import BridgeError
from bridgescore.events.season import Ladder, LadderError, LadderRules
from bridgescore.storage.season import LadderStore, clubs_publishing
from bridgescore.storage.store import utcnow
from bridgescore.web.club_pages import LoggedIn, club_context
from bridgescore.web.common import page
from bridgescore.web.deps import ClubsDep, LiveDep, PostedForm
from bridgescore.web.site import SitePage, club_slug, render
from bridgescore.web.site_pages import site_builder
from bridgescore.web.site_plot import PercentPoint, percent_plot

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/players/{number}/", response_class=HTMLResponse, name="season")
def season_page(request: Request, number: str, clubs: ClubsDep, live: LiveDep) -> Response:
    """A player's season: at each club of the server whose public site has a page for them,
    their published sessions there, and one plot of all their percentages (404 if none)."""
    if not (0 < len(number) <= 20 and number.isascii() and number.isalnum()):
        raise ClubNotFoundError(f"no player's page for {number[:20]!r}", field="number",
                                value=number[:20])  # fmt: skip
    found: list[dict[str, Any]] = []
    for club in clubs_publishing(clubs, number):
        builder = site_builder(request, club, clubs, live)
        played = builder.played(number)
        player = builder.public_player(number)
        named = clubs.public_view(club).named(player)
        found.append({"club": club, "slug": club_slug(club), "played": list(reversed(played)),
                      "player": player, "named": named})  # fmt: skip
    if not found:
        raise ClubNotFoundError(f"no club of this server publishes player {number!r}",
                                field="number", value=number)  # fmt: skip
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


@router.post("/club/ladders", response_class=HTMLResponse)
async def ladder_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Add a ladder to the club's season: its name, kind (``best``, ``average``,
    ``improved``), N, the fewest sessions to be ranked, and its dates."""
    try:
        rules = LadderRules(form.get("kind", "best"),  # type: ignore[arg-type]
                            _whole(form.get("count", "10"), "count"),
                            _whole(form.get("least", "") or "0", "least"))  # fmt: skip
        ladder = Ladder(form.get("name", "")[:200], rules,
                        form.get("start", "").strip().replace("-", "."),
                        form.get("end", "").strip().replace("-", "."))  # fmt: skip
        LadderStore(clubs.store).create(me.club_id, ladder)
    except BridgeError as exc:  # the club's page again, saying why
        return page(request, "club.html", club_context(clubs, me, "", str(exc), form), 422)
    return RedirectResponse("/club#ladders-title", status_code=303)


@router.post("/club/ladders/{ladder_id}/delete", response_class=HTMLResponse)
async def ladder_delete(
    ladder_id: str, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Delete one of the club's ladders."""
    LadderStore(clubs.store).delete(me.club_id, ladder_id[:64])
    return RedirectResponse("/club#ladders-title", status_code=303)


def _whole(text: str, name: str) -> int:
    digits = text.strip()[:6]
    if not digits.isdigit():
        raise LadderError(f"{name} is a whole number, not {text[:20]!r}", field=name,
                          value=text[:20])  # fmt: skip
    return int(digits)
