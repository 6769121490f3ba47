"""Every message a player reads is in every catalogue, translated, and not fuzzy.

``pybabel extract`` (through :mod:`tools.messages`, with ``babel.cfg``) runs over Python, the
templates and the JS pages; the check fails on a message missing from a catalogue, one left
untranslated or marked fuzzy, or a ``messages.pot`` that is not the extraction's. The other
tests here show that the check finds each of those, on small catalogues of their own.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[2]


def _messages() -> ModuleType:
    path = ROOT / "tools" / "messages.py"
    spec = importlib.util.spec_from_file_location("bridgescore_tools_messages", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


messages = _messages()


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    catalog: Catalog = messages.extract()
    return catalog


def test_every_catalogue_is_complete(extracted: Catalog) -> None:
    assert list(messages.problems(extracted, messages.catalogues())) == []


def test_the_extraction_finds_python_templates_and_js(extracted: Catalog) -> None:
    kinds = {Path(path).suffix for m in extracted if m.id for path, _ in m.locations}
    assert {".py", ".html", ".js"} <= kinds
    assert extracted.get("Calculator") is not None  # base.html
    assert extracted.get("Not saved yet") is not None  # game.js
    assert extracted.get("Game premium, vulnerable") is not None  # scoring.py, N_()


def test_french_is_there() -> None:
    assert "fr" in messages.catalogues()


def test_the_issue_35_languages_are_there() -> None:
    assert {"fr", "nl", "pl", "de", "it", "es"} <= set(messages.catalogues())


def _write(path: Path, entries: dict[str, str], fuzzy: frozenset[str] = frozenset()) -> None:
    catalog = Catalog(locale="fr")
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr, flags=("fuzzy",) if msgid in fuzzy else ())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog)


@pytest.mark.parametrize(
    ("entries", "fuzzy", "found"),
    [
        ({"Board": "Donne"}, frozenset(), "fr: missing 'Deal'"),
        ({"Board": "Donne", "Deal": ""}, frozenset(), "fr: untranslated 'Deal'"),
        ({"Board": "Donne", "Deal": "Donne"}, frozenset({"Deal"}), "fr: fuzzy 'Deal'"),
    ],
)
def test_the_check_finds_what_is_wrong(
    tmp_path: Path, entries: dict[str, str], fuzzy: frozenset[str], found: str
) -> None:
    template = Catalog()
    template.add("Board", locations=[("x.py", 1)])
    template.add("Deal", locations=[("x.js", 2)])
    po = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    _write(po, entries, fuzzy)
    assert list(messages.problems(template, {"fr": po}, pot=None)) == [found]


def test_a_complete_catalogue_passes(tmp_path: Path) -> None:
    template = Catalog()
    template.add("Board", locations=[("x.py", 1)])
    po = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    _write(po, {"Board": "Donne"})
    assert list(messages.problems(template, {"fr": po}, pot=None)) == []


def test_a_stale_template_is_found(tmp_path: Path) -> None:
    template = Catalog()
    template.add("Board", locations=[("x.py", 1)])
    pot = tmp_path / "messages.pot"
    pot.write_bytes(messages.pot_text(Catalog()))
    assert list(messages.problems(template, {}, pot=pot)) == [
        "messages.pot is not up to date: run python tools/messages.py"
    ]


def test_the_extraction_misses_no_call_in_the_scripts(extracted: Catalog) -> None:
    """Babel's JS extractor skips a call nested in another's arguments: every literal
    ``gettext("...")`` of the scripts (not in a comment) must be in the extraction."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extracted if m.id}
    call = re.compile(r'\b(?:n?gettext)\(\s*"((?:[^"\\]|\\.)*)"')
    missed = [
        f"{path.name}: {m[1]!r}"
        for path in sorted((messages.PACKAGE / "web" / "static").glob("*.js"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("//")
        for m in call.finditer(line)
        if m[1].replace('\\"', '"') not in ids
    ]
    assert missed == []


def test_a_template_message_has_no_bare_percent_sign(extracted: Catalog) -> None:
    """A template's ``_()`` fills its ``%(name)s`` with ``%``: a percent sign of the text is
    written ``%%`` there, or the page fails as it is drawn."""
    bare = re.compile(r"%(?!\()")
    wrong = [
        m.id
        for m in extracted
        if isinstance(m.id, str) and any(path.endswith(".html") for path, _ in m.locations)
        if bare.search(m.id.replace("%%", ""))
    ]
    assert wrong == []
