"""A live evening's deals (``/api/sessions/{id}/deals``): attached by the director, solved in
the background, shown by the rule of the core.

The director deals the boards in the app (``POST /deals/dealt``: from a new secret seed whose
commitment is shown at once and the seed itself after closing) or sends a file (``PUT
/deals``: PBN text, or a dealing machine's or a LIN file by name and base64). Everything is
refused or stored at once: the core decides (:func:`bridgescore.live.deals.attach`), storage
asks it inside the write (:class:`~bridgescore.storage.live_deals.DealStore`), and this module
reads the request and maps the answer. ``GET /deals`` says how far the double-dummy worker has
got (:mod:`bridgescore.web.analysis`).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.deals import deal_set, read_bytes
from bridgescore.errors import DealFileError, SessionError
from bridgescore.live.deals import progress
from bridgescore.web.analysis import UNAVAILABLE
from bridgescore.web.deps import (
    AnalyserDep,
    DealsDep,
    LiveDep,
    SessionWho,
)
from bridgescore.web.live_model import WRITE_RESPONSES
from bridgescore.web.problems import BODY

__all__ = ["DealsIn", "router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"], responses=BODY)


class DealsIn(BaseModel):
    """The deals: PBN text (``pbn``), or a file of any deal format (``file``, its bytes in
    base64, with its ``name``, whose extension gives the format: ``.pbn``, ``.dup``, ``.dlm``,
    ``.bri``, ``.dge``, ``.lin``)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    pbn: str | None = Field(None, max_length=100_000, examples=['[Board "1"]\n[Deal "N:..."]'])
    file: str | None = Field(None, max_length=100_000, description="The file's bytes, base64.")
    name: str | None = Field(None, max_length=200, examples=["evening.dup"])


def _read(body: DealsIn) -> tuple[Any, ...]:
    """The boards of the body's PBN text or file.

    :raises SessionError: for a body with neither or both.
    :raises DealFileError: for a file not read (naming the board and line or byte).
    """
    if (body.pbn is None) == (body.file is None):
        raise SessionError.coded("deals_how", field="pbn")
    if body.pbn is not None:
        return read_bytes(body.pbn.encode(), "deals.pbn")
    name = (body.name or "").strip()
    try:
        data = base64.b64decode(body.file or "", validate=True)
    except (binascii.Error, ValueError):
        raise DealFileError("the file is not base64", source=name or "<file>",
                            field="file") from None  # fmt: skip
    return read_bytes(data, name)


@router.put("/{game_id}/deals", responses=WRITE_RESPONSES)
def put_deals(
    game_id: str, body: DealsIn, who: SessionWho, deals: DealsDep, analyser: AnalyserDep
) -> dict[str, Any]:
    """Attach deals to the evening's boards (the director): PBN text, or a dealing machine's
    or LIN file. All or none: a file that cannot be read, a board the session does not play,
    a board given twice, a deal without four hands, or a dealer or vulnerability that is not
    Law 2's for the board's number is refused (422, naming the board). Each board's
    double-dummy table and par follow in the background (``GET /deals``)."""
    boards = _read(body)
    version = deals.attach(game_id, boards, who)
    analyser.wake()
    return {"attached": len(boards), "version": version}


@router.post("/{game_id}/deals/dealt", status_code=201, responses=WRITE_RESPONSES)
def deal_boards(
    game_id: str, who: SessionWho, live: LiveDep, deals: DealsDep, analyser: AnalyserDep
) -> dict[str, Any]:
    """Deal every board of the evening in the app (the director), from a new seed drawn from
    the operating system's secure random source. The answer carries the seed's
    ``commitment`` (its SHA-256, to show before play); the seed itself is published once the
    session is closed, so anyone can check the boards were fixed in advance."""
    numbers = [b.number for b in live.store.state(game_id).definition.boards]
    dealt = deal_set(numbers)
    version = deals.attach(game_id, dealt.boards, who, seed=dealt.seed)
    analyser.wake()
    return {"dealt": len(numbers), "commitment": dealt.commitment, "version": version}


@router.get("/{game_id}/deals", responses={404: WRITE_RESPONSES[404]})
def deals_progress(
    game_id: str, live: LiveDep, deals: DealsDep, analyser: AnalyserDep
) -> dict[str, Any]:
    """How far the hand records are (anyone with the id): boards with a deal, boards solved,
    whether the worker can solve them (``analysis``: ``done``, ``working``, ``waiting`` for
    deals, or ``unavailable`` without DDS, with ``message``), and for deals dealt in the app
    the seed's ``commitment`` (and once the session is closed the ``seed``)."""
    state = live.store.state(game_id)
    solved, dealt, boards = progress(state.definition)
    worker = analyser
    if not dealt:
        analysis = "waiting"
    elif solved == dealt:
        analysis = "done"
    else:
        analysis = "working" if worker.available else "unavailable"
        worker.wake()  # a restart's unfinished work, if the app has not looked yet
    seed = deals.seed(game_id)
    return {
        "boards": boards,
        "dealt": dealt,
        "solved": solved,
        "analysis": analysis,
        "message": UNAVAILABLE if analysis == "unavailable" else "",
        "commitment": None if seed is None else seed.commitment,
        "seed": seed.seed if seed is not None and state.closed else None,
    }
