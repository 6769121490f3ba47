"""Weighted adjusted scores (Law 12C1(c)) in live results: their text in a column of its own.

Revision ID: 0004_weighted
Revises: 0003_live
Create Date: 2026-11-30

A live result is a contract, an artificial score (``adjusted``) or now a weighted score, kept
as its canonical text (``50% 4SN=, 30% 4SN-1, 20% 5HXE-2``) in the new nullable ``weighted``
column; the rows already there keep NULL.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_weighted"
down_revision: str | Sequence[str] | None = "0003_live"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``live_results.weighted``."""
    op.add_column("live_results", sa.Column("weighted", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop ``live_results.weighted`` (weighted scores entered live are lost)."""
    with op.batch_alter_table("live_results") as batch:
        batch.drop_column("weighted")
