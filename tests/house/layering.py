"""The layers of docs/developers.md's table and the rules of imports, as functions that
:mod:`tests.house.test_layering` runs on ``src/`` (and on small trees, to show that each finds
what it looks for).

* **Layers.** The table under "Architecture" lists the layers bottom first; a module belongs to
  the layer of the longest name of the table its path starts with (names relative to the
  package; ``bridgescore`` itself is the package's ``__init__``). A module imports only modules
  of its own layer or a lower one: at module level, under ``if TYPE_CHECKING:`` and inside a
  function alike. Every module of ``src/`` belongs to a layer.
* **Third-party packages.** The core (layers 1 to :data:`CORE`) imports only the standard
  library; a function, in any layer, imports a third-party package only if it is one of
  :data:`LAZY`. The core is also imported, module by module, in one process, with
  ``sys.modules`` checked after each import.
* **Circles.** No module imports another that imports it back, directly or round a circle:
  every edge counts, whether the import is at module level, under ``TYPE_CHECKING`` or in a
  function (a dependency that runs only when called, or that only mypy follows, is still a
  dependency of the design).
* **Private names.** A name starting with ``_`` (not a dunder) is private to its module, and a
  module whose name starts with ``_`` is private to its package ``P``: it holds what the modules
  of ``P`` share. So ``_x`` may be imported only from a private module ``P._m``, and a private
  module (``P._m``, or anything from it) only from inside ``P``.
* **Tests.** A test module never imports another.

The import graph is read from the source with ``ast`` (nothing is imported). ``from P import
name`` is an edge to the submodule ``P.name`` when there is one, else to ``P``; importing
``P.m`` is not an edge to ``P`` (Python loads the parents first, but a package importing its own
modules would then always be a circle).
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
TESTS = ROOT / "tests"
DEVELOPERS = ROOT / "docs" / "developers.md"
PACKAGE = "bridgescore"

CORE = 8
"""Layers 1 to 8 are the core: the standard library only."""

NOT_IN_THE_CORE = frozenset({"sqlite3"})
"""Modules of the standard library the core never loads: the database driver is storage's."""

LAZY = frozenset(
    {
        # optional extras (pyproject.toml): batch, dask, dd, events, postgres, web, bridgemate
        "numpy",
        "pyarrow",
        "pandas",
        "dask",
        "distributed",
        "endplay",
        "networkx",
        "psycopg",
        "uvicorn",
        "segno",
        "bridgemate_dataconnector",
        # USEBIO files only: the parser that refuses entities (a base dependency)
        "defusedxml",
        # an email address checked (club.clubs.check_email; a base dependency)
        "email_validator",
        # base dependencies, heavy and needed on one path only: a schema created or upgraded;
        # a progress bar
        "alembic",
        "rich",
    }
)
"""The third-party packages a function may import when it is called (never at module level in
the core)."""

Level = Literal["module", "type-checking", "function"]


# --- The table ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layer:
    """A row of the layer table: its number (1 at the bottom), its name and its names."""

    number: int
    name: str
    names: tuple[str, ...]

    def __str__(self) -> str:
        return f"layer {self.number} ({self.name})"


class TableError(Exception):
    """The layer table is missing or malformed."""


HEADER = re.compile(r"^\|\s*layer\s*\|\s*packages and modules\s*\|", re.MULTILINE)


def read_layers(text: str) -> tuple[Layer, ...]:
    """The layer table of a Markdown page: the rows after a header ``| layer | packages and
    modules | ...``, each ``| N name | `a`, `b` | ... |``, numbered 1, 2 ... in order.

    :raises TableError: for a page without that table, or a row that is not such a row.
    """
    header = HEADER.search(text)
    if header is None:
        raise TableError(
            "no layer table: expected a Markdown table headed '| layer | packages and modules |'"
        )
    lines = text[header.start() :].splitlines()
    if len(lines) < 2 or not re.fullmatch(r"\|[\s:|-]*-[\s:|-]*", lines[1].strip()):
        raise TableError(f"the layer table's header is not followed by |---|: {lines[:2]!r}")
    layers: list[Layer] = []
    for row in lines[2:]:
        if not row.startswith("|"):
            break
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        head = re.fullmatch(r"(\d+)\s+(.+)", cells[0])
        names = tuple(re.findall(r"`([^`]+)`", cells[1])) if len(cells) > 1 else ()
        if head is None or not names:
            raise TableError(f"not a row of the layer table: {row!r}")
        if int(head[1]) != len(layers) + 1:
            raise TableError(f"layer {head[1]} is out of order (expected {len(layers) + 1})")
        layers.append(Layer(int(head[1]), head[2], names))
    if not layers:
        raise TableError("the layer table has no rows")
    return tuple(layers)


def layer_of(module: str, layers: Iterable[Layer], package: str = PACKAGE) -> Layer | None:
    """The layer of ``module``: that of the longest name of the table that its path starts
    with (``package`` itself names only the package's ``__init__``).

    >>> table = (Layer(1, "kernel", ("model",)), Layer(2, "boards", ("boards", "boards.x")))
    >>> [layer_of(m, table, "pkg") for m in ("pkg.model", "pkg.boards.dd", "pkg.modelx")]
    [Layer(number=1, name='kernel', names=('model',)), \
Layer(number=2, name='boards', names=('boards', 'boards.x')), None]
    """
    best: tuple[int, Layer] | None = None
    for layer in layers:
        for name in layer.names:
            full = package if name == package else f"{package}.{name}"
            inside = name != package and module.startswith(f"{full}.")
            if (module == full or inside) and (best is None or len(full) > best[0]):
                best = (len(full), layer)
    return best[1] if best else None


# --- The imports -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    """One import: who imports what, where it stands and whether it runs at import time."""

    importer: str
    module: str
    name: str | None
    line: int
    level: Level


def modules_of(root: Path = SRC) -> dict[str, Path]:
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
    body: list[ast.stmt], level: Level = "module"
) -> Iterator[tuple[ast.Import | ast.ImportFrom, Level]]:
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


def every_import(modules: dict[str, Path]) -> list[Import]:
    """Every import made by a module of ``modules``, of anything (relative ones resolved)."""
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
                Import(importer, module, name, node.lineno, level) for module, name in targets
            ]
    return found


def imports(modules: dict[str, Path]) -> list[Import]:
    """Every import of a module of ``modules`` by one of them."""
    return [i for i in every_import(modules) if i.module in modules]


def unplaced(modules: Iterable[str], layers: Iterable[Layer], package: str = PACKAGE) -> list[str]:
    """The modules that belong to no layer."""
    table = tuple(layers)
    return [m for m in modules if layer_of(m, table, package) is None]


def upward(
    found: Iterable[Import], layers: Iterable[Layer], package: str = PACKAGE
) -> list[Import]:
    """The imports of a module of a higher layer than the importer's, at any level."""
    table = tuple(layers)
    bad = []
    for imp in found:
        importer, module = (
            layer_of(imp.importer, table, package),
            layer_of(imp.module, table, package),
        )
        if importer is not None and module is not None and module.number > importer.number:
            bad.append(imp)
    return bad


def foreign(
    found: Iterable[Import], layers: Iterable[Layer], core: int = CORE, package: str = PACKAGE
) -> list[Import]:
    """The imports of a third-party package that break the rules: any at module level in the
    core (layers up to ``core``); under ``TYPE_CHECKING`` in the core, or in a function in any
    layer, one not in :data:`LAZY`."""
    table = tuple(layers)
    bad = []
    for imp in found:
        top = imp.module.partition(".")[0]
        if top in sys.stdlib_module_names or top == package:
            continue
        layer = layer_of(imp.importer, table, package)
        in_core = layer is not None and layer.number <= core
        lazy = imp.level == "function" or (imp.level == "type-checking" and in_core)
        if (imp.level == "module" and in_core) or (lazy and top not in LAZY):
            bad.append(imp)
    return bad


def _graph(found: Iterable[Import]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.module != imp.importer:
            graph.setdefault(imp.importer, set()).add(imp.module)
    return graph


def circles(found: Iterable[Import]) -> list[list[str]]:
    """Each circle of imports (every level counts), as a path that ends where it starts."""
    graph = _graph(found)
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


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(found: list[Import], modules: dict[str, Path]) -> list[Import]:
    """The imports that break the private-name rule (see the module's docstring)."""
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


# --- The core, imported ------------------------------------------------------------------------

PROBE = """
import importlib, json, sys
seen = set(sys.modules)
loaded = {}
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    loaded[name] = sorted(set(sys.modules) - seen)
    seen.update(sys.modules)
print(json.dumps(loaded))
"""


def load_each(names: list[str], path: Path) -> dict[str, list[str]]:
    """Import ``names`` one after the other in one new process (``path`` first on its path):
    the modules each import loaded that were not loaded before it."""
    paths = [str(path), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(names)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    loaded: dict[str, list[str]] = json.loads(out)
    return loaded


def outside_the_core(
    loaded: dict[str, list[str]], layers: Iterable[Layer], core: int = CORE, package: str = PACKAGE
) -> dict[str, list[str]]:
    """For each import that loaded any, the modules neither of the standard library nor of the
    core's layers (or of :data:`NOT_IN_THE_CORE`)."""
    table = tuple(layers)

    def fine(module: str) -> bool:
        top = module.partition(".")[0]
        if top in sys.stdlib_module_names:
            return top not in NOT_IN_THE_CORE
        layer = layer_of(module, table, package)
        return layer is not None and layer.number <= core

    found = {name: [m for m in new if not fine(m)] for name, new in loaded.items()}
    return {name: bad for name, bad in found.items() if bad}


COMMAND_PROBE = """
import json, sys
from click.testing import CliRunner
from bridgescore.cli import cli
result = CliRunner().invoke(cli, json.loads(sys.argv[1]))
assert result.exit_code == 0, result.output
loaded = {n for m in sys.modules for n in json.loads(sys.argv[2]) if (m + ".").startswith(n + ".")}
print(json.dumps(sorted(loaded)))
"""


def command_loads(argv: list[str], names: list[str]) -> list[str]:
    """Which of ``names`` (modules or packages) the command ``bridgescore ARGV`` loads."""
    out = subprocess.run(
        [sys.executable, "-c", COMMAND_PROBE, json.dumps(argv), json.dumps(names)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    loaded: list[str] = json.loads(out)
    return loaded


def imports_of_test_modules(modules: dict[str, Path]) -> list[str]:
    """The imports of a test module (``test_*``) by another module."""
    return [
        f"{modules[i.importer].name}:{i.line}: imports {i.module}"
        for i in imports(modules)
        if i.module.rpartition(".")[2].startswith("test_")
    ]
