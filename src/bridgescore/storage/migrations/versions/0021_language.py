"""A club's default language.

Revision ID: 0021_language
Revises: 0020_season
Create Date: 2026-12-02

``clubs.language`` is the code of the language (``fr``) the club's pages take for a browser
that asks for none of ours, its published site and its letters are written in; NULL for none
(the clubs already there: English, as before).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021_language"
down_revision: str | Sequence[str] | None = "0020_season"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add ``clubs.language`` (a plain ``ADD COLUMN``: SQLite does not rebuild ``clubs``)."""
    op.add_column("clubs", sa.Column("language", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop it (the clubs' languages are lost)."""
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("language")
