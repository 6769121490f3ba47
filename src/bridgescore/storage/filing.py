"""An evening's masterpoints filed with a national body: the file is made inside one read of
the club, the evening and its closing time, and only if the core's
:func:`~bridgescore.club.filing.check_final` allows it (the correction period has ended).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy import select

from bridgescore.club import ClubNotFoundError
from bridgescore.club.filing import Filing, FilingFormat, filing
from bridgescore.duplicate.session import SectionScores, Session, score_session
from bridgescore.storage.clubs import ClubStore, club_row
from bridgescore.storage.live import LiveStore
from bridgescore.storage.schema import ClubGameRow, GameRow

__all__ = ["file_masterpoints"]

Scorer = Callable[[Session], Sequence[SectionScores]]


def file_masterpoints(clubs: ClubStore, club_id: str, game_id: str, format: FilingFormat,
                      now: datetime, *, charge_code: str = "10",
                      score: Scorer = score_session) -> Filing:  # fmt: skip
    """The file of the club's evening ``game_id`` for the body of ``format`` (``abf``,
    ``ebu``): the club (its scheme and correction period), the evening's results and its
    closing time read in one transaction, the core's :func:`~bridgescore.club.filing.filing`
    asked with them.

    :raises ClubNotFoundError: if the evening is not the club's.
    :raises NotFinalError: before its correction period has ended (or while it is open).
    :raises FilingError: for a club without a scheme, or a format it cannot fill.
    """
    live = LiveStore(clubs.store)
    with clubs.store.transaction() as conn:
        owner = conn.execute(
            select(ClubGameRow.club_id).where(ClubGameRow.game_id == game_id)
        ).scalar_one_or_none()
        if owner != club_id:
            raise ClubNotFoundError.coded("club_no_evening", field="id", value=game_id,
                                          game=game_id)  # fmt: skip
        club = club_row(conn, club_id)
        times = conn.execute(
            select(GameRow.closed_at, GameRow.updated_at).where(GameRow.id == game_id)
        ).one()
        state = live.state_within(conn, game_id)
        if state.seating.kind != "pairs":
            raise ClubNotFoundError.coded("filing_team_night", field="id", value=game_id,
                                          game=game_id)  # fmt: skip
        closed_at = (times.closed_at or times.updated_at) if state.closed else None
        session = state.current
        return filing(format, club, session, score(session), closed_at=closed_at, now=now,
                      charge_code=charge_code)  # fmt: skip
