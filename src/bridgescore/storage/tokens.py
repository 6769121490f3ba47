"""Edit and table tokens: the database keeps a token's hash, never the token.

A token is a long random string (``secrets.token_urlsafe``), so one round of SHA-256 is enough:
there is nothing to guess that a slower hash would protect. Every layer that stores or looks up
a token hashes it here.

>>> hashed = hash_token("s3cret")
>>> len(hashed), hashed == hash_token("s3cret"), token_matches("s3cret", hashed)
(64, True, True)
>>> token_matches("guess", hashed)
False
"""

from __future__ import annotations

import base64
import hashlib
import hmac

__all__ = ["derived_token", "hash_token", "token_matches"]


def hash_token(token: str) -> str:
    """The hex SHA-256 of the token's UTF-8 bytes: what the database keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, hashed: str) -> bool:
    """Whether ``token`` is the one ``hashed`` was made from (in constant time)."""
    return hmac.compare_digest(hash_token(token), hashed)


def derived_token(key: str, purpose: str, name: str) -> str:
    """A token derived from a secret ``key`` (a club's) for ``purpose`` and ``name`` (an
    HMAC-SHA256): whoever holds the key has it again, and it tells nothing of the key.

    >>> derived_token("k", "edit", "g1") == derived_token("k", "edit", "g1")
    True
    >>> derived_token("k", "edit", "g1") != derived_token("k", "edit", "g2")
    True
    """
    digest = hmac.digest(key.encode(), f"{purpose}:{name}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")
