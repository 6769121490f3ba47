"""The PBN reader's fast paths read every file as its own path does: the same games (with
their lines), the same session and warnings, or the same error (file, line, field, value).

The fast paths (a game written plainly read by one match, a ScoreTable's plain rows read at
once: ``pbn/_lexer.py``, ``pbn/_rows.py``) fall back to the character-by-character lexer and
the row-by-row reader, which say what is wrong; here both are run on every test data file,
on generated sessions of both shapes and on the same damaged at random.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.pbn import decode
from bridgescore.pbn._lexer import read_games
from bridgescore.pbn._reader import SessionReader
from tests.conftest import DATA

FILES = sorted(DATA.rglob("*.pbn"), key=str)
RANKS = "AKQJT98765432"


def _games(text: str, fast: bool) -> Any:
    """The games with what their equality leaves out: the lines of games, tags and data."""
    try:
        games = read_games(text, source="f.pbn", fast=fast)
    except Exception as exc:  # any escape must be the same both ways
        return _error(exc)
    return games, [(g.line, [(t.line, t.data_lines) for t in g.tags]) for g in games]


def _session(text: str, fast: bool) -> Any:
    """The session and its warnings, or the error."""
    try:
        games = read_games(text, source="f.pbn", fast=fast)
        session = SessionReader(games, "f.pbn", fast=fast).read()
    except Exception as exc:
        return _error(exc)
    warnings = [str(w) for s in session.sections for w in s.warnings]
    rows = [(r.round, r.table, r.score) for s in session.sections for r in s.results]
    return session, warnings, rows


def _error(exc: Exception) -> tuple[object, ...]:
    return (type(exc), str(exc), *(getattr(exc, a, None) for a in ("field", "value", "line")))


def same_both_ways(text: str) -> Any:
    """Assert that the fast and the own paths agree on ``text``; what they read."""
    assert _games(text, True) == _games(text, False)
    read = _session(text, True)
    assert read == _session(text, False)
    return read


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_data_file_reads_alike(path: Any) -> None:
    same_both_ways(decode(path.read_bytes()))


def test_the_fast_paths_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plainly written file is read by the fast paths (not only by their fallbacks)."""
    from bridgescore.pbn import _lexer, _reader, _rows, _values

    rng = random.Random(3)
    games = "".join(
        f'[Board "{b}"]\r\n[Deal "{_deal(rng)}"]\r\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result;Score_NS"]\r\n'
        + "".join(f"{t:>2} {t + 9:>2} 4S   N {9 + t % 3:>2} -\r\n" for t in range(1, 4))
        + "\r\n"
        for b in range(1, 5)
    )
    taken: dict[str, list[bool]] = {"games": [], "rows": [], "tables": []}

    def counted(name: str, function: Any) -> Any:
        def call(*args: Any) -> Any:
            found = function(*args)
            taken[name].append(found is not None)
            return found

        return call

    monkeypatch.setattr(_lexer._Lexer, "plain_game", counted("games", _lexer._Lexer.plain_game))
    monkeypatch.setattr(_reader, "row_result", counted("rows", _rows.row_result))
    monkeypatch.setattr(_reader, "table_results", counted("tables", _rows.table_results))
    monkeypatch.setattr(_values, "_RESULTS", {})  # no result read before
    session, _, _ = same_both_ways("% PBN 2.1\r\n" + games)
    assert taken["games"].count(True) == 4 * 2  # fast path, then the check it is the same
    # the first table row by row (its results read the first time), the others at once
    assert taken["tables"] == [False, True, True, True]
    assert taken["rows"] == [False, False, False]
    assert len(session.sections[0].results) == 12


@pytest.mark.parametrize(
    ("between", "end", "plain"),
    [
        ("\n", "\n", 3),  # an empty line between games
        (" \t\n", "", 3),  # a line of blanks; the last game without a line end
        ("% note\n\n", "\n", 1),  # an escape line right after a game: the loop reads it
        ("", "\n", 0),  # no empty line: one block, split at its Board tags by the loop
    ],
)
def test_a_plain_game_ends_where_the_loop_ends_it(
    monkeypatch: pytest.MonkeyPatch, between: str, end: str, plain: int
) -> None:
    """A plain game ends at an empty line, a line of blanks or the text's end, as the loop
    ends it; where a line of another shape comes first, the loop reads the game."""
    from bridgescore.pbn import _lexer

    taken: list[bool] = []
    read = _lexer._Lexer.plain_game

    def counted(lexer: Any, pos: int, line: int) -> Any:
        found = read(lexer, pos, line)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(_lexer._Lexer, "plain_game", counted)
    games = [f'[Board "{b}"]\n[Contract "4S"]\n[ScoreTable "A;B"]\n1 2\n3 4' for b in (1, 2, 3)]
    text = between.join(game + "\n" for game in games)[:-1] + end
    read_back, lines = _games(text, True)
    assert taken.count(True) == plain
    assert [g.get("Board") for g in read_back] == ["1", "2", "3"]
    assert (read_back, lines) == _games(text, False)


def _deal(rng: random.Random) -> str:
    deck = [s + r for s in "SHDC" for r in RANKS]
    rng.shuffle(deck)
    hands = [deck[i * 13 : i * 13 + 13] for i in range(4)]
    return "N:" + " ".join(
        ".".join("".join(c[1] for c in sorted(h, key=lambda c: RANKS.index(c[1])) if c[0] == s)
                 for s in "SHDC")
        for h in hands
    )  # fmt: skip


CELLS = {  # each column's values as files write them, then values that are not read so
    "PairId_NS": (["1", "2", "3"], ["0", "x", "-"]),
    "PairId_EW": (["11", "12", "13"], ["1", "99999999999"]),
    "Contract": (["4S", "3NT", "2HX", "1NT", "6DXX", "4s", "7C"], ["Pass", "8S", "-", "50% 4SN="]),
    "Declarer": (["N", "E", "S", "W"], ["^S", "-", "Q"]),
    "Result": (["10", "9", "=", "8", "13", "7"], ["14", "-", "?", "+1"]),
    "Score_NS": (["420", "-", "-", "100"], ["^A+", "A+", "4x"]),
    "Score_EW": (["-"], ["^A-", "-420", "50"]),
    "Percentage_NS": (["50", "12.5"], ["^60"]),
    "Round": (["1", "2", "-"], ["x"]),
    "Table": (["1", "2", "-"], ["T3"]),
    "Version": (["-", "1", "2"], ["0"]),
    "Names_NS": (["Ann", "-", '"Ann & Bob"'], ['""']),
    "Names_EW": (["Cy", "-"], ["?"]),
    "Section": (["A", "-"], ["B"]),
}
TABLE_TAGS = {
    "Contract": (["4S", "3NT", "2HX", "1NT", "6DXX"], ["", "8S", "Pass"]),
    "Declarer": (["N", "E", "S", "W"], ["^S", "", "Q"]),
    "Result": (["10", "9", "7", "13"], ["14", "", "NS 9"]),
    "Score": (["", "NS 420"], ["NS ^A+ EW ^A-", "x", "-50", "EW 100"]),
}


def _cell(rng: random.Random, values: tuple[list[str], list[str]]) -> str:
    return rng.choice(values[1] if rng.random() < 0.03 else values[0])


def _row(rng: random.Random, columns: list[str], t: int) -> str:
    cells = {name: _cell(rng, values) for name, values in CELLS.items()}
    cells["PairId_NS"], cells["PairId_EW"] = (
        cells["PairId_NS"] + str(t),
        cells["PairId_EW"] + str(t),
    )
    if rng.random() < 0.05:
        cells["Contract"], cells["Score_NS"], cells["Score_EW"] = "-", "^A+", "^A-"
    return " ".join(cells[c] for c in columns)


def _score_tables(
    rng: random.Random, *, crlf: bool, extras: tuple[str, ...], games: int, rows: int = 5
) -> str:
    columns = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", *extras]
    out = ["% PBN 2.1", "% EXPORT"]
    for board in range(1, games + 1):
        out += [f'[Event "{rng.choice(["Club", "#", "##Cup"])}"]', f'[Board "{board}"]',
                f'[Dealer "{"NESW"[(board - 1) % 4]}"]', '[Vulnerable "None"]',
                f'[Deal "{_deal(rng)}"]', '[Scoring "MatchPoints"]',
                f'[ScoreTable "{";".join(columns)}"]']  # fmt: skip
        out += [_row(rng, columns, t) for t in range(1, rows + 1)]
        out.append("")
    eol = "\r\n" if crlf else "\n"
    return eol.join(out) + eol


def _table_games(rng: random.Random, *, crlf: bool, games: int) -> str:
    out = ["% PBN 2.1"]
    for i in range(games):
        board, t = i // 3 + 1, i % 3 + 1
        out += ['[Event "Club"]', f'[Board "{board}"]', f'[Deal "{_deal(rng)}"]',
                f'[PairNS "{t}"]', f'[PairEW "{t + 10}"]', f'[North "P{t}"]']  # fmt: skip
        out += [f'[{name} "{_cell(rng, values)}"]' for name, values in TABLE_TAGS.items()]
        if rng.random() < 0.8:
            out.append("")
    eol = "\r\n" if crlf else "\n"
    return eol.join(out) + eol


DAMAGE = ['"', "{", "}", "[", "]", ";", "%", "^", "\t", " ", "\n", "#", "x", "\\", "\f", "\n\n"]


@st.composite
def sessions(draw: st.DrawFn) -> str:
    """A generated session file, of either shape, damaged in a few places or not at all."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    crlf = draw(st.booleans())
    if draw(st.booleans()):
        extras = tuple(draw(st.lists(st.sampled_from(
            ["Score_NS", "Score_EW", "Percentage_NS", "Round", "Table", "Version", "Names_NS",
             "Names_EW", "Section"]), max_size=4, unique=True)))  # fmt: skip
        text = _score_tables(rng, crlf=crlf, extras=extras, games=draw(st.integers(1, 4)))
    else:
        text = _table_games(rng, crlf=crlf, games=draw(st.integers(1, 7)))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "line"]))
        if kind == "insert":
            text = text[:at] + draw(st.sampled_from(DAMAGE)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        else:  # a line dropped or repeated
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            repeat = draw(st.booleans())
            text = text[:start] + (text[start:end] * 2 if repeat else "") + text[end:]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_generated_and_damaged_files_read_alike(text: str) -> None:
    same_both_ways(text)
