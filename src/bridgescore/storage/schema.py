"""The database schema: a ``games`` table and its ``deals``, kept up to date by Alembic.

The tables are declared here for queries and for Alembic's checks; the database itself is
created and upgraded only by the migrations in ``migrations/versions``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Connection,
    DateTime,
    Dialect,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    inspect,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, MappedColumn, mapped_column

from bridgescore.inputs import LONGEST_NAME

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "HEAD_REVISION",
    "MIGRATIONS",
    "AnonymousGameRow",
    "Base",
    "ClubGameRow",
    "ClubLadderRow",
    "ClubRow",
    "DealRow",
    "DealSeedRow",
    "DealWorkRow",
    "DirectorRow",
    "EventResultRow",
    "EventRow",
    "GameRow",
    "LiveResultRow",
    "LoginRow",
    "MailingRow",
    "OutboxRow",
    "ResultChangeRow",
    "RosterRow",
    "SmtpRow",
    "TableTokenRow",
    "UTCDateTime",
    "alembic_config",
    "current_revision",
]

MIGRATIONS: Final = Path(__file__).resolve().with_name("migrations")
"""The Alembic script directory, shipped inside the package."""

HEAD_REVISION: Final = "0021_language"
"""The newest migration (a test checks it against the scripts): a database already there is
opened without loading Alembic."""

NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend (SQLite keeps it as naive UTC text)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a naive datetime cannot be stored: {value!r}; give a UTC time")
        value = value.astimezone(UTC)
        return value if dialect.name == "postgresql" else value.replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _game_id(*, primary_key: bool = False, index: bool | None = None) -> MappedColumn[str]:
    """The column of a row that belongs to a game (``games.id``) and goes with it."""
    return mapped_column(String(64), ForeignKey("games.id", ondelete="CASCADE"),
                         primary_key=primary_key, index=index)  # fmt: skip


class Base(DeclarativeBase):
    """The declarative base of the storage tables."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class GameRow(Base):
    """One game: its settings; its deals are rows of :class:`DealRow`."""

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint("kind IN ('rubber', 'chicago', 'session', 'teams')", name="kind"),
        CheckConstraint("version >= 1", name="version"),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(Text)
    """The rules as JSON (``RubberRules.to_dict()`` or ``ChicagoRules.to_dict()``)."""
    settings: Mapped[str] = mapped_column(Text)
    """Other settings as JSON: ``{"first_dealer": "N"}`` for a Chicago, ``{}`` for a rubber."""
    names: Mapped[str] = mapped_column(Text)
    """The sides' names as JSON: ``{"we": ..., "they": ...}`` or ``{"ns": ..., "ew": ...}``."""
    ended: Mapped[bool] = mapped_column(Boolean)
    """Whether a rubber was stopped early (always false for a Chicago)."""
    version: Mapped[int] = mapped_column(Integer)
    """1 when created, one more on every change."""
    token_hash: Mapped[str] = mapped_column(String(64))
    """The SHA-256 of the edit token, in hex; the token itself is never stored."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    """When the director last closed a live evening (NULL while open): its correction
    period runs from here."""


class DealRow(Base):
    """One deal of a game, in canonical notation."""

    __tablename__ = "deals"
    __table_args__ = (
        CheckConstraint("seq >= 1", name="seq"),
        CheckConstraint("tricks BETWEEN 0 AND 13", name="tricks"),
    )

    game_id: Mapped[str] = _game_id(primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    """The deal's place in the game, from 1."""
    contract: Mapped[str] = mapped_column(String(8))
    """``str(contract)``: ``4HX``, ``3NT``, ``Pass``."""
    declarer: Mapped[str | None] = mapped_column(String(4))
    """``we``/``they`` for a rubber, ``N``/``E``/``S``/``W`` for a Chicago; NULL for a pass-out."""
    tricks: Mapped[int] = mapped_column(Integer)
    honors_by: Mapped[str | None] = mapped_column(String(4))
    """``we``/``they`` or ``NS``/``EW``; NULL if nobody claimed honors."""
    honors: Mapped[int] = mapped_column(Integer)


class TableTokenRow(Base):
    """The SHA-256 of one table's token in a live session."""

    __tablename__ = "table_tokens"

    game_id: Mapped[str] = _game_id(primary_key=True)
    table: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    token_hash: Mapped[str] = mapped_column(String(64))


class LiveResultRow(Base):
    """One result of a live session, as a table (or the director) entered it."""

    __tablename__ = "live_results"
    __table_args__ = (UniqueConstraint("game_id", "table", "round", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = _game_id()
    round: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    """The table: a pairs evening's, in the movement; on a team night match *m*'s open room is
    table 2m - 1 and its closed room 2m (in Swiss pairs, one room: table m)."""
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(16))
    """The NS pair's label in the movement (``NS 3``, or ``3`` in a Howell)."""
    ew: Mapped[str] = mapped_column(String(16))
    contract: Mapped[str | None] = mapped_column(String(8))
    """``str(contract)``, ``Pass``; NULL for an artificial score."""
    declarer: Mapped[str | None] = mapped_column(String(1))
    tricks: Mapped[int | None] = mapped_column(Integer)
    lead: Mapped[str | None] = mapped_column(String(4))
    """The opening lead (``SK``, ``H7``), if entered."""
    artificial: Mapped[str | None] = mapped_column(String(8))
    """An artificial score (``A+/A-``) instead of a result."""
    weighted: Mapped[str | None] = mapped_column(Text)
    """A weighted score's text (``50% 4SN=, 50% 4SN-1``, Law 12C1(c)) instead of a result."""
    split: Mapped[str | None] = mapped_column(String(40))
    """A split score (Law 12C1(b)): NS's result and EW's, separated by a space."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ConflictRow(Base):
    """A table's entry the session could not take (the board holds another result, or the
    session was closed), kept for the director to settle."""

    __tablename__ = "live_conflicts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = _game_id(index=True)
    table: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    entry: Mapped[str] = mapped_column(Text)
    """The refused entry, as JSON (``TableEntry.to_dict``)."""
    reason: Mapped[str] = mapped_column(String(16))
    """``different`` (the board holds another result) or ``closed`` (a correction request)."""
    result_id: Mapped[int | None] = mapped_column(Integer)
    """The stored result it disagrees with, if any."""
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    settled: Mapped[str | None] = mapped_column(String(16))
    """NULL while open; ``stored`` or ``entry``: what the director kept."""


class ResultChangeRow(Base):
    """One change to a live result: who, when, and the old and new values as JSON."""

    __tablename__ = "result_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = _game_id(index=True)
    result_id: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    who: Mapped[str] = mapped_column(String(32))
    """``director``, ``table 3``, or ``table 3 via Bridgemate`` (a handset through BCS)."""
    action: Mapped[str] = mapped_column(String(8))
    """``add``, ``edit`` or ``delete``."""
    old: Mapped[str | None] = mapped_column(Text)
    new: Mapped[str | None] = mapped_column(Text)


class ClubRow(Base):
    """A club: its name, national body and number, and the key its evenings' tokens come from."""

    __tablename__ = "clubs"
    __table_args__ = (UniqueConstraint("body", "number"),)

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(LONGEST_NAME))
    number: Mapped[str] = mapped_column(String(20))
    body: Mapped[str] = mapped_column(String(8))
    key: Mapped[str] = mapped_column(String(64))
    """A random key (hex): a club evening's edit token is derived from it and the session's
    id, so the club's directors have it again from any device."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    players: Mapped[str] = mapped_column(String(8), server_default="names")
    """How its public pages show players: ``names`` or ``numbers``."""
    correction_hours: Mapped[int] = mapped_column(Integer, server_default="24")
    """Its correction period, in hours after an evening is closed."""
    masterpoints: Mapped[str] = mapped_column(String(32), server_default="")
    """The masterpoint scheme of its live evenings (``abf``, ``ebu:1.5``); empty for none."""
    language: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Its default language (``fr``), a code of :data:`bridgescore.inputs.LANGUAGE_CODES`;
    None: none (its pages fall back to English)."""


class ClubGameRow(Base):
    """A game a club owns (a club evening); a game without a row here is nobody's club's."""

    __tablename__ = "club_games"

    game_id: Mapped[str] = _game_id(primary_key=True)
    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )


class DirectorRow(Base):
    """A director of a club: an email (unique on the server) and a password's hash."""

    __tablename__ = "directors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(Text)
    """Argon2id, in its PHC string form; the password itself is never stored."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LoginRow(Base):
    """A director's login: the SHA-256 of its bearer token (the page's cookie holds it too)."""

    __tablename__ = "logins"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    director_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("directors.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RosterRow(Base):
    """A player of a club's roster."""

    __tablename__ = "roster"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(LONGEST_NAME))
    number: Mapped[str | None] = mapped_column(String(20))
    """The national ID number; NULL for a visitor without one (or a player erased)."""
    email: Mapped[str | None] = mapped_column(String(254))
    public: Mapped[bool] = mapped_column(Boolean)
    """Whether the club's public pages may name the player."""
    visitor: Mapped[bool] = mapped_column(Boolean)
    erased: Mapped[bool] = mapped_column(Boolean)
    """Erased on request: the name is gone, the results stay."""


class EventRow(Base):
    """An event: a pairs event (:class:`~bridgescore.events.pairs.PairsEvent`) or a team one
    (:class:`~bridgescore.events.Event`), as JSON."""

    __tablename__ = "events"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    definition: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    version: Mapped[int] = mapped_column(Integer, server_default="1")
    """Counts the event's changes (a team event's rounds drawn, swaps, results)."""


class ClubLadderRow(Base):
    """A ladder of a club's season (:class:`~bridgescore.events.season.Ladder`), as JSON."""

    __tablename__ = "ladders"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), index=True
    )
    definition: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class EventResultRow(Base):
    """One board's result at one table of a team event (round, match, room), as kept before
    a team night was a live night: :func:`~bridgescore.storage.nights.adopt` moves an event's
    rows into ``live_results`` the first time it is read."""

    __tablename__ = "event_results"
    __table_args__ = (UniqueConstraint("event_id", "round", "match", "board", "room"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(64), ForeignKey("events.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    match: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    room: Mapped[str] = mapped_column(String(8))
    """``open`` or ``closed``."""
    result: Mapped[str] = mapped_column(String(40))
    """The result's notation (``4HXS-2``, ``Pass``) or an artificial score (``A+/A-``)."""
    who: Mapped[str] = mapped_column(String(40))
    """``director`` or the table (``round 1, match 2, open room``)."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DealSeedRow(Base):
    """The secret seed a live session's deals were dealt from, and its commitment (the seed's
    SHA-256, shown before play); the seed is published once the session is closed."""

    __tablename__ = "deal_seeds"

    game_id: Mapped[str] = _game_id(primary_key=True)
    seed: Mapped[str] = mapped_column(String(128))
    """In hex."""
    commitment: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DealWorkRow(Base):
    """A board whose double-dummy table is still to be solved (the worker's queue: a row is
    written with the deal, and deleted once its table is stored)."""

    __tablename__ = "dd_work"

    game_id: Mapped[str] = _game_id(primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    deal: Mapped[str] = mapped_column(String(80))
    """The deal to solve, in PBN (``N:...``)."""
    queued_at: Mapped[datetime] = mapped_column(UTCDateTime)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """When a worker took it (NULL: waiting); a claim older than a minute is taken again."""


class SmtpRow(Base):
    """A club's outgoing mail server (:class:`bridgescore.club.mail.SmtpSettings`)."""

    __tablename__ = "smtp_settings"

    club_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    host: Mapped[str] = mapped_column(String(253))
    port: Mapped[int] = mapped_column(Integer)
    security: Mapped[str] = mapped_column(String(8))
    """``starttls``, ``tls`` or ``none``."""
    sender: Mapped[str] = mapped_column(String(254))
    username: Mapped[str | None] = mapped_column(String(254))
    password: Mapped[str | None] = mapped_column(String(254))
    """The login's password: the sender needs it as typed; never shown back or logged."""
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class MailingRow(Base):
    """A director's request to email an evening's players: its letters are rows of
    :class:`OutboxRow`, written in the same transaction."""

    __tablename__ = "mailings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = _game_id(index=True)
    club_id: Mapped[str] = mapped_column(String(64), ForeignKey("clubs.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    """The session's version the letters were written from."""
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    requested_by: Mapped[str] = mapped_column(String(254))
    """The director's email (or ``director``: the session's edit token)."""


class OutboxRow(Base):
    """One letter in the outbox, and how its sending went."""

    __tablename__ = "outbox"
    __table_args__ = (
        CheckConstraint(
            "state IN ('queued', 'claimed', 'handing', 'sent', 'failed', 'unknown')",
            name="state",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    mailing_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("mailings.id", ondelete="CASCADE"), index=True
    )
    club_id: Mapped[str] = mapped_column(String(64))
    recipient: Mapped[str] = mapped_column(String(254))
    pair: Mapped[str] = mapped_column(String(120))
    players: Mapped[str] = mapped_column(Text)
    """The players the letter is to, as JSON (``Player.to_dict`` each)."""
    subject: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    html: Mapped[str] = mapped_column(Text)
    message_id: Mapped[str] = mapped_column(String(255), unique=True)
    """The letter's Message-ID header, made when it is queued: every try sends the same."""
    state: Mapped[str] = mapped_column(String(8), index=True)
    """``queued``, ``claimed`` (a sender has it), ``handing`` (being handed to the server),
    ``sent``, ``failed`` (refused for good, or too many tries) or ``unknown`` (a sender
    stopped while handing it over: it may have been delivered; never sent again by itself)."""
    tries: Mapped[int] = mapped_column(Integer)
    next_at: Mapped[datetime] = mapped_column(UTCDateTime)
    """When it may be tried (again)."""
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime)
    """Until when the sender that claimed it has it."""
    worker: Mapped[str | None] = mapped_column(String(64))
    """The sender that claimed it."""
    error: Mapped[str | None] = mapped_column(Text)
    """The last failure, as the server said it."""
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class AnonymousGameRow(Base):
    """A game made without a club (an uploaded file, a session started by hand): who made
    it, how many bytes it stores and when, so that anonymous storage is bounded per address
    and in all, and expires (:mod:`bridgescore.storage.anonymous`)."""

    __tablename__ = "anonymous_games"

    game_id: Mapped[str] = _game_id(primary_key=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    bytes: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class ServerSecretRow(Base):
    """A secret of the server itself, made once and kept (the key that signs the directors'
    login cookies: a restart keeps them logged in, and every worker signs alike)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


def alembic_config(connection: Connection) -> Config:
    """An Alembic configuration that migrates the database of ``connection``.

    The migrations run inside the connection's transaction if it has one:
    ``alembic.command.upgrade(alembic_config(conn), "head")``.
    """
    from alembic.config import Config  # Alembic is loaded only when a schema must change

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


def current_revision(connection: Connection) -> str | None:
    """The Alembic revision of the database; None for a database Alembic has not touched."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    revisions = connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
    return ",".join(sorted(revisions)) or None
