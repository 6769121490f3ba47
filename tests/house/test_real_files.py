"""Every file in ``tests/data/real/`` says where it came from and is read by a test.

A row of a table in ``tests/data/real/README.md`` names its files in backticks in the first
column (a path under ``tests/data/real/``, ``*`` allowed) and gives their source: a repository
address with a commit, or a page with its date. A file no row names, a row naming no file, or a
file no test mentions (by its name or its folder's) fails here.
"""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

from tests.conftest import DATA

REAL = DATA / "real"
TESTS = Path(__file__).parents[1]
_ROW = re.compile(r"^\|\s*(?P<names>[^|]*`[^|]*)\|(?P<rest>.*)\|\s*$")
_NAME = re.compile(r"`([^`]+)`")
_SOURCE = re.compile(r"\b[0-9a-f]{40}\b|https?://|\b(19|20)\d\d-\d\d-\d\d\b")


def _files() -> list[str]:
    return sorted(
        p.relative_to(REAL).as_posix()
        for p in REAL.rglob("*")
        if p.is_file() and p.name not in {"README.md", ".gitattributes"}
    )


def _rows() -> list[tuple[list[str], str]]:
    """Each table row's patterns and the rest of its text (a commit said once for a whole
    table, "same commit", counts: the row's source is then the table's)."""
    rows = []
    for line in (REAL / "README.md").read_text(encoding="utf-8").splitlines():
        match = _ROW.match(line)
        if match is None or set(match["names"].strip()) <= {"-", " "}:
            continue
        names = [n.split(" ")[0] for n in _NAME.findall(match["names"])]
        rows.append(([n for n in names if "." in n or "*" in n], match["rest"]))
    return rows


def test_every_real_file_has_a_source_row() -> None:
    rows = _rows()
    patterns = [p for names, _ in rows for p in names]
    unlisted = [f for f in _files() if not any(fnmatch(f, p) for p in patterns)]
    assert unlisted == []
    empty = [p for p in patterns if not any(fnmatch(f, p) for f in _files())]
    assert empty == []
    sourceless = [
        names for names, rest in rows if not (_SOURCE.search(rest) or "same" in rest.lower())
    ]
    assert sourceless == []


def test_every_real_file_is_read_by_a_test() -> None:
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in TESTS.rglob("*.py")
        if p.resolve() != Path(__file__).resolve()
    )
    unread = [
        f
        for f in _files()
        if Path(f).name not in text
        and (Path(f).parent == Path(".") or f"{Path(f).parent}" not in text.replace('" / "', "/"))
    ]
    assert unread == []
