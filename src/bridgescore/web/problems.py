"""How a refused request is answered: the one error body (:class:`Problem`) and the one table
of statuses (:data:`STATUSES`).

Every error raised on purpose is a :class:`~bridgescore.BridgeError`; its class says what
went wrong, and :data:`STATUSES` says which HTTP status that is. The app's one handler
(:func:`bridgescore.web.guard.install`) answers every such error the routes let through with
:func:`refusal`: a 422 in FastAPI's shape (``{"detail": [{"loc": [..., field], ...}]}``),
anything else as a :class:`Problem` (``{"detail": "..."}``; a 403 also names its ``field``).
A route catches an error only to answer with another body (a 409 that shows the stored
result). The routes document their refusals with :func:`problem` and :func:`refused`, so the
schema gives the status the table gives.

A module below every router: the routers, the guards and :mod:`~bridgescore.web.deps` import
it, it imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from pydantic import BaseModel, Field

from bridgescore.club import ClubError, ClubNotFoundError, LoginError, TooManyAttemptsError
from bridgescore.club.filing import FilingError, NotFinalError
from bridgescore.club.mail import MailError, MailingError
from bridgescore.errors import (
    BatchError,
    BridgeError,
    DealingError,
    EventError,
    GameStateError,
    InvalidBoardError,
    InvalidResultError,
    MissingExtraError,
    MovementError,
    NotationError,
    RulesError,
    SessionError,
)
from bridgescore.events import TieError
from bridgescore.live import (
    AlreadyEnteredError,
    NotAllowedError,
    NotReachedError,
    TooManyRequestsError,
    UnknownResultError,
)
from bridgescore.live.definition import NotReadyError
from bridgescore.storage.errors import (
    DatabaseError,
    GameNotFoundError,
    StorageError,
    VersionConflictError,
)

__all__ = [
    "BODY",
    "STATUSES",
    "Problem",
    "Refusal",
    "Responses",
    "problem",
    "refusal",
    "refused",
    "status_of",
]


class Problem(BaseModel):
    """A refusal, in words: what is wrong and what would do."""

    detail: str = Field(examples=["no game with id 'x'"])


STATUSES: Final[Mapping[type[BridgeError], int]] = MappingProxyType(
    {
        # An input that will not do (the core's checks): 422, naming the field.
        BridgeError: 422,
        NotationError: 422,
        InvalidResultError: 422,
        InvalidBoardError: 422,
        RulesError: 422,
        GameStateError: 422,
        SessionError: 422,
        NotReachedError: 422,
        MovementError: 422,
        BatchError: 422,
        DealingError: 422,
        EventError: 422,
        ClubError: 422,
        MailError: 422,
        FilingError: 422,
        # Who may: no login, or not this token's.
        LoginError: 401,
        TooManyAttemptsError: 429,
        TooManyRequestsError: 429,
        NotAllowedError: 403,
        # Nothing there (or not this club's).
        GameNotFoundError: 404,
        UnknownResultError: 404,
        ClubNotFoundError: 404,
        # Not now: entered already, changed since, the event or the mailing not ready.
        AlreadyEnteredError: 409,
        NotReadyError: 409,
        TieError: 409,
        VersionConflictError: 409,
        MailingError: 409,
        NotFinalError: 409,
        # The database busy, unreachable or full: try again.
        # A part this install lacks (an optional dependency): the message names it.
        MissingExtraError: 501,
        StorageError: 503,
        DatabaseError: 503,
    }
)
"""The HTTP status of each kind of :class:`~bridgescore.BridgeError` (a kind not listed has
its nearest listed ancestor's). The handler answers with it; a route that answers an error
itself (a 409 with the stored result) keeps to the same status."""


def status_of(kind: type[BridgeError]) -> int:
    """The status of an error class: its own entry in :data:`STATUSES`, else its nearest
    ancestor's.

    >>> from bridgescore.errors import PbnError
    >>> status_of(PbnError), status_of(NotAllowedError), status_of(GameNotFoundError)
    (422, 403, 404)
    """
    for ancestor in kind.__mro__:
        if ancestor in STATUSES:
            return STATUSES[ancestor]
    raise TypeError(f"not a BridgeError: {kind!r}")


@dataclass(frozen=True, slots=True)
class Refusal:
    """How an error is answered: its status and the headers that go with it."""

    status: int
    headers: Mapping[str, str] | None = None


def refusal(exc: BridgeError) -> Refusal:
    """The answer to an error: its status (:func:`status_of`), with ``WWW-Authenticate`` on
    a 401, and ``Retry-After`` on a 429 (the attempts' wait) or a 503.

    >>> refusal(TooManyAttemptsError("too many login attempts", retry_after=41.7))
    Refusal(status=429, headers={'Retry-After': '42'})
    >>> refusal(DatabaseError("the database is busy, try again"))
    Refusal(status=503, headers={'Retry-After': '1'})
    """
    status = status_of(type(exc))
    if status == 401:
        return Refusal(status, {"WWW-Authenticate": "Bearer"})
    if status == 429:
        wait = float(getattr(exc, "retry_after", 0.0) or 0.0)
        return Refusal(status, {"Retry-After": str(max(1, round(wait)))})
    if status == 503:
        return Refusal(status, {"Retry-After": "1"})
    return Refusal(status)


Responses = dict[int | str, dict[str, Any]]
"""A route's documented answers besides its own (FastAPI's ``responses=``)."""


def problem(description: str) -> dict[str, Any]:
    """One documented refusal: its body is a :class:`Problem`.

    >>> problem("No such game.")["description"]
    'No such game.'
    """
    return {"model": Problem, "description": description}


def refused(kind: type[BridgeError], description: str) -> Responses:
    """A refusal documented at the status :data:`STATUSES` gives ``kind``.

    >>> list(refused(NotReadyError, "The round before is unfinished."))
    [409]
    """
    return {status_of(kind): problem(description)}


BODY: Final[Responses] = {
    400: problem("The body is not JSON."),
    413: problem("The body is larger than the limit."),
}
"""What any call with a body may answer to a body it cannot read."""
