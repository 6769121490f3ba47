"""One word, one thing: no class name is defined twice in ``src/`` (catching one
``DealingError`` would miss the other; a ``Play`` would be a table's round or the cards played),
and the old names of the renamed classes still work, as deprecated aliases of the new ones. No
module of ``src/`` is over 700 lines.
"""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict
from pathlib import Path

import pytest

from tests.house.layering import SRC

LONGEST = 700
"""The most lines a module of ``src/`` may have."""


def classes_defined_twice(root: Path) -> dict[str, list[str]]:
    """Each class name defined more than once in the ``.py`` files below ``root`` (at any
    depth: a nested class counts too), with where (``path:line``)."""
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where[node.name].append(f"{path.relative_to(root)}:{node.lineno}")
    return {name: places for name, places in where.items() if len(places) > 1}


def test_no_class_name_is_defined_twice() -> None:
    assert classes_defined_twice(SRC) == {}


def test_a_class_defined_twice_is_found(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Play:\n    class Inner: ...\n", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "c.py").write_text("def f():\n    class Play: ...\n", encoding="utf-8")
    assert classes_defined_twice(tmp_path) == {"Play": ["a.py:1", "b/c.py:2"]}


def test_no_module_is_over_700_lines() -> None:
    long = {
        str(path.relative_to(SRC)): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert long == {}


RENAMED = [
    ("bridgescore.duplicate.movement", "Play", "TableRound"),
    ("bridgescore.duplicate.movement.model", "Play", "TableRound"),
    ("bridgescore.events.pairs", "EventRow", "EventRankRow"),
    ("bridgescore.usebio", "Standing", "FileRankRow"),
    ("bridgescore.web.hand_records", "HandRecord", "HandRecordView"),
]
"""Each renamed class: where, its old name, its new one."""


@pytest.mark.parametrize(("module", "old", "new"), RENAMED, ids=[r[1] for r in RENAMED])
def test_an_old_name_is_the_renamed_class(module: str, old: str, new: str) -> None:
    found = importlib.import_module(module)
    assert getattr(found, old) is getattr(found, new)
    assert getattr(found, new).__name__ == new
    assert {old, new} <= set(found.__all__)


def test_one_dealing_error() -> None:
    """Boards dealt from a seed and deals dealt to order refuse with the same class."""
    from bridgescore import batch, deals, errors

    assert batch.DealingError is deals.DealingError is errors.DealingError
    with pytest.raises(deals.DealingError, match="count"):
        batch.deal_where("hcp(N) >= 0", -1, seed=1)
