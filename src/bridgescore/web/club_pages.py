"""A club's pages: the director's login, the club's evenings and events, its roster, its
ladders.

A login here sets a signed cookie (HttpOnly, SameSite=Lax); every form still carries the CSRF
token (double submit, as every form of the site). What the pages change, they change through
the same :class:`~bridgescore.storage.clubs.ClubStore` calls as the JSON API.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore.club import Director, LoginError, RosterEntry
from bridgescore.errors import BridgeError
from bridgescore.events.season import Ladder, LadderError, LadderRules
from bridgescore.locale import error_text, gettext, use
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.season import LadderStore
from bridgescore.web.common import (
    forget_login,
    language_of_scope,
    login_of,
    page,
    remember_login,
    renew_csrf,
)
from bridgescore.web.deps import ClubsDep, PageDirector, PostedForm, log_in
from bridgescore.web.problems import status_of

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _director(found: PageDirector) -> Director:
    """The director of this browser's login (a page's form).

    :raises HTTPException: 401 without a login.
    """
    if found is None:
        raise HTTPException(401, gettext("log in as a club's director first: /login"))
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
    return page(request, "club.html", club_context(clubs, me, ""))


def club_context(
    store: ClubStore,
    me: Director,
    problem: str,
    ladder_problem: str = "",
    ladder_form: dict[str, str] | None = None,
    mp_problem: str = "",
    language_problem: str = "",
) -> dict[str, Any]:
    """The director's club page's data; ``problem``, ``ladder_problem``, ``mp_problem`` and
    ``language_problem`` say why the password's, the ladder's, the masterpoint scheme's or the
    language's form was refused (``ladder_form``: what was typed)."""
    club = store.club(me.club_id)
    return {
        "club": club,
        "scheme": club.masterpoints.scheme.value if club.masterpoints else "",
        "weight": _weight(club.masterpoints.weight) if club.masterpoints else "",
        "schemes": MP_SCHEMES,
        "mp_problem": mp_problem,
        "language_problem": language_problem,
        "me": me,
        "sessions": store.sessions(me.club_id),
        "events": store.events(me.club_id),
        "directors": store.directors(me.club_id),
        "kinds": dict(KINDS),
        "ladders": LadderStore(store.store).ladders(me.club_id),
        "problem": problem,
        "ladder_problem": ladder_problem,
        "ladder_form": ladder_form or {},
    }


def _weight(weight: Fraction) -> str:
    """A weight as the form shows it: ``1.5`` (``3/2`` if no short decimal says it).

    >>> _weight(Fraction(3, 2)), _weight(Fraction(1, 3))
    ('1.5', '1/3')
    """
    short = f"{float(weight):g}"
    return short if Fraction(short) == weight else str(weight)


MP_SCHEMES = (("", "None"), ("abf", "ABF (Australia)"), ("acbl", "ACBL (North America)"),
              ("ebu", "EBU (England)"))  # fmt: skip
"""The masterpoint schemes the club page offers (the core's :class:`~bridgescore.masterpoints.
Scheme` s; a test checks)."""


@router.post("/club/masterpoints", response_class=HTMLResponse)
async def masterpoints_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Choose the club's masterpoint scheme and weight (``PUT /api/club/masterpoints``'s
    rule: the core decides it inside the write; a refusal comes back on the page, saying why)."""
    scheme, weight = form.get("scheme", "").strip()[:8], form.get("weight", "").strip()[:20]
    try:
        clubs.set_masterpoints(me.club_id, f"{scheme}:{weight}" if scheme and weight else scheme)
    except BridgeError as exc:
        return page(
            request, "club.html", club_context(clubs, me, "", mp_problem=error_text(exc)), 422
        )
    return RedirectResponse("/club#masterpoints", status_code=303)


@router.post("/club/language", response_class=HTMLResponse)
async def language_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Choose the club's default language (``PUT /api/club/public``'s ``language``: the core
    decides it inside the write; a refusal comes back on the page, saying why)."""
    try:
        clubs.set_language(me.club_id, form.get("language", "")[:16])
    except BridgeError as exc:
        context = club_context(clubs, me, "")
        with use(language_of_scope(request.scope, context["club"].language)):  # the page's
            context["language_problem"] = error_text(exc)
        return page(request, "club.html", context, 422)
    return RedirectResponse("/club#language", status_code=303)


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
        return page(request, "club.html", club_context(clubs, me, error_text(exc)), 422)
    return page(request, "club.html", club_context(clubs, me, "The password is changed."))


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


@router.post("/club/ladders", response_class=HTMLResponse)
async def ladder_form(
    request: Request, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Add a ladder to the club's season: its name, kind (``best``, ``average``,
    ``improved``), N, the fewest sessions to be ranked, and its dates."""
    try:
        rules = LadderRules(form.get("kind", "best"),  # type: ignore[arg-type]
                            _whole(form.get("count", "10"), "count"),
                            _whole(form.get("least", "") or "0", "least"))  # fmt: skip
        ladder = Ladder(form.get("name", "")[:200], rules,
                        form.get("start", "").strip().replace("-", "."),
                        form.get("end", "").strip().replace("-", "."))  # fmt: skip
        LadderStore(clubs.store).create(me.club_id, ladder)
    except BridgeError as exc:  # the club's page again, saying why
        return page(request, "club.html", club_context(clubs, me, "", error_text(exc), form), 422)
    return RedirectResponse("/club#ladders-title", status_code=303)


@router.post("/club/ladders/{ladder_id}/delete", response_class=HTMLResponse)
async def ladder_delete(
    ladder_id: str, form: PostedForm, me: LoggedIn, clubs: ClubsDep
) -> Response:
    """Delete one of the club's ladders."""
    LadderStore(clubs.store).delete(me.club_id, ladder_id[:64])
    return RedirectResponse("/club#ladders-title", status_code=303)


def _whole(text: str, name: str) -> int:
    digits = text.strip()[:6]
    if not digits.isdigit():
        raise LadderError.coded("ladder_whole_number", field=name, value=text[:20], name=name,
                                got=repr(text[:20]))  # fmt: skip
    return int(digits)
