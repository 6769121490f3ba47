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

import re
from contextlib import suppress
from datetime import date
from decimal import Decimal
from typing import Any, Final, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore import locale
from bridgescore.club.filing import evening_awards
from bridgescore.club.mail import (
    Letter,
    MailingError,
    MailPlan,
    SmtpSettings,
    Words,
    plan_letters,
    plan_team_letters,
)
from bridgescore.errors import N_
from bridgescore.live import LiveState
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import destinations
from bridgescore.web.deps import (
    ClubsDep,
    CurrentDirector,
    OptionalDirector,
    OutboxDep,
    SenderDep,
    SessionState,
    SessionWho,
    SettingsDep,
    require_director,
)
from bridgescore.web.problems import BODY, Responses, problem, refused
from bridgescore.web.settings import Settings
from bridgescore.web.work import scores_of

__all__ = ["router"]

_STRICT = ConfigDict(extra="forbid", strict=True)
router = APIRouter(prefix="/api", tags=["email"], responses=BODY)


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


@router.get("/club/smtp", responses={401: problem("No login.")})
def get_smtp(me: CurrentDirector, outbox: OutboxDep) -> dict[str, Any]:
    """The club's SMTP settings (``null`` if none), without the password."""
    found = outbox.smtp(me.club_id)
    return {"smtp": None if found is None else found.to_dict()}


@router.put("/club/smtp", responses={401: problem("No login.")})
def put_smtp(
    body: SmtpIn, me: CurrentDirector, outbox: OutboxDep, settings: SettingsDep
) -> dict[str, Any]:
    """Set the club's SMTP settings; the answer is them, without the password. The host must
    be or resolve to public addresses only (422 naming ``host``), unless the server's
    operator allows a relay on this machine or its network (``serve --smtp-local``); a name
    not found now is kept, and looked up (and checked) again when the letters go."""
    password = body.password
    if password is None and body.username is not None:
        kept = outbox.smtp(me.club_id)
        if kept is not None and kept.username == body.username:
            password = kept.password
    smtp = SmtpSettings(body.host, body.port, body.security, body.sender,
                        username=body.username, password=password)  # fmt: skip
    with suppress(OSError):  # a name not found now: looked up (and checked) when sending
        destinations(smtp.host, smtp.port, local=settings.smtp_local)
    outbox.set_smtp(me.club_id, smtp)
    return {"smtp": smtp.to_dict()}


def _letter_date(text: str) -> str:
    try:
        day = date.fromisoformat(text)
    except ValueError:  # a date the director typed otherwise: as typed
        return text
    return locale.format_date(day)


def _letter_decimal(value: Decimal) -> str:
    exponent = value.as_tuple().exponent
    digits = min(6, max(0, -exponent)) if isinstance(exponent, int) else 0
    return locale.format_number(float(value), digits, fixed=True)


def letter_words() -> Words:
    """The letters' words in the current language: its catalogue's sentences, its numbers
    and dates (``'2 décembre 2026'``, ``'75,00'``); the club's language is
    :func:`~bridgescore.locale.use` d around the letters' making.

    >>> from decimal import Decimal
    >>> with locale.use("de"):
    ...     w = letter_words()
    ...     w.gettext("Results"), w.number(75, 2), w.date("2026-12-02"), w.decimal(Decimal("1.5"))
    ('Ergebnisse', '75,00', '2. Dezember 2026', '1,5')
    >>> with locale.use("de"):
    ...     letter_words().pair("A EW 2"), letter_words().side("EW")
    ('A OW 2', 'OW')
    """
    return Words(gettext=locale.gettext, ngettext=locale.ngettext,
                 number=lambda x, digits: locale.format_number(x, digits, fixed=True),
                 decimal=_letter_decimal, date=_letter_date, pair=locale.pair_label,
                 side=locale.side_word)  # fmt: skip


def _club(clubs: ClubStore, game_id: str) -> str:
    """The club of a session (409 for a session of no club: it has no roster to send to)."""
    owner = clubs.owner(game_id)
    if owner is None:
        raise HTTPException(
            409, locale.gettext("this session belongs to no club: it has no roster to email")
        )
    return owner


def _plan(
    request: Request,
    settings: Settings,
    clubs: ClubStore,
    outbox: OutboxStore,
    state: LiveState,
    club_id: str,
) -> tuple[int, bool, bool, MailPlan]:
    """The letters of the session now: its version, whether closed and provisional, the plan."""
    game_id = state.id
    base = settings.base_url or str(request.base_url)
    club = clubs.club(club_id)
    provisional = outbox.provisional(game_id, club.correction_period)
    with locale.use(
        locale.pick(club.language)
    ):  # the letters: in the club's language (else English)
        words = letter_words()
        if state.seating.kind == "teams":  # each member: the team's matches (teams named only)
            link = f"{base.rstrip('/')}/event/{game_id}"
            roster = clubs.roster(club_id)
            plan = plan_team_letters(state.event, roster, link=link, provisional=provisional,
                                     words=words)  # fmt: skip
            return state.version, state.closed, provisional, plan
        scores = scores_of(request, (state.id, state.version), state.current)
        plan = plan_letters(state.current, scores, clubs.roster(club_id),
                            link=f"{base.rstrip('/')}/session/{game_id}",
                            provisional=provisional,
                            awards=evening_awards(club.masterpoints, scores),
                            words=words)  # fmt: skip
    return state.version, state.closed, provisional, plan


def _letter(x: Letter) -> dict[str, Any]:
    return {"to": x.to, "players": [p.to_dict() for p in x.players], "pair": x.pair,
            "subject": x.subject, "text": x.text}  # fmt: skip


_SESSION: Responses = {
    403: problem("Not this session's director."),
    404: problem("No such session."),
    409: problem("The session is no club's (no roster to email)."),
}


@router.get("/sessions/{game_id}/emails", tags=["sessions"], responses=_SESSION)
def emails(
    request: Request,
    game_id: str,
    state: SessionState,
    who: SessionWho,
    settings: SettingsDep,
    clubs: ClubsDep,
    outbox: OutboxDep,
) -> dict[str, Any]:
    """The director's preview and report, with or without the club's mail server (only
    sending needs one): ``letters`` (who would get one now, its subject and its plain
    ``text``), ``unreached`` (each player who cannot, and why), ``sent`` (every letter queued
    so far: its state ``queued``, ``claimed``, ``handing``, ``sent``, ``failed`` or
    ``unknown``, tries, what went wrong last, in the reader's language) and the club's ``smtp``
    settings."""
    require_director(who, N_("only the director emails the players"))  # a read: no write to check
    club_id = _club(clubs, game_id)
    version, closed, provisional, plan = _plan(request, settings, clubs, outbox, state, club_id)
    found = outbox.smtp(club_id)
    return {
        "version": version,
        "closed": closed,
        "provisional": provisional,
        "smtp": None if found is None else found.to_dict(),
        "letters": [_letter(x) for x in plan.letters],
        "unreached": [u.to_dict() for u in plan.unreached],
        "sent": [{**x.to_dict(), "error": said(x.error)} for x in outbox.report(game_id)],
    }


@router.post(
    "/sessions/{game_id}/emails",
    status_code=202,
    tags=["sessions"],
    responses={
        **_SESSION,
        **refused(MailingError, "Open, sent already, changed, no SMTP settings, or no club's."),
    },
)
def send_emails(
    request: Request,
    game_id: str,
    body: EmailsIn,
    state: SessionState,
    who: SessionWho,
    me: OptionalDirector,
    settings: SettingsDep,
    clubs: ClubsDep,
    outbox: OutboxDep,
    sender: SenderDep,
) -> JSONResponse:
    """Email each player of the closed session their scorecard and the results link (the
    director's click): queued at once, sent by the server's sender; ``GET`` reports how it
    went. Once per session, unless ``{"again": true}``."""
    club_id = _club(clubs, game_id)
    version, _, _, plan = _plan(request, settings, clubs, outbox, state, club_id)
    mailing = outbox.queue(game_id, club_id, version, plan.letters,
                           "director" if me is None else me.email, again=body.again,
                           by=who)  # fmt: skip
    sender.wake()
    return JSONResponse({"mailing": mailing.id, "queued": mailing.queued,
                         "unreached": len(plan.unreached)}, status_code=202)  # fmt: skip


_GAVE_UP: Final = re.compile(r"gave up after (\d+) tries: (.*)", re.DOTALL)  # OutboxStore.retry
_CODED: Final = re.compile(r"(.*) \(code (\d{3})\)", re.DOTALL)  # the sender's reply code


def said(error: str | None) -> str | None:
    """A letter's last failure as the outbox keeps it (the sender's English words,
    :func:`bridgescore.storage.sender.why`, the server's log's too) in the reader's language;
    words the sender did not write stay as they are.

    >>> from bridgescore.locale import use
    >>> with use("de"):
    ...     said("gave up after 5 tries: the mail server refused the login (code 535)")
    'nach 5 Versuchen aufgegeben: der Mailserver hat die Anmeldung abgelehnt (Code 535)'
    >>> said("the mail server did not answer in time"), said(None)
    ('the mail server did not answer in time', None)
    """
    if error is None:
        return None
    if gave_up := _GAVE_UP.fullmatch(error):
        why = said(gave_up[2])
        return locale.gettext("gave up after %(num)s tries: %(why)s") % {
            "num": gave_up[1],
            "why": why,
        }
    if coded := _CODED.fullmatch(error):
        why = locale.gettext(coded[1])
        return locale.gettext("%(why)s (code %(code)s)") % {"why": why, "code": coded[2]}
    return locale.gettext(error)
