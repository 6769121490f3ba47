"""Case 2 of issue 33: a club's mail settings must not reach the server's own network, and
whatever answers there is never read back to the director.

The SMTP host is refused when saved (``PUT /api/club/smtp``: 422 naming ``host``) and again
when the sender connects (every address the name resolves to checked, the connection made to
the address checked, never to a second look-up), unless the server's operator allows a relay
on this machine (``Settings.smtp_local``, ``serve --smtp-local``); link-local, unspecified,
multicast and reserved addresses never. The report says what went wrong in plain words."""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgescore.club.mail import MailError, SmtpSettings, check_destination
from bridgescore.storage import Store
from bridgescore.storage.sender import Sender
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club
from tests.hostile.mail_helpers import (
    Inbox,
    club_evening,
    due_now,
    letters,
    raw_server,
    report,
    smtp_server,
)

INSIDE = ["127.0.0.1", "127.9.9.9", "localhost", "10.0.0.1", "172.16.0.1", "192.168.1.1",
          "100.64.0.1", "[::1]", "[fc00::1]", "[::ffff:127.0.0.1]", "[::ffff:10.0.0.1]",
          "[2002:7f00:1::]"]  # fmt: skip
"""This machine and private networks: refused unless the operator allows a local relay."""
NEVER = ["169.254.169.254", "0.0.0.0", "224.0.0.1", "240.0.0.1", "255.255.255.255",
         "[fe80::1]", "[::]", "[ff02::1]", "[::ffff:169.254.169.254]"]  # fmt: skip
"""Link-local (a cloud's metadata service), unspecified, multicast, reserved: never."""


def put_smtp(tmp_path: Path, hosts: list[str], *, local: bool) -> dict[str, tuple[int, Any]]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}", smtp_local=local)
    answers = {}
    with TestClient(create_app(settings)) as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        for host in hosts:
            body = {"host": host, "port": 587, "security": "starttls",
                    "sender": "results@acol.example"}  # fmt: skip
            got = client.put("/api/club/smtp", json=body, headers=auth(token))
            detail = got.json().get("detail") or [{"loc": [None]}]
            answers[host] = (got.status_code, detail[0]["loc"][-1])
    return answers


def test_saving_an_inside_or_special_host_is_refused_naming_host(tmp_path: Path) -> None:
    answers = put_smtp(tmp_path, INSIDE + NEVER, local=False)
    assert answers == dict.fromkeys(INSIDE + NEVER, (422, "host"))


def test_the_operators_allowance_admits_a_local_relay_but_never_link_local(
    tmp_path: Path,
) -> None:
    answers = put_smtp(tmp_path, INSIDE + NEVER, local=True)
    assert answers == {**dict.fromkeys(INSIDE, (200, None)), **dict.fromkeys(NEVER, (422, "host"))}


@pytest.mark.parametrize("address", ["8.8.8.8", "2001:4860:4860::8888", "::ffff:8.8.8.8"])
def test_a_public_address_is_allowed(address: str) -> None:
    check_destination(address, "mail.example.org")


def test_the_sender_checks_again_when_it_connects(tmp_path: Path) -> None:
    """Settings stored before the rule (or a name that resolves elsewhere now): the sender
    refuses to connect, and the letter waits with the reason in plain words."""
    inbox = Inbox()
    with smtp_server(inbox) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        smtp = SmtpSettings("localhost", port, "none", "results@acol.example")
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters("ann@example.org"))
        Sender(store_outbox(store)).run_once()  # the operator allows no local relay
        state, error = report(store, game)["ann@example.org"]
        assert state == "queued"
        assert error is not None
        assert "loopback address" in error
        assert inbox.messages == []
        due_now(store)
        Sender(store_outbox(store), local=True).run_once()  # once the operator allows it
        assert inbox.recipients() == ["ann@example.org"]


def test_a_name_with_one_inside_address_is_refused_whole_and_connected_to_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No DNS-rebinding gap: the name is looked up once, every address it gives checked, and
    the connection goes to the address checked."""
    looked: list[str] = []
    answers = {"mixed.acol.test": ["192.0.43.10", "10.1.2.3"], "localhost": ["127.0.0.1"]}
    real = socket.getaddrinfo

    def getaddrinfo(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        if host not in answers:
            return real(host, port, *args, **kwargs)
        looked.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in answers[host]]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    with pytest.raises(MailError) as refused:
        check_destination("10.1.2.3", "mixed.acol.test")
    assert refused.value.field == "host"
    inbox = Inbox()
    with smtp_server(inbox) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        mixed = SmtpSettings("mixed.acol.test", port, "starttls", "results@acol.example")
        _, game = club_evening(store, "Acol BC", "1234", mixed, letters("ann@example.org"))
        Sender(store_outbox(store)).run_once()
        assert "private address (10.1.2.3)" in str(report(store, game)["ann@example.org"][1])
        relay = SmtpSettings("localhost", port, "none", "results@acol.example")
        store_outbox(store).set_smtp(club_of(store, game), relay)
        looked.clear()
        due_now(store)
        Sender(store_outbox(store), local=True).run_once()
        assert looked == ["localhost"]  # one look-up for the connection
    assert inbox.recipients() == ["ann@example.org"]


def banner(words: bytes) -> Any:
    def script(conn: socket.socket, done: threading.Event) -> None:
        conn.sendall(words)
        done.wait(5)

    return script


@pytest.mark.parametrize(
    ("words", "plain"),
    [
        (b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5\r\n", "not a mail server"),
        (b"HTTP/1.1 400 Bad Request secret-internal-host\r\n\r\n", "not a mail server"),
        (b"554 5.7.1 go away secret-internal-host\r\n", "refused the connection (code 554)"),
    ],
)
def test_what_answers_there_is_never_read_back(tmp_path: Path, words: bytes, plain: str) -> None:
    with raw_server(banner(words)) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example")
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters("ann@example.org"))
        Sender(store_outbox(store), local=True, timeout=0.5).run_once()
        error = str(report(store, game)["ann@example.org"][1])
    assert plain in error
    for secret in ("SSH", "OpenSSH", "Ubuntu", "HTTP", "secret", "go away"):
        assert secret not in error


def test_a_refused_login_is_said_in_plain_words(tmp_path: Path) -> None:
    def script(conn: socket.socket, done: threading.Event) -> None:
        reader = conn.makefile("rb")
        conn.sendall(b"220 mx.inside.corp ESMTP\r\n")
        for line in reader:
            verb = line[:4].upper()
            if verb == b"EHLO":
                conn.sendall(b"250-mx.inside.corp\r\n250 AUTH PLAIN LOGIN\r\n")
            elif verb == b"AUTH":
                conn.sendall(b"535 5.7.8 user results unknown on dc01.inside.corp\r\n")
            else:
                conn.sendall(b"221 bye\r\n")
                return

    with raw_server(script) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example",
                            username="results", password="pw 1")  # fmt: skip
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters("ann@example.org"))
        Sender(store_outbox(store), local=True).run_once()
        assert report(store, game)["ann@example.org"] == (
            "queued", "the mail server refused the login (code 535)")  # fmt: skip


def store_outbox(store: Store) -> Any:
    from bridgescore.storage.outbox import OutboxStore

    return OutboxStore(store)


def club_of(store: Store, game: str) -> str:
    from bridgescore.storage.clubs import ClubStore

    owner = ClubStore(store).owner(game)
    assert owner is not None
    return owner
