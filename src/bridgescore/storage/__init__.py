"""Storage: rubbers, Chicagos and duplicate sessions saved in a database (SQLAlchemy 2, schema
kept by Alembic).

SQLite in the per-user data directory by default, or any SQLAlchemy URL (PostgreSQL is tested).
A rubber or Chicago is stored as its settings plus its ordered deals, a session as its
definition; each change is one transaction.

>>> from bridgescore.home.rubber import Rubber
>>> with Store("sqlite://") as store:
...     new = store.create(Rubber().record("4H", "we", 10), names={"we": "Ann & Bob"})
...     saved = store.save(new.id, new.game.record("3NT", "they", 9), expected_version=1)
...     back = store.get(saved.id)
...     ok = store.check_token(new.id, new.edit_token or "")
>>> back.version, len(back.game.deals), back.names, ok
(2, 2, {'we': 'Ann & Bob', 'they': ''}, True)
>>> back.game == saved.game
True

The core never imports this package; import it as ``bridgescore.storage``.
"""

from __future__ import annotations

from bridgescore.storage.errors import (
    DatabaseError,
    GameNotFoundError,
    StorageError,
    VersionConflictError,
)
from bridgescore.storage.store import (
    CHANNEL,
    Game,
    GameKind,
    HomeGame,
    Store,
    StoredGame,
    default_database_url,
)

__all__ = [
    "CHANNEL",
    "DatabaseError",
    "Game",
    "GameKind",
    "GameNotFoundError",
    "HomeGame",
    "StorageError",
    "Store",
    "StoredGame",
    "VersionConflictError",
    "default_database_url",
]
