"""The games table and its deals.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``games`` and ``deals``."""
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("names", sa.Text(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('rubber', 'chicago')", name=op.f("ck_games_kind")),
        sa.CheckConstraint("version >= 1", name=op.f("ck_games_version")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index(op.f("ix_games_updated_at"), "games", ["updated_at"])
    op.create_table(
        "deals",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("contract", sa.String(8), nullable=False),
        sa.Column("declarer", sa.String(4), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=False),
        sa.Column("honors_by", sa.String(4), nullable=True),
        sa.Column("honors", sa.Integer(), nullable=False),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_deals_seq")),
        sa.CheckConstraint("tricks BETWEEN 0 AND 13", name=op.f("ck_deals_tricks")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_deals_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_deals")),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("deals")
    op.drop_index(op.f("ix_games_updated_at"), table_name="games")
    op.drop_table("games")
