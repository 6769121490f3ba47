"""How a letter of results speaks (:class:`Words`): English by default, the club's language
through the web layer's catalogues (:func:`bridgescore.web.mail.letter_words`); the core stays
free of gettext.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from bridgescore.players import Player

__all__ = ["ENGLISH", "Words"]


def _same(message: str) -> str:
    return message


def _plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _fixed(x: float, digits: int) -> str:
    return f"{x:.{digits}f}"


@dataclass(frozen=True, slots=True)
class Words:
    """How a letter speaks: each sentence through ``gettext`` / ``ngettext`` (its English
    text is the message, marked for the catalogues), a number with so many decimals through
    ``number`` (an exact decimal, a masterpoint award, through ``decimal``), an evening's date
    (as stored, ``2026-12-02``) through ``date``, a pair's label (``EW 2``) through ``pair``
    and a side (``EW``) through ``side`` (``OW 2``, ``OW`` in German). The default is
    English; the web layer gives the club's language's
    (:func:`bridgescore.web.mail.letter_words`).

    >>> ENGLISH.number(75, 2), ENGLISH.ngettext("board", "boards", 2)
    ('75.00', 'boards')
    """

    gettext: Callable[[str], str] = _same
    ngettext: Callable[[str, str, int], str] = _plural
    number: Callable[[float, int], str] = _fixed
    decimal: Callable[[Decimal], str] = str
    date: Callable[[str], str] = _same
    pair: Callable[[str], str] = _same
    side: Callable[[str], str] = _same

    def names(self, people: Sequence[Player]) -> str:
        """The readers' names: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
        names = [p.name for p in people]
        if len(names) < 2:
            return "".join(names)
        return self.gettext("{names} and {last}").format(names=", ".join(names[:-1]),
                                                         last=names[-1])  # fmt: skip


ENGLISH: Final = Words()
"""The letters' English (the messages as written)."""
