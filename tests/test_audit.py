"""``zenconv audit``: the same answer from a batch index, its folder, or the manifests one by one; totals
that are sums over the manifests; stable JSON and CSV; --fail-on as a policy gate."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from zenconv.audit import AUDIT_VERSION, CSV_COLUMNS, audit, run_audit
from zenconv.batch import INDEX_NAME, run_batch
from zenconv.plugins import build_plugins

from .conftest import ROOT, run_cli


@pytest.fixture(scope="module")
def batch(tmp_path_factory) -> Path:
    """A converted folder: two documents with truncated rows, one clean, one unreadable, one skipped."""
    root = tmp_path_factory.mktemp("audit")
    inbox = root / "in"
    (inbox / "nested").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "samples" / "damages.csv", inbox / "damages.csv")
    (inbox / "nested" / "long.csv").write_text("a,b\n" + "".join(f"{n},{n}\n" for n in range(6)))
    (inbox / "nested" / "short.csv").write_text("a\n1\n")
    (inbox / "empty.csv").write_bytes(b"")
    (inbox / "notes.unknownext").write_bytes(b"\x00\x01binary")
    out = root / "out"
    run_batch([str(inbox)], out, build_plugins(third_party=False), options={"max-rows": 2}, quiet=True)
    return out


def manifests_of(out: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(out.rglob("*.manifest.json"))]


def copy_of(batch: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(batch, out)
    return out


def test_totals_are_sums_over_the_manifests(batch):
    data = audit([batch]).to_json()
    manifests = manifests_of(batch)
    assert data["audit_version"] == AUDIT_VERSION
    assert data["documents"] == len(manifests) == 4
    outcomes: dict[str, int] = {}
    codes: dict[str, int] = {}
    for m in manifests:
        outcomes[m["outcome"]] = outcomes.get(m["outcome"], 0) + 1
        for r in m["reports"]:
            codes[r["code"]] = codes.get(r["code"], 0) + r["count"]
        for reason in m["reasons"]:
            if reason not in {r["code"] for r in m["reports"]}:
                codes[reason] = codes.get(reason, 0) + 1
    assert data["outcomes"] == outcomes == {"converted": 1, "needs_review": 2, "unreadable": 1}
    assert {k: v["count"] for k, v in data["codes"].items()} == codes
    truncated = data["codes"]["csv.rows-truncated"]
    assert truncated["documents"] == 2 and len(truncated["manifests"]) == 2
    assert [Path(m).name for m in truncated["manifests"]] == ["damages.csv.md.manifest.json",
                                                              "long.csv.md.manifest.json"]
    assert data["codes"]["host.empty-input"] == {
        "severity": "refused", "kind": "content", "count": 1, "documents": 1,
        "manifests": [str(batch / "empty.csv.md.manifest.json")], "meaning": "The source has no bytes.",
        "first_locators": [], "details": [{"source": "empty.csv", "detail": "the source is empty"}]}
    assert data["digests"] == {"verified": 4, "failed": [], "not_checked": 0}
    per_doc = {Path(d["manifest"]).name: d for d in data["per_document"]}
    assert per_doc["short.csv.md.manifest.json"]["reports"] == {}
    assert per_doc["empty.csv.md.manifest.json"]["reasons"] == ["host.empty-input"]


def test_index_folder_and_single_manifests_agree(batch):
    by_folder = audit([batch]).to_json()
    by_index = audit([batch / INDEX_NAME]).to_json()
    assert by_index == by_folder
    assert by_folder["skipped"] == [{"source": "notes.unknownext", "reason": "no reader for this format"}]
    assert audit([batch, batch / INDEX_NAME]).to_json() == by_folder  # named twice, counted once
    one = batch / "nested" / "long.csv.md.manifest.json"
    single = audit([one]).to_json()
    assert single["documents"] == 1 and single["skipped"] == []
    assert single["codes"]["csv.rows-truncated"]["manifests"] == [str(one)]


def test_json_and_csv_are_stable(batch, capsys):
    outputs = []
    for fmt in ("json", "csv", "json", "csv"):
        run_audit([batch], fmt=fmt)
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[2] and outputs[1] == outputs[3]
    data = json.loads(outputs[0])
    assert list(data) == sorted(data)
    assert set(data) == {"audit_version", "codes", "digests", "documents", "kinds", "outcomes", "per_document",
                         "skipped", "missing", "failed", "stray", "no_such_path", "signatures"}
    rows = list(csv.DictReader(io.StringIO(outputs[1])))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert {r["manifest"] for r in rows} == {d["manifest"] for d in data["per_document"]}  # every document
    for code, entry in data["codes"].items():
        assert sum(int(r["count"]) for r in rows if r["code"] == code) == entry["count"]
    clean = [r for r in rows if r["manifest"].endswith("short.csv.md.manifest.json")]
    assert clean == [{"manifest": clean[0]["manifest"], "source": "nested/short.csv", "outcome": "converted",
                      "verified": "yes", "code": "", "severity": "", "count": "0", "kind": "", "meaning": "",
                      "first_locator": "", "detail": "", "signature": "", "html_output": "", "locators": "[]"}]


def test_fail_on_exits_3_and_a_broken_digest_exits_1(batch, tmp_path, capsys):
    out = copy_of(batch, tmp_path)
    assert run_audit([out], fail_on=("csv.rows-*",)) == 3
    assert run_audit([out], fail_on=("host.empty-*",)) == 3  # an unreadable document's reason is a code too
    assert run_audit([out], fail_on=("docx.*",)) == 0
    (out / "damages.csv.md").write_text("edited")
    assert run_audit([out]) == 1
    assert run_audit([out], fail_on=("csv.*",)) == 3  # the policy gate wins over a digest failure
    assert run_audit([out], verify_digests=False) == 0
    capsys.readouterr()
    run_audit([out], fmt="json")
    digests = json.loads(capsys.readouterr().out)["digests"]
    assert digests["failed"] == [str(out / "damages.csv.md.manifest.json")] and digests["verified"] == 3
    run_audit([out], fmt="json", verify_digests=False)
    assert json.loads(capsys.readouterr().out)["digests"] == {"verified": 0, "failed": [], "not_checked": 4}


def test_a_manifest_the_index_names_but_is_gone_fails(batch, tmp_path, capsys):
    out = copy_of(batch, tmp_path)
    (out / "nested" / "short.csv.md.manifest.json").unlink()
    assert run_audit([out / INDEX_NAME], fmt="json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["outcomes"]["manifest-missing"] == 1  # said as that: not a digest that fails
    assert data["missing"] == ["nested/short.csv"]
    assert data["digests"]["failed"] == []
    gone = [d for d in data["per_document"] if d["outcome"] == "manifest-missing"]
    assert gone[0]["source"] == "nested/short.csv" and gone[0]["problems"] == ["manifest: no such file"]


def test_the_table_names_codes_and_their_documents(batch, capsys):
    run_audit([batch])
    table = capsys.readouterr().out
    assert table.startswith("4 documents: converted 1, needs_review 2, unreadable 1\n")
    assert "digests: 4 verified, 0 failed, 0 not checked" in table
    assert "1 files not converted (listed with why in the index)" in table
    assert ["csv.rows-truncated", "truncated", "2", "2"] in [line.split() for line in table.splitlines()]
    assert f"  host.empty-input: {batch / 'empty.csv.md.manifest.json'}" in table


def test_the_command_line(batch):
    done = run_cli("audit", str(batch), "--format", "csv", "--fail-on", "csv.rows-*")
    assert done.returncode == 3
    assert done.stdout.decode().splitlines()[0] == ",".join(CSV_COLUMNS)
    assert b"csv.rows-truncated" in done.stderr
    done = run_cli("audit", str(batch / INDEX_NAME), "--format", "json", "--no-verify")
    assert done.returncode == 0 and json.loads(done.stdout)["digests"]["not_checked"] == 4


def test_each_code_carries_its_meaning_first_locators_and_details_in_every_form(batch, capsys):
    data = audit([batch]).to_json()
    truncated = data["codes"]["csv.rows-truncated"]
    assert truncated["meaning"].startswith("Rows past --max-rows")
    assert [f["source"] for f in truncated["first_locators"]] == ["damages.csv", "nested/long.csv"]
    assert all(f["citation"].startswith("Row ") for f in truncated["first_locators"])
    assert truncated["details"] == []  # the reader says where it stopped by locator, with no detail
    run_audit([batch], fmt="csv")
    rows = [r for r in csv.DictReader(io.StringIO(capsys.readouterr().out)) if r["code"] == "csv.rows-truncated"]
    assert {r["source"] for r in rows} == {"damages.csv", "nested/long.csv"}  # relative to the batch root
    assert all(r["meaning"] == truncated["meaning"] and r["first_locator"].startswith("Row ") for r in rows)
    run_audit([batch])
    table = capsys.readouterr().out
    assert f"    meaning: {truncated['meaning']}" in table
    assert f"    at {truncated['first_locators'][0]['citation']} in damages.csv" in table
    assert "    detail: the source is empty (empty.csv)" in table


def test_a_folder_without_an_index_gives_sources_below_it(batch, tmp_path):
    out = copy_of(batch, tmp_path)
    (out / INDEX_NAME).unlink()
    per_doc = {d["source"] for d in audit([out]).to_json()["per_document"]}
    assert per_doc == {"damages.csv", "empty.csv", "nested/long.csv", "nested/short.csv"}


def test_no_such_path_is_said_as_that_and_fails(batch, tmp_path, capsys):
    gone = tmp_path / "nowhere"
    assert run_audit([batch, gone], fmt="json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["no_such_path"] == [str(gone)]
    assert data["documents"] == 4 and data["digests"]["failed"] == []


def test_a_missing_output_is_named_as_missing_not_as_a_digest(batch, tmp_path, capsys):
    out = copy_of(batch, tmp_path)
    (out / "damages.csv.md").unlink()
    assert run_audit([out]) == 1
    table = capsys.readouterr().out
    assert f"  {out / 'damages.csv.md.manifest.json'}: output: {out / 'damages.csv.md'}: no such file" in table
