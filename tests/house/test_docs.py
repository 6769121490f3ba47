"""The documentation's examples run, and its site fails on a broken link.

The ``>>>`` examples of README.md and docs/ are doctests (pytest's ``--doctest-glob=*.md``);
this module runs their ``console`` blocks: each ``$ `` line in a shell, in a folder holding
``tests/data/*.pbn`` and ``docs/examples/*``, with ``bridgescore`` this checkout's. When output
is shown under a command, the command prints that text (compared line by line without trailing
spaces; ``...`` stands for any text); when none is, it succeeds. ``ID`` in a command is the id of
the game the block's last ``rubber new`` or ``chicago new`` made.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import bridgescore

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
FENCE = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)
GAME_ID = re.compile(r"\b(Rubber|Chicago) ([a-z0-9]{26})\b")


@dataclass(frozen=True)
class Command:
    """One ``$`` line of a console block and the output shown under it (empty: none shown)."""

    line: str
    expected: str


@dataclass(frozen=True)
class Block:
    """A console block: where it is, and its commands in order."""

    page: Path
    lineno: int
    commands: tuple[Command, ...]

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.lineno}"


def console_blocks(page: Path) -> list[Block]:
    """The console blocks of a Markdown page.

    >>> page = Path("x.md")
    >>> [b.commands for b in console_blocks_of(page, "```console\\n$ a\\nA\\n\\n$ b\\n```\\n")]
    [(Command(line='a', expected='A'), Command(line='b', expected=''))]
    """
    return console_blocks_of(page, page.read_text(encoding="utf-8"))


def console_blocks_of(page: Path, text: str) -> list[Block]:
    """The console blocks of ``text``, the contents of ``page``."""
    blocks = []
    for match in FENCE.finditer(text):
        commands: list[Command] = []
        line: str | None = None
        output: list[str] = []
        for row in match.group(1).splitlines():
            if row.startswith("$ "):
                if line is not None:
                    commands.append(Command(line, "\n".join(output).strip("\n")))
                line, output = row[2:], []
            elif line is not None:
                output.append(row)
        if line is not None:
            commands.append(Command(line, "\n".join(output).strip("\n")))
        lineno = text.count("\n", 0, match.start()) + 1
        blocks.append(Block(page, lineno, tuple(commands)))
    return blocks


BLOCKS = [block for page in PAGES for block in console_blocks(page)]


def normal(text: str) -> str:
    """Text as compared: no trailing spaces, a game's id written ``<id>``."""
    text = GAME_ID.sub(r"\1 <id>", text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()) + "\n"


def same(expected: str, actual: str) -> bool:
    """Whether ``actual`` is the ``expected`` output, ``...`` standing for any text."""
    checker = doctest.OutputChecker()
    return checker.check_output(normal(expected), normal(actual), doctest.ELLIPSIS)


@pytest.fixture
def folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder with the example files, and an environment whose ``bridgescore`` is this one."""
    work = tmp_path / "work"
    work.mkdir()
    for source in [*(ROOT / "tests" / "data").glob("*.pbn"), *(DOCS / "examples").iterdir()]:
        shutil.copy(source, work / source.name)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "bridgescore"
    script.write_text(
        f"#!{sys.executable}\nimport sys\nfrom bridgescore.cli import cli\n"
        'sys.exit(cli(prog_name="bridgescore"))\n'
    )
    script.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(Path(bridgescore.__file__).resolve().parents[1]),
        "BRIDGESCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'games.db'}",
        "COLUMNS": "80",
    }
    return work, env


def test_the_pages_have_console_examples() -> None:
    """The collection finds the guides' examples (a fence it cannot read would run nothing)."""
    pages = {block.page.name for block in BLOCKS}
    assert {"README.md", "players.md", "directors.md", "analysts.md"} <= pages
    assert sum(len(block.commands) for block in BLOCKS) >= 20


@pytest.mark.parametrize("block", BLOCKS, ids=[block.name for block in BLOCKS])
def test_console_example(block: Block, folder: tuple[Path, dict[str, str]]) -> None:
    work, env = folder
    game_id = "ID"
    for command in block.commands:
        line = re.sub(r"\bID\b", game_id, command.line)
        done = subprocess.run(
            ["bash", "-c", line],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        actual = done.stdout + done.stderr
        if found := GAME_ID.search(done.stdout):
            game_id = found.group(2)
        if command.expected:
            assert same(command.expected, actual), (
                f"{block.name}: $ {command.line}\n--- shown:\n{command.expected}\n"
                f"--- printed:\n{actual}"
            )
        else:
            assert done.returncode == 0, f"{block.name}: $ {command.line}\n{actual}"


def test_readme_links_point_at_files() -> None:
    """The README is outside the site: its relative links are checked here."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    relative = [t for t in targets if "://" not in t]
    assert relative
    assert [t for t in relative if not (ROOT / t).is_file()] == []


def site_config(tmp_path: Path, pages: dict[str, str]) -> Path:
    """A small site in ``tmp_path`` built the way properdocs.yml builds ours (it inherits its
    validation and its nav hook), with ``pages`` (path: text) and no library reference."""
    for name, text in pages.items():
        page = tmp_path / "docs" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    config = {
        "INHERIT": str(ROOT / "properdocs.yml"),
        "docs_dir": str(tmp_path / "docs"),
        "site_dir": str(tmp_path / "site"),
        "hooks": [str(ROOT / "tools" / "docs_nav.py")],
        "plugins": ["search"],
        "nav": [{"Home": "index.md"}, {"Guides": []}],
    }
    path = tmp_path / "properdocs.yml"
    path.write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    return path


def build(config: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "-f", str(config)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_site_lists_new_guides_and_refuses_broken_links(tmp_path: Path) -> None:
    guides = {
        "index.md": "# Home\n\nSee [the guides](guide/index.md).\n",
        "guide/index.md": "# Guides\n\nOne topic each.\n",
        "guide/zebra.md": "# Zebra\n\nA [home](../index.md) link.\n",
        "guide/alpha.md": "# Alpha\n\n## Part one\n\nText.\n",
    }
    done = build(site_config(tmp_path, guides))
    assert done.returncode == 0, done.stderr
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert home.index("guide/index.html") < home.index("guide/alpha.html")
    assert home.index("guide/alpha.html") < home.index("guide/zebra.html")

    broken = {
        "missing.md": {"guide/zebra.md": "# Zebra\n\nA [missing](missing.md) page.\n"},
        "part-two": {"guide/alpha.md": "# Alpha\n\nSee [part two](zebra.md#part-two).\n"},
        "stray.md": {"stray.md": "# Stray\n\nA page the nav does not list.\n"},
    }
    for said, pages in broken.items():
        site = tmp_path / said
        done = build(site_config(site, guides | pages))
        assert done.returncode != 0, said
        assert said in done.stderr
