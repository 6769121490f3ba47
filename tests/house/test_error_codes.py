"""Which errors of the duplicate and live cores a player or director still reads in English
only (issue 35): an error made with its class (``SessionError("...")``) has no code, so the
web and the CLI cannot translate it; one made with ``.coded(code, ...)`` has (its template in
``bridgescore.errors.MESSAGES``). The count may only go down: lower :data:`UNCODED` when you
give errors codes, never raise it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bridgescore.errors import MESSAGES
from tests.house.error_codes import SRC, codes_raised, error_names, modules, uncoded

PLACES = ("duplicate", "live")
CLUB_PLACES = ("storage", "club", "web", "home", "events", "grades", "masterpoints")
"""Where a director or a player meets the rest (the club's stores and mail, the web's forms, the
home pads, events, grades, masterpoints); their templates live in ``bridgescore._messages_club``."""

UNCODED = 0
"""Errors still made without a code under src/bridgescore/duplicate and src/bridgescore/live
(constructions of a BridgeError class, and calls of a module's own helper that returns one)."""

CLUB_UNCODED = 2
"""The same count over :data:`CLUB_PLACES` (the database's migrations aside)."""


def gap(places: tuple[str, ...]) -> dict[str, Counter[str]]:
    """Per module of ``places`` that makes any, its errors without a code (every class of
    both parts loaded, so that a class of one part raised in the other is seen)."""
    errors = error_names(PLACES + CLUB_PLACES)
    return {str(p.relative_to(SRC)): c for p in modules(places) if (c := uncoded(p, errors))}


@pytest.mark.parametrize(("places", "recorded"), [(PLACES, UNCODED), (CLUB_PLACES, CLUB_UNCODED)])
def test_the_errors_without_a_code_do_not_grow(places: tuple[str, ...], recorded: int) -> None:
    found = gap(places)
    total = sum(sum(c.values()) for c in found.values())
    listing = "\n".join(f"{path}: {dict(c)}" for path, c in found.items())
    assert total <= recorded, f"{total} errors without a code (at most {recorded}):\n{listing}"
    assert total > recorded - 10, f"{total} now: lower the recorded count to it\n{listing}"


def test_the_count_sees_a_construction_and_not_a_coded_error(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "def _fail(m: str) -> MovementError:\n    return MovementError(m)\n"
        "def _coded(c: str) -> MovementError:\n    return MovementError.coded(c)\n"
        "raise _coded('tricks_range')\n"
        "raise SessionError('x')\nraise _fail('y')\nraise _fail('z')\n"
        "raise SessionError.coded('tricks_range', tricks=1)\n",
        encoding="utf-8",
    )
    assert uncoded(module, error_names(PLACES)) == Counter({"SessionError": 1, "_fail": 2})


def test_every_code_raised_has_its_template() -> None:
    for path, code in codes_raised(PLACES + CLUB_PLACES):
        assert code in MESSAGES, (path, code)
