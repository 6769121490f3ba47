"""The server's own keys, made once and kept in its database.

The key that signs the directors' login cookies used to be made at each start (unless
``BRIDGESCORE_SECRET_KEY`` was set), so a restart logged every director out. It is now made the
first time it is asked for and kept, so every start and every worker of one database sign
alike. Two processes making it at once keep the first one written.

>>> from bridgescore.storage import Store
>>> with Store("sqlite://") as store:
...     first = server_key(store)
...     len(first), server_key(store) == first
(64, True)
"""

from __future__ import annotations

import secrets

from sqlalchemy import insert, select

from bridgescore.storage.errors import ConstraintError
from bridgescore.storage.schema import ServerSecretRow
from bridgescore.storage.store import Store, utcnow

__all__ = ["server_key"]


def server_key(store: Store, name: str = "login-cookies") -> str:
    """The server's key ``name``: read, or made (64 hex digits) and kept if there is none."""
    query = select(ServerSecretRow.value).where(ServerSecretRow.name == name)
    found = store.rows(query)
    if found:
        return str(found[0][0])
    try:
        with store._transaction(write=True) as conn:
            kept = conn.execute(query).scalar_one_or_none()
            if kept is not None:
                return str(kept)
            made = secrets.token_hex(32)
            conn.execute(insert(ServerSecretRow).values(name=name, value=made, created_at=utcnow()))
            return made
    except ConstraintError:  # another process made it first (PostgreSQL's snapshot missed it)
        return str(store.rows(query)[0][0])
