"""A club evening from phones: the JSON API of live sessions (``/api/sessions``).

The director starts a session from a movement and gets an edit token (the director's) and a
token per table. Each table posts its own results, one at a time, with
``Authorization: Bearer <table token>``; every result is a row of its own, so tables entering at
once never conflict. A table token may enter results of its own table, in its current round
(the latest round it has entered) or a later one, and change or delete those of its current
round while the session is open; the director's token may do anything, also after closing.
Everyone with the id reads the session (movement, missing boards, rankings) and its event
stream; until the session is closed, the results themselves are the director's to read and each
table's own (and a board's traveller once the table has played it), so that nobody sees a
board's results before playing it.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from bridgescore.duplicate import MAX_COMBINATIONS, Weighted
from bridgescore.errors import SessionError, for_field
from bridgescore.inputs import check_name
from bridgescore.session import Section, Session
from bridgescore.storage import StoredGame
from bridgescore.storage.live import (
    DuplicateResultError,
    Entry,
    LiveState,
    LiveStore,
    RefusedError,
)
from bridgescore.web.common import link, store
from bridgescore.web.events import event_stream
from bridgescore.web.live_model import (
    CloseIn,
    NewSession,
    ResultIn,
    board_result,
    entry_of,
    movement_of,
    rankings,
    result_dict,
    section,
)
from bridgescore.web.work import scores

__all__ = ["Live", "live_session", "router"]


class Problem(BaseModel):
    """A refusal, in words."""

    detail: str


router = APIRouter(
    prefix="/api/sessions",
    tags=["sessions"],
    responses={
        400: {"model": Problem, "description": "The body is not JSON."},
        413: {"model": Problem, "description": "The body is larger than the limit."},
    },
)

ResultId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
BoardNumber = Annotated[int, PathParam(ge=1, le=1000)]
Auth = Annotated[str | None, Header(description="Bearer <table token or director's edit token>")]


class Duplicate(BaseModel):
    """The board was entered already at that table: the stored result."""

    detail: str
    result: dict[str, Any]


_READ: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem, "description": "No such session."}
}
_READ_AS: dict[int | str, dict[str, Any]] = {
    **_READ,
    403: {
        "model": Problem,
        "description": "A token that is not one of this session's, or "
        "(a board's traveller) not yet this table's to see.",
    },
}
_WRITE: dict[int | str, dict[str, Any]] = {
    **_READ,
    403: {"model": Problem, "description": "Not this session's token, or not that table's."},
    409: {"model": Duplicate, "description": "That table has entered that board already."},
}


class Live:
    """The live sessions' storage, and each session's definition (never changed once made)."""

    def __init__(self, live: LiveStore) -> None:
        self.store = live
        self._lock = threading.Lock()
        self._definitions: dict[str, StoredGame | None] = {}
        self.tokens: dict[tuple[str, str], int | None] = {}
        """The tokens checked so far (by their SHA-256): a table's number, None: the director."""

    def remember(self, stored: StoredGame, tokens: dict[int, str]) -> None:
        """Keep a session just started, and its tokens: its tables' first results need not
        read them from the database."""
        assert stored.edit_token is not None
        with self._lock:
            self._definitions[stored.id] = replace(stored, edit_token=None)
            for table, token in [*tokens.items(), (None, stored.edit_token)]:
                self.tokens[(stored.id, _hashed(token))] = table

    def known(self, game_id: str) -> StoredGame | None:
        """The session's definition if it has been read already."""
        with self._lock:
            return self._definitions.get(game_id)

    def definition(self, game_id: str) -> StoredGame:
        """The session as created (no results); 404 if it is not a live session."""
        with self._lock:
            known = game_id in self._definitions
            found = self._definitions.get(game_id)
        if not known:
            stored = self.store.store.get(game_id) if self.store.is_live(game_id) else None
            found = stored if stored is not None and isinstance(stored.game, Session) else None
            with self._lock:
                if len(self._definitions) > 1000:
                    self._definitions.clear()
                self._definitions[game_id] = found
        if found is None:
            raise HTTPException(404, f"there is no live session with id {game_id!r}")
        return found


def live(request: Request) -> Live:
    """The app's live sessions (made on first use)."""
    state = request.app.state
    with _made:
        if not hasattr(state, "live"):
            state.live = Live(LiveStore(store(request)))
    found: Live = state.live
    return found


_made = threading.Lock()


def live_session(request: Request, game_id: str) -> tuple[StoredGame, LiveState]:
    """The session with its results, at the version its results were read at."""
    definition = live(request).definition(game_id)
    state = live(request).store.results(game_id)
    results = [board_result(r.entry) for r in state.results]
    assert isinstance(definition.game, Session)
    game = replace(definition.game, sections=(section(definition).with_results(results),))
    return replace(definition, game=game, version=state.version), state


def _check_combinations(
    request: Request, game_id: str, entry: Entry, replacing: int | None = None
) -> None:
    """Refuse a weighted score that would give its board more combinations of weighted
    scores' results than are scored (the board could no longer be scored at all).

    :raises SessionError: (422, field ``weighted``) if it would.
    """
    if entry.weighted is None:
        return
    count = len(Weighted.parse(entry.weighted).components)
    for r in live(request).store.results(game_id).results:
        if r.id != replacing and r.entry.board == entry.board and r.entry.weighted is not None:
            count *= len(Weighted.parse(r.entry.weighted).components)
    if count > MAX_COMBINATIONS:
        raise SessionError(
            f"with this weighted score, the weighted scores of board {entry.board} would make "
            f"{count} combinations of results; at most {MAX_COMBINATIONS} are scored",
            field="weighted",
            value=entry.weighted,
        )


def _hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _token(authorization: str | None) -> str:
    """The token of ``Authorization: Bearer <token>``; 403 without one."""
    scheme, _, token = (authorization or "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise HTTPException(
            403,
            "send a table's token or the director's in the header Authorization: Bearer <token>",
        )
    return token


def _who(request: Request, game_id: str, authorization: str | None) -> int | None:
    """The table whose token was sent, or None for the director's.

    :raises HTTPException: 403 without a token of this session.
    """
    token = _token(authorization)
    known = live(request).tokens
    key = (game_id, _hashed(token))
    if key in known:  # a token once checked stays good: tokens never change
        return known[key]
    table = live(request).store.table_of(game_id, token)
    if table is None and not store(request).check_token(game_id, token):
        raise HTTPException(403, "that is not a token of this session")
    if len(known) > 10_000:
        known.clear()
    known[key] = table
    return table


DIRECTOR = "director"
"""What :func:`_viewer` answers for the director's token."""


def _viewer(request: Request, game_id: str, authorization: str | None) -> int | str | None:
    """Who reads: a table's number, :data:`DIRECTOR`, or None without a token.

    :raises HTTPException: 403 for a token that is not one of this session's.
    """
    if authorization is None:
        return None
    table = _who(request, game_id, authorization)
    return DIRECTOR if table is None else table


async def _session_and_table(
    request: Request, game_id: str, authorization: str | None
) -> tuple[StoredGame, int | None]:
    """The session's definition and :func:`_who` sent the token: from memory once they have
    been read (the database is read in a thread, the first time only)."""
    sessions = live(request)
    definition = sessions.known(game_id)
    if definition is not None:
        key = (game_id, _hashed(_token(authorization)))
        if key in sessions.tokens:
            return definition, sessions.tokens[key]

    def read() -> tuple[StoredGame, int | None]:
        return sessions.definition(game_id), _who(request, game_id, authorization)

    return await run_in_threadpool(read)


def _allowed(
    request: Request, game_id: str, table: int, round_number: int, *, change: bool
) -> None:
    """May this table enter (or change) a result of this round? 403 if not."""
    closed, current = live(request).store.position(game_id, table)
    if closed:
        raise HTTPException(403, "the session is closed: ask the director to change results")
    if round_number < current or (change and round_number != current):
        raise HTTPException(
            403,
            f"table {table} is in round {current}: ask the director to change round {round_number}",
        )


@router.post("", status_code=201)
def start_session(request: Request, body: NewSession) -> JSONResponse:
    """Start an evening. The answer carries the director's ``edit_token`` and each table's
    token and link: they are shown only once."""
    limits = request.app.state.settings.limits
    event = check_name(body.event.strip(), "event", longest=limits.name)
    names = {k: check_name(v.strip(), "names", longest=limits.name) for k, v in body.names.items()}
    with for_field("movement"):
        movement = movement_of(body.movement)
    sec = Section.from_movement(movement, names=names)
    session = Session((sec,), method=body.scoring, event=event)
    stored, tokens = live(request).store.start(session, movement.tables)
    live(request).remember(stored, tokens)
    tables = _links(request, stored.id, tokens)
    director = link(request, f"/live/{stored.id}/director#{stored.edit_token}")
    return JSONResponse(
        {
            "id": stored.id,
            "edit_token": stored.edit_token,
            "version": 1,
            "director_url": director,
            "tables": tables,
        },
        status_code=201,
    )


@router.get("/{game_id}", responses=_READ_AS)
def get_session(request: Request, game_id: str, authorization: Auth = None) -> dict[str, Any]:
    """The session: its movement (the shape of ``bridgescore movement --json``), results,
    missing boards, and rankings (a list of fields: NS and EW, or one field ``all``).

    Until the session is closed its ``results`` are the director's to read (with the
    director's token) and each table's own (with its token); anyone else gets the rest
    (``entered`` counts the results in), so nobody sees a board's results before playing it.
    """
    stored, state = live_session(request, game_id)
    viewer = _viewer(request, game_id, authorization)
    sec = section(stored)
    assert sec.movement is not None
    assert isinstance(stored.game, Session)
    shown = [
        r for r in state.results if state.closed or viewer is DIRECTOR or r.entry.table == viewer
    ]
    return {
        "id": stored.id,
        "version": stored.version,
        "event": stored.game.event,
        "scoring": stored.game.method,
        "closed": state.closed,
        "movement": sec.movement.to_dict(),
        "names": {p.label: p.names for p in sec.pairs},
        "boards": [
            {"board": b.number, "dealer": b.dealer.value, "vulnerability": b.vulnerability.value}
            for b in sec.boards
        ],
        "entered": len(state.results),
        "results": [result_dict(stored, r) for r in shown],
        "missing": [
            {"round": s.round, "table": s.table, "ns": s.ns, "ew": s.ew, "board": s.board}
            for s in sec.missing
        ],
        "rankings": rankings(scores(request, stored)),
    }


@router.get("/{game_id}/boards/{board}", responses=_READ_AS)
def traveller(
    request: Request, game_id: str, board: BoardNumber, authorization: Auth = None
) -> dict[str, Any]:
    """One board's traveller so far: each result with its NS score and both sides' points.

    Until the session is closed, the director's, and a table's once it has entered its own
    result on the board (every time it plays it); 403 otherwise.
    """
    stored, state = live_session(request, game_id)
    viewer = _viewer(request, game_id, authorization)
    if not (state.closed or viewer is DIRECTOR or _played(stored, state, viewer, board)):
        raise HTTPException(
            403,
            f"board {board}'s traveller is shown at a table once it has entered its own result "
            "on the board, and to everyone once the session is closed",
        )
    scored = scores(request, stored)[0]
    lines = scored.travellers.get(board, [])
    return {
        "board": board,
        "version": stored.version,
        "top": scored.tops.get(board),
        "lines": [
            {
                "round": line.result.round,
                "table": line.result.table,
                "ns": line.result.ns,
                "ew": line.result.ew,
                "result": line.result.text,
                "ns_score": line.ns_score if isinstance(line.ns_score, int) else None,
                "ns_points": line.ns_points,
                "ew_points": line.ew_points,
            }
            for line in lines
        ],
    }


def _played(stored: StoredGame, state: LiveState, table: object, board: int) -> bool:
    """Whether ``table`` (a table's number) plays ``board`` and has entered it every time."""
    movement = section(stored).movement
    assert movement is not None
    rounds = {p.round for p in movement.plays if p.table == table and board in p.boards}
    entered = {r.entry.round for r in state.results
               if r.entry.table == table and r.entry.board == board}  # fmt: skip
    return bool(rounds) and rounds <= entered


@router.get("/{game_id}/whoami", responses=_WRITE)
def whoami(request: Request, game_id: str, authorization: Auth = None) -> dict[str, Any]:
    """Whose token this is: ``{"role": "table", "table": 3}`` or ``{"role": "director"}``."""
    live(request).definition(game_id)
    table = _who(request, game_id, authorization)
    return {"role": "director"} if table is None else {"role": "table", "table": table}


@router.post("/{game_id}/results", status_code=201, responses=_WRITE)
async def add_result(
    request: Request, game_id: str, body: ResultIn, authorization: Auth = None
) -> JSONResponse:
    """Enter one board's result at one table. A table token enters its own table's results;
    the pairs come from the movement. The same board at the same table again is a 409 that
    shows the stored result."""
    # On the event loop (the hot path of an evening): it awaits its write, committed with
    # the other tables' writes of the moment, without holding a thread.
    definition, table = await _session_and_table(request, game_id, authorization)
    if table is not None and table != body.table:
        raise HTTPException(
            403, f"this is table {table}'s token: it cannot enter results of table {body.table}"
        )
    entry = entry_of(definition, body, director=table is None)
    if entry.weighted is not None:  # the director's, now and then: the board read in a thread
        await run_in_threadpool(_check_combinations, request, game_id, entry)
    who = "director" if table is None else f"table {table}"
    try:
        added, version = await live(request).store.add_async(
            game_id, entry, who, by_table=table is not None
        )
    except RefusedError as exc:
        raise HTTPException(403, str(exc)) from None
    except DuplicateResultError as exc:
        existing = result_dict(definition, exc.existing)
        return JSONResponse({"detail": str(exc), "result": existing}, status_code=409)
    return JSONResponse({**result_dict(definition, added), "version": version}, status_code=201)


@router.put("/{game_id}/results/{result_id}", responses=_WRITE)
def change_result(
    request: Request, game_id: str, result_id: ResultId, body: ResultIn, authorization: Auth = None
) -> JSONResponse:
    """Change a result (the director; a table, its own in its current round). The change is
    kept in the audit trail, with who made it, when, and the old and new values."""
    definition = live(request).definition(game_id)
    table = _who(request, game_id, authorization)
    entry = entry_of(definition, body, director=table is None)
    if table is not None:
        old = live(request).store.result(game_id, result_id)
        if body.table != table or old.entry.table != table:
            raise HTTPException(
                403, f"this is table {table}'s token: it changes only its own results"
            )
        _allowed(request, game_id, table, old.entry.round, change=True)
        _allowed(request, game_id, table, body.round, change=True)
    _check_combinations(request, game_id, entry, replacing=result_id)
    who = "director" if table is None else f"table {table}"
    try:
        changed, version = live(request).store.edit(game_id, result_id, entry, who)
    except DuplicateResultError as exc:
        existing = result_dict(definition, exc.existing)
        return JSONResponse({"detail": str(exc), "result": existing}, status_code=409)
    return JSONResponse({**result_dict(definition, changed), "version": version})


@router.delete("/{game_id}/results/{result_id}", responses=_WRITE)
def delete_result(
    request: Request, game_id: str, result_id: ResultId, authorization: Auth = None
) -> JSONResponse:
    """Delete a result (the director; a table, its own in its current round)."""
    definition = live(request).definition(game_id)
    table = _who(request, game_id, authorization)
    if table is not None:
        old = live(request).store.result(game_id, result_id)
        if old.entry.table != table:
            raise HTTPException(
                403, f"this is table {table}'s token: it deletes only its own results"
            )
        _allowed(request, game_id, table, old.entry.round, change=True)
    who = "director" if table is None else f"table {table}"
    removed, version = live(request).store.remove(game_id, result_id, who)
    return JSONResponse({**result_dict(definition, removed), "version": version})


def _links(request: Request, game_id: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"table": t, "token": token, "url": link(request, f"/live/{game_id}/table#{token}")}
        for t, token in tokens.items()
    ]


@router.get(
    "/{game_id}/tables",
    responses={
        **_READ,
        403: _WRITE[403],
        409: {"model": Problem, "description": "Its table links cannot be made again."},
    },
)
def table_links(request: Request, game_id: str, authorization: Auth = None) -> dict[str, Any]:
    """The tables' tokens and links again (the director), as when the session was started: a
    lost table card is printed again."""
    live(request).definition(game_id)
    if _who(request, game_id, authorization) is not None:
        raise HTTPException(403, "only the director has the tables' links")
    try:
        tokens = live(request).store.tokens_for(game_id, _token(authorization))
    except RefusedError:
        raise HTTPException(409, "this session's table links cannot be made again") from None
    return {"tables": _links(request, game_id, tokens)}


@router.get("/{game_id}/changes", responses=_WRITE)
def audit(request: Request, game_id: str, authorization: Auth = None) -> dict[str, Any]:
    """The audit trail (the director): every add, edit and delete, who, when, old and new."""
    live(request).definition(game_id)
    if _who(request, game_id, authorization) is not None:
        raise HTTPException(403, "only the director reads the audit trail")
    return {"changes": [c.to_dict() for c in live(request).store.changes(game_id)]}


@router.post("/{game_id}/close", responses=_WRITE)
def close(
    request: Request, game_id: str, body: CloseIn, authorization: Auth = None
) -> dict[str, Any]:
    """Close the session (the director): tables may no longer enter; the results page, PBN and
    CSV are published at ``/session/{id}``. ``{"closed": false}`` opens it again."""
    live(request).definition(game_id)
    if _who(request, game_id, authorization) is not None:
        raise HTTPException(403, "only the director closes the session")
    version = live(request).store.close(game_id, body.closed)
    return {
        "closed": body.closed,
        "version": version,
        "results_url": link(request, f"/session/{game_id}"),
    }


@router.get(
    "/{game_id}/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}, **_READ},
)
def watch(request: Request, game_id: str) -> StreamingResponse:
    """Server-sent events: one ``change`` event, ``{"version": n}``, for each change (the first
    carries the version it is at now)."""
    live(request).definition(game_id)
    return event_stream(request, game_id, live(request).store.version(game_id))
