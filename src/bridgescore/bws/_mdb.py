"""The tables of an Access database read through Debian's ``mdbtools`` (``mdb-tables``,
``mdb-export``), each run as a subprocess within :class:`BwsLimits`: the file's size is checked
before anything reads it, each run has a deadline, a cap on what it may print and one on its
memory, and each table a cap on its rows. What goes wrong is a
:class:`~bridgescore.errors.BwsError` naming the file and what is wrong; nothing waits longer
than the deadline or holds more than the caps."""

from __future__ import annotations

import csv
import io
import os
import selectors
import shutil
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bridgescore.errors import BwsError

__all__ = ["BwsLimits", "Tables", "read_tables"]

Tables = Mapping[str, list[dict[str, str]]]
"""Each table read: its rows, each a mapping of column to text (``''`` for NULL)."""

_DATETIME: Final = "%Y-%m-%d %H:%M:%S"
"""How dates and times are exported: sorted as text, they sort in time."""
_JET: Final = (b"Standard Jet DB\x00", b"Standard ACE DB\x00")
"""What an Access file says at byte 4 (Jet 3 and 4; ACE, Access 2007 on)."""


@dataclass(frozen=True, slots=True)
class BwsLimits:
    """How much a ``.bws`` may make the reader do. A club's file is well under a megabyte
    (288 results: 188 kB); the defaults leave room for a congress of several sections."""

    size: int = 32 * 1024 * 1024
    """The largest file read, in bytes (checked before mdbtools opens it)."""
    seconds: float = 20.0
    """The deadline of each mdbtools run."""
    output: int = 16 * 1024 * 1024
    """The most bytes one run may print (its standard output and its errors each)."""
    rows: int = 50_000
    """The most rows read of one table."""
    memory: int = 512 * 1024 * 1024
    """The most memory (address space) one mdbtools run may take, in bytes, set with
    util-linux's ``prlimit`` (Essential in Debian; where it is missing, not bounded)."""


def _run(args: Sequence[str], limits: BwsLimits, source: str, what: str) -> str:
    """What ``args`` print, run within the limits (``what`` they read: ``table Section``).

    :raises BwsError: if the tool is missing, fails, runs past the deadline or prints too much.
    """
    tool = shutil.which(args[0])
    if tool is None:
        raise BwsError(
            f"{args[0]} is not installed: a .bws file is read with mdbtools (Debian's package "
            "mdbtools: apt-get install mdbtools)",
            source=source, field="file",
        )  # fmt: skip
    bound = shutil.which("prlimit")
    command = [tool, *args[1:]]
    if bound is not None:
        command = [bound, f"--as={limits.memory}", "--", *command]
    proc = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "LC_ALL": "C.UTF-8", "MDB_JET3_CHARSET": "cp1252"},
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    fds = (proc.stdout.fileno(), proc.stderr.fileno())
    out: dict[int, bytearray] = {fd: bytearray() for fd in fds}
    deadline = time.monotonic() + limits.seconds
    problem = ""
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        selector.register(proc.stderr, selectors.EVENT_READ)
        while selector.get_map() and not problem:
            left = deadline - time.monotonic()
            if left <= 0:
                problem = f"mdbtools took more than {limits.seconds:g} s"
                break
            for key, _ in selector.select(left):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                out[key.fd] += chunk
                if len(out[key.fd]) > limits.output:
                    problem = f"mdbtools printed more than {limits.output} bytes"
    if not problem:  # its output closed: it has the rest of the deadline to exit
        try:
            proc.wait(max(deadline - time.monotonic(), 0.001))
        except subprocess.TimeoutExpired:
            problem = f"mdbtools took more than {limits.seconds:g} s"
    if problem:
        proc.kill()
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    if problem:
        raise BwsError(f"{problem} reading {what}: the database is too large or damaged",
                       source=source, field="file", value=what)  # fmt: skip
    stdout, stderr = bytes(out[fds[0]]), bytes(out[fds[1]])
    if proc.returncode != 0:
        said = stderr.decode("utf-8", "replace").strip().splitlines()
        raise BwsError(
            f"mdbtools could not read {what}"
            + (f": {said[0][:200]}" if said else f" (exit status {proc.returncode})"),
            source=source, field="file", value=what,
        )  # fmt: skip
    return stdout.decode("utf-8", "replace")


def _opened(path: Path, limits: BwsLimits, source: str) -> None:
    """Refuse a file too large, or not an Access database, before mdbtools opens it."""
    try:
        size = path.stat().st_size
        with path.open("rb") as file:
            head = file.read(20)
    except OSError as exc:
        raise BwsError(f"cannot be read: {exc.strerror}", source=source, field="file") from exc
    if size > limits.size:
        raise BwsError(f"{size} bytes, more than the {limits.size} a .bws file may have",
                       source=source, field="file", value=size)  # fmt: skip
    if head[4:20] not in _JET:
        raise BwsError("not an Access database (a .bws file starts with 'Standard Jet DB')",
                       source=source, field="file", value=head[:20])  # fmt: skip


def read_tables(path: Path, wanted: Sequence[str], limits: BwsLimits, source: str) -> Tables:
    """The rows of each table of ``wanted`` that the database has (a table it lacks is left
    out), read within ``limits``.

    :raises BwsError: naming the file and what is wrong: too large, not an Access database,
        unreadable by mdbtools, too slow, too much output, too many rows.
    """
    _opened(path, limits, source)
    where = str(path.resolve())  # absolute: a name starting with '-' is not an option
    listed = _run(["mdb-tables", "-1", where], limits, source, "its list of tables")
    names = set(listed.splitlines())
    tables: dict[str, list[dict[str, str]]] = {}
    for table in wanted:
        if table not in names:
            continue
        args = ["mdb-export", "-b", "strip", "-D", _DATETIME, "-T", _DATETIME, where, table]
        text = _run(args, limits, source, f"table {table}")
        try:
            rows = _rows(text, table, limits, source)
        except csv.Error as exc:
            raise BwsError(f"mdbtools wrote rows that are not CSV: {exc}", source=source,
                           where=table, field="file") from exc  # fmt: skip
        tables[table] = rows
    return tables


def _rows(text: str, table: str, limits: BwsLimits, source: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader, [])
    for row in reader:
        if len(rows) >= limits.rows:
            raise BwsError(f"table {table} has more than {limits.rows} rows",
                           source=source, field="file", value=table)  # fmt: skip
        if len(row) != len(header):
            raise BwsError(
                f"row {len(rows) + 1} has {len(row)} columns, its header {len(header)}",
                source=source, where=table, field="file", value=len(row),
            )  # fmt: skip
        rows.append(dict(zip(header, row, strict=True)))
    return rows
