"""A batch of a sample of the shared conformance corpus, as CI runs it: every document accounted for,
audit totals equal to the manifests, a rerun that skips everything, and a killed worker that loses nothing.

The sample is chosen by rule, not by name: per source folder and format (per category for the POI
adversarial files), the smallest document and the median-sized one. The whole corpus is too slow for CI.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
from pathlib import Path

import pytest

from zenconv.batch import INDEX_NAME
from zenconv.manifest import verify

from .conftest import SHARED, run_cli
from .test_batch import make_distribution

CORPUS = SHARED / "corpus"
HANG = "0-stuck.hang"  # sorts first; killed at 4 s (--timeout 2 and the grace)
PADS = [f"1-pad-{n}.slow" for n in range(4)]  # 6 s of work on the other worker: the kill falls mid-batch

pytestmark = pytest.mark.skipif(not (CORPUS / "MANIFEST.tsv").is_file(),
                                reason=f"the shared corpus is not at {CORPUS} (../shared beside the repo)")


def sample() -> list[str]:
    with open(CORPUS / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t") if r["role"] != "test-suite"]
    groups: dict[tuple[str, str], list[dict]] = {}
    for row in rows:
        folder, sub = row["file"].split("/")[:2]
        groups.setdefault((folder, sub if folder == "poi-adversarial" else row["format"]), []).append(row)
    chosen: set[str] = set()
    for members in groups.values():
        members.sort(key=lambda r: (int(r["bytes"]), r["file"]))
        chosen.update(r["file"] for r in (members[0], members[len(members) // 2]))
    return sorted(chosen)


def index_of(out: Path) -> dict[str, dict]:
    return {e["source"]: e for e in map(json.loads, (out / INDEX_NAME).read_text(encoding="utf-8").splitlines())}


def files_of(out: Path) -> dict[str, tuple[int, bytes]]:
    return {p.relative_to(out).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(out.rglob("*")) if p.is_file() and p.name != INDEX_NAME}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus-batch")
    inbox = root / "in"
    documents = sample()
    for rel in documents:
        (inbox / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORPUS / rel, inbox / rel)
    # A picture no reader takes: listed as skipped (text of an unknown name is the plain-text reader's)
    groundtruth = "mammoth/docx/tiny-picture.png"
    (inbox / groundtruth).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / groundtruth, inbox / groundtruth)
    out = root / "out"

    first = run_cli(str(inbox), "-o", str(out), "--jobs", "2")
    after_first = {"index": index_of(out), "files": files_of(out)}
    audited = run_cli("audit", str(out), "--format", "json")
    rerun = run_cli(str(inbox), "-o", str(out), "--jobs", "2")

    site = root / "site"
    site.mkdir()
    make_distribution(site)
    killed_in = root / "killed-in"
    shutil.copytree(inbox, killed_in)
    for name in (HANG, *PADS):
        (killed_in / name).write_bytes(b"x")
    killed = run_cli(str(killed_in), "-o", str(root / "killed"), "--jobs", "2", "--timeout", "2",
                     env={"PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))})
    return {"documents": documents, "groundtruth": groundtruth, "out": out, "first": first, "audit": audited,
            "rerun": rerun, "after_first": after_first, "killed": killed, "killed_out": root / "killed"}


def test_every_document_has_an_output_or_an_unreadable_manifest(runs):
    assert runs["first"].returncode in (0, 1), runs["first"].stderr
    out, index = runs["out"], runs["after_first"]["index"]
    assert set(index) == {*runs["documents"], runs["groundtruth"]}
    assert index[runs["groundtruth"]]["status"] == "skipped" and index[runs["groundtruth"]]["reason"]
    for rel in runs["documents"]:
        entry = index[rel]
        manifest_path = out / (rel + ".md.manifest.json")
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        assert verify(manifest_path) == [], rel
        assert manifest["outcome"] == entry["outcome"] and manifest["digest"] == entry["manifest_digest"], rel
        if entry["outcome"] == "unreadable":
            assert manifest["reasons"] and entry["output"] is None, rel
            assert not (out / (rel + ".md")).exists(), rel
        else:
            assert (out / (rel + ".md")).is_file() and entry["output"] == Path(rel).name + ".md", rel
    outcomes = {e["outcome"] for e in index.values() if e["status"] != "skipped"}
    assert {"converted", "unreadable"} <= outcomes  # the sample holds good and hostile files alike
    assert not [p for p in out.rglob(".*")]  # no temporaries left behind


def test_audit_totals_equal_the_sum_over_the_manifests(runs):
    assert runs["audit"].returncode == 0, runs["audit"].stderr
    data = json.loads(runs["audit"].stdout)
    manifests = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(runs["out"].rglob("*.manifest.json"))]
    assert data["documents"] == len(manifests) == len(runs["documents"])
    outcomes: dict[str, int] = {}
    codes: dict[str, int] = {}
    for m in manifests:
        outcomes[m["outcome"]] = outcomes.get(m["outcome"], 0) + 1
        reported = {r["code"]: r["count"] for r in m["reports"]}
        for code, count in reported.items():
            codes[code] = codes.get(code, 0) + count
        for reason in m["reasons"]:
            if reason not in reported:
                codes[reason] = codes.get(reason, 0) + 1
    assert data["outcomes"] == outcomes
    assert {code: entry["count"] for code, entry in data["codes"].items()} == codes
    assert data["digests"] == {"verified": len(manifests), "failed": [], "not_checked": 0}
    assert data["skipped"] == [{"source": runs["groundtruth"], "reason": "no reader for this format"}]


def test_the_rerun_skips_everything(runs):
    assert runs["rerun"].returncode == runs["first"].returncode, runs["rerun"].stderr
    before, after = runs["after_first"]["index"], index_of(runs["out"])
    assert after == before  # the index itself is not rewritten
    assert f"converted 0, unchanged {len(runs['documents'])},".encode() in runs["rerun"].stderr
    assert files_of(runs["out"]) == runs["after_first"]["files"]  # not one file rewritten


def test_a_killed_worker_loses_nothing(runs):
    assert runs["killed"].returncode == 1, runs["killed"].stderr
    out, index = runs["killed_out"], index_of(runs["killed_out"])
    assert index[HANG]["reasons"] == ["batch.timeout"] and index[HANG]["output"] is None
    assert {index[pad]["outcome"] for pad in PADS} == {"converted"}
    killed_at = (out / (HANG + ".md.manifest.json")).stat().st_mtime_ns
    after = [rel for rel in runs["documents"] if (out / (rel + ".md.manifest.json")).stat().st_mtime_ns > killed_at]
    assert len(after) > len(runs["documents"]) // 2  # the kill fell mid-batch, and the batch went on
    reference = runs["after_first"]["index"]
    slow = set()
    for rel in runs["documents"]:
        manifest_path = out / (rel + ".md.manifest.json")
        assert verify(manifest_path) == [], rel
        if index[rel]["reasons"] in (["host.deadline"], ["batch.timeout"]):
            slow.add(rel)  # slower than --timeout 2 on this machine: recorded, not lost
            continue
        assert index[rel]["outcome"] == reference[rel]["outcome"], rel
        if reference[rel]["output"]:
            assert (out / (rel + ".md")).read_bytes() == (runs["out"] / (rel + ".md")).read_bytes(), rel
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        first = json.loads((runs["out"] / (rel + ".md.manifest.json")).read_text(encoding="utf-8"))
        differ = {k for k in manifest.keys() | first.keys() if manifest.get(k) != first.get(k)}
        assert differ <= {"options", "limits", "digest"}, (rel, differ)  # only --timeout 2 differs
    assert len(slow) <= len(runs["documents"]) // 10
    assert not [p for p in out.rglob(".*")]
