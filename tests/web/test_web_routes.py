"""The app's routes are tried in turn (the evening's first, for speed: bridgescore.web.app), so
no route may hide another: a request made for each route, each of its methods, reaches that
route and not one listed before it."""

from __future__ import annotations

import re

from fastapi.routing import iter_route_contexts
from starlette.routing import Match

from bridgescore.web import Settings
from tests.conftest import create_app


def test_each_route_is_reached_by_its_own_requests() -> None:
    app = create_app(Settings(database_url="sqlite://"))
    routes = [c.original_route for c in iter_route_contexts(app.routes)]
    checked = 0
    for route in routes:
        path = getattr(route, "path", None)
        if path is None or path.startswith("/static"):
            continue
        concrete = re.sub(r"\{[^}]+\}", "x1", path)
        for method in sorted(getattr(route, "methods", None) or {"GET"}):
            scope = {"type": "http", "method": method, "path": concrete, "root_path": "",
                     "headers": [], "query_string": b""}  # fmt: skip
            first = next(r for r in routes if r.matches(scope)[0] == Match.FULL)
            assert first is route, (method, path, getattr(first, "path", first))
            checked += 1
    assert checked > 140  # every route of the app was tried
