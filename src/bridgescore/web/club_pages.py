"""A club's pages: the director's login, the club's evenings and events, its roster.

A login here sets a signed cookie (HttpOnly, SameSite=Lax); every form still carries the CSRF
token (double submit, as every form of the site). What the pages change, they change through
the same :class:`~bridgescore.storage.clubs.ClubStore` calls as the JSON API.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore.club import Director, LoginError, RosterEntry
from bridgescore.errors import BridgeError
from bridgescore.players import Player
from bridgescore.web.clubs import clubs, director_or_none, log_in
from bridgescore.web.common import (
    check_csrf,
    forget_login,
    login_of,
    page,
    remember_login,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _director(request: Request) -> Director:
    found = director_or_none(request)
    if found is None:
        raise HTTPException(401, "log in as a club's director first: /login")
    return found


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> Response:
    """The director's login."""
    if director_or_none(request) is not None:
        return RedirectResponse("/club", status_code=303)
    return page(request, "login.html", {"email": "", "problem": ""})


@router.post("/login", response_class=HTMLResponse)
async def login_form(request: Request) -> Response:
    """Log in: the signed cookie is set and the club's page shown."""
    form = await check_csrf(request)
    email = form.get("email", "")[:254]
    try:
        token = log_in(request, email, form.get("password", "")[:200])
    except LoginError as exc:
        status = 429 if exc.retry_after else 401
        return page(request, "login.html", {"email": email, "problem": str(exc)}, status)
    response = RedirectResponse("/club", status_code=303)
    remember_login(request, response, token)
    return response


@router.post("/logout")
async def logout_form(request: Request) -> Response:
    """Log out: the login ends, and its cookie."""
    await check_csrf(request)
    token = login_of(request)
    if token is not None:
        clubs(request).logout(token)
    response = RedirectResponse("/", status_code=303)
    forget_login(response)
    return response


@router.get("/club", response_class=HTMLResponse)
def club_page(request: Request) -> Response:
    """The club's evenings and events, the newest first, and its directors."""
    me = director_or_none(request)
    if me is None:
        return RedirectResponse("/login", status_code=303)
    return page(request, "club.html", _club(request, me, ""))


def _club(request: Request, me: Director, problem: str) -> dict[str, Any]:
    store = clubs(request)
    return {
        "club": store.club(me.club_id),
        "me": me,
        "sessions": store.sessions(me.club_id),
        "events": store.events(me.club_id),
        "directors": store.directors(me.club_id),
        "problem": problem,
    }


@router.post("/club/password", response_class=HTMLResponse)
async def password_form(request: Request) -> Response:
    """A director of the club gives a director of the club (themselves or another) a new
    password."""
    form = await check_csrf(request)
    me = _director(request)
    try:
        clubs(request).set_password(me.club_id, form.get("email", ""), form.get("password", ""))
    except BridgeError as exc:
        return page(request, "club.html", _club(request, me, str(exc)), 422)
    return page(request, "club.html", _club(request, me, "The password is changed."))


@router.get("/club/roster", response_class=HTMLResponse)
def roster_page(request: Request) -> Response:
    """The club's roster, and a form to add a player."""
    me = director_or_none(request)
    if me is None:
        return RedirectResponse("/login", status_code=303)
    return page(request, "roster.html", _roster(request, me, {}, ""))


def _roster(request: Request, me: Director, form: dict[str, str], problem: str) -> dict[str, Any]:
    return {"club": clubs(request).club(me.club_id), "players": clubs(request).roster(me.club_id),
            "form": form, "problem": problem}  # fmt: skip


@router.post("/club/roster", response_class=HTMLResponse)
async def roster_form(request: Request) -> Response:
    """Add a player to the roster (a member, or a visitor)."""
    form = await check_csrf(request)
    me = _director(request)
    try:
        player = Player(form.get("name", "")[:100], form.get("number", "").strip() or None)
        entry = RosterEntry(0, player, form.get("email", "").strip() or None,
                            public=form.get("public") == "1",
                            visitor=form.get("visitor") == "1")  # fmt: skip
        clubs(request).add_player(me.club_id, entry)
    except BridgeError as exc:
        return page(request, "roster.html", _roster(request, me, form, str(exc)), 422)
    return RedirectResponse("/club/roster", status_code=303)


@router.post("/club/roster/{player_id}/erase", response_class=HTMLResponse)
async def erase_form(request: Request, player_id: int) -> Response:
    """Erase a player on request (their results stay, anonymised)."""
    await check_csrf(request)
    me = _director(request)
    clubs(request).erase_player(me.club_id, player_id)
    return RedirectResponse("/club/roster", status_code=303)
