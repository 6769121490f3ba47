"""Clubs: their directors, their roster and players, and the results they send by email.

- :mod:`~bridgescore.club.clubs`: a club, its directors and roster, who may direct what (its
  names are also this package's);
- :mod:`~bridgescore.club.mail`: a club's SMTP settings and each player's letter;
- :mod:`~bridgescore.club.filing`: an evening's masterpoints as its national body takes them,
  once the correction period has ended.
"""

from __future__ import annotations

from bridgescore.club import clubs
from bridgescore.club.clubs import *  # noqa: F403 - clubs' names are the package's

__all__ = clubs.__all__
