"""The messages to translate: extract them, update the catalogues, check them.

``python tools/messages.py`` runs ``pybabel extract`` over Python, the templates and the JS pages
(``babel.cfg``) into ``src/bridgescore/locale/messages.pot``, then brings every
``<lang>/LC_MESSAGES/messages.po`` up to date with it (a new message: an empty translation to
fill in; a changed one: marked fuzzy, to check). ``--check`` changes nothing and lists what is
missing (tests/house/test_catalogues.py runs the same check in ``make test``).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bridgescore"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "messages.pot"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None,
            "Nn_": (1, 2)}  # fmt: skip


def extract() -> Catalog:
    """Every message Python, the templates and the JS pages say, with where."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="bridgescore", msgid_bugs_address="", charset="utf-8")
    for path, line, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    return catalog


def pot_text(catalog: Catalog) -> bytes:
    """The ``.pot`` file of ``catalog``: no dates, so the same messages give the same bytes."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_by_file=True)
    lines = buffer.getvalue().split(b"\n")
    return b"\n".join(line for line in lines if not line.startswith(b'"POT-Creation-Date'))


def catalogues() -> dict[str, Path]:
    """Each language's ``.po`` file, by code."""
    return {p.parent.parent.name: p for p in sorted(LOCALE.glob("*/LC_MESSAGES/messages.po"))}


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def problems(
    template: Catalog, languages: dict[str, Path], pot: Path | None = POT
) -> Iterable[str]:
    """What is wrong with the catalogues: a message missing, untranslated or fuzzy; a ``.pot``
    (unless None) that is not the extraction's."""
    wanted = {(m.id, m.context) for m in template if m.id}
    if pot is not None and (
        not pot.is_file() or {(m.id, m.context) for m in read(pot, "en") if m.id} != wanted
    ):
        yield f"{pot.name} is not up to date: run python tools/messages.py"
    for language, path in languages.items():
        catalog = read(path, language)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context)
            name = message.id if isinstance(message.id, str) else message.id[0]
            if found is None:
                yield f"{language}: missing {name!r}"
            elif found.fuzzy:
                yield f"{language}: fuzzy {name!r}"
            elif not found.string or (isinstance(found.string, tuple) and not all(found.string)):
                yield f"{language}: untranslated {name!r}"


def update(template: Catalog) -> None:
    """Write the ``.pot`` and bring each ``.po`` up to date with it."""
    POT.write_bytes(pot_text(template))
    for language, path in catalogues().items():
        catalog = read(path, language)
        catalog.update(template, update_header_comment=False)
        with path.open("wb") as file:
            write_po(file, catalog, width=100, ignore_obsolete=True, sort_by_file=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; list problems")
    args = parser.parse_args(argv)
    template = extract()
    if not args.check:
        update(template)
    found = list(problems(template, catalogues()))
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
