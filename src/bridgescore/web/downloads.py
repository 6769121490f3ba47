"""What a session's downloads hold and are named: its PBN export text, and the
``Content-Disposition`` named after its event.

Shared by the session's pages (:mod:`.sessions`) and the API's exports (:mod:`.exports`); a
module below the routers.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Literal
from urllib.parse import quote

from bridgescore.duplicate.session import Session

__all__ = ["disposition", "pbn_text"]


def pbn_text(session: Session, per: Literal["board", "table"] = "board") -> str:
    """The session in PBN export format; its sections without boards are left out."""
    from bridgescore import pbn

    played = tuple(s for s in session.sections if s.boards)
    if not played:
        return "% PBN 2.1\r\n% EXPORT\r\n"
    return pbn.write(_one_line_names(replace(session, sections=played)), per=per)


def _one_line(text: str) -> str:
    return "".join(" " if unicodedata.category(c) in _NOT_IN_NAMES else c for c in text)


_NOT_IN_NAMES = ("Cc", "Cs", "Zl", "Zp")
"""What :func:`bridgescore.model.check_name` refuses: control characters, line breaks."""


def _one_line_names(session: Session) -> Session:
    """The session with a space for each line break or control character in its names (a
    session stored before names were checked), so that the PBN writer takes them."""
    names = [session.event, *(s.name for s in session.sections),
             *(p.names for s in session.sections for p in s.pairs)]  # fmt: skip
    if all(_one_line(name) == name for name in names):
        return session
    sections = tuple(
        replace(s, name=_one_line(s.name),
                pairs=tuple(replace(p, names=_one_line(p.names)) for p in s.pairs))
        for s in session.sections
    )  # fmt: skip
    return replace(session, event=_one_line(session.event), sections=sections)


def disposition(event: str, extension: str) -> str:
    """A download's ``Content-Disposition``: the event's name in UTF-8 (RFC 6266, RFC 8187)
    and an ASCII fallback for old clients.

    >>> print(disposition("Łódź Pairs", "csv"))
    attachment; filename="odz-Pairs.csv"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20Pairs.csv
    """
    plain = unicodedata.normalize("NFKD", event)
    fallback = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in plain
                       if not unicodedata.combining(c))  # fmt: skip
    fallback = "-".join(p for p in fallback.split("-") if p) or "session"
    full = quote(f"{event.strip() or 'session'}.{extension}", safe="")
    return f"attachment; filename=\"{fallback}.{extension}\"; filename*=UTF-8''{full}"
