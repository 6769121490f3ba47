"""A griffe extension for the site's reference: docstrings written for ``help()`` read as Markdown.

The library's docstrings are plain text with doctests and Sphinx roles. For mkdocstrings, each
run of doctest lines (from a ``>>>`` line to the next blank line) becomes a fenced ``pycon``
block, so its output is shown as it is rather than read as Markdown (``['N', 'E'][0]`` is no
link), and ``:func:`score``` becomes ```score```.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|mod|meth|attr|data|exc|obj):`~?([^`]+)`")


def markdown(text: str) -> str:
    r"""The docstring ``text`` with its doctests fenced and its Sphinx roles as code.

    >>> markdown("Uses :func:`score`.\n\n>>> 1 + 1\n2\n\nEnd.").split("\n")
    ['Uses `score`.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'End.']
    """
    out: list[str] = []
    fenced = False
    for line in ROLE.sub(r"`\1`", text).split("\n"):
        if not fenced and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            fenced = True
        elif fenced and not line.strip():
            out.append(f"{indent}```")
            fenced = False
        out.append(line)
    if fenced:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctests of every docstring griffe reads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite ``obj``'s docstring for Markdown, once, as it is read."""
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
