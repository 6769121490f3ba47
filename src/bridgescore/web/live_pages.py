"""The pages of a club evening: the table page (phones, 360 px) and the director's page.

Both are thin: they are served to anyone with the session's id and read their token from the
link's fragment (``#token``), which never reaches the server's logs; everything else goes
through the JSON API (:mod:`bridgescore.web.live`) with that token.
"""

from __future__ import annotations

import io

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from bridgescore.duplicate.session import METHODS
from bridgescore.web.common import page
from bridgescore.web.deps import ClubsDep, LiveDep, club_owning
from bridgescore.web.live_model import night_pages
from bridgescore.web.score_table import table_version

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/live/new", response_class=HTMLResponse)
def new_evening_page(request: Request) -> Response:
    """Start a club evening: the movement, the scoring, the names; then the table cards."""
    return page(request, "live_new.html", {"methods": METHODS})


@router.get("/live/{game_id}/table", response_class=HTMLResponse)
def table_page(request: Request, game_id: str, live: LiveDep, clubs: ClubsDep) -> Response:
    """One table's page: the round, the pairs, each board's entry, the traveller so far (a team
    night's: its own page, the link's token kept)."""
    if (pages := night_pages(live.store.state(game_id))[0]) != "live":
        return RedirectResponse(f"/{pages}/{game_id}/table", 303)
    return page(request, "live_table.html", {"game_id": game_id, "table_version": table_version()},
                club=club_owning(clubs, game_id))  # fmt: skip


@router.get("/live/{game_id}/director", response_class=HTMLResponse)
def director_page(request: Request, game_id: str, live: LiveDep, clubs: ClubsDep) -> Response:
    """The director's page: what is in and missing, live rankings, corrections, closing (a
    team night's: its own page)."""
    if (pages := night_pages(live.store.state(game_id))[0]) != "live":
        return RedirectResponse(f"/{pages}/{game_id}/director", 303)
    return page(request, "live_director.html", {"game_id": game_id},
                club=club_owning(clubs, game_id))  # fmt: skip


class QrIn(BaseModel):
    """The text of a QR code: a table's link."""

    text: str = Field(min_length=1, max_length=500)


@router.post("/live/qr.svg")
def qr_code(body: QrIn) -> Response:
    """A QR code of the text, as SVG, made on the server (the table cards print it). The text is
    posted, not put in the address, so a table's token stays out of the server's logs."""
    import segno

    code = segno.make(body.text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, xmldecl=False, svgclass="qr", lineclass=None)
    return Response(out.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store"})  # fmt: skip
