"""Part (f) of `make bench`: parsers on hostile input.

Every parser of untrusted text must read or refuse any input up to 10 kB in under 10 ms. This
part times the notation parser (``Result.parse``, which `POST /api/score`, ``GET /?r=``, a PBN
``Contract`` tag and a batch CSV cell all reach) on the family that froze the server before it
was rewritten (``'4H'``, n spaces, ``'!'``) and on other shapes a backtracking pattern chokes
on, and prints the worst time at each size. The peer is the pattern it replaced (this project's
own, version 0.1.0 before the fix), timed on the same inputs as far as it finishes in seconds.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable

from timing import table

from bridgescore import BridgeError, Result, pbn

OLD_PATTERN = re.compile(
    r"""
    \s* (?P<level>[0-9]) \s*
    (?P<strain>NT|N|C|D|H|S|♣|♦|♥|♠|♧|♢|♡|♤) \s*
    (?P<doubling>X{0,2}) \s*
    (?P<declarer>[NESW])? \s*
    (?P<doubling2>X{1,2})? \s*
    (?P<outcome>= | [+\-−] \s* [0-9]{1,2} | (?<=\s)[0-9]{1,2})? \s*
    """,
    re.VERBOSE | re.IGNORECASE | re.ASCII,
)
"""The notation pattern of bridgescore 0.1.0 before the fix: adjacent ``\\s*`` around optional
groups, so a failing match tries every way of splitting a run of spaces among them."""


def family(n: int) -> dict[str, str]:
    return {
        "4H + n spaces + !": "4H" + " " * n + "!",
        "spaces between every token": "4" + " " * n + "H" + " " * n + "X" + " " * n + "!",
        "4HX + ' S' * n/2 + !": "4HX" + " S" * (n // 2) + "!",
        "digits": "1" * n,
        "PBN Contract tag": f'[Board "1"][Contract "4H{" " * n}!"][Declarer "S"][Result "9"]',
    }


def worst(parse: Callable[[str], object], text: str, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        with contextlib.suppress(BridgeError):
            parse(text)
        best = min(best, time.perf_counter() - start)
    return best


def run(quick: bool) -> dict[str, float]:
    sizes = [10, 100, 1_000, 10_000]
    rows = []
    overall = 0.0
    for n in sizes:
        for name, text in family(n).items():
            parse: Callable[[str], object] = pbn.read if name.startswith("PBN") else Result.parse
            t = worst(parse, text)
            overall = max(overall, t)
            rows.append([name, f"{len(text):,}", f"{t * 1e3:.3f} ms"])
    table(
        "(f) Parsers on hostile input: best of 3 runs, every input read or refused",
        ["input", "characters", "time"],
        rows,
    )
    old_rows = []
    for n in (10, 20, 40) if quick else (10, 25, 50, 75, 100):
        text = "4H" + " " * n + "!"
        old = worst(OLD_PATTERN.fullmatch, text, repeats=1)
        new = worst(Result.parse, text)
        old_rows.append([f"4H + {n} spaces + !", f"{old * 1e3:.2f} ms", f"{new * 1e3:.3f} ms",
                         f"{old / new:,.0f}x"])  # fmt: skip
    table(
        "(f) The family against the pattern it replaced (which grows as about n**5)",
        ["input", "old pattern", "Result.parse", "ratio"],
        old_rows,
    )
    print(f"Worst time over every input up to 10 kB: {overall * 1e3:.3f} ms (aim: under 10 ms)")
    return {"worst": overall}
