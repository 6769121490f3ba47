"""Conflicts kept for the director, and the artificial score's column named as the glossary says.

Revision ID: 0005_conflicts
Revises: 0004_weighted
Create Date: 2026-12-01

``live_results.adjusted`` becomes ``live_results.artificial`` (it always held an artificial
score, ``A+/A-``); the new ``live_conflicts`` table keeps a table's entry that the session could
not take (the board held another result, or the session was closed) until the director settles
it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_conflicts"
down_revision: str | Sequence[str] | None = "0004_weighted"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Rename ``live_results.adjusted``; create ``live_conflicts``."""
    with op.batch_alter_table("live_results") as batch:
        batch.alter_column("adjusted", new_column_name="artificial")
    op.create_table(
        "live_conflicts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("entry", sa.Text(), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("settled", sa.String(16), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_live_conflicts_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_conflicts")),
    )
    op.create_index(op.f("ix_live_conflicts_game_id"), "live_conflicts", ["game_id"])


def downgrade() -> None:
    """Drop ``live_conflicts`` (the conflicts are lost); name the column ``adjusted`` again."""
    op.drop_index(op.f("ix_live_conflicts_game_id"), table_name="live_conflicts")
    op.drop_table("live_conflicts")
    with op.batch_alter_table("live_results") as batch:
        batch.alter_column("artificial", new_column_name="adjusted")
