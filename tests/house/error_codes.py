"""Counting the core's errors made without a code (issue 35), for the house tests that record
how many are left in their part of ``src/bridgescore`` (``test_error_codes`` and
``test_error_codes_files``)."""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import bridgescore
from bridgescore.errors import BridgeError

SRC = Path(bridgescore.__file__).parent


def modules(places: Iterable[str]) -> Iterator[Path]:
    """The modules of ``places`` (folders or modules under src/bridgescore), each folder's
    sorted (the database's migrations aside)."""
    for place in places:
        path = SRC / place
        found = [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))
        yield from (p for p in found if "migrations" not in p.parts)


def error_names(places: Iterable[str]) -> set[str]:
    """Every BridgeError class's name, the modules of ``places`` loaded first (their own
    classes among them, whatever ran before)."""
    for path in modules(places):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    found, todo = set(), [BridgeError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def name(func: ast.expr) -> str | None:
    """The name a call calls: ``f`` of ``f(...)`` and of ``x.f(...)``."""
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
        and not any(isinstance(n, ast.Call) and name(n.func) == "coded" for n in ast.walk(node))
    }
    inside = {id(n) for h in helpers.values() for n in ast.walk(h)}
    counts: Counter[str] = Counter()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = name(node.func)
        if called in helpers or (called in errors and id(node) not in inside):
            counts[str(called)] += 1
    return counts


def gap(places: Iterable[str]) -> dict[str, Counter[str]]:
    """Per module of ``places`` that makes any, its errors without a code."""
    places = tuple(places)
    errors = error_names(places)
    return {str(p.relative_to(SRC)): c for p in modules(places) if (c := uncoded(p, errors))}


def codes_raised(places: Iterable[str]) -> Iterator[tuple[Path, str]]:
    """Each code written out in a ``.coded("code", ...)`` call in ``places``, with its module."""
    for path in modules(places):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and name(node.func) == "coded"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                yield path, str(node.args[0].value)
