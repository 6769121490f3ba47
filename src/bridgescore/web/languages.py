"""The language a request is answered in, and the switch that sets it.

The page's switch (``/language/<code>``, remembered a year in the ``bs_lang`` cookie), else the
browser's ``Accept-Language``, else the club's default language (a page of a club:
:func:`~bridgescore.web.common.page`), else English: the rule is
:func:`~bridgescore.web.common.language_of_scope`. :class:`Language` sets it for the whole
request (:func:`bridgescore.locale.use`), so the templates, the routes and the API's error
``detail`` all say the same language.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore.locale import LANGUAGES, use
from bridgescore.web.common import LANGUAGE_COOKIE, language_of_scope
from bridgescore.web.deps import SettingsDep

__all__ = ["LANGUAGE_COOKIE", "Language", "language_of_scope", "router"]

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
