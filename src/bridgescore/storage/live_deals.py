"""A live session's deals: attached in one versioned write, solved by a worker, resumed after a
restart.

The deals are the session's boards' fields, in its definition (``games.settings``): attaching
them is a change of the definition that the core decides
(:func:`bridgescore.live.deals.attach`, asked inside the write by
:meth:`LiveStore.redefine <bridgescore.storage.live.LiveStore.redefine>`). The same
transaction writes a row of ``dd_work`` for each board to solve and, for deals dealt in the
app, the seed and its commitment (``deal_seeds``). A worker :meth:`claims <DealStore.claim>`
boards, solves them elsewhere, and :meth:`stores <DealStore.solved>` their tables (the core
checks that each board still holds the deal solved; the board's row goes in the same
transaction). Rows left by a worker that stopped are claimed again after :attr:`CLAIM`.

>>> from bridgescore.deals import deal_set
>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> with Store("sqlite://") as store:
...     live = LiveStore(store)
...     stored, _ = live.start(Session((Section.from_movement(mitchell(3, 2)),)), 3)
...     deals = DealStore(live)
...     dealt = deal_set("1-6")
...     _ = deals.attach(stored.id, dealt.boards, DIRECTOR, seed=dealt.seed)
...     work = deals.claim()
...     seed = deals.seed(stored.id)
>>> [board for _, board, _ in work], seed.commitment == dealt.commitment
([1, 2, 3, 4, 5, 6], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, delete, insert, or_, select, update

from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.deals import DealtBoard, commitment
from bridgescore.errors import SessionError
from bridgescore.live import DIRECTOR, Who
from bridgescore.live.deals import Analysed, AttachDeals
from bridgescore.storage.live import LiveStore
from bridgescore.storage.schema import DealSeedRow, DealWorkRow
from bridgescore.storage.store import Store, utcnow

__all__ = ["DealStore", "Seed"]


@dataclass(frozen=True, slots=True)
class Seed:
    """The seed a session's deals were dealt from: its commitment (public), and the seed in
    hex (published once the session is closed)."""

    commitment: str
    seed: str


class DealStore:
    """The deals side of a :class:`~bridgescore.storage.live.LiveStore`."""

    CLAIM = timedelta(minutes=1)
    """How long a worker's claim on a board holds (then another worker may take it)."""

    MOST = 8
    """The most boards one :meth:`claim` gives (all of one session)."""

    def __init__(self, live: LiveStore) -> None:
        self.live = live

    @property
    def store(self) -> Store:
        """The store the sessions are kept in."""
        return self.live.store

    def attach(
        self,
        game_id: str,
        boards: Sequence[DealtBoard],
        who: Who,
        *,
        seed: bytes | None = None,
    ) -> int:
        """Attach deals to the session's boards if the core lets ``who``
        (:func:`~bridgescore.live.deals.attach`: all or none), queue each for its
        double-dummy table, and keep ``seed`` (the deals dealt from it in the app) or forget
        the one they had; the session's new version.

        :raises NotAllowedError: for anyone but the director.
        :raises SessionError: naming the first board refused.
        """
        change = AttachDeals(tuple(boards))

        def also(conn: Connection, now: datetime) -> None:
            numbers = [b.number for b in change.boards]
            conn.execute(delete(DealWorkRow).where(DealWorkRow.game_id == game_id,
                                                   DealWorkRow.board.in_(numbers)))  # fmt: skip
            conn.execute(insert(DealWorkRow), [
                {"game_id": game_id, "board": b.number, "deal": str(b.deal), "queued_at": now,
                 "claimed_at": None} for b in change.boards
            ])  # fmt: skip
            conn.execute(delete(DealSeedRow).where(DealSeedRow.game_id == game_id))
            if seed is not None:
                conn.execute(insert(DealSeedRow).values(
                    game_id=game_id, seed=seed.hex(), commitment=commitment(seed), created_at=now
                ))  # fmt: skip

        return self.live.redefine(game_id, change, who, also)

    def seed(self, game_id: str) -> Seed | None:
        """The seed the session's deals were dealt from, if they were dealt in the app."""
        with self.store.transaction() as conn:
            row = conn.execute(
                select(DealSeedRow.commitment, DealSeedRow.seed).where(
                    DealSeedRow.game_id == game_id
                )
            ).one_or_none()
        return None if row is None else Seed(row.commitment, row.seed)

    def waiting(self, game_id: str) -> int:
        """How many of the session's boards wait for their double-dummy table."""
        with self.store.transaction() as conn:
            rows = conn.execute(
                select(DealWorkRow.board).where(DealWorkRow.game_id == game_id)
            ).all()
        return len(rows)

    def claim(self, now: datetime | None = None) -> list[tuple[str, int, Deal]]:
        """Take up to :attr:`MOST` boards of one session to solve (the oldest waiting, or
        claimed by a worker that has not answered for :attr:`CLAIM`): (session, board, deal)."""
        now = now or utcnow()
        free = or_(DealWorkRow.claimed_at.is_(None), DealWorkRow.claimed_at < now - self.CLAIM)
        with self.store.transaction() as conn:  # mostly nothing waits: no write lock then
            if conn.execute(select(DealWorkRow.board).where(free).limit(1)).first() is None:
                return []
        with self.store.transaction(write=True) as conn:
            first = conn.execute(
                select(DealWorkRow.game_id)
                .where(free)
                .order_by(DealWorkRow.queued_at)
                .limit(1)
                .with_for_update(skip_locked=True)  # PostgreSQL: another worker's rows skipped
            ).scalar_one_or_none()
            if first is None:
                return []
            rows = conn.execute(
                select(DealWorkRow.board, DealWorkRow.deal)
                .where(DealWorkRow.game_id == first, free)
                .order_by(DealWorkRow.board)
                .limit(self.MOST)
                .with_for_update(skip_locked=True)
            ).all()
            conn.execute(
                update(DealWorkRow)
                .where(DealWorkRow.game_id == first,
                       DealWorkRow.board.in_([r.board for r in rows]))
                .values(claimed_at=now)
            )  # fmt: skip
        return [(first, r.board, Deal.parse(r.deal)) for r in rows]

    def solved(self, game_id: str, tables: Sequence[tuple[int, Deal, DDTable]]) -> int | None:
        """Store the boards' double-dummy tables and par (as the director: the core checks
        each board still holds the deal solved) and take them off the queue, in one write;
        the session's new version, or None if a deal changed meanwhile (its new deal waits in
        the queue) or the session is gone."""
        solved = Analysed(tuple(tables))

        def also(conn: Connection, now: datetime) -> None:
            for number, deal, _ in solved.boards:
                conn.execute(delete(DealWorkRow).where(
                    DealWorkRow.game_id == game_id, DealWorkRow.board == number,
                    DealWorkRow.deal == str(deal)))  # fmt: skip

        try:
            return self.live.redefine(game_id, solved, DIRECTOR, also)
        except SessionError:
            self.release(game_id, [n for n, _, _ in tables])
            return None

    def release(self, game_id: str, boards: Sequence[int]) -> None:
        """Give up a claim on these boards (another turn takes them again at once)."""
        with self.store.transaction(write=True) as conn:
            conn.execute(
                update(DealWorkRow)
                .where(DealWorkRow.game_id == game_id, DealWorkRow.board.in_(list(boards)))
                .values(claimed_at=None)
            )
