"""Where in a PBN file: the file and the line every :class:`~bridgescore.errors.PbnError` names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from bridgescore.errors import PbnError


@dataclass(frozen=True, slots=True)
class Location:
    """A line of a file, which raises errors that name it.

    >>> at = Location("club.pbn", 3)
    >>> at.fail("bad Dealer 'Q': expected N, E, S or W", field="Dealer", value="Q")
    Traceback (most recent call last):
    ...
    bridgescore.errors.PbnError: club.pbn, line 3: bad Dealer 'Q': expected N, E, S or W
    >>> at.at(0).fail("section A has no boards")
    Traceback (most recent call last):
    ...
    bridgescore.errors.PbnError: club.pbn: section A has no boards
    """

    source: str = "<text>"
    """The file's name, or ``'<text>'``."""
    line: int = 0
    """The line (1 for the first); 0 when unknown, and the message then names only the file."""

    def at(self, line: int) -> Location:
        """Another line of the same file (made at once: a reader asks one a tag it reads)."""
        made = _new(Location)
        _SOURCE(made, self.source)
        _LINE(made, line)
        return made

    def fail(self, reason: str, *, field: str | None = None, value: object = None) -> NoReturn:
        """Raise a :class:`PbnError` about this line: ``field`` is the tag or column the problem
        is in (``'Contract'``, ``'PairId_NS'``), ``value`` the text found there."""
        raise PbnError(reason, line=self.line or None, source=self.source, field=field, value=value)

    def refuse(
        self, code: str, *, field: str | None = None, value: object = None, **params: object
    ) -> NoReturn:
        """:meth:`fail` with the reason :data:`~bridgescore.errors.MESSAGES` ``[code]`` filled
        with ``params``, so that the web and the CLI say it in the reader's language.

        >>> Location("club.pbn", 3).refuse("pbn_dealer", field="Dealer", value="Q", text="Q")
        Traceback (most recent call last):
        ...
        bridgescore.errors.PbnError: club.pbn, line 3: bad Dealer 'Q': expected N, E, S or W
        """
        at = {"line": self.line or None, "source": self.source}
        raise PbnError.coded(code, field=field, value=value, at=at, **params)


_new = object.__new__
_SOURCE = vars(Location)["source"].__set__
_LINE = vars(Location)["line"].__set__
"""The fields' slots, set as the frozen constructor sets them (:meth:`Location.at`)."""


def quote(text: str, limit: int = 60) -> str:
    """Quote a piece of input for a message, shortened if long.

    >>> quote("  4S by S "), quote("x" * 70, limit=10)
    ("'4S by S'", "'xxxxxxx...'")
    """
    text = " ".join(text.split()) if len(text) > limit else text.strip()
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")
