"""The exceptions bridgescore raises.

Every error the library raises on purpose is a :class:`BridgeError`, so an outer layer (the
CLI, the web app) can catch that one class and show its message. The ones about bad values are
also :class:`ValueError`, so ``except ValueError`` keeps working for callers who think of them
that way. Messages are lower case, quote the offending input with ``!r`` and say what is allowed.

An error about an input also says which input: :attr:`BridgeError.field` is a stable name
(``'contract'``, ``'tricks'``, ``'declarer'``, ``'vulnerability'``, ``'honors'``, ``'board'``,
``'pair'``, ``'by'`` ...) and :attr:`BridgeError.value` the value given, so a form can mark the
field and an API can name it without reading the message:

>>> import bridgescore
>>> try:
...     bridgescore.score("4Z", 8, vulnerable=False)
... except bridgescore.NotationError as exc:
...     print(exc.field, repr(exc.value))
contract '4Z'

An error a player may read also carries a :attr:`BridgeError.code` and its
:attr:`BridgeError.params`: the code names an English template in :data:`MESSAGES` (marked
with :func:`N_` for ``pybabel extract``), so the web app and the CLI can say it in the reader's
language while the core stays standard library only:

>>> try:
...     bridgescore.score("4H", 14, vulnerable=False)
... except bridgescore.InvalidResultError as exc:
...     print(exc.code, exc.params)
tricks_range {'tricks': '14'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Self

from bridgescore._messages import MESSAGES, N_

__all__ = [
    "MESSAGES",
    "N_",
    "BatchError",
    "BridgeError",
    "BwsError",
    "DealFileError",
    "DealingError",
    "EventError",
    "GameStateError",
    "InvalidBoardError",
    "InvalidResultError",
    "LinError",
    "MasterpointError",
    "MissingExtraError",
    "MovementError",
    "NotationError",
    "PbnError",
    "RulesError",
    "SessionError",
    "TeamsFileError",
    "UsebioError",
    "for_field",
]


class BridgeError(Exception):
    """Base class of every error bridgescore raises on purpose.

    >>> err = BridgeError("tricks must be 0-13, got 14", field="tricks", value=14)
    >>> str(err), err.field, err.value
    ('tricks must be 0-13, got 14', 'tricks', 14)
    """

    field: str | None
    """The input the error is about (``'contract'``, ``'tricks'`` ...), or None."""
    value: object
    """The value given for that input, as it was given (None if unknown)."""
    code: str | None = None
    """The key of the message's template in :data:`MESSAGES`, or None (English only)."""
    params: Mapping[str, object] = {}
    """The values the template names."""

    def __init__(self, *args: Any, field: str | None = None, value: object = None) -> None:
        super().__init__(*args)
        self.field = field
        self.value = value

    @classmethod
    def coded(
        cls,
        code: str,
        *,
        field: str | None = None,
        value: object = None,
        at: Any = None,  # Mapping[str, object], typed so that **params may fill the others
        **params: object,
    ) -> Self:
        """The error whose message is :data:`MESSAGES` ``[code]`` filled with ``params``;
        ``at`` gives a file error's place (its ``line``, ``source`` ...: :meth:`placed`).

        >>> err = InvalidResultError.coded("tricks_range", field="tricks", value=14, tricks="14")
        >>> str(err), err.code, err.params
        ('tricks must be a whole number from 0 to 13, got 14', 'tricks_range', {'tricks': '14'})
        """
        err = cls(MESSAGES[code].format(**params), field=field, value=value, **(at or {}))
        err.code, err.params = code, params
        return err

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """The message of ``reason`` (this error's, said in a language) with the error's place
        in front, its words translated by ``say``: none here; a file's error names its line.

        >>> BridgeError("x").placed("why")
        'why'
        """
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep field and value across pickling (Dask workers, process pools).
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type[BridgeError], args: tuple[Any, ...], state: dict[str, Any]) -> BridgeError:
    err = cls.__new__(cls)
    Exception.__init__(err, *args)
    err.__dict__.update(state)
    return err


@contextmanager
def for_field(name: str, value: object = None) -> Iterator[None]:
    """Name the input that errors raised inside the block are about.

    A parser that knows only that it read a seat says ``'seat'``; the caller that gave it the
    declarer says ``'declarer'``: every :class:`BridgeError` leaving the block gets ``name`` as
    its :attr:`~BridgeError.field` (and ``value``, if given, as its value).

    >>> from bridgescore import Seat
    >>> try:
    ...     with for_field("declarer"):
    ...         Seat.parse("Q")
    ... except BridgeError as exc:
    ...     print(exc.field, repr(exc.value))
    declarer 'Q'
    """
    try:
        yield
    except BridgeError as exc:
        exc.field = name
        if value is not None:
            exc.value = value
        raise


class MissingExtraError(BridgeError, ImportError):
    """A part of bridgescore needs an optional dependency this install lacks: the message
    names it and the extra that brings it (``pip install 'bridgescore[web]'``)."""


class NotationError(BridgeError, ValueError):
    """Text that cannot be read as bridge notation, such as ``'4Z'`` or ``'4HXXX'``."""


class InvalidResultError(BridgeError, ValueError):
    """A well-formed but impossible value, such as ``'7NT+1'`` or 14 tricks."""


class InvalidBoardError(BridgeError, ValueError):
    """A board number that is not a positive integer."""


class RulesError(BridgeError, ValueError):
    """An unknown rule set or scoring option, such as ``undertrick_rule='1932'``."""


class GameStateError(BridgeError, ValueError):
    """An action the state of a game does not allow, such as a deal after the rubber is over."""


class SessionError(BridgeError, ValueError):
    """Results that contradict each other or the section, such as a pair at two tables."""


class MovementError(BridgeError, ValueError):
    """A movement that cannot exist, such as a Howell for 30 tables or a board played twice."""


class BatchError(BridgeError, ValueError):
    """A column of deals that cannot be scored (:mod:`bridgescore.batch`, ``bridgescore batch``).

    The message names the first bad row (counted from 0), the column and the value, and says what
    is allowed; :attr:`row` and :attr:`column` hold the first two (None when the whole input is
    wrong, such as columns of different lengths). :attr:`field` is the column.

    >>> str(BatchError("got 14; expected a whole number from 0 to 13", 3, "tricks"))
    "row 3, column 'tricks': got 14; expected a whole number from 0 to 13"
    """

    def __init__(
        self,
        reason: str,
        row: int | None = None,
        column: str | None = None,
        *,
        value: object = None,
    ) -> None:
        super().__init__(reason, row, column, field=column, value=value)
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
    ``results.pbn, line 12: unterminated tag value: '[Board "1'``. :attr:`field` is the tag or
    column the problem is in, when it is about one (``'Contract'``, ``'Board'``).
    """

    line: int | None
    """The line the problem is on (1 for the first line), if it is about one."""
    source: str
    """The file's name, or ``'<text>'``."""
    reason: str
    """The message without the file and line."""

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        source: str = "<text>",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.line, self.source, self.reason = line, source, reason
        super().__init__(self.placed(reason), field=field, value=value)

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """``reason`` after the file's name and line, ``say`` translating their words.

        >>> PbnError("bad Dealer 'Q'", line=3, source="club.pbn").placed("mauvais")
        'club.pbn, line 3: mauvais'
        """
        return _placed(reason, say, self.source, line=self.line)


class TeamsFileError(PbnError):
    """A PBN file of team matches (``HomeTeam``/``VisitTeam``, ``Room "Open"``/``"Closed"``)
    given where a pairs session is read: :func:`bridgescore.pbn.read_matches` reads it, or
    ``bridgescore event score``; it is never scored as pairs."""


class DealFileError(NotationError):
    """A deal file (PBN, or a dealing machine's ``.dup``, ``.dlm``, ``.bri``, ``.dge``) that
    cannot be read, or boards a format cannot hold (:mod:`bridgescore.deals`).

    The message names the file, the board and the byte (counted from 0) or line (from 1)
    where it goes wrong, and quotes what is there:

    >>> str(DealFileError("card 53 is not a card; expected 01 to 52", source="set.bri",
    ...                   board=3, byte=262))
    'set.bri, board 3, byte 262: card 53 is not a card; expected 01 to 52'
    """

    source: str
    """The file's name, or ``'<bytes>'``."""
    board: int | None
    """The board the problem is in, if it is about one."""
    line: int | None
    """The line (1 for the first) of a text format, if known."""
    byte: int | None
    """The offset (0 for the first byte) of a binary format, if known."""
    reason: str
    """The message without the file, board and place."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<bytes>",
        board: int | None = None,
        line: int | None = None,
        byte: int | None = None,
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.board, self.line, self.byte = source, board, line, byte
        self.reason = reason
        super().__init__(self.placed(reason), field=field, value=value)

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """``reason`` after the file's name, the board and the line or byte."""
        return _placed(reason, say, self.source, board=self.board, line=self.line, byte=self.byte)


class DealingError(BridgeError, ValueError):
    """Boards that cannot be dealt as asked: a seed, commitment or set of boards that does not
    check out (:func:`bridgescore.deals.verify`), a seed too short to keep a set secret, or a
    request :func:`bridgescore.batch.deal_where` cannot meet (a bad count, a predicate that does
    not give one bool a deal, a condition too rare to find enough deals of).

    One class for both: ``except DealingError`` catches either (``bridgescore.batch.DealingError``
    is this class)."""


class EventError(BridgeError, ValueError):
    """A team or Swiss event asked to do what its state does not allow, such as a result for a
    match that was not drawn, or a swap in a round that has started."""


class LinError(NotationError):
    """A BBO LIN file that cannot be read (or a board that cannot be written as one).

    The message names the file, the board and the character offset (counted from 0) and
    quotes the text: ``match.lin, board 3, character 812: bad card 'Z9' in pc|``.
    :attr:`field` is the LIN key the problem is in (``'md'``, ``'pc'``).
    """

    board: int | None
    """The board the problem is in (its number), if known."""
    offset: int | None
    """Where in the text the problem starts (0 for the first character), if known."""
    source: str
    """The file's name, or ``'<text>'``."""
    reason: str
    """The message without the file, board and offset."""

    def __init__(
        self,
        reason: str,
        *,
        board: int | None = None,
        offset: int | None = None,
        source: str = "<text>",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.board, self.offset, self.source, self.reason = board, offset, source, reason
        super().__init__(self.placed(reason), field=field, value=value)

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """``reason`` after the file's name, the board and the character."""
        return _placed(reason, say, self.source, board=self.board, character=self.offset)


class BwsError(NotationError):
    """A Bridgemate ``.bws`` file (an Access database) that cannot be read.

    The message names the file, then the table and row where the problem is, and quotes the
    value: ``club.bws, ReceivedData ID 12: Contract '9 Z' is not a contract``. :attr:`field`
    is the column (or ``'file'`` for the file as a whole: too large, not a database, too slow).

    >>> str(BwsError("Contract '9 Z' is not a contract", source="club.bws",
    ...              where="ReceivedData ID 12", field="Contract", value="9 Z"))
    "club.bws, ReceivedData ID 12: Contract '9 Z' is not a contract"
    """

    source: str
    """The file's name."""
    where: str
    """The table and row the problem is in (``'ReceivedData ID 12'``), or ``''``."""
    reason: str
    """The message without the file and the row."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<file>",
        where: str = "",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.where, self.reason = source, where, reason
        super().__init__(self.placed(reason), field=field, value=value)

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """``reason`` after the file's name and the table's row (named as the file names it)."""
        return _placed(reason, say, self.source, named=self.where)


class UsebioError(NotationError):
    """A USEBIO XML file that cannot be read (or a session that cannot be written as one).

    The message names the file, the line and the element, and quotes the value:
    ``club.xml, line 40, BOARD 3: TRICKS 'x' is not a number``. :attr:`field` is the element
    (or attribute) the problem is in.

    >>> str(UsebioError("TRICKS 'x' is not a number", source="club.xml", line=40,
    ...                 where="BOARD 3", field="TRICKS", value="x"))
    "club.xml, line 40, BOARD 3: TRICKS 'x' is not a number"
    """

    source: str
    """The file's name, or ``'<bytes>'``."""
    line: int | None
    """The line (1 for the first) the element starts on, if known."""
    where: str
    """The element the problem is in (``'BOARD 3, TRAVELLER_LINE 2'``), or ``''``."""
    reason: str
    """The message without the file, line and element."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<bytes>",
        line: int | None = None,
        where: str = "",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.line, self.where, self.reason = source, line, where, reason
        super().__init__(self.placed(reason), field=field, value=value)

    def placed(self, reason: str, say: Callable[[str], str] = str) -> str:
        """``reason`` after the file's name, the line and the element (named as the file
        names it)."""
        return _placed(reason, say, self.source, line=self.line, named=self.where)


def _placed(
    reason: str, say: Callable[[str], str], source: str, *, named: str = "", **parts: int | None
) -> str:
    """``reason`` after a file's name, its place (``board``, ``line``, ``byte``, ``character``:
    each part's words a template of :data:`MESSAGES`, ``say`` translating it) and the part
    of the file ``named`` as the file names it (``'BOARD 3'``, ``'ReceivedData ID 12'``).

    >>> _placed("why", str, "a.pbn", board=3, line=None)
    'a.pbn, board 3: why'
    """
    where = [source]
    where += [
        say(MESSAGES[f"place_{k}"]).format(**{k: v}) for k, v in parts.items() if v is not None
    ]
    where += [named] if named else []
    return f"{', '.join(where)}: {reason}"


class MasterpointError(RulesError):
    """A masterpoint scheme or weight that cannot be used (``--masterpoints``), or an award the
    published rules do not give: :attr:`field` is ``'masterpoints'`` (or the input at fault,
    such as ``'sessions'``) and :attr:`value` the value given.

    >>> err = MasterpointError("unknown scheme 'xyz'", field="masterpoints", value="xyz")
    >>> isinstance(err, ValueError), err.field
    (True, 'masterpoints')
    """
