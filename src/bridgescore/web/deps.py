"""What a route asks of the request, each a typed dependency in FastAPI's style
(``Annotated[X, Depends(...)]``, as the FastAPI full-stack template's ``api/deps.py``): the
app's settings and stores, whoever holds a bearer token, the director logged in, a posted
form's CSRF and origin checks, a session anyone may read.

A route declares what it needs (``me: CurrentDirector``, ``clubs: ClubsDep``) and never works
it out again. This module sits below every router: it imports the settings and the shared
modules (:mod:`~bridgescore.web.common`), never a router, and the routers import it and
never each other (``tests/web/test_web_layers.py``). Nor does any module import the app
factory for the settings: they are ``request.app.state.settings``, read here.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Annotated, Any, Final, TypeVar

from fastapi import Depends, FastAPI, Header, HTTPException, Request

from bridgescore.club import Attempts, Club, ClubNotFoundError, Director, LoginError, check_directs
from bridgescore.duplicate.session import Session
from bridgescore.events import Event
from bridgescore.live import DIRECTOR, LiveState, NotAllowedError, Who
from bridgescore.locale import gettext
from bridgescore.storage import GameNotFoundError, Store, StoredGame
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.live_deals import DealStore
from bridgescore.storage.nights import adopt
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import Sender
from bridgescore.storage.tokens import hash_token
from bridgescore.web.analysis import Analyser
from bridgescore.web.common import (
    app_part,
    bound_csrf,
    check_csrf,
    edit_cookie,
    login_of,
    made_once,
    same_origin,
)
from bridgescore.web.settings import Limits, Settings

__all__ = [
    "BEARER_READ",
    "AnalyserDep",
    "Bearer",
    "ClubsDep",
    "CurrentDirector",
    "DealsDep",
    "GameForm",
    "LimitsDep",
    "Live",
    "LiveDep",
    "OptionalDirector",
    "OutboxDep",
    "PageDirector",
    "PostedForm",
    "ReadableSession",
    "SenderDep",
    "SessionState",
    "SessionViewer",
    "SessionWho",
    "SettingsDep",
    "StoreDep",
    "TeamEventsDep",
    "TeamNights",
    "TokenDep",
    "analyser",
    "analyser_of",
    "bearer",
    "bearer_of",
    "can_edit",
    "club_of",
    "club_owning",
    "clubs",
    "clubs_of",
    "deals_of",
    "director",
    "director_or_none",
    "directs",
    "game_form",
    "limits",
    "live",
    "live_of",
    "live_session",
    "log_in",
    "outbox",
    "page_director",
    "posted_form",
    "read_bearer",
    "readable_session",
    "require_director",
    "sender",
    "session_state",
    "session_token",
    "session_viewer",
    "session_who",
    "settings",
    "store",
    "team_events",
]


# -- the app's settings and stores -----------------------------------------------------------


def settings(request: Request) -> Settings:
    """The settings the app was built with."""
    return app_part(request.app, "settings", Settings)


def limits(request: Request) -> Limits:
    """What one request may ask of the app."""
    return settings(request).limits


def store(request: Request) -> Store:
    """The app's store."""
    return app_part(request.app, "store", Store)


def clubs(request: Request) -> ClubStore:
    """The app's clubs (made on first use, with the login attempts counted so far)."""
    app = request.app
    made = settings(request)
    made_once(app, "attempts", lambda: Attempts(made.login_attempts, made.login_window))
    made_once(app, "address_attempts",
              lambda: Attempts(made.login_attempts * 10, made.login_window))  # fmt: skip
    return clubs_of(app)


def clubs_of(app: FastAPI) -> ClubStore:
    """The app's clubs, of the app itself (its listener has no request)."""
    return made_once(app, "clubs", lambda: ClubStore(app_part(app, "store", Store)))


class Live:
    """The live sessions' storage, and the tokens checked so far."""

    def __init__(self, live: LiveStore) -> None:
        self.store = live
        self.tokens: dict[tuple[str, str], Who] = {}
        """The tokens checked so far (by their SHA-256): a table's number, or the director."""

    def remember(self, game_id: str, edit_token: str, tokens: dict[int, str]) -> None:
        """Keep the tokens of a session just started: its tables' first results need not
        read them from the database."""
        self.tokens[(game_id, hash_token(edit_token))] = DIRECTOR
        for table, token in tokens.items():
            self.tokens[(game_id, hash_token(token))] = table


def live(request: Request) -> Live:
    """The app's live sessions (made on first use)."""
    return live_of(request.app)


def live_of(app: FastAPI) -> Live:
    """:func:`live`, of the app itself (its lifespan has no request)."""
    return made_once(app, "live", lambda: Live(LiveStore(app.state.store)))


class TeamNights:
    """The live store's team nights, by the event's id (an event stored by an earlier version
    is made a live night the first time it is read: :func:`~bridgescore.storage.nights.adopt`)."""

    def __init__(self, store: LiveStore) -> None:
        self.store = store

    def night(self, event_id: str) -> LiveState:
        """The team night as stored now.

        :raises GameNotFoundError: if there is no such team night.
        """
        try:
            state = self.store.state(event_id)
        except GameNotFoundError:
            if not adopt(self.store, event_id):
                raise
            state = self.store.state(event_id)
        if state.seating.kind != "teams":
            raise GameNotFoundError.coded("no_team_event", event=event_id)
        return state

    def state(self, event_id: str) -> tuple[Event, int]:
        """The event with its results, and its version."""
        night = self.night(event_id)
        return night.event, night.version


def team_events(request: Request) -> TeamNights:
    """The app's team nights."""
    return TeamNights(live(request).store)


def club_owning(store: ClubStore, game_id: str) -> Club | None:
    """The club that owns a game or an event (None: nobody's), for its pages' language."""
    owner = store.owner(game_id)
    return None if owner is None else store.club(owner)


def club_of(request: Request, event_id: str) -> str | None:
    """The club of a team night (404 for no team night)."""
    team_events(request).night(event_id)
    return clubs(request).owner(event_id)


def analyser(request: Request) -> Analyser:
    """The app's double-dummy worker (made on first use)."""
    return analyser_of(request.app)


def analyser_of(app: FastAPI) -> Analyser:
    """:func:`analyser`, of the app itself (its lifespan starts and stops it)."""
    return made_once(app, "analyser", lambda: Analyser(DealStore(live_of(app).store)))


def deals_of(request: Request) -> DealStore:
    """The app's live sessions' deals."""
    return analyser(request).deals


def outbox(request: Request) -> OutboxStore:
    """The app's outbox."""
    return app_part(request.app, "outbox", OutboxStore)


def sender(request: Request) -> Sender:
    """The app's sender thread."""
    return app_part(request.app, "sender", Sender)


T = TypeVar("T")


def _on_loop(get: Callable[[Request], T]) -> Callable[[Request], Awaitable[T]]:
    """``get`` as a dependency called on the event loop (FastAPI runs a plain function in a
    thread): for the app's parts, which are read, not waited for."""

    async def dependency(request: Request) -> T:
        return get(request)

    dependency.__doc__ = get.__doc__
    return dependency


SettingsDep = Annotated[Settings, Depends(_on_loop(settings))]
"""The app's settings (:func:`settings`)."""
LimitsDep = Annotated[Limits, Depends(_on_loop(limits))]
"""What one request may ask (:func:`limits`)."""
StoreDep = Annotated[Store, Depends(_on_loop(store))]
"""The games' store (:func:`store`)."""
ClubsDep = Annotated[ClubStore, Depends(_on_loop(clubs))]
"""The clubs, their directors and rosters (:func:`clubs`)."""
LiveDep = Annotated[Live, Depends(_on_loop(live))]
"""The live sessions, and the tokens checked so far (:func:`live`)."""
TeamEventsDep = Annotated[TeamNights, Depends(_on_loop(team_events))]
"""The team nights (:func:`team_events`)."""
AnalyserDep = Annotated[Analyser, Depends(_on_loop(analyser))]
"""The double-dummy worker (:func:`analyser`)."""
DealsDep = Annotated[DealStore, Depends(_on_loop(deals_of))]
"""The live sessions' deals (:func:`deals_of`)."""
OutboxDep = Annotated[OutboxStore, Depends(_on_loop(outbox))]
"""The letters queued to send (:func:`outbox`)."""
SenderDep = Annotated[Sender, Depends(_on_loop(sender))]
"""The thread that sends them (:func:`sender`)."""


# -- who sends the request -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bearer:
    """What the request's ``Authorization`` header holds."""

    sent: bool
    """Whether the request has the header at all."""
    token: str | None
    """The token of ``Bearer <token>`` (the scheme in any case); None without the header, or
    for anything else (a bare token, ``Basic ...``, ``Bearer`` alone)."""


def read_bearer(value: str | None) -> Bearer:
    """The header's token: the one place it is read.

    >>> read_bearer("bEaReR  abc "), read_bearer("abc").token, read_bearer(None).sent
    (Bearer(sent=True, token='abc'), None, False)
    """
    scheme, _, token = (value or "").strip().partition(" ")
    token = token.strip()
    found = token if scheme.lower() == "bearer" and token else None
    return Bearer(value is not None, found)


_AUTHORIZATION = (
    "Bearer <token>: a game's edit token, a live session's table or director's token, or a "
    "club director's login token (each call says which)"
)


async def bearer(
    authorization: Annotated[str | None, Header(description=_AUTHORIZATION)] = None,
) -> Bearer:
    """The request's bearer token (:func:`read_bearer`)."""
    return read_bearer(authorization)


def bearer_of(request: Request) -> Bearer:
    """The request's bearer token, read without FastAPI's dependency (a route on the hot path:
    its ``openapi_extra`` is :data:`BEARER_READ`)."""
    return read_bearer(request.headers.get("authorization"))


BEARER_READ: Final[dict[str, Any]] = {
    "parameters": [{"name": "authorization", "in": "header", "required": False,
                    "schema": {"anyOf": [{"type": "string"}, {"type": "null"}],
                               "description": _AUTHORIZATION, "title": "Authorization"},
                    "description": _AUTHORIZATION}]
}  # fmt: skip
"""The ``openapi_extra`` of a route that reads the header with :func:`bearer_of` (FastAPI's
resolving of :data:`TokenDep` was a tenth of the event loop's time for a table's result): the
parameter as :data:`TokenDep` documents it."""


TokenDep = Annotated[Bearer, Depends(bearer)]
"""The request's bearer token, read once (:func:`bearer`)."""


_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def cookie_login(request: Request) -> str | None:
    """The login of the signed cookie, for a call of the API from the pages' scripts: a read,
    or a change whose ``Origin`` (else ``Referer``) says it comes from this site (another
    site's page, another port's included, sends the cookie too); None without a login.

    :raises HTTPException: 403 for a change with the cookie from elsewhere or from nowhere
        said (a program sends ``Authorization: Bearer``, which no other page can).
    """
    token = login_of(request)
    if token is not None and request.method not in _READS and not same_origin(request, said=True):
        raise HTTPException(
            403,
            gettext(
                "a change made with the login cookie must come from this site's own pages (its "
                "Origin header); a program sends the header Authorization: Bearer <token>"
            ),
        )
    return token


def director_or_none(request: Request, sent: TokenDep, clubs: ClubsDep) -> Director | None:
    """The director whose login this is: the bearer token, else (the pages' scripts) the
    signed cookie (:func:`cookie_login`); None without a login."""
    token = sent.token or cookie_login(request)
    return None if token is None else clubs.director_of(token)


OptionalDirector = Annotated[Director | None, Depends(director_or_none)]
"""The director logged in, or None (:func:`director_or_none`)."""


def director(found: OptionalDirector) -> Director:
    """The director logged in.

    :raises HTTPException: 401 without a director's login.
    """
    if found is None:
        raise HTTPException(
            401,
            gettext(
                "log in as a club's director (POST /api/login) and send the token in the header "
                "Authorization: Bearer <token>"
            ),
            headers={"WWW-Authenticate": "Bearer"},
        )
    return found


async def _director(found: OptionalDirector) -> Director:
    return director(found)


CurrentDirector = Annotated[Director, Depends(_director)]
"""The director logged in; 401 without (:func:`director`)."""


def page_director(request: Request, clubs: ClubsDep) -> Director | None:
    """The director of this browser's login cookie (the pages); None without one."""
    token = login_of(request)
    return None if token is None else clubs.director_of(token)


PageDirector = Annotated[Director | None, Depends(page_director)]
"""The director of the pages' login cookie, or None (:func:`page_director`)."""


def log_in(request: Request, email: str, password: str) -> str:
    """A login's token, unless this client address has failed too often: to this account
    (:attr:`Settings.login_attempts`), or to any (ten times as many). Only failures count, and
    only the address that failed waits: nobody else can lock a director out.

    :raises LoginError: for a wrong email or password (counted).
    :raises TooManyAttemptsError: for too many failures from this address.
    """
    club_store = clubs(request)
    per_account = app_part(request.app, "attempts", Attempts)
    per_address = app_part(request.app, "address_attempts", Attempts)
    now = time.monotonic()
    address = request.client.host if request.client else "?"
    account = f"{address} {email.strip().lower()}"
    per_address.refuse_if_full(address, now)
    per_account.refuse_if_full(account, now)
    try:
        return club_store.login(email, password)
    except LoginError:
        per_address.record(address, now)
        per_account.record(account, now)
        raise


def directs(clubs: ClubStore, game_id: str, token: str) -> bool:
    """Whether ``token`` is the login of a director of the club that owns the game (the
    core's rule: :func:`~bridgescore.club.check_directs`; a game's club never changes)."""
    found = clubs.director_of(token)
    if found is None:
        return False
    try:
        check_directs(found.club_id, clubs.owner(game_id))
    except (NotAllowedError, ClubNotFoundError):
        return False
    return True


# -- a live session's tables and director ----------------------------------------------------


def session_token(sent: Bearer) -> str:
    """The token sent for a live session.

    :raises HTTPException: 403 without one.
    """
    if sent.token is None:
        raise HTTPException(
            403,
            gettext(
                "send a table's token or the director's in the header Authorization: Bearer <token>"
            ),
        )
    return sent.token


def session_who(
    request: Request, game_id: str, sent: TokenDep, live: LiveDep, store: StoreDep,
    clubs: ClubsDep,
) -> Who:  # fmt: skip
    """The table of a live session whose token was sent, or
    :data:`~bridgescore.live.DIRECTOR` (the session's edit token, or a login of a director
    of its club: sent, or the pages' cookie, :func:`cookie_login`).

    :raises HTTPException: 403 without a token of this session.
    """
    if sent.token is None and (login := cookie_login(request)) is not None:
        if directs(clubs, game_id, login):
            return DIRECTOR
        raise HTTPException(403, gettext("this login is not of a director of this session's club"))
    token = session_token(sent)
    known = live.tokens
    key = (game_id, hash_token(token))
    if key in known:  # a token once checked stays good: tokens never change
        return known[key]
    tables = live.store.tables_by_token(game_id)  # all at once: each table's first result
    if len(known) + len(tables) > 10_000:
        known.clear()
    known.update({(game_id, hashed): table for hashed, table in tables.items()})
    who: Who
    if key in known:
        return known[key]
    if store.check_token(game_id, token):
        who = DIRECTOR
    elif directs(clubs, game_id, token):  # a login may end: never kept in `known`
        return DIRECTOR
    else:
        raise HTTPException(403, gettext("that is not a token of this session"))
    if len(known) > 10_000:
        known.clear()
    known[key] = who
    return who


def session_viewer(
    request: Request, game_id: str, sent: TokenDep, live: LiveDep, store: StoreDep,
    clubs: ClubsDep,
) -> Who | None:  # fmt: skip
    """Who reads a live session: a table's number, the director (a token, or the login
    cookie of a director of its club), or None.

    :raises HTTPException: 403 for a token that is not one of this session's.
    """
    if sent.sent:
        return session_who(request, game_id, sent, live, store, clubs)
    login = cookie_login(request)
    return DIRECTOR if login is not None and directs(clubs, game_id, login) else None


def session_state(game_id: str, live: LiveDep) -> LiveState:
    """The live session as stored now.

    :raises GameNotFoundError: if there is no such live session (404).
    """
    return live.store.state(game_id)


SessionWho = Annotated[Who, Depends(session_who)]
"""A live session's table or director, by the token sent; 403 otherwise (:func:`session_who`)."""
SessionViewer = Annotated[Who | None, Depends(session_viewer)]
"""Who reads a live session; None without a token (:func:`session_viewer`)."""
SessionState = Annotated[LiveState, Depends(session_state)]
"""The live session as stored now; 404 without one (:func:`session_state`)."""


def require_director(who: Who | None, refusal: str) -> None:
    """Refuse anyone but the session's director with ``refusal`` (marked ``N_``: said in the
    request's language), which says what only the director does.

    :raises HTTPException: 403 for a table (or, None, a reader with no token).
    """
    if who != DIRECTOR:
        raise HTTPException(403, gettext(refusal))


def live_session(request: Request, game_id: str) -> tuple[StoredGame, LiveState]:
    """The session as a stored game with its results (at the version they were read at), and
    its live state."""
    state = live(request).store.state(game_id)
    stored = store(request).get(game_id)
    return replace(stored, game=state.current, version=state.version, edit_token=None), state


# -- forms -----------------------------------------------------------------------------------


async def posted_form(request: Request) -> dict[str, str]:
    """A posted form, once it has passed the origin and CSRF checks
    (:func:`~bridgescore.web.common.check_csrf`).

    :raises HTTPException: 403 for a form from another site, or with a stale token.
    """
    return await check_csrf(request)


async def game_form(request: Request, game_id: str) -> dict[str, str]:
    """A form posted to a game: its CSRF token may also be the one bound to the game's edit
    token this browser holds (:func:`~bridgescore.web.common.bound_csrf`).

    :raises HTTPException: 403 for a form from another site, or with a stale token.
    """
    token = request.cookies.get(edit_cookie(game_id), "")
    return await check_csrf(request, bound_csrf(token, game_id) if token else "")


PostedForm = Annotated[dict[str, str], Depends(posted_form)]
"""A posted form, its origin and CSRF token checked (:func:`posted_form`)."""
GameForm = Annotated[dict[str, str], Depends(game_form)]
"""A form posted to a game, checked (:func:`game_form`)."""


# -- games and sessions ----------------------------------------------------------------------


def can_edit(request: Request, stored: StoredGame) -> bool:
    """Whether this browser holds the game's edit token (its cookie)."""
    token = request.cookies.get(edit_cookie(stored.id))
    return bool(token) and store(request).check_token(stored.id, token or "")


def readable_session(request: Request, game_id: str) -> tuple[StoredGame, Session]:
    """The stored session and its session, for anyone with the link; a club evening's only
    once the director has closed it (nobody sees a board's results before playing it), its
    players shown as the club's public pages show them
    (:meth:`~bridgescore.storage.clubs.ClubStore.public_view`).

    :raises HTTPException: 404 if there is no such session, 403 for an evening still open.
    """
    try:
        stored = store(request).get(game_id)
    except GameNotFoundError:
        stored = None
    if stored is None or not isinstance(stored.game, Session):
        raise HTTPException(404, gettext("there is no session with id %(id)r") % {"id": game_id})
    if live(request).store.is_live(game_id):  # a club evening: its results are rows of their own
        stored, state = live_session(request, game_id)
        if not state.closed:
            raise HTTPException(
                403,
                gettext(
                    "this evening's results are published when the director closes the session"
                ),
            )
    assert isinstance(stored.game, Session)  # a live session's game is a session too
    club_store = clubs(request)
    owner = club_store.owner(game_id)
    hidden = stored.game
    if owner is not None:  # the players as the club's public pages show them
        view = club_store.public_view(club_store.club(owner))
        hidden = view.session(stored.game)
    return replace(stored, game=hidden), hidden


ReadableSession = Annotated[tuple[StoredGame, Session], Depends(readable_session)]
"""A session anyone with its link may read (:func:`readable_session`)."""
