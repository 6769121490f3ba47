"""What a route asks of the request: the app's settings and limits, and a session to read.

The routes and guards take these from here rather than from the app factory
(:mod:`bridgescore.web.app` imports the routes, so a route importing it would close a circle).
"""

from __future__ import annotations

from dataclasses import replace

from fastapi import HTTPException, Request

from bridgescore.duplicate.session import Session
from bridgescore.storage import GameNotFoundError, StoredGame
from bridgescore.web.clubs import clubs
from bridgescore.web.common import store
from bridgescore.web.live import live, live_session
from bridgescore.web.settings import Limits, Settings

__all__ = ["limits", "readable_session", "settings"]


def settings(request: Request) -> Settings:
    """The settings the app was built with."""
    found: Settings = request.app.state.settings
    return found


def limits(request: Request) -> Limits:
    """What one request may ask of the app."""
    return settings(request).limits


def readable_session(request: Request, game_id: str) -> tuple[StoredGame, Session]:
    """The stored session and its session, for anyone with the link; a club evening's only
    once the director has closed it (nobody sees a board's results before playing it), its
    players shown as the club's public pages show them
    (:meth:`~bridgescore.storage.clubs.ClubStore.public_view`).

    :raises HTTPException: 404 if there is no such session, 403 for an evening still open.
    """
    try:
        stored = store(request).get(game_id)
    except GameNotFoundError:
        stored = None
    if stored is None or not isinstance(stored.game, Session):
        raise HTTPException(404, f"there is no session with id {game_id!r}")
    if live(request).store.is_live(game_id):  # a club evening: its results are rows of their own
        stored, state = live_session(request, game_id)
        if not state.closed:
            raise HTTPException(
                403,
                "this evening's results are published when the director closes the session",
            )
    assert isinstance(stored.game, Session)  # a live session's game is a session too
    club_store = clubs(request)
    owner = club_store.owner(game_id)
    hidden = stored.game
    if owner is not None:  # the players as the club's public pages show them
        view = club_store.public_view(club_store.club(owner))
        hidden = view.session(stored.game)
    return replace(stored, game=hidden), hidden
