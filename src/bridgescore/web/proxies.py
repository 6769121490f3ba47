"""Who the client is behind a reverse proxy: ``X-Forwarded-For`` believed from named proxies only.

Every per-address bound (new games a minute, the login lockout) reads ``request.client``.
Behind nginx or Caddy every connection comes from the proxy, and the client's own address is
in the ``X-Forwarded-For`` header the proxy adds. Anyone can send that header, so it is read
only when the connection comes from a proxy the operator named
(:attr:`~bridgescore.web.settings.Settings.trusted_proxies`, ``serve --trusted-proxy``);
:class:`ForwardedFor` then puts the client's address in the request's scope, once, before
every other guard. uvicorn's own reading of the header is turned off (``serve``): this is its
one home.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore import BridgeError

__all__ = ["ForwardedFor", "Proxies"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network
_MOST_HOPS = 32  # entries read from the header's end: a chain longer than this is not real


class Proxies:
    """The reverse proxies named by the operator: addresses or networks.

    >>> p = Proxies(["127.0.0.1", "10.0.0.0/8"])
    >>> "10.1.2.3" in p, "192.0.2.7" in p, "not an address" in p
    (True, False, False)
    >>> p.client("10.0.0.2", "192.0.2.7, 10.0.0.9"), p.client("192.0.2.8", "1.2.3.4")
    ('192.0.2.7', '192.0.2.8')
    >>> Proxies(["localhost"])
    Traceback (most recent call last):
    ...
    bridgescore.errors.BridgeError: a trusted proxy is an IP address or network, got 'localhost'
    """

    def __init__(self, named: Iterable[str] = ()) -> None:
        networks: list[_Network] = []
        for text in named:
            try:
                networks.append(ipaddress.ip_network(text.strip(), strict=False))
            except ValueError:
                raise BridgeError.coded(
                    "trusted_proxy",
                    field="trusted_proxies",
                    value=text[:60],
                    got=repr(text[:60]),
                ) from None
        self.networks = tuple(networks)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, host: str) -> bool:
        if not self.networks:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, peer: str, forwarded: str | None) -> str:
        """The client's address: ``peer`` (the connection's), unless it is a named proxy; then
        the last address of ``forwarded`` (``X-Forwarded-For``) that is not one (each proxy
        adds the address it was connected from at the end). An entry that is no IP address
        stops the reading: the last proxy's address is used (it is no one's to choose)."""
        if not forwarded or peer not in self:
            return peer
        client = peer
        for entry in reversed(forwarded.rsplit(",", _MOST_HOPS)[-_MOST_HOPS:]):
            entry = entry.strip()
            try:
                ipaddress.ip_address(entry)
            except ValueError:
                return client
            if entry not in self:
                return entry
            client = entry
        return client


class ForwardedFor:
    """Put the client's address (:meth:`Proxies.client`) in ``scope["client"]`` for a request
    that came through a named proxy (HTTP and WebSocket alike)."""

    def __init__(self, app: ASGIApp, proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if self.proxies and peer and scope["type"] in ("http", "websocket"):
            values = [v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-for"]
            if values and peer[0] in self.proxies:
                scope = {**scope, "client": (self.proxies.client(peer[0], ",".join(values)), 0)}
        await self.app(scope, receive, send)
