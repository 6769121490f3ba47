"""A club's pages: the director's login, the club's evenings and events, its roster.

A login here sets a signed cookie (HttpOnly, SameSite=Lax); every form still carries the CSRF
token (double submit, as every form of the site). What the pages change, they change through
the same :class:`~bridgescore.storage.clubs.ClubStore` calls as the JSON API.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore.club import Director, LoginError, RosterEntry
from bridgescore.errors import BridgeError
from bridgescore.locale import error_text
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore
from bridgescore.web.common import forget_login, login_of, page, remember_login, renew_csrf
from bridgescore.web.deps import ClubsDep, PageDirector, PostedForm, log_in
from bridgescore.web.problems import status_of

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _director(found: PageDirector) -> Director:
    """The director of this browser's login (a page's form).

    :raises HTTPException: 401 without a login.
    """
    if found is None:
        raise HTTPException(401, "log in as a club's director first: /login")
    return found


LoggedIn = Annotated[Director, Depends(_director)]


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, me: PageDirector) -> Response:
    """The director's login."""
    if me is not None:
        return RedirectResponse("/club", status_code=303)
    return page(request, "login.html", {"email": "", "problem": ""})


@router.post("/login", response_class=HTMLResponse)
async def login_form(request: Request, form: PostedForm) -> Response:
    """Log in: the signed cookie is set and the club's page shown."""
    email = form.get("email", "")[:254]
    try:
        token = log_in(request, email, form.get("password", "")[:200])
    except LoginError as exc:  # the page again, saying why, at the table's status
        status = status_of(type(exc))
        return page(request, "login.html", {"email": email, "problem": error_text(exc)}, status)
    response = RedirectResponse("/club", status_code=303)
    remember_login(request, response, token)
    renew_csrf(request, response)
    return response


@router.post("/logout")
async def logout_form(request: Request, form: PostedForm, clubs: ClubsDep) -> Response:
    """Log out: the login ends, and its cookie."""
    token = login_of(request)
    if token is not None:
        clubs.logout(token)
    response = RedirectResponse("/", status_code=303)
    forget_login(response)
    return response


@router.get("/club", response_class=HTMLResponse)
def club_page(request: Request, me: PageDirector, clubs: ClubsDep) -> Response:
    """The club's evenings and events, the newest first, and its directors."""
    if me is None:
        return RedirectResponse("/login", status_code=303)
    return page(request, "club.html", _club(clubs, me, ""))


def _club(store: ClubStore, me: Director, problem: str) -> dict[str, Any]:
    return {
        "club": store.club(me.club_id),
        "me": me,
        "sessions": store.sessions(me.club_id),
        "events": store.events(me.club_id),
        "directors": store.directors(me.club_id),
        "kinds": dict(KINDS),
        "problem": problem,
    }


KINDS = (
    ("swiss-teams", "Swiss teams"),
    ("round-robin", "Round robin"),
    ("knockout", "Knockout"),
    ("swiss-pairs", "Swiss pairs"),
)
"""The kinds of night the start page offers (``POST /api/events``'s team kinds), first the
default."""
SCALES = (("wbf-2013", "WBF 2013 (20 VPs)"), ("acbl-30", "ACBL 30"), ("acbl-20", "ACBL 20"),
          ("ebu-swiss-pairs-7", "EBU Swiss pairs (7 VPs)"))  # fmt: skip
"""The VP scales by name (:class:`~bridgescore.events.VpScale`'s values; a test checks)."""


@router.get("/club/new", response_class=HTMLResponse)
def new_night_page(request: Request, me: PageDirector, clubs: ClubsDep) -> Response:
    """Start a teams night (Swiss, round robin, knockout) or a Swiss pairs event: the kind,
    the entrants from the roster, the schedule previewed; then the night's director page."""
    if me is None:
        return RedirectResponse("/login", status_code=303)
    return page(request, "event_new.html",
                {"club": clubs.club(me.club_id), "kinds": KINDS, "scales": SCALES})  # fmt: skip


@router.post("/club/password", response_class=HTMLResponse)
async def password_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """A director of the club gives a director of the club (themselves or another) a new
    password."""
    try:
        clubs.set_password(me.club_id, form.get("email", ""), form.get("password", ""))
    except BridgeError as exc:  # the form again, saying why
        return page(request, "club.html", _club(clubs, me, error_text(exc)), 422)
    return page(request, "club.html", _club(clubs, me, "The password is changed."))


@router.get("/club/roster", response_class=HTMLResponse)
def roster_page(request: Request, me: PageDirector, clubs: ClubsDep) -> Response:
    """The club's roster, and a form to add a player."""
    if me is None:
        return RedirectResponse("/login", status_code=303)
    return page(request, "roster.html", _roster(clubs, me, {}, ""))


def _roster(store: ClubStore, me: Director, form: dict[str, str], problem: str) -> dict[str, Any]:
    return {"club": store.club(me.club_id), "players": store.roster(me.club_id),
            "form": form, "problem": problem}  # fmt: skip


@router.post("/club/roster", response_class=HTMLResponse)
async def roster_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Add a player to the roster (a member, or a visitor)."""
    try:
        player = Player(form.get("name", ""), form.get("number", "").strip() or None)
        entry = RosterEntry(0, player, form.get("email", "").strip() or None,
                            public=form.get("public") == "1",
                            visitor=form.get("visitor") == "1")  # fmt: skip
        clubs.add_player(me.club_id, entry)
    except BridgeError as exc:  # the form again, saying why
        return page(request, "roster.html", _roster(clubs, me, form, error_text(exc)), 422)
    return RedirectResponse("/club/roster", status_code=303)


@router.post("/club/roster/{player_id}/erase", response_class=HTMLResponse)
async def erase_form(player_id: int, form: PostedForm, me: LoggedIn, clubs: ClubsDep) -> Response:
    """Erase a player on request (their results stay, anonymised)."""
    clubs.erase_player(me.club_id, player_id)
    return RedirectResponse("/club/roster", status_code=303)
