"""What the routers share: templates, cookies, CSRF and origin checks, links.

Below every router and :mod:`~bridgescore.web.deps` (which turns these into a route's
dependencies); it imports no other module of the web app.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable
from functools import cache
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.types import Scope

from bridgescore import __version__, locale
from bridgescore.club import Club
from bridgescore.inputs import check_name

__all__ = [
    "CSRF_COOKIE",
    "LANGUAGE_COOKIE",
    "LOGIN_COOKIE",
    "STATIC",
    "app_part",
    "asset",
    "bound_csrf",
    "check_csrf",
    "edit_cookie",
    "forget_login",
    "language_of_scope",
    "link",
    "login_of",
    "made_once",
    "name_field",
    "page",
    "remember_edit",
    "remember_login",
    "renew_csrf",
    "same_origin",
    "templates",
]

HERE = Path(__file__).parent
STATIC = HERE / "static"
templates = Jinja2Templates(directory=HERE / "templates")
templates.env.add_extension("jinja2.ext.i18n")
templates.env.policies["ext.i18n.trimmed"] = True  # as babel.cfg extracts them
templates.env.globals["version"] = __version__
# The request's language (bridgescore.web.languages.Language): {{ _("...") }}, {% trans %}.
templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=locale.gettext, ngettext=locale.ngettext, pgettext=locale.pgettext, newstyle=True
)
templates.env.globals["languages"] = locale.LANGUAGES
templates.env.globals["language"] = locale.current
templates.env.globals["js_catalogue"] = lambda: locale.js_catalogue(locale.current())
templates.env.filters["number"] = locale.format_number
templates.env.filters["date"] = locale.format_date
templates.env.filters["when"] = locale.format_when
templates.env.filters["seat"] = locale.seat_name
templates.env.filters["vulnerability"] = locale.vulnerability_name
templates.env.filters["part_label"] = locale.part_label
# a pair's label for the reader, {{ p.label|pair }}; a side, {{ field|side }} (never on a
# literal: Jinja folds a constant at compile time, in the language of the first page: _("NS"))
templates.env.filters["pair"] = locale.pair_label
templates.env.filters["side"] = locale.side_word
templates.env.filters["ranks"] = locale.ranks_text
templates.env.filters["par"] = locale.par_text
templates.env.filters["seat_letter"] = locale.seat_letter
templates.env.filters["heading_line"] = locale.heading_line


templates.env.filters["points"] = locale.format_points


@cache
def asset(path: str) -> str:
    """The address of a static file with its fingerprint (``/static/app.js?v=1a2b3c4d5e6f``):
    kept a year by browsers, a new address whenever the file changes.

    >>> asset("app.js").startswith("/static/app.js?v=")
    True
    """
    digest = hashlib.sha256((STATIC / path).read_bytes()).hexdigest()[:12]
    return f"/static/{path}?v={digest}"


templates.env.globals["asset"] = asset

CSRF_COOKIE = "bs_csrf"
LANGUAGE_COOKIE = "bs_lang"
_YEAR = 365 * 24 * 3600


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def reader_language(scope: Scope) -> str | None:
    """The language the reader asks for: its switch's (the ``bs_lang`` cookie), else its
    browser's ``Accept-Language``'s; None when it asks for none of ours.

    >>> reader_language({"headers": [(b"accept-language", b"xx, de;q=0.5")]})
    'de'
    >>> reader_language({"headers": [(b"accept-language", b"xx")]}) is None
    True
    """
    chosen = None
    cookie = _header(scope, b"cookie")
    if cookie and LANGUAGE_COOKIE in cookie:
        try:
            morsel = SimpleCookie(cookie[:4096]).get(LANGUAGE_COOKIE)
        except CookieError:
            morsel = None
        chosen = morsel.value if morsel is not None else None
    if chosen in locale.LANGUAGES:
        return chosen
    header = _header(scope, b"accept-language")
    return locale.negotiate(header[:1000] if header else None)


def language_of_scope(scope: Scope, club_default: str | None = None) -> str:
    """The request's language, the one rule of every page: its switch's (the ``bs_lang``
    cookie), else its ``Accept-Language``'s (:func:`reader_language`), else ``club_default``
    (the club's default language, for a page of a club), else English.

    >>> language_of_scope({"headers": [(b"accept-language", b"fr-CA,en;q=0.5")]})
    'fr'
    >>> language_of_scope({"headers": [(b"cookie", b"bs_lang=en"),
    ...                                (b"accept-language", b"fr")]}, "de")
    'en'
    >>> language_of_scope({"headers": []}, "nl"), language_of_scope({"headers": []})
    ('nl', 'en')
    """
    return locale.pick(reader_language(scope), club_default)


T = TypeVar("T")
_made = threading.RLock()  # re-entrant: one part's maker may ask for another part


def made_once(app: FastAPI, name: str, make: Callable[[], T]) -> T:
    """The app's part ``name`` (``app.state.<name>``), made by ``make`` when first asked for,
    by one thread only."""
    try:  # made already (every request after the first): no lock
        found: T = getattr(app.state, name)
        return found
    except AttributeError:
        pass
    with _made:
        if not hasattr(app.state, name):
            setattr(app.state, name, make())
        made: T = getattr(app.state, name)
    return made


def app_part(app: FastAPI, name: str, kind: type[T]) -> T:
    """The app's part ``name`` (``app.state.<name>``), as :func:`~.app.create_app` (or
    :func:`made_once`) set it: a ``kind``.

    :raises TypeError: if it is something else.
    """
    found = getattr(app.state, name)
    if not isinstance(found, kind):
        raise TypeError(f"app.state.{name} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def _secure(request: Request) -> bool:
    return bool(request.app.state.settings.secure_cookies)


def page(
    request: Request,
    name: str,
    context: dict[str, Any],
    status_code: int = 200,
    *,
    club: Club | None = None,
) -> HTMLResponse:
    """Render a page, with the CSRF token its forms carry (set as a cookie on first visit).

    A page of a club (``club``, else the context's ``club``) falls back to the club's default
    language, not English, for a browser that asks for none of ours (:func:`language_of_scope`);
    another page, to the request's language so far (a club's session's: its route's
    :func:`~bridgescore.web.languages.club_language`).
    """
    token = request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(24)
    owner = club if club is not None else context.get("club")
    default = owner.language if isinstance(owner, Club) else locale.current()
    with locale.use(language_of_scope(request.scope, default)):
        response = templates.TemplateResponse(
            request,
            name,
            {"csrf": token, "login": login_of(request), **context},
            status_code=status_code,
        )
    if request.cookies.get(CSRF_COOKIE) != token:
        _set_csrf(request, response, token)
    return response


def _set_csrf(request: Request, response: Response, token: str) -> None:
    # a year: a form outlives a browser restart
    response.set_cookie(
        CSRF_COOKIE, token, max_age=_YEAR, httponly=True, samesite="lax", secure=_secure(request)
    )


def renew_csrf(request: Request, response: Response) -> None:
    """Give this browser a new CSRF token (at login: one set before, by anyone who could
    plant a cookie, is no longer good)."""
    _set_csrf(request, response, secrets.token_urlsafe(24))


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower case."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(request: Request, *, said: bool = False) -> bool:
    """Whether a post comes from this site: its ``Origin`` (else its ``Referer``) is the
    configured base URL's origin, or without one the address the request was sent to (another
    port is another site). A post with neither header is not a browser's cross-site post: it
    passes (a form's CSRF token still decides) unless ``said`` (it must say where it is from:
    a change made with the login cookie alone, which no token backs)."""
    sent = request.headers.get("origin") or request.headers.get("referer")
    if sent is None:
        return not said
    base_url = request.app.state.settings.base_url
    expected = _origin(base_url) if base_url else _origin(str(request.url))
    return sent != "null" and _origin(sent) == expected


def bound_csrf(edit_token: str, game_id: str) -> str:
    """The CSRF token of a game's forms in a browser holding its edit token: derived from that
    token (kept a year in its cookie), so a lost CSRF cookie loses no entry, and no other site
    can know it.

    >>> bound_csrf("secret", "g1") == bound_csrf("secret", "g1") != bound_csrf("other", "g1")
    True
    """
    digest = hmac.new(edit_token.encode(), f"csrf:{game_id}".encode(), hashlib.sha256)
    return "g" + digest.hexdigest()[:40]


async def check_csrf(request: Request, bound: str = "") -> dict[str, str]:
    """Read a posted form and check where it comes from, then its CSRF token against the
    cookie (double submit), or against ``bound`` (a game's :func:`bound_csrf` token).

    :raises HTTPException: 403 if they differ, so a form posted from another site does nothing.
    """
    if not same_origin(request):
        raise HTTPException(
            403,
            locale.gettext(
                "this form was posted from another site; open the page here and send it again"
            ),
        )
    form = await request.form()
    sent = str(form.get("csrf", ""))
    expected = request.cookies.get(CSRF_COOKIE, "")
    ok = bool(expected) and hmac.compare_digest(sent.encode(), expected.encode())
    if not ok and not (bound and hmac.compare_digest(sent.encode(), bound.encode())):
        raise HTTPException(
            403,
            locale.gettext(
                "this form has expired (or came from another site): "
                "reload the page and enter it again"
            ),
        )
    return {k: str(v) for k, v in form.items()}


def link(request: Request, path: str) -> str:
    """A link to show (share, edit): the configured base URL and the path, or the path alone
    (the page's script makes it whole), never built from the request's ``Host`` header."""
    base_url: str | None = request.app.state.settings.base_url
    return base_url.rstrip("/") + path if base_url else path


def name_field(form: dict[str, str], key: str, request: Request) -> str:
    """A name from a form (an event, a pair's players), stripped and checked.

    :raises NotationError: past ``Limits.name`` characters or with a line break.
    """
    longest: int = request.app.state.settings.limits.name
    return check_name(form.get(key, "").strip(), key, longest=longest)


def edit_cookie(game_id: str) -> str:
    """The cookie that holds a game's edit token in the browser that may edit it."""
    return f"bs_edit_{game_id}"


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


LOGIN_COOKIE = "bs_login"
_LOGIN_DAYS = 30


def _signature(request: Request, token: str) -> str:
    key: str = request.app.state.secret_key
    return hmac.new(key.encode(), f"login:{token}".encode(), hashlib.sha256).hexdigest()[:32]


def remember_login(request: Request, response: Response, token: str) -> None:
    """Keep a director's login in a signed cookie (HttpOnly, SameSite=Lax): the pages know
    them; their forms still carry the CSRF token."""
    response.set_cookie(
        LOGIN_COOKIE,
        f"{token}.{_signature(request, token)}",
        max_age=_LOGIN_DAYS * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=_secure(request),
    )


def forget_login(response: Response) -> None:
    """End the login cookie."""
    response.delete_cookie(LOGIN_COOKIE)


def login_of(request: Request) -> str | None:
    """The login token of this browser's signed cookie; None without one, or a cookie whose
    signature does not match (the token itself is checked against the database on use)."""
    token, _, signature = request.cookies.get(LOGIN_COOKIE, "").rpartition(".")
    expected = _signature(request, token).encode()
    if not token or not hmac.compare_digest(signature.encode(), expected):
        return None
    return token
