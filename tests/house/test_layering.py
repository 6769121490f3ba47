"""The layers of docs/developers.md's table, checked on ``src/``: no module of no layer, no
import of a higher layer, third-party packages only where allowed, no import circle, the core
loading only the standard library, no private name across modules, no test module importing
another (the rules: :mod:`tests.house.layering`). Each check is also run on a small tree
written to a temporary folder, to show that it finds what it looks for.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.house.layering import (
    CORE,
    DEVELOPERS,
    PACKAGE,
    ROOT,
    SRC,
    TESTS,
    Import,
    Layer,
    TableError,
    circles,
    command_loads,
    every_import,
    foreign,
    imports,
    imports_of_test_modules,
    layer_of,
    load_each,
    modules_of,
    outside_the_core,
    private_imports,
    read_layers,
    unplaced,
    upward,
)


@cache
def _layers() -> tuple[Layer, ...]:
    try:
        return read_layers(DEVELOPERS.read_text(encoding="utf-8"))
    except TableError as exc:
        pytest.fail(f"{DEVELOPERS.relative_to(ROOT)}: {exc}")


@cache
def _source() -> tuple[dict[str, Path], tuple[Import, ...]]:
    """The modules of ``src/`` and every import they make (read once)."""
    modules = modules_of()
    return modules, tuple(every_import(modules))


def _internal() -> list[Import]:
    modules, found = _source()
    return [i for i in found if i.module in modules]


def _where(imp: Import, modules: dict[str, Path], root: Path = SRC) -> str:
    name = f" ({imp.name})" if imp.name else ""
    where = modules[imp.importer].relative_to(root)
    return f"{where}:{imp.line}: {imp.module}{name}, {imp.level} level"


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
    bad = upward(_internal(), layers)
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
    found = circles(_internal())
    assert found == [], "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


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
        for name, path in modules_of(TESTS).items()
        if not name.startswith(("vendor", "data"))
    }
    assert "tests.house.test_layering" in modules
    assert imports_of_test_modules(modules) == []


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
    return modules_of(root)


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
