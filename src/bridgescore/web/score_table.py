"""The score table the calculator and the table pages look scores up in, offline.

Built from :func:`bridgescore.score` itself (no scoring rule is written again in
JavaScript): every level, strain, doubling, vulnerability and number of tricks, with each
score's parts and their labels. Served by :mod:`.offline` (``/scores.json``); its
fingerprint is in the pages that fetch it. A module below the routers.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from bridgescore import Strain, locale, score

__all__ = ["score_table", "table_key", "table_version"]


def table_key(level: int, strain: str, doubling: str, vulnerable: bool, tricks: int) -> str:
    """The key of one score in the table: ``"4H-X-v-7"`` (``-`` for undoubled, ``n`` for not
    vulnerable); the calculator's script builds the same key from its inputs.

    >>> table_key(4, "H", "X", True, 7), table_key(3, "NT", "", False, 9)
    ('4H-X-v-7', '3NT---n-9')
    """
    return f"{level}{strain}-{doubling or '-'}-{'v' if vulnerable else 'n'}-{tricks}"


def score_table() -> bytes:
    """The 2,940 scores as JSON: ``{key: [total, [[label, points], ...]]}`` from the declaring
    side's view (modern undertricks, as the calculator scores), the labels in the current
    language (:func:`bridgescore.locale.use`).

    >>> table = json.loads(score_table())
    >>> len(table), table["4H-X-v-7"]
    (2940, [-800, [['Undertricks: 3 down, doubled, vulnerable (200 + 300 + 300)', -800]]])
    """
    return _score_table(locale.current())


@cache
def _score_table(language: str) -> bytes:
    table: dict[str, list[object]] = {}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in ("", "X", "XX"):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        s = score(f"{level}{strain.value}{doubling}", tricks, vulnerable=vulnerable)
                        parts = [[locale.part_label(p), p.points] for p in s.parts]
                        key = table_key(level, strain.value, doubling, vulnerable, tricks)
                        table[key] = [s.total, parts]
    return json.dumps(table, separators=(",", ":"), ensure_ascii=False).encode()


def table_version() -> str:
    """A fingerprint of the table in the current language, for its address
    (``/scores.json?v=...``): cached a year."""
    return _version(locale.current())


@cache
def _version(language: str) -> str:
    return hashlib.sha256(_score_table(language)).hexdigest()[:12]
