"""Storage made without a club, bounded: per client address, in all, and for a time.

Anyone may upload a file or start a session without logging in. Each such game is counted in
``anonymous_games`` (the address that made it, the bytes its row holds, when), inside the
transaction that writes it (:func:`count`): a game that would take the address, or every
anonymous game together, past its bound is refused with :class:`QuotaError` and nothing is
written; and every write first deletes the anonymous games older than the quota's days (the
sweep), so anonymous storage never outlives them. Games a club owns are never counted.

>>> AnonymousQuota().per_address, AnonymousQuota().total, AnonymousQuota().days
(20000000, 1000000000, 30.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Connection, delete, func, insert, select, text

from bridgescore.storage.errors import QuotaError
from bridgescore.storage.schema import AnonymousGameRow, GameRow

__all__ = ["AnonymousQuota", "count"]

SWEEP: Final = 200
"""Expired games deleted by one write at most (a write stays quick; the next one goes on)."""
_PG_LOCK: Final = 0x616E_6F6E_796D  # advisory lock key that serialises the counts


@dataclass(frozen=True, slots=True)
class AnonymousQuota:
    """The bounds of anonymous storage (``serve --anonymous-mb``... and the guide name them)."""

    per_address: int = 20_000_000
    """Bytes the games of one client address may hold together (four 5 MB uploads)."""
    total: int = 1_000_000_000
    """Bytes every anonymous game may hold together."""
    days: float = 30.0
    """Days an anonymous game is kept; then it is deleted (its links answer 404)."""


def count(
    conn: Connection, game_id: str, address: str, quota: AnonymousQuota, now: datetime
) -> None:
    """Count the new game ``game_id`` (its row written in ``conn``'s transaction) as made by
    ``address``, after deleting the expired anonymous games.

    :raises QuotaError: naming the bound, if the address's games or all anonymous games would
        hold more bytes than the quota allows (the caller's transaction then rolls back).
    """
    if conn.dialect.name == "postgresql":  # one count at a time, so two cannot both pass
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
    expired = select(AnonymousGameRow.game_id).where(
        AnonymousGameRow.created_at < now - timedelta(days=quota.days)
    )
    old = list(conn.execute(expired.limit(SWEEP)).scalars())
    if old:
        conn.execute(delete(GameRow).where(GameRow.id.in_(old)))  # its rows go with it
    size = conn.execute(
        select(func.coalesce(func.length(GameRow.settings), 0)
               + func.coalesce(func.length(GameRow.names), 0)).where(GameRow.id == game_id)
    ).scalar_one()  # fmt: skip
    held = select(func.coalesce(func.sum(AnonymousGameRow.bytes), 0))
    mine = conn.execute(held.where(AnonymousGameRow.address == address)).scalar_one()
    if mine + size > quota.per_address:
        raise QuotaError.coded("quota_address", field="file", value=size, held=mine, size=size,
                               most=quota.per_address, days=quota.days)  # fmt: skip
    everyone = conn.execute(held).scalar_one()
    if everyone + size > quota.total:
        raise QuotaError.coded("quota_server", field="file", value=size, held=everyone,
                               size=size, most=quota.total)  # fmt: skip
    conn.execute(insert(AnonymousGameRow).values(
        game_id=game_id, address=address[:64], bytes=size, created_at=now))  # fmt: skip
