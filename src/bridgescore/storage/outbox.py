"""The outbox: a club's SMTP settings, the directors' mailings, and every letter's state.

A director's request to email an evening (a *mailing*) and all its letters are written in one
transaction, after the core's :func:`~bridgescore.club.mail.check_mailing` has read the session's
row (locked) inside it: the letters are queued only for a closed session at the version they
were written from, and only once unless asked ``again``. A letter then moves through states,
each change one committed write by the sender that holds it (:mod:`bridgescore.storage.sender`):

``queued`` -> ``claimed`` (a sender took it, with a lease) -> ``handing`` (committed just
before the server is given it) -> ``sent``; or back to ``queued`` with a later ``next_at``
(a temporary failure), or ``failed`` (refused for good, or out of tries).

A sender that stops (a crash, a kill) leaves its letters claimed or handing; when their lease
has run out, :meth:`OutboxStore.recover` puts a ``claimed`` one back in the queue (it never
reached the server) and marks a ``handing`` one ``unknown``: the server may have taken it, so
it is reported rather than sent twice (its Message-ID says which letter to look for).

>>> from bridgescore.club.mail import SmtpSettings
>>> with Store("sqlite://") as store:
...     outbox = OutboxStore(store)
...     club = ClubStore(store).create_club("Acol BC", "1234", "EBU")
...     outbox.set_smtp(club.id, SmtpSettings("localhost", 2525, "none", "td@acol.example"))
...     back = outbox.smtp(club.id)
>>> back.host, back.port, back.password
('localhost', 2525, None)
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import make_msgid
from typing import Any

from sqlalchemy import Connection, func, insert, select, update

from bridgescore.club import is_provisional
from bridgescore.club.mail import (
    Letter,
    MailError,
    MailingError,
    Retry,
    SmtpSettings,
    StaleLettersError,
    check_mailing,
)
from bridgescore.errors import N_
from bridgescore.live import DIRECTOR, Who, check_director
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.errors import GameNotFoundError
from bridgescore.storage.keys import MAIL_KEY_ENV, seal, unseal
from bridgescore.storage.schema import GameRow, MailingRow, OutboxRow, SmtpRow
from bridgescore.storage.store import Store, utcnow

__all__ = [
    "Claimed",
    "Mailing",
    "OutboxStore",
    "Outgoing",
]


@dataclass(frozen=True, slots=True)
class Mailing:
    """A director's request to email an evening: its id and how many letters it queued."""

    id: int
    queued: int
    """How many letters it queued: one for each player on the roster with an email
    (partners at one address: one); the others are listed, not written to."""


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A letter as the report shows it (without its text)."""

    id: int
    mailing_id: int
    """The mailing that queued it."""
    to: str
    """The address it goes to."""
    pair: str
    """The label of the pair whose scorecard it carries."""
    players: tuple[Player, ...]
    """The players it is written to (partners at one address get one letter)."""
    subject: str
    message_id: str
    """Its ``Message-ID``: the one to look for when a letter's fate is ``unknown``."""
    state: str
    """``queued``, ``claimed``, ``handing``, ``sent``, ``failed`` or ``unknown`` (see the
    module's docstring)."""
    tries: int
    """How many times a sender has tried it (sent, refused or failed for now)."""
    error: str | None
    """The last failure's message, if any."""
    next_at: datetime
    """When it may be tried next (queued after a temporary failure: later)."""
    sent_at: datetime | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"id": self.id, "mailing": self.mailing_id, "to": self.to, "pair": self.pair,
                "players": [p.to_dict() for p in self.players], "subject": self.subject,
                "message_id": self.message_id, "state": self.state, "tries": self.tries,
                "error": self.error, "next_at": self.next_at.isoformat(),
                "sent_at": None if self.sent_at is None else self.sent_at.isoformat()}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Claimed:
    """A letter a sender holds: everything it needs to send it."""

    id: int
    club_id: str
    to: str
    names: str
    subject: str
    text: str
    html: str
    message_id: str


class OutboxStore:
    """The mail side of a :class:`~bridgescore.storage.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- the club's settings ---------------------------------------------------------------

    def set_smtp(self, club_id: str, settings: SmtpSettings) -> None:
        """Keep the club's SMTP settings (replacing any)."""
        ClubStore(self.store).club(club_id)
        values = {"host": settings.host, "port": settings.port, "security": settings.security,
                  "sender": settings.sender, "username": settings.username,
                  "password": None if settings.password is None else seal(settings.password),
                  "updated_at": utcnow()}  # fmt: skip
        with self.store.transaction(write=True) as conn:
            changed = conn.execute(update(SmtpRow).where(SmtpRow.club_id == club_id)
                                   .values(**values)).rowcount  # fmt: skip
            if not changed:
                conn.execute(insert(SmtpRow).values(club_id=club_id, **values))

    def smtp(self, club_id: str) -> SmtpSettings | None:
        """The club's SMTP settings; None if it has none.

        :raises MailError: if its password was sealed with another mail key
            (:func:`~bridgescore.storage.keys.unseal`).
        """
        with self.store.transaction() as conn:
            return _smtp(conn, club_id)

    # -- a director's request --------------------------------------------------------------

    def queue(
        self,
        game_id: str,
        club_id: str,
        version: int,
        letters: Sequence[Letter],
        who: str,
        *,
        again: bool = False,
        by: Who = DIRECTOR,
    ) -> Mailing:
        """Queue the evening's ``letters`` (written from the session at ``version``) in one
        transaction with the director's request (``who``: the director's name, kept with it),
        if :func:`~bridgescore.club.mail.check_mailing` lets it and the request is the
        director's (``by``: the token's; a table is refused).

        :raises NotAllowedError: if ``by`` is a table.
        :raises MailingError: without SMTP settings (or with a password this server's mail key
            cannot read), or while the session is open.
        :raises AlreadySentError: if they were queued before and ``again`` is false.
        :raises StaleLettersError: if the session has changed since ``version``.
        :raises GameNotFoundError: if there is no such session.
        """
        now = utcnow()
        with self.store.transaction(write=True) as conn:
            check_director(by, "director_emails", "token")
            wanted = select(GameRow.version, GameRow.ended).where(GameRow.id == game_id)
            head = conn.execute(wanted.with_for_update()).first()
            if head is None:
                raise GameNotFoundError.coded("no_session_id", game=game_id)
            try:
                settings = _smtp(conn, club_id)
            except MailError as exc:  # a password this server cannot read: not now
                raise MailingError.coded("mailing_mail_error", field=exc.field, why=exc) from exc
            if settings is None:
                raise MailingError.coded("smtp_first", field="smtp")
            earlier = conn.execute(select(func.count()).select_from(MailingRow)
                                   .where(MailingRow.game_id == game_id)).scalar_one()  # fmt: skip
            check_mailing(closed=bool(head.ended), earlier=earlier, again=again)
            if head.version != version:
                raise StaleLettersError.coded("letters_stale", field="version", value=version,
                                              now=head.version, version=version)  # fmt: skip
            key = conn.execute(insert(MailingRow).values(
                game_id=game_id, club_id=club_id, version=version, requested_at=now,
                requested_by=who[:254])).inserted_primary_key  # fmt: skip
            assert key is not None
            domain = settings.sender.rpartition("@")[2]
            if letters:
                conn.execute(insert(OutboxRow), [
                    {"mailing_id": key[0], "club_id": club_id, "recipient": x.to,
                     "pair": x.pair, "players": json.dumps([p.to_dict() for p in x.players]),
                     "subject": x.subject, "text": x.text, "html": x.html,
                     "message_id": make_msgid("bridgescore", domain=domain), "state": "queued",
                     "tries": 0, "next_at": now, "created_at": now}
                    for x in letters
                ])  # fmt: skip
        return Mailing(int(key[0]), len(letters))

    def report(self, game_id: str) -> list[Outgoing]:
        """The session's letters, every mailing's, in the order queued."""
        with self.store.transaction() as conn:
            rows = conn.execute(
                select(OutboxRow)
                .join(MailingRow, MailingRow.id == OutboxRow.mailing_id)
                .where(MailingRow.game_id == game_id)
                .order_by(OutboxRow.id)
            ).all()
        return [Outgoing(r.id, r.mailing_id, r.recipient, r.pair,
                         tuple(Player.from_dict(p) for p in json.loads(r.players)), r.subject,
                         r.message_id, r.state, r.tries, r.error, r.next_at, r.sent_at)
                for r in rows]  # fmt: skip

    def provisional(self, game_id: str, period: timedelta) -> bool:
        """Whether the session's results are still provisional (:func:`bridgescore.club.
        is_provisional`): within ``period`` (its club's correction period) after its director
        last closed it (its last change, for an evening closed before that was kept).

        :raises GameNotFoundError: if there is no such session.
        """
        with self.store.transaction() as conn:
            row = conn.execute(
                select(GameRow.closed_at, GameRow.updated_at).where(GameRow.id == game_id)
            ).first()
        if row is None:
            raise GameNotFoundError.coded("no_session_id", game=game_id)
        return is_provisional(row.closed_at or row.updated_at, period, utcnow())

    # -- the sender's steps ----------------------------------------------------------------

    def pending(self) -> bool:
        """Whether any letter is queued or held by a sender (a read: a round with nothing to
        do writes nothing)."""
        with self.store.transaction() as conn:
            held = OutboxRow.state.in_(("queued", "claimed", "handing"))
            found = conn.execute(select(OutboxRow.id).where(held).limit(1)).first()
        return found is not None

    def recover(self, now: datetime) -> tuple[int, int]:
        """Letters whose sender's lease has run out: a ``claimed`` one back to the queue, a
        ``handing`` one ``unknown`` (the server may have it; never sent again by itself);
        how many of each."""
        lapsed = OutboxRow.lease_until < now
        with self.store.transaction(write=True) as conn:
            back = conn.execute(
                update(OutboxRow)
                .where(OutboxRow.state == "claimed", lapsed)
                .values(state="queued", worker=None, lease_until=None)
            ).rowcount
            unknown = conn.execute(
                update(OutboxRow)
                .where(OutboxRow.state == "handing", lapsed)
                .values(
                    state="unknown",
                    worker=None,
                    lease_until=None,
                    error=N_(
                        "the sender stopped while handing it to the server: it may have been "
                        "delivered (look for its Message-ID in the server's log)"
                    ),
                )
            ).rowcount
        return back, unknown  # fmt: skip

    def claim(
        self,
        worker: str,
        now: datetime,
        lease: float,
        most: int = 20,
        skip: Collection[str] = (),
    ) -> list[Claimed]:
        """Up to ``most`` letters due now, all of one club (none of the clubs in ``skip``,
        whose letters the worker is sending already), for ``worker`` until the lease runs out
        (another sender's are skipped: each letter has one sender at a time)."""
        wanted = [OutboxRow.state == "queued", OutboxRow.next_at <= now]
        if skip:
            wanted.append(OutboxRow.club_id.not_in(sorted(skip)))
        with self.store.transaction(write=True) as conn:
            due = conn.execute(
                select(OutboxRow.id, OutboxRow.club_id)
                .where(*wanted)
                .order_by(OutboxRow.next_at, OutboxRow.id)
                .limit(most)
                .with_for_update(skip_locked=True)
            ).all()
            if not due:
                return []
            ids = [r.id for r in due if r.club_id == due[0].club_id]
            conn.execute(update(OutboxRow)
                         .where(OutboxRow.id.in_(ids), OutboxRow.state == "queued")
                         .values(state="claimed", worker=worker,
                                 lease_until=now + timedelta(seconds=lease)))  # fmt: skip
            rows = conn.execute(
                select(OutboxRow).where(OutboxRow.id.in_(ids), OutboxRow.worker == worker,
                                        OutboxRow.state == "claimed").order_by(OutboxRow.id)
            ).all()  # fmt: skip
        return [Claimed(r.id, r.club_id, r.recipient,
                        " and ".join(p["name"] for p in json.loads(r.players)), r.subject,
                        r.text, r.html, r.message_id) for r in rows]  # fmt: skip

    def handing(self, letter_id: int, worker: str, now: datetime, lease: float) -> bool:
        """Mark a claimed letter as being handed to the server (committed before it is);
        False if ``worker`` no longer holds it."""
        return self._move(letter_id, worker, ("claimed",), state="handing",
                          lease_until=now + timedelta(seconds=lease))  # fmt: skip

    def release(self, letter_ids: Sequence[int], worker: str) -> None:
        """Put claimed letters back in the queue untried (the sender is stopping)."""
        with self.store.transaction(write=True) as conn:
            conn.execute(update(OutboxRow)
                         .where(OutboxRow.id.in_(letter_ids), OutboxRow.worker == worker,
                                OutboxRow.state == "claimed")
                         .values(state="queued", worker=None, lease_until=None))  # fmt: skip

    def sent(self, letter_id: int, worker: str, now: datetime) -> bool:
        """The server took the letter."""
        return self._move(letter_id, worker, ("handing",), state="sent", sent_at=now,
                          error=None, tries=OutboxRow.tries + 1)  # fmt: skip

    def failed(self, letter_id: int, worker: str, error: str) -> bool:
        """The server refused the letter for good."""
        return self._move(letter_id, worker, ("claimed", "handing"), state="failed",
                          error=error[:1000], tries=OutboxRow.tries + 1)  # fmt: skip

    def retry(self, letter_id: int, worker: str, now: datetime, error: str, policy: Retry) -> bool:
        """The try failed for now: queued again after the policy's wait, or ``failed`` once
        the policy gives up."""
        with self.store.transaction(write=True) as conn:
            tries = conn.execute(select(OutboxRow.tries).where(OutboxRow.id == letter_id)
                                 ).scalar_one() + 1  # fmt: skip
        if policy.gives_up(tries):
            return self.failed(letter_id, worker, f"gave up after {tries} tries: {error}")
        return self._move(letter_id, worker, ("claimed", "handing"), state="queued",
                          error=error[:1000], tries=tries, worker=None, lease_until=None,
                          next_at=now + timedelta(seconds=policy.wait(tries)))  # fmt: skip

    def _move(self, letter_id: int, holder: str, states: tuple[str, ...], **values: Any) -> bool:
        """Change a letter ``holder`` holds in one of ``states``; whether it did."""
        with self.store.transaction(write=True) as conn:
            values.setdefault("worker", holder)
            done = conn.execute(update(OutboxRow)
                                .where(OutboxRow.id == letter_id, OutboxRow.worker == holder,
                                       OutboxRow.state.in_(states))
                                .values(**values)).rowcount  # fmt: skip
        return bool(done)


def _smtp(conn: Connection, club_id: str) -> SmtpSettings | None:
    row = conn.execute(select(SmtpRow).where(SmtpRow.club_id == club_id)).first()
    if row is None:
        return None
    password = None if row.password is None else unseal(row.password)
    if row.password is not None and password is None:
        raise MailError.coded("smtp_password_key", field="password", env=MAIL_KEY_ENV)
    return SmtpSettings(row.host, row.port, row.security, row.sender, username=row.username,
                        password=password)  # fmt: skip
