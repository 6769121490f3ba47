"""A club evening from phones: the JSON API of live sessions (``/api/sessions``).

The director starts a session from a movement and gets an edit token (the director's) and a
token per table. Each table posts its own results, one at a time, with
``Authorization: Bearer <table token>``; every result is a row of its own, so tables entering
at once never conflict. What a token may do is the core's decision
(:func:`bridgescore.live.accept`), made by storage inside the write: this module reads the
request, asks, and maps the answer to HTTP (403 not allowed, 409 entered already, 422 does not
fit, 404 unknown). Everyone with the id reads the session (movement, missing boards, rankings,
the tables' rounds) and its event stream; until the session is closed, the results themselves
are the director's to read and each table's own, and a board's traveller is a table's once
both pairs sitting there have played it (and with it the board's hands, double-dummy table
and par: :func:`bridgescore.live.deals.hand_for`), so that nobody sees a board's results or
cards before playing it.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from bridgescore.boards.hand_record import HandRecord
from bridgescore.club import PublicView
from bridgescore.duplicate.analysis import pair_analysis
from bridgescore.duplicate.field import ARTIFICIAL_PRESETS, shown_points
from bridgescore.duplicate.movement import format_boards
from bridgescore.duplicate.movement.report import boards_going
from bridgescore.duplicate.session import Pair, Section, Session, scores_to_dict, share_text
from bridgescore.errors import N_, SessionError, for_field
from bridgescore.inputs import check_name
from bridgescore.live import (
    DIRECTOR,
    AlreadyEnteredError,
    LiveState,
    NotAllowedError,
    OutdatedError,
    Who,
    check_roster_lookup,
)
from bridgescore.live.deals import hand_for
from bridgescore.live.teams import EventTable
from bridgescore.locale import error_text, gettext, par_text, sentence_text
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.tokens import hash_token
from bridgescore.web import deps
from bridgescore.web.awards import award_rows, filing_of
from bridgescore.web.common import link
from bridgescore.web.deps import (
    BEARER_READ,
    Bearer,
    ClubsDep,
    Live,
    LiveDep,
    OptionalDirector,
    SessionState,
    SessionViewer,
    SessionWho,
    SettingsDep,
    StoreDep,
    TokenDep,
    director,
    require_director,
    session_token,
    session_who,
)
from bridgescore.web.live_model import (
    READ_RESPONSES,
    WRITE_RESPONSES,
    ArtificialIn,
    BoardNumber,
    CloseIn,
    NewSession,
    ResultIn,
    SettleIn,
    duplicate_answer,
    entry_of,
    evening_tags,
    individual_of,
    method_of,
    movement_of,
    night_pages,
    rankings,
    result_dict,
    with_players,
)
from bridgescore.web.models import PlayerIn
from bridgescore.web.problems import BODY, problem
from bridgescore.web.streams import event_stream, stream_url
from bridgescore.web.team_views import team_summary
from bridgescore.web.work import run_heavy, scores_of

__all__ = ["router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"], responses=BODY)

ResultId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
_EVENT_KEYS = (
    "scale",
    "method",
    "standings",
    "rounds",
    "rounds_planned",
    "boards_per_match",
    "url",
    "over",
    "winner",
)
"""What a team night's ``GET`` answers of its event (as ``GET /api/events/{id}`` does)."""

_READ = READ_RESPONSES
_READ_AS: dict[int | str, dict[str, Any]] = {
    **_READ,
    403: problem("A token that is not one of this session's, or (a board's traveller) not "
                 "yet this table's to see."),
}  # fmt: skip
_WRITE = WRITE_RESPONSES


def _hand(record: HandRecord) -> dict[str, Any]:
    """A hand record's JSON for the table phone: the core's, its par also ``said`` in the
    reader's language (:func:`~bridgescore.locale.par_text`), ``text`` staying the core's."""
    out = record.to_dict()
    if record.par is not None and out.get("par") is not None:
        out["par"] = {**out["par"], "said": par_text(record.par)}
    return out


def _scores(request: Request, state: LiveState) -> list[Any]:
    return scores_of(request, (state.id, state.version), state.current)


async def _state_and_who(
    request: Request, game_id: str, sent: Bearer, sessions: Live
) -> tuple[LiveState, Who]:
    """A state of the session (its definition: the write reads the newest) and who sent the
    token: from memory once they have been read (else the database, in a thread)."""
    known = sessions.store.known(game_id)
    if known is not None and sent.token is not None:
        key = (game_id, hash_token(session_token(sent)))
        if key in sessions.tokens:
            return known, sessions.tokens[key]

    def read() -> tuple[LiveState, Who]:
        who = session_who(request, game_id, sent, sessions, deps.store(request),
                          deps.clubs(request))  # fmt: skip
        return sessions.store.state(game_id), who

    return await run_in_threadpool(read)


def _slot(state: LiveState, round_number: int, table: int, board: int) -> dict[str, Any]:
    """A board still to enter: where, and the sides' numbers (as a result gives them)."""
    sitting = state.sitting(round_number, table)
    return {"round": round_number, "table": table, "board": board,
            "ns": sitting.ns, "ew": sitting.ew}  # fmt: skip


@router.post("", status_code=201, responses={401: problem("No director's login.")})
def start_session(
    request: Request,
    body: NewSession,
    settings: SettingsDep,
    sent: TokenDep,
    found: OptionalDirector,
    clubs: ClubsDep,
    live: LiveDep,
) -> JSONResponse:
    """Start an evening of the login's club (``Authorization: Bearer <login token>``; 401
    without, unless the server lets anyone). The answer carries the director's
    ``edit_token`` and each table's token and link (the director has them again from
    ``/tables``; the club's directors from ``/api/club/sessions``). Pairs are named by
    ``names`` (text) or ``players`` (two ``{"name", "number"}`` each)."""
    limits = settings.limits
    me = found if settings.open_evenings and not sent.sent else director(found)
    event = check_name(body.event.strip(), "event", longest=limits.name)
    names = {k: check_name(v.strip(), "names", longest=limits.name) for k, v in body.names.items()}
    movement = movement_of(body.movement, body.movement_file)
    one = individual_of(body.movement, names)
    if one is not None:
        if body.players:
            raise SessionError.coded("individual_names_in", field="players")
        sec = one.section()
    else:
        sec = Section.from_movement(movement, names=names)
    with for_field("players"):
        players = {label: tuple(p.player() for p in given) for label, given in body.players.items()}
    sec = with_players(sec, players)
    club = None if me is None else clubs.club(me.club_id)
    session = Session((sec,), method=method_of(body), event=event,
                      artificial=ARTIFICIAL_PRESETS[body.artificial],
                      date=body.date or datetime.now(UTC).strftime("%Y.%m.%d"),
                      tags=evening_tags(club, body.venue, body.director),
                      individual=one)  # fmt: skip
    key = None if me is None else (me.club_id, clubs.key(me.club_id))
    stored, tokens = live.store.start(session, movement.tables, key)
    assert stored.edit_token is not None
    live.remember(stored.id, stored.edit_token, tokens)
    director_url = link(request, f"/live/{stored.id}/director#{stored.edit_token}")
    return JSONResponse(
        {
            "id": stored.id,
            "edit_token": stored.edit_token,
            "version": 1,
            "director_url": director_url,
            "tables": _links(request, stored.id, tokens),
        },
        status_code=201,
    )


@router.get("/{game_id}", responses=_READ_AS)
def get_session(
    request: Request,
    game_id: str,
    state: SessionState,
    viewer: SessionViewer,
    clubs: ClubsDep,
    live: LiveDep,
) -> dict[str, Any]:
    """The night: its ``kind`` (``pairs`` or ``teams``), ``sittings`` (who sits where in each
    round, and the boards), results, ``missing`` boards (every board not in), ``due`` (those
    of them due: of rounds the room has left, or all once closed), ``late`` (the tables with
    boards due) and ``tables`` (each table's ``current_round``, the round it may still fix,
    whether it has finished or waits for the round's draw). A pairs evening adds its movement
    (the shape of ``bridgescore movement --json``), names and rankings (by field: ``NS`` and
    ``EW``, or ``all``); a team night its ``event_kind``, ``standings`` and ``rounds`` (as
    ``GET /api/events/{id}``).

    Until the session is closed its ``results`` are the director's to read (with the
    director's token) and each table's own (with its token); anyone else gets the rest
    (``entered`` counts the results in), so nobody sees a board's results before playing it.
    The director also gets the open ``conflicts``: entries the session could not take. A
    reader with a token gets ``stream``: its event stream's address with its pass, so that its
    streams are counted as its token's (``Limits.streams_per_token``), not its address's.
    """
    shown = [r for r in state.results
             if state.closed or viewer == DIRECTOR or r.entry.table == viewer]  # fmt: skip
    common = {
        "id": game_id,
        "kind": state.seating.kind,
        "version": state.version,
        "closed": state.closed,
        "tables": [asdict(p) for p in state.positions()],
        "sittings": [asdict(s) for s in state.seating.sittings],
        "entered": len(state.results),
        "results": [result_dict(state, r) for r in shown],
        "missing": [_slot(state, r, t, b) for r, t, b in state.missing()],
        "due": [_slot(state, r, t, b) for r, t, b in state.due()],
        "late": state.late(),
    }
    if viewer is not None:  # its pages' streams are counted as its token's, not its address's
        common["stream"] = stream_url(request, f"/api/sessions/{game_id}/events", game_id, viewer)
    if viewer == DIRECTOR:
        common["conflicts"] = [c.to_dict() for c in live.store.conflicts(game_id)]
    if state.seating.kind == "teams":
        summary = team_summary(request, game_id, state.event, state.version)
        event = {k: summary[k] for k in _EVENT_KEYS}
        return {**common, "event": summary["name"], "event_kind": summary["kind"], **event}
    sec = state.section
    owner = clubs.owner(game_id)
    club = clubs.club(owner) if owner is not None else None
    view = None if viewer == DIRECTOR or club is None else clubs.public_view(club)
    scored = _scores(request, state)
    individual = state.session.individual is not None
    ranked = rankings(scored, state.session)
    answer = {
        **common,
        "event": state.session.event,
        "method": state.session.method,
        **(
            {}
            if state.session.min_share is None
            else {"min_share": share_text(state.session.min_share)}
        ),
        **(
            {"handicap": state.session.handicap.to_dict()}
            if state.session.handicap is not None and viewer == DIRECTOR
            else {}
        ),
        "movement": state.movement.to_dict(),
        **_individual(state.session, view),
        "names": {p.label: _shown(p, view).names for p in sec.pairs},
        "players": {
            p.label: [x.to_dict() for x in _shown(p, view).players] for p in sec.pairs if p.players
        },
        "date": state.session.date,
        "tags": dict(state.session.tags),
        "boards": [
            {"board": b.number, "dealer": b.dealer.value, "vulnerability": b.vulnerability.value}
            for b in sec.boards
        ],
        "rankings": _private(
            ranked if individual else award_rows(club, scored, ranked),  # players: no awards yet
            sec,
            view,
            individual=individual,
        ),
        "boards_next": [
            {
                "round": r,
                "table": t,
                "boards": format_boards(state.play(r, t).boards),
                "to": str(to),
                "said": to if isinstance(to, str) else sentence_text(to),
            }
            for (r, t), to in boards_going(state.movement).items()
        ],
    }
    if viewer == DIRECTOR and club is not None and club.masterpoints is not None:
        answer["filing"] = filing_of(club.masterpoints)
    return answer


@router.get("/{game_id}/boards/{board}", responses=_READ_AS)
def traveller(
    request: Request, board: BoardNumber, state: SessionState, viewer: SessionViewer
) -> dict[str, Any]:
    """One board's traveller so far: each result with its NS score and both sides' points,
    and once the board has a deal its ``hand`` (the four hands, the double-dummy tricks and
    par, None until solved) with each result against double dummy (``vs_dd``, ``+1``) and
    against par (``vs_par``, NS's score less par's). On a team night: each table's result
    and NS score (the IMPs are the match's: ``/api/events/{id}/rounds/{r}/matches/{m}``).

    Until the session is closed, the director's, and a table's once both pairs sitting there
    now have played the board; 403 otherwise (the hands too: the same rule).
    """
    if not state.may_see(viewer, board):
        raise HTTPException(
            403,
            gettext(
                "board %(board)s's traveller is shown at a table once both pairs sitting there "
                "have played it, and to everyone once the session is closed"
            )
            % {"board": board},
        )
    if state.seating.kind == "teams":  # each table's result; the IMPs are the matches'
        lines = [{"round": e.round, "table": e.table, "ns": e.ns, "ew": e.ew,
                  "result": e.board_result().text, "ns_score": state.ns_score(e)}
                 for e in (r.entry for r in state.results) if e.board == board]  # fmt: skip
        return {"board": board, "version": state.version, "hand": None, "lines": lines}
    scored = _scores(request, state)[0]
    lines = scored.travellers.get(board, [])
    record = hand_for(state, viewer, board)
    versus = [None if record is None else record.versus(x.result.result, x.ns_score)
              for x in lines]  # fmt: skip
    return {
        "board": board,
        "version": state.version,
        "top": scored.tops.get(board),
        "hand": None if record is None else _hand(record),
        "lines": [
            {
                "round": line.result.round,
                "table": line.result.table,
                "ns": line.result.ns,
                "ew": line.result.ew,
                "result": line.result.text,
                "ns_score": line.ns_score if isinstance(line.ns_score, int) else None,
                "ns_points": shown_points(line.ns_points),
                "ew_points": shown_points(line.ew_points),
                "vs_dd": "" if vs is None else vs.tricks_text,
                "vs_par": "" if vs is None else vs.score_text,
            }
            for line, vs in zip(lines, versus, strict=True)
        ],
    }


@router.get("/{game_id}/recaps/{label}", responses=_READ_AS)
def recap(
    request: Request,
    game_id: str,
    label: str,
    state: SessionState,
    viewer: SessionViewer,
    clubs: ClubsDep,
) -> dict[str, Any]:
    """A pair's recap (``label``: ``NS3``, ``EW 3``, or ``3`` in a Howell): its boards, each
    with its opponents, result, score and points, as ``bridgescore session score --recap --json``
    gives it; with ``analysis`` (bridgescore.duplicate.analysis: par, double dummy and the actual
    score of each board valued against the other tables, and bidding, play, defence) when the
    boards have double-dummy tables. The director's until the session is closed, then
    everyone's.
    """
    if state.seating.kind == "teams":
        raise HTTPException(
            404,
            gettext("a team night has no pairs' recaps: its matches are at %(path)s")
            % {"path": f"/api/events/{game_id}/rounds/{{round}}/matches/{{match}}"},
        )
    if not state.closed and viewer != DIRECTOR:
        raise HTTPException(
            403, gettext("a pair's recap is the director's until the session is closed")
        )
    scored = _scores(request, state)[0]
    try:
        wanted = Pair.parse(label)
        found = scored.section.pair(wanted.number, wanted.side)
    except SessionError:  # a pair the address names: not found (the table's 422 is a body's)
        missing = SessionError.coded("no_such_pair", field="label", value=label, pair=label)
        raise HTTPException(404, error_text(missing)) from None
    analysis = run_heavy(request, pair_analysis, state.current, scored, found)
    analyses = {found.key: analysis} if analysis is not None else None
    (answer,) = scores_to_dict(scored, recaps=(found,), analyses=analyses)["recaps"]
    view = None if viewer == DIRECTOR else _public_view(clubs, game_id)
    return {**answer, "names": _shown(found, view).names, "version": state.version}


@router.get("/{game_id}/whoami", responses=_WRITE)
def whoami(state: SessionState, who: SessionWho) -> dict[str, Any]:
    """Whose token this is: ``{"role": "table", "table": 3}`` or ``{"role": "director"}``; on a
    team night a table's also names its ``match`` and ``room`` (``open`` or ``closed``)."""
    if who == DIRECTOR:
        return {"role": "director"}
    if state.seating.kind == "pairs":
        return {"role": "table", "table": who}
    place = EventTable.of(who, state.event)
    return {"role": "table", "table": who, "match": place.match, "room": place.room.value}


@router.post("/{game_id}/results", status_code=201, responses=_WRITE, openapi_extra=BEARER_READ)
async def add_result(request: Request, game_id: str, body: ResultIn) -> JSONResponse:
    """Enter one board's result at one table; the pairs come from the movement. The same board
    at the same table again is a 409 that shows the stored result; a table's different entry
    is then kept for the director as a conflict (``"conflict": true``)."""
    # On the event loop (the hot path of an evening): it awaits its write, committed with
    # the other tables' writes of the moment, without holding a thread. The app's parts and
    # the token are read where needed, not as dependencies (FastAPI's resolving each cost
    # about as much as the rest of the endpoint).
    live, sent = deps.live(request), deps.bearer_of(request)
    state, who = await _state_and_who(request, game_id, sent, live)
    entry = entry_of(state, body)
    try:
        added, version = await live.store.add_async(game_id, entry, who)
    except AlreadyEnteredError as exc:
        conflict = who != DIRECTOR and not exc.existing.entry.same_score(entry)
        return duplicate_answer(state, exc, conflict)
    return JSONResponse({**result_dict(state, added), "version": version}, status_code=201)


@router.put("/{game_id}/results/{result_id}", responses=_WRITE)
def change_result(
    game_id: str, result_id: ResultId, body: ResultIn, who: SessionWho, live: LiveDep
) -> JSONResponse:
    """Change a result (the director; a table, its own of the latest round it has entered).
    The change is kept in the audit trail, with who made it, when, and the old and new
    values. A table names the version it replaces (``replaces``: the result's ``updated_at``
    as it read it); one naming none or an older one, and different, is a 409 kept for the
    director as a conflict (``"conflict": true``), the stored result in ``result``."""
    state = live.store.state(game_id)
    entry = entry_of(state, body)
    try:
        changed, version = live.store.edit(game_id, result_id, entry, who, body.replaces)
    except AlreadyEnteredError as exc:
        kept = isinstance(exc, OutdatedError) and not exc.existing.entry.same_score(entry)
        return duplicate_answer(state, exc, kept)
    return JSONResponse({**result_dict(state, changed), "version": version})


@router.delete("/{game_id}/results/{result_id}", responses=_WRITE)
def delete_result(
    game_id: str, result_id: ResultId, who: SessionWho, live: LiveDep
) -> JSONResponse:
    """Delete a result (the director; a table, its own of the latest round it has entered)."""
    removed, version = live.store.remove(game_id, result_id, who)
    state = live.store.state(game_id)
    return JSONResponse({**result_dict(state, removed), "version": version})


@router.post("/{game_id}/artificial", responses=_WRITE, response_model=dict[str, Any])
def artificial_scores(
    game_id: str, body: ArtificialIn, who: SessionWho, live: LiveDep
) -> dict[str, Any] | JSONResponse:
    """The director gives an artificial score to every board still missing of one table's
    round (``table`` and ``round``; the score as NS/EW) or of one pair (``pair``, its label;
    the score as the pair's and its opponents', ``A-/A+``), in one step: all or none."""
    state = live.store.state(game_id)
    if (body.pair is None) == (body.table is None or body.round is None):
        raise SessionError.coded("average_where", field="pair", value=body.pair)
    label = None
    if body.pair is not None:
        label = _label(state, body.pair)
    entries = state.averages(body.artificial, table=body.table, round_number=body.round,
                             pair=label)  # fmt: skip
    try:
        version = live.store.add_all(game_id, entries, who)
    except AlreadyEnteredError as exc:  # a table entered one meanwhile
        return duplicate_answer(state, exc, False)
    return {"entered": len(entries), "version": version}


@router.post("/{game_id}/conflicts", status_code=201, responses=_WRITE)
def request_correction(
    game_id: str, body: ResultIn, who: SessionWho, live: LiveDep
) -> dict[str, Any]:
    """A table sends the director an entry the session would not take (it was closed): kept
    as a conflict for the director to settle."""
    state = live.store.state(game_id)
    entry = entry_of(state, body)
    return {"version": live.store.request(game_id, entry, who)}


@router.post("/{game_id}/conflicts/{conflict_id}", responses=_WRITE)
def settle_conflict(
    game_id: str, conflict_id: ResultId, body: SettleIn, who: SessionWho, live: LiveDep
) -> dict[str, Any]:
    """The director settles a conflict: ``{"keep": "stored"}`` keeps the stored result,
    ``{"keep": "entry"}`` puts the table's entry in its place."""
    return {"version": live.store.settle(game_id, conflict_id, body.keep, who)}


class PairIn(BaseModel):
    """A pair's players now (a substitute): two ``{"name": ..., "number": ...}``."""

    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[PlayerIn] = Field(min_length=2, max_length=2)


@router.put("/{game_id}/pairs/{label}", responses=_WRITE)
def change_pair(
    game_id: str, label: str, body: PairIn, who: SessionWho, live: LiveDep
) -> dict[str, Any]:
    """Change a pair's players: the director at any time (a substitute); a table, once, the
    players of the two pairs sitting at it in its first round, while it is in that round (as
    Bridgemate asks at the start; 403 otherwise). The session's definition changes in a
    versioned write (the tables hear it), kept in the audit trail."""
    with for_field("players"):
        players = tuple(p.player() for p in body.players)
    return {"version": live.store.substitute(game_id, label, players, who)}


PlayerNumber = Annotated[str, PathParam(min_length=1, max_length=20, pattern="^[A-Za-z0-9]+$")]


@router.get("/{game_id}/roster/{number}", responses={**_READ, 403: _WRITE[403]})
def roster_player(
    game_id: str, number: PlayerNumber, state: SessionState, who: SessionWho, clubs: ClubsDep
) -> dict[str, Any]:
    """The player of the session's club roster with this national number (the director's
    token, or a table's while it may still enter its pairs' players:
    :func:`~bridgescore.live.check_roster_lookup`): ``{"name": ..., "number": ...}``, as a
    table enters its players at the start; 404 for a number the roster does not have (a
    visitor: give the name)."""
    check_roster_lookup(state, who)  # 403 if not
    club = clubs.owner(game_id)
    found = None if club is None else clubs.roster_player(club, number)
    if found is None:
        raise HTTPException(
            404, gettext("the club's roster has no player %(number)s") % {"number": number}
        )
    return found.player.to_dict()


def _label(state: LiveState, given: str) -> str:
    """A side's label as the night names it: a pair's (``NS 3``, ``EW 3``, ``3`` in a Howell)
    or a team's name.

    :raises SessionError: (field ``pair``) for a side the night does not have.
    """
    if state.seating.kind == "teams":
        names = {s.ns_label.casefold(): s.ns_label for s in state.seating.sittings}
        if given.strip().casefold() not in names:
            raise SessionError.coded("no_team_at_table", field="pair", value=given, team=given)
        return names[given.strip().casefold()]
    with for_field("pair"):
        wanted = Pair.parse(given)
        return state.definition.pair(wanted.number, wanted.side).label


def _public_view(club_store: ClubStore, game_id: str) -> PublicView | None:
    """How a reader other than the director sees the players of a club's evening (the club's
    public view); None for a session of no club."""
    owner = club_store.owner(game_id)
    if owner is None:
        return None
    return club_store.public_view(club_store.club(owner))


def _individual(session: Session, view: PublicView | None) -> dict[str, Any]:
    """An individual's movement, and its players' names as this reader may see them."""
    if session.individual is None:
        return {}
    one = session.individual.to_dict()
    if view is not None:
        one["names"] = {k: view.pair(Pair(int(k), names=v)).names for k, v in one["names"].items()}
    return {"individual": one}


def _private(
    found: dict[str, list[dict[str, Any]]],
    sec: Section,
    view: PublicView | None,
    individual: bool = False,
) -> dict[str, list[dict[str, Any]]]:
    """The rankings with the players as this reader may see them (an ``individual``'s rows are
    players, each shown as a pair named without its players is)."""
    if view is None:
        return found
    if individual:
        return {field: [{**row, "names": view.pair(Pair(row["number"], names=row["names"])).names}
                        for row in rows] for field, rows in found.items()}  # fmt: skip
    pairs = {p.label: _shown(p, view) for p in sec.pairs}
    return {
        field: [{**row, "names": pairs[row["pair"]].names,
                 **({"players": [x.to_dict() for x in pairs[row["pair"]].players]}
                    if "players" in row else {})} for row in rows]
        for field, rows in found.items()
    }  # fmt: skip


def _shown(pair: Pair, view: PublicView | None) -> Pair:
    """The pair as this reader may see it (the club's :class:`PublicView`)."""
    return pair if view is None else view.pair(pair)


def _links(
    request: Request, game_id: str, tokens: dict[int, str], page: str = "live"
) -> list[dict[str, Any]]:
    """Each table's token and link (``page``: ``live``, a team night's ``event``)."""
    return [
        {"table": t, "token": token, "url": link(request, f"/{page}/{game_id}/table#{token}")}
        for t, token in tokens.items()
    ]


@router.get(
    "/{game_id}/tables",
    responses={
        **_READ,
        403: _WRITE[403],
        409: problem("Its table links cannot be made again."),
    },
)
def table_links(
    request: Request,
    game_id: str,
    state: SessionState,
    who: SessionWho,
    sent: TokenDep,
    live: LiveDep,
    store: StoreDep,
    clubs: ClubsDep,
) -> dict[str, Any]:
    """The tables' tokens and links again (the director), as when the session was started: a
    lost table card is printed again."""
    require_director(who, N_("only the director has the tables' links"))
    token = session_token(sent)
    if not store.check_token(game_id, token):  # a club's director: the club's key
        token = clubs.edit_token(game_id)
    try:
        tokens = live.store.tokens_for(game_id, token)
    except NotAllowedError:  # its own words: the token is the director's, the links are gone
        raise HTTPException(
            409, gettext("this session's table links cannot be made again")
        ) from None
    return {"tables": _links(request, game_id, tokens, night_pages(state)[0])}


@router.get("/{game_id}/changes", responses=_WRITE)
def audit(game_id: str, state: SessionState, who: SessionWho, live: LiveDep) -> dict[str, Any]:
    """The audit trail (the director): every add, edit and delete, who, when, old and new."""
    require_director(who, N_("only the director reads the audit trail"))
    return {"changes": [c.to_dict() for c in live.store.changes(game_id)]}


@router.post("/{game_id}/close", responses=_WRITE)
def close(
    request: Request, game_id: str, body: CloseIn, who: SessionWho, live: LiveDep
) -> dict[str, Any]:
    """Close the session (the director): tables may no longer enter; the results page, PBN and
    CSV are published at ``/session/{id}``. ``{"closed": false}`` opens it again."""
    version = live.store.close(game_id, body.closed, who)
    page = night_pages(live.store.state(game_id))[1]
    return {
        "closed": body.closed,
        "version": version,
        "results_url": link(request, f"/{page}/{game_id}"),
    }


@router.get(
    "/{game_id}/events",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}}, **_READ},
)
def watch(request: Request, game_id: str, live: LiveDep) -> StreamingResponse:
    """Server-sent events: one ``change`` event, ``{"version": n}``, for each change (the first
    carries the version it is at now)."""
    return event_stream(request, game_id, live.store.state(game_id).version)
