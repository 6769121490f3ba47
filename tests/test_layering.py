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
