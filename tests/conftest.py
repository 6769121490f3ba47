"""Shared fixtures."""

from __future__ import annotations

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner() -> CliRunner:
    """Invoke the CLI in-process, as sqlite-utils tests do."""
    return CliRunner()
