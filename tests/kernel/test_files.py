"""bridgescore.files: a file is replaced whole or left as it was, with nothing left beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bridgescore import files
from bridgescore.files import Replacement, write_atomically


@pytest.fixture(params=["unnamed", "named"])
def temporary(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both kinds of temporary file: O_TMPFILE's (Linux) and a named ``.part`` file."""
    if request.param == "named":
        monkeypatch.setattr(files, "_O_TMPFILE", 0)
    else:
        assert files._O_TMPFILE, "Linux has O_TMPFILE"
    return str(request.param)


def test_a_new_file_gets_the_umask_mode(tmp_path: Path, temporary: str) -> None:
    target = tmp_path / "new.txt"
    write_atomically(target, b"data")
    assert target.read_bytes() == b"data"
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["new.txt"]


def test_a_replaced_file_keeps_its_mode(tmp_path: Path, temporary: str) -> None:
    target = tmp_path / "old.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640


def test_an_exception_leaves_the_old_file_and_nothing_else(tmp_path: Path, temporary: str) -> None:
    target = tmp_path / "old.txt"
    target.write_bytes(b"old")

    def write_half() -> None:
        with Replacement(target) as new:
            new.open().write(b"half")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_half()
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def test_a_failed_rename_leaves_the_old_file(
    tmp_path: Path, temporary: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "old.txt"
    target.write_bytes(b"old")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(PermissionError):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def test_the_data_is_on_the_disk_before_the_rename(
    tmp_path: Path, temporary: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def replace(*args: object, **kwargs: object) -> None:
        calls.append("replace")
        real_replace(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomically(tmp_path / "x", b"x")
    assert calls == ["fsync", "replace"]


def test_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "nowhere" / "x.txt", b"x")
