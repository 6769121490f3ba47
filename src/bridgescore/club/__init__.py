"""Clubs: their directors, their roster and players, and the results they send by email.

- :mod:`~bridgescore.club.clubs`: a club, its directors and roster, who may direct what (its
  names are also this package's);
- :mod:`~bridgescore.club.mail`: a club's SMTP settings and each player's letter.
"""

from __future__ import annotations

from bridgescore.club.clubs import (
    ANONYMOUS,
    BODIES,
    LONGEST_CORRECTION_HOURS,
    NOT_NAMED,
    Attempts,
    Club,
    ClubError,
    ClubNotFoundError,
    Director,
    LoginError,
    PlayersShown,
    PublicView,
    RosterEntry,
    TooManyAttemptsError,
    check_directs,
    check_email,
    check_password,
    erase_player,
    hide_private,
    is_provisional,
    provisional_until,
    public_name,
)

__all__ = [
    "ANONYMOUS",
    "BODIES",
    "LONGEST_CORRECTION_HOURS",
    "NOT_NAMED",
    "Attempts",
    "Club",
    "ClubError",
    "ClubNotFoundError",
    "Director",
    "LoginError",
    "PlayersShown",
    "PublicView",
    "RosterEntry",
    "TooManyAttemptsError",
    "check_directs",
    "check_email",
    "check_password",
    "erase_player",
    "hide_private",
    "is_provisional",
    "provisional_until",
    "public_name",
]
