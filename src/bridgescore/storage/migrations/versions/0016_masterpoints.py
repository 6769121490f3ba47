"""A club's masterpoint scheme for its live evenings.

Revision ID: 0016_masterpoints
Revises: 0015_long_names
Create Date: 2026-12-02

``clubs.masterpoints`` is the scheme and weight the club's evenings are awarded by, as
:func:`bridgescore.masterpoints.parse_spec` reads it (``abf``, ``ebu:1.5``); empty for none
(the clubs already there award none until a director chooses).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016_masterpoints"
down_revision: str | Sequence[str] | None = "0015_long_names"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``clubs.masterpoints`` (a plain ``ADD COLUMN``: SQLite does not rebuild ``clubs``)."""
    op.add_column(
        "clubs", sa.Column("masterpoints", sa.String(32), nullable=False, server_default="")
    )


def downgrade() -> None:
    """Drop it (the clubs' schemes are lost)."""
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("masterpoints")
