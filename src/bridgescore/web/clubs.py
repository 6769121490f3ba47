"""Clubs' JSON API: a director's login, the club's evenings and directors, its roster.

``POST /api/login`` gives a bearer token for the club's endpoints; a wrong password and an
unknown email get the same 401 (in the same time), and attempts are limited per email and per
client address (429 past it). Who may direct a session or event is the core's rule
(:func:`bridgescore.club.check_directs`); every read or change here is of the login's own
club, so another club's player or event is simply not found (404).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import ClubNotFoundError, LoginError, RosterEntry, TooManyAttemptsError
from bridgescore.inputs import LONGEST_NAME
from bridgescore.players import Player
from bridgescore.web.common import link
from bridgescore.web.deps import ClubsDep, CurrentDirector, TokenDep, log_in
from bridgescore.web.problems import BODY, Responses, problem, refused

__all__ = ["router"]

_STRICT = ConfigDict(extra="forbid", strict=True)
PlayerId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]

_AUTH: Responses = {401: problem("No director's login.")}
_MINE: Responses = {**_AUTH, **refused(ClubNotFoundError, "Not this club's.")}
router = APIRouter(prefix="/api", tags=["clubs"], responses=BODY)


class LoginIn(BaseModel):
    """A director's email and password."""

    model_config = _STRICT

    email: str = Field(max_length=254, examples=["td@acol.example"])
    password: str = Field(max_length=200)


class PasswordIn(BaseModel):
    """A new password (10 to 200 characters)."""

    model_config = _STRICT

    password: str = Field(max_length=200)


class DirectorIn(BaseModel):
    """A new director of the club: an email and a first password."""

    model_config = _STRICT

    email: str = Field(max_length=254)
    password: str = Field(max_length=200)


class RosterIn(BaseModel):
    """A player of the roster: the player, an optional email, whether public pages may name
    them, whether a visitor (added on the fly)."""

    model_config = _STRICT

    name: str = Field(max_length=LONGEST_NAME, examples=["Ann Smith"])
    number: str | None = Field(None, max_length=20, examples=["123456"])
    email: str | None = Field(None, max_length=254)
    public: bool = True
    visitor: bool = False

    def entry(self, player_id: int = 0) -> RosterEntry:
        """As the core's :class:`~bridgescore.club.RosterEntry` (checked)."""
        player = Player.from_dict({"name": self.name, "number": self.number})
        return RosterEntry(player_id, player, self.email or None, self.public, self.visitor)


@router.post(
    "/login",
    responses={
        **refused(LoginError, "The email and password do not match."),
        **refused(TooManyAttemptsError, "Too many attempts: try again later."),
    },
)
def login(request: Request, body: LoginIn) -> dict[str, str]:
    """Log in as a club's director: ``{"token": ...}``, a bearer token for the club's
    endpoints (and wherever a session's director token works, for the club's sessions)."""
    return {"token": log_in(request, body.email, body.password)}


@router.post("/logout", status_code=204, responses=_AUTH)
def logout(me: CurrentDirector, sent: TokenDep, clubs: ClubsDep) -> Response:
    """End this login (its token no longer works)."""
    if sent.token is not None:
        clubs.logout(sent.token)
    return Response(status_code=204)


@router.get("/club", responses=_AUTH)
def my_club(me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """The login's club, the director, and the club's directors."""
    return {
        "club": clubs.club(me.club_id).to_dict(),
        "director": me.to_dict(),
        "directors": [d.email for d in clubs.directors(me.club_id)],
    }


@router.get("/club/sessions", responses=_AUTH)
def club_sessions(request: Request, me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """The club's evenings and events, the newest first, each with its director's link (it
    opens the director's page on any device)."""
    return {
        "sessions": [
            {
                **s.to_dict(),
                "director_url": link(request, f"/live/{s.id}/director#{s.edit_token}"),
                "results_url": link(request, f"/session/{s.id}"),
            }
            for s in clubs.sessions(me.club_id)
        ],
        "events": [
            {
                "id": e.id,
                "kind": e.kind,
                "name": e.definition.get("name", ""),
                "created_at": e.created_at.isoformat(),
                "url": link(request, f"/event/{e.id}"),
                **(
                    {}
                    if e.kind == "pairs"
                    else {"director_url": link(request, f"/event/{e.id}/director")}
                ),
            }
            for e in clubs.events(me.club_id)
        ],
    }


@router.post("/club/directors", status_code=201, responses=_AUTH)
def add_director(body: DirectorIn, me: CurrentDirector, clubs: ClubsDep) -> JSONResponse:
    """Add a director to the login's club."""
    added = clubs.add_director(me.club_id, body.email, body.password)
    return JSONResponse(added.to_dict(), status_code=201)


@router.put("/club/directors/{email}/password", status_code=204, responses=_MINE)
def reset_password(email: str, body: PasswordIn, me: CurrentDirector, clubs: ClubsDep) -> Response:
    """Give a director of the login's club a new password (their logins end)."""
    clubs.set_password(me.club_id, email, body.password)
    return Response(status_code=204)


@router.get("/roster", responses=_AUTH)
def roster(me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """The club's roster, by name."""
    return {"players": [e.to_dict() for e in clubs.roster(me.club_id)]}


@router.post("/roster", status_code=201, responses=_AUTH)
def add_player(body: RosterIn, me: CurrentDirector, clubs: ClubsDep) -> JSONResponse:
    """Add a player (a member, or a visitor on the fly: ``"visitor": true``)."""
    added = clubs.add_player(me.club_id, body.entry())
    return JSONResponse(added.to_dict(), status_code=201)


@router.get("/roster/{player_id}", responses=_MINE)
def get_player(player_id: PlayerId, me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """One player of the club's roster."""
    return clubs.player(me.club_id, player_id).to_dict()


@router.put("/roster/{player_id}", responses=_MINE)
def change_player(
    player_id: PlayerId, body: RosterIn, me: CurrentDirector, clubs: ClubsDep
) -> dict[str, Any]:
    """Change a player of the club's roster."""
    return clubs.update_player(me.club_id, player_id, body.entry(player_id)).to_dict()


@router.delete("/roster/{player_id}", responses=_MINE)
def erase_player(player_id: PlayerId, me: CurrentDirector, clubs: ClubsDep) -> dict[str, Any]:
    """Erase a player on request: gone from the roster, and shown as ``Player erased`` in the
    club's sessions (their results stay)."""
    return {"sessions_changed": clubs.erase_player(me.club_id, player_id)}
