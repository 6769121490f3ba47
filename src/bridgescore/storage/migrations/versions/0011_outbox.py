"""The results by email: a club's SMTP settings, the directors' mailings, and the outbox.

Revision ID: 0011_outbox
Revises: 0010_deals
Create Date: 2026-12-01

``smtp_settings`` (one row a club: host, port, TLS, login, From), ``mailings`` (a director's
request to email an evening's players) and ``outbox`` (each letter, its Message-ID, its state
and tries), written in one transaction with its mailing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_outbox"
down_revision: str | Sequence[str] | None = "0010_deals"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create ``smtp_settings``, ``mailings`` and ``outbox``."""
    op.create_table(
        "smtp_settings",
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("host", sa.String(253), nullable=False),
        sa.Column("port", sa.Integer(), nullable=False),
        sa.Column("security", sa.String(8), nullable=False),
        sa.Column("sender", sa.String(254), nullable=False),
        sa.Column("username", sa.String(254), nullable=True),
        sa.Column("password", sa.String(254), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"],
                                name=op.f("fk_smtp_settings_club_id_clubs"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("club_id", name=op.f("pk_smtp_settings")),
    )  # fmt: skip
    op.create_table(
        "mailings",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("requested_by", sa.String(254), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"],
                                name=op.f("fk_mailings_game_id_games"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"],
                                name=op.f("fk_mailings_club_id_clubs"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mailings")),
    )  # fmt: skip
    op.create_index(op.f("ix_mailings_game_id"), "mailings", ["game_id"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("mailing_id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.String(64), nullable=False),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("pair", sa.String(120), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("message_id", sa.String(255), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("worker", sa.String(64), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "state IN ('queued', 'claimed', 'handing', 'sent', 'failed', 'unknown')",
            name=op.f("ck_outbox_state"),
        ),
        sa.ForeignKeyConstraint(["mailing_id"], ["mailings.id"],
                                name=op.f("fk_outbox_mailing_id_mailings"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("message_id", name=op.f("uq_outbox_message_id")),
    )  # fmt: skip
    op.create_index(op.f("ix_outbox_mailing_id"), "outbox", ["mailing_id"])
    op.create_index(op.f("ix_outbox_state"), "outbox", ["state"])


def downgrade() -> None:
    """Drop the outbox, the mailings and the SMTP settings (letters not sent are lost)."""
    op.drop_index(op.f("ix_outbox_state"), table_name="outbox")
    op.drop_index(op.f("ix_outbox_mailing_id"), table_name="outbox")
    op.drop_table("outbox")
    op.drop_index(op.f("ix_mailings_game_id"), table_name="mailings")
    op.drop_table("mailings")
    op.drop_table("smtp_settings")
