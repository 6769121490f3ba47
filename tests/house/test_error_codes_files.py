"""Which errors of the files a director uploads and of a player's phone's entries still read
in English only (issue 35): the count of ``test_error_codes`` over the boards, the deal files,
the PBN, USEBIO, BWS, Bridgemate and LIN readers and the kernel's checks of one deal's values.
The count may only go down: lower :data:`UNCODED` when you give errors codes, never raise
it."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from bridgescore._messages import MESSAGES as ALL
from bridgescore._messages_files import FILES
from bridgescore.boards.auction import Auction, SectionError
from bridgescore.errors import InvalidResultError, LinError, PbnError, UsebioError
from bridgescore.lin import read_lin
from bridgescore.locale import error_text, use
from bridgescore.model import Result
from bridgescore.pbn import read as read_pbn
from bridgescore.usebio import read as read_usebio
from tests.house.error_codes import SRC, codes_raised, error_names, gap, modules, name, uncoded

PLACES = (
    "boards",
    "pbn",
    "usebio/_read.py",
    "deals",
    "bws",
    "bridgemate",
    "lin",
    "model.py",
    "scoring.py",
    "inputs.py",
    "players.py",
)

UNCODED = 139
"""Errors still made without a code in :data:`PLACES` (constructions of a BridgeError class,
and calls of a module's own helper that returns one)."""


def test_the_files_errors_without_a_code_do_not_grow() -> None:
    found = gap(PLACES)
    total = sum(sum(c.values()) for c in found.values())
    listing = "\n".join(f"{path}: {dict(c)}" for path, c in found.items())
    assert total <= UNCODED, f"{total} errors without a code (at most {UNCODED}):\n{listing}"
    assert total > UNCODED - 10, f"{total} now: lower UNCODED to it\n{listing}"


FAILS = {"pbn": 30, "lin": 12}
"""A PBN or LIN file's reasons still given as English text to a reader's ``fail`` (PBN's
``Location.fail``, the lexer's, the LIN reader's), which the count above does not see: each
reader's ``refuse`` gives a code instead."""


@pytest.mark.parametrize("place", sorted(FAILS))
def test_the_readers_reasons_without_a_code_do_not_grow(place: str) -> None:
    calls = [
        f"{path.relative_to(SRC)}:{node.lineno}"
        for path in modules([place])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and name(node.func) == "fail"
    ]
    most = FAILS[place]
    assert len(calls) <= most, f"{len(calls)} (at most {most}): {calls}"
    assert len(calls) > most - 10, f"{len(calls)} now: lower FAILS[{place!r}] to it"


@pytest.mark.parametrize(("language", "place"), [("fr", "ligne 2: "), ("de", "Zeile 2: ")])
def test_an_uploaded_files_value_is_refused_at_its_line_in_the_language(
    language: str, place: str
) -> None:
    with pytest.raises(PbnError) as pbn:
        read_pbn('[Board "1"]\n[Dealer "Q"]\n[Vulnerable "None"]\n')
    assert (pbn.value.code, pbn.value.line) == ("pbn_dealer", 2)
    assert str(pbn.value) == "<text>, line 2: bad Dealer 'Q': expected N, E, S or W"
    with pytest.raises(UsebioError) as usebio:
        read_usebio(b'<?xml version="1.0"?>\n<FOO/>')
    assert str(usebio.value) == "<bytes>, line 2: the root element is 'FOO'; expected USEBIO"
    for exc, source, value in ((pbn.value, "<text>", "'Q'"), (usebio.value, "<bytes>", "'FOO'")):
        with use(language):
            said = error_text(exc)
        assert said.startswith(f"{source}, {place}")
        assert value in said
        assert said != str(exc)


def test_a_lin_files_board_and_character_are_said_in_the_language() -> None:
    with pytest.raises(LinError) as exc:
        read_lin("qx|o1|sv|z|")
    assert str(exc.value) == (
        "<text>, board 1, character 6: bad vulnerability sv|z|: expected o, n, e or b"
    )
    with use("de"):
        said = error_text(exc.value)
    assert (
        said == "<text>, Board 1, Zeichen 6: ungültige Gefahrenlage sv|z|: erwartet o, n, e oder b"
    )


def test_the_count_sees_a_construction_a_helper_and_not_a_coded_error(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "def fail(m: str) -> PbnError | None:\n    return PbnError(m)\n"
        "def coded(c: str) -> PbnError:\n    return PbnError.coded(c)\n"
        "raise coded('side_notation')\nraise DealFileError('x')\nraise fail('y')\n"
        "raise LinError.coded('side_notation', text='NE')\n",
        encoding="utf-8",
    )
    assert uncoded(module, error_names(PLACES)) == Counter({"DealFileError": 1, "fail": 1})


def test_every_code_raised_in_the_files_has_its_template() -> None:
    missing = [(str(path.relative_to(SRC)), code) for path, code in codes_raised(PLACES)
               if code not in ALL]  # fmt: skip
    assert missing == []


def test_the_files_templates_are_merged_and_none_is_overridden() -> None:
    source = ast.parse((SRC / "_messages.py").read_text(encoding="utf-8"))
    own = {
        key.value
        for node in ast.walk(source)
        if isinstance(node, ast.Dict)
        for key in node.keys
        if isinstance(key, ast.Constant)
    }
    assert not own & FILES.keys(), own & FILES.keys()
    assert all(ALL[code] == text for code, text in FILES.items())


@pytest.mark.parametrize("language", ["fr", "nl", "pl", "de", "it", "es"])
def test_a_phones_entry_and_an_uploaded_auction_are_refused_in_the_language(
    language: str,
) -> None:
    with pytest.raises(InvalidResultError) as entry:
        Result.parse("7NT+1")
    with pytest.raises(SectionError) as section:
        Auction.read("N", "1S Pass 9Z")
    assert (section.value.code, section.value.offset) == ("call_invalid", 8)
    for exc, value in ((entry.value, "'7NT+1'"), (section.value, "'9Z'")):
        with use(language):
            said = error_text(exc)
        assert value in said
        assert said != str(exc)
