"""``bridgescore session bridgemate`` over real HTTP (the vendor's urllib transport) to the fake
BCS of tests/bridgemate/fake_bcs.py, served on loopback."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import cli
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.model import Result
from bridgescore.storage import Store
from bridgescore.storage.live import LiveStore
from tests.bridgemate.fake_bcs import FakeBcs


@pytest.fixture
def bcs() -> Iterator[tuple[FakeBcs, str]]:
    """The fake BCS behind an HTTP server on loopback, and its address."""
    fake = FakeBcs()

    class Handler(BaseHTTPRequestHandler):
        def _send(self, text: str) -> None:
            body = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self._send(fake.get(self.path))

        def do_POST(self) -> None:
            sent = self.rfile.read(int(self.headers["Content-Length"])).decode()
            self._send(fake.post(self.path, sent))

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_command_sends_the_evening_then_stores_what_the_handsets_enter(
    tmp_path: Path, bcs: tuple[FakeBcs, str]
) -> None:
    fake, url = bcs
    db = f"sqlite:///{tmp_path / 'club.db'}"
    with Store(db) as store:
        stored, _ = LiveStore(store).start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    base = ["session", "bridgemate", stored.id[:6], "--url", url, "--club-id", fake.club_id,
            "--key", fake.licence_key, "--db", db, "--once"]  # fmt: skip
    sent = CliRunner().invoke(cli, base)
    assert sent.exit_code == 0, sent.output
    assert sent.output.startswith(f"Sent evening {stored.id} to BCS at {url}")
    fake.enter(2, 1, 3, Result.parse("4SN="), "HT")
    fake.enter(2, 1, 4, level=-5)
    went_on = CliRunner().invoke(cli, [*base, "--resume"])
    assert went_on.exit_code == 0, went_on.output
    assert went_on.output.splitlines()[1:] == [
        "table 2 round 1 board 3: added",
        "table 2 round 1 board 4: refused (only the director gives or changes an artificial score)",
    ]
    with Store(db) as store:
        live = LiveStore(store)
        (result,) = live.state(stored.id).results
        assert (str(result.entry.result), result.entry.lead) == ("4SN=", "HT")
        assert [c.who for c in live.changes(stored.id)] == ["table 2 via Bridgemate"]
    assert fake.refused == []
    # InitializeEvent, PollQueueForNewResults, ContinueEvent, the poll again, accepted
    assert [r["Command"] for r in fake.requests] == [5, 19, 31, 19, 27]


def test_a_wrong_key_or_address_is_said_plainly(tmp_path: Path, bcs: tuple[FakeBcs, str]) -> None:
    fake, url = bcs
    db = f"sqlite:///{tmp_path / 'club.db'}"
    with Store(db) as store:
        stored, _ = LiveStore(store).start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
    args = ["session", "bridgemate", stored.id, "--club-id", fake.club_id, "--db", db, "--once"]
    wrong = CliRunner().invoke(cli, [*args, "--url", url, "--key", "WRONG"])
    assert wrong.exit_code == 2
    assert "BCS answered Validation" in wrong.output
    assert "another club's id or licence key" in wrong.output
    nowhere = CliRunner().invoke(cli, [*args, "--url", "bcs:5079", "--key", "K"])
    assert nowhere.exit_code == 2
    assert "'bcs:5079' is not an absolute http or https url" in nowhere.output
