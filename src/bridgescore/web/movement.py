"""The movement page, ``/movement``: a Mitchell or a Howell, its fairness, and its cards.

The options are the query string (``/movement?movement=mitchell&tables=7&boards_per_round=3``),
so a director can bookmark an evening's movement. The cards print one to a page, A4 or US
Letter, the table or pair large at the top.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgescore.errors import BridgeError
from bridgescore.inputs import read_number
from bridgescore.movement import Movement, cards, describe, howell, mitchell
from bridgescore.web.common import page

__all__ = ["build", "router"]

router = APIRouter(tags=["movement"], include_in_schema=False)

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
    return mitchell(tables, per_round, rounds=rounds, even=even, arrow_switch=switch)


@router.get("/movement", response_class=HTMLResponse)
def movement_page(request: Request) -> Response:
    """The form, the movement's summary and its table or guide cards, ready to print."""
    options = DEFAULTS | {k: v[:20] for k, v in request.query_params.items() if k in _OPTIONS}
    context: dict[str, Any] = {"options": options, "errors": {}, "summary": "", "cards": ()}
    try:
        movement = build(options)
    except BridgeError as exc:
        context["errors"][exc.field if exc.field in _OPTIONS else "movement"] = str(exc)
        return page(request, "movement.html", context, 422)
    kind: Literal["table", "guide"] = "guide" if options["cards"] == "guide" else "table"
    context.update(summary=describe(movement), cards=cards(movement, kind), kind=kind)
    return page(request, "movement.html", context)


_OPTIONS = {*DEFAULTS, "arrow_switch"}
