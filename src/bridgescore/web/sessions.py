"""Duplicate sessions in the browser: upload a PBN file or enter results board by board, then
read the rankings, travellers and recaps, and download PBN or CSV.

The same rules as the other games: the browser that creates a session keeps its edit token in
a cookie; anyone with the link reads it; every form carries the CSRF token and the version it
was drawn from, so a stale form is refused.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import Connection
from starlette.concurrency import run_in_threadpool

from bridgescore import BridgeError, Contract, Result, Seat, Side
from bridgescore.boards.deal import SUITS
from bridgescore.boards.hand_record import HandRecord
from bridgescore.duplicate.analysis import pair_analysis, session_csv
from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import (
    METHODS,
    Board,
    BoardResult,
    IndividualScores,
    Method,
    Section,
    SectionKind,
    SectionScores,
    Session,
    SessionError,
    heading,
    individual_scores,
    notes_of,
    player_recap_to_dict,
)
from bridgescore.duplicate.strata import (
    Strata,
    StrataError,
    pair_holdings,
    rank_strata,
    read_holdings,
)
from bridgescore.errors import for_field
from bridgescore.inputs import check_name, read_number, read_tricks
from bridgescore.locale import error_text, gettext, seat_name, vulnerability_name
from bridgescore.storage import Store, StoredGame, VersionConflictError, anonymous
from bridgescore.storage.errors import QuotaError
from bridgescore.storage.store import utcnow
from bridgescore.web.awards import award_texts
from bridgescore.web.common import edit_cookie, link, name_field, page, remember_edit
from bridgescore.web.deps import (
    LimitsDep,
    Live,
    LiveDep,
    PostedForm,
    ReadableSession,
    StoreDep,
    can_edit,
    clubs,
    readable_session,
    settings,
)
from bridgescore.web.downloads import disposition, pbn_text
from bridgescore.web.settings import Limits
from bridgescore.web.work import run_heavy, run_in_process, scores

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

CHOICES = [(key, m.label, m.description) for key, m in METHODS.items()]
"""The scoring methods as the forms offer them (the core's table)."""
_KINDS: dict[str, SectionKind] = {"mitchell": "mitchell", "howell": "howell"}


def _method(text: str) -> Method:
    for method in METHODS:
        if method == text:
            return method
    raise SessionError.coded("scoring_method_form", field="method", value=text, got=repr(text))


@router.get("/session/new", response_class=HTMLResponse)
def new_session_page(request: Request) -> Response:
    """Start a session: by hand, or from a PBN file."""
    return page(request, "session_new.html", {"methods": CHOICES, "errors": {}, "form": {}})


@router.post("/session/new")
async def new_session(
    request: Request, form: PostedForm, store: StoreDep, limits: LimitsDep
) -> Response:
    """Create the session; this browser keeps its edit token."""
    try:
        upload = await _upload(request, limits.upload)
    except BridgeError as exc:
        context = {"methods": CHOICES, "errors": {"file": error_text(exc)}, "form": form}
        return page(request, "session_new.html", context, 422)
    return await run_in_threadpool(_new_session, request, store, limits, form, upload)


def _new_session(
    request: Request,
    store: Store,
    limits: Limits,
    form: dict[str, str],
    upload: tuple[str, str] | None,
) -> Response:
    errors: dict[str, str] = {}
    try:
        method = _method(form.get("method", "mp"))
        if upload is not None:
            session = run_in_process(request, read_upload, *upload, method, limits)
        else:
            movement = _KINDS.get(form.get("movement", ""), "mitchell")
            names = [n.strip() for n in form.get("sections", "A").split(",") if n.strip()]
            if len(names) > limits.sections:
                raise SessionError.coded("sections_most", field="section", count=len(names),
                                         most=limits.sections)  # fmt: skip
            sections = tuple(Section(n, movement) for n in names or ["A"])
            session = Session(sections, method, event=name_field(form, "event", request))
            check_session(session, limits)
    except BridgeError as exc:
        where = "file" if upload is not None else "sections" if exc.field == "section" else "event"
        errors[where] = error_text(exc)
        context = {"methods": CHOICES, "errors": errors, "form": form}
        return page(request, "session_new.html", context, 422)
    quota = settings(request).anonymous
    address = request.client.host if request.client else "?"

    def counted(conn: Connection, game_id: str, _token: str) -> None:
        anonymous.count(conn, game_id, address, quota, utcnow())

    try:
        stored = store.create(session, also=counted)
    except QuotaError as exc:
        context = {"methods": CHOICES, "errors": {"file": error_text(exc)}, "form": form}
        return page(request, "session_new.html", context, 429)
    response = RedirectResponse(f"/session/{stored.id}", status_code=303)
    remember_edit(request, response, stored.id, stored.edit_token or "")
    return response


def read_upload(name: str, text: str, method: Method, limits: Limits) -> Session:
    """Read an uploaded PBN, USEBIO or Bridgemate ``.bws`` file (its bytes as Latin-1 text) as
    a session scored by ``method``, within the limits."""
    from bridgescore import bws, pbn, usebio

    if bws.looks_like_bws(text[:20].encode("latin-1", "replace")):
        with tempfile.TemporaryDirectory() as folder:  # mdbtools reads a file
            path = Path(folder) / "upload.bws"
            path.write_bytes(text.encode("latin-1", "replace"))
            session = replace(bws.read(path, source=name).session, method=method)
    elif usebio.looks_like_usebio(text[:2048].encode()):
        session = replace(usebio.read(text, source=name).session, method=method)
    else:
        session = replace(pbn.read(text, source=name), method=method)
    check_session(session, limits)
    return session


def check_session(session: Session, limits: Limits) -> None:
    """Refuse a session past the limits, or with a name that is not one line of text.

    :raises BridgeError: saying which limit or which name.
    """
    if len(session.sections) > limits.sections:
        raise SessionError.coded("sections_most", field="section", count=len(session.sections),
                                 most=limits.sections)  # fmt: skip
    results = sum(len(s.results) for s in session.sections)
    if results > limits.results:
        raise SessionError.coded("results_most", field="result", count=results,
                                 most=limits.results)  # fmt: skip
    check_name(session.event, "event", longest=limits.name)
    for section in session.sections:
        check_name(section.name, "section", longest=limits.name)
        for pair in section.pairs:
            check_name(pair.names, "pair", longest=limits.name)


async def _upload(request: Request, largest: int, name: str = "pbn") -> tuple[str, str] | None:
    """The uploaded file (a PBN file; ``name`` the form's field) as (name, text), or None if
    none was chosen (at most ``largest`` bytes)."""
    form = await request.form()
    upload = form.get(name)
    if upload is None or isinstance(upload, str) or not upload.filename:
        return None
    try:
        data = await upload.read(largest + 1)
    finally:
        await upload.close()
    if len(data) > largest:
        raise SessionError.coded("file_too_large", field="file", name=upload.filename,
                                 most=largest)  # fmt: skip
    from bridgescore.bws import looks_like_bws

    if looks_like_bws(data[:20]):  # a Bridgemate database: its bytes, one character each
        return upload.filename, data.decode("latin-1")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN 2.1 §3.1: ISO-8859-1 is the standard's encoding
    return upload.filename, text


def _usebio_refusal(session: Session) -> str:
    """Why the session cannot be written as USEBIO ('' if it can): the page then shows the
    reason instead of a download link that would fail."""
    from bridgescore import usebio

    refused = usebio.refusal(session)
    return "" if refused is None else refused.reason  # a session, not a file: no '<bytes>:'


def _context(
    request: Request,
    stored: StoredGame,
    *,
    form: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    notice: str = "",
) -> dict[str, Any]:
    session = stored.game
    assert isinstance(session, Session)  # the routes read it with readable_session
    scored = scores(request, stored)
    editing = can_edit(request, stored)
    base = link(request, f"/session/{stored.id}")
    token = request.cookies.get(edit_cookie(stored.id), "")
    recap = _recap(request, session, scored)
    players = (individual_scores(session.individual, scored[0])
               if session.individual is not None and scored else None)  # fmt: skip
    section = session.sections[0] if session.sections else None
    next_board = 1 + max((r.board for r in section.results), default=0) if section else 1
    values = form or {"section": section.name if section else "A", "board": str(next_board),
                      "level": "4", "strain": "S", "doubling": "", "tricks": "10"}  # fmt: skip
    try:
        board_no = read_number(values.get("board", ""), "board")
    except BridgeError:
        board_no = 1
    return {
        "stored": stored,
        "session": session,
        "heading": heading(session),
        "scored": scored,
        "can_edit": editing,
        "form": values,
        "errors": errors or {},
        "notice": notice,
        "usebio_refused": _usebio_refusal(session),
        "board": Board.numbered(max(board_no, 1)),
        "cycle": [
            (seat_name(b.dealer), vulnerability_name(b.vulnerability))
            for b in map(Board.numbered, range(1, 17))
        ],  # Law 2, for the form's hint, in the reader's words
        "recap": recap,
        "methods": CHOICES,
        "sides": [Side.NS, Side.EW],
        "view_link": base,
        "edit_link": f"{base}?key={token}" if editing else "",
        "strains": [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", gettext("NT"))],
        "records": _records(scored),
        "suits": SUITS,
        "pair_notes": notes_of(session, gettext),
        "awards": _awards(request, stored.id, scored),
        "individual": players,
        "player_recap": _player_recap(request, players),
    }


def _awards(request: Request, game_id: str, scored: list[SectionScores]) -> dict[Any, str]:
    """The masterpoints of a club's evening, by (section, pair), if its club has a scheme."""
    club_store = clubs(request)
    owner = club_store.owner(game_id)
    return award_texts(None if owner is None else club_store.club(owner), scored)


def _player_recap(request: Request, players: IndividualScores | None) -> dict[str, Any] | None:
    """An individual's player's recap the address asks for (``?player=3``), as the API's."""
    wanted = request.query_params.get("player", "")
    if players is None or not (wanted.isascii() and wanted.isdigit() and len(wanted) <= 2):
        return None
    try:
        return player_recap_to_dict(players, int(wanted))
    except SessionError:
        return None


def _records(scored: list[SectionScores]) -> dict[tuple[str, int], tuple[HandRecord, list[Any]]]:
    """Each board's hand record (of the boards with a deal), with its traveller's lines
    against double dummy and par (:meth:`bridgescore.boards.hand_record.HandRecord.versus`)."""
    out: dict[tuple[str, int], tuple[HandRecord, list[Any]]] = {}
    for s in scored:
        for board in s.section.boards:
            record = HandRecord.of(board)
            if record is not None:
                lines = s.travellers.get(board.number, [])
                out[(s.section.name, board.number)] = (
                    record,
                    [record.versus(x.result.result, x.ns_score) for x in lines],
                )
    return out


def _recap(
    request: Request, session: Session, scored: list[SectionScores]
) -> dict[str, Any] | None:
    """The recap asked for with ``?recap=A:NS:3`` (section, side or ``-``, pair), with the
    pair's analysis when the boards have double-dummy tables (else ``analysis`` is None)."""
    wanted = request.query_params.get("recap", "")
    parts = wanted.split(":")
    if len(parts) != 3 or not (parts[2].isascii() and parts[2].isdigit() and len(parts[2]) < 5):
        return None
    for s in scored:
        if s.section.name != parts[0]:
            continue
        side = Side(parts[1]) if parts[1] in ("NS", "EW") else None
        try:
            pair = s.section.pair(int(parts[2]), side)
            return {"pair": pair, "section": s.section.name,
                    "lines": s.recap(pair.number, pair.side),
                    "analysis": run_heavy(request, pair_analysis, session, s, pair)}  # fmt: skip
        except SessionError:
            return None
    return None


@router.get("/session/{game_id}", response_class=HTMLResponse)
def session_page(
    request: Request, game_id: str, readable: ReadableSession, store: StoreDep, key: str = ""
) -> Response:
    """Rankings, travellers and recaps; the entry form for the browser that may edit."""
    stored, _ = readable
    if key:
        if not store.check_token(game_id, key):
            context = _context(request, stored, notice="That edit link is not valid.")
            return page(request, "session.html", context, 403)
        response = RedirectResponse(f"/session/{game_id}", status_code=303)
        remember_edit(request, response, game_id, key)
        return response
    return page(request, "session.html", _context(request, stored))


@router.post("/session/{game_id}/strata", response_class=HTMLResponse)
async def strata_form(
    request: Request, readable: ReadableSession, form: PostedForm, limits: LimitsDep
) -> Response:
    """The results page with each section's A/B/C strata ranked (SCORING.md §28): the
    limits, how a pair's holding is taken, and the players' holdings file (``number,holding``
    lines). Nothing is stored."""
    stored, _ = readable
    try:
        upload = await _upload(request, limits.upload, "holdings")  # read (and closed) first
        strata = Strata.parse(form.get("strata", "")[:200],
                              "average" if form.get("by") == "average" else "higher")  # fmt: skip
        if upload is None:
            raise StrataError.coded("holdings_choose", field="holdings")
        holdings = read_holdings(upload[1], source="holdings")
    except BridgeError as exc:
        context = _context(request, stored, errors={"strata": error_text(exc)})
        return page(request, "session.html", context | {"strata_form": form}, 422)
    context = _context(request, stored)
    ranked = [(s, {(field.value if field else "All pairs"):
                   rank_strata(strata, rows, pair_holdings(holdings))
                   for field, rows in s.rankings.items()}) for s in context["scored"]]  # fmt: skip
    return page(request, "session.html", context | {"strata": strata, "strata_ranked": ranked,
                                                     "strata_form": form})  # fmt: skip


def _result(form: dict[str, str]) -> BoardResult:
    """The posted result."""
    board, ns, ew = (read_number(form.get(k, ""), k) for k in ("board", "ns", "ew"))
    if form.get("artificial"):
        with for_field("artificial"):
            return BoardResult(board, ns, ew, artificial=Adjusted.parse(form["artificial"]))
    level = form.get("level", "")
    if level.lower() == "pass":
        return BoardResult(board, ns, ew, Result.parse("Pass"))
    tricks = read_tricks(form.get("tricks", ""))
    declarer = form.get("declarer", "")
    if not declarer:
        raise SessionError.coded("declarer_choose", field="declarer")
    with for_field("declarer"):
        seat = Seat.parse(declarer)
    with for_field("result"):
        contract = Contract.parse(f"{level}{form.get('strain', '')}{form.get('doubling', '')}")
    return BoardResult(board, ns, ew, Result(contract, seat, tricks))


_FORM_FIELDS = {"board", "ns", "ew", "tricks", "declarer", "artificial"}
"""The fields of the result form an error can be shown next to; others go to the form's top."""


def _apply(
    request: Request,
    store: Store,
    live: Live,
    limits: Limits,
    game_id: str,
    how: str,
    form: dict[str, str],
) -> Response:
    stored, session = readable_session(request, game_id)
    if not can_edit(request, stored) or live.store.is_live(game_id):
        context = _context(request, stored, notice="Only a browser with the edit link can change "
                           "this session.")  # fmt: skip
        return page(request, "session.html", context, 403)
    try:
        sent = form.get("version", "")
        if sent and read_number(sent, "version", high=10**9) != stored.version:
            raise VersionConflictError.coded("changed_elsewhere")
        if how == "add":
            if sum(len(s.results) for s in session.sections) >= limits.results:
                raise SessionError.coded("results_full", most=limits.results)
            name = form.get("section", "")
            section = session.section(name)
            sections = tuple(
                s.with_result(_result(form)) if s is section else s for s in session.sections
            )
            session = replace(session, sections=sections)
        elif how == "undo":
            session = _without_last(session, form.get("section", ""))
        elif how == "method":
            session = replace(session, method=_method(form.get("method", "mp")))
        store.save(game_id, session, expected_version=stored.version)
    except VersionConflictError:
        fresh, _ = readable_session(request, game_id)
        notice = ("This session was changed on another device meanwhile; here it is now. "
                  "Enter your result again if it is still needed.")  # fmt: skip
        return page(request, "session.html", _context(request, fresh, notice=notice), 409)
    except BridgeError as exc:
        message = error_text(exc)
        where = exc.field if exc.field in _FORM_FIELDS else "result"
        context = _context(request, stored, form=form, errors={where: message})
        return page(request, "session.html", context, 422)
    return RedirectResponse(f"/session/{game_id}", status_code=303)


def _without_last(session: Session, name: str) -> Session:
    section = session.section(name)
    shorter = section.without_last_result()
    return replace(session, sections=tuple(
        shorter if s is section else s for s in session.sections))  # fmt: skip


def _form_post(path: str, how: str, name: str, doc: str) -> None:
    """The form post ``/session/{id}/{path}``: :func:`_apply` the change ``how``."""

    async def post(
        request: Request, game_id: str, form: PostedForm, store: StoreDep, live: LiveDep,
        limits: LimitsDep,
    ) -> Response:  # fmt: skip
        return await run_in_threadpool(_apply, request, store, live, limits, game_id, how, form)

    post.__doc__ = doc
    router.post(f"/session/{{game_id}}/{path}", name=name)(post)


_form_post("results", "add", "add_result", "Enter a result.")
_form_post("undo", "undo", "undo_result", "Take back a section's last result.")
_form_post("method", "method", "change_method", "Score the session another way.")


@router.get("/session/{game_id}/session.pbn")
def download_pbn(
    request: Request, readable: ReadableSession, per: Literal["board", "table"] = "board"
) -> Response:
    """The session as a scored PBN 2.1 export file (only its comment lines if it is empty):
    a game per board with its ScoreTable, or (``per=table``) a game per table, with the
    players in their seats (``North`` ... ``West``)."""
    _, session = readable
    return Response(run_heavy(request, pbn_text, session, per),
                    media_type="application/x-pbn; charset=utf-8",
                    headers={"Content-Disposition": disposition(session.event, "pbn")})  # fmt: skip


@router.get("/session/{game_id}/session.csv")
def download_csv(request: Request, readable: ReadableSession) -> Response:
    """Rankings and travellers as CSV: one row per pair, then one row per result."""
    stored, session = readable
    text = run_heavy(request, session_csv, scores(request, stored), session)
    headers = {"Content-Disposition": disposition(session.event, "csv")}
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)
