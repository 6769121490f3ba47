"""The errors of the storage layer; every one is a :class:`~bridgescore.BridgeError`."""

from __future__ import annotations

from bridgescore.errors import BridgeError

__all__ = [
    "ConstraintError",
    "DatabaseError",
    "GameNotFoundError",
    "QuotaError",
    "StorageError",
    "VersionConflictError",
]


class StorageError(BridgeError):
    """A game that cannot be stored or read, or a database that cannot be used."""


class GameNotFoundError(StorageError, LookupError):
    """No stored game has the id (or id prefix) given."""


class VersionConflictError(StorageError):
    """A write based on an older version of the game than the stored one (a lost update)."""


class DatabaseError(StorageError):
    """The database failed: busy, unreachable, full, read-only... (try again later).

    Its message never shows the database's URL, path, host or password.
    """


class ConstraintError(DatabaseError):
    """A write the database refused for a constraint (a duplicate key, a missing row it
    refers to): the caller that expects it says what it means (``a director here already``);
    one nobody expects stays a :class:`DatabaseError`."""


class QuotaError(StorageError):
    """A write past a storage bound (anonymous storage per address or in all): nothing was
    written; try again once older games have expired."""
