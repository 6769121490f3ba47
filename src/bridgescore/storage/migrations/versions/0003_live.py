"""Club evenings entered live: each table's token, results stored one by one, and their audit.

Revision ID: 0003_live
Revises: 0002_sessions
Create Date: 2026-11-30

A live session keeps its definition (pairs, boards, movement) in ``games`` as before; its
results are rows of ``live_results``, one each, so tables entering at once never conflict.
``table_tokens`` holds the SHA-256 of each table's token, ``result_changes`` who changed which
result when, with the old and new values.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_live"
down_revision: str | Sequence[str] | None = "0002_sessions"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _game_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["game_id"], ["games.id"], name=op.f(f"fk_{table}_game_id_games"), ondelete="CASCADE"
    )


def upgrade() -> None:
    """Create ``table_tokens``, ``live_results`` and ``result_changes``."""
    op.create_table(
        "table_tokens",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("table", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        _game_fk("table_tokens"),
        sa.PrimaryKeyConstraint("game_id", "table", name=op.f("pk_table_tokens")),
    )
    op.create_table(
        "live_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(16), nullable=False),
        sa.Column("ew", sa.String(16), nullable=False),
        sa.Column("contract", sa.String(8), nullable=True),
        sa.Column("declarer", sa.String(1), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("lead", sa.String(4), nullable=True),
        sa.Column("adjusted", sa.String(8), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("live_results"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_results")),
        sa.UniqueConstraint(
            "game_id", "table", "round", "board", name=op.f("uq_live_results_game_id")
        ),
    )
    op.create_table(
        "result_changes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(32), nullable=False),
        sa.Column("action", sa.String(8), nullable=False),
        sa.Column("old", sa.Text(), nullable=True),
        sa.Column("new", sa.Text(), nullable=True),
        _game_fk("result_changes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_result_changes")),
    )
    op.create_index(op.f("ix_result_changes_game_id"), "result_changes", ["game_id"])


def downgrade() -> None:
    """Drop the three tables (live results are lost)."""
    op.drop_index(op.f("ix_result_changes_game_id"), table_name="result_changes")
    op.drop_table("result_changes")
    op.drop_table("live_results")
    op.drop_table("table_tokens")
