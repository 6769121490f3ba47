"""What lets the app open and score at the table without a connection: the score table the
calculator looks scores up in (:mod:`.score_table`), the web app manifest, the service worker
and the icons.
"""

from __future__ import annotations

import json

from fastapi import APIRouter
from fastapi.responses import Response

from bridgescore.web.common import STATIC
from bridgescore.web.score_table import score_table, table_version

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

_YEAR = "public, max-age=31536000, immutable"


@router.get("/scores.json")
def scores() -> Response:
    """The score table; fingerprinted by ``?v=``, so it may be kept a year."""
    headers = {"cache-control": _YEAR, "etag": f'"{table_version()}"'}
    return Response(score_table(), media_type="application/json", headers=headers)


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that it serves every page."""
    body = (STATIC / "sw.js").read_bytes()
    return Response(body, media_type="text/javascript", headers={"cache-control": "no-cache"})


@router.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: the app installs on a phone's home screen and opens offline."""
    data = {
        "name": "bridgescore",
        "short_name": "bridgescore",
        "description": "Bridge scores at the table: one deal, rubber and Chicago.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f3f4f6",
        "theme_color": "#0d5c63",
        "icons": [
            {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "/static/icon-maskable.svg", "sizes": "any", "type": "image/svg+xml",
             "purpose": "maskable"},
        ],
    }  # fmt: skip
    return Response(
        json.dumps(data),
        media_type="application/manifest+json",
        headers={"cache-control": "public, max-age=86400"},
    )


@router.get("/favicon.ico")
def favicon() -> Response:
    """The icon browsers ask for by themselves."""
    body = (STATIC / "icon.svg").read_bytes()
    headers = {"cache-control": "public, max-age=86400"}
    return Response(body, media_type="image/svg+xml", headers=headers)
