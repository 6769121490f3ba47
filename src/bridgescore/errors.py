"""The exceptions bridgescore raises.

Every error the library raises on purpose is a :class:`BridgeError`, so an outer layer (the
CLI, the web app) can catch that one class and show its message. The ones about bad values are
also :class:`ValueError`, so ``except ValueError`` keeps working for callers who think of them
that way. Messages are lower case, quote the offending input with ``!r`` and say what is allowed.
"""

from __future__ import annotations

__all__ = [
    "BatchError",
    "BridgeError",
    "GameStateError",
    "InvalidBoardError",
    "InvalidResultError",
    "NotationError",
    "PbnError",
    "RulesError",
]


class BridgeError(Exception):
    """Base class of every error bridgescore raises on purpose."""


class NotationError(BridgeError, ValueError):
    """Text that cannot be read as bridge notation, such as ``'4Z'`` or ``'4HXXX'``."""


class InvalidResultError(BridgeError, ValueError):
    """A well-formed but impossible value, such as ``'7NT+1'`` or 14 tricks."""


class InvalidBoardError(BridgeError, ValueError):
    """A board number that is not a positive integer."""


class RulesError(BridgeError, ValueError):
    """An unknown rule set or scoring option, such as ``undertricks='1932'``."""


class GameStateError(BridgeError, ValueError):
    """An action the state of a game does not allow, such as a deal after the rubber is over."""


class BatchError(BridgeError, ValueError):
    """A column of deals that cannot be scored (:mod:`bridgescore.batch`, ``bridgescore batch``).

    The message names the first bad row (counted from 0), the column and the value, and says what
    is allowed; :attr:`row` and :attr:`column` hold the first two (None when the whole input is
    wrong, such as columns of different lengths).

    >>> str(BatchError("got 14; expected a whole number from 0 to 13", 3, "tricks"))
    "row 3, column 'tricks': got 14; expected a whole number from 0 to 13"
    """

    def __init__(self, reason: str, row: int | None = None, column: str | None = None) -> None:
        super().__init__(reason, row, column)
        self.reason = reason
        """What is wrong, without the row and column."""
        self.row = row
        """The first bad row, counted from 0."""
        self.column = column
        """The name of the bad column."""

    def __str__(self) -> str:
        where = [] if self.row is None else [f"row {self.row}"]
        if self.column is not None:
            where.append(f"column {self.column!r}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason


class PbnError(NotationError):
    """A PBN file that cannot be read (or a session that cannot be written as one).

    The message names the file and the line and quotes the text:
    ``results.pbn, line 12: unterminated tag value: '[Board "1'``.
    """

    line: int | None
    """The line the problem is on (1 for the first line), if it is about one."""
    source: str
    """The file's name, or ``'<text>'``."""
    reason: str
    """The message without the file and line."""

    def __init__(self, reason: str, *, line: int | None = None, source: str = "<text>") -> None:
        self.line, self.source, self.reason = line, source, reason
        where = f"{source}, line {line}" if line is not None else source
        super().__init__(f"{where}: {reason}")
