"""The command line's help in the environment's language.

A command's and an option's help (click's docstring and ``help=``) is said through the
catalogues (:func:`bridgescore.locale.gettext`) when the help is drawn: :class:`SaidCommand` and
:class:`SaidGroup`, the classes of every ``bridgescore`` command. :func:`extract` is the
``pybabel extract`` method (``babel.cfg``) that finds those texts in a module of commands, with
what the Python extractor finds there. Click says its own words (``Usage:``, ``Options``,
``Error: Missing argument``) with the standard library's :func:`gettext.gettext`:
:func:`click_words` lends it the same catalogue, compiled into a temporary folder, while a
command runs. English is the text itself: nothing is looked up, nothing written.
"""

from __future__ import annotations

import ast
import copy
import gettext
import inspect
import io
import tempfile
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Final

import click
from babel.messages.extract import extract_python

from bridgescore.errors import N_

__all__ = [
    "CLICK_WORDS",
    "DOMAIN",
    "SaidCommand",
    "SaidGroup",
    "click_words",
    "extract",
    "formed",
    "help_key",
    "help_texts",
]

DOMAIN: Final = "bridgescore"
"""The standard library's gettext domain :func:`click_words` binds while a command runs."""


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with its plural for translation (``pybabel extract -k Nn_:1,2``); return
    both as they are.

    >>> Nn_("{n} deal", "{n} deals")
    ('{n} deal', '{n} deals')
    """
    return singular, plural


HELP: Final = N_("Show this message and exit.")
"""The ``--help`` option's help (click's words), said when the help is drawn."""


CLICK_WORDS: Final[tuple[str | tuple[str, str], ...]] = (
    # TRANSLATORS: click's own words, as it says them around every command's help and errors
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    HELP,
    N_("Show the version and exit."),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("required"),
    N_("Aborted!"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
    N_("Error: invalid input"),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    Nn_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
)
"""The words click says to a user of ``bridgescore`` (its ``gettext`` messages, less those only
a program's author meets), marked here so that the catalogues translate them."""


def help_key(text: str | None) -> str:
    """The message of a command's help: click's docstring or ``help=`` as click shows it
    (:func:`inspect.cleandoc`, cut at a form feed), the text the catalogues translate.

    >>> help_key('''Score one deal.
    ...
    ...     Examples: bridgescore score 4H 10
    ...     \\f
    ...     For the code's readers only.''')
    'Score one deal.\\n\\nExamples: bridgescore score 4H 10\\n'
    """
    return inspect.cleandoc(text).partition("\f")[0] if text else ""


_FORMED: dict[str, tuple[str, dict[str, str]]] = {}


def formed(template: str, **values: str) -> str:
    """A help text made from values known when the command is defined: ``template`` (marked
    ``N_`` where it is written) filled with them; said, it is the template's translation filled
    with the same values.

    >>> formed(N_("The club's default language: {codes}, or none."), codes="de, en")
    "The club's default language: de, en, or none."
    """
    text = template.format(**values)
    _FORMED[inspect.cleandoc(text)] = (template, values)
    return text


def _said(text: str) -> str:
    from bridgescore.locale import gettext as said

    if text in _FORMED:
        template, values = _FORMED[text]
        return said(template).format(**values)
    return said(text) if text else text


class SaidCommand(click.Command):
    """A command whose help, and its options' help, is said in the current language (English:
    exactly click's own)."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:  # made once, in the language of the first run: said when drawn
            option.help = HELP
        return option

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        key = help_key(self.help)
        said = _said(key)
        if said == key or self.deprecated:
            super().format_help_text(ctx, formatter)
            return
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(said)

    def get_short_help_str(self, limit: int = 45) -> str:
        key = help_key(self.help)
        said = _said(key)
        if said == key or self.short_help:
            return super().get_short_help_str(limit)
        shown = copy.copy(self)  # click shortens the help it holds: lend it the translation
        shown.help = said
        return click.Command.get_short_help_str(shown, limit)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None and not isinstance(param, click.Argument):
                rows.append(_said_record(param, record))
        if rows:
            with formatter.section(gettext.gettext("Options")):  # click's own word
                formatter.write_dl(rows)


def _said_record(param: click.Parameter, record: tuple[str, str]) -> tuple[str, str]:
    """An option's row of the help, its help said in the current language (click's extra,
    ``[default: modern]``, after it as click wrote it)."""
    spec, text = record
    given = getattr(param, "help", None)
    if not given or not text.startswith(given):
        return record
    return spec, _said(given) + text[len(given) :]


class SaidGroup(click.Group, SaidCommand):
    """A group of :class:`SaidCommand`; its help and its commands' short help said in the
    current language."""

    command_class = SaidCommand
    group_class: type[click.Group] | type[type] | None = type  # a group in it: a SaidGroup


_FOLDERS: dict[str, tempfile.TemporaryDirectory[str]] = {}
"""Each language's compiled catalogue, written once a process (removed when it ends)."""


def _words_folder(language: str) -> str:
    """A folder holding ``<language>/LC_MESSAGES/bridgescore.mo``, made the first time."""
    if language not in _FOLDERS:
        folder = tempfile.TemporaryDirectory(prefix="bridgescore-words-")
        path = Path(folder.name, language, "LC_MESSAGES", f"{DOMAIN}.mo")
        path.parent.mkdir(parents=True)
        from bridgescore.locale import compiled

        path.write_bytes(compiled(language))
        _FOLDERS[language] = folder
    return _FOLDERS[language].name


@contextmanager
def click_words(language: str) -> Iterator[None]:
    """Let click say its own words in ``language`` inside the block: the language's catalogue
    compiled into a temporary folder (once a process), bound to :data:`DOMAIN` and made the
    standard library's domain (the one click's :func:`gettext.gettext` reads; the environment
    names the language, as it did for ``language``). English, or a folder that cannot be
    written: click's English.
    """
    from bridgescore.locale import DEFAULT

    if language == DEFAULT:
        yield
        return
    try:
        folder = _words_folder(language)
    except OSError:  # pragma: no cover - a temporary folder that cannot be written
        yield
        return
    gettext.bindtextdomain(DOMAIN, folder)
    previous = gettext.textdomain(DOMAIN)
    try:
        yield
    finally:
        gettext.textdomain(previous)


def _is_command(decorator: ast.expr) -> bool:
    """``@x.command(...)``, ``@click.group(...)``, ``@_director_command(...)`` (a maker of
    commands: its name ends so), with no ``help=``."""
    if not isinstance(decorator, ast.Call):
        return False
    called = decorator.func
    name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
    made = name.endswith(("command", "group"))
    return made and all(k.arg != "help" for k in decorator.keywords)


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """Each click help text in a module's source, with its line: the docstring of a function
    made a command, and each ``help=`` given as a literal (a computed one is marked ``N_``
    where it is written).

    >>> source = '''
    ... @cli.command("score")
    ... @click.option("--vul", is_flag=True, help="Declarer vulnerable.")
    ... def score(vul):
    ...     \"""Score one deal.\"""
    ... '''
    >>> sorted(help_texts(source))
    [(3, 'Declarer vulnerable.'), (4, 'Score one deal.')]
    """
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and any(map(_is_command, node.decorator_list)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield node.lineno, help_key(doc)
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                text = keyword.value.value if isinstance(keyword.value, ast.Constant) else None
                if keyword.arg == "help" and isinstance(text, str) and text:
                    yield keyword.value.lineno, inspect.cleandoc(text)


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str] | Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method for a module of commands (``babel.cfg``): what its Python
    extractor finds, and each help text click shows (:func:`help_texts`)."""
    data = fileobj.read()
    found = extract_python(io.BytesIO(data), keywords, comment_tags, options)  # type: ignore[arg-type]
    yield from found
    source = data.decode(str(options.get("encoding", "utf-8")))
    for line, text in sorted(help_texts(source)):
        yield line, "", text, []
