"""Case 3 of issue 33: one club's mail server must not stall every club's email.

Every SMTP step has a deadline however the server trickles its reply (a greeting of ``220-``
continuation lines for ever ends within it), and a reply is read up to a bound; each club's
letters go over a connection of their own in a thread of their own, so club B's letters are
delivered while club A's server tarpits."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from bridgescore.club.mail import SmtpSettings
from bridgescore.storage import Store
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import REPLY_BYTES, Sender
from tests.hostile.mail_helpers import Inbox, club_evening, letters, raw_server, report, smtp_server


def trickle(conn: socket.socket, done: threading.Event) -> None:
    """A tarpit: a greeting of continuation lines, one every 50 ms, for ever."""
    while not done.wait(0.05):
        conn.sendall(b"220-hold on\r\n")


def flood(conn: socket.socket, done: threading.Event) -> None:
    """A greeting of continuation lines as fast as the socket takes them."""
    line = b"220-" + b"x" * 1000 + b"\r\n"
    while not done.is_set():
        conn.sendall(line)


def acol(store: Store, port: int) -> str:
    smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example")
    return club_evening(store, "Acol BC", "1234", smtp, letters("ann@example.org"))[1]


@pytest.mark.timing
def test_a_trickled_greeting_ends_within_the_deadline(tmp_path: Path) -> None:
    with raw_server(trickle) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        game = acol(store, port)
        start = time.monotonic()
        Sender(OutboxStore(store), local=True, timeout=1.0).run_once()
        took = time.monotonic() - start
        assert report(store, game)["ann@example.org"] == (
            "queued", "the mail server did not answer in time")  # fmt: skip
    assert took < 3.0


@pytest.mark.timing
def test_a_reply_is_read_up_to_its_bound(tmp_path: Path) -> None:
    with raw_server(flood) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        game = acol(store, port)
        start = time.monotonic()
        Sender(OutboxStore(store), local=True, timeout=30.0).run_once()
        took = time.monotonic() - start
        assert report(store, game)["ann@example.org"] == (
            "queued", "the mail server's answer was far too long")  # fmt: skip
    assert took < 5.0
    assert REPLY_BYTES <= 100_000


@pytest.mark.timing
def test_a_tarpit_of_club_a_never_delays_club_bs_letters(tmp_path: Path) -> None:
    inbox = Inbox()
    with (raw_server(trickle) as tarpit, smtp_server(inbox) as port,
          Store(f"sqlite:///{tmp_path / 'o.db'}") as store):  # fmt: skip
        a = SmtpSettings("127.0.0.1", tarpit, "none", "results@a.example")
        b = SmtpSettings("127.0.0.1", port, "none", "results@b.example")
        to_a = [f"a{i}@example.org" for i in range(30)]  # queued first: claimed first
        to_b = [f"b{i}@example.org" for i in range(30)]  # more than one claim's worth
        club_evening(store, "Club A", "1", a, letters(*to_a))
        _, game_b = club_evening(store, "Club B", "2", b, letters(*to_b))
        sender = Sender(OutboxStore(store), local=True, timeout=60.0, poll=0.05)
        start = time.monotonic()
        sender.start()
        try:
            while time.monotonic() - start < 10 and (
                {state for state, _ in report(store, game_b).values()} != {"sent"}
            ):
                time.sleep(0.02)
            took = time.monotonic() - start
        finally:
            sender.finish()
        assert inbox.recipients() == sorted(to_b)
        assert took < 2.5, took  # while A's server still holds its connection
        assert {state for state, _ in report(store, game_b).values()} == {"sent"}
    sender.stop(5)  # the tarpit is closed: A's thread ends
