"""A route the app takes to directly: the evening's most frequent request, a table's result.

``POST /api/sessions/{game_id}/results`` comes from every table after every board. FastAPI's
way to an endpoint (its error and compression layers, the router's matching, the resolving of
dependencies, the body's validation) costs a table's result about as much again as the
endpoint's own work (issue 33: the server's CPU a result). :class:`Direct` takes such a
request to the route's own function: it matches the route's own path, validates the body with
the route's own model, runs the route's own dependencies, and answers an error with the app's
own handler of it. A request it cannot read as plainly as that (a body that is not JSON the
model takes, another content type) goes on to FastAPI untouched, its body given again, so that
its answer is FastAPI's. The route is defined and documented once, where it is. (Its answers
are not compressed: a result's is about 300 bytes, and the app compresses from 500.)
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, get_type_hints

from fastapi import APIRouter, FastAPI, Request, params
from fastapi.responses import Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["Direct"]

Handler = Callable[[Request, Any], Response | Awaitable[Response]]
Endpoint = Callable[..., Awaitable[Response]]


class Direct:
    """An ASGI layer in front of ``app``, FastAPI's stack: the requests of ``router``'s route
    whose function is ``endpoint`` go to it directly (those it can read plainly), with the
    ``dependencies`` the router is included with; an error is answered by ``fastapi``'s
    handler of it.

    ``endpoint`` is an ``async`` function of the request, its path's parameters and one body
    (a pydantic model) that returns a response; each dependency, of the request alone.
    """

    def __init__(
        self,
        app: ASGIApp,
        fastapi: FastAPI,
        router: APIRouter,
        endpoint: Endpoint,
        dependencies: Sequence[params.Depends] = (),
    ) -> None:
        self.app = app
        self.handlers = fastapi.exception_handlers
        (route,) = (r for r in router.routes if isinstance(r, APIRoute) and r.endpoint is endpoint)
        self.route, self.endpoint, self.methods = route, endpoint, route.methods or set()
        hints = {n: t for n, t in get_type_hints(endpoint).items() if n != "return"}
        models = [n for n, t in hints.items() if isinstance(t, type) and issubclass(t, BaseModel)]
        (self.body,) = models
        self.model: type[BaseModel] = hints[self.body]
        needs = [*dependencies, *route.dependencies]
        self.needs = [d.dependency for d in needs if d.dependency is not None]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = None
        http = scope["type"] == "http" and not scope.get("root_path")
        if http and scope["method"] in self.methods:
            found = self.route.path_regex.fullmatch(scope["path"])
        if found is None or not _plain_json(scope):
            await self.app(scope, receive, send)
            return
        messages = await _messages(receive)
        again = _replay(messages, receive)
        body = self._body(b"".join(m.get("body", b"") for m in messages))
        if body is None:  # FastAPI's own 422 says what is wrong
            await self.app(scope, again, send)
            return
        convert = self.route.param_convertors
        params = {name: convert[name].convert(value) for name, value in found.groupdict().items()}
        scope["path_params"] = params
        request = Request(scope, again)
        try:
            for dependency in self.needs:
                await dependency(request)
            response = await self.endpoint(request, **params, **{self.body: body})
        except Exception as exc:  # answered as FastAPI's stack answers it
            answer = self._handler(exc)(request, exc)
            response = await answer if inspect.isawaitable(answer) else answer
        await response(scope, again, send)

    def _body(self, data: bytes) -> BaseModel | None:
        """The body as the route's model, if it is a JSON object the model takes."""
        try:
            loaded = json.loads(data)
            return self.model.model_validate(loaded) if isinstance(loaded, dict) else None
        except (ValueError, ValidationError):
            return None

    def _handler(self, exc: Exception) -> Handler:
        """The app's handler of ``exc`` (guard.install gives one for every exception)."""
        for kind in type(exc).__mro__:
            if kind in self.handlers:
                return self.handlers[kind]
        raise exc  # pragma: no cover


def _plain_json(scope: Scope) -> bool:
    """Whether the request says its body is JSON (``application/json``, perhaps a charset)."""
    for name, value in scope["headers"]:
        if name == b"content-type":
            kind = value.partition(b";")[0].strip().lower()
            return bool(kind == b"application/json")
    return False


async def _messages(receive: Receive) -> list[Message]:
    """The messages the request's body comes in, to its last (or the client's going)."""
    messages = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """``receive`` that gives ``messages`` first, then what ``receive`` gives."""
    pending = list(messages)

    async def again() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return again
