"""The scoring methods of a duplicate session: one table of them, for every layer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bridgescore.errors import N_

__all__ = ["METHODS", "Method", "MethodInfo"]

Method = Literal["mp", "butler", "cross-imps"]


@dataclass(frozen=True, slots=True)
class MethodInfo:
    """A scoring method as people call it: its name, a form's label, and what it does."""

    name: str
    """As a title says it: ``matchpoints (MP1)``."""
    label: str
    """As a form offers it: ``Matchpoints``."""
    unit: str
    """What its figures count: ``MPs`` or ``IMPs``."""
    description: str


METHODS: Mapping[Method, MethodInfo] = {
    "mp": MethodInfo(N_("matchpoints (MP1)"), N_("Matchpoints"), N_("MPs"),
                     N_("2 for each score beaten, 1 for each tie; Neuberg for short boards.")),
    "butler": MethodInfo(N_("Butler IMPs"), N_("Butler IMPs"), N_("IMPs"),
                         N_("IMPs against the board's datum (one top and one bottom dropped).")),
    "cross-imps": MethodInfo(N_("cross-IMPs"), N_("Cross-IMPs"), N_("IMPs"),
                             N_("IMPs against every other result, averaged.")),
}  # fmt: skip
"""The scoring methods, the one table of them (the CLI's choices, the API's enum, the pages);
its words in English, marked for translation (the pages say them with ``_()``)."""
