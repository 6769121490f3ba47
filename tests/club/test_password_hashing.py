"""Passwords are hashed with Argon2id at argon2-cffi's recommended parameters. The other tests
run with the least work Argon2 allows (``tests/conftest.py``), so this one asks a fresh Python,
as ``bridgescore serve`` starts, what it stores."""

from __future__ import annotations

import subprocess
import sys

from argon2 import PasswordHasher
from argon2.profiles import RFC_9106_LOW_MEMORY


def test_a_server_stores_argon2id_hashes_at_the_recommended_parameters() -> None:
    code = "from bridgescore.storage.clubs import _HASHER; print(_HASHER.hash('a password'))"
    stored = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    recommended = RFC_9106_LOW_MEMORY  # argon2-cffi's default profile
    assert stored.startswith(
        f"$argon2id$v=19$m={recommended.memory_cost},t={recommended.time_cost},"
        f"p={recommended.parallelism}$"
    ), stored
    assert PasswordHasher().verify(stored, "a password")
