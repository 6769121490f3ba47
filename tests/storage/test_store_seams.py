"""The Store's seams: the storage modules (and the tests) go through its public methods
(``transaction``, ``load``), never a name private to ``storage/store.py``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "src" / "bridgescore" / "storage" / "store.py"


def _defined(tree: ast.AST) -> set[str]:
    """The private names a piece of code defines: its methods, its ``self._x``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _private_names() -> set[str]:
    """The Store's private methods and attributes (``_engine``, ``_writers`` ...) that no
    other module defines for itself, and the transaction's old private name."""
    tree = ast.parse(STORE.read_text(encoding="utf-8"))
    (store,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Store")
    elsewhere = set()
    for path in (ROOT / "src").rglob("*.py"):
        if path != STORE:
            elsewhere |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return (_defined(store) - elsewhere) | {"_transaction", "_load"}


def test_the_store_has_a_public_transaction() -> None:
    names = _private_names()
    assert {"_engine", "_writers", "_transaction", "_load"} <= names
    tree = ast.parse(STORE.read_text(encoding="utf-8"))
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    assert {"transaction", "load"} <= defined
    assert not {"_transaction", "_load"} & defined


def test_no_module_uses_a_name_private_to_the_store() -> None:
    """``other._engine``, ``store.transaction(...)`` outside ``store.py``: each a failure
    (an object's own ``self._x`` is its own business)."""
    names = _private_names()
    found = []
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
             *(ROOT / "benchmarks").rglob("*.py")]  # fmt: skip
    for path in files:
        if path == STORE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in names
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []
