"""A club's masterpoints on the server: its scheme (``GET``/``PUT /api/club/masterpoints``,
and the club page's form), and an evening's file for its national body
(``GET /api/sessions/{id}/masterpoints?format=abf|ebu``), made by storage only once the
correction period has ended (409 before).

The awards themselves are the core's (:mod:`bridgescore.masterpoints`); the pages show them
through :mod:`bridgescore.web.awards`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Club, spec_text
from bridgescore.club.filing import EBU_CHARGE_CODES, NotFinalError
from bridgescore.errors import N_
from bridgescore.locale import gettext
from bridgescore.masterpoints import Scheme
from bridgescore.storage.filing import file_masterpoints
from bridgescore.storage.store import utcnow
from bridgescore.web.deps import ClubsDep, CurrentDirector, SessionViewer, require_director
from bridgescore.web.downloads import disposition
from bridgescore.web.problems import BODY, problem, refused
from bridgescore.web.work import run_heavy

__all__ = ["MasterpointsIn", "api_router"]

api_router = APIRouter(prefix="/api", tags=["clubs"], responses=BODY)


class MasterpointsIn(BaseModel):
    """The scheme of the club's live evenings: ``SCHEME[:WEIGHT]`` (``abf``, ``ebu:1.5``),
    ``""`` for none."""

    model_config = ConfigDict(extra="forbid", strict=True)

    masterpoints: str = Field("", max_length=40, examples=["abf", "ebu:1.5", ""])


def _answer(club: Club) -> dict[str, Any]:
    return {"masterpoints": spec_text(club.masterpoints), "schemes": [s.value for s in Scheme],
            "ebu_charge_codes": dict(EBU_CHARGE_CODES)}  # fmt: skip


@api_router.get("/club/masterpoints", responses={401: problem("No director's login.")})
def get_masterpoints(me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """The login's club's masterpoint scheme (``""``: none), the schemes there are, and the
    EBU's charge codes a filing may name."""
    return _answer(clubs.club(me.club_id))


@api_router.put("/club/masterpoints", responses={401: problem("No director's login.")})
def put_masterpoints(body: MasterpointsIn, me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """Choose the scheme (and weight) the club's live evenings are awarded masterpoints by;
    the core decides it inside the write (422 naming ``masterpoints`` for one it refuses)."""
    return _answer(clubs.set_masterpoints(me.club_id, body.masterpoints))


_FORMAT = (
    "abf: the ABF Masterpoint Centre's credit file (.grn); ebu: USEBIO with the EBU's charge code"
)
_MEDIA = {"content": {"text/plain": {"schema": {"type": "string"}},
                      "application/xml": {"schema": {"type": "string"}}},
          "description": "The file, as an attachment; `X-Unfiled` names the players left "
                         "out (no national number)."}  # fmt: skip


@api_router.get(
    "/sessions/{game_id}/masterpoints",
    response_class=Response,
    responses={200: _MEDIA, 403: problem("Not the evening's director."),
               404: problem("No such evening of a club."),
               **refused(NotFinalError, "The correction period has not ended.")},
)  # fmt: skip
def masterpoints_file(
    request: Request,
    game_id: str,
    viewer: SessionViewer,
    clubs: ClubsDep,
    format: Annotated[Literal["abf", "ebu"], Query(description=_FORMAT)],
    charge_code: Annotated[str, Query(max_length=2, description="The EBU's charge code.")] = "10",
) -> Response:
    """The evening's masterpoints as its national body takes them, for its director (the
    session's token, or a director's login of its club): made from the stored results only
    once the correction period has ended (409 before, and while the evening is open)."""
    require_director(viewer, N_("only the director files the masterpoints"))
    owner = clubs.owner(game_id)
    if owner is None:
        raise HTTPException(404, gettext("masterpoints are filed for a club's evening"))

    made = run_heavy(request, file_masterpoints, clubs, owner, game_id, format, utcnow(),
                     charge_code=charge_code)  # fmt: skip
    name = disposition(f"masterpoints-{game_id[:8]}", made.extension)
    headers = {"Content-Disposition": name, "X-Unfiled": quote(", ".join(made.unfiled))[:4000]}
    return Response(made.data, media_type=made.media_type, headers=headers)
