"""The web app: calculator, rubber pad and Chicago in the browser, and the JSON API.

A thin layer over the core and the store: :func:`create_app` builds a FastAPI app with one
router per page family. Each route reads the request, calls the core, saves through the store,
then renders a template or returns JSON.
"""

from __future__ import annotations

from bridgescore.web.app import create_app
from bridgescore.web.settings import Settings

__all__ = ["Settings", "create_app"]
