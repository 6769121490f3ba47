"""Fuzzing the PBN reader and writer: only BridgeError escapes, nothing is slow, and whatever
``pbn.write`` writes ``pbn.read`` reads back (PBN 2.1 §3.7: control characters are refused)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, PbnError, Result, Side
from bridgescore.duplicate.session import BoardResult, Pair, Section, Session
from bridgescore.pbn import read, read_games, read_matches, write
from tests.conftest import DATA

FILES = sorted(p for p in DATA.rglob("*.pbn") if p.stat().st_size < 40_000)
TEXTS = [p.read_bytes().decode("latin-1") for p in FILES]
LIMIT = 0.1  # seconds for any input up to 10 kB
WORST: dict[str, float] = {}


def timed(name: str, function: Callable[[str], Any], text: str) -> None:
    """Call ``function``; only a BridgeError may escape, and not slowly (the best of three
    tries when the first is slow: the machine is shared, a pause is not the parser's)."""
    limit = LIMIT * max(1, len(text) / 10_000)
    took = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(BridgeError):
            function(text)
        took = min(took, time.perf_counter() - start)
        if took < limit:
            break
    key = f"{name} {'<= 10 kB' if len(text) <= 10_000 else '> 10 kB'}"
    WORST[key] = max(WORST.get(key, 0.0), took)
    assert took < limit, (name, len(text), took)


def every_reader(text: str) -> None:
    for function in (read_games, read, read_matches):
        timed(function.__name__, function, text)


@settings(max_examples=150, deadline=2000)
@given(st.text(max_size=10_000))
def test_any_text(text: str) -> None:
    every_reader(text)


@st.composite
def mutations(draw: st.DrawFn) -> str:
    """A test data file with a few characters changed, deleted, inserted or repeated."""
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "replace", "repeat"]))
        piece = draw(st.text(alphabet='[]{};"%#^\\\n 0123456789ANSEW+-?', min_size=1, max_size=8))
        if kind == "delete":
            text = text[:at] + text[at + len(piece) :]
        elif kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "replace":
            text = text[:at] + piece + text[at + len(piece) :]
        else:
            text = text[:at] + text[at : at + 40] * draw(st.integers(2, 20)) + text[at:]
    return text


@settings(max_examples=150, deadline=3000, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_mutated_data_files(text: str) -> None:
    every_reader(text)


N = 10_000
ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "long tag value": lambda n: '[Event "' + "x" * n + '"][Board "1"]',
    "unterminated value": lambda n: '[Event "' + "x\\" * (n // 2),
    "10,000 { comments": lambda n: "{" * n,
    "10,000 {} comments": lambda n: '[Board "1"]' + "{}" * n,
    "10,000 ; lines": lambda n: '[Board "1"]\n' + ";\n" * n,
    "deep [": lambda n: "[" * n,
    "deep [ with names": lambda n: "[a " * n,
    "row of 10,000 tokens": lambda n: '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;'
    'Declarer;Result"]\n' + " ".join(["1", "1", "4S", "N", "10"] * (n // 5)),
    "row of 10,000 bad tokens": lambda n: '[Board "1"]\n[ScoreTable "A;B;C"]\n' + "x " * (n + 1),
    "column with spaces": lambda n: '[Board "1"]\n[ScoreTable "a' + " " * n + '\\x"]\n1',
    "10,000 columns": lambda n: '[Board "1"]\n[ScoreTable "' + ";".join(["c"] * n) + '"]\n',
    "long Score": lambda n: '[Board "1"][PairNS "1"][PairEW "1"][Contract "4S"][Declarer "N"]'
    '[Result "10"][Score "NS ' + " " * n + 'x"]',
    "long Scoring": lambda n: '[Scoring "' + ";".join(["MP"] * (n // 3)) + '"][Board "1"]',
    "10,000 Board tags, no empty line": lambda n: '[Event "E"]' * (n // 20) + '[Board "1"]' * n,
    "1,000 split games": lambda n: '[Event "E"][Board "1"][Contract "Pass"]' * (n // 10),
    "1,000 named pairs": lambda n: "".join(
        f'[Board "1"][North "n{i}"][South "s{i}"][East "e{i}"][West "w{i}"][Contract "4S"]'
        f'[Declarer "N"][Result "10"]\n\n' for i in range(n // 10)),
}  # fmt: skip


def took(function: Callable[[str], Any], text: str) -> float:
    start = time.perf_counter()
    with contextlib.suppress(BridgeError):
        function(text)
    return time.perf_counter() - start


@pytest.mark.parametrize("make", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_adversarial_shapes(make: Callable[[int], str]) -> None:
    """Each shape is read (or refused) in linear time: four times the input (``N/2`` and
    ``2N``) takes well under ten times as long (a quadratic reader takes sixteen), and never
    long; tried again up to twice (a shared machine pauses, the parser does not)."""
    small_text, large_text = make(N // 2), make(2 * N)
    for function in (read_games, read, read_matches):
        for _ in range(3):
            small, large = took(function, small_text), took(function, large_text)
            if large < 10 * small + 0.05 and large < 3.0:
                break
        assert large < 10 * small + 0.05, (function.__name__, small, large)
        assert large < 3.0, (function.__name__, small, large)


NAMES = st.text(max_size=30)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A session whose event, section and pair names are arbitrary Unicode."""
    sections = []
    for name in draw(st.lists(NAMES, min_size=1, max_size=3, unique_by=str.strip)):
        movement = draw(st.sampled_from(["mitchell", "howell"]))
        side = Side.NS if movement == "mitchell" else None
        pairs = [Pair(n, side, draw(NAMES)) for n in range(1, draw(st.integers(0, 3)) + 1)]
        results = [BoardResult(b, 1, 2, Result.parse("3NTN=")) for b in range(1, draw(
            st.integers(0, 2)) + 1)]  # fmt: skip
        sections.append(Section(name, movement, pairs, results=results))  # type: ignore[arg-type]
    return Session(tuple(sections), event=draw(NAMES), date=draw(NAMES))


@settings(max_examples=200, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.sampled_from(["board", "table"]))
def test_write_is_read_back_or_refused(session: Session, per: str) -> None:
    try:
        text = write(session, per=per)  # type: ignore[arg-type]
    except PbnError as exc:
        refused: PbnError | None = exc
    else:
        refused = None
        assert read(text) == session
    assert refused is None or refused.field is not None


def test_worst_times_are_reported() -> None:
    """Not a check of its own: prints the worst times of the tests above (run with -s)."""
    print({name: f"{1000 * t:.1f} ms" for name, t in sorted(WORST.items())})
    assert all(t < LIMIT for name, t in WORST.items() if "<=" in name)
