"""The players' languages: gettext catalogues read with Babel, for the web app, the CLI and paper.

Each language has ``locale/<code>/LC_MESSAGES/messages.po`` beside this module (English, the
source language, has none: its text is the msgid). A catalogue is compiled in memory the first
time it is asked for (nothing to build at install; a clean clone works). The language of the
work in hand is a context variable (:func:`use`), so a template, a route and a PDF ask
:func:`gettext` without passing it along.

>>> with use("fr"):
...     gettext("Calculator")
'Calculatrice'
>>> gettext("Calculator")
'Calculator'
>>> negotiate("nl-BE,fr;q=0.8,en;q=0.5") in LANGUAGES
True
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from babel import Locale, UnknownLocaleError
from babel.dates import format_date as _format_date
from babel.dates import format_skeleton as _format_skeleton
from babel.dates import format_time as _format_time
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal as _format_decimal
from babel.numbers import format_percent as _format_percent
from babel.support import NullTranslations, Translations

from bridgescore.duplicate.field import points_text
from bridgescore.duplicate.session import DIRECTOR, Heading
from bridgescore.errors import MESSAGES, N_, BridgeError
from bridgescore.inputs import LANGUAGE_CODES
from bridgescore.scoring import ScorePart

if TYPE_CHECKING:
    from bridgescore.boards.par import Par
    from bridgescore.duplicate.movement import Sentence

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "compiled",
    "current",
    "decimal_sign",
    "environment_language",
    "error_text",
    "format_date",
    "format_number",
    "format_percent",
    "format_points",
    "format_when",
    "gettext",
    "heading_line",
    "js_catalogue",
    "negotiate",
    "ngettext",
    "pair_label",
    "par_text",
    "part_label",
    "pgettext",
    "pick",
    "ranks_text",
    "seat_letter",
    "seat_name",
    "sentence_text",
    "side_word",
    "speak",
    "use",
    "vulnerability_name",
    "vulnerability_word",
]

HERE: Final = Path(__file__).parent
DEFAULT: Final = "en"


def _present() -> dict[str, str]:
    codes = sorted(LANGUAGE_CODES - {DEFAULT})
    names = {code: Locale.parse(code).get_display_name(code) or code for code in codes}
    return {DEFAULT: "English"} | {c: n[:1].upper() + n[1:] for c, n in names.items()}


LANGUAGES: Final[Mapping[str, str]] = _present()
"""Each language with a catalogue (and English), by code: its name in itself."""

_current: ContextVar[str] = ContextVar("bridgescore_language", default=DEFAULT)


def current() -> str:
    """The language of the work in hand (``'en'`` unless :func:`use` said otherwise)."""
    return _current.get()


@contextmanager
def use(language: str) -> Iterator[str]:
    """Say everything inside the block in ``language`` (an unknown code: English)."""
    token = _current.set(language if language in LANGUAGES else DEFAULT)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def speak(language: str) -> None:
    """Say the rest of the work in hand in ``language`` (an unknown code: English), for a step
    that cannot wrap the rest in :func:`use` (a web route's dependency); the :func:`use` around
    it gives back the language it found when it ends.

    >>> with use("en"):
    ...     speak("nl")
    ...     gettext("Calculator")
    'Rekenhulp'
    >>> gettext("Calculator")
    'Calculator'
    """
    _current.set(language if language in LANGUAGES else DEFAULT)


@cache
def compiled(language: str) -> bytes:
    """The catalogue of ``language`` compiled, as a ``.mo`` file holds it (fuzzy entries left
    out), for the standard library's gettext (``bridgescore.cli._said.click_words``). English,
    or a language without a catalogue: a catalogue of no message.

    >>> import gettext
    >>> gettext.GNUTranslations(io.BytesIO(compiled("de"))).gettext("Calculator") != "Calculator"
    True
    """
    po = HERE / language / "LC_MESSAGES" / "messages.po"
    buffer = io.BytesIO()
    if language == DEFAULT or not po.is_file():
        write_mo(buffer, Catalog(locale=DEFAULT))
        return buffer.getvalue()
    with po.open("rb") as file:
        catalog = read_po(file, locale=language)
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


@cache
def _translations(language: str) -> NullTranslations:
    po = HERE / language / "LC_MESSAGES" / "messages.po"
    if language == DEFAULT or not po.is_file():
        return NullTranslations()
    return Translations(io.BytesIO(compiled(language)), domain="messages")


def gettext(message: str) -> str:
    """``message`` in the current language (English when the catalogue lacks it)."""
    return _translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message, for ``n``, in the current language."""
    return _translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells its sense (``'match'``)."""
    return str(_translations(_current.get()).pgettext(context, message))


def error_text(exc: BaseException) -> str:
    """An error's message in the current language: its code's template translated and filled
    (an error without a code, or not the core's, keeps its English message). A value that is
    itself an error (why a part could not be read) is said in the language too.

    >>> from bridgescore import InvalidResultError
    >>> exc = InvalidResultError.coded("tricks_range", tricks="14")
    >>> with use("fr"):
    ...     error_text(exc)
    'le nombre de levées doit être un nombre entier de 0 à 13, reçu 14'
    """
    if not isinstance(exc, BridgeError) or exc.code is None or exc.code not in MESSAGES:
        return str(exc)
    try:
        params = {k: error_text(v) if isinstance(v, BridgeError) else v
                  for k, v in exc.params.items()}  # fmt: skip
        return exc.placed(gettext(MESSAGES[exc.code]).format(**params), gettext)
    except (KeyError, IndexError, ValueError):  # a translation naming a value it is not given
        return str(exc)


def sentence_text(sentence: Sentence) -> str:
    """A movement report's sentence in the current language, its numbers in the language's
    form (:class:`~bridgescore.duplicate.movement.Sentence`: a code and its values).

    >>> from bridgescore.duplicate.movement import howell
    >>> with use("fr"):
    ...     sentence_text(howell(10, 3).fairness().sentences()[-1])[44:84]
    ': 6 à 18, moyenne 12,00, écart type 5,37'
    """
    return sentence.say(gettext, lambda number: format_number(number, 2, fixed=True))


def part_label(part: ScorePart) -> str:
    """A score's part as a player reads it, in the current language.

    >>> from bridgescore import score
    >>> with use("fr"):
    ...     [part_label(p) for p in score("4HX", 7, vulnerable=True).parts]
    ['Levées de chute : 3 de chute, contré, vulnérable (200 + 300 + 300)']
    """
    if not part.template:
        return part.label
    try:
        return gettext(part.template).format(**part.params)
    except (KeyError, IndexError, ValueError):
        return part.label


SEATS: Final[Mapping[str, str]] = {
    "N": N_("North"),
    "E": N_("East"),
    "S": N_("South"),
    "W": N_("West"),
}
"""Each seat's name, by its letter."""

VULNERABILITIES: Final[Mapping[str, str]] = {
    "None": N_("None vulnerable"),
    "NS": N_("NS vulnerable"),
    "EW": N_("EW vulnerable"),
    "All": N_("All vulnerable"),
}
"""Each board vulnerability, as a phrase, by its PBN value."""


def seat_name(seat: object) -> str:
    """A seat's name (a :class:`~bridgescore.Seat` or its letter) in the current language.

    >>> from bridgescore import Seat
    >>> with use("fr"):
    ...     seat_name(Seat.WEST), seat_name("N")
    ('Ouest', 'Nord')
    """
    letter = str(getattr(seat, "value", seat))
    return gettext(SEATS[letter]) if letter in SEATS else letter


def seat_letter(seat: object) -> str:
    """A seat's initial (a :class:`~bridgescore.Seat` or its letter) in the current language,
    as a compass or a double-dummy table prints it.

    >>> from bridgescore import Seat
    >>> with use("fr"):
    ...     seat_letter(Seat.WEST), seat_letter("N")
    ('O', 'N')
    """
    letter = str(getattr(seat, "value", seat))
    letters = {
        "N": pgettext("seat letter", "N"),
        "E": pgettext("seat letter", "E"),
        "S": pgettext("seat letter", "S"),
        "W": pgettext("seat letter", "W"),
    }
    return letters.get(letter, letter)


def vulnerability_word(vulnerability: object) -> str:
    """A board's vulnerability as a hand record's heading says it after its own word
    (``Vul None``, ``Vul All``), in the current language.

    >>> with use("de"):
    ...     vulnerability_word("All"), vulnerability_word("EW")
    ('Alle', 'OW')
    """
    value = str(getattr(vulnerability, "value", vulnerability))
    words = {
        "None": pgettext("vulnerability", "None"),
        "NS": pgettext("vulnerability", "NS"),
        "EW": pgettext("vulnerability", "EW"),
        "All": pgettext("vulnerability", "All"),
    }
    return words.get(value, value)


def side_word(side: object) -> str:
    """A side, ``NS`` or ``EW`` (or a :class:`~bridgescore.Side`), as the current language's
    players write it in a pair's label or a par line (``OW`` in German, ``EO`` in French);
    anything else as given.

    >>> with use("nl"):
    ...     side_word("NS"), side_word("EW"), side_word("Pair")
    ('NZ', 'OW', 'Pair')
    """
    value = str(getattr(side, "value", side))
    words = {"NS": gettext("NS"), "EW": gettext("EW")}  # the words the pages say for a side
    return words.get(value, value)


def pair_label(label: object) -> str:
    """A pair's label as the movement names it (``NS 1``, ``EW 2``; a Howell's ``3``; after its
    section's name, ``A EW 2``) said for a reader in the current language (``OW 2`` in
    German): only its side changes, a label of any other form is given back as it is. What a
    program reads (JSON, CSV, PBN, USEBIO, a form's value, an address) keeps the movement's
    label.

    >>> with use("de"):
    ...     pair_label("EW 2"), pair_label("A EW 3"), pair_label("7"), pair_label("EWX 1")
    ('OW 2', 'A OW 3', '7', 'EWX 1')
    >>> pair_label("EW 2")
    'EW 2'
    """
    text = str(label)
    words = text.split(" ")  # a section's name may come first: "A EW 2"
    if len(words) in (2, 3) and words[-2] in ("NS", "EW") and all(words):
        words[-2] = side_word(words[-2])
    return " ".join(words)


def ranks_text(ranks: str, *, ten: str = "T", between: str = "") -> str:
    """A suit's cards (``AKQT2``, as a hand lists them) as the current language's players write
    them in a hand record (``ARDT2`` in French, ``AHVT2`` in Dutch), the ten as ``ten`` and
    the cards joined by ``between``; a card that is not a rank is kept as it is.

    >>> with use("de"):
    ...     ranks_text("AKQJT2"), ranks_text("AQT", ten="10", between=" ")
    ('AKDBT2', 'A D 10')
    >>> ranks_text("AKQJT2")
    'AKQJT2'
    """
    words = {  # the honours' initials (context "card rank"); the spot cards are numbers
        "A": pgettext("card rank", "A"),
        "K": pgettext("card rank", "K"),
        "Q": pgettext("card rank", "Q"),
        "J": pgettext("card rank", "J"),
        "T": ten,
    }
    return between.join(words.get(rank, rank) for rank in ranks)


def par_text(par: Par | None) -> str:
    """A par line (``NS 420: 4SN``) as the current language's players read it: the side as
    :func:`side_word` says it, each contract with its strain (notrump as the catalogue says
    it, ``SA`` in French; a suit as its symbol, since no suit letter is common to the
    languages) and its declarer's seats by their initials (:func:`seat_letter`). English keeps
    the core's notation (:class:`~bridgescore.boards.par.Par`); no par (None) is ``—``.

    >>> from bridgescore import Seat, par
    >>> table = [(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)]
    >>> found = par(table, "EW", dealer=Seat.NORTH)
    >>> par_text(found)
    'NS 420: 4HNS'
    >>> with use("nl"):
    ...     par_text(found)
    'NZ 420: 4♥NZ'
    """
    if par is None:
        return "\u2014"
    if _current.get() == DEFAULT:
        return str(par)
    if not par.contracts:
        return gettext("Pass")
    said = []
    for c in par.contracts:
        strain = c.contract.strain
        shown = gettext("NT") if strain.value == "NT" else strain.symbol
        seats = "".join(seat_letter(seat) for seat in c.declarers)
        offset = f"{c.offset:+d}" if c.offset else ""
        said.append(f"{c.contract.level}{shown}{c.contract.doubling.value}{seats}{offset}")
    side = side_word("NS" if par.score >= 0 else "EW")
    return f"{side} {abs(par.score)}: " + " ".join(said)  # a score: no grouping, as scored


def vulnerability_name(vulnerability: object) -> str:
    """A board's vulnerability as a phrase, in the current language (``'NS vulnerable'``)."""
    value = str(getattr(vulnerability, "value", vulnerability))
    return gettext(VULNERABILITIES[value]) if value in VULNERABILITIES else value


def _language_of(tag: str) -> str | None:
    try:
        locale = Locale.parse(tag.strip().replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return None
    return locale.language if locale.language in LANGUAGES else None


def negotiate(accept_language: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header (by its ``q``) that has a catalogue,
    or None. Read in time linear in the header (at most 40 entries are looked at).

    >>> negotiate("pt-BR, de;q=0.9"), negotiate("xx, *;q=0.1"), negotiate(None)
    ('de', None, None)
    """
    if not accept_language:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:40]):
        tag, _, q = part.partition(";")
        weight = 1.0
        if q.strip().startswith("q="):
            try:
                weight = float(q.strip()[2:])
            except ValueError:
                continue
        if tag.strip() and tag.strip() != "*" and len(tag) <= 35:
            ranked.append((-weight, i, tag))
    for weight, _, tag in sorted(ranked):
        found = _language_of(tag) if weight < 0 else None
        if found:
            return found
    return None


def environment_language() -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them) if it has a catalogue, else English: the CLI's."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for tag in value.split(":"):
            found = (
                _language_of(tag.split(".")[0].split("@")[0])
                if tag and tag not in ("C", "POSIX")
                else None
            )
            if found:
                return found
        if value:
            break
    return DEFAULT


def pick(*choices: str | None) -> str:
    """The first of ``choices`` that has a catalogue (or is English), else English.

    >>> pick(None, "xx", "fr", "en"), pick()
    ('fr', 'en')
    """
    for choice in choices:
        if choice and choice in LANGUAGES:
            return choice
    return DEFAULT


def format_number(number: float | int, digits: int = 2, *, fixed: bool = False) -> str:
    """A number in the current language's own form, with at most ``digits`` decimals (exactly
    ``digits`` if ``fixed``: a percentage, ``54.17``, ``54,17``).

    >>> with use("fr"):
    ...     format_number(1234.5)
    '1\\u202f234,5'
    >>> format_number(1234.5)
    '1,234.5'
    """
    pattern = "#,##0." + ("0" if fixed else "#") * digits if digits else "#,##0"
    return _format_decimal(number, format=pattern, locale=_current.get())


def format_points(points: float) -> str:
    """Matchpoints or IMPs as players read them (:func:`~bridgescore.duplicate.field.points_text`:
    two decimals at most) with the current language's decimal sign.

    >>> with use("fr"):
    ...     format_points(8 + 2 / 3), format_points(6.0)
    ('8,67', '6')
    """
    return points_text(points).replace(".", decimal_sign())


def format_percent(percent: float, digits: int = 2) -> str:
    """A percentage (``75`` for 75 %) to exactly ``digits`` decimals, in the current
    language's own form (CLDR's: ``75.00%``, ``75,00\u00a0%`` in French).

    >>> format_percent(75)
    '75.00%'
    >>> with use("fr"):
    ...     format_percent(54.1666)
    '54,17\xa0%'
    """
    language = _current.get()
    pattern = Locale.parse(language).percent_formats[None].pattern
    decimals = "." + "0" * digits if digits else ""
    return _format_percent(percent / 100, format=pattern.replace("#,##0", "#,##0" + decimals, 1),
                           locale=language)  # fmt: skip


def heading_line(top: Heading) -> str:
    """The line under a session's name (:attr:`Heading.line
    <bridgescore.duplicate.session.Heading.line>`: club, date, director) in the current
    language.

    >>> top = Heading("Pairs", "2026.12.01", "Acol BC", "Jo Bloggs", "")
    >>> with use("de"):
    ...     heading_line(top)
    'Acol BC · 1. Dezember 2026 · Turnierleiter: Jo Bloggs'
    >>> heading_line(top) == top.line
    True
    """
    return top.said(gettext(DIRECTOR), format_date)


def format_when(moment: datetime, english: str, *, time: bool = True) -> str:
    """A moment as the page writes it: ``moment.strftime(english)`` in English, else the date
    in the current language's own short form, and the time if ``time`` (``'2 déc. 2026 16:05'``).

    >>> moment = datetime(2026, 12, 2, 16, 5)
    >>> format_when(moment, "%Y-%m-%d %H:%M")
    '2026-12-02 16:05'
    >>> with use("fr"):
    ...     format_when(moment, "%Y-%m-%d %H:%M")
    '2 déc. 2026 16:05'
    """
    language = _current.get()
    if language == DEFAULT:
        return moment.strftime(english)
    day = _format_skeleton("yMMMd", moment, locale=language)
    return f"{day} {_format_time(moment, 'short', locale=language)}" if time else day


def decimal_sign() -> str:
    """The current language's decimal sign (``'.'`` in English, ``','`` in French).

    >>> with use("fr"):
    ...     decimal_sign()
    ','
    """
    return str(Locale.parse(_current.get()).number_symbols["latn"]["decimal"])


def format_date(day: date | datetime, *, form: str = "long") -> str:
    """A date in the current language's own form (``'2 December 2026'``, ``'2 décembre 2026'``).

    >>> with use("fr"):
    ...     format_date(date(2026, 12, 2))
    '2 décembre 2026'
    """
    language = _current.get()
    if language == DEFAULT:  # the project's English: day month year
        return _format_date(day, format="d MMMM y", locale="en_GB")
    return _format_date(day, format=form, locale=language)


@cache
def js_catalogue(language: str) -> Mapping[str, object]:
    """What the JS pages need to speak ``language`` (``window.gettext``, :file:`static/app.js`):
    ``messages``, the translation of each message found in a ``.js`` file (a list of forms for
    a plural; a message in a context keyed ``context + "\\x04" + message``, as gettext keys
    it, for ``window.pgettext``), and ``plural``, the form to use for each count from 0 to 199
    (a count past it takes the form of ``100 + n % 100``, as every gettext plural rule does).
    Empty for English.

    >>> js_catalogue("fr")["plural"][:3]
    [0, 0, 1]
    >>> js_catalogue("de")["messages"]["standings\x04Played"]
    'Gesp.'
    """
    po = HERE / language / "LC_MESSAGES" / "messages.po"
    if language == DEFAULT or not po.is_file():
        return {}
    with po.open("rb") as file:
        catalog = read_po(file, locale=language)
    messages: dict[str, object] = {}
    for m in catalog:
        if not m.id or m.fuzzy or not any(path.endswith(".js") for path, _ in m.locations):
            continue
        if isinstance(m.id, str) and isinstance(m.string, str) and m.string:
            messages[f"{m.context}\x04{m.id}" if m.context else m.id] = m.string  # pgettext's
        elif isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list):
            forms = [str(form) for form in m.string]
            messages.update({str(m.id[0]): forms} if all(forms) else {})
    translations = _translations(language)
    plural = getattr(translations, "plural", lambda n: int(n != 1))
    return {"messages": messages, "plural": [plural(n) for n in range(200)]}
