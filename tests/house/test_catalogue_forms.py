"""Each translation keeps what the code fills in and what the page draws: the same placeholders
(``%(name)s``, ``{name}``, ``%%``), the same HTML tags and entities, the same space at either end
(a fragment joined to another), in every form of a plural; and the plural forms are the ones the
language's grammar picks (Polish has three).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bridgescore.locale import js_catalogue, ngettext, use

LOCALE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "locale"
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/messages.po"))
KEPT = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+(?:![rs])?\}|%%|</?[a-z][^>]*>|&[a-z]+;")
"""What a translation must keep from its message, each as often: placeholders, tags, entities."""


def shape(text: str) -> tuple[Counter[str], bool, bool]:
    """What must match between a message and its translation.

    >>> shape(" <b>%(n)s</b> down ")
    (Counter({'<b>': 1, '%(n)s': 1, '</b>': 1}), True, True)
    """
    return Counter(KEPT.findall(text)), text[:1].isspace(), text[-1:].isspace()


def lost(message: Message) -> list[str]:
    """Each form of ``message``'s translation shaped like none of its message's forms."""
    sources = [message.id] if isinstance(message.id, str) else list(message.id)
    forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
    return [str(f) for f in forms if f and all(shape(str(f)) != shape(str(s)) for s in sources)]


def mismatches(catalog: Catalog) -> list[str]:
    """The translations of ``catalog`` that lose or add a placeholder, a tag or an end space."""
    return [form for m in catalog if m.id for form in lost(m)]


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_translation_keeps_placeholders_markup_and_end_spaces(po: Path) -> None:
    with po.open("rb") as file:
        catalog = read_po(file, locale=po.parent.parent.name)
    assert mismatches(catalog) == []


def test_a_lost_placeholder_a_tag_or_a_space_is_found() -> None:
    catalog = Catalog(locale="de")
    catalog.add("Board %(board)s saved.", "Board gespeichert.")
    catalog.add("Start a <a href='/x'>rubber</a>.", "Einen Robber starten.")
    catalog.add(" (one a match)", "(einer pro Kampf)")
    catalog.add("tricks: {tricks}", "Stiche: {stiche}")
    catalog.add("Fine %(n)s", "Gut %(n)s")
    catalog.add(("%(num)d board", "%(num)d boards"), ("ein Board", "%(num)d Boards"))
    assert mismatches(catalog) == [
        "Board gespeichert.",
        "Einen Robber starten.",
        "(einer pro Kampf)",
        "Stiche: {stiche}",
        "ein Board",
    ]


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "1 rozdanie"),
        (2, "2 rozdania"),
        (4, "4 rozdania"),
        (5, "5 rozdań"),
        (12, "12 rozdań"),
        (22, "22 rozdania"),
        (25, "25 rozdań"),
        (101, "101 rozdań"),
    ],
)
def test_polish_takes_the_form_its_grammar_wants(n: int, form: str) -> None:
    with use("pl"):
        assert ngettext("%(num)d board", "%(num)d boards", n) % {"num": n} == form


def test_the_js_pages_get_the_same_plural_choice() -> None:
    plural = js_catalogue("pl")["plural"]
    assert isinstance(plural, list)
    assert [plural[n] for n in (0, 1, 2, 5, 12, 22, 112, 122)] == [2, 0, 1, 2, 2, 1, 2, 1]
    for language in ("nl", "de", "it", "es"):
        two = js_catalogue(language)["plural"]
        assert isinstance(two, list)
        assert (two[0], two[1], two[2], set(two)) == (1, 0, 1, {0, 1})
