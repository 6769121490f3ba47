"""Part (u) of `make bench`: reading and writing USEBIO.

``bridgescore.usebio.read`` on the real files of ``tests/data/real/usebio/`` (Compscore3 and
ScoreBridge), against the two peers in the same run: the standard library's bare
``xml.etree.ElementTree.fromstring`` of the same bytes (parsing only: no checks, no session,
and no defence against entities), and bridgescore's PBN reader of the same session (what a
USEBIO file replaces). Then ``read`` and ``write`` at growing sizes: linear time means the time
a traveller line stays flat.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from timing import median_seconds, table

from bridgescore import pbn, usebio
from bridgescore.duplicate.session import BoardResult, Section, Session
from bridgescore.model import Result

REAL = Path(__file__).resolve().parent.parent / "tests" / "data" / "real" / "usebio"


def _session(lines: int) -> Session:
    """A Mitchell of 500 boards at most, each played at every table: ``lines`` results."""
    tables = max(10, lines // 500)
    results = [BoardResult(n // tables + 1, n % tables + 1, (n % tables + n // tables) % tables + 1,
                           Result.parse(("4SN=", "4SN+1", "3NTS-1", "2HE=")[n % 4]), lead="HK")
               for n in range(lines)]  # fmt: skip
    return Session((Section("A", "mitchell", results=results),), event="Bench")


def run(quick: bool) -> None:
    repeats = 3 if quick else 7
    rows = []
    for path in sorted(REAL.glob("*.xml")):
        data = path.read_bytes()
        found = usebio.read(data)
        lines = sum(len(s.results) for s in found.session.sections)
        text = pbn.write(found.session)
        ours = median_seconds(lambda d=data: usebio.read(d), repeats)
        bare = median_seconds(lambda d=data: ET.fromstring(d), repeats)
        as_pbn = median_seconds(lambda t=text: pbn.read(t), repeats)
        ms = [f"{x * 1e3:.2f}" for x in (ours, bare, as_pbn)]
        rows.append([path.stem, lines, ms[0], ms[1], f"{ours / bare:.1f}x", ms[2],
                     f"{ours / as_pbn:.2f}x"])  # fmt: skip
    table("(u) USEBIO read: real files (ms; ratios: ours over the peer, lower is better)",
          ["file", "lines", "usebio.read", "ET.fromstring", "ratio", "pbn.read", "ratio"],
          rows)  # fmt: skip
    rows = []
    for lines in [1_000, 10_000] if quick else [1_000, 10_000, 50_000]:
        session = _session(lines)
        data = usebio.write(session)
        write_s = median_seconds(lambda s=session: usebio.write(s), repeats)
        read_s = median_seconds(lambda d=data: usebio.read(d), repeats)
        rows.append([lines, len(data), f"{write_s * 1e6 / lines:.1f}",
                     f"{read_s * 1e6 / lines:.1f}"])  # fmt: skip
    table("(u) USEBIO at growing sizes (µs a traveller line: flat means linear)",
          ["lines", "bytes", "write", "read"], rows)  # fmt: skip
