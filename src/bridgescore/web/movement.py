"""The movement page, ``/movement``: a Mitchell or a Howell, its fairness, and its cards.

The options are the query string (``/movement?movement=mitchell&tables=7&boards_per_round=3``),
so a director can bookmark an evening's movement. The cards print one to a page, A4 or US
Letter, the table or pair large at the top. ``GET /api/movement`` answers the same options as
JSON (the new-evening page's preview): the movement, its fairness, whether it is complete and
the complete movements instead.
"""

from __future__ import annotations

from typing import Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.duplicate.movement import (
    IndividualMovement,
    Movement,
    alternatives,
    cards,
    completeness,
    describe,
    howell,
    individual,
    mitchell,
)
from bridgescore.duplicate.session import Section
from bridgescore.errors import BridgeError, MovementError, SessionError
from bridgescore.inputs import read_number
from bridgescore.locale import error_text, sentence_text
from bridgescore.web.common import page
from bridgescore.web.guard import validation_error
from bridgescore.web.models import MovementFileIn
from bridgescore.web.problems import BODY

__all__ = ["api_router", "build", "individual_preview", "preview", "router"]

router = APIRouter(tags=["movement"], include_in_schema=False)
api_router = APIRouter(prefix="/api", tags=["movement"])

DEFAULTS = {"movement": "mitchell", "tables": "7", "pairs": "10", "boards_per_round": "3",
            "rounds": "", "even": "skip", "cards": "table", "paper": "a4"}  # fmt: skip


def build(options: dict[str, str]) -> Movement:
    """The movement the page's options ask for.

    >>> build({"movement": "howell", "pairs": "8", "boards_per_round": "3", "rounds": ""}).rounds
    7

    :raises BridgeError: for an option that is not a number, or a movement that cannot exist;
        its field is the option's name.
    """
    per_round = read_number(options.get("boards_per_round", ""), "boards_per_round", high=36)
    rounds_text = options.get("rounds", "").strip()
    rounds = read_number(rounds_text, "rounds", high=40) if rounds_text else None
    if options.get("movement") == "howell":
        pairs = read_number(options.get("pairs", ""), "pairs", high=99)
        return howell(pairs, per_round, rounds=rounds)
    tables = read_number(options.get("tables", ""), "tables", high=99)
    even: Literal["skip", "relay"] = "relay" if options.get("even") == "relay" else "skip"
    switch = options.get("arrow_switch") == "1"
    half = options.get("half_table") == "1"
    return mitchell(tables, per_round, rounds=rounds, even=even, arrow_switch=switch,
                    half_table=half)  # fmt: skip


@router.get("/movement", response_class=HTMLResponse)
def movement_page(request: Request) -> Response:
    """The form, the movement's summary and its table or guide cards, ready to print."""
    options = DEFAULTS | {k: v[:20] for k, v in request.query_params.items() if k in _OPTIONS}
    context: dict[str, Any] = {"options": options, "errors": {}, "summary": "", "cards": ()}
    try:
        movement = build(options)
    except BridgeError as exc:
        context["errors"][exc.field if exc.field in _OPTIONS else "movement"] = error_text(exc)
        return page(request, "movement.html", context, 422)
    kind: Literal["table", "guide"] = "guide" if options["cards"] == "guide" else "table"
    said = [card.said(sentence_text) for card in cards(movement, kind)]
    context.update(summary=describe(movement, sentence_text), cards=said, kind=kind)
    complete = sentence_text(completeness(movement).sentence())
    context.update(complete=complete, alternatives=_links(movement, options))
    return page(request, "movement.html", context)


_OPTIONS = {*DEFAULTS, "arrow_switch", "half_table"}


def _links(m: Movement, options: dict[str, str]) -> list[tuple[str, str]]:
    """Each complete alternative's summary and its link on this page (the cards kept).

    >>> _links(mitchell(4, 3), {"cards": "table", "paper": "a4"})[0][1]
    '/movement?movement=mitchell&tables=4&boards_per_round=3&even=relay&cards=table&paper=a4'
    """
    found = []
    for a in alternatives(m):
        query = {k: str(v) for k, v in a.options.items() if v not in (None, False)}
        query |= {k: "1" for k, v in a.options.items() if v is True}
        query |= {k: options[k] for k in ("cards", "paper") if k in options}
        found.append((sentence_text(a.sentence()), "/movement?" + urlencode(query)))
    return found


def preview(m: Movement) -> dict[str, object]:
    """The movement as ``bridgescore movement --json`` prints it, with its fairness summary,
    whether it is complete (and who never meets), the complete movements instead, and why a
    session of it could not be scored (``session_error``; None if it can).

    >>> p = preview(mitchell(4, 3))
    >>> p["rounds"], p["complete"], [a["name"] for a in p["alternatives"]], p["session_error"]
    (3, False, ['Share-and-relay Mitchell', 'Howell'], None)
    >>> preview(mitchell(5, 2, arrow_switch=True))["session_error"][:40]
    'an arrow-switched Mitchell ranks one fie'
    """
    c = completeness(m)
    try:
        Section.from_movement(m)
        refused = None
    except SessionError as exc:
        refused = error_text(exc)
    return m.to_dict() | {
        "session_error": refused,
        "fairness": "\n".join(map(sentence_text, m.fairness().sentences())),
        "complete": c.complete,
        "completeness": sentence_text(c.sentence()),
        "missed": [list(two) for two in c.missed],
        "alternatives": [
            {
                "name": a.name,
                "summary": sentence_text(a.sentence()),
                "options": dict(a.options),
                "rounds": a.movement.rounds,
                "boards": a.movement.boards,
            }
            for a in alternatives(m)
        ],
    }


def individual_preview(m: IndividualMovement) -> dict[str, object]:
    """An individual as ``bridgescore movement individual --json`` prints it, with its
    fairness summary (``complete``: nobody partners anyone twice, which it always is).

    >>> p = individual_preview(individual(12, 2))
    >>> p["players"], p["complete"], p["alternatives"], p["completeness"][:28]
    (12, True, [], 'Nobody partners anyone twice')
    """
    fair = [sentence_text(s) for s in m.fairness().sentences()]
    return m.to_dict() | {
        "session_error": None,
        "fairness": "\n".join(fair),
        "complete": True,
        "completeness": fair[0],
        "missed": [],
        "alternatives": [],
        "shares": [],
    }


@api_router.get("/movement")
def movement_json(
    movement: Literal["mitchell", "howell", "individual"] = "mitchell",
    tables: int | None = None,
    pairs: int | None = None,
    players: int | None = None,
    boards_per_round: int = 3,
    rounds: int | None = None,
    even: Literal["skip", "relay"] = "skip",
    arrow_switch: bool = False,
    half_table: bool = False,
) -> dict[str, object]:
    """A movement from the options of ``bridgescore movement mitchell|howell`` (the query
    string; a Mitchell's ``tables``, a Howell's ``pairs``): its rounds, tables and plays (the
    shape of ``--json``), its ``fairness`` summary, whether it is ``complete`` (every pair meets
    every opponent it could; ``missed`` lists who never meets, ``completeness`` says it in a
    sentence), the complete ``alternatives`` (each with the ``options`` that ask for it) and
    ``session_error``: why a live session of it would be refused (None if it would not).
    A movement that cannot be is a 422 naming the option. An individual (``players``, as
    ``bridgescore movement individual``) answers its own shape: each play's ``north``,
    ``east``, ``south`` and ``west``, players by number."""
    try:
        if movement == "individual":
            if players is None:
                raise MovementError.coded("individual_needs_players", field="players")
            return individual_preview(individual(players, boards_per_round, rounds=rounds))
        if movement == "howell":
            if pairs is None:
                raise MovementError.coded("howell_needs_pairs", field="pairs")
            return preview(howell(pairs, boards_per_round, rounds=rounds))
        if tables is None:
            raise MovementError.coded("mitchell_needs_tables", field="tables")
        return preview(mitchell(tables, boards_per_round, rounds=rounds, even=even,
                                arrow_switch=arrow_switch, half_table=half_table))  # fmt: skip
    except BridgeError as exc:
        raise HTTPException(422, [validation_error(exc, "query")]) from exc


@api_router.post("/movement", responses=BODY)
def movement_file_json(body: MovementFileIn) -> dict[str, object]:
    """A movement file's movement, as ``GET /api/movement`` answers a generated one (the
    new-evening page's preview of an uploaded file): a file that cannot be read is a 422
    naming the line (or row) and the field."""
    return preview(body.movement())
