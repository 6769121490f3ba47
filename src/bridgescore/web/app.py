"""The app factory, the security headers and the error handlers."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgescore import BridgeError, __version__
from bridgescore.storage import GameNotFoundError, StorageError, Store, VersionConflictError
from bridgescore.web import api, calculator, games, movement, sessions
from bridgescore.web.common import STATIC
from bridgescore.web.events import Changes

__all__ = ["Settings", "create_app", "validation_error"]


@dataclass(frozen=True, slots=True)
class Settings:
    """How the app runs."""

    database_url: str | None = None
    """An SQLAlchemy URL; None for the default SQLite file (or ``BRIDGESCORE_DATABASE_URL``)."""
    secure_cookies: bool = False
    """Mark cookies Secure: set it when the app is served over HTTPS."""


_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
# The interactive API docs load Swagger UI from its CDN.
_DOCS_CSP = (
    "default-src 'self'; img-src 'self' data: https://fastapi.tiangolo.com; "
    "style-src 'self' https://cdn.jsdelivr.net; script-src 'self' 'unsafe-inline' "
    "https://cdn.jsdelivr.net; frame-ancestors 'none'"
)
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # edit links carry a token: never leak it
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Add security headers to every response (a plain ASGI middleware: cheap per request)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope["path"] in ("/docs", "/redoc")
        csp = (_DOCS_CSP if docs else _CSP).encode()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *_HEADERS,
                    (b"content-security-policy", csp),
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def validation_error(exc: BridgeError, where: str = "body") -> dict[str, object]:
    """One item of a 422's ``detail`` list, in the shape FastAPI documents for its own checks.

    >>> from bridgescore import InvalidResultError
    >>> validation_error(InvalidResultError("tricks must be 0-13", field="tricks", value=14))
    {'loc': ['body', 'tricks'], 'msg': 'tricks must be 0-13', 'type': 'invalid_result'}
    """
    name = type(exc).__name__.removesuffix("Error")
    kind = "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
    loc = [where, exc.field] if exc.field else [where]
    return {"loc": loc, "msg": str(exc), "type": kind}


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app: open the store, add the routers, the static files and error handlers."""
    settings = settings or Settings()
    store = Store(settings.database_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything loaded so far lives as long as the app: keep the garbage collector from
        # scanning it again and again (fewer, shorter pauses in the latency tail).
        gc.collect()
        gc.freeze()
        await changes.start()
        yield
        await changes.stop()
        store.close()

    app = FastAPI(
        title="bridgescore",
        version=__version__,
        description="Contract bridge scoring: one deal, rubber and Chicago. Writes to a game "
        "need `Authorization: Bearer <edit_token>`; the token is returned once, on creation.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.changes = changes = Changes(store)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api.router)
    app.include_router(calculator.router)
    app.include_router(games.router)
    app.include_router(sessions.router)
    app.include_router(movement.router)

    @app.get("/health", include_in_schema=False)
    async def health() -> PlainTextResponse:
        """A trivial endpoint: liveness checks, and the benchmark's yardstick."""
        return PlainTextResponse("ok")

    @app.exception_handler(BridgeError)
    async def bridge_error(request: Request, exc: BridgeError) -> JSONResponse:
        if isinstance(exc, GameNotFoundError):
            return JSONResponse({"detail": str(exc)}, status_code=404)
        if isinstance(exc, VersionConflictError):
            return JSONResponse({"detail": str(exc)}, status_code=409)
        if isinstance(exc, StorageError):  # busy or down: its message shows no URL or path
            return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "1"})
        return JSONResponse({"detail": [validation_error(exc)]}, status_code=422)

    return app
