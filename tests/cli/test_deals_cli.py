"""``bridgescore deal``, ``deals convert`` and ``deals verify``, run as a user runs them."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import subprocess
from pathlib import Path

import bridgescore
from bridgescore.deals import deal_set, read
from tests.conftest import bridgescore_command

REAL = Path(__file__).parents[1] / "data" / "real" / "deal-convert"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``bridgescore ARGS`` in ``cwd``, importing the bridgescore these tests import (a
    relative PYTHONPATH would not reach it from there)."""
    here = str(Path(bridgescore.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([here, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([*bridgescore_command(), *args], capture_output=True, text=True,
                          check=False, cwd=cwd, env=env)  # fmt: skip


def test_deal_prints_the_commitment_and_the_seed(tmp_path: Path) -> None:
    done = run("deal", "--boards", "1-36", "-o", "set.pbn", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    m = re.search(r"Commitment \(publish it before play\): ([0-9a-f]{64})\n", done.stdout)
    s = re.search(r"Seed \(keep it secret until after play\): ([0-9a-f]{64})\n", done.stdout)
    assert m, done.stdout
    assert s, done.stdout
    assert hashlib.sha256(bytes.fromhex(s[1])).hexdigest() == m[1]
    assert "Dealt boards 1-36 to set.pbn (PBN)." in done.stdout
    boards = read(tmp_path / "set.pbn")
    assert boards == deal_set("1-36", seed=s[1]).boards
    again = run("deals", "verify", "set.pbn", "--seed", s[1], "--commitment", m[1], cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Verified: boards 1-36 of set.pbn" in again.stdout


def test_deal_from_a_given_seed_to_a_seed_file(tmp_path: Path) -> None:
    seed = "3c" * 32
    done = run("deal", "--boards", "1-16,33-48", "-o", "set.pbn", "--seed", seed, "--json",
               cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == {"file": "set.pbn", "boards": [*range(1, 17), *range(33, 49)],
                      "commitment": hashlib.sha256(bytes.fromhex(seed)).hexdigest()}  # fmt: skip
    assert read(tmp_path / "set.pbn") == deal_set("1-16,33-48", seed=seed).boards
    done = run("deal", "--boards", "1-16,33-48", "-o", "set.dup", cwd=tmp_path)
    assert done.returncode == 2
    assert "board 33: a .dup file holds boards numbered one after another" in done.stderr
    assert not (tmp_path / "set.dup").exists()
    done = run("deal", "--boards", "1-16", "-o", "set.dup", "--seed-file", "set.seed",
               cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Seed written to set.seed" in done.stdout
    assert "Seed (keep" not in done.stdout
    kept = (tmp_path / "set.seed").read_text().strip()
    assert stat.S_IMODE(os.stat(tmp_path / "set.seed").st_mode) == 0o600
    assert read(tmp_path / "set.dup") == deal_set("1-16", seed=kept).boards
    twice = run("deal", "--boards", "1", "-o", "other.pbn", "--seed-file", "set.seed",
                cwd=tmp_path)  # fmt: skip
    assert twice.returncode == 2
    assert "never overwritten" in twice.stderr
    assert (tmp_path / "set.seed").read_text().strip() == kept
    assert not (tmp_path / "other.pbn").exists()


def test_deal_refuses_bad_options(tmp_path: Path) -> None:
    for args, message in [
        (("--boards", "9-1"), "runs backwards"),
        (("--boards", "1-4", "--seed", "abcd"), "16 to 1024 bytes"),
        (("--boards", "1-4", "--seed", "xyz"), "hex digits"),
    ]:
        done = run("deal", *args, "-o", "set.pbn", cwd=tmp_path)
        assert done.returncode == 2, (args, done.stdout)
        assert message in done.stderr, (args, done.stderr)
    done = run("deal", "--boards", "1-2", "-o", "set.txt", cwd=tmp_path)
    assert done.returncode == 2
    assert "'.txt' is not a deal file format" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_verify_says_what_does_not_match(tmp_path: Path) -> None:
    s = deal_set("1-4", seed="42" * 16)
    # four boards that are not the seed's: deal-convert's first four
    (tmp_path / "set.bri").write_bytes((REAL / "test.bri").read_bytes()[:512])
    done = run("deals", "verify", "set.bri", "--seed", "42" * 16, "--commitment",
               s.commitment, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1
    assert "Not verified: board 1 is not the one the seed deals" in done.stderr
    done = run("deals", "verify", "set.bri", "--seed", "43" * 16, "--commitment",
               s.commitment, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1
    assert "does not hash to the commitment" in done.stderr


def test_convert_several_files_into_one(tmp_path: Path) -> None:
    pbn = (REAL / "test.pbn").read_bytes()
    games = pbn.split(b"\r\n\r\n")
    (tmp_path / "a.pbn").write_bytes(b"\r\n\r\n".join(games[:8]) + b"\r\n\r\n")
    (tmp_path / "b.pbn").write_bytes(b"\r\n\r\n".join(games[6:]))
    done = run("deals", "convert", "a.pbn", "b.pbn", "-o", "all.dup", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Wrote boards 1-16 from 2 files to all.dup (Duplimate)." in done.stdout
    assert "Note: in all.dup, the other tags (Ability, Event, Minimax" in done.stderr
    assert (tmp_path / "all.dup").read_bytes() == (REAL / "test.dup").read_bytes()
    for ext in (".dlm", ".bri", ".dge", ".pbn"):
        done = run("deals", "convert", str(REAL / "test.dup"), "-o", f"x{ext}", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert read(tmp_path / f"x{ext}") == read(REAL / "test.dup")


def test_convert_refuses_a_malformed_file_naming_the_board_and_byte(tmp_path: Path) -> None:
    data = bytearray((REAL / "test.bri").read_bytes())
    data[262:264] = b"53"
    (tmp_path / "bad.bri").write_bytes(bytes(data))
    done = run("deals", "convert", "bad.bri", "-o", "out.pbn", cwd=tmp_path)
    assert done.returncode == 2
    assert "bad.bri, board 3, byte 262: '53' is not a card" in done.stderr
    assert not (tmp_path / "out.pbn").exists()
    (tmp_path / "other.pbn").write_bytes(
        b'[Board "2"][Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]'
    )
    done = run("deals", "convert", str(REAL / "test.dge"), "other.pbn", "-o", "o.pbn",
               cwd=tmp_path)  # fmt: skip
    assert done.returncode == 2
    assert "other.pbn, board 2: board 2 has another deal in" in done.stderr
