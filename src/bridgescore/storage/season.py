"""A club's season kept: its ladders (:class:`~bridgescore.events.season.Ladder`, the rules
its directors pick), and which clubs of the server publish a player's page.

A ladder is ranked over what the club's public site shows (its published evenings, each
player as the club shows them): the ladder adds no reader and no player the site does not
have already. A player's season across the server's clubs is each club's own public page of
the player: a club whose site has none (the player is not on its roster with a national
number, or may not be named there) adds nothing.

>>> from bridgescore.events.season import Ladder, LadderRules
>>> from bridgescore.storage.clubs import ClubStore
>>> with Store("sqlite://") as store:
...     clubs = ClubStore(store)
...     club = clubs.create_club("Acol BC", "1234", "EBU")
...     ladders = LadderStore(store)
...     made = ladders.create(club.id, Ladder("Winter", LadderRules("best", 8)))
...     found = [(s.ladder.name, s.ladder.rules.count) for s in ladders.ladders(club.id)]
...     ladders.delete(club.id, made.id)
...     after = ladders.ladders(club.id)
>>> found, after
([('Winter', 8)], [])
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, insert, select

from bridgescore.club import Club, ClubNotFoundError
from bridgescore.events.season import Ladder
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.storage.schema import ClubLadderRow, ClubRow, RosterRow
from bridgescore.storage.site import ClubSite
from bridgescore.storage.store import Store, utcnow

__all__ = ["MOST_LADDERS", "LadderStore", "StoredLadder", "clubs_publishing"]

MOST_LADDERS = 50
"""The most ladders a club may keep at once."""


@dataclass(frozen=True, slots=True)
class StoredLadder:
    """A club's ladder as stored."""

    id: str
    club_id: str
    ladder: Ladder
    created_at: datetime


class LadderStore:
    """The clubs' ladders in a :class:`~bridgescore.storage.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, club_id: str, ladder: Ladder) -> StoredLadder:
        """Store a new ladder of the club.

        :raises ClubNotFoundError: if the club has :data:`MOST_LADDERS` already (field ``ladders``).
        """
        ladder_id, now = secrets.token_hex(12), utcnow()
        with self.store.transaction(write=True) as conn:
            count = len(conn.execute(select(ClubLadderRow.id)
                                     .where(ClubLadderRow.club_id == club_id)).all())  # fmt: skip
            if count >= MOST_LADDERS:
                raise ClubNotFoundError.coded("ladders_most", field="ladders", value=count,
                                              most=MOST_LADDERS)  # fmt: skip
            conn.execute(insert(ClubLadderRow).values(
                id=ladder_id, club_id=club_id, definition=json.dumps(ladder.to_dict()),
                created_at=now))  # fmt: skip
        return StoredLadder(ladder_id, club_id, ladder, now)

    def ladders(self, club_id: str) -> list[StoredLadder]:
        """The club's ladders, the newest first."""
        rows = self.store.rows(
            select(ClubLadderRow)
            .where(ClubLadderRow.club_id == club_id)
            .order_by(ClubLadderRow.created_at.desc(), ClubLadderRow.id)
        )
        return [StoredLadder(r.id, r.club_id, Ladder.from_dict(json.loads(r.definition)),
                             r.created_at) for r in rows]  # fmt: skip

    def ladder(self, club_id: str, ladder_id: str) -> StoredLadder:
        """One of the club's ladders.

        :raises ClubNotFoundError: if the club has none with that id.
        """
        for stored in self.ladders(club_id):
            if stored.id == ladder_id:
                return stored
        raise ClubNotFoundError.coded("no_ladder", field="id", value=ladder_id[:40],
                                      ladder=ladder_id[:40])  # fmt: skip

    def delete(self, club_id: str, ladder_id: str) -> None:
        """Delete one of the club's ladders (nothing if it has none such)."""
        with self.store.transaction(write=True) as conn:
            conn.execute(delete(ClubLadderRow).where(ClubLadderRow.club_id == club_id,
                                                     ClubLadderRow.id == ladder_id))  # fmt: skip


def clubs_publishing(clubs: ClubStore, number: str) -> list[Club]:
    """The server's clubs whose public site has a page for the player of this national
    number (:meth:`ClubSite.players`: the one rule of who may be shown), by name."""
    rows = clubs.store.rows(
        select(ClubRow.id)
        .join(RosterRow, RosterRow.club_id == ClubRow.id)
        .where(RosterRow.number == number, RosterRow.erased.is_(False))
        .distinct()
    )
    site = ClubSite(clubs, LiveStore(clubs.store))
    found = []
    for row in rows:
        club = clubs.club(row.id)
        if any(p.number == number for p in site.players(club)):
            found.append(club)
    return sorted(found, key=lambda c: (c.name, c.id))
