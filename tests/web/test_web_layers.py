"""The web layer's seams, read from its source with ``ast``: routers never import routers,
and what they share lies below them (``deps.py``, ``problems.py``, ``common.py`` ...); the
``Authorization`` header is read in one place; a route takes the app's parts from ``deps``."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "web"
PACKAGE = "bridgescore.web"


@cache
def _tree(name: str) -> ast.Module:
    return ast.parse((WEB / f"{name}.py").read_text(encoding="utf-8"))


def _modules() -> list[str]:
    return sorted(p.stem for p in WEB.glob("*.py"))


def _is_router(name: str) -> bool:
    """Whether the module defines an ``APIRouter``."""
    return any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "APIRouter")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "APIRouter")
        )
        for node in ast.walk(_tree(name))
    )


def _imports(name: str) -> set[str]:
    """The modules of the web package ``name`` imports, anywhere in it (a function's own
    import included)."""
    found = set()
    modules = set(_modules())
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:  # from bridgescore.web import api, guard
                found |= {a.name for a in node.names if a.name in modules}
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
    return found - {name}


ROUTERS = sorted(name for name in _modules() if _is_router(name))
"""The modules that define an APIRouter: the routers."""
SHARED = ("deps", "problems", "common", "models")
"""The modules below the routers that every router may use."""


def test_the_routers_are_found() -> None:
    assert {"api", "live", "clubs", "team_events", "sessions", "games"} <= set(ROUTERS)
    assert not set(SHARED) & set(ROUTERS)
    assert "app" not in ROUTERS


@pytest.mark.parametrize("router", ROUTERS)
def test_a_router_imports_no_other_router(router: str) -> None:
    assert _imports(router) & set(ROUTERS) == set()


@pytest.mark.parametrize("module", sorted(set(_modules()) - set(ROUTERS) - {"app", "__init__"}))
def test_a_module_below_the_routers_imports_none(module: str) -> None:
    """deps.py and every other module the routers share: a helper a router needs from
    another router goes down here, never up."""
    assert _imports(module) & set(ROUTERS) == set()


def test_the_app_factory_is_imported_by_nobody() -> None:
    importers = [m for m in _modules() if m not in ("__init__", "app") and "app" in _imports(m)]
    assert importers == []


def _reads_authorization(name: str) -> list[int]:
    """The lines where a module reads the ``Authorization`` header: a parameter of that name
    (FastAPI's ``Header``) or ``headers.get("authorization")``."""
    names = ("authorization", "Authorization")
    return [
        node.lineno
        for node in ast.walk(_tree(name))
        if (isinstance(node, ast.arg) and node.arg in names)
        or (isinstance(node, ast.Constant) and node.value in names)
    ]


def test_the_bearer_header_is_read_in_one_place() -> None:
    readers = {m: _reads_authorization(m) for m in _modules()}
    assert readers["deps"]
    assert {m: lines for m, lines in readers.items() if lines and m != "deps"} == {}


def _reads_app_state(name: str) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(_tree(name))
        if isinstance(node, ast.Attribute)
        and node.attr == "state"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "app"
    ]


@pytest.mark.parametrize("router", ROUTERS)
def test_a_router_takes_the_apps_parts_from_deps(router: str) -> None:
    """No ``request.app.state`` in a router: the settings and stores are dependencies."""
    assert _reads_app_state(router) == []


def test_one_problem_model() -> None:
    """One ``Problem`` class, in problems.py, and no router defines a refusal model of its
    own (the live 409 that shows the stored result is :class:`Duplicate`, a different body)."""
    defined = {
        m: [n.name for n in _tree(m).body if isinstance(n, ast.ClassDef) and n.name == "Problem"]
        for m in _modules()
    }
    assert {m: names for m, names in defined.items() if names} == {"problems": ["Problem"]}
