"""The ``bridgescore`` command-line tool: a thin layer of click and rich over the core.

Each command reads its arguments, makes one call into the core and prints the answer. A
:class:`~bridgescore.BridgeError` becomes click's usage error: the core's message, exit code 2.
Each module here adds one family of commands to the group, and is imported only when one of
its commands runs (:data:`~bridgescore.cli._app.COMMANDS`).
"""

from __future__ import annotations

from bridgescore.cli._app import cli

__all__ = ["cli"]
