"""The core is pure: importing it loads only the standard library."""

from __future__ import annotations

import json
import subprocess
import sys

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
    for heavy in ("click", "rich", "fastapi", "sqlalchemy", "alembic", "sqlite3", "numpy"):
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
