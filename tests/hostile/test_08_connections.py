"""Issue 33, case 8: one client cannot shut the door on everyone. A thousand trickling
connections from one address leave /health answering another (a real server, its open-file
limit Debian's 1,024 that it cannot raise), and that address keeps at most 200; event streams
are bounded per address; and behind a reverse proxy the address every per-address bound
counts comes from ``X-Forwarded-For`` only when the connection is from a proxy named in the
settings.

The full probe (20 s, /health every 20 ms, the closed connections opened again) is
``make bench-held`` (``benchmarks/held_connections.py``).
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from bridgescore.web import Settings
from bridgescore.web.proxies import Proxies
from bridgescore.web.settings import Limits
from bridgescore.web.streams import event_stream, stream_pass
from tests.conftest import PASSWORD, auth, bridgescore_command, create_app, make_club, run_loop
from tests.hostile.conftest import EMAIL, log_in_api


def _probe() -> ModuleType:
    path = Path(__file__).parents[2] / "benchmarks" / "held_connections.py"
    spec = importlib.util.spec_from_file_location("held_connections", path)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_thousand_trickling_connections_from_one_address_shut_no_one_out(
    tmp_path: Path,
) -> None:
    probe = _probe()
    probe.raise_own_limit(1_300)
    with probe.server(bridgescore_command(), tmp_path / "held.db") as url:
        figures = probe.probe(url, 1_000, seconds=3.0, reopen=False)
    print(figures.line())
    assert figures.failures == 0, figures.line()
    assert len(figures.times) >= 20
    assert figures.held <= Limits().connections_per_client, figures.line()


@pytest.mark.slow
@pytest.mark.timing
def test_health_p99_while_one_address_keeps_a_thousand_connections_trickling(
    tmp_path: Path,
) -> None:
    probe = _probe()
    probe.raise_own_limit(1_300)
    with probe.server(bridgescore_command(), tmp_path / "held.db") as url:
        figures = probe.probe(url, 1_000, seconds=8.0, reopen=False)
    assert figures.failures == 0, figures.line()
    assert figures.quantile(99) < 100, figures.line()


# -- behind a reverse proxy ---------------------------------------------------------------------

PROXY = "10.9.9.9"


def _app(**limits: int) -> TestClient:
    settings = Settings(database_url="sqlite://", login_attempts=3, trusted_proxies=(PROXY,),
                        limits=Limits(**limits))  # fmt: skip
    return TestClient(create_app(settings), client=(PROXY, 1))


def test_the_lockout_counts_the_client_a_named_proxy_forwards() -> None:
    with _app() as proxy:
        make_club(proxy, "Acol BC", "1234", EMAIL)
        for _ in range(3):  # a client that tries to pass itself off as 192.0.2.99 too
            assert log_in_api(proxy, "192.0.2.99, 192.0.2.66", "wrong") == 401
        assert log_in_api(proxy, "192.0.2.66", PASSWORD) == 429  # the proxy's client waits
        assert log_in_api(proxy, "192.0.2.7", PASSWORD) == 200  # the director behind it does not
        assert log_in_api(proxy, "192.0.2.99", PASSWORD) == 200  # nor whoever was named in vain


def test_a_client_that_is_not_a_named_proxy_cannot_choose_its_address() -> None:
    with _app() as proxy, TestClient(proxy.app, client=("192.0.2.50", 1)) as direct:
        make_club(proxy, "Acol BC", "1234", EMAIL)
        for n in range(3):  # each failure claims another address: all are 192.0.2.50's
            assert log_in_api(direct, f"198.51.100.{n}", "wrong") == 401
        assert log_in_api(direct, "198.51.100.77", PASSWORD) == 429
        assert log_in_api(direct, None, PASSWORD) == 429
        assert log_in_api(proxy, "192.0.2.50", PASSWORD) == 429  # the same client, via the proxy


def test_new_games_are_counted_per_forwarded_client() -> None:
    with _app(creations_per_minute=2) as proxy:
        body = {"players": {"we": "Ann & Bob", "they": "Cy & Di"}}
        one, two = {"X-Forwarded-For": "192.0.2.1"}, {"X-Forwarded-For": "192.0.2.2"}
        assert [proxy.post("/api/rubbers", json=body, headers=one).status_code
                for _ in range(3)] == [201, 201, 429]  # fmt: skip
        assert proxy.post("/api/rubbers", json=body, headers=two).status_code == 201


def test_the_forwarded_address_is_read_from_the_end() -> None:
    proxies = Proxies([PROXY, "10.0.0.0/30"])
    assert proxies.client(PROXY, "6.6.6.6, 192.0.2.1") == "192.0.2.1"  # the first is the client's
    assert proxies.client(PROXY, "192.0.2.1, 10.0.0.2") == "192.0.2.1"  # two proxies
    assert proxies.client(PROXY, "garbage") == PROXY  # no address: the proxy's own
    assert proxies.client("192.0.2.5", "6.6.6.6") == "192.0.2.5"  # not a proxy: ignored
    assert proxies.client(PROXY, ", ".join(["1.1.1.1"] * 100_000)) == "1.1.1.1"  # linear


# -- event streams ------------------------------------------------------------------------------


def _stream(app: object, host: str, sent: str = "") -> object:
    """Night ``g1``'s event stream as ``host`` opens it (with ``sent`` as its pass)."""
    query = f"pass={sent}".encode() if sent else b""
    scope = {"type": "http", "method": "GET", "path": "/x", "headers": [], "app": app,
             "client": (host, 1), "query_string": query}  # fmt: skip
    return event_stream(Request(scope), "g1", 0).body_iterator


async def _ended(s: object, wait: float = 1.0) -> bool:
    """Whether the stream ends (rather than stays open, quiet) within ``wait`` seconds."""
    try:
        async with asyncio.timeout(wait):
            await anext(s)  # type: ignore[call-overload]
    except StopAsyncIteration:
        return True
    except TimeoutError:
        return False
    return False


def test_an_address_opening_too_many_event_streams_ends_its_oldest() -> None:
    app = create_app(Settings(database_url="sqlite://", limits=Limits(streams_per_client=3)))

    def stream(host: str) -> object:
        return _stream(app, host)

    async def run() -> tuple[list[bool], bool]:
        await app.state.changes.start()
        mine = [stream("192.0.2.1") for _ in range(4)]
        other = stream("192.0.2.2")
        for s in [*mine[:3], other]:
            assert b"change" in await anext(s)  # type: ignore[call-overload]
        await anext(mine[3])  # type: ignore[call-overload]  # the fourth: the first ends
        result = [await _ended(s) for s in mine], await _ended(other)
        for s in [*mine, other]:
            await s.aclose()  # type: ignore[attr-defined]
        await app.state.changes.stop()
        return result

    ended_mine, ended_other = run_loop(run())
    assert ended_mine == [True, False, False, False]
    assert ended_other is False


def test_streams_with_a_tokens_pass_are_counted_apart_from_the_address() -> None:
    """One member behind the club's router who opens streams by the hundred ends only
    their own: the phones' streams carry their token's pass and are counted as its own."""
    limits = Limits(streams_per_client=3, streams_per_token=2)
    app = create_app(Settings(database_url="sqlite://", limits=limits))
    key = app.state.secret_key

    def stream(sent: str) -> object:
        return _stream(app, "192.0.2.1", sent)

    async def ended(s: object) -> bool:
        return await _ended(s, 0.5)

    async def run() -> tuple[list[bool], list[bool], list[bool]]:
        await app.state.changes.start()
        phones = [stream(stream_pass(key, "g1", 3)) for _ in range(2)]
        forged = [stream("3.AAAAAAAAAAAAAAAAAAAAAA"), stream(stream_pass(key, "g2", 3))]
        flood = [stream("") for _ in range(5)]
        for s in [*phones, *forged, *flood]:
            assert b"change" in await anext(s)  # type: ignore[call-overload]
        third = stream(stream_pass(key, "g1", 3))  # the token's third: its own oldest ends
        await anext(third)  # type: ignore[call-overload]
        result = ([await ended(s) for s in phones], [await ended(s) for s in forged],
                  [await ended(s) for s in flood])  # fmt: skip
        for s in [*phones, *forged, *flood, third]:
            await s.aclose()  # type: ignore[attr-defined]
        await app.state.changes.stop()
        return result

    phones, forged, flood = run_loop(run())
    assert phones == [True, False]  # the flood ended none of them; the third, the first
    assert forged == [True, True]  # a forged pass, or another night's, counts as the address
    assert flood == [True, True, False, False, False]


def test_a_night_names_its_stream_with_the_readers_pass() -> None:
    with TestClient(create_app(Settings(database_url="sqlite://", open_evenings=True))) as c:
        movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
        created = c.post("/api/sessions", json={"movement": movement}).json()
        base = f"/api/sessions/{created['id']}"
        table = c.get(base, headers=auth(created["tables"][1]["token"])).json()
        key = c.app.state.secret_key  # type: ignore[attr-defined]
        assert table["stream"] == f"{base}/events?pass={stream_pass(key, created['id'], 2)}"
        director = c.get(base, headers=auth(created["edit_token"])).json()
        assert director["stream"].endswith(stream_pass(key, created["id"], "director"))
        assert "stream" not in c.get(base).json()  # anyone else: counted by address
