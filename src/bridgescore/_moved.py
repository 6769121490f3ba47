"""The modules that moved into the domain folders, still answered at their old paths for one
release: ``import bridgescore.live_room`` gives a module that forwards every name to
:mod:`bridgescore.live.definition`, with a :class:`DeprecationWarning` that names the new path.

One import hook (:class:`MovedFinder`, installed by the package) answers every old path, so no
file is left in the old places. A moved package's modules move with it
(``bridgescore.session._scores`` is ``bridgescore.duplicate.session._scores``).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from bridgescore.rubber import Rubber
>>> Rubber.__module__, str(caught[0].message)
('bridgescore.home.rubber', 'bridgescore.rubber moved to bridgescore.home.rubber')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final

__all__ = ["MOVED", "PACKAGES", "RENAMED", "MovedFinder", "new_path"]

MOVED: Final = {
    "bridgescore.analysis": "bridgescore.duplicate.analysis",
    "bridgescore.auction": "bridgescore.boards.auction",
    "bridgescore.chicago": "bridgescore.home.chicago",
    "bridgescore.condition": "bridgescore.boards.condition",
    "bridgescore.dd": "bridgescore.boards.dd",
    "bridgescore.deal": "bridgescore.boards.deal",
    "bridgescore.event": "bridgescore.events.pairs",
    "bridgescore.events.tables": "bridgescore.live.teams",
    "bridgescore.hand_record": "bridgescore.boards.hand_record",
    "bridgescore.homegame": "bridgescore.home.game",
    "bridgescore.leads": "bridgescore.boards.leads",
    "bridgescore.live_deals": "bridgescore.live.deals",
    "bridgescore.live_room": "bridgescore.live.definition",
    "bridgescore.mail": "bridgescore.club.mail",
    "bridgescore.match": "bridgescore.events.match",
    "bridgescore.movement": "bridgescore.duplicate.movement",
    "bridgescore.par": "bridgescore.boards.par",
    "bridgescore.play": "bridgescore.boards.play",
    "bridgescore.render": "bridgescore.home.render",
    "bridgescore.rubber": "bridgescore.home.rubber",
    "bridgescore.session": "bridgescore.duplicate.session",
    "bridgescore.table_entry": "bridgescore.live.entry",
    "bridgescore.web.events": "bridgescore.web.streams",
    "bridgescore.weighted": "bridgescore.duplicate.weighted",
}
"""Each old module path and where it went."""

PACKAGES: Final = frozenset({"bridgescore.movement", "bridgescore.session"})
"""The old paths that were packages: their modules moved with them."""

RENAMED: Final = {"bridgescore.event": {"Event": "PairsEvent"}}
"""Names that changed with the move, per old path (old name: new name)."""


def new_path(old: str) -> str | None:
    """Where the module of an old path is now; None if it did not move.

    >>> new_path("bridgescore.session._scores"), new_path("bridgescore.model")
    ('bridgescore.duplicate.session._scores', None)
    """
    if old in MOVED:
        return MOVED[old]
    package = old.rpartition(".")[0]
    while package:
        if package in PACKAGES:
            return f"{MOVED[package]}.{old[len(package) + 1 :]}"
        package = package.rpartition(".")[0]
    return None


class _Forwarding(ModuleType):
    """An old path's module: every name read from the module that replaced it."""

    _target: str
    _renamed: dict[str, str]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        target = importlib.import_module(self._target)
        return getattr(target, self._renamed.get(name, name))

    def __dir__(self) -> list[str]:
        return sorted(set(dir(importlib.import_module(self._target))) | set(self._renamed))


class _Loader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = _Forwarding(spec.name)
        module._target = self.target
        module._renamed = RENAMED.get(spec.name, {})
        return module

    def exec_module(self, module: ModuleType) -> None:
        importlib.import_module(self.target)  # a wrong path fails here, at the import
        warnings.warn(f"{module.__name__} moved to {self.target}", DeprecationWarning,
                      stacklevel=_importer_level())  # fmt: skip


def _importer_level() -> int:
    """The stack level of the code that imported the old path (past the import system)."""
    frame = sys._getframe(2)  # exec_module's caller: the import system
    level = 2
    while frame.f_back is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
        frame = frame.f_back
        level += 1
    return level


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old paths (:data:`MOVED`); every other import goes on as usual."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = new_path(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(
            fullname, _Loader(new), is_package=fullname in PACKAGES
        )

    @classmethod
    def install(cls) -> None:
        """Put the finder first on :data:`sys.meta_path` (once)."""
        if not any(isinstance(f, cls) for f in sys.meta_path):
            sys.meta_path.insert(0, cls())


class Package(ModuleType):
    """The class of the ``bridgescore`` package: importing an old path (``bridgescore.par``)
    does not replace the package's name of the same spelling (the function :func:`par`)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, _Forwarding) and name in self.__dict__:
            return
        super().__setattr__(name, value)
