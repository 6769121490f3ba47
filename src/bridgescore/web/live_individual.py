"""An individual evening's players in the live API: a player's recap (``GET
/api/sessions/{id}/players/{player}``), as a pair's recap is read (SCORING.md §26)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam

from bridgescore.duplicate.session import individual_scores, player_recap_to_dict
from bridgescore.live import DIRECTOR
from bridgescore.locale import gettext
from bridgescore.web.deps import SessionState, SessionViewer
from bridgescore.web.live_model import READ_RESPONSES
from bridgescore.web.problems import BODY, problem
from bridgescore.web.work import scores_of

__all__ = ["router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"], responses=BODY)

PlayerNumber = Annotated[int, PathParam(ge=1, le=40)]


@router.get(
    "/{game_id}/players/{player}",
    responses={**READ_RESPONSES, 403: problem("Not the director's, before the session closes.")},
)
def player_recap(
    request: Request, player: PlayerNumber, state: SessionState, viewer: SessionViewer
) -> dict[str, Any]:
    """An individual's player: their total, percentage and boards, each with its round, their
    partner, where they sat, their opponents, the result and their points. The director's
    until the session is closed, then everyone's; 404 for a session that is no individual or
    a player it does not have."""
    individual = state.session.individual if state.seating.kind == "pairs" else None
    if individual is None:
        raise HTTPException(
            404, gettext("this session is not an individual: its pairs have recaps")
        )
    if player > individual.movement.players:
        raise HTTPException(
            404, gettext("no player %(player)s in this individual") % {"player": player}
        )
    if not state.closed and viewer != DIRECTOR:
        raise HTTPException(
            403, gettext("a player's recap is the director's until the session is closed")
        )
    scored = scores_of(request, (state.id, state.version), state.current)[0]
    return player_recap_to_dict(individual_scores(individual, scored), player)
