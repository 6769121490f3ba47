"""The language a request is answered in, and the switch that sets it.

The page's switch (``/language/<code>``, remembered a year in the ``bs_lang`` cookie), else the
browser's ``Accept-Language``, else the club's default language (a page of a club:
:func:`~bridgescore.web.common.page`), else English: the rule is
:func:`~bridgescore.web.common.language_of_scope`. :class:`Language` sets it for the whole
request (:func:`bridgescore.locale.use`), so the templates, the routes and the API's error
``detail`` all say the same language.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore.errors import BridgeError
from bridgescore.locale import LANGUAGES, speak, use
from bridgescore.storage.clubs import ClubStore
from bridgescore.web.common import LANGUAGE_COOKIE, language_of_scope, reader_language
from bridgescore.web.deps import SettingsDep, clubs

__all__ = [
    "LANGUAGE_COOKIE",
    "ClubLanguage",
    "Language",
    "club_language",
    "language_of_scope",
    "router",
]

_YEAR = 365 * 24 * 3600

router = APIRouter(include_in_schema=False)


class Language:
    """An ASGI middleware: every HTTP request is answered in its language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with use(language_of_scope(scope)):
            await self.app(scope, receive, send)


def _language(store: ClubStore, game_id: str) -> str | None:
    try:
        return store.game_language(game_id)
    except BridgeError:  # no such game: the route says so
        return None


async def club_language(request: Request) -> None:
    """A route of one game (its path's ``game_id``: a session's page, an evening's API) speaks
    its club's default language to a reader who asks for none of ours, as the club's own pages
    do (:func:`language_of_scope`): its page, and its errors' ``detail``. Async, so that the
    language it sets holds for the rest of the request (the route and its error handlers)."""
    game_id = request.path_params.get("game_id")
    if not isinstance(game_id, str) or reader_language(request.scope) is not None:
        return
    store, game_id = clubs(request), game_id[:100]
    known, language = store.known_language(game_id)  # a live evening's every request asks
    if not known:
        language = await run_in_threadpool(_language, store, game_id)
    if language:
        speak(language_of_scope(request.scope, language))


ClubLanguage = Depends(club_language)
"""The dependency a game's routers are included with (:func:`club_language`)."""


def _same_site(path: str) -> str:
    """A path on this site to go back to (anything else: the home page)."""
    if path.startswith("/") and not path.startswith(("//", "/\\")) and len(path) <= 2000:
        return path
    return "/"


@router.get("/language/{code}")
async def switch(settings: SettingsDep, code: str, next: str = "/") -> RedirectResponse:
    """Remember ``code`` as this browser's language and go back to the page it was chosen on."""
    response = RedirectResponse(_same_site(next), status_code=303)
    if code in LANGUAGES:
        response.set_cookie(
            LANGUAGE_COOKIE,
            code,
            max_age=_YEAR,
            samesite="lax",
            secure=bool(settings.secure_cookies),
        )
    return response
