"""Which errors of the duplicate and live cores a player or director still reads in English
only (issue 35): an error made with its class (``SessionError("...")``) has no code, so the
web and the CLI cannot translate it; one made with ``.coded(code, ...)`` has (its template in
``bridgescore.errors.MESSAGES``). The count may only go down: lower :data:`UNCODED` when you
give errors codes, never raise it."""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from pathlib import Path

import pytest

import bridgescore
from bridgescore.errors import MESSAGES, BridgeError

SRC = Path(bridgescore.__file__).parent
PLACES = ("duplicate", "live")
CLUB_PLACES = ("storage", "club", "web", "home", "events", "grades", "masterpoints")
"""Where a director or a player meets the rest (the club's stores and mail, the web's forms, the
home pads, events, grades, masterpoints); their templates live in ``bridgescore._messages_club``."""

UNCODED = 0
"""Errors still made without a code under src/bridgescore/duplicate and src/bridgescore/live
(constructions of a BridgeError class, and calls of a module's own helper that returns one)."""

CLUB_UNCODED = 2
"""The same count over :data:`CLUB_PLACES` (the database's migrations aside)."""


def _modules(places: tuple[str, ...]) -> list[Path]:
    return [p for place in places for p in sorted((SRC / place).rglob("*.py"))
            if "migrations" not in p.parts]  # fmt: skip


def _error_names() -> set[str]:
    """Every BridgeError class's name (the live core's and the outer layers' own among them)."""
    for path in _modules(PLACES + CLUB_PLACES):  # every module's own classes loaded
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    found, todo = set(), [BridgeError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def uncoded(path: Path, errors: set[str]) -> Counter[str]:
    """Per error class (or helper), how many errors a module makes without a code: a helper is
    a function of the module that returns an error and makes none with ``.coded``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and node.returns is not None
        and any(part.strip() in errors for part in ast.unparse(node.returns).split("|"))
        and not any(isinstance(n, ast.Call) and _name(n.func) == "coded" for n in ast.walk(node))
    }
    inside = {id(n) for h in helpers.values() for n in ast.walk(h)}
    counts: Counter[str] = Counter()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in helpers or (name in errors and id(node) not in inside):
            counts[str(name)] += 1
    return counts


def gap(places: tuple[str, ...] = PLACES) -> dict[str, Counter[str]]:
    errors = _error_names()
    found = {}
    for path in _modules(places):
        if counts := uncoded(path, errors):
            found[str(path.relative_to(SRC))] = counts
    return found


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
    assert uncoded(module, _error_names()) == Counter({"SessionError": 1, "_fail": 2})


def test_every_code_raised_has_its_template() -> None:
    for path in _modules(PLACES + CLUB_PLACES):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and _name(node.func) == "coded"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                assert node.args[0].value in MESSAGES, (path, node.args[0].value)
