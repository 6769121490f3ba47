"""The app factory: the store, the routers, the static files and the error handlers."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import make_url
from starlette.types import ASGIApp

from bridgescore import BridgeError, __version__
from bridgescore.storage import Store
from bridgescore.storage.database import is_memory
from bridgescore.storage.keys import server_key
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import Sender
from bridgescore.web import (
    api,
    calculator,
    club_events,
    club_pages,
    clubs,
    exports,
    games,
    guard,
    hands,
    languages,
    live,
    live_deals,
    live_individual,
    live_pages,
    live_room,
    mail,
    masterpoints,
    movement,
    offline,
    paper,
    season,
    sessions,
    site_pages,
    team_events,
    team_pages,
)
from bridgescore.web.common import STATIC, asset
from bridgescore.web.deps import analyser_of, clubs_of, live_of
from bridgescore.web.direct import Direct
from bridgescore.web.proxies import ForwardedFor, Proxies
from bridgescore.web.ratelimit import CreationLimit
from bridgescore.web.settings import Settings
from bridgescore.web.streams import Changes
from bridgescore.web.work import Work, stop_processes

__all__ = ["create_app", "validation_error"]

validation_error = guard.validation_error


_GAME = [languages.ClubLanguage]
"""The dependencies a game's routers are included with: its club's language."""


class _App(FastAPI):
    """FastAPI with the guards outside everything, its own error middleware included."""

    def build_middleware_stack(self) -> ASGIApp:
        settings: Settings = self.state.settings
        # a table's result, the evening's most frequent request, straight to its route
        inner: ASGIApp = Direct(super().build_middleware_stack(), self, live.router,
                                live.add_result, _GAME)  # fmt: skip
        inner = guard.BodyLimit(inner, settings.limits)
        inner = CreationLimit(inner, settings.limits.creations_per_minute)
        inner = languages.Language(inner)  # the request's language, for every answer
        inner = ForwardedFor(inner, Proxies(settings.trusted_proxies))  # before every bound
        return guard.SecurityHeaders(inner, hsts=settings.secure_cookies)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app: open the store, add the routers, the static files and error handlers."""
    settings = settings or Settings()
    if settings.base_url is not None and not settings.base_url.startswith(("http://", "https://")):
        raise BridgeError.coded("base_url", field="base_url", value=settings.base_url,
                                got=repr(settings.base_url))  # fmt: skip
    Proxies(settings.trusted_proxies)  # each an address or a network, else refused here
    store = Store(settings.database_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything loaded so far lives as long as the app: keep the garbage collector from
        # scanning it again and again (fewer, shorter pauses in the latency tail).
        gc.collect()
        gc.freeze()
        await changes.start()
        analyser_of(app).wake()  # boards left unsolved by the last run
        app.state.sender.start()
        yield
        app.state.sender.stop()
        await changes.stop()
        analyser_of(app).stop()
        stop_processes()
        store.close()

    app = _App(
        title="bridgescore",
        version=__version__,
        description="Contract bridge scoring: one deal, rubber and Chicago. Writes to a game "
        "need `Authorization: Bearer <edit_token>`; the token is returned once, on creation. "
        f"A request body is at most {settings.limits.body:,} bytes (413 past it).",
        lifespan=lifespan,
        docs_url=None,
    )
    app.state.settings = settings
    app.state.secret_key = settings.secret_key or server_key(store)  # kept: restarts keep logins
    app.state.store = store
    # What another worker announced: a live night's new result is kept here too, and a club's
    # change is read again.
    app.state.changes = changes = Changes(
        store,
        lambda *told: live_of(app).store.heard(*told),
        lambda: clubs_of(app).forget_languages(),
    )
    app.state.work = Work()
    app.state.outbox = OutboxStore(store)
    # An in-memory database (the tests) is read by the sender only when letters are queued.
    poll = 3600.0 if is_memory(make_url(store.url)) else 10.0
    app.state.sender = Sender(app.state.outbox, poll=poll, local=settings.smtp_local)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Text answers compressed (Starlette never compresses the event streams).
    app.add_middleware(GZipMiddleware, minimum_size=500)

    @app.get("/health", include_in_schema=False)
    async def health() -> PlainTextResponse:
        """A trivial endpoint: liveness checks, and the benchmark's yardstick."""
        return PlainTextResponse("ok")

    # An evening's requests first (FastAPI tries each route in turn, some 3 us each: a route
    # 140 down cost each of its requests 0.4 ms of CPU): the tables' results and the viewers'
    # streams, then the team nights' and the table and director pages.
    app.include_router(live.router, dependencies=_GAME)
    app.include_router(team_events.router)
    app.include_router(live_pages.router)
    app.include_router(api.router)
    app.include_router(languages.router)
    app.include_router(live_room.router, dependencies=_GAME)
    app.include_router(live_individual.router, dependencies=_GAME)
    app.include_router(live_deals.router, dependencies=_GAME)
    app.include_router(clubs.router)
    app.include_router(mail.router)
    app.include_router(club_pages.router)
    app.include_router(club_events.router)
    app.include_router(calculator.router)
    app.include_router(games.router)
    app.include_router(sessions.router, dependencies=_GAME)
    app.include_router(exports.router, dependencies=_GAME)
    app.include_router(exports.events_router)
    app.include_router(hands.router, dependencies=_GAME)
    app.include_router(paper.router, dependencies=_GAME)
    app.include_router(movement.router)
    app.include_router(movement.api_router)
    app.include_router(offline.router)
    app.include_router(site_pages.router)
    app.include_router(season.router)
    app.include_router(site_pages.api_router)
    app.include_router(masterpoints.api_router)
    app.include_router(team_pages.router)
    guard.install(app)

    @app.get("/docs", include_in_schema=False)
    async def docs(request: Request) -> HTMLResponse:
        """Swagger UI, its script and styles served from the package: it works offline."""
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="bridgescore API",
            swagger_js_url=asset("swagger/swagger-ui-bundle.js"),
            swagger_css_url=asset("swagger/swagger-ui.css"),
            swagger_favicon_url=asset("swagger/favicon-32x32.png"),
        )

    return app
