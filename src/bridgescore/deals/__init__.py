"""Boards with their cards: dealing a set from a secret seed, and the files of dealing machines.

Two parts, both pure Python:

* **Dealing** (:func:`deal_set`, :func:`deal_board`, :func:`verify`): a set of boards dealt
  from a seed drawn from the operating system's secure random source, each set reproducible
  from its seed; the SHA-256 hash of the seed (the *commitment*) is shown before play and the
  seed published after, so anyone can check that the boards were fixed in advance (the idea
  behind Big Deal). The algorithm is HMAC-SHA256 of the seed and the board number as the random
  stream of a Fisher-Yates shuffle, with rejection sampling; ``docs/guide/dealing.md`` shows it
  in thirty lines of standard Python, and :mod:`bridgescore.deals._dealing` describes it in full.
* **Files** (:func:`read`, :func:`write`; the format from the extension): PBN, Duplimate
  ``.dup``, Dealer4 ``.dlm``, ``.bri`` and ``.dge``. Each is read into :class:`DealtBoard` s
  (a :class:`~bridgescore.boards.board.Board` and its :class:`~bridgescore.boards.deal.Deal`)
  and written back byte for byte; a file not read raises :class:`~bridgescore.errors.DealFileError`
  naming the board and the byte or line. :data:`FORMATS` maps each extension to its
  :class:`Format` (a reader of bytes and a writer): adding a format is one entry.

>>> s = deal_set("1-16", seed="5e" * 32)
>>> data = to_bytes(s.boards, "set.dup")
>>> read_bytes(data, "set.dup") == s.boards
True
>>> verify(read_bytes(to_bytes(s.boards, "set.dlm"), "set.dlm"), "5e" * 32, s.commitment)
"""

from __future__ import annotations

from bridgescore.deals._dealing import (
    SEED_BYTES,
    DealtSet,
    board_numbers,
    commitment,
    deal_board,
    deal_set,
    read_seed,
    verify,
)
from bridgescore.deals._formats import (
    FORMATS,
    Format,
    file_format,
    merge,
    read,
    read_bytes,
    to_bytes,
    write,
)
from bridgescore.deals._model import DealtBoard
from bridgescore.errors import DealFileError, DealingError

__all__ = [
    "FORMATS",
    "SEED_BYTES",
    "DealFileError",
    "DealingError",
    "DealtBoard",
    "DealtSet",
    "Format",
    "board_numbers",
    "commitment",
    "deal_board",
    "deal_set",
    "file_format",
    "merge",
    "read",
    "read_bytes",
    "read_seed",
    "to_bytes",
    "verify",
    "write",
]
