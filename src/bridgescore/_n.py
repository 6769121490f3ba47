"""The marker of a text to translate that is defined before it is said (:func:`N_`)."""

from __future__ import annotations

__all__ = ["N_"]


def N_(message: str) -> str:
    """Mark an English message for translation (``pybabel extract`` finds it); return it as is.

    >>> N_("tricks must be a whole number from 0 to 13, got {tricks}")
    'tricks must be a whole number from 0 to 13, got {tricks}'
    """
    return message
