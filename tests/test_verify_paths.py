"""`zenconv verify` never opens a path that leaves the manifest's folder; a secret option never reaches a
manifest; files are created under the process umask."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zenconv.manifest as manifest_module
from zenconv.context import Source
from zenconv.manifest import verify
from zenconv.options import SECRET_RECORD, resolve_options
from zenconv.pipeline import Request, run
from zenconv.plugins import build_plugins

from .conftest import ROOT
from .test_media_placement import RED, hostile

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


def write_hostile(tmp_path: Path, name: str) -> Path:
    path = tmp_path / "case" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(hostile.hostile_files()[name][0])
    return path


@pytest.fixture
def opened(monkeypatch):
    """Every path verify hashes."""
    seen: list[Path] = []
    real = manifest_module.sha256_file

    def spy(path):
        seen.append(Path(path))
        return real(path)

    monkeypatch.setattr(manifest_module, "sha256_file", spy)
    return seen


@pytest.mark.parametrize(("name", "stated"), [
    ("escape-output.manifest.json", "../../../../etc/hostname"),
    ("escape-resource.manifest.json", "/proc/self/environ"),
])
def test_verify_refuses_paths_that_leave_the_manifests_folder_without_opening_them(tmp_path, opened, name, stated):
    path = write_hostile(tmp_path, name)
    problems = verify(path)
    assert any(f"{stated!r} leaves the manifest's folder" in p for p in problems), problems
    assert not any("digest does not match" in p for p in problems)  # the refusal is the path's, not the digest's
    assert all(p.is_relative_to(path.parent) for p in opened)
    done = subprocess.run([sys.executable, "-m", "zenconv", "verify", str(path)], capture_output=True)
    assert done.returncode == 1 and b"leaves the manifest's folder" in done.stderr


def test_a_symlink_inside_that_points_outside_is_refused_and_a_dotdot_that_stays_inside_is_not(tmp_path, opened):
    out = tmp_path / "out"
    out.mkdir()
    result = run(Request(source=Source(SAMPLE.name, path=SAMPLE), output=out / "d.md"))
    manifest_path = result.manifest_path
    assert verify(manifest_path) == []
    data = json.loads(manifest_path.read_text())
    (tmp_path / "secret.md").write_bytes((out / "d.md").read_bytes())  # same bytes, outside the folder
    (out / "link.md").symlink_to(tmp_path / "secret.md")
    for stated, refused in (("link.md", True), ("sub/../d.md", False), ("d.md\0x", True)):
        data["output"]["path"] = stated
        body = {k: v for k, v in data.items() if k != "digest"}
        data["digest"] = manifest_module.digest_of(body)
        manifest_path.write_text(json.dumps(data))
        problems = verify(manifest_path)
        assert bool(problems) is refused, (stated, problems)
    assert all(p.resolve().is_relative_to(out) for p in opened)


def test_a_secret_option_is_recorded_as_set_never_its_value(tmp_path):
    from .pdf.make_fixtures import encrypted

    source = tmp_path / "locked.pdf"
    encrypted(source)
    result = run(Request(source=Source(source.name, path=source), output=tmp_path / "locked.md",
                         options={"password": "secret"}))
    assert result.manifest.outcome != "unreadable"
    assert result.manifest.options["password"] == SECRET_RECORD
    assert b"secret" not in result.manifest_path.read_bytes().replace(b"(secret)", b"")
    wrong = run(Request(source=Source(source.name, path=source), output=tmp_path / "wrong.md",
                        options={"password": "hunter2-wrong"}))
    assert wrong.manifest.reasons == ["pdf.encrypted"]
    assert b"hunter2-wrong" not in wrong.manifest_path.read_bytes()


def test_a_secret_quoted_by_a_library_is_cut_from_the_message():
    from zenconv.manifest import ReportInfo, redacted

    found = {"message": "bad password 'pw1' for x", "reports": [
        ReportInfo(code="c.x", severity="dropped", meaning="m", count=1, details=["tried pw1"])]}
    out = redacted(found, ("pw1",))
    assert out["message"] == "bad password '(secret)' for x" and out["reports"][0].details == ["tried (secret)"]
    registry = build_plugins(third_party=False).registry
    options = resolve_options(registry, {"password": "pw1"})
    assert options["password"] == "pw1" and options.changed == {"password": SECRET_RECORD}


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_outputs_manifests_and_media_are_created_under_the_process_umask(tmp_path, umask, mode):
    src = tmp_path / "a.docx"
    src.write_bytes(hostile.docx_with_image("image1.png", RED))
    out = tmp_path / "out" / "a.md"
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}
    done = subprocess.run([sys.executable, "-m", "zenconv", str(src), "-o", str(out), "-q"], capture_output=True,
                          env=env, preexec_fn=lambda: os.umask(umask))
    assert done.returncode == 0, done.stderr
    (media,) = (out.parent / "a.md.media").iterdir()
    for path in (out, out.with_name("a.md.manifest.json"), media):
        assert path.stat().st_mode & 0o777 == mode, path
