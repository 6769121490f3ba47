"""Clubs' JSON API: a director's login, the club's evenings and directors, its roster.

``POST /api/login`` gives a bearer token for the club's endpoints; a wrong password and an
unknown email get the same 401 (in the same time), and attempts are limited per email and per
client address (429 past it). Who may direct a session or event is the core's rule
(:func:`bridgescore.club.check_directs`); every read or change here is of the login's own
club, so another club's player or event is simply not found (404).
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import (
    Attempts,
    ClubNotFoundError,
    Director,
    LoginError,
    RosterEntry,
    check_directs,
)
from bridgescore.live import NotAllowedError
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore
from bridgescore.web.common import link, login_of, made_once, store

__all__ = [
    "BODY_ERRORS",
    "PlayerIn",
    "clubs",
    "director",
    "director_or_none",
    "directs",
    "log_in",
    "router",
]

_STRICT = ConfigDict(extra="forbid", strict=True)
Auth = Annotated[str | None, Header(description="Bearer <a director's login token>")]
PlayerId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]


class Problem(BaseModel):
    """A refusal, in words."""

    detail: str


_AUTH: dict[int | str, dict[str, Any]] = {
    401: {"model": Problem, "description": "No director's login."},
}
_MINE: dict[int | str, dict[str, Any]] = {
    **_AUTH,
    404: {"model": Problem, "description": "Not this club's."},
}

_BODY: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "The body is not JSON."},
    413: {"model": Problem, "description": "The body is larger than the limit."},
}
BODY_ERRORS = _BODY
"""The refusals of a body that cannot be read, every call with a body may answer."""
router = APIRouter(prefix="/api", tags=["clubs"], responses=_BODY)


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


class PlayerIn(BaseModel):
    """A player: ``{"name": ..., "number": ...}`` (number null for a visitor without one)."""

    model_config = _STRICT

    name: str = Field(max_length=100, examples=["Ann Smith"])
    number: str | None = Field(None, max_length=20, examples=["123456"])

    def player(self) -> Player:
        """As the core's :class:`~bridgescore.players.Player` (checked)."""
        return Player.from_dict(self.model_dump())


class RosterIn(BaseModel):
    """A player of the roster: the player, an optional email, whether public pages may name
    them, whether a visitor (added on the fly)."""

    model_config = _STRICT

    name: str = Field(max_length=100, examples=["Ann Smith"])
    number: str | None = Field(None, max_length=20, examples=["123456"])
    email: str | None = Field(None, max_length=254)
    public: bool = True
    visitor: bool = False

    def entry(self, player_id: int = 0) -> RosterEntry:
        """As the core's :class:`~bridgescore.club.RosterEntry` (checked)."""
        player = Player.from_dict({"name": self.name, "number": self.number})
        return RosterEntry(player_id, player, self.email or None, self.public, self.visitor)


def clubs(request: Request) -> ClubStore:
    """The app's clubs (made on first use)."""
    app = request.app
    settings = app.state.settings
    made_once(app, "attempts", lambda: Attempts(settings.login_attempts, settings.login_window))
    return made_once(app, "clubs", lambda: ClubStore(store(request)))


def _bearer(authorization: str | None) -> str | None:
    scheme, _, token = (authorization or "").strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def director_or_none(request: Request, authorization: str | None = None) -> Director | None:
    """The director whose login this is: the bearer token, else (the pages) the signed
    cookie; None without a login."""
    token = _bearer(authorization) or login_of(request)
    return None if token is None else clubs(request).director_of(token)


def director(request: Request, authorization: str | None = None) -> Director:
    """The director logged in.

    :raises HTTPException: 401 without a director's login.
    """
    found = director_or_none(request, authorization)
    if found is None:
        raise HTTPException(
            401,
            "log in as a club's director (POST /api/login) and send the token in the header "
            "Authorization: Bearer <token>",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return found


def directs(request: Request, game_id: str, token: str) -> bool:
    """Whether ``token`` is the login of a director of the club that owns the game (the
    core's rule: :func:`~bridgescore.club.check_directs`; a game's club never changes)."""
    found = clubs(request).director_of(token)
    if found is None:
        return False
    try:
        check_directs(found.club_id, clubs(request).owner(game_id))
    except (NotAllowedError, ClubNotFoundError):
        return False
    return True


def log_in(request: Request, email: str, password: str) -> str:
    """A login's token, if the attempt is within the limits (per email, per client address).

    :raises LoginError: for a wrong email or password, or too many attempts.
    """
    club_store = clubs(request)
    attempts: Attempts = request.app.state.attempts
    now = time.monotonic()
    address = request.client.host if request.client else "?"
    attempts.check(f"address:{address}", now)
    attempts.check(f"email:{email.strip().lower()}", now)
    return club_store.login(email, password)


def login_refused(exc: LoginError) -> HTTPException:
    """A refused login as HTTP: 429 with Retry-After past the limits, else 401."""
    if exc.retry_after:
        return HTTPException(429, str(exc), {"Retry-After": str(max(1, round(exc.retry_after)))})
    return HTTPException(401, str(exc), {"WWW-Authenticate": "Bearer"})


@router.post(
    "/login",
    responses={
        401: {"model": Problem, "description": "The email and password do not match."},
        429: {"model": Problem, "description": "Too many attempts: try again later."},
    },
)
def login(request: Request, body: LoginIn) -> dict[str, str]:
    """Log in as a club's director: ``{"token": ...}``, a bearer token for the club's
    endpoints (and wherever a session's director token works, for the club's sessions)."""
    try:
        return {"token": log_in(request, body.email, body.password)}
    except LoginError as exc:
        raise login_refused(exc) from None


@router.post("/logout", status_code=204, responses=_AUTH)
def logout(request: Request, authorization: Auth = None) -> Response:
    """End this login (its token no longer works)."""
    director(request, authorization)
    token = _bearer(authorization)
    if token is not None:
        clubs(request).logout(token)
    return Response(status_code=204)


@router.get("/club", responses=_AUTH)
def my_club(request: Request, authorization: Auth = None) -> dict[str, Any]:
    """The login's club, the director, and the club's directors."""
    me = director(request, authorization)
    club_store = clubs(request)
    return {
        "club": club_store.club(me.club_id).to_dict(),
        "director": me.to_dict(),
        "directors": [d.email for d in club_store.directors(me.club_id)],
    }


@router.get("/club/sessions", responses=_AUTH)
def club_sessions(request: Request, authorization: Auth = None) -> dict[str, Any]:
    """The club's evenings and events, the newest first, each with its director's link (it
    opens the director's page on any device)."""
    me = director(request, authorization)
    club_store = clubs(request)
    return {
        "sessions": [
            {
                **s.to_dict(),
                "director_url": link(request, f"/live/{s.id}/director#{s.edit_token}"),
                "results_url": link(request, f"/session/{s.id}"),
            }
            for s in club_store.sessions(me.club_id)
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
            for e in club_store.events(me.club_id)
        ],
    }


@router.post("/club/directors", status_code=201, responses=_AUTH)
def add_director(request: Request, body: DirectorIn, authorization: Auth = None) -> JSONResponse:
    """Add a director to the login's club."""
    me = director(request, authorization)
    added = clubs(request).add_director(me.club_id, body.email, body.password)
    return JSONResponse(added.to_dict(), status_code=201)


@router.put("/club/directors/{email}/password", status_code=204, responses=_MINE)
def reset_password(
    request: Request, email: str, body: PasswordIn, authorization: Auth = None
) -> Response:
    """Give a director of the login's club a new password (their logins end)."""
    me = director(request, authorization)
    clubs(request).set_password(me.club_id, email, body.password)
    return Response(status_code=204)


@router.get("/roster", responses=_AUTH)
def roster(request: Request, authorization: Auth = None) -> dict[str, Any]:
    """The club's roster, by name."""
    me = director(request, authorization)
    return {"players": [e.to_dict() for e in clubs(request).roster(me.club_id)]}


@router.post("/roster", status_code=201, responses=_AUTH)
def add_player(request: Request, body: RosterIn, authorization: Auth = None) -> JSONResponse:
    """Add a player (a member, or a visitor on the fly: ``"visitor": true``)."""
    me = director(request, authorization)
    added = clubs(request).add_player(me.club_id, body.entry())
    return JSONResponse(added.to_dict(), status_code=201)


@router.get("/roster/{player_id}", responses=_MINE)
def get_player(request: Request, player_id: PlayerId, authorization: Auth = None) -> dict[str, Any]:
    """One player of the club's roster."""
    me = director(request, authorization)
    return clubs(request).player(me.club_id, player_id).to_dict()


@router.put("/roster/{player_id}", responses=_MINE)
def change_player(
    request: Request, player_id: PlayerId, body: RosterIn, authorization: Auth = None
) -> dict[str, Any]:
    """Change a player of the club's roster."""
    me = director(request, authorization)
    return clubs(request).update_player(me.club_id, player_id, body.entry(player_id)).to_dict()


@router.delete("/roster/{player_id}", responses=_MINE)
def erase_player(
    request: Request, player_id: PlayerId, authorization: Auth = None
) -> dict[str, Any]:
    """Erase a player on request: gone from the roster, and shown as ``Player erased`` in the
    club's sessions (their results stay)."""
    me = director(request, authorization)
    return {"sessions_changed": clubs(request).erase_player(me.club_id, player_id)}
