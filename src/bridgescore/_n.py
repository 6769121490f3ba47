"""The marker of an English message to translate (:func:`N_`), in a module of its own so the
error templates' modules (:mod:`bridgescore._messages` and its parts) can all import it."""

from __future__ import annotations

__all__ = ["N_"]


def N_(message: str) -> str:
    """Mark an English message for translation (``pybabel extract`` finds it); return it as is.

    >>> N_("tricks must be a whole number from 0 to 13, got {tricks}")
    'tricks must be a whole number from 0 to 13, got {tricks}'
    """
    return message
