"""Issue 33, case 8, behind a real reverse proxy: the guide's nginx configuration
(``docs/guide/running-the-server.md``), run in Debian's nginx on a loopback port without TLS,
in front of ``bridgescore serve --trusted-proxy 127.0.0.1``, as a club would run it. Each
client connects to nginx from its own loopback address (127.0.0.2, 127.0.0.3 ...)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.conftest import PASSWORD, club_serving
from tests.hostile.conftest import EMAIL, log_in_api
from tests.hostile.mail_helpers import free_port

GUIDE = Path(__file__).parents[2] / "docs" / "guide" / "running-the-server.md"
NGINX = Path("/usr/sbin/nginx")


def guide_nginx(port: int, upstream: int) -> str:
    """The guide's nginx configuration, listening on 127.0.0.1:``port`` (not 443 with TLS) and
    passing to the server on ``upstream`` (not 8000): everything else as the guide has it."""
    found = re.search(r"```nginx\n(.*?)```", GUIDE.read_text(), re.S)
    assert found, "the guide has no nginx configuration"
    config = found[1]
    for old, new in (("listen 443 ssl;", f"listen 127.0.0.1:{port};"),
                     ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")):  # fmt: skip
        assert old in config, old
        config = config.replace(old, new)
    return config


@contextmanager
def running_nginx(config: str, port: int, directory: Path) -> Iterator[None]:
    """Debian's nginx with ``config`` (an ``http`` block's contents) in the foreground, its
    files in ``directory``, until the block ends."""
    if not NGINX.exists():
        message = f"no nginx at {NGINX}: apt-get install nginx (.ci/run does)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the reverse proxy's tests cannot be skipped in CI: {message}")
        pytest.skip(message)
    temp = "".join(f"{name}_temp_path {directory / name};\n"
                   for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))  # fmt: skip
    conf = directory / "nginx.conf"
    conf.write_text(
        f"daemon off;\nmaster_process off;\npid {directory / 'nginx.pid'};\n"
        f"events {{}}\nhttp {{\naccess_log off;\n{temp}{config}\n}}\n"
    )
    log = directory / "error.log"
    command = [str(NGINX), "-p", str(directory), "-e", str(log), "-c", str(conf)]
    with subprocess.Popen(command, stderr=subprocess.PIPE) as process:
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert process.poll() is None, process.communicate()[1].decode()
                    assert time.monotonic() < deadline, "nginx did not start"
                    time.sleep(0.05)
            yield
        finally:
            process.terminate()
            process.wait(10)


@pytest.fixture(scope="module")
def behind(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """The club's server behind the guide's nginx: nginx's URL, and the server's port."""
    directory = tmp_path_factory.mktemp("nginx")
    port = free_port()
    options = ("--trusted-proxy", "127.0.0.1", "--open-evenings")
    with club_serving(directory, EMAIL, options=options) as url:
        upstream = int(url.rsplit(":", 1)[1])
        with running_nginx(guide_nginx(port, upstream), port, directory):
            yield f"http://127.0.0.1:{port}", upstream


@pytest.fixture
def proxied(behind: tuple[str, int]) -> str:
    """nginx's URL, the server behind it."""
    return behind[0]


def _from(address: str, url: str) -> httpx.Client:
    """A client whose connections come from ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=url, transport=transport, timeout=20)


def test_the_lockout_counts_each_client_behind_the_guides_nginx(proxied: str) -> None:
    """A client that fails ten times is locked out, whatever address it writes in
    ``X-Forwarded-For`` (nginx appends the one it came from); the director, from another
    address behind the same nginx, logs in."""
    with _from("127.0.0.2", proxied) as guesser, _from("127.0.0.3", proxied) as director:
        for n in range(10):
            assert log_in_api(guesser, f"192.0.2.{n}", "wrong") == 401
        assert log_in_api(guesser, None, PASSWORD) == 429
        assert log_in_api(guesser, "127.0.0.3", PASSWORD) == 429  # not the director
        assert log_in_api(director, None, PASSWORD) == 200


def test_a_result_through_the_guides_nginx_reaches_a_live_page_at_once(proxied: str) -> None:
    """The event stream is not held in nginx's buffers (the guide turns them off, and the
    stream says ``X-Accel-Buffering: no``): a table's result posted through nginx reaches a
    page's stream, through nginx, within a second."""
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
    with _from("127.0.0.4", proxied) as phone, _from("127.0.0.5", proxied) as screen:
        night = phone.post("/api/sessions", json={"movement": movement})
        assert night.status_code == 201, night.text
        game, token = night.json()["id"], night.json()["tables"][0]["token"]
        with screen.stream("GET", f"/api/sessions/{game}/events") as events:
            lines = events.iter_lines()
            first = next(line for line in lines if line.startswith("data:"))
            result = {"round": 1, "table": 1, "board": 1, "contract": "3NT", "declarer": "N",
                      "tricks": 9}  # fmt: skip
            sent = time.monotonic()
            answer = phone.post(f"/api/sessions/{game}/results", json=result,
                                headers={"Authorization": f"Bearer {token}"})  # fmt: skip
            assert answer.status_code == 201, answer.text
            told = next(line for line in lines if line.startswith("data:"))
            heard = time.monotonic() - sent
    assert json.loads(told[5:])["version"] == json.loads(first[5:])["version"] + 1
    assert heard < 1.0


def _to(port: int) -> Counter[str]:
    """This machine's TCP sockets connected to local port ``port`` (the client's side: nginx's
    connections to the server, those closing included), by state (``/proc/net/tcp``)."""
    states = {"01": "established", "06": "time-wait"}
    found: Counter[str] = Counter()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        remote, state = line.split()[2], line.split()[3]
        if int(remote.rsplit(":", 1)[1], 16) == port:
            found[states.get(state, "other")] += 1
    return found


def test_the_guides_nginx_keeps_its_connections_to_the_server(behind: tuple[str, int]) -> None:
    """``keepalive``: twenty requests through nginx reach the server on one or two
    connections, not twenty (nginx closing each after its answer)."""
    url, upstream = behind
    before = _to(upstream)
    with _from("127.0.0.6", url) as client:
        for _ in range(20):
            assert client.get("/health").status_code == 200
    after = _to(upstream)
    assert after.total() - before.total() <= 2, (before, after)
    assert after["established"] >= 1, after


def _upload(port: int, declared: int, body: bytes = b"") -> bytes:
    """The answer to a ``/session/new`` upload declaring ``declared`` bytes and sending
    ``body`` (all of them, or none)."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        head = (
            b"POST /session/new HTTP/1.1\r\nHost: scores.example.org\r\nConnection: close\r\n"
            b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n"
        )
        sock.sendall(head % declared + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_the_guides_nginx_takes_a_5_mb_upload_and_refuses_7_mb(proxied: str) -> None:
    """``client_max_body_size 6m``: a 7 MB upload is refused by nginx once its headers are
    read; a 5.5 MB one (past nginx's own 1 MB default) reaches the server, which answers it."""
    port = int(proxied.rsplit(":", 1)[1])
    refused = _upload(port, 7_000_000)
    assert refused.split(b" ", 2)[1] == b"413"
    assert b"<center>nginx" in refused  # nginx's own page
    passed = _upload(port, 5_500_000, b"x" * 5_500_000)
    assert b"<center>nginx" not in passed, passed[:300]
