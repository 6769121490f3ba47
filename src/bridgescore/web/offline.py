"""What lets the app open and score at the table without a connection: the score table the
calculator looks scores up in, the web app manifest, the service worker and the icons.

The score table is built from :func:`bridgescore.score` itself (no scoring rule is written
again in JavaScript): every level, strain, doubling, vulnerability and number of tricks, with
each score's parts and their labels.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from fastapi import APIRouter
from fastapi.responses import Response

from bridgescore import Strain, score
from bridgescore.web.common import STATIC

__all__ = ["router", "score_table", "table_key", "table_version"]

router = APIRouter(include_in_schema=False)

_YEAR = "public, max-age=31536000, immutable"


def table_key(level: int, strain: str, doubling: str, vulnerable: bool, tricks: int) -> str:
    """The key of one score in the table: ``"4H-X-v-7"`` (``-`` for undoubled, ``n`` for not
    vulnerable); the calculator's script builds the same key from its inputs.

    >>> table_key(4, "H", "X", True, 7), table_key(3, "NT", "", False, 9)
    ('4H-X-v-7', '3NT---n-9')
    """
    return f"{level}{strain}-{doubling or '-'}-{'v' if vulnerable else 'n'}-{tricks}"


@cache
def score_table() -> bytes:
    """The 2,940 scores as JSON: ``{key: [total, [[label, points], ...]]}`` from the declaring
    side's view (modern undertricks, as the calculator scores).

    >>> table = json.loads(score_table())
    >>> len(table), table["4H-X-v-7"]
    (2940, [-800, [['Undertricks: 3 down, doubled, vulnerable (200 + 300 + 300)', -800]]])
    """
    table: dict[str, list[object]] = {}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in ("", "X", "XX"):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        s = score(f"{level}{strain.value}{doubling}", tricks, vulnerable=vulnerable)
                        parts = [[p.label, p.points] for p in s.parts]
                        key = table_key(level, strain.value, doubling, vulnerable, tricks)
                        table[key] = [s.total, parts]
    return json.dumps(table, separators=(",", ":"), ensure_ascii=False).encode()


@cache
def table_version() -> str:
    """A fingerprint of the table, for its address (``/scores.json?v=...``): cached a year."""
    return hashlib.sha256(score_table()).hexdigest()[:12]


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
