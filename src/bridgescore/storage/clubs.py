"""Clubs on a shared server: their directors and logins, their roster, their evenings.

Passwords are hashed with Argon2id (argon2-cffi, its recommended parameters); a login is a
random bearer token of which only the SHA-256 is kept. A wrong password and an unknown email
take the same time (an unknown email is checked against a hash of no password) and give the
same :class:`~bridgescore.club.LoginError`. Everything a club owns names it (``club_id``), and
every read or change here is of one club's: another club's row is not found.

>>> with Store("sqlite://") as store:
...     clubs = ClubStore(store)
...     club = clubs.create_club("Acol BC", "1234", "EBU")
...     _ = clubs.add_director(club.id, "td@acol.example", "correct horse")
...     token = clubs.login("TD@acol.example", "correct horse")
...     director, nobody = clubs.director_of(token), clubs.director_of("nonsense")
>>> director.email, director.club_id == club.id, nobody
('td@acol.example', True, None)
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import cache
from time import monotonic
from typing import Any, Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import ColumnElement, Connection, Select, delete, insert, or_, select, update

from bridgescore.club import (
    Club,
    ClubError,
    ClubNotFoundError,
    Director,
    LoginError,
    PublicView,
    RosterEntry,
    check_email,
    check_language,
    check_masterpoints,
    check_password,
    erase_player,
    spec_text,
)
from bridgescore.duplicate.session import session_from_dict, session_to_dict
from bridgescore.players import Player
from bridgescore.storage.errors import ConstraintError
from bridgescore.storage.schema import (
    ClubGameRow,
    ClubRow,
    DirectorRow,
    EventRow,
    GameRow,
    LoginRow,
    RosterRow,
)
from bridgescore.storage.store import Store, announce, notice, utcnow
from bridgescore.storage.tokens import derived_token, hash_token

__all__ = ["ClubSession", "ClubStore", "StoredEvent", "club_heard", "club_notice", "club_row"]


class _Keep:
    """A setting left as it is."""


KEEP: Final = _Keep()


LOGIN_DAYS: Final = 30
"""How long a login lasts."""

_HASHER: Final = PasswordHasher()


@cache
def _nobody() -> str:
    """The hash an unknown email's password is checked against, as long to check as a real one
    (made at the first login, not when the module is imported)."""
    return _HASHER.hash("no password: an unknown email is checked against this")


@dataclass(frozen=True, slots=True)
class ClubSession:
    """One of a club's evenings, as its list shows it."""

    id: str
    event: str
    created_at: datetime
    closed: bool
    edit_token: str
    """The director's token (derived from the club's key): the director's page opens with it."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"id": self.id, "event": self.event, "created_at": self.created_at.isoformat(),
                "closed": self.closed}  # fmt: skip


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as stored: its id, club, kind and definition (``Event.to_dict``)."""

    id: str
    club_id: str
    """The club that owns it (and whose directors may change it)."""
    kind: str
    """``pairs`` (sessions ranked together: :class:`~bridgescore.events.pairs.PairsEvent`) or
    a team or Swiss event's kind (``swiss-teams``, ``round-robin``, ``knockout``,
    ``swiss-pairs``)."""
    definition: dict[str, Any]
    created_at: datetime


class ClubStore:
    """The clubs' side of a :class:`~bridgescore.storage.Store`."""

    LANGUAGE_SECONDS: Final = 300.0
    """How long a game's club language, once looked up, is answered from memory. This
    process's own change shows at once, and on PostgreSQL another process's too, once its
    notice arrives (:func:`club_notice`, :meth:`forget_languages`); this time bounds the rest
    (a change another process made on SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._languages: dict[str, tuple[float, str | None]] = {}
        """Per game looked up: when, and its club's default language (None: none)."""

    # -- clubs and directors ---------------------------------------------------------------

    def create_club(self, name: str, number: str, body: str) -> Club:
        """A new club.

        :raises ClubError: for a name, number or body that will not do, or a number its body
            has given another club here already.
        """
        club = Club(secrets.token_hex(8), name, number, body)
        with self.store.transaction(write=True) as conn:
            taken = conn.execute(
                select(ClubRow.id).where(ClubRow.body == club.body, ClubRow.number == club.number)
            ).first()
            if taken is not None:
                raise ClubError.coded("club_here", field="number", value=club.number,
                                      body=club.body, number=club.number)  # fmt: skip
            conn.execute(insert(ClubRow).values(
                id=club.id, name=club.name, number=club.number, body=club.body,
                key=secrets.token_hex(32), created_at=utcnow(), players=club.players,
                correction_hours=club.correction_hours))  # fmt: skip
        return club

    def club(self, ref: str) -> Club:
        """The club with this id, name or number.

        :raises ClubNotFoundError: if there is none, or the name or number is more than one's.
        """
        rows = self.store.rows(
            select(ClubRow).where(
                or_(ClubRow.id == ref, ClubRow.name == ref, ClubRow.number == ref)
            )
        )
        if len(rows) != 1:
            raise ClubNotFoundError.coded("club_ref_none" if not rows else "club_ref_many",
                                          field="club", value=ref, ref=ref,
                                          count=len(rows))  # fmt: skip
        return _club(rows[0])

    def club_numbered(self, body: str, number: str) -> Club:
        """The club its national body knows by this number (a results site's address).

        :raises ClubNotFoundError: if there is none.
        """
        with self.store.transaction() as conn:
            row = conn.execute(
                select(ClubRow).where(ClubRow.body == body.upper(), ClubRow.number == number)
            ).first()
        if row is None:
            raise ClubNotFoundError.coded("no_club_number", field="club", value=number,
                                          body=body.upper(), number=number)  # fmt: skip
        return _club(row)

    def set_public(self, club_id: str, players: str, correction_hours: int,
                   *, language: str | _Keep | None = KEEP) -> Club:  # fmt: skip
        """Change how the club's public pages show players (``names`` or ``numbers``), its
        correction period (hours after an evening is closed) and, if given, its default
        language (``None``: none).

        :raises ClubError: for a setting that will not do (the core's :class:`Club` checks).
        :raises ClubNotFoundError: if there is no such club.
        """
        with self.store.transaction(write=True) as conn:
            club = club_row(conn, club_id)
            club = replace(
                club,
                players=players,  # type: ignore[arg-type]
                correction_hours=correction_hours,
                language=club.language if isinstance(language, _Keep) else language,
            )
            conn.execute(update(ClubRow).where(ClubRow.id == club_id).values(
                players=club.players, correction_hours=club.correction_hours,
                language=club.language))  # fmt: skip
            announce(conn, club_notice(club_id))
        self._languages.clear()
        return club

    def game_language(self, game_id: str) -> str | None:
        """The default language of the club that owns a game (None: nobody's, or none set),
        for its pages and errors; kept :attr:`LANGUAGE_SECONDS` (see :meth:`known_language`).

        :raises ClubNotFoundError: if there is no such game.
        """
        with self.store.transaction() as conn:
            found = conn.execute(
                select(GameRow.id, ClubRow.language)
                .outerjoin(ClubGameRow, ClubGameRow.game_id == GameRow.id)
                .outerjoin(ClubRow, ClubRow.id == ClubGameRow.club_id)
                .where(GameRow.id == game_id)
            ).first()
        if found is None:
            raise ClubNotFoundError.coded("no_game", field="id", value=game_id, game=game_id)
        language: str | None = found.language
        if len(self._languages) >= 4096:  # bounded: the oldest lookups go first
            self._languages.clear()
        self._languages[game_id] = (monotonic(), language)
        return language

    def known_language(self, game_id: str) -> tuple[bool, str | None]:
        """Whether :meth:`game_language` looked the game up within :attr:`LANGUAGE_SECONDS`,
        and what it found (no database: a live evening's every request asks).

        >>> clubs = ClubStore.__new__(ClubStore)
        >>> clubs._languages = {"g1": (monotonic(), "fr")}
        >>> clubs.known_language("g1"), clubs.known_language("g2")
        ((True, 'fr'), (False, None))
        """
        found = self._languages.get(game_id)
        if found is None or monotonic() - found[0] > self.LANGUAGE_SECONDS:
            return False, None
        return True, found[1]

    def forget_languages(self) -> None:
        """Look every game's club language up again (a club's changed in another process)."""
        self._languages.clear()

    def set_masterpoints(self, club_id: str, text: str) -> Club:
        """Choose the masterpoint scheme of the club's live evenings (``abf``, ``ebu:1.5``;
        ``""`` for none): the core's :func:`~bridgescore.club.check_masterpoints` decides it
        inside the write, and the canonical text is stored.

        :raises ClubError: naming ``masterpoints``, for a setting the core refuses.
        :raises ClubNotFoundError: if there is no such club.
        """
        with self.store.transaction(write=True) as conn:
            club = replace(club_row(conn, club_id), masterpoints=check_masterpoints(text))
            conn.execute(update(ClubRow).where(ClubRow.id == club_id).values(
                masterpoints=spec_text(club.masterpoints)))  # fmt: skip
        return club

    def set_language(self, club_id: str, code: str | None) -> Club:
        """Choose the club's default language (``fr``; ``None`` or ``""`` for none): the core's
        :func:`~bridgescore.club.check_language` decides it inside the write.

        :raises ClubError: naming ``language``, for a code that is not one of ours.
        :raises ClubNotFoundError: if there is no such club.
        """
        with self.store.transaction(write=True) as conn:
            club = replace(club_row(conn, club_id), language=check_language(code))
            conn.execute(update(ClubRow).where(ClubRow.id == club_id).values(
                language=club.language))  # fmt: skip
            announce(conn, club_notice(club_id))
        self._languages.clear()
        return club

    def key(self, club_id: str) -> str:
        """The club's key (its evenings' edit tokens are derived from it)."""
        with self.store.transaction() as conn:
            found = conn.execute(select(ClubRow.key).where(ClubRow.id == club_id)).scalar()
        if found is None:
            raise ClubNotFoundError.coded("no_club", field="club", value=club_id, club=club_id)
        return found

    def add_director(self, club_id: str, email: str, password: str) -> Director:
        """A new director of the club.

        :raises ClubError: for an email already a director's here, or a short password.
        """
        email = check_email(email)
        hashed = _HASHER.hash(check_password(password))
        self.club(club_id)
        try:
            with self.store.transaction(write=True) as conn:
                key = conn.execute(insert(DirectorRow).values(
                    club_id=club_id, email=email, password_hash=hashed,
                    created_at=utcnow())).inserted_primary_key  # fmt: skip
        except ConstraintError:
            raise ClubError.coded("director_here", field="email", value=email,
                                  email=email) from None  # fmt: skip
        assert key is not None
        return Director(int(key[0]), club_id, email)

    def directors(self, club_id: str) -> list[Director]:
        """The club's directors, by email."""
        rows = self.store.rows(
            select(DirectorRow.id, DirectorRow.email)
            .where(DirectorRow.club_id == club_id)
            .order_by(DirectorRow.email)
        )
        return [Director(r.id, club_id, r.email) for r in rows]

    def set_password(self, club_id: str, email: str, password: str) -> None:
        """Give a director of the club a new password; their logins end.

        :raises ClubNotFoundError: if the club has no director with this email.
        """
        email = check_email(email)
        hashed = _HASHER.hash(check_password(password))
        with self.store.transaction(write=True) as conn:
            found = conn.execute(
                select(DirectorRow.id).where(
                    DirectorRow.club_id == club_id, DirectorRow.email == email
                )
            ).scalar()
            if found is None:
                raise ClubNotFoundError.coded("no_director", field="email", value=email,
                                              email=email)  # fmt: skip
            conn.execute(
                update(DirectorRow).where(DirectorRow.id == found).values(password_hash=hashed)
            )
            conn.execute(delete(LoginRow).where(LoginRow.director_id == found))

    def login(self, email: str, password: str) -> str:
        """A new login's bearer token for the director with this email and password.

        :raises LoginError: if they do not match (an unknown email alike, in the same time).
        """
        try:
            email = check_email(email)
        except ClubError:
            email = ""
        with self.store.transaction() as conn:
            row = conn.execute(
                select(DirectorRow.id, DirectorRow.password_hash).where(DirectorRow.email == email)
            ).first()
        try:
            _HASHER.verify(_nobody() if row is None else row.password_hash, password)
            ok = row is not None
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or row is None:
            raise LoginError.coded("login_mismatch", field="password")
        token, now = secrets.token_urlsafe(32), utcnow()
        with self.store.transaction(write=True) as conn:
            conn.execute(insert(LoginRow).values(
                token_hash=hash_token(token), director_id=row.id, created_at=now,
                expires_at=now + timedelta(days=LOGIN_DAYS)))  # fmt: skip
        return token

    def logout(self, token: str) -> None:
        """End this login."""
        with self.store.transaction(write=True) as conn:
            conn.execute(delete(LoginRow).where(LoginRow.token_hash == hash_token(token)))

    def director_of(self, token: str) -> Director | None:
        """The director whose login this token is; None if it is none (or has expired)."""
        with self.store.transaction() as conn:
            row = conn.execute(
                select(DirectorRow.id, DirectorRow.club_id, DirectorRow.email)
                .join(LoginRow, LoginRow.director_id == DirectorRow.id)
                .where(LoginRow.token_hash == hash_token(token), LoginRow.expires_at > utcnow())
            ).first()
        return None if row is None else Director(row.id, row.club_id, row.email)

    # -- the club's evenings -----------------------------------------------------------------

    def owner(self, game_id: str) -> str | None:
        """The club that owns a game (None: none; a game's club never changes).

        :raises ClubNotFoundError: if there is no such game.
        """
        with self.store.transaction() as conn:
            found = conn.execute(
                select(GameRow.id, ClubGameRow.club_id)
                .outerjoin(ClubGameRow, ClubGameRow.game_id == GameRow.id)
                .where(GameRow.id == game_id)
            ).first()
        if found is None:
            raise ClubNotFoundError.coded("no_game", field="id", value=game_id, game=game_id)
        owner: str | None = found.club_id
        return owner

    def edit_token(self, game_id: str) -> str:
        """The edit token of a club's game, derived from its club's key (for its directors).

        :raises ClubNotFoundError: if no club owns the game.
        """
        owner = self.owner(game_id)
        if owner is None:
            raise ClubNotFoundError.coded("no_club_owns", field="id", value=game_id, game=game_id)
        return derived_token(self.key(owner), "edit", game_id)

    def sessions(self, club_id: str, limit: int = 200) -> list[ClubSession]:
        """The club's evenings, the newest first."""
        with self.store.transaction() as conn:
            key = conn.execute(select(ClubRow.key).where(ClubRow.id == club_id)).scalar()
            rows = conn.execute(
                select(GameRow.id, GameRow.settings, GameRow.created_at, GameRow.ended)
                .join(ClubGameRow, ClubGameRow.game_id == GameRow.id)
                .where(ClubGameRow.club_id == club_id, GameRow.kind == "session")
                .order_by(GameRow.created_at.desc(), GameRow.id)
                .limit(limit)
            ).all()
        assert key is not None or not rows
        return [
            ClubSession(
                r.id,
                json.loads(r.settings).get("event", ""),
                r.created_at,
                bool(r.ended),
                derived_token(key or "", "edit", r.id),
            )
            for r in rows
        ]

    # -- the roster ------------------------------------------------------------------------

    def roster(self, club_id: str) -> list[RosterEntry]:
        """The club's players (not those erased), by name."""
        rows = self.store.rows(_players(club_id).order_by(RosterRow.name, RosterRow.id))
        return [_entry(r) for r in rows]

    def public_view(self, club: Club) -> PublicView:
        """How the club's public pages show its players (its setting and its roster): the one
        view every public reader of its evenings and events gets."""
        rows = self.store.rows(
            select(RosterRow.name, RosterRow.number).where(
                RosterRow.club_id == club.id,
                RosterRow.public.is_(False),
                RosterRow.erased.is_(False),
            )
        )
        return PublicView(
            club.players,
            frozenset(r.number for r in rows if r.number),
            frozenset(r.name for r in rows if not r.number),
        )

    def roster_player(self, club_id: str, number: str) -> RosterEntry | None:
        """The club's player (not erased) of this national number, if any."""
        rows = self.store.rows(_players(club_id, RosterRow.number == number).limit(1))
        return _entry(rows[0]) if rows else None

    def private_numbers(self, club_id: str | None) -> frozenset[str]:
        """The numbers of the club's players whom public pages may not name."""
        if club_id is None:
            return frozenset()
        with self.store.transaction() as conn:
            found = conn.execute(
                select(RosterRow.number).where(
                    RosterRow.club_id == club_id,
                    RosterRow.public.is_(False),
                    RosterRow.number.is_not(None),
                )
            ).scalars()
            return frozenset(n for n in found if n)

    def add_player(self, club_id: str, entry: RosterEntry) -> RosterEntry:
        """Add a player to the club's roster (``entry.id`` is ignored).

        :raises ClubError: for a national number the roster has already.
        """
        with self.store.transaction(write=True) as conn:
            self._refuse_number(conn, club_id, entry.player.number, None)
            key = conn.execute(insert(RosterRow).values(
                club_id=club_id, erased=False, **_values(entry))).inserted_primary_key  # fmt: skip
        assert key is not None
        return RosterEntry(int(key[0]), entry.player, entry.email, entry.public, entry.visitor)

    def player(self, club_id: str, player_id: int) -> RosterEntry:
        """One of the club's players.

        :raises ClubNotFoundError: if the club's roster has no such player.
        """
        with self.store.transaction() as conn:
            return _entry(self._row(conn, club_id, player_id))

    def update_player(self, club_id: str, player_id: int, entry: RosterEntry) -> RosterEntry:
        """Change one of the club's players.

        :raises ClubNotFoundError: if the club's roster has no such player.
        :raises ClubError: for a national number another of the roster has.
        """
        with self.store.transaction(write=True) as conn:
            self._row(conn, club_id, player_id)
            self._refuse_number(conn, club_id, entry.player.number, player_id)
            conn.execute(update(RosterRow).where(RosterRow.id == player_id)
                         .values(**_values(entry)))  # fmt: skip
        return RosterEntry(player_id, entry.player, entry.email, entry.public, entry.visitor)

    def erase_player(self, club_id: str, player_id: int) -> int:
        """Erase a player on request: gone from the roster, and shown as
        :data:`~bridgescore.club.ANONYMOUS` in the club's sessions (their results stay; each
        session changed gets a new version, so its pages hear it); how many sessions changed.

        :raises ClubNotFoundError: if the club's roster has no such player.
        """
        changed = 0
        with self.store.transaction(write=True) as conn:
            row = self._row(conn, club_id, player_id)
            player = Player(row.name, row.number)
            conn.execute(update(RosterRow).where(RosterRow.id == player_id).values(
                name="", number=None, email=None, erased=True))  # fmt: skip
            games = conn.execute(
                select(GameRow.id, GameRow.settings, GameRow.version)
                .join(ClubGameRow, ClubGameRow.game_id == GameRow.id)
                .where(ClubGameRow.club_id == club_id, GameRow.kind == "session")
            ).all()
            for game in games:
                session = session_from_dict(json.loads(game.settings))
                erased = erase_player(session, player)
                if erased != session:
                    conn.execute(update(GameRow).where(GameRow.id == game.id).values(
                        settings=json.dumps(session_to_dict(erased)),
                        version=game.version + 1, updated_at=utcnow()))  # fmt: skip
                    announce(conn, notice(game.id, game.version + 1))
                    changed += 1
        return changed

    def _row(self, conn: Connection, club_id: str, player_id: int) -> Any:
        row = conn.execute(_players(club_id, RosterRow.id == player_id)).first()
        if row is None:
            raise ClubNotFoundError.coded("roster_no_player", field="player", value=player_id,
                                          player=player_id)  # fmt: skip
        return row

    def _refuse_number(
        self, conn: Connection, club_id: str, number: str | None, besides: int | None
    ) -> None:
        if number is None:
            return
        stmt = select(RosterRow.name).where(RosterRow.club_id == club_id,
                                            RosterRow.number == number)  # fmt: skip
        if besides is not None:
            stmt = stmt.where(RosterRow.id != besides)
        other = conn.execute(stmt).scalar()
        if other is not None:
            raise ClubError.coded("roster_number_taken", field="number", value=number,
                                  number=number, other=other)  # fmt: skip

    # -- events --------------------------------------------------------------------------------

    def create_event(self, club_id: str, kind: str, definition: dict[str, Any]) -> StoredEvent:
        """Store a new event of the club."""
        event_id, now = secrets.token_hex(12), utcnow()
        with self.store.transaction(write=True) as conn:
            conn.execute(insert(EventRow).values(
                id=event_id, club_id=club_id, kind=kind, definition=json.dumps(definition),
                created_at=now, updated_at=now))  # fmt: skip
        return StoredEvent(event_id, club_id, kind, definition, now)

    def event(self, event_id: str) -> StoredEvent:
        """The stored event.

        :raises ClubNotFoundError: if there is none.
        """
        with self.store.transaction() as conn:
            row = conn.execute(select(EventRow).where(EventRow.id == event_id)).first()
        if row is None:
            raise ClubNotFoundError.coded("no_event", field="id", value=event_id, event=event_id)
        return StoredEvent(row.id, row.club_id, row.kind, json.loads(row.definition),
                           row.created_at)  # fmt: skip

    def events(self, club_id: str) -> list[StoredEvent]:
        """The club's events, the newest first."""
        rows = self.store.rows(
            select(EventRow)
            .where(EventRow.club_id == club_id)
            .order_by(EventRow.created_at.desc(), EventRow.id)
        )
        return [StoredEvent(r.id, r.club_id, r.kind, json.loads(r.definition), r.created_at)
                for r in rows]  # fmt: skip

    def check_sessions(self, club_id: str, ids: list[str]) -> None:
        """Whether these sessions are all the club's: nothing if so.

        :raises ClubNotFoundError: for one that is not the club's.
        """
        rows = self.store.rows(
            select(ClubGameRow.game_id, ClubGameRow.club_id).where(ClubGameRow.game_id.in_(ids))
        )
        owners = {r.game_id: r.club_id for r in rows}
        for game_id in ids:
            if owners.get(game_id) != club_id:
                raise ClubNotFoundError.coded("club_no_session", field="sessions",
                                              value=game_id, game=game_id)  # fmt: skip


def _players(club_id: str, *where: ColumnElement[bool]) -> Select[Any]:
    """The club's players (not erased) that also match ``where``."""
    return select(RosterRow).where(RosterRow.club_id == club_id, RosterRow.erased.is_(False),
                                   *where)  # fmt: skip


def club_notice(club_id: str) -> str:
    """What a change of a club's settings is announced as on
    :data:`~bridgescore.storage.store.CHANNEL`: no version, so no game's notice
    (:func:`~bridgescore.storage.store.heard`).

    >>> club_notice("c1"), club_heard(club_notice("c1")), club_heard("g1 7")
    ('club:c1', 'c1', None)
    """
    return f"club:{club_id}"


def club_heard(payload: str) -> str | None:
    """The club a notice tells of a change of (:func:`club_notice`); None if it does not."""
    club_id = payload.removeprefix("club:")
    return club_id if club_id != payload else None


def club_row(conn: Connection, club_id: str) -> Club:
    """The club with this id, read in the caller's transaction.

    :raises ClubNotFoundError: if there is none.
    """
    row = conn.execute(select(ClubRow).where(ClubRow.id == club_id)).first()
    if row is None:
        raise ClubNotFoundError.coded("no_club", field="club", value=club_id, club=club_id)
    return _club(row)


def _club(row: Any) -> Club:
    return Club(row.id, row.name, row.number, row.body, row.players, row.correction_hours,
                check_masterpoints(row.masterpoints), row.language)  # fmt: skip


def _values(entry: RosterEntry) -> dict[str, Any]:
    return {"name": entry.player.name, "number": entry.player.number, "email": entry.email,
            "public": entry.public, "visitor": entry.visitor}  # fmt: skip


def _entry(row: Any) -> RosterEntry:
    return RosterEntry(row.id, Player(row.name, row.number), row.email, bool(row.public),
                       bool(row.visitor))  # fmt: skip
