"""The server's own secrets: the key that signs the directors' login cookies, kept.

Revision ID: 0012_secrets
Revises: 0011_outbox
Create Date: 2026-12-01

``server_secrets`` (a name, its value, when it was made): before it the key was made at each
start, so a restart logged every director out.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_secrets"
down_revision: str | Sequence[str] | None = "0011_outbox"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``server_secrets``."""
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_secrets")),
    )


def downgrade() -> None:
    """Drop ``server_secrets``."""
    op.drop_table("server_secrets")
