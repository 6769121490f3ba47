"""Files written whole or not at all: a new file replaces the old one only once it is complete.

Every writer of a file the user names (``bridgescore session export``, ``bridgescore analyse``,
``bridgescore batch score`` and ``analyse``) writes through :class:`Replacement`: the bytes go to
a temporary file beside the target, which is flushed to the disk and then renamed over it, so a
bad row, an exception, a full disk or a killed process never leaves a half-written file, and
the old file stays as it was until the new one is ready. The new file keeps the old one's
permission bits (a file made new gets the umask's).

Where the system allows it (Linux, ``O_TMPFILE``, a file system that supports it and
``/proc``), the temporary file has no name while it is written, so a killed process leaves
nothing: :meth:`Replacement.commit` links it as ``.NAME.PID-RANDOM.part`` and renames that over
the target at once. Elsewhere the file has that name from the start; each new replacement of a
target first removes the ``.part`` files of it whose process no longer runs (on POSIX systems),
so a crash leaves one at most until the next run.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     target = Path(folder) / "scores.txt"
...     write_atomically(target, b"old")
...     with Replacement(target) as new:
...         _ = new.open().write(b"new")
...         before = target.read_bytes()  # not replaced yet
...     print(before, target.read_bytes(), sorted(p.name for p in Path(folder).iterdir()))
b'old' b'new' ['scores.txt']
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import IO

__all__ = ["Replacement", "write_atomically"]

_O_TMPFILE: int = getattr(os, "O_TMPFILE", 0)
"""Linux's flag for an unnamed file (0 elsewhere; a test sets it to 0 to try the fallback)."""


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as the file ``path``, replacing it whole (see the module's text).

    :raises OSError: if the folder cannot be written; ``path`` is then as it was.
    """
    with Replacement(path) as new:
        new.open().write(data)


class Replacement:
    """The file that replaces ``target`` when :meth:`commit` is called (or the ``with`` block
    ends without an exception); :meth:`discard` (or an exception) leaves ``target`` alone and
    removes the temporary file.
    """

    def __init__(self, target: Path) -> None:
        self.folder = target.resolve().parent
        self.name = target.name
        self.path: Path | None = None
        """The file's name while it is written, or None while it has none."""
        self.file: IO[bytes] | None = None
        _remove_stale(self.folder, self.name)

    def __enter__(self) -> Replacement:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    def open(self) -> IO[bytes]:
        """The file to write, created on the first call.

        :raises OSError: if it cannot be created.
        """
        if self.file is not None:
            return self.file
        fd = -1
        if _O_TMPFILE:
            try:
                fd = os.open(self.folder, _O_TMPFILE | os.O_WRONLY, 0o666)
            except OSError:  # not on this file system
                fd = -1
            if fd >= 0 and not os.path.exists(f"/proc/self/fd/{fd}"):  # no /proc to link it
                os.close(fd)
                fd = -1
        if fd < 0:
            self.path = self.folder / _part_name(self.name)
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except OSError:
                self.path = None
                raise
        self.file = os.fdopen(fd, "wb")
        return self.file

    def commit(self) -> None:
        """Give the written file the target's name, replacing any file there.

        :raises OSError: if it cannot be written or renamed; the target is then as it was.
        """
        file = self.open()
        try:
            file.flush()
            os.fchmod(file.fileno(), _mode(self.folder / self.name))
            os.fsync(file.fileno())
            if self.path is None:
                folder = os.open(self.folder, os.O_RDONLY)
                try:
                    part = _part_name(self.name)
                    # dst_dir_fd makes it linkat(..., AT_SYMLINK_FOLLOW): the file, not the link.
                    os.link(f"/proc/self/fd/{file.fileno()}", part, dst_dir_fd=folder)
                    try:
                        os.replace(part, self.name, src_dir_fd=folder, dst_dir_fd=folder)
                    except OSError:
                        os.unlink(part, dir_fd=folder)
                        raise
                finally:
                    os.close(folder)
            else:
                os.replace(self.path, self.folder / self.name)
                self.path = None
        finally:
            self.discard()

    def discard(self) -> None:
        """Close the file and remove it if it has a name (after :meth:`commit`, do nothing)."""
        if self.file is not None:
            with contextlib.suppress(OSError):  # the error on its way out matters more
                self.file.close()
            self.file = None
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None


def _mode(path: Path) -> int:
    """The mode the written file should have: the old file's, else the umask's default."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _part_name(name: str) -> str:
    return f".{name}.{os.getpid()}-{secrets.token_hex(4)}.part"


def _remove_stale(folder: Path, name: str) -> None:
    """Remove the ``.part`` files of ``name`` left by processes that no longer run."""
    if os.name != "posix":  # no cheap, harmless way to ask whether a process runs
        return
    prefix, suffix = f".{name}.", ".part"
    try:
        entries = list(os.scandir(folder))
    except OSError:  # a folder that cannot be listed: creating the file will say what is wrong
        return
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(suffix)):
            continue
        middle = entry.name[len(prefix) : -len(suffix)]
        pid, dash, token = middle.partition("-")
        if not (dash and pid.isascii() and pid.isdigit() and len(pid) < 12 and len(token) == 8):
            continue
        if int(pid) != os.getpid() and not _runs(int(pid)):
            with contextlib.suppress(OSError):  # removed by another run, or not ours to remove
                Path(entry.path).unlink(missing_ok=True)


def _runs(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True
