"""The core is pure: importing it loads only the standard library; and the modules import each
other without circles, and without private names across modules."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

PROBE = """
import json, sys
before = set(sys.modules)
import bridgescore
loaded = sorted(set(sys.modules) - before)
print(json.dumps(loaded))
"""


def test_core_imports_only_the_standard_library() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], check=True, capture_output=True, text=True
    ).stdout
    loaded = json.loads(out)
    assert "bridgescore" in loaded
    outside = [
        name
        for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "bridgescore"
    ]
    assert outside == []
    for heavy in (
        "click",
        "rich",
        "fastapi",
        "sqlalchemy",
        "alembic",
        "sqlite3",
        "numpy",
        "endplay",
    ):
        assert heavy not in loaded
    assert "bridgescore.cli" not in loaded
    assert "bridgescore.storage" not in loaded


def test_pbn_imports_only_the_standard_library() -> None:
    probe = PROBE.replace("import bridgescore\n", "import bridgescore.pbn\n")
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    loaded = json.loads(out)
    assert "bridgescore.pbn" in loaded
    outside = [
        name
        for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "bridgescore"
    ]
    assert outside == []
    assert not any(name.startswith(("bridgescore.cli", "bridgescore.storage")) for name in loaded)


def test_each_command_loads_only_what_it_needs() -> None:
    """``bridgescore score`` starts fast: no storage, web app or numpy behind it."""
    probe = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from bridgescore.cli import cli\n"
        "result = CliRunner().invoke(cli, ['score', '4H', '10'])\n"
        "assert result.exit_code == 0, result.output\n"
        "print(','.join(sorted(m for m in ('sqlalchemy', 'fastapi', 'numpy', 'pyarrow')"
        " if m in sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    assert out.strip() == ""


# --- The import graph: no circles, no private names across modules --------------------------
#
# Read from the source with ``ast`` (nothing is imported). The rules:
#
# * **Circles.** An edge A -> B is an import of B by A at module level, including one under
#   ``if TYPE_CHECKING:`` (a dependency that only mypy follows is still a dependency of the
#   design: that is how the web package's circle through ``app.py`` was hidden). An import
#   inside a function is not an edge: it is how a module defers loading something heavy or
#   something above it, on purpose, and it runs only when called. ``from P import name``
#   is an edge to the submodule ``P.name`` when there is one, else to the package ``P``.
#   Importing ``P.m`` is not counted as an edge to ``P`` (Python loads the parents first, but
#   a package importing its own modules would then always be a circle).
# * **Private names.** A name starting with ``_`` (not a dunder) is private to its module, and
#   a module whose name starts with ``_`` is private to its package ``P``: it holds what the
#   modules of ``P`` share. So ``_x`` may be imported only from a private module ``P._m``, and
#   a private module (``P._m``, or anything from it) only from inside ``P`` (its ``__init__``,
#   its modules, its subpackages). Every import counts here, a function's too.

SRC = Path(__file__).resolve().parents[2] / "src"

TYPE_ONLY_CIRCLES = {
    # A data class's convenience method, typed with what the module above it returns (its body
    # imports it when called): Movement.fairness -> Fairness.
    ("bridgescore.duplicate.movement.model", "bridgescore.duplicate.movement.report"),
}
"""Edges (importer, imported) under ``if TYPE_CHECKING`` that may close a circle."""


@dataclass(frozen=True)
class Import:
    """One import: who imports what, where it stands and whether it runs at import time."""

    importer: str
    module: str
    name: str | None
    line: int
    level: Literal["module", "type-checking", "function"]


def _modules(root: Path = SRC) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(
    body: list[ast.stmt], level: Literal["module", "type-checking", "function"] = "module"
) -> Iterator[tuple[ast.Import | ast.ImportFrom, Literal["module", "type-checking", "function"]]]:
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, level
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _import_nodes(node.body, "function")
        elif isinstance(node, ast.If):
            yield from _import_nodes(
                node.body,
                "type-checking" if level == "module" and _is_type_checking(node.test) else level,
            )
            yield from _import_nodes(node.orelse, level)
        else:  # class bodies, try, with, match: the same level as where they stand
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _import_nodes([child], level)
            for field in ("handlers", "cases"):
                for child in getattr(node, field, []):
                    if isinstance(child, ast.ExceptHandler | ast.match_case):
                        yield from _import_nodes(child.body, level)


def imports(modules: dict[str, Path]) -> list[Import]:
    """Every import of a module of ``modules`` by one of them."""
    found: list[Import] = []
    for importer, path in modules.items():
        package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
        for node, level in _import_nodes(ast.parse(path.read_text(), str(path)).body):
            targets: list[tuple[str, str | None]]
            if isinstance(node, ast.Import):
                targets = [(alias.name, None) for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                targets = [
                    (f"{base}.{a.name}", None) if f"{base}.{a.name}" in modules else (base, a.name)
                    for a in node.names
                ]
            found += [
                Import(importer, module, name, node.lineno, level)
                for module, name in targets
                if module in modules
            ]
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(found: list[Import], modules: dict[str, Path]) -> list[Import]:
    """The imports that break the private-name rule (see above)."""
    bad: list[Import] = []
    for imp in found:
        parts = imp.module.split(".")
        first = next((i for i, part in enumerate(parts) if _private(part)), None)
        inside = ".".join(parts[:first]) if first is not None else None
        ok = inside is None or imp.importer == inside or imp.importer.startswith(f"{inside}.")
        if imp.name is not None and _private(imp.name):
            own = imp.module.rpartition(".")[0]
            ok = ok and _private(parts[-1]) and modules[imp.module].name != "__init__.py"
            ok = ok and (imp.importer == own or imp.importer.startswith(f"{own}."))
        if not ok:
            bad.append(imp)
    return bad


def circles(found: list[Import], allowed: set[tuple[str, str]]) -> list[list[str]]:
    """Each circle of module-level imports, as a path that ends where it starts."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.level == "function" or imp.module == imp.importer:
            continue
        if imp.level == "type-checking" and (imp.importer, imp.module) in allowed:
            continue
        graph.setdefault(imp.importer, set()).add(imp.module)
    cycles: list[list[str]] = []
    done: set[str] = set()
    for start in sorted(graph):
        # The shortest way back to ``start`` (breadth first), if any.
        back: dict[str, str] = {}
        frontier = [start]
        while frontier and start not in back:
            nxt: list[str] = []
            for node in frontier:
                for target in sorted(graph.get(node, ())):
                    if target not in back and target not in done:
                        back[target] = node
                        nxt.append(target)
            frontier = nxt
        if start in back:
            path = [start]
            while path[-1] != start or len(path) == 1:
                path.append(back[path[-1]])
            cycles.append(path[::-1])
        done.add(start)
    return cycles


def test_no_import_circles() -> None:
    modules = _modules()
    found = circles(imports(modules), TYPE_ONLY_CIRCLES)
    assert found == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_private_names_imported_across_modules() -> None:
    modules = _modules()
    bad = private_imports(imports(modules), modules)
    assert bad == [], "private imports:\n" + "\n".join(
        f"{modules[i.importer].relative_to(SRC)}:{i.line}: from {i.module} import {i.name}"
        for i in bad
    )


def test_the_allowances_are_still_needed() -> None:
    """An allowance that nothing uses any more is removed, so that it cannot hide a new one."""
    modules = _modules()
    found = imports(modules)
    type_only = {(i.importer, i.module) for i in found if i.level == "type-checking"}
    assert type_only >= TYPE_ONLY_CIRCLES


def _write_tree(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return _modules(root)


def test_a_circle_is_found_and_printed(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import x\n",
            "pkg/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg import c\n",
            "pkg/c.py": "import pkg.a\n",
            "pkg/d.py": "def f():\n    from pkg.a import y\n",  # in a function: no edge
            "pkg/e.py": "from . import d\n",
        },
    )
    found = imports(modules)
    assert circles(found, set()) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    assert circles(found, {("pkg.b", "pkg.c")}) == []


def test_private_imports_are_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg._impl import thing\n",  # a package's own: fine
            "pkg/_impl.py": "thing = _helper = 1\n",
            "pkg/a.py": "from pkg._impl import _helper\nfrom pkg import _impl\n",  # sibling: fine
            "pkg/b.py": "from pkg.a import _x\n",  # a public module's private name
            "pkg/sub/__init__.py": "from pkg._impl import _helper\n",  # below it: fine
            "other/__init__.py": "",
            "other/c.py": "def f():\n    from pkg._impl import thing\n",  # another package's
        },
    )
    bad = private_imports(imports(modules), modules)
    assert sorted((i.importer, i.module, i.name) for i in bad) == [
        ("other.c", "pkg._impl", "thing"),
        ("pkg.b", "pkg.a", "_x"),
    ]


# --- Tests: a test module never imports another ----------------------------------------------

TESTS = Path(__file__).resolve().parents[1]


def test_imports_between_test_modules(tmp_path: Path) -> None:
    """Shared helpers live in conftest.py, helpers.py and browsing.py; a test module importing
    another would run (or hide) its tests twice and tie the two together."""
    modules = {
        f"tests.{name}" if name else "tests": path
        for name, path in _modules(TESTS).items()
        if not name.startswith(("vendor", "data"))
    }
    between = [
        f"{modules[i.importer].name}:{i.line}: imports {i.module}"
        for i in imports(modules)
        if i.module.rpartition(".")[2].startswith("test_")
    ]
    assert between == []
    # and the check finds one
    found = _write_tree(
        tmp_path, {"tests/__init__.py": "", "tests/test_a.py": "from tests import test_b\n",
                   "tests/test_b.py": "x = 1\n"}
    )  # fmt: skip
    assert [(i.importer, i.module) for i in imports(found)] == [("tests.test_a", "tests.test_b")]
