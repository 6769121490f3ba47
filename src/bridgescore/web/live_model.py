"""What the live sessions' API reads and answers: the request bodies (strict: no coercion, no
unknown fields), an entry read from a body, a result and the rankings as JSON, and the
refusals a write documents (its 409 shows the stored result: :class:`Duplicate`).

The bodies still take the names of the last release for one more (``scoring`` for
``method``, ``adjusted`` for ``artificial``), documented as deprecated; answers carry the new
names only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from bridgescore.club import Club
from bridgescore.duplicate.movement import (
    IndividualMovement,
    Movement,
    howell,
    individual,
    mitchell,
)
from bridgescore.duplicate.session import (
    Individual,
    Method,
    Section,
    SectionScores,
    Session,
    individual_scores,
    rank_to_dict,
    scores_to_dict,
)
from bridgescore.errors import SessionError, for_field
from bridgescore.inputs import check_name
from bridgescore.live import AlreadyEnteredError, LiveResult, LiveState, TableEntry, read_result
from bridgescore.locale import error_text
from bridgescore.players import Player, pair_names
from bridgescore.web.models import MovementFileIn, PlayerIn
from bridgescore.web.problems import Responses, problem

__all__ = [
    "MAX_BOARD",
    "READ_RESPONSES",
    "WRITE_RESPONSES",
    "ArtificialIn",
    "BoardNumber",
    "CloseIn",
    "Duplicate",
    "MovementIn",
    "NewSession",
    "ResultIn",
    "SettleIn",
    "SplitIn",
    "duplicate_answer",
    "entry_of",
    "evening_tags",
    "individual_of",
    "method_of",
    "movement_of",
    "night_pages",
    "rankings",
    "result_dict",
    "with_players",
]

MAX_BOARD = 1000
"""The highest board number the API takes (a movement with more boards is refused)."""

BoardNumber = Annotated[int, PathParam(ge=1, le=MAX_BOARD)]
"""A board's number in an address (``/boards/{board}``)."""


class Duplicate(BaseModel):
    """The board was entered already at that table: the stored result (and, for a table's
    different entry, ``conflict``: it was kept for the director)."""

    detail: str
    result: dict[str, Any]
    conflict: bool


READ_RESPONSES: Responses = {404: problem("No such session.")}
"""The answers of a read besides 200: 404."""
WRITE_RESPONSES: Responses = {
    **READ_RESPONSES,
    403: problem("Not this session's token, or not that table's."),
    409: {"model": Duplicate, "description": "That table has entered that board already."},
    429: problem("That table has sent the director as many entries for that board as it may."),
}
"""The answers of a write besides 200: 403, 404, 409, 429."""

_STRICT = ConfigDict(extra="forbid", strict=True)


class MovementIn(BaseModel):
    """The movement, with the options of ``bridgescore movement mitchell|howell``."""

    model_config = _STRICT

    movement: Literal["mitchell", "howell", "individual"] = Field(examples=["mitchell"])
    tables: int | None = Field(None, examples=[7], description="A Mitchell's tables, 2 to 30.")
    pairs: int | None = Field(None, examples=[10], description="A Howell's pairs, 4 to 20.")
    players: int | None = Field(
        None,
        examples=[12],
        description="An individual's players, 8 to 40 (`bridgescore movement individual`): "
        '`names` then names each by number (`{"1": "Ann Smith"}`).',
    )
    boards_per_round: int = Field(examples=[3])
    rounds: int | None = None
    even: Literal["skip", "relay"] = "skip"
    half_table: bool = False
    arrow_switch: bool = False


class NewSession(BaseModel):
    """A new evening: its name, how it is scored, the movement, and the pairs' names."""

    model_config = _STRICT

    event: str = Field("", examples=["Monday pairs"])
    method: Method | None = Field(None, description="How it is scored (default mp).")
    scoring: Method | None = Field(
        None,
        json_schema_extra={"deprecated": True},
        description="Deprecated: the old name of `method`.",
    )
    movement: MovementIn | None = Field(
        None, description="A movement of ours (or give `movement_file`)."
    )
    movement_file: MovementFileIn | None = Field(
        None,
        description="A published movement, as a movement file's text (instead of `movement`): "
        "the same checks, fairness and table cards as ours.",
    )
    names: dict[str, str] = Field(default_factory=dict, examples=[{"NS 1": "Ann & Bob"}])
    artificial: Literal["default", "ebu", "acbl"] = Field(
        "default",
        description="What average plus and minus are worth: 60/50/40 % (default), the EBU's "
        "(A+ the pair's percentage on the boards it played if better) or the ACBL's (also A- "
        "its percentage if worse).",
    )
    players: dict[str, list[PlayerIn]] = Field(
        default_factory=dict,
        examples=[{"NS 1": [{"name": "Ann Smith", "number": "123"},
                            {"name": "Bob Jones", "number": None}]}],
        description="The pairs' players (from the roster, or typed), two for a pair: "
        "`{\"name\": ..., \"number\": ...}`; their names name the pair.",
    )  # fmt: skip
    date: str = Field("", max_length=10, pattern=r"^(\d{4}\.\d{2}\.\d{2})?$",
                      description="The PBN date (YYYY.MM.DD); default today (UTC).")  # fmt: skip
    venue: str = Field("", max_length=100, description="Where it is played (PBN `Site`); "
                       "default the club's name.")  # fmt: skip
    director: str = Field("", max_length=100, description="The director's name, as the "
                          "results show it.")  # fmt: skip


class ResultIn(BaseModel):
    """One board at one table: the contract (``Pass`` for a passed-out board), declarer and
    tricks taken, the opening lead if wanted; or, from the director, an artificial score
    (``A+/A-``, ``A``...) or a weighted score (Law 12C1(c)) instead."""

    model_config = _STRICT

    round: int = Field(ge=1, le=MAX_BOARD, examples=[1])
    table: int = Field(ge=1, le=MAX_BOARD, examples=[1])
    board: int = Field(ge=1, le=MAX_BOARD, examples=[2])
    contract: str | None = Field(None, max_length=10, examples=["4HX"])
    declarer: str | None = Field(None, max_length=5, examples=["S"])
    tricks: int | None = Field(None, ge=-1000, le=1000, examples=[8])
    lead: str | None = Field(None, max_length=5, examples=["SK"])
    artificial: str | None = Field(
        None,
        max_length=10,
        examples=["A+/A-"],
        description="The director only: an artificial score (Law 12C2) instead of a result.",
    )
    adjusted: str | None = Field(
        None,
        max_length=10,
        json_schema_extra={"deprecated": True},
        description="Deprecated: the old name of `artificial`.",
    )
    weighted: str | None = Field(
        None,
        max_length=400,
        examples=["50% 4SN=, 30% 4SN-1, 20% 5HXE-2"],
        description="The director only (a table's token gets 403), alone (no contract, no "
        "artificial score): a weighted adjusted score (Law 12C1(c)), its results separated by "
        "commas, each a percentage (whole, or with up to 2 decimals) and a result with its "
        "declarer (or Pass), the percentages adding up to exactly 100. It is a real result on "
        "the board, scored as the weighted average of its results' matchpoints or IMPs. "
        "Stored and answered in its canonical form; a 422 names the field `weighted`.",
    )
    split: SplitIn | None = Field(
        None,
        description="The director only, alone: an assigned split score (Law 12C1(b)), NS "
        "scored on one result and EW on another.",
    )
    replaces: str | None = Field(
        None,
        max_length=40,
        examples=["2026-01-01T19:42:05.123456+00:00"],
        description="A table's change (PUT): the version of the result it replaces, the "
        "stored result's `updated_at` as the phone read it. A table's change naming none, or "
        "an older one, is not applied: a 409 keeps it for the director as a conflict. The "
        "director's changes need none. Ignored on a POST.",
    )


class SplitIn(BaseModel):
    """An assigned split score (Law 12C1(b)): NS's result and EW's."""

    model_config = _STRICT

    ns: str = Field(max_length=10, examples=["4SN="])
    ew: str = Field(max_length=10, examples=["4SN-1"])


class CloseIn(BaseModel):
    """Close the session (publish its results): ``{"closed": true}``; ``false`` opens it
    again."""

    model_config = _STRICT

    closed: bool


class ArtificialIn(BaseModel):
    """Artificial scores for every board still missing of a table's round, or of a pair."""

    model_config = _STRICT

    artificial: str = Field(max_length=10, examples=["A/A"])
    table: int | None = Field(None, ge=1, le=MAX_BOARD, examples=[3])
    round: int | None = Field(None, ge=1, le=MAX_BOARD, examples=[2])
    pair: str | None = Field(None, max_length=10, examples=["NS 3"])


class SettleIn(BaseModel):
    """What the director keeps of a conflict: the ``stored`` result or the refused ``entry``."""

    model_config = _STRICT

    keep: Literal["stored", "entry"]


def method_of(body: NewSession) -> Method:
    """The method asked for (``method``, or the deprecated ``scoring``; mp by default).

    :raises SessionError: if both are given and differ.
    """
    if body.method and body.scoring and body.method != body.scoring:
        raise SessionError.coded("method_once", field="method", value=body.scoring)
    chosen: Method = body.method or body.scoring or "mp"
    return chosen


def movement_of(spec: MovementIn | None, file: MovementFileIn | None = None) -> Movement:
    """The movement a request asks for: ours (``spec``) or a movement file's (``file``).

    :raises SessionError: for none or both, a Mitchell without tables, a Howell without
        pairs, or boards numbered past :data:`MAX_BOARD`.
    :raises MovementError: for a movement that cannot be, or a file that cannot be read
        (naming its line and field).
    """
    if (spec is None) == (file is None):
        raise SessionError.coded("movement_or_file", field="movement")
    if file is not None:
        movement = file.movement()
    elif spec is not None and spec.movement == "individual":
        movement = _individual(spec).as_pairs()
    elif spec is None or spec.movement == "howell":
        if spec is None or spec.pairs is None:
            raise SessionError.coded("howell_needs_pairs", field="pairs")
        with for_field("movement"):
            movement = howell(spec.pairs, spec.boards_per_round, rounds=spec.rounds)
    else:
        if spec.tables is None:
            raise SessionError.coded("mitchell_needs_tables", field="tables")
        with for_field("movement"):
            movement = mitchell(spec.tables, spec.boards_per_round, rounds=spec.rounds,
                                even=spec.even, arrow_switch=spec.arrow_switch,
                                half_table=spec.half_table)  # fmt: skip
    if movement.boards > MAX_BOARD:
        raise SessionError.coded("movement_boards_most", field="boards_per_round",
                                 value=movement.boards_per_round, boards=movement.boards,
                                 most=MAX_BOARD)  # fmt: skip
    return movement


def _individual(spec: MovementIn) -> IndividualMovement:
    if spec.players is None:
        raise SessionError.coded("individual_needs_players", field="players")
    with for_field("movement"):
        return individual(spec.players, spec.boards_per_round, rounds=spec.rounds)


def individual_of(spec: MovementIn | None, names: dict[str, str]) -> Individual | None:
    """An individual evening's movement and players, named by number in ``names``; None for a
    pairs movement.

    :raises SessionError: for a name that is not a player's number (``names``).
    :raises MovementError: for an individual that cannot be.
    """
    if spec is None or spec.movement != "individual":
        return None
    movement = _individual(spec)
    named: dict[int, str] = {}
    for key, name in names.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 2):
            raise SessionError.coded("individual_name_key", field="names", value=key[:20],
                                     key=key)  # fmt: skip
        named[int(key)] = name
    return Individual(movement, named)


def entry_of(state: LiveState, body: ResultIn) -> TableEntry:
    """The entry a body gives, read against the movement (errors name the field).

    :raises SessionError: for a table, round or board the movement does not have, or a result
        that cannot be (a contract without tricks, a weighted score whose weights do not add
        up to 100).
    """
    artificial = body.artificial if body.artificial is not None else body.adjusted
    given = [x is not None for x in (body.contract, artificial, body.weighted, body.split)]
    if sum(given) > 1:
        field = "split" if body.split is not None else (
            "weighted" if body.weighted is not None else "artificial")  # fmt: skip
        shown = body.weighted if field == "weighted" else artificial
        raise SessionError.coded("entry_one_kind", field=field, value=shown)
    result = None
    if body.weighted is None and artificial is None and body.split is None:
        result = read_result(body.contract, body.declarer, body.tricks)
    split = None if body.split is None else (body.split.ns, body.split.ew)
    return state.entry(body.round, body.table, body.board, result=result,
                       artificial=artificial, weighted=body.weighted,
                       lead=body.lead, split=split)  # fmt: skip


def night_pages(state: LiveState) -> tuple[str, str]:
    """Where a night's pages are: the prefix of its table and director pages, and of its
    results page (``live`` and ``session`` for a pairs evening, ``event`` for a team night).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> from bridgescore.duplicate.session import Session
    >>> night_pages(LiveState.start(Session((Section.from_movement(mitchell(3, 2)),))))
    ('live', 'session')
    """
    return ("event", "event") if state.seating.kind == "teams" else ("live", "session")


def duplicate_answer(state: LiveState, exc: AlreadyEnteredError, conflict: bool) -> JSONResponse:
    """The 409 of every kind of night (:class:`Duplicate`): the stored result (as a result's
    JSON, as GET gives it) and whether the table's entry was kept as a conflict (a team
    night's deprecated calls by match and room answer theirs in :mod:`.team_events`)."""
    existing = result_dict(state, exc.existing)
    return JSONResponse(
        {"detail": error_text(exc), "result": existing, "conflict": conflict}, status_code=409
    )


def result_dict(state: LiveState, result: LiveResult) -> dict[str, Any]:
    """A stored result as the API shows it: the entry, its notation and the NS score."""
    return {**result.to_dict(), "ns_score": state.ns_score(result.entry)}


def rankings(
    scored: list[SectionScores], session: Session | None = None
) -> dict[str, list[dict[str, Any]]]:
    """The rankings by field (``NS`` and ``EW``, or ``all``), as the CLI's JSON has them; an
    individual's are its players' (``all``; each row's ``pair`` and ``number`` the player's
    number, ``names`` their name)."""
    if session is not None and session.individual is not None:
        rows = individual_scores(session.individual, scored[0]).rankings
        mp = session.method == "mp"
        return {"all": [rank_to_dict(row, mp=mp) for row in rows]}
    found: dict[str, list[dict[str, Any]]] = {}
    for s in scored:
        found.update(scores_to_dict(s)["rankings"])
    return found


def with_players(sec: Section, players: dict[str, tuple[Player, ...]]) -> Section:
    """The section with these pairs' players (and their names naming the pairs).

    :raises SessionError: for a pair the section does not have, or not two players.
    """
    labels = {p.label for p in sec.pairs}
    for label, given in players.items():
        if label not in labels:
            raise SessionError.coded("players_no_pair", field="players", value=label, pair=label)
        if len(given) != 2:
            raise SessionError.coded("players_of_pair", field="players", value=label,
                                     pair=label, count=len(given))  # fmt: skip
    pairs = [replace(p, players=players[p.label], names=pair_names(players[p.label]))
             if p.label in players else p for p in sec.pairs]  # fmt: skip
    return replace(sec, pairs=tuple(pairs)) if players else sec


def evening_tags(club: Club | None, venue: str, director: str) -> dict[str, str]:
    """The PBN tags of a club evening: ``Site`` (the venue, else the club's name), ``Club``
    (its name, body and number) and ``Director`` (when given).

    >>> evening_tags(Club("c", "Acol BC", "12", "EBU"), "", "Jo Bloggs")
    {'Site': 'Acol BC', 'Club': 'Acol BC (EBU 12)', 'Director': 'Jo Bloggs'}
    """
    tags = {}
    site = check_name(venue.strip(), "venue", longest=100) or (club.name if club else "")
    if site:
        tags["Site"] = site
    if club is not None:
        tags["Club"] = club.label
    if director.strip():
        tags["Director"] = check_name(director.strip(), "director", longest=100)
    return tags
