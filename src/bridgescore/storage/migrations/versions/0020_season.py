"""A club's season: its ladders (issue 36).

Revision ID: 0020_season
Revises: 0015_long_names
Create Date: 2026-12-02

``ladders`` (an id, the club, the ladder's definition as JSON: name, rules, dates, when made):
each a competition over the club's published sessions, ranked as the director's rules say.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020_season"
down_revision: str | Sequence[str] | None = "0016_masterpoints"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``ladders``."""
    op.create_table(
        "ladders",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], ondelete="CASCADE", name=op.f("fk_ladders_club_id_clubs")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ladders")),
    )
    op.create_index(op.f("ix_ladders_club_id"), "ladders", ["club_id"])


def downgrade() -> None:
    """Drop ``ladders``."""
    op.drop_table("ladders")
