"""Duplicate sessions in the games table: the kind may also be 'session'.

Revision ID: 0002_sessions
Revises: 0001_initial
Create Date: 2026-11-29

SQLite cannot change a CHECK constraint in place, so the games table is rebuilt. Dropping the
old table would cascade to the deals (foreign keys are on, and cannot be switched off inside
the migration's transaction), so the deals are kept aside in a temporary table and put back.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002_sessions"
down_revision: str | Sequence[str] | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _kinds(kinds: str) -> None:
    check = f"kind IN ({kinds})"
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint(op.f("ck_games_kind"), "games", type_="check")
        op.create_check_constraint(op.f("ck_games_kind"), "games", check)
        return
    op.execute("CREATE TEMPORARY TABLE deals_kept AS SELECT * FROM deals")
    with op.batch_alter_table("games", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_games_kind"), type_="check")
        batch.create_check_constraint(op.f("ck_games_kind"), check)
    op.execute("DELETE FROM deals")
    op.execute("INSERT INTO deals SELECT * FROM deals_kept")
    op.execute("DROP TABLE deals_kept")


def upgrade() -> None:
    """Allow ``kind = 'session'``."""
    _kinds("'rubber', 'chicago', 'session'")


def downgrade() -> None:
    """Back to rubbers and Chicagos only; stored sessions are deleted."""
    op.execute("DELETE FROM games WHERE kind = 'session'")
    _kinds("'rubber', 'chicago'")
