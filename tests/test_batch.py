"""Folders in, one output and manifest per document, an index, killable workers, resumable runs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from zenconv.audit import audit
from zenconv.batch import INDEX_NAME, run_batch
from zenconv.plugins import build_plugins

from . import fake_reader
from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


@pytest.fixture(scope="module")
def plugins():
    loaded = build_plugins(third_party=False)
    fake_reader.zenconv_readers(loaded.registry)
    return loaded


def make_tree(root: Path) -> Path:
    inbox = root / "in"
    (inbox / "nested" / "deeper").mkdir(parents=True)
    shutil.copy(SAMPLE, inbox / "damages.csv")
    (inbox / "nested" / "b.csv").write_text("x,y\n1,2\n")
    (inbox / "nested" / "deeper" / "c.tsv").write_text("p\tq\n3\t4\n")
    (inbox / "notes.unknownext").write_bytes(b"\x00\x01binary")
    return inbox


def index_of(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / INDEX_NAME).read_text().splitlines()]


def test_a_folder_is_mirrored_with_an_index(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    done = run_cli(str(inbox), "-o", str(out), "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert (out / "damages.csv.md").exists()
    assert (out / "nested" / "deeper" / "c.tsv.md.manifest.json").exists()
    entries = {e["source"]: e for e in index_of(out)}
    assert entries["notes.unknownext"]["status"] == "skipped"
    assert entries["nested/b.csv"]["outcome"] == "converted"
    assert entries["nested/b.csv"]["manifest_digest"]
    assert list(entries) == sorted(entries)


def test_rerun_skips_unchanged_and_force_redoes(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    assert run_cli(str(inbox), "-o", str(out)).returncode == 0
    first = {e["source"]: e for e in index_of(out)}
    assert run_cli(str(inbox), "-o", str(out)).returncode == 0
    second = {e["source"]: e for e in index_of(out)}
    assert {e["status"] for k, e in second.items() if k != "notes.unknownext"} == {"unchanged"}
    assert [e.get("manifest_digest") for e in first.values()] == [e.get("manifest_digest") for e in second.values()]
    (out / "nested" / "b.csv.md").write_text("tampered")  # no longer verifies: converted again
    assert run_cli(str(inbox), "-o", str(out)).returncode == 0
    third = {e["source"]: e for e in index_of(out)}
    assert third["nested/b.csv"]["status"] == "converted" and third["damages.csv"]["status"] == "unchanged"
    assert run_cli(str(inbox), "-o", str(out), "--force").returncode == 0
    assert {e["status"] for k, e in index_of_dict(out).items() if k != "notes.unknownext"} == {"converted"}


def index_of_dict(out):
    return {e["source"]: e for e in index_of(out)}


def test_a_hanging_document_is_killed_and_the_batch_goes_on(tmp_path, plugins):
    inbox = make_tree(tmp_path)
    (inbox / "hang.stuck").write_bytes(b"x")
    (inbox / "boom.failing").write_bytes(b"x")
    out = tmp_path / "out"
    code = run_batch([str(inbox)], out, plugins, options={"timeout": 1}, quiet=True, jobs=2)
    assert code == 1
    entries = index_of_dict(out)
    assert entries["hang.stuck"]["outcome"] == "unreadable"
    assert entries["hang.stuck"]["reasons"] == ["batch.timeout"]
    assert entries["nested/b.csv"]["outcome"] == "converted"
    assert not (out / "hang.stuck.md").exists()
    manifest = json.loads((out / "hang.stuck.md.manifest.json").read_text())
    assert manifest["reasons"] == ["batch.timeout"]


def test_audit_totals_equal_the_manifests(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    run_cli(str(inbox), "-o", str(out), "--max-rows", "2")
    result = audit([out])
    manifests = sorted(out.rglob("*.manifest.json"))
    assert len(result.documents) == len(manifests) == 3
    total = sum(r["count"] for m in manifests for r in json.loads(m.read_text())["reports"]
                if r["code"] == "csv.rows-truncated")
    assert result.codes["csv.rows-truncated"]["count"] == total
    assert result.outcomes == {"needs_review": 1, "converted": 2}
    via_index = audit([out / INDEX_NAME])
    assert via_index.to_json()["codes"] == result.to_json()["codes"]
    done = run_cli("audit", str(out), "--format", "json")
    assert json.loads(done.stdout)["documents"] == 3
    assert run_cli("audit", str(out), "--fail-on", "csv.rows-*").returncode == 3
    (out / "damages.csv.md").write_text("edited")
    assert run_cli("audit", str(out)).returncode == 1
