"""Team nights are live nights: a game's kind may also be 'teams'.

Revision ID: 0013_team_nights
Revises: 0012_secrets
Create Date: 2026-12-02

A team night is now stored as a pairs evening is: a ``games`` row (its event's definition),
its tables' tokens, its results, conflicts and audit trail in the live tables. The team
events stored before keep their ``events`` and ``event_results`` rows until the application
first reads one and makes it a live night (``bridgescore.storage.nights.adopt``).

SQLite cannot change a CHECK constraint in place, so the ``games`` table is rebuilt. Dropping
it would cascade to every table below it (foreign keys are on, and cannot be switched off
inside the migration's transaction), so those rows are kept aside in temporary tables, found
from the schema itself, and put back, parents first.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_team_nights"
down_revision: str | Sequence[str] | None = "0012_secrets"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _below_games(bind: sa.Connection) -> list[str]:
    """The tables whose rows depend on a game's, parents before children."""
    inspector = sa.inspect(bind)
    parents = {
        table: {fk["referred_table"] for fk in inspector.get_foreign_keys(table)}
        for table in inspector.get_table_names()
    }
    found: list[str] = []
    frontier = ["games"]
    while frontier:
        nxt = [t for t, refs in sorted(parents.items())
               if t not in found and t != "games" and refs & set(frontier)]  # fmt: skip
        found += nxt
        frontier = nxt
    return found


def _kinds(kinds: str) -> None:
    check = f"kind IN ({kinds})"
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        op.drop_constraint(op.f("ck_games_kind"), "games", type_="check")
        op.create_check_constraint(op.f("ck_games_kind"), "games", check)
        return
    kept = _below_games(bind)
    for table in kept:
        op.execute(f"CREATE TEMPORARY TABLE kept_{table} AS SELECT * FROM {table}")
    with op.batch_alter_table("games", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_games_kind"), type_="check")
        batch.create_check_constraint(op.f("ck_games_kind"), check)
    for table in reversed(kept):
        op.execute(f"DELETE FROM {table}")
    for table in kept:
        op.execute(f"INSERT INTO {table} SELECT * FROM kept_{table}")
        op.execute(f"DROP TABLE kept_{table}")


def upgrade() -> None:
    """Allow ``kind = 'teams'``."""
    _kinds("'rubber', 'chicago', 'session', 'teams'")


def downgrade() -> None:
    """Back to rubbers, Chicagos and sessions; team nights stored as live nights are deleted."""
    op.execute("DELETE FROM games WHERE kind = 'teams'")
    _kinds("'rubber', 'chicago', 'session'")
