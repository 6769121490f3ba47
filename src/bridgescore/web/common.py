"""What the routers share: templates, the store, cookies, CSRF and edit rights."""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from bridgescore import __version__
from bridgescore.storage import Store, StoredGame

__all__ = [
    "CSRF_COOKIE",
    "STATIC",
    "can_edit",
    "check_csrf",
    "edit_cookie",
    "page",
    "remember_edit",
    "store",
    "templates",
]

HERE = Path(__file__).parent
STATIC = HERE / "static"
templates = Jinja2Templates(directory=HERE / "templates")
templates.env.globals["version"] = __version__

CSRF_COOKIE = "bs_csrf"
_YEAR = 365 * 24 * 3600


def store(request: Request) -> Store:
    """The app's store."""
    s: Store = request.app.state.store
    return s


def _secure(request: Request) -> bool:
    return bool(request.app.state.settings.secure_cookies)


def page(
    request: Request, name: str, context: dict[str, Any], status_code: int = 200
) -> HTMLResponse:
    """Render a page, with the CSRF token its forms carry (set as a cookie on first visit)."""
    token = request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(24)
    response = templates.TemplateResponse(
        request, name, {**context, "csrf": token}, status_code=status_code
    )
    if request.cookies.get(CSRF_COOKIE) != token:
        response.set_cookie(
            CSRF_COOKIE, token, httponly=True, samesite="lax", secure=_secure(request)
        )
    return response


async def check_csrf(request: Request) -> dict[str, str]:
    """Read a posted form and check its CSRF token against the cookie (double submit).

    :raises HTTPException: 403 if they differ, so a form posted from another site does nothing.
    """
    form = await request.form()
    sent = str(form.get("csrf", ""))
    expected = request.cookies.get(CSRF_COOKIE, "")
    if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise HTTPException(403, "this form has expired or came from another site; reload the page")
    return {k: str(v) for k, v in form.items()}


def edit_cookie(game_id: str) -> str:
    """The cookie that holds a game's edit token in the browser that may edit it."""
    return f"bs_edit_{game_id}"


def can_edit(request: Request, stored: StoredGame) -> bool:
    """Whether this browser holds the game's edit token."""
    token = request.cookies.get(edit_cookie(stored.id))
    return bool(token) and store(request).check_token(stored.id, token or "")


def remember_edit(request: Request, response: Response, game_id: str, token: str) -> None:
    """Keep a game's edit token in a cookie: this browser may edit it, and lists it in My games."""
    response.set_cookie(
        edit_cookie(game_id),
        token,
        max_age=_YEAR,
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )
