"""Alembic's environment: migrate the connection handed over in ``config.attributes``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, pool

from bridgescore.storage.schema import Base


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _run() -> None:
    connection = context.config.attributes.get("connection")
    if isinstance(connection, Connection):
        _migrate(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection in config.attributes and no sqlalchemy.url to open")
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as conn:
        _migrate(conn)
    engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("bridgescore's migrations run online only")
_run()
