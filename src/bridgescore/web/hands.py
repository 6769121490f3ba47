"""Hand records: a printable page per session with each board's hands, double-dummy table and
par, and each traveller line's tricks against double dummy and score against par (the records
are :mod:`.hand_records`; a club evening's boards are solved by its worker,
:mod:`.analysis`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.web.analysis import UNAVAILABLE
from bridgescore.web.common import page
from bridgescore.web.deps import AnalyserDep, DealsDep, LiveDep, ReadableSession
from bridgescore.web.hand_records import HAND_TABLES, hand_records, solve_dd
from bridgescore.web.work import run_heavy, scores

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/session/{game_id}/hands", response_class=HTMLResponse)
def hands_page(
    request: Request,
    game_id: str,
    readable: ReadableSession,
    live: LiveDep,
    analyser: AnalyserDep,
    deal_store: DealsDep,
) -> Response:
    """The session's hand records, ready to print."""
    stored, session = readable
    scored = scores(request, stored)
    unsolved_note = (
        "No double-dummy table (install bridgescore[dd], or run bridgescore analyse on the file)."
    )
    if live.store.is_live(game_id):  # an evening's boards are solved by its worker
        unsolved_note = (
            "The double-dummy table is being solved: read this page again in a minute."
            if analyser.available
            else f"No double-dummy table: {UNAVAILABLE}."
        )
        sections = hand_records(session, scored, lambda deals: None)
    else:
        sections = hand_records(session, scored, lambda deals: run_heavy(request, solve_dd, deals))
    context: dict[str, Any] = {"stored": stored, "session": session, "sections": sections,
                               "unsolved_note": unsolved_note,
                               "seed": deal_store.seed(game_id),  # a closed one's only
                               **HAND_TABLES}  # fmt: skip
    return page(request, "hands.html", context)
