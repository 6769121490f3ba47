"""A live session's deals: the seed they were dealt from, and the boards still to be solved.

Revision ID: 0010_deals
Revises: 0009_teams
Create Date: 2026-12-01

The deals themselves, and each board's double-dummy table and par once solved, are tags of
the session's boards in its definition (``games.settings``), as PBN writes them. ``deal_seeds``
keeps the secret seed of deals dealt in the app and its commitment (published after closing);
``dd_work`` is the double-dummy worker's queue: one row a board still to solve, written with
the deal in the same transaction, deleted once its table is stored (a restart resumes it).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_deals"
down_revision: str | Sequence[str] | None = "0009_teams"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _game_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["game_id"], ["games.id"], name=op.f(f"fk_{table}_game_id_games"), ondelete="CASCADE"
    )


def upgrade() -> None:
    """Create ``deal_seeds`` and ``dd_work``."""
    op.create_table(
        "deal_seeds",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("deal_seeds"),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_deal_seeds")),
    )
    op.create_table(
        "dd_work",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("board", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("deal", sa.String(80), nullable=False),
        sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        _game_fk("dd_work"),
        sa.PrimaryKeyConstraint("game_id", "board", name=op.f("pk_dd_work")),
    )


def downgrade() -> None:
    """Drop them (a seed kept only there is lost; the deals stay in the definitions)."""
    op.drop_table("dd_work")
    op.drop_table("deal_seeds")
