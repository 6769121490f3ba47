"""A club's and a roster player's name: at most 200 characters, the core's one maximum.

Revision ID: 0015_long_names
Revises: 0014_anonymous
Create Date: 2026-12-02

The core takes names of up to :data:`bridgescore.inputs.LONGEST_NAME` characters (a pair's
name could already be 200 long, a player's only 100: a pair named at length stopped the
evening's letters). The two columns that held 100 are widened; SQLite keeps its columns as
they are on disk (it does not enforce a VARCHAR's length, and rebuilding ``clubs`` would cascade
to every club's rows): only the declared type in its schema changes, the way SQLite documents
for a change that leaves the stored rows alone; PostgreSQL widens them in place.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015_long_names"
down_revision: str | Sequence[str] | None = "0014_anonymous"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = (("clubs", "name"), ("roster", "name"))


def _widen(old: int, new: int) -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        for table, column in _COLUMNS:
            op.alter_column(table, column, type_=sa.String(new), existing_type=sa.String(old),
                            existing_nullable=False)  # fmt: skip
        return
    version = bind.exec_driver_sql("PRAGMA schema_version").scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema=ON")
    for table, column in _COLUMNS:
        bind.exec_driver_sql(
            "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = ?",
            (f"{column} VARCHAR({old}) NOT NULL", f"{column} VARCHAR({new}) NOT NULL", table),
        )
    bind.exec_driver_sql(f"PRAGMA schema_version={int(version) + 1}")
    bind.exec_driver_sql("PRAGMA writable_schema=OFF")


def upgrade() -> None:
    _widen(100, 200)


def downgrade() -> None:
    _widen(200, 100)
