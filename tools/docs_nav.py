"""A ProperDocs hook: the site's *Guides* section lists every ``docs/guide/*.md``.

A new guide is a new file, with no change to ``properdocs.yml``: the section holds
``guide/index.md`` first, then the other guides by file name; each is titled by its first
heading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SECTION = "Guides"


def guide_pages(docs_dir: Path) -> list[str]:
    """The nav entries of the guides folder: its index first, then the guides by file name."""
    folder = docs_dir / "guide"
    names = sorted(p.name for p in folder.glob("*.md") if p.name != "index.md")
    first = ["guide/index.md"] if (folder / "index.md").is_file() else []
    return first + [f"guide/{name}" for name in names]


def on_config(config: Any) -> Any:
    """Fill the (empty) *Guides* section of the nav."""
    for item in config["nav"] or []:
        if isinstance(item, dict) and SECTION in item:
            item[SECTION] = guide_pages(Path(config["docs_dir"]))
    return config
