"""The heading of a session's results: the club, the date, the director and the event, said
once for every page and file that shows the results (the results page, the CSV's tags, PBN's
tags, USEBIO's event)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bridgescore.duplicate.session._data import Session
from bridgescore.errors import N_

__all__ = ["DIRECTOR", "Heading", "heading"]

DIRECTOR: Final = N_("Director: {name}")
"""The heading's director, in English (the outer layers say it in the reader's language)."""

_MONTHS: Final = ("January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December")  # fmt: skip
_PBN_DATE: Final = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})", re.ASCII)


@dataclass(frozen=True, slots=True)
class Heading:
    """What heads a session's results; an empty string where it is not known."""

    event: str
    date: str
    """As the session keeps it (PBN's ``2026.12.01``)."""
    club: str
    """The club's label, ``Acol BC (EBU 12)`` (the session's ``Club`` tag)."""
    director: str
    site: str

    @property
    def when(self) -> dt.date | None:
        """The date, if the session keeps a whole one.

        >>> Heading("", "2026.12.01", "", "", "").when, Heading("", "2026.02.30", "", "", "").when
        (datetime.date(2026, 12, 1), None)
        """
        m = _PBN_DATE.fullmatch(self.date)
        try:
            return dt.date(int(m[1]), int(m[2]), int(m[3])) if m else None
        except ValueError:
            return None

    @property
    def day(self) -> str:
        """The date as players read it: ``1 December 2026`` (else as kept, ``?`` left out).

        >>> Heading("", "2026.12.01", "", "", "").day, Heading("", "2026.??.??", "", "", "").day
        ('1 December 2026', '2026.??.??')
        """
        m = _PBN_DATE.fullmatch(self.date)
        if m and 1 <= int(m[2]) <= 12 and 1 <= int(m[3]) <= 31:
            return f"{int(m[3])} {_MONTHS[int(m[2]) - 1]} {m[1]}"
        return "" if self.date in ("", "?") else self.date

    @property
    def line(self) -> str:
        """The line under the event's name: the club, the date, the director.

        >>> Heading("Pairs", "2026.12.01", "Acol BC (EBU 12)", "Jo Bloggs", "Acol BC").line
        'Acol BC (EBU 12) · 1 December 2026 · Director: Jo Bloggs'
        """
        return self.said()

    def said(self, director: str = DIRECTOR, day: Callable[[dt.date], str] | None = None) -> str:
        """:attr:`line` in another language: ``director``, :data:`DIRECTOR` translated, and
        ``day``, how it writes a date (a date not whole stays as kept).

        >>> top = Heading("Pairs", "2026.12.01", "Acol BC", "Jo Bloggs", "")
        >>> top.said("Arbitre : {name}", lambda d: d.isoformat())
        'Acol BC · 2026-12-01 · Arbitre : Jo Bloggs'
        """
        when = self.when
        parts = [self.club or self.site, day(when) if day and when else self.day]
        if self.director:
            parts.append(director.format(name=self.director))
        return " · ".join(p for p in parts if p)

    def tags(self) -> dict[str, str]:
        """The heading as the files' tags, in this order, those known only: ``Event``,
        ``Date``, ``Club``, ``Director``, ``Site``."""
        tags = {"Event": self.event, "Date": self.date, "Club": self.club,
                "Director": self.director, "Site": self.site}  # fmt: skip
        return {k: v for k, v in tags.items() if v}


def heading(session: Session) -> Heading:
    """A session's heading, from its event, its date and its tags (``Club``, ``Director``,
    ``Site``: what a club's evening keeps).

    >>> from bridgescore.duplicate.session import Section
    >>> s = Session((Section(),), event="Tuesday", date="2026.12.01",
    ...             tags={"Club": "Acol BC (EBU 12)", "Director": "Jo Bloggs"})
    >>> heading(s).line
    'Acol BC (EBU 12) · 1 December 2026 · Director: Jo Bloggs'
    """
    tags = session.tags
    return Heading(session.event, session.date, tags.get("Club", ""), tags.get("Director", ""),
                   tags.get("Site", ""))  # fmt: skip
