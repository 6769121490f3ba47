"""What the live sessions' API reads and answers: the request bodies, an entry checked against
the movement, a stored entry as the core's result, and a result and the rankings as JSON.

>>> from bridgescore.storage.live import Entry
>>> board_result(Entry(1, 2, 3, "NS 2", "EW 2", "4HX", "S", 8)).text
'4HXS-2'
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import HTTPException
from pydantic import BaseModel, Field

from bridgescore import Result, Seat
from bridgescore.duplicate import Adjusted, Weighted
from bridgescore.errors import SessionError, for_field
from bridgescore.model import PASS_OUT, parse_contract
from bridgescore.movement import Movement, Play, howell, mitchell
from bridgescore.session import BoardResult, Section, SectionScores, Session
from bridgescore.storage import StoredGame
from bridgescore.storage.live import Entry, LiveResult

__all__ = [
    "CloseIn",
    "MovementIn",
    "NewSession",
    "ResultIn",
    "board_result",
    "entry_of",
    "movement_of",
    "rankings",
    "result_dict",
    "section",
]


Scoring = Literal["mp", "butler", "cross-imps"]


class MovementIn(BaseModel):
    """The movement, with the options of ``bridgescore movement mitchell|howell``."""

    movement: Literal["mitchell", "howell"] = Field(examples=["mitchell"])
    tables: int | None = Field(None, examples=[7], description="A Mitchell's tables, 2 to 30.")
    pairs: int | None = Field(None, examples=[10], description="A Howell's pairs, 4 to 20.")
    boards_per_round: int = Field(examples=[3])
    rounds: int | None = None
    even: Literal["skip", "relay"] = "skip"
    half_table: bool = False
    arrow_switch: bool = False


class NewSession(BaseModel):
    """A new evening: its name, how it is scored, the movement, and the pairs' names."""

    event: str = Field("", examples=["Monday pairs"])
    scoring: Scoring = "mp"
    movement: MovementIn
    names: dict[str, str] = Field(default_factory=dict, examples=[{"NS 1": "Ann & Bob"}])


class ResultIn(BaseModel):
    """One board at one table: the contract (``Pass`` for a passed-out board), declarer and
    tricks taken, the opening lead if wanted; or, from the director, an artificial score
    (``A+/A-``, ``A``...) or a weighted score (Law 12C1(c)) instead."""

    round: int = Field(ge=1, le=1000, examples=[1])
    table: int = Field(ge=1, le=1000, examples=[1])
    board: int = Field(ge=1, le=1000, examples=[2])
    contract: str | None = Field(None, max_length=10, examples=["4HX"])
    declarer: str | None = Field(None, max_length=5, examples=["S"])
    tricks: int | None = Field(None, ge=-1000, le=1000, examples=[8])
    lead: str | None = Field(None, max_length=5, examples=["SK"])
    adjusted: str | None = Field(None, max_length=10, examples=["A+/A-"])
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


class CloseIn(BaseModel):
    """Close the session (publish its results) or open it again."""

    closed: bool = True


def movement_of(spec: MovementIn) -> Movement:
    """The movement a request asks for.

    :raises SessionError: for a Mitchell without tables or a Howell without pairs.
    :raises MovementError: for a movement that cannot be.
    """
    if spec.movement == "mitchell":
        if spec.tables is None:
            raise SessionError("a Mitchell needs its number of tables", field="tables")
        return mitchell(
            spec.tables,
            spec.boards_per_round,
            rounds=spec.rounds,
            even=spec.even,
            arrow_switch=spec.arrow_switch,
            half_table=spec.half_table,
        )
    if spec.pairs is None:
        raise SessionError("a Howell needs its number of pairs", field="pairs")
    return howell(spec.pairs, spec.boards_per_round, rounds=spec.rounds)


def section(stored: StoredGame) -> Section:
    """The one section of a live session."""
    assert isinstance(stored.game, Session)
    return stored.game.sections[0]


def _number(label: str) -> int:
    return int(label.split()[-1])


def board_result(entry: Entry) -> BoardResult:
    """A stored entry as the core's result."""
    weighted = adjusted = result = None
    if entry.weighted is not None:
        weighted = Weighted.parse(entry.weighted)
    elif entry.adjusted is not None:
        adjusted = Adjusted.parse(entry.adjusted)
    else:
        seat = None if entry.declarer is None else Seat(entry.declarer)
        result = Result(parse_contract(entry.contract or ""), seat, entry.tricks or 0)
    return BoardResult(entry.board, _number(entry.ns), _number(entry.ew), result,
                       adjusted=adjusted, weighted=weighted, round=entry.round,
                       table=entry.table)  # fmt: skip


def _play(movement: Movement, round_number: int, table: int) -> Play:
    for p in movement.plays:
        if p.round == round_number and p.table == table:
            return p
    raise SessionError(
        f"no table {table} in round {round_number} of this movement ({movement.tables} tables, "
        f"{movement.rounds} rounds)",
        field="table",
        value=table,
    )


def _lead(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    lead = text.strip().upper().replace("10", "T")
    if len(lead) != 2 or lead[0] not in "SHDC" or lead[1] not in "AKQJT98765432":
        raise SessionError(
            f"invalid lead {text!r}; expected a suit and a card, as SK or H7",
            field="lead",
            value=text,
        )
    return lead


def entry_of(stored: StoredGame, body: ResultIn, *, director: bool) -> Entry:
    """Check an entry against the movement and the rules; the entry to store.

    :raises SessionError: (422) for a table, round or board the movement does not have, or a
        result that cannot be (a contract without tricks, a weighted score whose weights do
        not add up to 100).
    :raises HTTPException: 403 for an artificial or weighted score from a table.
    """
    movement = section(stored).movement
    assert movement is not None
    play = _play(movement, body.round, body.table)
    if body.board not in play.boards:
        raise SessionError(
            f"table {body.table} plays boards {', '.join(map(str, play.boards))} in round "
            f"{body.round}, not board {body.board}",
            field="board",
            value=body.board,
        )
    where = (body.round, body.table, body.board, play.ns, play.ew)
    if body.weighted is not None:
        if not director:
            raise HTTPException(403, "only the director gives a weighted score")
        if body.adjusted is not None or body.contract is not None:
            raise SessionError(
                "give a weighted score alone, without a contract or an artificial score",
                field="weighted",
                value=body.weighted,
            )
        return Entry(*where, weighted=str(Weighted.parse(body.weighted)))
    if body.adjusted is not None:
        if not director:
            raise HTTPException(403, "only the director gives an artificial score")
        with for_field("adjusted"):
            adjusted = str(Adjusted.parse(body.adjusted))
        return Entry(*where, adjusted=adjusted)
    if body.contract is None:
        raise SessionError(
            "give the contract (Pass for a passed-out board) or an artificial score",
            field="contract",
        )
    with for_field("contract"):
        contract = parse_contract(body.contract)
    if contract is PASS_OUT:
        return Entry(*where, contract="Pass", tricks=0, lead=None)
    if body.declarer is None or body.tricks is None:
        raise SessionError(
            f"{contract} needs its declarer (N, E, S or W) and the tricks taken",
            field="declarer" if body.declarer is None else "tricks",
        )
    with for_field("declarer"):
        seat = Seat.parse(body.declarer)
    with for_field("tricks"):
        Result(contract, seat, body.tricks)
    return Entry(
        *where,
        contract=str(contract),
        declarer=seat.value,
        tricks=body.tricks,
        lead=_lead(body.lead),
    )


def result_dict(stored: StoredGame, result: LiveResult) -> dict[str, Any]:
    """A stored result as the API shows it: also its notation and the NS score."""
    core = board_result(result.entry)
    session = stored.game
    assert isinstance(session, Session)
    score = core.ns_score(section(stored).board(result.entry.board), session.undertrick_rule)
    return {
        **result.to_dict(),
        "result": None if core.result is None else str(core.result),
        "ns_score": score if isinstance(score, int) else None,
    }  # a weighted score: its text in "weighted", as the entry has it


def rankings(scored: list[SectionScores]) -> list[dict[str, Any]]:
    """The rankings: a list of fields, each with its rows."""
    fields = []
    for s in scored:
        for side, rows in s.rankings.items():
            fields.append(
                {
                    "field": "all" if side is None else side.value,
                    "rows": [
                        {
                            "rank": r.rank,
                            "pair": r.pair.label,
                            "names": r.pair.names,
                            "score": r.total,
                            "percent": r.percent,
                        }
                        for r in rows
                    ],
                }
            )
    return fields
