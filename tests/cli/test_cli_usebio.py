"""``bridgescore session score FILE.xml`` and ``session export --format usebio|pbn|csv``, run as a
user runs them (a subprocess)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

from bridgescore import pbn, usebio
from tests.conftest import DATA, bridgescore_command

REAL = DATA / "real" / "usebio"
CROSS_IMPS = REAL / "compscore3_cross_imp_howell.xml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*bridgescore_command(), "session", *args], capture_output=True,
                          text=True, check=False)  # fmt: skip


def rankings(output: str) -> list[tuple[str, str, str, float, float | None]]:
    data = json.loads(output)
    rows = [row for s in data["sections"] for field in s["rankings"].values() for row in field]
    return [(row["rank"], row["pair"], row["names"], row["total"], row["percent"]) for row in rows]


def test_a_usebio_file_is_scored_as_a_pbn_one(tmp_path: Path) -> None:
    done = run("score", str(CROSS_IMPS), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["event"], data["date"], data["method"]) == (
        "Monday Night (2-Feb-26)",
        "2026.02.02",
        "cross-imps",
    )
    (section,) = data["sections"]
    first = section["rankings"]["all"][0]
    # The file's own winner: pair 2, FATMA AHMET & ..., 30.33 cross-IMPs.
    assert (first["rank"], first["pair"], first["total"]) == ("1", "2", 30.33)
    assert first["players"][0] == {"name": "FATMA AHMET", "number": "436291"}
    # Told by its content, whatever its name.
    renamed = tmp_path / "results.dat"
    renamed.write_bytes(CROSS_IMPS.read_bytes())
    again = run("score", str(renamed), "--json")
    assert again.returncode == 0, again.stderr
    assert rankings(again.stdout) == rankings(done.stdout)
    text = run("score", str(CROSS_IMPS))
    assert "Monday Night (2-Feb-26), 2026.02.02: cross-IMPs" in text.stdout


def test_export_pbn_to_usebio_and_back(tmp_path: Path) -> None:
    """PBN → USEBIO: the same rankings read from either; USEBIO → PBN and CSV too."""
    source = DATA / "howell.pbn"
    out = tmp_path / "howell.xml"
    done = run("export", str(source), "--format", "usebio", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Wrote {out}: 1 sections")
    written = usebio.read(out.read_bytes())
    assert written.program.startswith("bridgescore ")
    assert written.session.tags["Site"] == "Riverside Bridge Club"
    ours = rankings(run("score", str(out), "--json").stdout)
    assert ours == rankings(run("score", str(source), "--json").stdout)
    back = tmp_path / "back.pbn"
    assert run("export", str(out), "--format", "pbn", "-o", str(back)).returncode == 0
    assert pbn.read(pbn.decode(back.read_bytes())).scored()[0].rankings == written.session.scored(
        )[0].rankings  # fmt: skip
    table = tmp_path / "back.csv"
    assert run("export", str(out), "--format", "csv", "-o", str(table)).returncode == 0
    rows = list(csv.reader(io.StringIO(table.read_text())))
    assert rows[0] == ["section", "field", "rank", "pair", "names", "total", "percent", "boards"]
    assert rows[1][:4] == ["A", "all", *ours[0][:2]]


def test_a_hostile_file_is_refused_without_a_traceback(tmp_path: Path) -> None:
    evil = tmp_path / "evil.xml"
    evil.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY a "lol">]>\n'
                     b"<USEBIO>&a;</USEBIO>")  # fmt: skip
    done = run("score", str(evil))
    assert done.returncode == 2
    assert "evil.xml, line 2: the file declares an entity ('a')" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr
    bad = tmp_path / "bad.xml"
    bad.write_bytes(CROSS_IMPS.read_bytes().replace(b"<TRICKS>9</TRICKS>", b"<TRICKS>nine</TRICKS>",
                                                    1))  # fmt: skip
    done = run("export", str(bad), "--format", "usebio", "-o", str(tmp_path / "out.xml"))
    assert done.returncode == 2
    assert "TRICKS 'nine' is not a whole number from 0 to 13" in " ".join(done.stderr.split())
    assert not (tmp_path / "out.xml").exists()


def test_nz_scorer_files_are_scored_with_their_warnings() -> None:
    """NZ Scorer's files (pair numbers ``(A) 5 NS``, an ``NP`` line): scored, what was read
    otherwise said with the session's warnings; three sections ranked together are scored as one
    field."""
    done = run("score", str(REAL / "nzscorer_pairs_with_np_passed.xml"), "--json")
    assert done.returncode == 0, done.stderr
    warnings = [w for s in json.loads(done.stdout)["sections"] for w in s["warnings"]]
    assert any("BOARD 19, TRAVELLER_LINE 10" in w and "CONTRACT NP" in w for w in warnings)
    assert rankings(done.stdout)[0][4] == 64.1  # pair 5 NS: the file's 64.1 %
    done = run("score", str(REAL / "nzscorer_multi_section_multi_movement_pairs.xml"), "--json")
    assert done.returncode == 0, done.stderr
    percent = {(s["name"], row["pair"]): row["percent"] for s in json.loads(done.stdout)["sections"]
               for rows in s["rankings"].values() for row in rows}  # fmt: skip
    assert len(percent) == 66
    assert abs(percent[("C", "3")] - 59.8) <= 0.13  # the file's, one field of 33 tables
