"""The director's changes to a live evening as the room goes (``/api/sessions/{id}/...``).

A late pair (``POST /pairs``), a pair that leaves early (``POST /withdrawals``), a fouled
board's versions (``PUT /boards/{n}``), the minimum share of boards for a ranking (``PUT
/min-share``) and a traveller slip for a table without a phone (``POST
/boards/{n}/results``: a whole board at once, all or none). The core decides
(:func:`bridgescore.live.definition.redefine`, :func:`bridgescore.live.accept`), storage asks it
inside its write, and this module only reads the request and maps the answer.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.duplicate.session import Pair, read_share, share_text
from bridgescore.errors import N_, SessionError, for_field
from bridgescore.grades.handicap import HandicapRules
from bridgescore.inputs import LONGEST_NAME, check_name
from bridgescore.live import DIRECTOR, AlreadyEnteredError
from bridgescore.live.definition import FouledBoard, Handicapping, LatePair, MinShare, Withdrawal
from bridgescore.web.deps import LimitsDep, LiveDep, SessionWho, require_director
from bridgescore.web.live_model import (
    MAX_BOARD,
    WRITE_RESPONSES,
    BoardNumber,
    ResultIn,
    SplitIn,
    duplicate_answer,
    entry_of,
)
from bridgescore.web.models import PlayerIn
from bridgescore.web.problems import BODY

__all__ = ["router"]

router = APIRouter(prefix="/api/sessions", tags=["sessions"], responses=BODY)

_STRICT = ConfigDict(extra="forbid", strict=True)


class LatePairIn(BaseModel):
    """A late pair: its label, names and players, and the round it plays from."""

    model_config = _STRICT

    pair: str = Field(max_length=10, examples=["NS 7"])
    names: str = Field("", max_length=LONGEST_NAME, examples=["Ann & Bob"])
    players: list[PlayerIn] = Field(default_factory=list, max_length=4)
    from_round: int = Field(ge=1, le=MAX_BOARD, examples=[2])


class WithdrawalIn(BaseModel):
    """A pair that leaves: its label and the first round it does not play."""

    model_config = _STRICT

    pair: str = Field(max_length=10, examples=["EW 2"])
    from_round: int = Field(ge=1, le=MAX_BOARD, examples=[6])


class VersionsIn(BaseModel):
    """A fouled board's versions (Law 87): the tables that played each (``[]``: not fouled)."""

    model_config = _STRICT

    versions: list[Annotated[list[Annotated[int, Field(ge=1, le=MAX_BOARD)]],
                             Field(max_length=MAX_BOARD)]] = Field(
        max_length=20, examples=[[[1, 2, 3, 4], [5, 6, 7]]]
    )  # fmt: skip


class MinShareIn(BaseModel):
    """The share of boards a pair plays to be ranked: ``70%``, ``0.7`` or ``2/3``; null or
    empty: every pair is ranked."""

    model_config = _STRICT

    share: str | None = Field(None, max_length=20, examples=["70%"])


class HandicapIn(BaseModel):
    """Handicapped rankings beside the scratch ones (SCORING.md §27): ``method`` ``grade``
    (50 - the player's grade), ``card`` (the grade's card rank) or ``set`` (``set``: the
    director's handicap by national number, in points added); null: scratch only."""

    model_config = _STRICT

    method: Literal["grade", "card", "set"] | None = Field(None, examples=["grade"])
    combine: Literal["mean", "sum"] = Field("mean", examples=["mean"])
    set: dict[Annotated[str, Field(max_length=20)], float] = Field(
        default_factory=dict, max_length=2000, examples=[{"123456": -2.5}]
    )


class SlipLineIn(BaseModel):
    """One line of a traveller slip: the table and its result (the round is the one the
    movement has the table play the board in)."""

    model_config = _STRICT

    table: int = Field(ge=1, le=MAX_BOARD, examples=[3])
    contract: str | None = Field(None, max_length=10, examples=["4H"])
    declarer: str | None = Field(None, max_length=5, examples=["S"])
    tricks: int | None = Field(None, ge=-1000, le=1000, examples=[10])
    lead: str | None = Field(None, max_length=5)
    artificial: str | None = Field(None, max_length=10)
    weighted: str | None = Field(None, max_length=400)
    split: SplitIn | None = None


@router.post("/{game_id}/pairs", status_code=201, responses=WRITE_RESPONSES)
def late_pair(
    game_id: str, body: LatePairIn, who: SessionWho, live: LiveDep, limits: LimitsDep
) -> dict[str, Any]:
    """A late pair takes a phantom's or a sit-out's place from ``from_round`` (the director)."""
    names = check_name(body.names.strip(), "names", longest=limits.name)
    with for_field("pair"):
        pair = Pair.parse(body.pair)
    with for_field("players"):
        players = tuple(p.player() for p in body.players)
    change = LatePair(Pair(pair.number, pair.side, names, players), body.from_round)
    version = live.store.redefine(game_id, change, who)
    return {"pair": pair.label, "from_round": body.from_round, "version": version}


@router.post("/{game_id}/withdrawals", status_code=201, responses=WRITE_RESPONSES)
def withdrawal(game_id: str, body: WithdrawalIn, who: SessionWho, live: LiveDep) -> dict[str, Any]:
    """A pair leaves before ``from_round``: its later opponents sit out (the director)."""
    change = Withdrawal(body.pair, body.from_round)
    version = live.store.redefine(game_id, change, who)
    return {"pair": body.pair, "from_round": body.from_round, "version": version}


@router.put("/{game_id}/boards/{board}", responses=WRITE_RESPONSES)
def fouled_board(
    game_id: str, board: BoardNumber, body: VersionsIn, who: SessionWho, live: LiveDep
) -> dict[str, Any]:
    """A fouled board (Law 87): which tables played which version; each version is scored
    as its own field, Neuberg-scaled to the board's full field (the director)."""
    change = FouledBoard(board, tuple(tuple(v) for v in body.versions))
    version = live.store.redefine(game_id, change, who)
    return {"board": board, "versions": body.versions, "version": version}


@router.put("/{game_id}/min-share", responses=WRITE_RESPONSES)
def min_share(game_id: str, body: MinShareIn, who: SessionWho, live: LiveDep) -> dict[str, Any]:
    """The minimum share of boards for a ranking (the director): a pair that played less
    than this share of the boards the busiest pair of its section played is listed after the
    ranked pairs, not ranked (SCORING.md, "A minimum share of boards")."""
    text = (body.share or "").strip()
    share = read_share(text) if text else None
    version = live.store.redefine(game_id, MinShare(share), who)
    return {"min_share": None if share is None else share_text(share), "version": version}


@router.put("/{game_id}/handicap", responses=WRITE_RESPONSES)
def handicap(game_id: str, body: HandicapIn, who: SessionWho, live: LiveDep) -> dict[str, Any]:
    """Handicapped rankings beside the scratch ones on the evening's results (the director;
    SCORING.md §27), or scratch only."""
    rules = None if body.method is None else HandicapRules(body.method, body.combine, body.set)
    version = live.store.redefine(game_id, Handicapping(rules), who)
    return {"handicap": None if rules is None else rules.to_dict(), "version": version}


@router.post(
    "/{game_id}/boards/{board}/results",
    status_code=201,
    responses=WRITE_RESPONSES,
    response_model=dict[str, Any],
)
def traveller_slip(
    game_id: str,
    board: BoardNumber,
    body: Annotated[list[SlipLineIn], Body(max_length=100)],
    who: SessionWho,
    live: LiveDep,
) -> dict[str, Any] | JSONResponse:
    """A whole board's results at once, from a traveller slip (the director): all or none,
    each accepted by the core as if those before it were stored."""
    require_director(who, N_("only the director enters a traveller slip"))
    state = live.store.state(game_id)
    if not body:
        raise SessionError.coded("slip_one_line", field="results")
    entries = []
    for line in body:
        rounds = [p.round for p in state.movement.plays
                  if p.table == line.table and board in p.boards]  # fmt: skip
        if not rounds:
            raise SessionError.coded("table_not_board", field="table", value=line.table,
                                     table=line.table, board=board)  # fmt: skip
        values = line.model_dump(exclude={"split"})
        result = ResultIn(round=rounds[0], board=board, split=line.split, **values)
        entries.append(entry_of(state, result))
    try:
        version = live.store.add_all(game_id, entries, DIRECTOR)
    except AlreadyEnteredError as exc:  # a line's table has entered the board already
        return duplicate_answer(state, exc, False)
    return {"entered": len(entries), "version": version}
