"""Clubs, their directors and logins, their roster and events; a game may belong to a club.

Revision ID: 0007_clubs
Revises: 0006_evening
Create Date: 2026-12-01

``clubs`` (name, national body and number, the key its evenings' edit tokens are derived
from), ``directors`` (an email and an Argon2id hash of the password), ``logins`` (the SHA-256
of a login's bearer token), ``roster`` (the club's players) and ``events`` (several sessions
ranked together); ``club_games`` names the club that owns a game (none: nobody's).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_clubs"
down_revision: str | Sequence[str] | None = "0006_evening"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _club_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["club_id"], ["clubs.id"], name=op.f(f"fk_{table}_club_id_clubs"), ondelete="CASCADE"
    )


def upgrade() -> None:
    """Create the clubs' tables; add ``games.club_id``."""
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("number", sa.String(20), nullable=False),
        sa.Column("body", sa.String(8), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clubs")),
        sa.UniqueConstraint("body", "number", name=op.f("uq_clubs_body")),
    )
    op.create_table(
        "directors",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _club_fk("directors"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_directors")),
        sa.UniqueConstraint("email", name=op.f("uq_directors_email")),
    )
    op.create_index(op.f("ix_directors_club_id"), "directors", ["club_id"])
    op.create_table(
        "logins",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("director_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["director_id"],
            ["directors.id"],
            name=op.f("fk_logins_director_id_directors"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_logins")),
    )
    op.create_index(op.f("ix_logins_director_id"), "logins", ["director_id"])
    op.create_table(
        "roster",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("number", sa.String(20), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("visitor", sa.Boolean(), nullable=False),
        sa.Column("erased", sa.Boolean(), nullable=False),
        _club_fk("roster"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roster")),
    )
    op.create_index(op.f("ix_roster_club_id"), "roster", ["club_id"])
    op.create_table(
        "events",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        _club_fk("events"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
    )
    op.create_index(op.f("ix_events_club_id"), "events", ["club_id"])
    # Not in batch mode: SQLite would copy ``games`` and drop it, and the drop cascades to
    # every game's deals and results. A column added with its reference keeps every row.
    op.create_table(
        "club_games",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_club_games_game_id_games"), ondelete="CASCADE"),
        _club_fk("club_games"),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_club_games")),
    )  # fmt: skip
    op.create_index(op.f("ix_club_games_club_id"), "club_games", ["club_id"])


def downgrade() -> None:
    """Drop the clubs' tables (the clubs, logins and rosters are lost; the games stay)."""
    for table in ("club_games", "events", "roster", "logins", "directors"):
        op.drop_index(op.f(f"ix_{table}_{'director' if table == 'logins' else 'club'}_id"),
                      table_name=table)  # fmt: skip
        op.drop_table(table)
    op.drop_table("clubs")
