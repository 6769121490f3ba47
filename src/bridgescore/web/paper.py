"""An evening's paper: ``GET /api/sessions/{id}/paper/{what}.pdf``, the PDFs of
:mod:`bridgescore.paper` (``results``: the results sheet for the noticeboard;
``hand-records``: 1, 2 or 4 boards a page, ``?per_page=``; ``slips``: traveller slips;
``cards``: table cards).

Who may read them is the session's exports' rule (:func:`~bridgescore.web.deps.readable_session`:
anyone with the link, a club evening's once its director has closed it), and the director of a
live evening before that (:func:`~bridgescore.web.deps.session_viewer`: the director sees every
board, :meth:`LiveState.may_see <bridgescore.live.LiveState.may_see>`). A session with no deal
cannot print hand records: 409, naming the deals.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from bridgescore.boards.hand_record import HandRecord
from bridgescore.duplicate.movement.report import cards
from bridgescore.duplicate.session import Session, notes_of
from bridgescore.live import DIRECTOR
from bridgescore.locale import gettext
from bridgescore.paper import hand_records_pdf, results_pdf
from bridgescore.paper.hand_records import check_per_page
from bridgescore.paper.sheets import cards_pdf, slips_pdf
from bridgescore.storage import Store, StoredGame
from bridgescore.storage.clubs import ClubStore
from bridgescore.web.common import login_of
from bridgescore.web.deps import (
    Bearer,
    ClubsDep,
    Live,
    LiveDep,
    StoreDep,
    TokenDep,
    directs,
    live_session,
    readable_session,
    session_viewer,
)
from bridgescore.web.downloads import disposition
from bridgescore.web.hand_records import hand_records, solve_dd
from bridgescore.web.problems import problem
from bridgescore.web.work import run_heavy, scores

__all__ = ["WHAT", "router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"])

WHAT = ("results", "hand-records", "slips", "cards")
"""What can be printed."""

What = Literal["results", "hand-records", "slips", "cards"]

_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
          "description": "The PDF, A4, as an attachment named after the event."},
    403: problem("A club evening not yet closed, asked for by anyone but its director."),
    404: problem("No such session."),
    409: problem("Hand records of a session with no deal, slips or cards of one with no "
                 "movement."),
}  # fmt: skip


def _readable(
    request: Request, game_id: str, sent: Bearer, live: Live, store: Store, clubs: ClubStore
) -> StoredGame:
    """The session as its director sees it (a live evening: the director's token, or the login
    cookie of a director of its club), else as anyone with the link may read it (403 for an
    evening still open)."""
    if live.store.is_live(game_id):
        cookie = login_of(request)  # the director's page: a club director's login
        if (session_viewer(request, game_id, sent, live, store, clubs) == DIRECTOR if sent.sent
                else cookie is not None and directs(clubs, game_id, cookie)):  # fmt: skip
            return live_session(request, game_id)[0]
    return readable_session(request, game_id)[0]


def _records(request: Request, stored: StoredGame, live: bool) -> list[HandRecord]:
    session = stored.game
    assert isinstance(session, Session)
    solve = (lambda deals: None) if live else (lambda deals: run_heavy(request, solve_dd, deals))
    found = hand_records(session, scores(request, stored), solve)
    return [HandRecord(v.board, v.deal, v.table, v.par) for _, views in found for v in views]


@router.get("/{game_id}/paper/{what}.pdf", response_class=Response, responses=_RESPONSES)
def paper(
    request: Request,
    game_id: str,
    what: What,
    sent: TokenDep,
    live: LiveDep,
    store: StoreDep,
    clubs: ClubsDep,
    per_page: Annotated[int, Query(description="Boards a page (hand records): 1, 2 or 4.")] = 2,
) -> Response:
    """The evening on paper: ``results`` (the results sheet for the noticeboard: club, date,
    director and event, each field's ranking with matchpoints and percentages) or
    ``hand-records`` (each board's hands, double-dummy table and par, ``per_page`` boards an
    A4 page), ``slips`` (a traveller slip a board for tables without phones: each round's
    pairs, the result's columns blank) or ``cards`` (the table cards: each round's pairs and
    boards, where pairs and boards go next)."""
    check_per_page(per_page)  # a SessionError: 422, naming per_page
    stored = _readable(request, game_id, sent, live, store, clubs)
    session = stored.game
    assert isinstance(session, Session)
    movement = next((x.movement for x in session.sections if x.movement is not None), None)
    if what in ("slips", "cards"):
        if movement is None:
            raise HTTPException(409, gettext("this session has no movement to print from"))
        if what == "slips":
            body = run_heavy(request, slips_pdf, movement, session.event)
        else:
            body = run_heavy(request, cards_pdf, cards(movement), session.event)
    elif what == "results":
        notes = notes_of(session, gettext)  # in the request's language, as the sheet's words
        body = run_heavy(request, results_pdf, session, scores(request, stored), notes)
    else:
        records = _records(request, stored, live.store.is_live(game_id))
        if not records:
            raise HTTPException(
                409,
                gettext(
                    "no board of this session has a deal: attach the "
                    "deals first (PUT /api/sessions/{id}/deals)"
                ),
            )
        body = run_heavy(request, hand_records_pdf, records, per_page, session.event)
    name = f"{session.event or 'session'} {what}"
    headers = {"Content-Disposition": disposition(name, "pdf")}
    return Response(body, media_type="application/pdf", headers=headers)
