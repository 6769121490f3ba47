"""The layers of docs/developers.md's table, checked.

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
modules would then always be a circle). Each check is also run on a small tree written to a
temporary folder, to show that it finds what it looks for.
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
from functools import cache
from pathlib import Path
from typing import Literal

import pytest

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
        # optional extras (pyproject.toml): batch, dask, dd, events, postgres, web
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
        # USEBIO files only: the parser that refuses entities (a base dependency)
        "defusedxml",
        # base dependencies, heavy and needed on one path only: a schema created or upgraded;
        # a progress bar
        "alembic",
        "rich",
    }
)
"""The third-party packages a function may import when it is called (never at module level in
the core)."""

PENDING = frozenset(
    {
        # The typed-boards branch removes these. Against the layers: hand records, leads and
        # the analysis import PBN (a format, layer 5) from layers 2 and 3; a session's Board
        # reads its auction and play with PBN's kept_sections; a section is scored by batch
        # (layer 9) when numpy is there. Circles, a data class's convenience method importing
        # the module that imports it: Session.scored, Session.to_dict, pbn's Game.auction and
        # Game.play. Delete an entry when its import is gone or breaks no rule:
        # test_pending_violations_are_still_there fails until then.
        ("bridgescore.boards.hand_record", "bridgescore.duplicate.session"),
        ("bridgescore.boards.hand_record", "bridgescore.pbn"),
        ("bridgescore.boards.leads", "bridgescore.pbn"),
        ("bridgescore.duplicate.analysis", "bridgescore.pbn"),
        ("bridgescore.duplicate.session._model", "bridgescore.pbn"),
        ("bridgescore.duplicate.session._scores", "bridgescore.batch.field"),
        ("bridgescore.duplicate.session._model", "bridgescore.duplicate.session._scores"),
        ("bridgescore.duplicate.session._model", "bridgescore.duplicate.session._data"),
        ("bridgescore.pbn._games", "bridgescore.pbn._sections"),
    }
)
"""Known imports (importer, imported) against the layers or closing a circle, left to another
branch; each must still be one, so that the merger deletes it when it is gone."""

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


@cache
def _layers() -> tuple[Layer, ...]:
    try:
        return read_layers(DEVELOPERS.read_text(encoding="utf-8"))
    except TableError as exc:
        pytest.fail(f"{DEVELOPERS.relative_to(ROOT)}: {exc}")


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


def _graph(found: Iterable[Import], leave_out: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    left_out = set(leave_out)
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.module != imp.importer and (imp.importer, imp.module) not in left_out:
            graph.setdefault(imp.importer, set()).add(imp.module)
    return graph


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target == goal:
                return True
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return False


def circles(found: Iterable[Import], leave_out: Iterable[tuple[str, str]] = ()) -> list[list[str]]:
    """Each circle of imports (every level counts), as a path that ends where it starts; the
    edges ``leave_out`` are not counted."""
    graph = _graph(found, leave_out)
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


def unneeded(
    pending: Iterable[tuple[str, str]],
    found: Iterable[Import],
    layers: Iterable[Layer],
    package: str = PACKAGE,
) -> list[tuple[str, str]]:
    """The entries of ``pending`` that no longer break a rule: the import is gone, or it is
    neither against the layers nor closing a circle without the other entries."""
    found, table, entries = list(found), tuple(layers), set(pending)
    graph = _graph(found, entries)
    against = {(i.importer, i.module) for i in upward(found, table, package)}
    present = {(i.importer, i.module) for i in found}
    return sorted(
        (importer, module)
        for importer, module in entries
        if (importer, module) not in present
        or ((importer, module) not in against and not _reaches(graph, module, importer))
    )


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


@cache
def _source() -> tuple[dict[str, Path], tuple[Import, ...]]:
    """The modules of ``src/`` and every import they make (read once)."""
    modules = _modules()
    return modules, tuple(every_import(modules))


def _internal() -> list[Import]:
    modules, found = _source()
    return [i for i in found if i.module in modules]


def _where(imp: Import, modules: dict[str, Path], root: Path = SRC) -> str:
    name = f" ({imp.name})" if imp.name else ""
    where = modules[imp.importer].relative_to(root)
    return f"{where}:{imp.line}: {imp.module}{name}, {imp.level} level"


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


# --- The checks on bridgescore -----------------------------------------------------------------


def test_every_module_belongs_to_a_layer() -> None:
    layers = _layers()
    assert [layer.number for layer in layers] == list(range(1, 13))
    stray = unplaced(_source()[0], layers)
    assert stray == [], (
        f"modules of src/ that belong to no layer of the table in "
        f"{DEVELOPERS.relative_to(ROOT)} (add them to a row): {stray}"
    )


def test_no_import_against_the_layers() -> None:
    modules, layers = _source()[0], _layers()
    bad = [i for i in upward(_internal(), layers) if (i.importer, i.module) not in PENDING]
    assert bad == [], "imports of a higher layer:\n" + "\n".join(
        f"{_where(i, modules)}: {layer_of(i.importer, layers)} imports {layer_of(i.module, layers)}"
        for i in bad
    )


def test_third_party_imports_only_where_allowed() -> None:
    modules, found = _source()
    bad = foreign(found, _layers())
    assert bad == [], (
        "third-party imports at module level in the core, or in a function and not in LAZY:\n"
        + "\n".join(_where(i, modules) for i in bad)
    )


def test_no_import_circles() -> None:
    found = circles(_internal(), PENDING)
    assert found == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_pending_violations_are_still_there() -> None:
    """An entry of PENDING that breaks no rule any more is deleted, so that it hides nothing."""
    assert unneeded(PENDING, _internal(), _layers()) == []


def test_the_core_loads_only_the_standard_library() -> None:
    """Each module of layers 1-8, imported in turn in one process, loads nothing but the
    standard library and the core (``import bridgescore`` itself first)."""
    layers = _layers()
    core = [
        m
        for m in _source()[0]
        if (layer := layer_of(m, layers)) is not None and layer.number <= CORE
    ]
    names = [PACKAGE, *sorted(m for m in core if m != PACKAGE)]
    assert len(names) > 50
    loaded = load_each(names, SRC)
    assert list(loaded) == names
    assert loaded[PACKAGE]  # the probe sees what an import loads
    assert outside_the_core(loaded, layers) == {}


def test_each_command_loads_only_what_it_needs() -> None:
    """``bridgescore score`` starts fast: no storage, web app or numpy behind it."""
    heavy = ["sqlalchemy", "fastapi", "numpy", "pyarrow", "bridgescore.storage", "bridgescore.web"]
    assert command_loads(["score", "4H", "10"], heavy) == []


def test_no_private_names_imported_across_modules() -> None:
    modules = _source()[0]
    bad = private_imports(_internal(), modules)
    assert bad == [], "private imports:\n" + "\n".join(
        f"{modules[i.importer].relative_to(SRC)}:{i.line}: from {i.module} import {i.name}"
        for i in bad
    )


def test_imports_between_test_modules() -> None:
    """Shared helpers live in conftest.py, helpers.py and browsing.py; a test module importing
    another would run (or hide) its tests twice and tie the two together."""
    modules = {
        f"tests.{name}" if name else "tests": path
        for name, path in _modules(TESTS).items()
        if not name.startswith(("vendor", "data"))
    }
    assert "tests.house.test_layering" in modules
    assert imports_of_test_modules(modules) == []


def imports_of_test_modules(modules: dict[str, Path]) -> list[str]:
    """The imports of a test module (``test_*``) by another module."""
    return [
        f"{modules[i.importer].name}:{i.line}: imports {i.module}"
        for i in imports(modules)
        if i.module.rpartition(".")[2].startswith("test_")
    ]


# --- Each check finds what it looks for --------------------------------------------------------

SMALL = (
    Layer(1, "kernel", ("model",)),
    Layer(2, "boards", ("boards",)),
    Layer(3, "api", ("pkg",)),
    Layer(4, "web", ("web",)),
)


def _write_tree(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return _modules(root)


def test_the_table_is_read_and_a_bad_one_refused() -> None:
    page = (
        "# Developers\n\n| layer | packages and modules | what it holds |\n|---|---|---|\n"
        "| 1 kernel | `errors`, `model` | values |\n| 2 the public API | `pkg` | `__init__` |\n\n"
        "| other | table |\n"
    )
    assert read_layers(page) == (
        Layer(1, "kernel", ("errors", "model")),
        Layer(2, "the public API", ("pkg",)),
    )
    with pytest.raises(TableError, match="no layer table"):
        read_layers("# Developers\n\n| layer | modules |\n|---|---|\n")
    with pytest.raises(TableError, match="out of order"):
        read_layers(page.replace("| 2 the", "| 3 the"))
    with pytest.raises(TableError, match="not followed by"):
        read_layers(page.replace("|---|---|---|\n", ""))
    with pytest.raises(TableError, match="not a row"):
        read_layers(page.replace("`errors`, `model`", "errors, model"))


def test_a_module_of_no_layer_is_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/model.py": "",
            "pkg/modelling.py": "",  # not `model`'s: no layer
            "pkg/boards/__init__.py": "",
            "pkg/boards/deal.py": "",
            "pkg/web/app.py": "",
        },
    )
    assert unplaced(modules, SMALL, "pkg") == ["pkg.modelling"]


def test_an_import_against_the_layers_is_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.boards import deal\n",  # down: fine
            "pkg/model.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from pkg.boards import deal\n"
                "def f():\n    import pkg.web.app\n"
            ),
            "pkg/boards/__init__.py": "",
            "pkg/boards/deal.py": "from pkg import model, __version__\n",  # the API: up
            "pkg/web/app.py": "import pkg.model\nfrom pkg.boards.deal import x\n",  # down: fine
        },
    )
    found = upward(imports(modules), SMALL, "pkg")
    assert [(i.importer, i.module, i.level) for i in found] == [
        ("pkg.boards.deal", "pkg", "module"),
        ("pkg.model", "pkg.boards.deal", "type-checking"),
        ("pkg.model", "pkg.web.app", "function"),
    ]


def test_a_third_party_import_out_of_place_is_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "import json\n",
            "pkg/model.py": (
                "import numpy\n"  # module level in the core: refused, even if lazy elsewhere
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import endplay.dds\n"
                "    import click\n"  # for mypy only, but not an optional package
                "def f():\n    import json, networkx\n    from rich.progress import Progress\n"
            ),
            "pkg/web/app.py": "import fastapi\ndef f():\n    import jinja2\n",
        },
    )
    found = foreign(every_import(modules), SMALL, core=3, package="pkg")
    assert [(i.importer, i.module, i.level) for i in found] == [
        ("pkg.model", "numpy", "module"),
        ("pkg.model", "click", "type-checking"),
        ("pkg.web.app", "jinja2", "function"),
    ]


def test_a_circle_is_found_and_printed(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import x\n",
            "pkg/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg import c\n",
            "pkg/c.py": "def f():\n    import pkg.a\n",  # in a function: an edge too
            "pkg/d.py": "def f():\n    from pkg.a import y\n",
            "pkg/e.py": "from . import d\n",
        },
    )
    found = imports(modules)
    assert circles(found) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    assert circles(found, {("pkg.c", "pkg.a")}) == []


def test_a_pending_entry_no_longer_needed_is_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/model.py": "def f():\n    from pkg.web import app\n",  # up
            "pkg/boards/__init__.py": "from pkg.boards import deal\n",
            "pkg/boards/deal.py": "def f():\n    import pkg.boards.play\n",  # a circle
            "pkg/boards/play.py": "from pkg.boards.deal import Deal\n",
            "pkg/boards/auction.py": "def f():\n    from pkg.boards.play import x\n",  # harmless
            "pkg/web/__init__.py": "",
            "pkg/web/app.py": "",
        },
    )
    pending = {
        ("pkg.model", "pkg.web.app"),
        ("pkg.boards.deal", "pkg.boards.play"),
        ("pkg.boards.auction", "pkg.boards.play"),
        ("pkg.boards.deal", "pkg.model"),  # no such import
    }
    assert unneeded(pending, imports(modules), SMALL, "pkg") == [
        ("pkg.boards.auction", "pkg.boards.play"),
        ("pkg.boards.deal", "pkg.model"),
    ]


def test_the_import_probe_finds_a_third_party_module(tmp_path: Path) -> None:
    _write_tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/model.py": "import json\n",
            "pkg/boards/__init__.py": "import outside_lib, sqlite3\n",
            "pkg/web/__init__.py": "",
            "pkg/web/app.py": "",
            "outside_lib/__init__.py": "",
        },
    )
    names = ["pkg.model", "pkg.boards", "pkg.web.app"]
    loaded = load_each(names, tmp_path)
    assert list(loaded) == names
    assert {"pkg", "pkg.model"} <= set(loaded["pkg.model"])
    found = outside_the_core(loaded, SMALL, core=3, package="pkg")
    assert set(found) == {"pkg.boards", "pkg.web.app"}
    assert {"outside_lib", "sqlite3"} <= set(found["pkg.boards"])
    assert "pkg.boards" not in found["pkg.boards"]
    assert found["pkg.web.app"] == ["pkg.web", "pkg.web.app"]


def test_the_command_probe_sees_what_is_loaded() -> None:
    assert command_loads(["score", "4H", "10"], ["bridgescore.cli", "sqlalchemy"]) == [
        "bridgescore.cli"
    ]


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


def test_an_import_between_test_modules_is_found(tmp_path: Path) -> None:
    modules = _write_tree(
        tmp_path,
        {
            "tests/__init__.py": "",
            "tests/helpers.py": "x = 1\n",
            "tests/test_a.py": "from tests import test_b, helpers\n",
            "tests/test_b.py": "x = 1\n",
        },
    )
    assert imports_of_test_modules(modules) == ["test_a.py:1: imports tests.test_b"]
