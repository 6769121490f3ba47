"""What stands between a request and the routes: the body limit, the security headers and the
error handlers (JSON for the API, a page in the site's style for a browser; never a traceback).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgescore import BridgeError
from bridgescore.errors import N_
from bridgescore.locale import error_text, gettext
from bridgescore.web.common import templates
from bridgescore.web.problems import refusal
from bridgescore.web.settings import Limits

__all__ = [
    "BodyLimit",
    "BodyTooLarge",
    "SecurityHeaders",
    "clean",
    "error_response",
    "install",
    "validation_error",
]

log = logging.getLogger("bridgescore.web")

_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
# The interactive API docs: Swagger UI from the package, started by FastAPI's inline script.
_DOCS_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; "
    "script-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
)
_YEAR = b"public, max-age=31536000, immutable"
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # Edit links carry a token: never send an address to another site. (Not no-referrer:
    # then browsers send `Origin: null` on our own form posts, and the origin check fails.)
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_HSTS = (b"strict-transport-security", b"max-age=63072000; includeSubDomains")


class _HttpMiddleware:
    """A plain ASGI middleware (cheap per request) that acts on HTTP requests only."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one HTTP request."""
        raise NotImplementedError


class SecurityHeaders(_HttpMiddleware):
    """Add the security headers to every response, errors and 500s included (the outermost
    layer), and ``Cache-Control`` where the route set none: a year for a static file addressed
    with its fingerprint (``?v=``), ``no-cache`` for other static files, ``no-store`` for the
    rest (pages carry CSRF and edit tokens, API answers edit tokens)."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        super().__init__(app)
        self.hsts = hsts

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        docs = path in ("/docs", "/redoc")
        extra = [*_HEADERS, (b"content-security-policy", (_DOCS_CSP if docs else _CSP).encode())]
        if self.hsts:
            extra.append(_HSTS)
        static = path.startswith("/static/")
        fingerprinted = static and b"v=" in scope.get("query_string", b"")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k.lower() == b"cache-control" for k, _ in headers):
                    if fingerprinted and message.get("status") == 200:
                        headers.append((b"cache-control", _YEAR))
                    elif static:
                        headers.append((b"cache-control", b"no-cache"))
                    else:
                        headers.append((b"cache-control", b"no-store"))
                message["headers"] = [*headers, *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyTooLarge(HTTPException):
    """A request body past its limit (raised while it is read, so a chunked body counts too)."""

    def __init__(self, limit: int) -> None:
        said = gettext("the request is larger than %(limit)s bytes, the most accepted")
        super().__init__(413, said % {"limit": f"{limit:,}"})


class BodyLimit(_HttpMiddleware):
    """Refuse a request body past :attr:`Limits.body` bytes (an upload: :attr:`Limits.upload`
    more) with 413: by its Content-Length before it is read, or as its bytes are counted."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        super().__init__(app)
        self.limits = limits

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        upload = scope["path"] == "/session/new" and scope["method"] == "POST"
        limit = self.limits.upload_body if upload else self.limits.body
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                declared = value.strip()
                if len(declared) > 15 or not declared.isdigit() or int(declared) > limit:
                    exc = BodyTooLarge(limit)
                    await error_response(Request(scope), 413, exc.detail)(scope, receive, send)
                    return
        seen = 0
        started = False

        async def counting() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        async def watching(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting, watching)
        except BodyTooLarge as exc:  # read outside the routes' handlers
            if started:
                raise
            await error_response(Request(scope), 413, exc.detail)(scope, receive, send)


def clean(data: Any) -> Any:
    """The data with every string encodable as UTF-8 (a lone surrogate becomes ``?``) and
    nothing JSON cannot carry (no NaN): safe to answer with, whatever the request sent.

    >>> clean({"loc": ["body", "\\ud800"], "n": float("nan")})
    {'loc': ['body', '?'], 'n': None}
    """
    if isinstance(data, str):
        return data.encode("utf-8", "replace").decode("utf-8")
    if isinstance(data, dict):
        return {clean(str(k)): clean(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [clean(v) for v in data]
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if data is None or isinstance(data, bool | int | float):
        return data
    return clean(str(data))


def validation_error(exc: BridgeError, where: str = "body") -> dict[str, object]:
    """One item of a 422's ``detail`` list, in the shape FastAPI documents for its own checks.

    >>> from bridgescore import InvalidResultError
    >>> validation_error(InvalidResultError("tricks must be 0-13", field="tricks", value=14))
    {'loc': ['body', 'tricks'], 'msg': 'tricks must be 0-13', 'type': 'invalid_result'}
    """
    name = type(exc).__name__.removesuffix("Error")
    kind = "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
    loc = [where, exc.field] if exc.field else [where]
    return {"loc": loc, "msg": clean(error_text(exc)), "type": kind}


def wants_json(request: Request) -> bool:
    """Whether the error goes to a program (the API, or a client asking for JSON only)."""
    if request.url.path.startswith(("/api/", "/openapi")) or request.url.path == "/api":
        return True
    accept = request.headers.get("accept", "")
    return "json" in accept and "text/html" not in accept


_TITLES = {
    400: N_("That request cannot be read"),
    403: N_("Not allowed"),
    404: N_("Page not found"),
    405: N_("Not allowed here"),
    409: N_("Changed elsewhere"),
    413: N_("Too large"),
    422: N_("Please check what you entered"),
    429: N_("Too many at once"),
    500: N_("Something went wrong"),
    501: N_("Not installed on this server"),
    503: N_("The server is busy"),
}


def _back(path: str) -> str:
    """The page a form posted to ``path`` came from (its game's page, or the form's page)."""
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 2 and parts[0] in ("rubber", "chicago", "session"):
        return f"/{parts[0]}/{parts[1]}"
    return "/"


def error_response(
    request: Request,
    status: int,
    detail: Any,
    headers: Mapping[str, str] | None = None,
    *,
    field: str | None = None,
) -> Response:
    """The answer to a refused request: JSON ``{"detail": ...}`` (422: FastAPI's list of
    errors; a refusal about one input also names its ``field``) for the API, else a page in
    the site's style that says what went wrong."""
    if status == 422 and isinstance(detail, str):
        detail = [{"loc": ["body"], "msg": detail, "type": "value_error"}]
    if wants_json(request):
        body = {"detail": clean(detail)} | ({"field": field} if field else {})
        return JSONResponse(body, status_code=status, headers=headers)
    if isinstance(detail, list):
        message = "; ".join(str(d.get("msg", d)) if isinstance(d, dict) else str(d) for d in detail)
    else:
        message = str(detail)
    context = {
        "status": status,
        "title": gettext(_TITLES.get(status, N_("That did not work"))),
        "message": clean(message),
        "back": _back(request.url.path) if request.method == "POST" else "",
    }
    return templates.TemplateResponse(
        request, "error.html", context, status_code=status, headers=headers
    )


def allowed_methods(request: Request) -> list[str]:
    """The methods the request's path answers, over every route of the app's OpenAPI schema."""
    path = request.url.path
    methods = {
        method.upper()
        for template, operations in request.app.openapi().get("paths", {}).items()
        if compile_path(template)[0].match(path)
        for method in operations
    }
    return sorted(methods)


def install(app: FastAPI) -> None:
    """Answer every error: HTTP errors, bad requests, the core's errors (each at the status
    :data:`bridgescore.web.problems.STATUSES` gives its class) and anything else."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code in (204, 304):
            return Response(status_code=exc.status_code, headers=exc.headers)
        headers = exc.headers
        if exc.status_code == 405:  # every method the path has, not only its first route's
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
        return error_response(request, exc.status_code, exc.detail, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        # Only what the schema documents: no `input` or `ctx` (they may hold NaN, a lone
        # surrogate or a copy of a huge body).
        errors = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
        return error_response(request, 422, errors)

    @app.exception_handler(BridgeError)
    async def bridge_error(request: Request, exc: BridgeError) -> Response:
        # The status is the table's (bridgescore.web.problems.STATUSES); a storage error's
        # message shows no URL or path.
        answer = refusal(exc)
        if answer.status == 422:
            return error_response(request, 422, [validation_error(exc)])
        field = exc.field if answer.status == 403 else None
        return error_response(request, answer.status, error_text(exc), answer.headers, field=field)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        said = gettext("something went wrong on the server; the error has been logged")
        return error_response(request, 500, said)
