"""Anonymous games are counted: who made each, its bytes and when (issue 33, case 7).

Revision ID: 0014_anonymous
Revises: 0013_team_nights
Create Date: 2026-12-02

``anonymous_games`` (a game's id, the client address that made it, the bytes its row stores,
when): storage made without a club is bounded per address and in all, and expires. The games
made before are not counted (nobody knows their address).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014_anonymous"
down_revision: str | Sequence[str] | None = "0013_team_nights"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``anonymous_games``."""
    op.create_table(
        "anonymous_games",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("bytes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            ondelete="CASCADE",
            name=op.f("fk_anonymous_games_game_id_games"),
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_anonymous_games")),
    )
    op.create_index(op.f("ix_anonymous_games_address"), "anonymous_games", ["address"])
    op.create_index(op.f("ix_anonymous_games_created_at"), "anonymous_games", ["created_at"])


def downgrade() -> None:
    """Drop ``anonymous_games``."""
    op.drop_table("anonymous_games")
