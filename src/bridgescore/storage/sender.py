"""The outbox's sender: a thread that hands the queued letters to the club's SMTP server.

It never blocks the web server's event loop (it is a thread of its own, and a separate process
may run one too: ``bridgescore`` servers with several workers run one each, and the claims
keep every letter to one sender at a time). Each round it first recovers the letters of a
sender that stopped (:meth:`~bridgescore.storage.outbox.OutboxStore.recover`), then claims
due letters, one club's at a time, and sends them over one connection with the standard
library's :mod:`smtplib`; every step is committed before the next one.

What a restart gives: a sender stopped with :meth:`Sender.stop` finishes the letter it is
handing over, puts the ones it claimed back, and is done; nothing is lost or sent twice. A
sender killed outright leaves at most the one letter it was handing over ``unknown`` (the
server may have taken it: it is reported, never sent again by itself); every other letter it
held goes back to the queue when its lease runs out and is sent once.

A reply of 4xx, a connection that fails or drops, or a refused login is a temporary failure:
the letter is tried again after :class:`~bridgescore.club.mail.Retry`'s wait, and fails for good
past its tries. A 5xx to the sender, a recipient or the message fails that letter at once.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
import ssl
import threading
from email.message import EmailMessage
from email.utils import formataddr, formatdate

from bridgescore.club.mail import MailError, Retry, SmtpSettings, is_temporary
from bridgescore.storage.outbox import Claimed, OutboxStore
from bridgescore.storage.store import utcnow

__all__ = ["Sender", "message_of"]

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
    message["To"] = formataddr((letter.names, letter.to))
    message["Subject"] = letter.subject
    message["Date"] = formatdate(usegmt=True)
    message["Message-ID"] = letter.message_id
    message.set_content(letter.text)
    message.add_alternative(letter.html, subtype="html")
    return message


class Sender:
    """A thread sending the outbox's letters: :meth:`start`, :meth:`wake` when letters are
    queued, :meth:`stop`. :meth:`run_once` does one round in the caller's thread.

    ``poll``: seconds between rounds when nothing wakes it; ``lease``: how long a claim holds
    (longer than a letter takes); ``timeout``: the SMTP connection's; ``context``: the TLS
    context (default: the system's trusted certificates, the host name checked).
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
    ) -> None:
        self.outbox = outbox
        self.retry = retry or Retry()
        self.poll = poll
        self.lease = lease
        self.timeout = timeout
        self.context = context
        self.name = f"sender-{secrets.token_hex(6)}"
        """This sender's name in the claims it makes."""
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

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
        """Ask the thread to stop after the letter being handed over (without waiting)."""
        self._stopping.set()
        self._wake.set()

    def stop(self, timeout: float = 60.0) -> None:
        """Stop after the letter being handed over, putting the others claimed back."""
        self.finish()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _loop(self) -> None:
        while not self._stopping.is_set():
            try:
                self.run_once()
            except Exception:  # a database or a bug: logged, and tried again next round
                log.exception("the outbox's sender failed a round")
            self._wake.wait(self.poll)
            self._wake.clear()

    def run_once(self) -> int:
        """One round: recover lapsed claims, then send every letter due; how many were tried."""
        if not self.outbox.pending():
            return 0
        self.outbox.recover(utcnow())
        tried = 0
        while not self._stopping.is_set():
            claimed = self.outbox.claim(self.name, utcnow(), self.lease)
            if not claimed:
                break
            tried += self._send(claimed)
        return tried

    def _send(self, claimed: list[Claimed]) -> int:
        """Send one club's letters over one connection; how many were tried."""
        try:
            settings = self.outbox.smtp(claimed[0].club_id)
        except MailError as exc:  # its password was sealed with another key
            self._fail_all(claimed, str(exc), temporary=True)
            return len(claimed)
        if settings is None:
            self._fail_all(claimed, "the club has no SMTP settings", temporary=True)
            return len(claimed)
        try:
            connection = self._connect(settings)
        except OSError as exc:
            self._fail_all(claimed, _why(exc), temporary=_temporary(exc))
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
                    connection.send_message(message_of(letter, settings.sender))
                except OSError as exc:  # smtplib's errors are OSErrors too
                    self._failed(letter, _why(exc), temporary=_temporary(exc))
                    if _lost(exc):
                        self.outbox.release([c.id for c in claimed[i + 1 :]], self.name)
                        break  # the connection is gone: the rest next round
                    continue
                self.outbox.sent(letter.id, self.name, utcnow())
        return tried

    def _connect(self, settings: SmtpSettings) -> smtplib.SMTP:
        context = self.context or ssl.create_default_context()
        connection: smtplib.SMTP
        if settings.security == "tls":
            connection = smtplib.SMTP_SSL(settings.host, settings.port, timeout=self.timeout,
                                          context=context)  # fmt: skip
        else:
            connection = smtplib.SMTP(settings.host, settings.port, timeout=self.timeout)
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

    def _failed(self, letter: Claimed, why: str, *, temporary: bool) -> None:
        log.warning("letter %s to the club %s: %s", letter.message_id, letter.club_id, why)
        if temporary:
            self.outbox.retry(letter.id, self.name, utcnow(), why, self.retry)
        else:
            self.outbox.failed(letter.id, self.name, why)

    def _fail_all(self, claimed: list[Claimed], why: str, *, temporary: bool) -> None:
        for letter in claimed:
            self._failed(letter, why, temporary=temporary)


def _temporary(exc: BaseException) -> bool:
    """Whether a failure may pass: a 4xx, a lost connection, a refused login (the club may
    fix its settings); a 5xx to the message or its addresses is for good."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(is_temporary(code) for code, _ in exc.recipients.values())
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return True
    if isinstance(exc, smtplib.SMTPResponseException):
        return is_temporary(exc.smtp_code)
    return True


def _lost(exc: BaseException) -> bool:
    """Whether the connection is gone (not a reply the server gave on it)."""
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        return True
    return not isinstance(exc, smtplib.SMTPResponseException | smtplib.SMTPRecipientsRefused)


def _why(exc: BaseException) -> str:
    """The failure as the report shows it: the server's code and words (never a password)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return "; ".join(f"{addr}: {code} {_text(msg)}" for addr, (code, msg)
                         in exc.recipients.items())  # fmt: skip
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{exc.smtp_code} {_text(exc.smtp_error)}"
    return f"{type(exc).__name__}: {exc}"


def _text(words: bytes | str) -> str:
    return words.decode("utf-8", "replace") if isinstance(words, bytes) else str(words)
