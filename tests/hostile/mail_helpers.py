"""Helpers of the hostile mail cases (2, 3, 5, 9): a real SMTP server on loopback (aiosmtpd),
a raw TCP server that says what a test scripts (a tarpit, a banner), and a club's closed
evening with letters queued."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from sqlalchemy import update

from bridgescore.club.mail import Letter, SmtpSettings
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section
from bridgescore.duplicate.session import Session as BridgeSession
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.schema import OutboxRow
from bridgescore.storage.store import utcnow


@dataclass
class Inbox:
    """An aiosmtpd handler keeping each message: (envelope sender, recipients, message)."""

    messages: list[tuple[str, list[str], EmailMessage]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        message = email.message_from_bytes(content, policy=email.policy.SMTPUTF8)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append((str(envelope.mail_from), list(envelope.rcpt_tos), message))
        return "250 2.0.0 accepted"

    def recipients(self) -> list[str]:
        with self.lock:
            return sorted(to for _, tos, _ in self.messages for to in tos)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def smtp_server(handler: object, **options: Any) -> Iterator[int]:
    """aiosmtpd on a free loopback port with ``handler`` (an inbox) as its handler: the port."""
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, **options)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


Script = Callable[[socket.socket, threading.Event], None]
"""What a raw server does with a connection until the event is set (or it is done)."""


@contextmanager
def raw_server(script: Script) -> Iterator[int]:
    """A TCP server on a free loopback port running ``script`` on each connection (in a
    thread of its own); every connection is closed on the way out. The port."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    done = threading.Event()
    held: list[socket.socket] = []

    def serve(conn: socket.socket) -> None:
        with suppress(OSError):
            script(conn, done)

    def accept() -> None:
        while not done.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(conn)
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield int(listener.getsockname()[1])
    finally:
        done.set()
        thread.join(2)
        listener.close()
        for conn in held:
            with suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()


def letters(*addresses: str) -> list[Letter]:
    """A letter to each address."""
    return [Letter(to, (Player(f"Pat {i}", str(1000 + i)),), f"NS {i}", f"Letter {i}",
                   f"Text {i}", f"<p>Text {i}</p>")
            for i, to in enumerate(addresses, 1)]  # fmt: skip


def club_evening(
    store: Store, name: str, number: str, smtp: SmtpSettings, to: Sequence[Letter] = ()
) -> tuple[str, str]:
    """A club sending through ``smtp`` (stored as is: saved before the rules, or a name that
    now resolves elsewhere), a closed evening of it and ``to`` queued: (club, session)."""
    clubs = ClubStore(store)
    club = clubs.create_club(name, number, "EBU")
    outbox = OutboxStore(store)
    outbox.set_smtp(club.id, smtp)
    live = LiveStore(store)
    stored, _ = live.start(BridgeSession((Section.from_movement(mitchell(3, 2)),)), 3,
                           (club.id, clubs.key(club.id)))  # fmt: skip
    version = live.close(stored.id)
    if to:
        outbox.queue(stored.id, club.id, version, to, "td@acol.example")
    return club.id, stored.id


def due_now(store: Store) -> None:
    """Every queued letter due now (as if its wait after a failure were over)."""
    with store.transaction(write=True) as conn:
        conn.execute(update(OutboxRow).where(OutboxRow.state == "queued").values(next_at=utcnow()))


def report(store: Store, game: str) -> dict[str, tuple[str, str | None]]:
    """Each letter's address: its state and error."""
    return {x.to: (x.state, x.error) for x in OutboxStore(store).report(game)}
