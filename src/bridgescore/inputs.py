"""Values as people type them into a form or a link: numbers, tricks and names.

Each reader takes the text as sent, reads it in time linear in its length (and only a few
characters of it), and refuses anything else with a :class:`~bridgescore.BridgeError` whose
``field`` names the input, so a page can show the message next to it.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Final

from bridgescore.errors import InvalidResultError, NotationError
from bridgescore.model import check_tricks, quote_text

__all__ = ["LANGUAGE_CODES", "LONGEST_NAME", "check_name", "read_number", "read_tricks"]

LONGEST_NAME: Final = 200
"""The one maximum length of a name: a player's, a pair's, a team's, a club's, an event's
(every layer takes what the core took: a form's field, a column, a letter)."""

_CATALOGUES: Final = (Path(__file__).parent / "locale").glob("*/LC_MESSAGES/messages.po")
LANGUAGE_CODES: Final = frozenset({"en"} | {p.parent.parent.name for p in _CATALOGUES})
"""The languages bridgescore speaks: English and each with a catalogue
(``locale/<code>/LC_MESSAGES/messages.po``), the one list a club's language is checked
against and :data:`bridgescore.locale.LANGUAGES` names.

>>> {"en", "fr", "de"} <= LANGUAGE_CODES
True
"""


def read_number(text: str | int, field: str, *, low: int = 1, high: int = 9999) -> int:
    """Read a whole number from ``low`` to ``high`` from the text a form or a URL sends.

    Only ASCII digits count (``'²'`` is no number) and the text is read only if it is short,
    so no input costs more than a few steps.

    >>> read_number(" 12 ", "board"), read_number(3, "pair")
    (12, 3)
    >>> read_number("0", "board")
    Traceback (most recent call last):
    ...
    bridgescore.errors.InvalidResultError: board: expected a whole number from 1 to 9999, got '0'

    :raises InvalidResultError: for anything else, with ``field`` as its field.
    """
    number: object = text
    if isinstance(text, str):
        plain = text.strip()
        ok = 0 < len(plain) <= len(str(high)) and plain.isascii() and plain.isdigit()
        number = int(plain) if ok else None
    if number.__class__ is not int or not low <= number <= high:
        shown = quote_text(text) if isinstance(text, str) else repr(text)
        raise InvalidResultError.coded(
            "number_range", field=field, value=text, name=field, low=low, high=high, shown=shown
        )
    return number


def check_name(text: str, field: str, *, longest: int = LONGEST_NAME) -> str:
    """Check a name (an event, a section, a pair): one line of at most ``longest`` characters.

    >>> check_name("Łódź Pairs", "event")
    'Łódź Pairs'
    >>> check_name("A\\nB", "section")
    Traceback (most recent call last):
    ...
    bridgescore.errors.NotationError: section: one line without control characters, got 'A\\nB'

    :raises NotationError: for a longer name or one with a control character or a line break.
    """
    if len(text) > longest:
        raise NotationError.coded(
            "name_too_long",
            field=field,
            value=text,
            name=field,
            longest=longest,
            length=len(text),
            text=quote_text(text),
        )
    if any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in text):
        raise NotationError.coded(
            "name_one_line", field=field, value=text, name=field, text=quote_text(text)
        )
    return text


def read_tricks(text: str | int) -> int:
    """Read a number of tricks, 0 to 13, from the text a form sends (or a number).

    >>> read_tricks(" 7 "), read_tricks(10)
    (7, 10)
    >>> read_tricks("²")
    Traceback (most recent call last):
    ...
    bridgescore.errors.InvalidResultError: tricks must be a whole number from 0 to 13, got '²'

    :raises InvalidResultError: for anything else (its field is ``'tricks'``).
    """
    if isinstance(text, str):
        plain = text.strip()
        if 0 < len(plain) <= 2 and plain.isascii() and plain.isdigit():
            return check_tricks(int(plain))
    return check_tricks(text)
