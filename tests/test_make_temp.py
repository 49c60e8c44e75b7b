"""files.make_temp: the temporary file every output and manifest is written through, made as
tempfile.mkstemp makes one (without importing tempfile, which cost a small conversion 4% of its start-up)."""

from __future__ import annotations

import os
import stat

import pytest

from zenconv import files
from zenconv.files import atomic_write, make_temp

from .conftest import imported_by_a_conversion


def test_a_temporary_is_new_private_and_named_as_asked(tmp_path):
    fd, name = make_temp(tmp_path, ".out.md.123.", ".zenconv-tmp")
    try:
        assert os.path.isabs(name) and os.path.dirname(name) == str(tmp_path)
        base = os.path.basename(name)
        assert base.startswith(".out.md.123.") and base.endswith(".zenconv-tmp")
        assert len(base) == len(".out.md.123.") + 8 + len(".zenconv-tmp")
        assert stat.S_IMODE(os.fstat(fd).st_mode) == 0o600
        assert not os.get_inheritable(fd)
    finally:
        os.close(fd)


def test_a_name_taken_by_a_file_or_a_symlink_is_passed_over_never_opened(tmp_path, monkeypatch):
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    (tmp_path / "p.aaaaaaaa.s").symlink_to(victim)  # what an attacker who guessed the name would plant
    (tmp_path / "p.bbbbbbbb.s").write_bytes(b"taken")
    draws = iter([bytes.fromhex("aaaaaaaa"), bytes.fromhex("bbbbbbbb"), bytes.fromhex("cccccccc")])
    monkeypatch.setattr(files.os, "urandom", lambda n: next(draws))
    fd, name = make_temp(tmp_path, "p.", ".s")
    os.close(fd)
    assert os.path.basename(name) == "p.cccccccc.s"
    assert victim.read_bytes() == b"keep" and (tmp_path / "p.bbbbbbbb.s").read_bytes() == b"taken"


def test_every_name_taken_is_an_error_not_a_loop(tmp_path, monkeypatch):
    (tmp_path / "p.aaaaaaaa.s").write_bytes(b"")
    monkeypatch.setattr(files.os, "urandom", lambda n: bytes.fromhex("aaaaaaaa"))
    monkeypatch.setattr(files, "_TEMP_TRIES", 5)
    with pytest.raises(FileExistsError):
        make_temp(tmp_path, "p.", ".s")


def test_atomic_write_leaves_only_the_file(tmp_path):
    atomic_write(tmp_path / "m.json", b"{}")
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]
    assert (tmp_path / "m.json").read_bytes() == b"{}"


def test_a_conversion_to_a_file_imports_none_of_what_it_does_not_use(tmp_path):
    """What a small conversion's start-up no longer pays for: tempfile (with shutil, random and the
    compressors), imported now only by the paths that use it (stdout, a spilling table, a killed child)."""
    assert imported_by_a_conversion(tmp_path, ("tempfile", "shutil", "random", "bz2", "lzma")) == []
