"""What a club's public results site may show: its published evenings, each with its
players shown as the club allows, whether it is still provisional, and its corrections.

One rule, for the server's pages and ``bridgescore publish`` alike: a live evening is
published once its director has closed it (an uploaded session at once); its players are
shown through the club's :class:`~bridgescore.club.PublicView` (by name or by national
number only, the roster's players who may not be named by number alone); it is provisional
until :func:`~bridgescore.club.provisional_until` its closing time and the club's correction
period; and its audit trail is shown without the tables' own first entries (a change of a
result, a deletion, the director's entries, a substitute), each marked when it came after
the closing.

>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> from bridgescore.storage.store import utcnow
>>> with Store("sqlite://") as store:
...     clubs = ClubStore(store)
...     club = clubs.create_club("Acol BC", "1234", "EBU")
...     live = LiveStore(store)
...     game, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3,
...                          club=(club.id, clubs.key(club.id)))
...     site = ClubSite(clubs, live)
...     before = site.published(club, utcnow())
...     _ = live.close(game.id)
...     after = site.published(club, utcnow())
>>> before, len(after), after[0].provisional
([], 1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select

from bridgescore.club import Club, ClubNotFoundError, PublicView, is_provisional, provisional_until
from bridgescore.duplicate.session import Session
from bridgescore.live import TableEntry
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import Change, LiveStore
from bridgescore.storage.schema import ClubGameRow, GameRow
from bridgescore.storage.store import Store

__all__ = ["ClubSite", "Correction", "Published", "public_changes"]


@dataclass(frozen=True, slots=True)
class Correction:
    """A change of the audit trail as the public evening page shows it."""

    at: datetime
    who: str
    """``director`` or ``table 3``."""
    action: str
    """``add``, ``edit``, ``delete`` or ``players`` (a substitute)."""
    board: int | None
    before: str
    """The result (or players) before, in words ('' for an addition)."""
    after: str
    """The result (or players) after, in words ('' for a deletion)."""
    after_closing: bool
    """Made after the evening was closed (during or after its correction period)."""


@dataclass(frozen=True, slots=True)
class Published:
    """One of the club's evenings as a public reader may see it."""

    id: str
    session: Session
    """With its players shown as the club allows (:meth:`PublicView.session`)."""
    version: int
    created_at: datetime
    closed_at: datetime
    provisional_until: datetime
    provisional: bool
    corrections: tuple[Correction, ...]
    view: PublicView = field(default_factory=PublicView)
    """How its players are shown (scores kept for one view must not serve another)."""

    @property
    def date(self) -> str:
        """The evening's date: the session's own (``2026.12.01``), else the day it closed."""
        return self.session.date or self.closed_at.strftime("%Y.%m.%d")

    @property
    def title(self) -> str:
        """The evening's name, else its date."""
        return self.session.event or f"Evening of {self.date}"


def _words(data: dict[str, Any] | None, view: PublicView) -> str:
    if data is None:
        return ""
    if "players" in data:  # a substitute: the pair's players
        players = [view.player(Player.from_dict(p)).name for p in data["players"]]
        return f"pair {data.get('pair', '')}: {' & '.join(players)}"
    try:
        return TableEntry.from_dict(data).describe()
    except (ValueError, KeyError, TypeError):  # an old row in another shape: its text alone
        return str(data.get("result") or data.get("artificial") or "")


def public_changes(
    changes: Iterable[Change], closed_at: datetime, view: PublicView
) -> tuple[Correction, ...]:
    """The audit trail as public pages show it: every change but a table's own first entry
    of a result (the evening as it was played), players through ``view``."""
    shown = []
    for c in changes:
        if c.action == "add" and c.who != "director":
            continue
        data = c.new or c.old or {}
        board = data.get("board") if isinstance(data.get("board"), int) else None
        shown.append(Correction(c.at, c.who, c.action, board, _words(c.old, view),
                                _words(c.new, view), c.at >= closed_at))  # fmt: skip
    return tuple(shown)


class ClubSite:
    """A club's results as its public site shows them (:mod:`bridgescore.storage.site`)."""

    def __init__(self, clubs: ClubStore, live: LiveStore) -> None:
        self.clubs = clubs
        self.live = live

    @property
    def store(self) -> Store:
        """The store read."""
        return self.clubs.store

    def players(self, club: Club) -> list[Player]:
        """The roster's players who have a public page: those with a national number whom
        the club's pages may name (in a club showing numbers only, by number), by name."""
        view = self.clubs.public_view(club)
        return [
            view.player(e.player)
            for e in self.clubs.roster(club.id)
            if e.player.number is not None
            and (e.public or view.players == "numbers")
            and e.player.number not in view.private
        ]

    def published(self, club: Club, now: datetime) -> list[Published]:
        """The club's published evenings, the newest first (by closing time)."""
        with self.store.transaction() as conn:
            rows = conn.execute(
                select(GameRow.id, GameRow.ended, GameRow.closed_at, GameRow.updated_at,
                       GameRow.created_at)
                .join(ClubGameRow, ClubGameRow.game_id == GameRow.id)
                .where(ClubGameRow.club_id == club.id, GameRow.kind == "session")
            ).all()  # fmt: skip
        view = self.clubs.public_view(club)
        found = [p for r in rows if (p := self._published(club, r, view, now)) is not None]
        return sorted(found, key=lambda p: (p.closed_at, p.id), reverse=True)

    def evening(self, club: Club, game_id: str, now: datetime) -> Published:
        """One published evening of the club.

        :raises ClubNotFoundError: if the club has no such evening published.
        """
        for p in self.published(club, now):
            if p.id == game_id:
                return p
        raise ClubNotFoundError.coded("no_published_evening", field="id", value=game_id,
                                      game=game_id)  # fmt: skip

    def _published(self, club: Club, row: Any, view: PublicView, now: datetime) -> Published | None:
        if self.live.is_live(row.id):
            state = self.live.state(row.id)
            if not state.closed:
                return None
            session, version = state.current, state.version
            closed_at: datetime = row.closed_at or row.updated_at
            changes = public_changes(self.live.changes(row.id), closed_at, view)
        else:
            stored = self.store.get(row.id)
            assert isinstance(stored.game, Session)
            session, version, closed_at, changes = stored.game, stored.version, row.created_at, ()
        until = provisional_until(closed_at, club.correction_period)
        return Published(row.id, view.session(session), version, row.created_at, closed_at,
                         until, is_provisional(closed_at, club.correction_period, now),
                         changes, view)  # fmt: skip
