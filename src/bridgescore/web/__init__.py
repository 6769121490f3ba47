"""The web app: calculator, rubber pad and Chicago in the browser, and the JSON API.

A thin layer over the core and the store: :func:`create_app` builds a FastAPI app with one
router per page family. Each route declares what it needs of the request
(:mod:`~bridgescore.web.deps`), calls the core, saves through the store, then renders a
template or returns JSON; an error it lets through is answered at the status of the one table
(:mod:`~bridgescore.web.problems`).
"""

from __future__ import annotations

from bridgescore.web.app import create_app
from bridgescore.web.settings import Limits, Settings

__all__ = ["Limits", "Settings", "create_app"]
