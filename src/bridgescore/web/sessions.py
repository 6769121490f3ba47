"""Duplicate sessions in the browser: upload a PBN file or enter results board by board, then
read the rankings, travellers and recaps, and download PBN or CSV.

The same rules as the other games: the browser that creates a session keeps its edit token in
a cookie; anyone with the link reads it; every form carries the CSRF token and the version it
was drawn from, so a stale form is refused.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore import BridgeError, Contract, PbnError, Result, Seat, Side
from bridgescore.duplicate import Adjusted
from bridgescore.errors import for_field
from bridgescore.model import read_number, read_tricks
from bridgescore.session import (
    Board,
    BoardResult,
    Method,
    Section,
    SectionKind,
    SectionScores,
    Session,
    SessionError,
)
from bridgescore.storage import GameNotFoundError, StoredGame, VersionConflictError
from bridgescore.web.common import can_edit, check_csrf, edit_cookie, page, remember_edit, store

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

METHODS = [
    ("mp", "Matchpoints", "2 for each score beaten, 1 for each tie; Neuberg for short boards."),
    ("butler", "Butler IMPs", "IMPs against the board's datum (one top and one bottom dropped)."),
    ("cross-imps", "Cross-IMPs", "IMPs against every other result, averaged."),
]
MAX_UPLOAD = 5_000_000
_METHODS: dict[str, Method] = {"mp": "mp", "butler": "butler", "cross-imps": "cross-imps"}
_KINDS: dict[str, SectionKind] = {"mitchell": "mitchell", "howell": "howell"}


def _method(text: str) -> Method:
    method = _METHODS.get(text)
    if method is None:
        raise SessionError(f"unknown scoring method {text!r}; expected mp, butler or cross-imps")
    return method


def _stored(request: Request, game_id: str) -> StoredGame:
    try:
        stored = store(request).get(game_id)
    except GameNotFoundError:
        stored = None
    if stored is None or not isinstance(stored.game, Session):
        raise HTTPException(404, f"there is no session with id {game_id!r}")
    return stored


def _session(stored: StoredGame) -> Session:
    assert isinstance(stored.game, Session)  # checked by _stored
    return stored.game


@router.get("/session/new", response_class=HTMLResponse)
def new_session_page(request: Request) -> Response:
    """Start a session: by hand, or from a PBN file."""
    return page(request, "session_new.html", {"methods": METHODS, "errors": {}, "form": {}})


@router.post("/session/new")
async def new_session(request: Request) -> Response:
    """Create the session; this browser keeps its edit token."""
    form = await check_csrf(request)
    errors: dict[str, str] = {}
    try:
        method = _method(form.get("method", "mp"))
        upload = await _upload(request)
        if upload is not None:
            from bridgescore import pbn

            session = pbn.read(upload[1], source=upload[0])
            session = replace(session, method=method)
        else:
            movement = _KINDS.get(form.get("movement", ""), "mitchell")
            names = [n.strip() for n in form.get("sections", "A").split(",") if n.strip()]
            sections = tuple(Section(n, movement) for n in names or ["A"])
            session = Session(sections, method, event=form.get("event", "")[:200])
    except BridgeError as exc:
        errors["file" if isinstance(exc, PbnError) else "event"] = str(exc)
        context = {"methods": METHODS, "errors": errors, "form": form}
        return page(request, "session_new.html", context, 422)
    stored = store(request).create(session)
    response = RedirectResponse(f"/session/{stored.id}", status_code=303)
    remember_edit(request, response, stored.id, stored.edit_token or "")
    return response


async def _upload(request: Request) -> tuple[str, str] | None:
    """The uploaded PBN file as (name, text), or None if none was chosen."""
    form = await request.form()
    upload = form.get("pbn")
    if upload is None or isinstance(upload, str) or not upload.filename:
        return None
    try:
        data = await upload.read(MAX_UPLOAD + 1)
    finally:
        await upload.close()
    if len(data) > MAX_UPLOAD:
        raise SessionError(f"{upload.filename!r} is larger than {MAX_UPLOAD // 1_000_000} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN 2.1 §3.1: ISO-8859-1 is the standard's encoding
    return upload.filename, text


def _context(
    request: Request,
    stored: StoredGame,
    *,
    form: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    notice: str = "",
) -> dict[str, Any]:
    session = _session(stored)
    scored = session.scored()
    editing = can_edit(request, stored)
    base = str(request.base_url).rstrip("/") + f"/session/{stored.id}"
    token = request.cookies.get(edit_cookie(stored.id), "")
    recap = _recap(request, scored)
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
        "scored": scored,
        "can_edit": editing,
        "form": values,
        "errors": errors or {},
        "notice": notice,
        "board": Board.numbered(max(board_no, 1)),
        "recap": recap,
        "methods": METHODS,
        "sides": [Side.NS, Side.EW],
        "view_link": base,
        "edit_link": f"{base}?key={token}" if editing else "",
        "strains": [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")],
    }


def _recap(request: Request, scored: list[SectionScores]) -> dict[str, Any] | None:
    """The recap asked for with ``?recap=A:NS:3`` (section, side or ``-``, pair)."""
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
                    "lines": s.recap(pair.number, pair.side)}  # fmt: skip
        except SessionError:
            return None
    return None


@router.get("/session/{game_id}", response_class=HTMLResponse)
def session_page(request: Request, game_id: str, key: str = "") -> Response:
    """Rankings, travellers and recaps; the entry form for the browser that may edit."""
    stored = _stored(request, game_id)
    if key:
        if not store(request).check_token(game_id, key):
            context = _context(request, stored, notice="That edit link is not valid.")
            return page(request, "session.html", context, 403)
        response = RedirectResponse(f"/session/{game_id}", status_code=303)
        remember_edit(request, response, game_id, key)
        return response
    return page(request, "session.html", _context(request, stored))


def _result(form: dict[str, str]) -> BoardResult:
    """The posted result."""
    board, ns, ew = (read_number(form.get(k, ""), k) for k in ("board", "ns", "ew"))
    if form.get("adjusted"):
        with for_field("artificial"):
            return BoardResult(board, ns, ew, adjusted=Adjusted.parse(form["adjusted"]))
    level = form.get("level", "")
    if level.lower() == "pass":
        return BoardResult(board, ns, ew, Result.parse("Pass"))
    tricks = read_tricks(form.get("tricks", ""))
    declarer = form.get("declarer", "")
    if not declarer:
        raise SessionError("choose the declarer's seat, N, E, S or W", field="declarer")
    with for_field("declarer"):
        seat = Seat.parse(declarer)
    with for_field("result"):
        contract = Contract.parse(f"{level}{form.get('strain', '')}{form.get('doubling', '')}")
    return BoardResult(board, ns, ew, Result(contract, seat, tricks))


_FORM_FIELDS = {"board", "ns", "ew", "tricks", "declarer", "artificial"}
"""The fields of the result form an error can be shown next to; others go to the form's top."""


async def _change(request: Request, game_id: str, how: str) -> Response:
    form = await check_csrf(request)
    stored = _stored(request, game_id)
    if not can_edit(request, stored):
        context = _context(request, stored, notice="Only a browser with the edit link can change "
                           "this session.")  # fmt: skip
        return page(request, "session.html", context, 403)
    session = _session(stored)
    try:
        if form.get("version") and form["version"] != str(stored.version):
            raise VersionConflictError("changed elsewhere")
        if how == "add":
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
        store(request).save(game_id, session, expected_version=stored.version)
    except VersionConflictError:
        fresh = _stored(request, game_id)
        notice = ("This session was changed on another device meanwhile; here it is now. "
                  "Enter your result again if it is still needed.")  # fmt: skip
        return page(request, "session.html", _context(request, fresh, notice=notice), 409)
    except BridgeError as exc:
        message = str(exc)
        where = exc.field if exc.field in _FORM_FIELDS else "result"
        context = _context(request, stored, form=form, errors={where: message})
        return page(request, "session.html", context, 422)
    return RedirectResponse(f"/session/{game_id}", status_code=303)


def _without_last(session: Session, name: str) -> Session:
    section = session.section(name)
    shorter = section.without_last_result()
    return replace(session, sections=tuple(
        shorter if s is section else s for s in session.sections))  # fmt: skip


@router.post("/session/{game_id}/results")
async def add_result(request: Request, game_id: str) -> Response:
    """Enter a result."""
    return await _change(request, game_id, "add")


@router.post("/session/{game_id}/undo")
async def undo_result(request: Request, game_id: str) -> Response:
    """Take back a section's last result."""
    return await _change(request, game_id, "undo")


@router.post("/session/{game_id}/method")
async def change_method(request: Request, game_id: str) -> Response:
    """Score the session another way."""
    return await _change(request, game_id, "method")


@router.get("/session/{game_id}/session.pbn")
def download_pbn(request: Request, game_id: str) -> Response:
    """The session as a scored PBN 2.1 export file."""
    from bridgescore import pbn

    session = _session(_stored(request, game_id))
    headers = {"Content-Disposition": f'attachment; filename="{_filename(session)}.pbn"'}
    return Response(pbn.write(session), media_type="application/x-pbn; charset=utf-8",
                    headers=headers)  # fmt: skip


@router.get("/session/{game_id}/session.csv")
def download_csv(request: Request, game_id: str) -> Response:
    """Rankings and travellers as CSV: one row per pair, then one row per result."""
    session = _session(_stored(request, game_id))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "field", "rank", "pair", "names", "total", "percent", "boards"])
    for scored in session.scored():
        for field, rows in scored.rankings.items():
            for row in rows:
                writer.writerow([scored.section.name, field.value if field else "all", row.rank,
                                 row.pair.number, row.pair.names, row.total,
                                 "" if row.percent is None else f"{row.percent:.2f}",
                                 row.boards])  # fmt: skip
    writer.writerow([])
    writer.writerow(["section", "board", "ns", "ew", "result", "ns_score", "ns_points",
                     "ew_points"])  # fmt: skip
    for scored in session.scored():
        for number, lines in sorted(scored.travellers.items()):
            for line in lines:
                r = line.result
                shown = str(r.adjusted) if r.adjusted is not None else str(r.result)
                writer.writerow([scored.section.name, number, r.ns, r.ew, shown, line.ns_score,
                                 line.ns_points, line.ew_points])  # fmt: skip
    headers = {"Content-Disposition": f'attachment; filename="{_filename(session)}.csv"'}
    return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)


def _filename(session: Session) -> str:
    name = "".join(c if c.isalnum() or c in "-_" else "-" for c in session.event).strip("-")
    return name or "session"
