"""Clubs, their directors and their roster: who may direct what, and how often one may try.

A :class:`Club` has a name, its national body's club number and the body (EBU, ACBL ...). Its
directors log in with an email and a password; a session or event created by one of them
belongs to the club, and :func:`check_directs` is the one rule of who may direct it: a
director of the club that owns it (a session started without a club is its edit token's
alone). The roster holds the club's players (:class:`RosterEntry`: a
:class:`~bridgescore.players.Player`, an optional email, whether public pages may name them).
:class:`Attempts` counts login attempts in a sliding window (per email, per client address).

>>> club = Club("c1", "Acol BC", "1234", "EBU")
>>> club.label
'Acol BC (EBU 1234)'
>>> check_directs("c1", "c1")
>>> check_directs("c2", "c1")
Traceback (most recent call last):
...
bridgescore.live.state.NotAllowedError: this belongs to another club: its directors direct it
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Final, Literal

from bridgescore.duplicate.session import Pair, Session
from bridgescore.errors import BridgeError
from bridgescore.events import Event
from bridgescore.inputs import LANGUAGE_CODES, check_name
from bridgescore.live import NotAllowedError
from bridgescore.masterpoints import MasterpointSpec, parse_spec
from bridgescore.players import Player, pair_names

__all__ = [
    "ANONYMOUS",
    "BODIES",
    "LONGEST_CORRECTION_HOURS",
    "NOT_NAMED",
    "Attempts",
    "Club",
    "ClubError",
    "ClubNotFoundError",
    "Director",
    "LoginError",
    "PlayersShown",
    "PublicView",
    "RosterEntry",
    "TooManyAttemptsError",
    "check_directs",
    "check_email",
    "check_language",
    "check_masterpoints",
    "check_password",
    "erase_player",
    "hide_private",
    "is_provisional",
    "provisional_until",
    "public_name",
    "spec_text",
]

BODIES: Final = ("EBU", "ACBL", "ABF", "NZB", "SBU", "WBU", "CBF", "DBV", "FFB", "FIGB", "NBB")
"""National bodies a club's number belongs to (a club of another gives ``OTHER``)."""

ANONYMOUS: Final = "Player erased"
"""The name a player erased on request is shown by (their results stay)."""

NOT_NAMED: Final = "Player not named"
"""The name public pages show a player by who may not be named and has no national number."""

PlayersShown = Literal["names", "numbers"]
"""How a club's public pages show its players: by name, or by national number only."""

LONGEST_CORRECTION_HOURS: Final = 24 * 30
"""The longest correction period a club may set (30 days)."""

_NUMBER: Final = re.compile(r"[A-Za-z0-9]{1,20}", re.ASCII)


class ClubError(BridgeError, ValueError):
    """A club, director or roster entry that cannot be made as given."""


class ClubNotFoundError(BridgeError, LookupError):
    """No club, director, player or event with that id (or not this club's)."""


class LoginError(BridgeError):
    """A login refused: the email and password do not match, or too many attempts."""

    def __init__(
        self, *args: Any, field: str | None = "password", value: object = None,
        retry_after: float = 0.0,
    ) -> None:  # fmt: skip
        super().__init__(*args, field=field, value=value)
        self.retry_after = retry_after
        """Seconds to wait before the next attempt (0: try again at once)."""


class TooManyAttemptsError(LoginError):
    """A login refused before its password is looked at: too many attempts in the window
    (:class:`Attempts`); :attr:`~LoginError.retry_after` says how long to wait."""


@dataclass(frozen=True, slots=True)
class Club:
    """A club: its name, its national body's club number, and the body."""

    id: str
    name: str
    number: str
    body: str
    players: PlayersShown = "names"
    """How its public pages show players: ``names``, or ``numbers`` (national numbers only)."""
    correction_hours: int = 24
    """The correction period: results are provisional for this long after an evening is
    closed (0: final at once)."""
    masterpoints: MasterpointSpec | None = None
    """The scheme (and weight) its live evenings are awarded masterpoints by; None: none."""
    language: str | None = None
    """Its default language (a code of :data:`~bridgescore.inputs.LANGUAGE_CODES`): its pages
    for a browser that asks for none of ours, its published site and its letters; None: none."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "language", check_language(self.language))
        if self.players not in ("names", "numbers"):
            raise ClubError.coded("club_players_shown", field="players", value=self.players,
                                  got=repr(self.players))  # fmt: skip
        hours = self.correction_hours
        if (
            isinstance(hours, bool)
            or not isinstance(hours, int)
            or not (0 <= hours <= LONGEST_CORRECTION_HOURS)
        ):
            raise ClubError.coded("correction_hours", field="correction_hours", value=hours,
                                  most=LONGEST_CORRECTION_HOURS, got=repr(hours))  # fmt: skip
        name = check_name(self.name.strip(), "name")
        if not name:
            raise ClubError.coded("club_name", field="name", value=self.name)
        if not _NUMBER.fullmatch(self.number):
            raise ClubError.coded("club_number", field="number", value=self.number,
                                  number=self.number)  # fmt: skip
        body = self.body.strip().upper()
        if body not in (*BODIES, "OTHER"):
            raise ClubError.coded("club_body", field="body", value=self.body, got=repr(self.body),
                                  bodies=", ".join(BODIES))  # fmt: skip
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "body", body)

    @property
    def label(self) -> str:
        """The club as a page or a PBN ``Site`` names it."""
        return f"{self.name} ({self.body} {self.number})"

    @property
    def correction_period(self) -> timedelta:
        """How long results stay provisional after an evening is closed."""
        return timedelta(hours=self.correction_hours)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"id": self.id, "name": self.name, "number": self.number, "body": self.body,
                "players": self.players, "correction_hours": self.correction_hours,
                "masterpoints": spec_text(self.masterpoints),
                "language": self.language}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Director:
    """A director of a club, as logged in."""

    id: int
    club_id: str
    email: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"id": self.id, "club_id": self.club_id, "email": self.email}


def check_email(text: str) -> str:
    """An email address, stripped and lower-cased (logins compare it so), as the maintained
    ``email-validator`` reads it (RFC 5321/5322, no DNS look-up): one address, no quoting,
    display name, comment, control or line-separating character; a domain with a dot that
    is not special-use (``.test`` is kept for examples and tests). An internationalised
    address (``josé@example.org``) is kept: it is sent where the club's server offers SMTPUTF8.

    >>> check_email(" Ann@Example.ORG ")
    'ann@example.org'
    >>> check_email("evil>,<x@b.test")
    Traceback (most recent call last):
    ...
    bridgescore.club.clubs.ClubError: not an email address: 'evil>,<x@b.test' (The display \
name contains invalid characters when not quoted: ',', '>'.)
    """
    from email_validator import EmailNotValidError, validate_email  # a base dependency

    email = text.strip()
    if len(email) > 254:
        raise ClubError.coded("email_long", field="email", value=text[:254], text=text[:254])
    try:
        found = validate_email(email, check_deliverability=False, test_environment=True,
                               allow_display_name=False, allow_quoted_local=False,
                               allow_domain_literal=False)  # fmt: skip
    except EmailNotValidError as exc:
        raise ClubError.coded("email_invalid", field="email", value=text[:254], text=text[:254],
                              why=str(exc)) from None  # fmt: skip
    return str(found.normalized).lower()


def check_password(text: str) -> str:
    """A new password: 10 to 200 characters (NIST SP 800-63B: length, no composition rules).

    >>> check_password("short")
    Traceback (most recent call last):
    ...
    bridgescore.club.clubs.ClubError: a password needs at least 10 characters, got 5
    """
    if len(text) < 10:
        raise ClubError.coded("password_short", field="password", count=len(text))
    if len(text) > 200:
        raise ClubError.coded("password_long", field="password")
    return text


def check_directs(director_club: str | None, owner: str | None) -> None:
    """Whether a director of ``director_club`` may direct what ``owner`` (a club's id, or
    None for a session started without a club) owns: nothing if so.

    :raises NotAllowedError: for another club's director, or anything without a club.
    """
    if director_club is None or owner != director_club:
        raise NotAllowedError.coded("another_club", field="club")


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """A player of the club's roster: who (name and national number), how to reach them, and
    whether the club's public pages may name them (else they show as their number, or
    ``Player`` and a number)."""

    id: int
    player: Player
    email: str | None = None
    public: bool = True
    visitor: bool = False
    """Added on the fly for one evening (not a member)."""

    def __post_init__(self) -> None:
        if self.email is not None:
            object.__setattr__(self, "email", check_email(self.email))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the player's ``name`` and ``number`` with the roster's own fields."""
        return {"id": self.id, **self.player.to_dict(), "email": self.email,
                "public": self.public, "visitor": self.visitor}  # fmt: skip


def public_name(player: Player, private: frozenset[str]) -> Player:
    """The player as a public page shows them: a player whose number is in ``private`` (the
    roster's players who may not be named) by their number alone.

    >>> public_name(Player("Ann Smith", "77"), frozenset({"77"}))
    Player(name='Player 77', number='77')
    >>> public_name(Player("Bob"), frozenset({"77"}))
    Player(name='Bob', number=None)
    """
    return PublicView("names", private).player(player)


@dataclass(slots=True)
class Attempts:
    """Login attempts per key (an email, a client address) in a sliding window: at most
    ``most`` in ``window`` seconds. The caller passes the time (``time.monotonic()``).

    >>> a = Attempts(most=2, window=60)
    >>> a.check("ann", 0.0); a.check("ann", 1.0)
    >>> a.check("ann", 2.0)
    Traceback (most recent call last):
    ...
    bridgescore.club.clubs.TooManyAttemptsError: too many login attempts: try again in 58 s
    >>> a.check("ann", 61.0)  # the first has left the window
    """

    most: int = 10
    window: float = 300.0
    _seen: dict[str, deque[float]] = field(default_factory=dict)

    def check(self, key: str, now: float) -> None:
        """Count an attempt for ``key`` at ``now``.

        :raises TooManyAttemptsError: if ``key`` has had :attr:`most` attempts in the window
            already (this one is not counted).
        """
        self.refuse_if_full(key, now)
        self.record(key, now)

    def refuse_if_full(self, key: str, now: float) -> None:
        """Check ``key`` has not had :attr:`most` attempts in the window, counting nothing.

        :raises TooManyAttemptsError: if it has.
        """
        seen = self._seen.get(key)
        if seen is None:
            return
        while seen and seen[0] + self.window <= now:  # the same sum as the wait below
            seen.popleft()
        if len(seen) >= self.most:
            wait = seen[0] + self.window - now
            refused = TooManyAttemptsError.coded("login_attempts", field="password",
                                                 wait=f"{wait:.0f}")  # fmt: skip
            refused.retry_after = wait
            raise refused

    def record(self, key: str, now: float) -> None:
        """Count an attempt for ``key`` at ``now`` (a failed login)."""
        seen = self._seen.setdefault(key, deque())
        seen.append(now)
        if len(self._seen) > 100_000:  # a flood of keys: forget the idle ones
            for k in [k for k, q in self._seen.items() if not q or q[-1] + self.window <= now]:
                del self._seen[k]


def hide_private(session: Session, private: frozenset[str]) -> Session:
    """The session as public pages show it: the players whose numbers are in ``private``
    (the roster's players who may not be named) by their number (:func:`public_name`)."""
    if not private:
        return session
    return PublicView("names", private).session(session)


def erase_player(session: Session, player: Player) -> Session:
    """The session with ``player`` (by number, else by name) shown as :data:`ANONYMOUS`: a
    player erased on request; their pair's results stay.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Section
    >>> sec = Section.from_movement(mitchell(3, 2))
    >>> ann, bob = Player("Ann", "11"), Player("Bob", "12")
    >>> pairs = [replace(p, players=(ann, bob), names="Ann & Bob") if p.label == "NS 1" else p
    ...          for p in sec.pairs]
    >>> s = erase_player(Session((replace(sec, pairs=pairs),)), Player("Ann", "11"))
    >>> [p.names for p in s.sections[0].pairs if p.label == "NS 1"]
    ['Player erased & Bob']
    """

    def same(p: Player) -> bool:
        return p.number == player.number if player.number else p.name == player.name

    return _players_changed(session, lambda p: Player(ANONYMOUS) if same(p) else p)


def _players_changed(session: Session, change: Callable[[Player], Player]) -> Session:
    """The session with ``change`` made to every pair's players (and their names after)."""
    sections = []
    for sec in session.sections:
        pairs = []
        for pair in sec.pairs:
            players = tuple(change(p) for p in pair.players)
            if players != pair.players:
                pair = replace(pair, players=players, names=pair_names(players))
            pairs.append(pair)
        sections.append(replace(sec, pairs=tuple(pairs)))
    return replace(session, sections=tuple(sections))


def check_masterpoints(text: str) -> MasterpointSpec | None:
    """A club's masterpoint setting as typed: ``""`` (or ``none``) for none, else the core's
    :func:`~bridgescore.masterpoints.parse_spec` decides it (``abf``, ``ebu:1.5``).

    >>> check_masterpoints(" ") is None, spec_text(check_masterpoints("ABF:1.5"))
    (True, 'abf')
    >>> check_masterpoints("fifa")
    Traceback (most recent call last):
    ...
    bridgescore.errors.MasterpointError: masterpoints 'fifa': the scheme is abf, acbl or ebu

    :raises MasterpointError: naming the field ``masterpoints``, for a setting it refuses.
    """
    if isinstance(text, str) and text.strip().lower() in ("", "none"):
        return None
    return parse_spec(text)


def check_language(code: object) -> str | None:
    """A club's default language as sent: a code of
    :data:`~bridgescore.inputs.LANGUAGE_CODES` (``"fr"``), or ``None`` / ``""`` for none.

    >>> check_language(" FR "), check_language(""), check_language(None)
    ('fr', None, None)
    >>> check_language("xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bridgescore.club.clubs.ClubError: language 'xx': expected one of de, en, ... or none

    :raises ClubError: naming the field ``language``, for anything else.
    """
    if code is None or (isinstance(code, str) and not code.strip()):
        return None
    plain = code.strip().lower() if isinstance(code, str) and len(code) <= 16 else None
    if plain not in LANGUAGE_CODES:
        shown = code[:40] if isinstance(code, str) else code
        raise ClubError.coded("club_language", field="language", value=shown, language=shown,
                              languages=", ".join(sorted(LANGUAGE_CODES)))  # fmt: skip
    return plain


def spec_text(spec: MasterpointSpec | None) -> str:
    """The setting as stored and shown (``""`` for none); :func:`check_masterpoints` reads it
    back.

    >>> spec_text(None), spec_text(check_masterpoints("acbl"))
    ('', 'acbl')
    """
    return "" if spec is None else spec.text


def provisional_until(closed_at: datetime, period: timedelta) -> datetime:
    """When an evening's results stop being provisional: ``period`` (the club's correction
    period, :attr:`Club.correction_period`) after the director closed it. Uploads, emails
    and the results pages all ask this one function.

    >>> from datetime import UTC
    >>> closed = datetime(2026, 12, 1, 22, 30, tzinfo=UTC)
    >>> provisional_until(closed, timedelta(hours=24)).isoformat()
    '2026-12-02T22:30:00+00:00'
    """
    return closed_at + period


def is_provisional(closed_at: datetime, period: timedelta, now: datetime) -> bool:
    """Whether an evening closed at ``closed_at`` is still provisional at ``now``: the
    correction period has not ended (at its end the results are final).

    >>> from datetime import UTC
    >>> closed, day = datetime(2026, 12, 1, 22, 30, tzinfo=UTC), timedelta(hours=24)
    >>> is_provisional(closed, day, closed + timedelta(hours=23, minutes=59))
    True
    >>> is_provisional(closed, day, closed + day), is_provisional(closed, timedelta(0), closed)
    (False, False)
    """
    return now < provisional_until(closed_at, period)


@dataclass(frozen=True, slots=True)
class PublicView:
    """What a public reader may see of a club's players: the club's setting (by name, or by
    national number only) and the roster's players who may not be named (by number, else by
    name for one without a number). Every public page (and ``bridgescore publish``) shows
    players through this one rule.

    >>> view = PublicView("names", frozenset({"77"}))
    >>> view.player(Player("Ann Smith", "77")), view.player(Player("Bob", "12"))
    (Player(name='Player 77', number='77'), Player(name='Bob', number='12'))
    >>> numbers = PublicView("numbers")
    >>> numbers.player(Player("Bob", "12")), numbers.player(Player("Al"))
    (Player(name='Player 12', number='12'), Player(name='Player not named', number=None))
    """

    players: PlayersShown = "names"
    private: frozenset[str] = frozenset()
    """The national numbers of the roster's players who may not be named."""
    private_names: frozenset[str] = frozenset()
    """The names of the roster's players without a number who may not be named."""

    def named(self, player: Player) -> bool:
        """Whether public pages may show this player by name."""
        if self.players == "numbers":
            return False
        if player.number is not None:
            return player.number not in self.private
        return player.name not in self.private_names

    def player(self, player: Player) -> Player:
        """The player as a public page shows them: by name, or by number alone."""
        if self.named(player):
            return player
        return Player(f"Player {player.number}" if player.number else NOT_NAMED, player.number)

    def pair(self, pair: Pair) -> Pair:
        """The pair as public pages show it: its players through :meth:`player`; in a club
        showing numbers only, a pair named without its players shows no names."""
        if not pair.players:
            return pair if self.players == "names" else replace(pair, names="")
        players = tuple(self.player(p) for p in pair.players)
        if players == pair.players:
            return pair
        return replace(pair, players=players, names=pair_names(players))

    def event(self, event: Event) -> Event:
        """A team or Swiss event as public pages show it: each entrant's players through
        :meth:`player`."""
        entrants = tuple(
            replace(e, players=tuple(self.player(p) for p in e.players)) for e in event.entrants
        )
        return replace(event, entrants=entrants)

    def session(self, session: Session) -> Session:
        """The session as public pages show it: every pair through :meth:`pair`; an
        individual's players (named without a national number) by name only where
        :meth:`named` allows, else by number.

        >>> from bridgescore.duplicate.movement.individual import individual
        >>> from bridgescore.duplicate.session import Individual
        >>> one = Individual(individual(8, 1), {1: "Ann", 2: "Al"})
        >>> s = Session((one.section(),), individual=one)
        >>> PublicView("names", private_names=frozenset({"Al"})).session(s).individual.names
        {1: 'Ann'}
        >>> shown = PublicView("numbers").session(s)
        >>> shown.individual.names, shown.sections[0].pairs[0].names
        ({}, '8 & 1')
        """
        sections = tuple(
            replace(sec, pairs=tuple(self.pair(p) for p in sec.pairs)) for sec in session.sections
        )
        one = session.individual
        if one is not None and sections:  # its partnerships named again from what is shown
            one = replace(one, names={k: v for k, v in one.names.items() if self.named(Player(v))})
            named = {p.number: p.names for p in one.section(sections[0].name).pairs}
            first = sections[0]
            pairs = tuple(replace(p, names=named.get(p.number, "")) for p in first.pairs)
            sections = (replace(first, pairs=pairs), *sections[1:])
        return replace(session, sections=sections, individual=one)
