"""A run that cannot write ends as host.output-unwritable (exit 1): with a manifest where one can be
written, else one `zenconv: …` line on stderr; never a traceback, never an output left undescribed."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


def assert_one_line_refusal(done, *needles: str, code: int = 1) -> str:
    err = done.stderr.decode()
    assert done.returncode == code, err
    assert "Traceback" not in err
    assert err.startswith("zenconv: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, err
    return err


def test_an_output_name_too_long_is_refused_in_one_line(tmp_path):
    done = run_cli(str(SAMPLE), "-o", str(tmp_path / ("a" * 300 + ".md")), "-q")
    assert_one_line_refusal(done, "unreadable (host.output-unwritable)", "ENAMETOOLONG")
    assert list(tmp_path.iterdir()) == []


def test_an_output_placed_whose_manifest_name_is_too_long_is_removed(tmp_path):
    out = tmp_path / ("b" * 245 + ".md")  # the output fits NAME_MAX, OUT.manifest.json does not
    done = run_cli(str(SAMPLE), "-o", str(out))
    assert_one_line_refusal(done, "unreadable (host.output-unwritable)", "manifest.json: ENAMETOOLONG")
    assert list(tmp_path.iterdir()) == []  # no output stands without its manifest


def test_an_output_folder_that_cannot_be_created_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run_cli(str(SAMPLE), "-o", str(blocker / "sub" / "out.md"))
    assert_one_line_refusal(done, "cannot create the folder", "ENOTDIR")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.csv").write_bytes(SAMPLE.read_bytes())
    done = run_cli(str(folder), "-o", str(blocker / "batch"))
    assert_one_line_refusal(done, "cannot create the output folder", "ENOTDIR", code=4)  # the run's failure


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_standard_output_is_a_coded_refusal_with_its_manifest(tmp_path):
    manifest = tmp_path / "m.json"
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "zenconv", str(SAMPLE), "--manifest", str(manifest)],
                              stdout=full, stderr=subprocess.PIPE,
                              env={k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"})
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err and "Exception ignored" not in err, err
    assert "ENOSPC" in err
    data = json.loads(manifest.read_text())
    assert data["reasons"] == ["host.output-unwritable"] and "output" not in data


@contextlib.contextmanager
def tmpfs(path: Path, options: str):
    """A small tmpfs mounted at ``path`` (root only; skipped where mounting is not allowed)."""
    path.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", str(path)], check=False)


def test_a_full_disk_is_a_coded_refusal_and_the_manifest_says_so(tmp_path):
    big = tmp_path / "big.csv"
    big.write_text("a,b\n" + "".join(f"{i},{'x' * 50}\n" for i in range(5000)))
    with tmpfs(tmp_path / "small", "size=64k") as folder:
        done = run_cli(str(big), "-o", str(folder / "big.md"))
        assert_one_line_refusal(done, "unreadable (host.output-unwritable)", "ENOSPC")
        data = json.loads((folder / "big.md.manifest.json").read_text())
        assert data["reasons"] == ["host.output-unwritable"] and "output" not in data
        assert sorted(p.name for p in folder.iterdir()) == ["big.md.manifest.json"]


def test_a_read_only_folder_is_refused_in_one_line(tmp_path):
    if os.geteuid() == 0:  # root writes through a mode of 0555: a read-only mount instead
        context = tmpfs(tmp_path / "ro", "ro,size=64k")
    else:
        (tmp_path / "ro").mkdir()
        (tmp_path / "ro").chmod(0o555)
        context = contextlib.nullcontext(tmp_path / "ro")
    with context as folder:
        done = run_cli(str(SAMPLE), "-o", str(folder / "x.md"))
        assert_one_line_refusal(done, "host.output-unwritable")
        assert "EROFS" in done.stderr.decode() or "EACCES" in done.stderr.decode()
        assert list(folder.iterdir()) == []
        done = run_cli(str(SAMPLE), "-o", str(folder / "x.md"), "-q")  # said even when quiet
        assert_one_line_refusal(done, "cannot write")
