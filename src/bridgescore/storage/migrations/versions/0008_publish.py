"""The results site: a club's public settings, and when each evening was closed.

Revision ID: 0008_publish
Revises: 0007_clubs
Create Date: 2026-12-01

``clubs.players`` says how the club's public pages show players (``names``, or ``numbers``:
national numbers only); ``clubs.correction_hours`` is its correction period (results are
provisional for this long after an evening is closed). ``games.closed_at`` is when the
director last closed a live evening (NULL while open, and for evenings closed before this
revision: their last change is taken instead).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_publish"
down_revision: str | Sequence[str] | None = "0007_clubs"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``clubs.players``, ``clubs.correction_hours`` and ``games.closed_at``."""
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(sa.Column("players", sa.String(8), nullable=False, server_default="names"))
        batch.add_column(
            sa.Column("correction_hours", sa.Integer(), nullable=False, server_default="24")
        )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop them (the settings and closing times are lost)."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("closed_at")
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("correction_hours")
        batch.drop_column("players")
