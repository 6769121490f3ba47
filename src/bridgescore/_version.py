"""bridgescore's version, defined here so that any module can name it without importing the
public API above it (:mod:`bridgescore` gives it as ``__version__``; the wheel's version is
read from this file).

>>> from bridgescore import __version__ as public
>>> __version__ == public
True
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
