"""Where bridgescore keeps its files on this machine: the per-user data directory, and the
default database in it (``$BRIDGESCORE_DATABASE_URL`` names another)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from sqlalchemy import URL

from bridgescore.storage.errors import StorageError

__all__ = ["ENV_VAR", "data_directory", "default_database_url"]

ENV_VAR: Final = "BRIDGESCORE_DATABASE_URL"
"""The environment variable that names the database (any SQLAlchemy URL)."""


def default_database_url() -> str:
    """``$BRIDGESCORE_DATABASE_URL`` if set, else a SQLite file in the per-user data directory.

    The file is ``$XDG_DATA_HOME/bridgescore/bridgescore.db`` (``XDG_DATA_HOME`` defaults to
    ``~/.local/share``); its directory is created.

    :raises StorageError: if the directory cannot be created.
    """
    url = os.environ.get(ENV_VAR, "").strip()
    if url:
        return url
    directory = data_directory(f"set {ENV_VAR} to another database")
    return URL.create("sqlite", database=str(directory / "bridgescore.db")).render_as_string()


def data_directory(otherwise: str) -> Path:
    """The per-user data directory, ``$XDG_DATA_HOME/bridgescore`` (``XDG_DATA_HOME`` defaults
    to ``~/.local/share``), created if need be.

    :raises StorageError: if it cannot be created (``otherwise`` says what to do then).
    """
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"
    directory = base / "bridgescore"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # the message names no path: it may be shown to anyone
        reason = exc.strerror or type(exc).__name__
        raise StorageError.coded("data_directory", why=reason, otherwise=otherwise) from exc
    return directory
