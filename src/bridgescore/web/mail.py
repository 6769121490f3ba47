"""Results by email: the club's SMTP settings, and the director's click that emails an evening.

``PUT /api/club/smtp`` keeps the club's outgoing mail server (the password is never shown
back: ``GET`` says only whether one is set). ``GET /api/sessions/{id}/emails`` is the
director's preview and report: who gets a letter, who cannot (no national number, not on the
roster, no email), and every letter queued so far with its state. Nothing is sent until the
director posts ``POST /api/sessions/{id}/emails``: the letters are then queued in the outbox in
the same transaction as the request (the core's :func:`~bridgescore.club.mail.check_mailing` asked
inside it), and the server's sender thread hands them to the club's server.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club.mail import Letter, MailError, MailPlan, SmtpSettings, plan_letters
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import Sender
from bridgescore.web.clubs import BODY_ERRORS, clubs, director, director_or_none
from bridgescore.web.live import live, require_director
from bridgescore.web.work import scores_of

__all__ = ["outbox", "router", "sender"]

_STRICT = ConfigDict(extra="forbid", strict=True)
Auth = Annotated[str | None, Header(description="Bearer <a director's login or edit token>")]
router = APIRouter(prefix="/api", tags=["email"], responses=BODY_ERRORS)


class Problem(BaseModel):
    """A refusal, in words."""

    detail: str


class SmtpIn(BaseModel):
    """The club's outgoing mail server: host, port, TLS (``starttls``, ``tls``, or ``none``
    for a server on this machine), the login, and the From address."""

    model_config = _STRICT

    host: str = Field(max_length=253, examples=["smtp.example.org"])
    port: int = Field(587, ge=1, le=65535)
    security: Literal["starttls", "tls", "none"] = "starttls"
    sender: str = Field(max_length=254, examples=["results@acol.example"])
    username: str | None = Field(None, max_length=254)
    password: str | None = Field(
        None, max_length=254, description="Omit it to keep the one stored (for the same user)."
    )


class EmailsIn(BaseModel):
    """``again``: send a new set although the evening's letters were sent already."""

    model_config = _STRICT

    again: bool = False


def outbox(request: Request) -> OutboxStore:
    """The app's outbox."""
    found: OutboxStore = request.app.state.outbox
    return found


def sender(request: Request) -> Sender:
    """The app's sender thread."""
    found: Sender = request.app.state.sender
    return found


@router.get("/club/smtp", responses={401: {"model": Problem, "description": "No login."}})
def get_smtp(request: Request, authorization: Auth = None) -> dict[str, Any]:
    """The club's SMTP settings (``null`` if none), without the password."""
    me = director(request, authorization)
    found = outbox(request).smtp(me.club_id)
    return {"smtp": None if found is None else found.to_dict()}


@router.put("/club/smtp", responses={401: {"model": Problem, "description": "No login."}})
def put_smtp(request: Request, body: SmtpIn, authorization: Auth = None) -> dict[str, Any]:
    """Set the club's SMTP settings; the answer is them, without the password."""
    me = director(request, authorization)
    password = body.password
    if password is None and body.username is not None:
        kept = outbox(request).smtp(me.club_id)
        if kept is not None and kept.username == body.username:
            password = kept.password
    settings = SmtpSettings(body.host, body.port, body.security, body.sender,
                            username=body.username, password=password)  # fmt: skip
    outbox(request).set_smtp(me.club_id, settings)
    return {"smtp": settings.to_dict()}


def _club(request: Request, game_id: str, authorization: str | None) -> str:
    """The club of a session its director asks about (403 for anyone else, 409 for a session
    of no club: it has no roster to send to)."""
    live(request).store.state(game_id)
    require_director(request, game_id, authorization, "emails the players")
    owner = clubs(request).owner(game_id)
    if owner is None:
        raise HTTPException(409, "this session belongs to no club: it has no roster to email")
    return owner


def _plan(request: Request, game_id: str, club_id: str) -> tuple[int, bool, bool, MailPlan]:
    """The letters of the session now: its version, whether closed and provisional, the plan."""
    state = live(request).store.state(game_id)
    scores = scores_of(request, (state.id, state.version), state.current)
    base = request.app.state.settings.base_url or str(request.base_url)
    provisional = outbox(request).provisional(
        game_id, clubs(request).club(club_id).correction_period
    )
    plan = plan_letters(state.current, scores, clubs(request).roster(club_id),
                        link=f"{base.rstrip('/')}/session/{game_id}",
                        provisional=provisional)  # fmt: skip
    return state.version, state.closed, provisional, plan


def _letter(x: Letter) -> dict[str, Any]:
    return {"to": x.to, "players": [p.to_dict() for p in x.players], "pair": x.pair,
            "subject": x.subject}  # fmt: skip


_SESSION: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "Not this session's director."},
    404: {"model": Problem, "description": "No such session."},
    409: {"model": Problem, "description": "The session is no club's (no roster to email)."},
}


@router.get("/sessions/{game_id}/emails", tags=["sessions"], responses=_SESSION)
def emails(request: Request, game_id: str, authorization: Auth = None) -> dict[str, Any]:
    """The director's preview and report: ``letters`` (who would get one now, and its
    subject), ``unreached`` (each player who cannot, and why), ``sent`` (every letter queued
    so far: its state ``queued``, ``claimed``, ``handing``, ``sent``, ``failed`` or
    ``unknown``, tries, the server's last answer) and the club's ``smtp`` settings."""
    club_id = _club(request, game_id, authorization)
    version, closed, provisional, plan = _plan(request, game_id, club_id)
    found = outbox(request).smtp(club_id)
    return {
        "version": version,
        "closed": closed,
        "provisional": provisional,
        "smtp": None if found is None else found.to_dict(),
        "letters": [_letter(x) for x in plan.letters],
        "unreached": [u.to_dict() for u in plan.unreached],
        "sent": [x.to_dict() for x in outbox(request).report(game_id)],
    }


@router.post(
    "/sessions/{game_id}/emails",
    status_code=202,
    tags=["sessions"],
    responses={
        **_SESSION,
        409: {
            "model": Problem,
            "description": "Open, sent already, changed, no SMTP settings, or no club's.",
        },
    },
)
def send_emails(
    request: Request, game_id: str, body: EmailsIn, authorization: Auth = None
) -> JSONResponse:
    """Email each player of the closed session their scorecard and the results link (the
    director's click): queued at once, sent by the server's sender; ``GET`` reports how it
    went. Once per session, unless ``{"again": true}``."""
    club_id = _club(request, game_id, authorization)
    version, _, _, plan = _plan(request, game_id, club_id)
    me = director_or_none(request, authorization)
    try:
        mailing = outbox(request).queue(game_id, club_id, version, plan.letters,
                                        "director" if me is None else me.email,
                                        again=body.again)  # fmt: skip
    except MailError as exc:
        raise HTTPException(409, str(exc)) from None
    sender(request).wake()
    return JSONResponse({"mailing": mailing.id, "queued": mailing.queued,
                         "unreached": len(plan.unreached)}, status_code=202)  # fmt: skip
