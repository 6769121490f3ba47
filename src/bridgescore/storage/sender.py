"""The outbox's sender: a thread that hands the queued letters to the club's SMTP server.

It never blocks the web server's event loop (it is a thread of its own, and a separate process
may run one too: ``bridgescore`` servers with several workers run one each, and the claims
keep every letter to one sender at a time). Each round it first recovers the letters of a
sender that stopped (:meth:`~bridgescore.storage.outbox.OutboxStore.recover`), then claims
due letters, one club's at a time, and sends each club's over one connection of its own, in
a thread of its own (at most ``clubs`` at once), with the standard library's :mod:`smtplib`;
every step is committed before the next one. One club's slow or broken server never delays
another club's letters: the next round claims theirs while it waits.

Where it connects: the club's host is resolved, every address it names is checked by the
core's :func:`~bridgescore.club.mail.check_destination` (a public one only, unless the
server's operator allows a relay on this machine: ``local``), and the connection goes to the
address checked, never to a second look-up. Every SMTP step (the connection and greeting,
each command and its reply) has ``timeout`` seconds in all, however the server trickles its
reply, and a reply is read up to :data:`REPLY_BYTES`. The report says what went wrong in
plain words (:func:`why`): the server's own words are never shown.

What a restart gives: a sender stopped with :meth:`Sender.stop` finishes the letter it is
handing over, puts the ones it claimed back, and is done; nothing is lost or sent twice. A
sender killed outright leaves at most the one letter it was handing over ``unknown`` (the
server may have taken it: it is reported, never sent again by itself); every other letter it
held goes back to the queue when its lease runs out and is sent once.

A reply of 4xx, a connection that fails or drops, or a refused login is a temporary failure:
the letter is tried again after :class:`~bridgescore.club.mail.Retry`'s wait, and fails for good
past its tries. A 5xx to the sender, a recipient or the message fails that letter at once, and
so does a letter that cannot be written to its address (an internationalised one to a server
without SMTPUTF8: sent with SMTPUTF8 where the server offers it): the club's other letters go.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
import socket
import ssl
import threading
import time
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate
from types import UnionType
from typing import Any, Final

from bridgescore.club.clubs import check_email
from bridgescore.club.mail import MailError, Retry, SmtpSettings, check_destination, is_temporary
from bridgescore.errors import N_, BridgeError
from bridgescore.storage.outbox import Claimed, OutboxStore
from bridgescore.storage.store import utcnow

__all__ = ["REPLY_BYTES", "Sender", "destinations", "message_of", "why"]

REPLY_BYTES: Final = 65_536
"""The most bytes of one SMTP reply read (an EHLO's is a few hundred)."""

log = logging.getLogger(__name__)


def message_of(letter: Claimed, sender: str) -> EmailMessage:
    """The letter as a MIME message: plain text with an HTML alternative, its own Message-ID.

    >>> m = message_of(Claimed(1, "c", "ann@example.org", "Ann Smith", "Results", "Hello",
    ...                        "<p>Hello</p>", "<1@acol.example>"), "td@acol.example")
    >>> m["To"], m["Message-ID"], m.get_content_type()
    ('Ann Smith <ann@example.org>', '<1@acol.example>', 'multipart/alternative')
    """
    message = EmailMessage()
    message["From"] = sender
    local, _, domain = letter.to.rpartition("@")
    message["To"] = Address(letter.names, local, domain)  # an internationalised one too
    message["Subject"] = letter.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = letter.message_id
    message.set_content(letter.text)
    message.add_alternative(letter.html, subtype="html")
    return message


def destinations(host: str, port: int, *, local: bool = False) -> list[tuple[Any, ...]]:
    """The socket addresses ``host`` resolves to, every one checked by the core's
    :func:`~bridgescore.club.mail.check_destination` (a name with one refused address is
    refused whole: no mixing a public address with a private one).

    >>> destinations("127.0.0.1", 25, local=True)[0][4]
    ('127.0.0.1', 25)

    :raises MailError: (field ``host``) if any is refused.
    :raises OSError: if the name does not resolve.
    """
    found = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    for *_, address in found:
        check_destination(str(address[0]), host, local=local)
    return found


class _Lines:
    """An SMTP connection's replies read line by line from its socket, within the step's
    deadline and :data:`REPLY_BYTES` (smtplib reads ``file.readline``)."""

    def __init__(self, sock: socket.socket, owner: _Bounded) -> None:
        self.sock = sock
        self.owner = owner
        self.buffer = b""

    def readline(self, limit: int = -1) -> bytes:
        owner = self.owner
        while b"\n" not in self.buffer and (limit < 0 or len(self.buffer) < limit):
            left = owner.deadline - time.monotonic()
            if left <= 0:
                raise _TooSlow("the mail server did not answer in time")
            self.sock.settimeout(left)
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            self.buffer += chunk
        end = self.buffer.find(b"\n") + 1 or len(self.buffer)
        if limit >= 0:
            end = min(end, limit)
        line, self.buffer = self.buffer[:end], self.buffer[end:]
        owner.read += len(line)
        if owner.read > REPLY_BYTES:
            raise _TooLong(f"the mail server's reply is longer than {REPLY_BYTES} bytes")
        return line

    def close(self) -> None:
        """The socket is closed by its connection."""


class _TooSlow(TimeoutError):
    """A step that did not end within its deadline."""


class _TooLong(OSError):
    """A reply past :data:`REPLY_BYTES`."""


class _Bounded(smtplib.SMTP):
    """:class:`smtplib.SMTP` that connects only to the checked addresses of its host and
    gives each step (connecting and the greeting; a command and its reply) ``timeout``
    seconds in all, its reply at most :data:`REPLY_BYTES`."""

    local = False
    deadline = 0.0
    read = 0

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        self.deadline = time.monotonic() + timeout
        last: OSError = OSError(f"no address for {host}")
        for family, kind, proto, _, address in destinations(host, port, local=self.local):
            sock = socket.socket(family, kind, proto)
            try:
                sock.settimeout(max(0.001, self.deadline - time.monotonic()))
                sock.connect(address)  # the address checked: no second look-up
                return sock
            except OSError as exc:
                sock.close()
                last = exc
        raise last

    def getreply(self) -> tuple[int, bytes]:
        if self.file is None and self.sock is not None:
            self.file = _Lines(self.sock, self)  # smtplib reads its lines
        self.read = 0
        return super().getreply()

    def send(self, s: Any) -> None:
        self.deadline = time.monotonic() + self.timeout
        if self.sock is not None:
            self.sock.settimeout(self.timeout)
        super().send(s)


class _BoundedTls(_Bounded, smtplib.SMTP_SSL):
    """:class:`_Bounded` over TLS from the first byte (its certificate checked against the
    host's name, not the address connected to)."""

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        sock = super()._get_socket(host, port, timeout)
        try:
            return self.context.wrap_socket(sock, server_hostname=self._host)  # type: ignore[attr-defined]
        except BaseException:
            sock.close()
            raise


def _connection(settings: SmtpSettings, timeout: float, context: ssl.SSLContext,
                *, local: bool) -> smtplib.SMTP:  # fmt: skip
    """An open connection to the club's server (greeted, not yet EHLO'd)."""
    connection: _Bounded
    if settings.security == "tls":
        connection = _BoundedTls(timeout=timeout, context=context)
    else:
        connection = _Bounded(timeout=timeout)
    connection.local = local
    connection._host = settings.host  # type: ignore[attr-defined]  # TLS checks this name
    try:
        code, _ = connection.connect(settings.host, settings.port)
    except BaseException:
        connection.close()
        raise
    if code != 220:
        connection.close()
        raise smtplib.SMTPConnectError(code, b"")
    return connection


class Sender:
    """A thread sending the outbox's letters: :meth:`start`, :meth:`wake` when letters are
    queued, :meth:`stop`. :meth:`run_once` does one round in the caller's thread (each club's
    letters in a thread of their own, all waited for).

    ``poll``: seconds between rounds when nothing wakes it; ``lease``: how long a claim holds
    (longer than a letter takes); ``timeout``: each SMTP step's; ``context``: the TLS context
    (default: the system's trusted certificates, the host name checked); ``local``: the
    server's operator allows clubs' mail to a relay on this machine or its private network;
    ``clubs``: how many clubs' servers it talks to at once.
    """

    def __init__(
        self,
        outbox: OutboxStore,
        *,
        retry: Retry | None = None,
        poll: float = 10.0,
        lease: float = 300.0,
        timeout: float = 30.0,
        context: ssl.SSLContext | None = None,
        local: bool = False,
        clubs: int = 8,
    ) -> None:
        self.outbox = outbox
        self.retry = retry or Retry()
        self.poll = poll
        self.lease = lease
        self.timeout = timeout
        self.context = context
        self.local = local
        self.clubs = clubs
        self.name = f"sender-{secrets.token_hex(6)}"
        """This sender's name in the claims it makes."""
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._busy: dict[str, threading.Thread] = {}
        """The clubs whose letters a thread of this sender is sending now."""
        self._tried = 0

    def start(self) -> None:
        """Start the thread (once)."""
        if self._thread is None:
            self._stopping.clear()
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()

    def wake(self) -> None:
        """Start a round now (letters were queued)."""
        self._wake.set()

    def finish(self) -> None:
        """Ask the threads to stop after the letters being handed over (without waiting)."""
        self._stopping.set()
        self._wake.set()

    def stop(self, timeout: float = 60.0) -> None:
        """Stop after the letters being handed over, putting the others claimed back."""
        self.finish()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        with self._lock:
            busy = list(self._busy.values())
        for thread in busy:
            thread.join(timeout)

    def _loop(self) -> None:
        while not self._stopping.is_set():
            try:
                if self.outbox.pending():
                    self.outbox.recover(utcnow())
                    self._dispatch()
            except Exception:  # a database or a bug: logged, and tried again next round
                log.exception("the outbox's sender failed a round")
            self._wake.wait(self.poll)
            self._wake.clear()

    def run_once(self) -> int:
        """One round: recover lapsed claims, then send every letter due (each club's in a
        thread, all waited for); how many were tried."""
        if not self.outbox.pending():
            return 0
        self.outbox.recover(utcnow())
        before = self._tried
        while started := self._dispatch():
            for thread in started:
                thread.join()
        return self._tried - before

    def _dispatch(self) -> list[threading.Thread]:
        """Claim the due letters of clubs no thread of this sender is sending to, and start
        a thread for each club's; the threads started."""
        started = []
        while not self._stopping.is_set():
            with self._lock:
                busy = set(self._busy)
            if len(busy) >= self.clubs:
                break
            claimed = self.outbox.claim(self.name, utcnow(), self.lease, skip=busy)
            if not claimed:
                break
            club = claimed[0].club_id
            thread = threading.Thread(target=self._club, args=(claimed,), daemon=True,
                                      name=f"{self.name}-{club[:12]}")  # fmt: skip
            with self._lock:
                self._busy[club] = thread
            thread.start()
            started.append(thread)
        return started

    def _club(self, claimed: list[Claimed]) -> None:
        """A club's thread: its letters sent, then its place given up (and a round woken)."""
        try:
            tried = self._send(claimed)
            with self._lock:
                self._tried += tried
        except Exception:  # a database or a bug: logged; the lease puts its letters back
            log.exception("the outbox's sender failed the club %s's letters", claimed[0].club_id)
        finally:
            with self._lock:
                self._busy.pop(claimed[0].club_id, None)
            self._wake.set()

    def _send(self, claimed: list[Claimed]) -> int:
        """Send one club's letters over one connection; how many were tried."""
        try:
            settings = self.outbox.smtp(claimed[0].club_id)
        except MailError as exc:  # its password was sealed with another key
            self._fail_all(claimed, str(exc), temporary=True)
            return len(claimed)
        if settings is None:
            self._fail_all(claimed, N_("the club has no SMTP settings"), temporary=True)
            return len(claimed)
        try:
            connection = self._connect(settings)
        except MailError as exc:  # an address this server does not send to
            self._fail_all(claimed, str(exc), temporary=True)
            return len(claimed)
        except OSError as exc:
            self._fail_all(claimed, why(exc), temporary=_temporary(exc))
            return len(claimed)
        tried = 0
        with connection:
            for i, letter in enumerate(claimed):
                if self._stopping.is_set():
                    self.outbox.release([c.id for c in claimed[i:]], self.name)
                    break
                if not self.outbox.handing(letter.id, self.name, utcnow(), self.lease):
                    continue  # its claim lapsed: another sender has it now
                tried += 1
                try:
                    check_email(letter.to)  # a row written before the core's check
                except BridgeError:
                    self._failed(letter, N_("not an email address"), temporary=False)
                    continue
                if not (letter.to + settings.sender).isascii() and not connection.has_extn(
                    "smtputf8"
                ):
                    self._failed(letter, _NO_UTF8, temporary=False)
                    continue
                try:
                    message = message_of(letter, settings.sender)
                    connection.send_message(message, settings.sender, [letter.to])
                except (ValueError, UnicodeError) as exc:  # this letter cannot be written
                    self._failed(letter, why(exc), temporary=False)
                    continue
                except OSError as exc:  # smtplib's errors are OSErrors too
                    self._failed(letter, why(exc), temporary=_temporary(exc))
                    if _lost(exc):
                        self.outbox.release([c.id for c in claimed[i + 1 :]], self.name)
                        break  # the connection is gone: the rest next round
                    continue
                self.outbox.sent(letter.id, self.name, utcnow())
        return tried

    def _connect(self, settings: SmtpSettings) -> smtplib.SMTP:
        context = self.context or ssl.create_default_context()
        connection = _connection(settings, self.timeout, context, local=self.local)
        try:
            connection.ehlo()
            if settings.security == "starttls":
                connection.starttls(context=context)
                connection.ehlo()
            if settings.username is not None and settings.password is not None:
                connection.login(settings.username, settings.password)
        except BaseException:
            connection.close()
            raise
        return connection

    def _failed(self, letter: Claimed, reason: str, *, temporary: bool) -> None:
        log.warning("letter %s to the club %s: %s", letter.message_id, letter.club_id, reason)
        if temporary:
            self.outbox.retry(letter.id, self.name, utcnow(), reason, self.retry)
        else:
            self.outbox.failed(letter.id, self.name, reason)

    def _fail_all(self, claimed: list[Claimed], reason: str, *, temporary: bool) -> None:
        for letter in claimed:
            self._failed(letter, reason, temporary=temporary)


_NO_UTF8: Final = N_("the mail server cannot take an address with letters beyond ASCII (it "
                      "offers no SMTPUTF8)")  # fmt: skip


def _temporary(exc: BaseException) -> bool:
    """Whether a failure may pass: a 4xx, a lost connection, a refused login or one the
    server does not offer (the club may fix its settings); a 5xx to the message or its
    addresses is for good."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(is_temporary(code) for code, _ in exc.recipients.values())
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return True
    if isinstance(exc, smtplib.SMTPResponseException):
        return is_temporary(exc.smtp_code)
    return True


def _lost(exc: BaseException) -> bool:
    """Whether the connection is gone (not a reply the server gave on it, nor a letter it
    cannot take)."""
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        return True
    return not isinstance(exc, smtplib.SMTPResponseException | smtplib.SMTPRecipientsRefused
                          | smtplib.SMTPNotSupportedError)  # fmt: skip


def _code(code: int) -> str:
    return f" (code {code})" if 200 <= code <= 599 else ""


_REFUSED: Final[tuple[tuple[type[smtplib.SMTPResponseException], str], ...]] = (
    (smtplib.SMTPAuthenticationError, N_("the mail server refused the login")),
    (smtplib.SMTPSenderRefused, N_("the mail server refused the From address")),
    (smtplib.SMTPDataError, N_("the mail server refused the letter")),
    (smtplib.SMTPResponseException, N_("the mail server refused")),
)
"""The replies the server gave, first match, in plain words (its reply code added)."""

_PLAIN: Final[tuple[tuple[type[BaseException] | UnionType, str], ...]] = (
    (smtplib.SMTPNotSupportedError,
     N_("the mail server does not offer what the settings ask for (STARTTLS or a login)")),
    (smtplib.SMTPServerDisconnected, N_("the mail server closed the connection")),
    (smtplib.SMTPException,
     N_("what answers at that address is not a mail server, or it broke off")),
    (_TooLong, N_("the mail server's answer was far too long")),
    (TimeoutError, N_("the mail server did not answer in time")),
    (ssl.SSLCertVerificationError,
     N_("the mail server's certificate is not trusted, or is not for its name")),
    (ssl.SSLError, N_("the TLS connection to the mail server failed")),
    (socket.gaierror, N_("the mail server's name was not found")),
    (ConnectionRefusedError, N_("nothing answers at the mail server's address and port")),
    (UnicodeError | ValueError,
     N_("this address cannot be written to (a character the letter cannot carry)")),
)  # fmt: skip
"""Everything else that goes wrong, first match, in plain words."""


def why(exc: BaseException) -> str:
    """What went wrong, in plain words for the director: the server's own words are never
    shown (whatever answers on a port may say anything), only its reply code.

    >>> why(smtplib.SMTPAuthenticationError(535, b"5.7.8 nope, user ann"))
    'the mail server refused the login (code 535)'
    >>> why(smtplib.SMTPConnectError(-1, b"SSH-2.0-OpenSSH_9.6"))
    'what answers at that address is not a mail server'
    """
    context = exc.__cause__ or exc.__context__
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = sorted({code for code, _ in exc.recipients.values()})
        return N_("the mail server refused the address") + _code(codes[0] if codes else 0)
    if isinstance(exc, smtplib.SMTPConnectError | smtplib.SMTPHeloError):
        if 200 <= exc.smtp_code <= 599:
            return N_("the mail server refused the connection") + _code(exc.smtp_code)
        return N_("what answers at that address is not a mail server")
    if isinstance(exc, smtplib.SMTPResponseException):
        said = next(text for kind, text in _REFUSED if isinstance(exc, kind))
        return said + _code(exc.smtp_code)
    if isinstance(exc, smtplib.SMTPServerDisconnected) and isinstance(context, OSError):
        return why(context)
    return next((text for kind, text in _PLAIN if isinstance(exc, kind)),
                N_("the connection to the mail server failed"))  # fmt: skip
