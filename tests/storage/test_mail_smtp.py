"""Results by email against a real SMTP server on loopback (aiosmtpd), never a mock of smtplib:
an evening's letters sent and read back, a temporary failure tried again, a permanent one
reported, a restart in the middle (every letter exactly once), a sender killed while handing a
letter over (reported, not sent twice), and a login.

The login is tested over plain loopback (``auth_require_tls=False``, security ``none``): the
``cryptography`` package that would make a certificate for a STARTTLS test is not installed.
"""

from __future__ import annotations

import email
import email.policy
import os
import signal
import smtplib
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import trustme
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient
from sqlalchemy import update

from bridgescore.club.mail import Letter, MailError, Retry, Security, SmtpSettings
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section
from bridgescore.duplicate.session import Session as BridgeSession
from bridgescore.live import NotAllowedError
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.errors import StorageError
from bridgescore.storage.keys import MAIL_KEY_ENV, seal
from bridgescore.storage.live import LiveStore
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.schema import OutboxRow
from bridgescore.storage.sender import Sender
from bridgescore.storage.store import utcnow
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club
from tests.hostile.mail_helpers import smtp_server


@dataclass
class Inbox:
    """An aiosmtpd handler that keeps what it is given; ``busy`` addresses get a 451 (as many
    times as given),
    ``refused`` ones a 550 every time; ``received`` is called after each message (in the
    server's thread)."""

    messages: list[tuple[str, list[str], EmailMessage]] = field(default_factory=list)
    busy: dict[str, int] = field(default_factory=dict)
    refused: set[str] = field(default_factory=set)
    received: Callable[[int], None] = lambda n: None
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if self.busy.get(address, 0) > 0:
            self.busy[address] -= 1
            return "451 4.3.0 mailbox busy, try again later"
        if address in self.refused:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        message = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append((str(envelope.mail_from), list(envelope.rcpt_tos), message))
            n = len(self.messages)
        self.received(n)
        return "250 2.0.0 accepted"

    def ids(self) -> list[str]:
        with self.lock:
            return [str(m["Message-ID"]) for _, _, m in self.messages]


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


@pytest.fixture
def port(inbox: Inbox) -> Iterator[int]:
    with smtp_server(inbox) as found:
        yield found


def closed_evening(
    store: Store, port: int, security: Security = "none", **login: str
) -> tuple[str, str, int]:
    """A club sending through the server on ``port``, and a closed evening of it: the club's
    id, the session's and its version."""
    clubs = ClubStore(store)
    club = clubs.create_club("Acol BC", "1234", "EBU")
    smtp = SmtpSettings("127.0.0.1", port, security, "results@acol.example", **login)
    OutboxStore(store).set_smtp(club.id, smtp)
    live = LiveStore(store)
    session = BridgeSession((Section.from_movement(mitchell(3, 2)),))
    stored, _ = live.start(session, 3, (club.id, clubs.key(club.id)))
    return club.id, stored.id, live.close(stored.id)


def letters(n: int) -> list[Letter]:
    return [Letter(f"p{i}@example.org", (Player(f"Pat {i}", str(1000 + i)),), f"NS {i}",
                   f"Letter {i}", f"Text {i}", f"<p>Text {i}</p>") for i in range(n)]  # fmt: skip


def queued(
    store: Store, port: int, n: int, security: Security = "none", **login: str
) -> OutboxStore:
    club, game, version = closed_evening(store, port, security, **login)
    outbox = OutboxStore(store)
    outbox.queue(game, club, version, letters(n), "td@acol.example")
    return outbox


def states(outbox: OutboxStore, game: str | None = None) -> dict[str, tuple[str, int]]:
    """Each letter's address: its state and tries (every session's)."""
    with outbox.store.transaction() as conn:
        games = [r[0] for r in conn.exec_driver_sql("SELECT game_id FROM mailings")]
    return {x.to: (x.state, x.tries) for g in games for x in outbox.report(g)}


# -- an evening, through the API ---------------------------------------------------------------

MOVEMENT = {"movement": "mitchell", "tables": 3, "boards_per_round": 2}
ROSTER: list[dict[str, Any]] = [
    {"name": "Ann Smith", "number": "1001", "email": "ann@example.org"},
    {"name": "Bob Jones", "number": "1002", "email": "bob@example.org", "public": False},
    {"name": "Cy Brown", "number": "1003"},
    {"name": "Di Green", "number": "1004", "email": "di@example.org"},
    {"name": "Eve White", "number": "1005", "email": "eve@example.org"},
]


def player(i: int) -> dict[str, Any]:
    return {"name": ROSTER[i]["name"], "number": ROSTER[i]["number"]}


def test_an_evenings_letters_are_sent_to_a_local_server_and_read_back(
    tmp_path: Path, inbox: Inbox, port: int
) -> None:
    settings = Settings(smtp_local=True, database_url=f"sqlite:///{tmp_path / 'm.db'}",
                        base_url="https://scores.acol.example")  # fmt: skip
    with TestClient(create_app(settings)) as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        for entry in ROSTER:
            assert client.post("/api/roster", json=entry, headers=auth(token)).status_code == 201
        smtp = {"host": "127.0.0.1", "port": port, "security": "none",
                "sender": "results@acol.example"}  # fmt: skip
        assert client.put("/api/club/smtp", json=smtp, headers=auth(token)).status_code == 200
        body = {"event": "Monday pairs", "movement": MOVEMENT, "date": "2026.12.01",
                "players": {"NS 1": [player(0), player(1)], "EW 1": [player(2), player(3)],
                            "NS 2": [player(4), {"name": "Fred Gray", "number": "1099"}]},
                "names": {"NS 3": "Gus & Hal"}}  # fmt: skip
        created = client.post("/api/sessions", json=body, headers=auth(token)).json()
        game, tables = created["id"], {t["table"]: t["token"] for t in created["tables"]}
        for slot in client.get(f"/api/sessions/{game}").json()["missing"]:
            result = {"round": slot["round"], "table": slot["table"], "board": slot["board"],
                      "contract": "4S", "declarer": "S",
                      "tricks": 9 + (slot["table"] + slot["board"]) % 3}  # fmt: skip
            added = client.post(f"/api/sessions/{game}/results", json=result,
                                headers=auth(tables[slot["table"]]))  # fmt: skip
            assert added.status_code == 201, added.text
        emails = f"/api/sessions/{game}/emails"
        assert client.post(emails, json={}, headers=auth(token)).status_code == 409  # open
        assert client.get(emails).status_code == 403
        assert client.get(emails, headers=auth(tables[1])).status_code == 403  # a table's
        client.post(f"/api/sessions/{game}/close", json={"closed": True}, headers=auth(token))
        page = client.get(f"/live/{game}/director").text  # the director's button and preview
        assert 'id="emails-send"' in page
        assert client.get("/static/live_mail.js").status_code == 200

        preview = client.get(emails, headers=auth(token)).json()
        assert not inbox.messages  # nothing is sent before the director's click
        assert sorted(x["to"] for x in preview["letters"]) == [
            "ann@example.org",
            "bob@example.org",
            "di@example.org",
            "eve@example.org",
        ]
        assert sorted((u["name"], u["pair"], u["reason"]) for u in preview["unreached"]) == [
            ("Cy Brown", "EW 1", "no email"), ("Fred Gray", "NS 2", "not on the roster"),
            ("Gus", "NS 3", "no number"), ("Hal", "NS 3", "no number")]  # fmt: skip
        assert preview["provisional"] is True
        assert preview["smtp"]["host"] == "127.0.0.1"

        sent = client.post(emails, json={}, headers=auth(token))
        assert sent.status_code == 202, sent.text
        assert sent.json()["queued"] == 4
        assert client.post(emails, json={}, headers=auth(token)).status_code == 409  # once
        report = wait_until_sent(client, emails, token, 4)
        session = client.get(f"/api/sessions/{game}", headers=auth(token)).json()
        travellers = {b: client.get(f"/api/sessions/{game}/boards/{b}").json()["lines"]
                      for b in range(1, 7)}  # fmt: skip

    by_to = {to[0]: m for _, to, m in inbox.messages}
    assert sorted(by_to) == [x["to"] for x in sorted(report, key=lambda x: x["to"])]
    assert sorted(str(m["Message-ID"]) for m in by_to.values()) == sorted(
        x["message_id"] for x in report)  # fmt: skip
    link = f"https://scores.acol.example/session/{game}"
    percent = {r["pair"]: r["percent"] for rows in session["rankings"].values() for r in rows}
    for address, label, side in (("ann@example.org", "NS 1", "NS"),
                                 ("di@example.org", "EW 1", "EW"),
                                 ("eve@example.org", "NS 2", "NS")):  # fmt: skip
        message = by_to[address]
        subject = f"Monday pairs 2026.12.01: your scorecard, {label} (provisional)"
        assert message["Subject"] == subject
        assert message["From"] == "results@acol.example"
        text = message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        page = message.get_body(("html",)).get_content()  # type: ignore[union-attr]
        assert link in text
        assert f'href="{link}"' in page
        assert "provisional" in text
        assert f"({percent[label]:.2f}%)" in text
        played = 0
        for board, lines in travellers.items():  # every board's line, as its traveller has it
            for line in lines:
                if line[side.lower()] != int(label.split()[1]):
                    continue
                played += 1
                score = line["ns_score"] if side == "NS" else -line["ns_score"]
                points = line["ns_points"] if side == "NS" else line["ew_points"]
                row = next(r for r in text.splitlines() if r.split()[:1] == [str(board)])
                assert row.split()[-4:-1] == [line["result"], str(score), f"{points:.2f}"], row
        assert played == 6, lines
    assert "Bob Jones" not in str(by_to["di@example.org"])  # he asked not to be named
    assert "Player 1002" in by_to["di@example.org"].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "Dear Bob Jones" in str(by_to["bob@example.org"].get_body(("plain",)).get_content())  # type: ignore[union-attr]


def wait_until_sent(client: TestClient, path: str, token: str, n: int) -> list[dict[str, Any]]:
    """The report once ``n`` letters are sent (the server's sender thread sends them)."""
    for _ in range(200):
        report: list[dict[str, Any]] = client.get(path, headers=auth(token)).json()["sent"]
        if sum(x["state"] == "sent" for x in report) == n:
            return report
        time.sleep(0.05)
    raise AssertionError(f"not sent: {report}")


# -- the outbox and its sender -------------------------------------------------------------


def test_a_temporary_failure_is_tried_again_and_a_permanent_one_is_reported(
    tmp_path: Path, inbox: Inbox, port: int
) -> None:
    inbox.busy, inbox.refused = {"p0@example.org": 1}, {"p1@example.org"}
    with Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        outbox = queued(store, port, 3)
        Sender(outbox, local=True, retry=Retry(first=0.0)).run_once()
        assert states(outbox) == {"p0@example.org": ("sent", 2), "p1@example.org": ("failed", 1),
                                  "p2@example.org": ("sent", 1)}  # fmt: skip
        failed = next(x for g in _games(outbox) for x in outbox.report(g) if x.state == "failed")
        assert failed.error == "the mail server refused the address (code 550)"
    assert sorted(to[0] for _, to, _ in inbox.messages) == ["p0@example.org", "p2@example.org"]


def test_a_temporary_failure_waits_and_the_sender_gives_up_past_its_tries(
    tmp_path: Path, inbox: Inbox, port: int
) -> None:
    inbox.busy = {"p0@example.org": 1, "p2@example.org": 5}
    with Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        outbox = queued(store, port, 2)
        Sender(outbox, local=True, retry=Retry(first=3600.0)).run_once()
        assert states(outbox) == {"p0@example.org": ("queued", 1), "p1@example.org": ("sent", 1)}
        game = _games(outbox)[0]
        waiting = next(x for x in outbox.report(game) if x.to == "p0@example.org")
        assert waiting.next_at > utcnow() + timedelta(minutes=59)
        club = ClubStore(store).club("Acol BC").id
        outbox.queue(game, club, store.get(game).version, letters(3)[2:], "td", again=True)
        Sender(outbox, local=True, retry=Retry(first=0.0, most=2)).run_once()
        report = {x.to: x for x in outbox.report(game)}
    assert (report["p2@example.org"].state, report["p2@example.org"].tries) == ("failed", 2)
    assert report["p2@example.org"].error == (
        "gave up after 2 tries: the mail server refused the address (code 451)"
    )
    assert report["p0@example.org"].state == "queued"  # not due for an hour
    assert [to for _, to, _ in inbox.messages] == [["p1@example.org"]]


def test_a_tables_request_to_send_the_letters_is_refused_inside_the_write(
    tmp_path: Path, port: int
) -> None:
    with Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        club, game, version = closed_evening(store, port)
        outbox = OutboxStore(store)
        with pytest.raises(NotAllowedError, match="only the director emails the players"):
            outbox.queue(game, club, version, letters(2), "table 2", by=2)
        assert outbox.report(game) == []
        outbox.queue(game, club, version, letters(2), "td@acol.example")  # the director's
        assert len(outbox.report(game)) == 2


def _games(outbox: OutboxStore) -> list[str]:
    with outbox.store.transaction() as conn:
        return [r[0] for r in conn.exec_driver_sql("SELECT game_id FROM mailings")]


def test_a_restart_in_the_middle_sends_every_letter_exactly_once(
    tmp_path: Path, inbox: Inbox, port: int
) -> None:
    url = f"sqlite:///{tmp_path / 'o.db'}"
    with Store(url) as store:
        outbox = queued(store, port, 8)
        first = Sender(outbox, local=True, poll=0.05)
        third = threading.Event()

        def stop_at_the_third(n: int) -> None:  # asked while the server has the third letter
            if n == 3:
                first.finish()
                third.set()

        inbox.received = stop_at_the_third
        first.start()
        assert third.wait(10)
        first.stop()
        before = states(outbox)
    assert len(inbox.messages) == 3  # the third finished, the rest put back
    assert {s for s, _ in before.values()} == {"sent", "queued"}  # none held, none unknown
    with Store(url) as store:  # a new process: the same database
        outbox = OutboxStore(store)
        Sender(outbox, local=True).run_once()
        report = [x for g in _games(outbox) for x in outbox.report(g)]
    assert [x.state for x in report] == ["sent"] * 8
    assert sorted(inbox.ids()) == sorted(x.message_id for x in report)  # each once


KILLED_SENDER = """
import sys
from bridgescore.storage import Store
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import Sender
from bridgescore.storage.store import utcnow
Sender(OutboxStore(Store(sys.argv[1])), local=True, lease=float(sys.argv[2])).run_once()
"""


def test_a_sender_killed_while_handing_a_letter_over_leaves_it_unknown_not_sent_twice(
    tmp_path: Path, inbox: Inbox, port: int
) -> None:
    url = f"sqlite:///{tmp_path / 'o.db'}"
    with Store(url) as store:
        outbox = queued(store, port, 5)
    process = subprocess.Popen([sys.executable, "-c", KILLED_SENDER, url, "0.5"])

    def kill(n: int) -> None:  # the server has the second letter; its sender dies before 250
        if n == 2:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)

    inbox.received = kill
    assert process.wait(30) == -signal.SIGKILL
    time.sleep(0.6)  # its lease runs out
    with Store(url) as store:
        outbox = OutboxStore(store)
        Sender(outbox, local=True).run_once()
        report = [x for g in _games(outbox) for x in outbox.report(g)]
    assert sorted(x.state for x in report) == ["sent"] * 4 + ["unknown"]
    unknown = next(x for x in report if x.state == "unknown")
    assert "may have been delivered" in str(unknown.error)
    assert sorted(inbox.ids()) == sorted(x.message_id for x in report)  # none twice, none lost


def authenticator(
    server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
) -> AuthResult:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"results", b"pw 1")
    return AuthResult(success=ok, handled=False)


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_the_sender_logs_in_and_a_refused_login_is_reported_without_the_password(
    tmp_path: Path, inbox: Inbox, caplog: pytest.LogCaptureFixture
) -> None:
    login = {"authenticator": authenticator, "auth_required": True, "auth_require_tls": False}
    with smtp_server(inbox, **login) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        outbox = queued(store, port, 1, username="results", password="pw 1")
        Sender(outbox, local=True).run_once()
        assert states(outbox) == {"p0@example.org": ("sent", 1)}
        club = ClubStore(store).club("Acol BC").id
        outbox.set_smtp(club, SmtpSettings("127.0.0.1", port, "none", "results@acol.example",
                                           username="results", password="wrong pass"))  # fmt: skip
        game = _games(outbox)[0]
        outbox.queue(game, club, store.get(game).version, letters(2)[1:], "td", again=True)
        Sender(outbox, local=True, retry=Retry(first=3600.0)).run_once()
        retried = next(x for x in outbox.report(game) if x.to == "p1@example.org")
    assert (retried.state, retried.tries) == ("queued", 1)  # tried again later
    assert retried.error == "the mail server refused the login (code 535)"
    assert "wrong pass" not in caplog.text
    assert "wrong pass" not in str(retried.error)
    assert [to for _, to, _ in inbox.messages] == [["p0@example.org"]]


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_the_password_is_sealed_with_a_key_kept_outside_the_database(
    tmp_path: Path, inbox: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of the database gives no SMTP password away; moved to a server with another key,
    the letters wait with the reason until the director enters the password again."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(MAIL_KEY_ENV, raising=False)
    login = {"authenticator": authenticator, "auth_required": True, "auth_require_tls": False}
    with smtp_server(inbox, **login) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        outbox = queued(store, port, 2, username="results", password="pw 1")
        key = tmp_path / "data" / "bridgescore" / "mail.key"
        assert key.stat().st_mode & 0o777 == 0o600  # made on first use, for its user only
        with store.transaction() as conn:
            (stored,) = conn.exec_driver_sql("SELECT password FROM smtp_settings").one()
        assert stored.startswith("fernet:")
        assert "pw 1" not in stored
        club = ClubStore(store).club("Acol BC").id
        assert outbox.smtp(club) == SmtpSettings(
            "127.0.0.1", port, "none", "results@acol.example", username="results", password="pw 1"
        )
        monkeypatch.setenv(MAIL_KEY_ENV, Fernet.generate_key().decode())  # another server's key
        with pytest.raises(MailError, match="enter it again") as refused:
            outbox.smtp(club)
        assert refused.value.field == "password"
        Sender(outbox, local=True, retry=Retry(first=3600.0)).run_once()
        waiting = outbox.report(_games(outbox)[0])
        assert {(x.state, x.tries) for x in waiting} == {("queued", 1)}
        assert all("enter it again" in str(x.error) for x in waiting)
        outbox.set_smtp(club, SmtpSettings("127.0.0.1", port, "none", "results@acol.example",
                                           username="results", password="pw 1"))  # fmt: skip
        with store.transaction(write=True) as conn:  # their hour's wait is over
            conn.execute(update(OutboxRow).values(next_at=utcnow() - timedelta(seconds=1)))
        Sender(outbox, local=True).run_once()
        assert {x.state for x in outbox.report(_games(outbox)[0])} == {"sent"}
        # a password stored before they were sealed is read as it was
        with store.transaction(write=True) as conn:
            conn.exec_driver_sql("UPDATE smtp_settings SET password = 'pw 1'")
        found = outbox.smtp(club)
        assert found is not None
        assert found.password == "pw 1"
    assert len(inbox.messages) == 2


def test_the_api_says_when_the_password_must_be_entered_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(MAIL_KEY_ENV, Fernet.generate_key().decode())
    with TestClient(
        create_app(Settings(smtp_local=True, database_url=f"sqlite:///{tmp_path / 'm.db'}"))
    ) as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        smtp = {"host": "smtp.acol.example", "port": 587, "security": "starttls",
                "sender": "results@acol.example", "username": "results",
                "password": "pw 1"}  # fmt: skip
        assert client.put("/api/club/smtp", json=smtp, headers=auth(token)).status_code == 200
        monkeypatch.setenv(MAIL_KEY_ENV, Fernet.generate_key().decode())  # moved to another server
        refused = client.get("/api/club/smtp", headers=auth(token))
        assert refused.status_code == 422
        assert refused.json()["detail"][0]["loc"][-1] == "password"
        assert "enter it again" in refused.text
        kept = client.put("/api/club/smtp", json={**smtp, "password": None}, headers=auth(token))
        assert kept.status_code == 422  # "keep the stored one": there is none this key can read
        assert client.put("/api/club/smtp", json=smtp, headers=auth(token)).status_code == 200
        assert client.get("/api/club/smtp", headers=auth(token)).json()["smtp"]["password_set"]


def test_the_mail_key_is_made_once_by_processes_that_race(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv(MAIL_KEY_ENV, raising=False)
    code = "from bridgescore.storage.keys import mail_key; print(mail_key().decode())"
    racing = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
              for _ in range(8)]  # fmt: skip
    keys = {p.communicate()[0].strip() for p in racing}
    assert keys == {(tmp_path / "bridgescore" / "mail.key").read_text()}
    assert [p.name for p in (tmp_path / "bridgescore").iterdir()] == ["mail.key"]  # no drafts left
    monkeypatch.setenv(MAIL_KEY_ENV, "not a key")
    with pytest.raises(StorageError, match=f"{MAIL_KEY_ENV} is not a key") as bad:
        seal("pw")
    assert "not a key:" not in str(bad.value).split(MAIL_KEY_ENV, 1)[0]  # never quoted back
    assert bad.value.value is None


# -- TLS: STARTTLS and TLS from the start, with a certificate of a test CA ------------------------


@pytest.fixture(scope="module")
def tls() -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """The server's TLS context (a certificate for 127.0.0.1 from a test CA) and a client's
    that trusts that CA."""
    ca = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(server)
    client = ssl.create_default_context()
    ca.configure_trust(client)
    return server, client


def test_starttls_logs_in_only_over_tls_and_an_untrusted_certificate_sends_nothing(
    tmp_path: Path, inbox: Inbox, tls: tuple[ssl.SSLContext, ssl.SSLContext]
) -> None:
    server, client = tls
    options = {"tls_context": server, "require_starttls": True, "authenticator": authenticator,
               "auth_required": True, "auth_require_tls": True}  # fmt: skip
    with smtp_server(inbox, **options) as port, Store(f"sqlite:///{tmp_path / 't.db'}") as store:
        outbox = queued(store, port, 1, "starttls", username="results", password="pw 1")
        Sender(outbox, local=True, context=client).run_once()
        assert states(outbox) == {"p0@example.org": ("sent", 1)}
        club = ClubStore(store).club("Acol BC").id
        game = _games(outbox)[0]
        outbox.queue(game, club, store.get(game).version, letters(2)[1:], "td", again=True)
        Sender(outbox, local=True, retry=Retry(first=3600.0)).run_once()  # the system's CAs only
        untrusted = next(x for x in outbox.report(game) if x.to == "p1@example.org")
        assert (untrusted.state, untrusted.tries) == ("queued", 1)
        assert "certificate is not trusted" in str(untrusted.error)
        outbox.set_smtp(club, SmtpSettings("127.0.0.1", port, "none", "results@acol.example",
                                           username="results", password="pw 1"))  # fmt: skip
        outbox.queue(game, club, store.get(game).version, letters(3)[2:], "td", again=True)
        Sender(
            outbox, local=True, retry=Retry(first=3600.0)
        ).run_once()  # no STARTTLS: no AUTH offered
        plain = next(x for x in outbox.report(game) if x.to == "p2@example.org")
    assert plain.state == "queued"
    assert "does not offer" in str(plain.error)  # the password never sent plain
    assert [to for _, to, _ in inbox.messages] == [["p0@example.org"]]


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_tls_from_the_start_sends_and_logs_in(
    tmp_path: Path, inbox: Inbox, tls: tuple[ssl.SSLContext, ssl.SSLContext]
) -> None:
    server, client = tls
    # aiosmtpd counts only STARTTLS as TLS for auth_require_tls; this port is TLS from the start
    options = {"ssl_context": server, "authenticator": authenticator, "auth_required": True,
               "auth_require_tls": False}  # fmt: skip
    with smtp_server(inbox, **options) as port, Store(f"sqlite:///{tmp_path / 't.db'}") as store:
        with pytest.raises(smtplib.SMTPServerDisconnected, match="timed out"):
            smtplib.SMTP("127.0.0.1", port, timeout=2)  # a plain client gets no greeting
        outbox = queued(store, port, 2, "tls", username="results", password="pw 1")
        Sender(outbox, local=True, context=client).run_once()
        assert states(outbox) == {"p0@example.org": ("sent", 1), "p1@example.org": ("sent", 1)}
    assert sorted(to[0] for _, to, _ in inbox.messages) == ["p0@example.org", "p1@example.org"]
