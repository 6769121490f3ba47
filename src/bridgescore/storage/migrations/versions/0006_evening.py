"""The split score of a live result (Law 12C1(b)): one result for NS, another for EW.

Revision ID: 0006_evening
Revises: 0005_conflicts
Create Date: 2026-12-01

``live_results.split`` holds an assigned split score as NS's result and EW's, separated by a
space (``4SN= 4SN-1``); NULL for any other entry. The session's definition (a late pair, a
withdrawal, a fouled board's versions) stays in ``games.settings``, changed in the live write.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_evening"
down_revision: str | Sequence[str] | None = "0005_conflicts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``live_results.split``."""
    with op.batch_alter_table("live_results") as batch:
        batch.add_column(sa.Column("split", sa.String(40), nullable=True))


def downgrade() -> None:
    """Drop ``live_results.split`` (split scores are lost)."""
    with op.batch_alter_table("live_results") as batch:
        batch.drop_column("split")
