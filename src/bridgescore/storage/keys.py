"""The server's own keys: the one that signs the login cookies, kept in its database, and the
one that seals the clubs' SMTP passwords, kept outside it.

The key that signs the directors' login cookies used to be made at each start (unless
``BRIDGESCORE_SECRET_KEY`` was set), so a restart logged every director out. It is now made the
first time it is asked for and kept, so every start and every worker of one database sign
alike. Two processes making it at once keep the first one written.

>>> from bridgescore.storage import Store
>>> with Store("sqlite://") as store:
...     first = server_key(store)
...     len(first), server_key(store) == first
(64, True)

A club's SMTP password must be sent to its mail server as typed, so it cannot be hashed like a
director's. It is stored sealed (Fernet: AES in CBC mode with an HMAC) with a key that is not in
the database, so a copy of the database (a dump, a stolen disk image) gives no password away:
``$BRIDGESCORE_MAIL_KEY`` (several machines serving one database share it), else the file
``mail.key`` in the data directory, made on first use and readable by its user only.

>>> sealed = seal("s3cret")
>>> sealed.startswith("fernet:"), "s3cret" in sealed, unseal(sealed)
(True, False, 's3cret')
"""

from __future__ import annotations

import os
import secrets
from typing import Final

from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import insert, select

from bridgescore.storage.errors import ConstraintError, StorageError
from bridgescore.storage.places import data_directory
from bridgescore.storage.schema import ServerSecretRow
from bridgescore.storage.store import Store, utcnow

__all__ = ["MAIL_KEY_ENV", "mail_key", "seal", "server_key", "unseal"]

MAIL_KEY_ENV: Final = "BRIDGESCORE_MAIL_KEY"
_SEALED: Final = "fernet:"


def server_key(store: Store, name: str = "login-cookies") -> str:
    """The server's key ``name``: read, or made (64 hex digits) and kept if there is none."""
    query = select(ServerSecretRow.value).where(ServerSecretRow.name == name)
    found = store.rows(query)
    if found:
        return str(found[0][0])
    try:
        with store.transaction(write=True) as conn:
            kept = conn.execute(query).scalar_one_or_none()
            if kept is not None:
                return str(kept)
            made = secrets.token_hex(32)
            conn.execute(insert(ServerSecretRow).values(name=name, value=made, created_at=utcnow()))
            return made
    except ConstraintError:  # another process made it first (PostgreSQL's snapshot missed it)
        return str(store.rows(query)[0][0])


def mail_key() -> bytes:
    """The key that seals SMTP passwords: ``$BRIDGESCORE_MAIL_KEY``, else the data directory's
    ``mail.key``, made (mode 0600) the first time; two processes making it at once both end
    with the one published first.

    :raises StorageError: if the variable holds no Fernet key (its value is not quoted: it is a
        secret), or the file can be neither read nor made.
    """
    given = os.environ.get(MAIL_KEY_ENV, "").strip()
    if given:
        try:
            Fernet(given)
        except ValueError:
            raise StorageError.coded("mail_key_env", field=MAIL_KEY_ENV, env=MAIL_KEY_ENV) from None
        return given.encode()
    path = data_directory(f"set {MAIL_KEY_ENV}") / "mail.key"
    try:
        if not path.exists():
            draft = path.with_name(f".mail.key.{os.getpid()}.{secrets.token_hex(4)}")
            handle = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(handle, Fernet.generate_key())
                os.fsync(handle)
            finally:
                os.close(handle)
            try:
                os.link(draft, path)  # published whole, or not at all if another was first
            except FileExistsError:
                pass
            finally:
                os.unlink(draft)
        return path.read_bytes().strip()
    except OSError as exc:  # the message names no path: it may be shown to anyone
        raise StorageError.coded("mail_key_file", field=MAIL_KEY_ENV, env=MAIL_KEY_ENV,
                                 why=exc.strerror or type(exc).__name__) from exc  # fmt: skip


def seal(secret: str) -> str:
    """``secret`` sealed with :func:`mail_key`, as stored."""
    return _SEALED + Fernet(mail_key()).encrypt(secret.encode()).decode("ascii")


def unseal(stored: str) -> str | None:
    """The secret :func:`seal` sealed; None if this server's key did not seal it (a database
    moved to a server with another key: the director enters it again). A value stored before
    passwords were sealed is read as it is.

    >>> unseal("kept before sealing"), unseal("fernet:" + Fernet.generate_key().decode())
    ('kept before sealing', None)
    """
    if not stored.startswith(_SEALED):
        return stored
    try:
        return Fernet(mail_key()).decrypt(stored[len(_SEALED) :].encode()).decode()
    except (InvalidToken, ValueError):
        return None
