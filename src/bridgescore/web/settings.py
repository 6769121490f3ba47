"""How the web app runs (:class:`Settings`) and what one request may ask of it (:class:`Limits`).

A module of its own, below every route and guard: they read the settings the app was built
with (``request.app.state.settings``, typed by :func:`bridgescore.web.deps.settings`) and never
import the app factory for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgescore.storage.anonymous import AnonymousQuota

__all__ = ["Limits", "Settings"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one request may ask of the server: every refusal past these says which limit."""

    body: int = 100_000
    """Bytes in a request body (a JSON call, a form), 413 past it."""
    upload: int = 5_000_000
    """Bytes in an uploaded PBN file; its request body may be this plus :attr:`body`."""
    name: int = 200
    """Characters in a name: an event, a section, a pair, the players of a rubber or Chicago."""
    sections: int = 50
    """Sections in a session."""
    results: int = 20_000
    """Results in a session (every section's together)."""
    seconds: float = 30.0
    """Seconds of work (reading an upload, scoring a session, writing an export) before the
    request is refused with 503; at most two such jobs run at once."""

    header_seconds: float = 10.0
    """Seconds for a request's headers to arrive (from its first byte, or from the connection
    for its first request): past them the connection is closed (a slow client holds nothing)."""
    body_seconds: float = 60.0
    """Seconds for a request's body to arrive after its headers, else the connection is closed."""
    pending_per_client: int = 64
    """Connections of one address still waiting for a request's headers: a new one past this
    closes the address's oldest such connection (idle or trickling)."""
    connections_per_client: int = 200
    """Connections one address holds in one worker: well above a club room's phones behind one
    router (each holds a live page's event stream), well below the files the process may
    open. A new one past it closes the address's oldest connection still waiting for its
    headers (the trickling go first), else its oldest still sending a body, else it is closed
    at once (a request being answered, an event stream, is never cut for another). Not
    counted for a named reverse proxy (:attr:`Settings.trusted_proxies`): bounding its
    clients is its job."""
    streams_per_client: int = 100
    """Event streams one address holds open in one worker (a club room's phones and screens
    behind one router: one each): a new one past it ends the address's oldest stream (its
    page connects again by itself). Below :attr:`connections_per_client`, so an address
    holding every stream it may still has connections left to post results and load pages."""
    streams_per_token: int = 8
    """Event streams the pages of one table's (or the director's) token hold open, counted
    apart from its address (:func:`~bridgescore.web.streams.stream_pass`): one member behind
    a club's router who opens streams by the hundred ends only their own, never the phones'
    of the other tables. Two phones and a reload or two of each."""
    connections: int = 10_000
    """Connections one worker holds, from every client."""
    creations_per_minute: int = 60
    """Games and sessions one address may create (start, upload) a minute, as many at once;
    429 past it. Results, reads and event streams are never counted."""

    @property
    def upload_body(self) -> int:
        """Bytes in the body of an upload: the file and the form around it."""
        return self.upload + self.body


@dataclass(frozen=True, slots=True)
class Settings:
    """How the app runs."""

    database_url: str | None = None
    """An SQLAlchemy URL; None for the default SQLite file (or ``BRIDGESCORE_DATABASE_URL``)."""
    secure_cookies: bool = False
    """Served over HTTPS: mark cookies Secure and send Strict-Transport-Security."""
    base_url: str | None = None
    """The site's public address (``https://scores.example.org``): the share and edit links
    start with it and form posts must come from it. None: links are relative, and a form post
    must come from the address it was sent to."""
    limits: Limits = field(default_factory=Limits)
    """What one request may ask."""
    anonymous: AnonymousQuota = field(default_factory=AnonymousQuota)
    """The bounds of what games made without a club (an upload, a session started on the
    page) may store: bytes per client address (20 MB), in all (1 GB), and days kept (30)."""
    open_evenings: bool = False
    """Whether anyone may start a live evening without a director's login (a private laptop,
    the tests); False: ``POST /api/sessions`` needs a club director's login (401 without)."""
    secret_key: str | None = None
    """The key the login cookie is signed with (``BRIDGESCORE_SECRET_KEY`` for ``serve``);
    None: a random one for this process (logins on the pages last until it stops)."""
    login_attempts: int = 10
    """Failed logins to one account from one client address in :attr:`login_window` seconds
    (ten times as many to any accounts from one address): past them that address waits, and
    the account's director logs in from any other as before."""
    login_window: float = 300.0
    """Seconds a failed login is counted."""
    trusted_proxies: tuple[str, ...] = ()
    """The reverse proxies (IP addresses or networks) whose ``X-Forwarded-For`` header names
    the client (:mod:`bridgescore.web.proxies`); from anyone else the header is ignored."""
    smtp_local: bool = False
    """Whether clubs' mail may go to a relay on this machine or its private network (loopback,
    RFC 1918 and unique local addresses; ``serve --smtp-local`` or ``BRIDGESCORE_SMTP_LOCAL=1``).
    False: a club's SMTP host must be a public address, when its settings are saved and again
    when the sender connects (link-local, multicast and reserved addresses never are)."""
