"""Team events played at the tables: each event's version, and its results one row each.

Revision ID: 0009_teams
Revises: 0008_publish
Create Date: 2026-12-01

``events.version`` counts an event's changes (a round drawn, two teams swapped, a result in):
the live pages hear of each. ``event_results`` holds a team event's results, one row a board
at a table (round, match, room), so two rooms entering at once never conflict.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_teams"
down_revision: str | Sequence[str] | None = "0008_publish"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``events.version`` (1 for the events there) and create ``event_results``."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="1"))
    op.create_table(
        "event_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("event_id", sa.String(64), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("match", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(8), nullable=False),
        sa.Column("result", sa.String(40), nullable=False),
        sa.Column("who", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"],
                                name=op.f("fk_event_results_event_id_events"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_results")),
        sa.UniqueConstraint("event_id", "round", "match", "board", "room",
                            name=op.f("uq_event_results_event_id")),
    )  # fmt: skip


def downgrade() -> None:
    """Drop ``event_results`` (the team events' results are lost) and ``events.version``."""
    op.drop_table("event_results")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("version")
