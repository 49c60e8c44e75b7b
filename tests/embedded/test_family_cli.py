"""Families through the command line: a single file, a batch and its audit, stdout, --fail-on."""

from __future__ import annotations

import json

from tests.conftest import run_cli

from . import fixtures as fx


def test_a_batch_converts_children_and_the_audit_counts_them_with_no_stray(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "memo.docx").write_bytes(fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())]))
    (folder / "deck.pptx").write_bytes(fx.pptx_with(fx.xlsx_bytes()))
    out = tmp_path / "out"
    done = run_cli(str(folder), "-o", str(out), "-q")
    assert done.returncode == 0, done.stderr
    assert (out / "memo.docx.md.embedded" / "1-book.xlsx.md").is_file()
    audit = run_cli("audit", str(out), "--format", "json")
    assert audit.returncode == 0, audit.stderr
    data = json.loads(audit.stdout)
    assert data["documents"] == 4 and data["stray"] == [] and data["digests"]["verified"] == 4
    again = run_cli(str(folder), "-o", str(out))
    assert b"unchanged 2" in again.stderr, again.stderr  # the family verifies: up to date


def test_stdout_reports_children_as_not_written(tmp_path):
    src = tmp_path / "deck.pptx"
    src.write_bytes(fx.pptx_with(fx.xlsx_bytes()))
    done = run_cli(str(src))
    assert done.returncode == 0 and b"host.embedded-not-written" in done.stderr
    assert not list(tmp_path.glob("*.embedded"))


def test_fail_on_matches_a_childs_code(tmp_path):
    src = tmp_path / "memo.docx"
    src.write_bytes(fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes([("row", n) for n in range(50)]))]))
    done = run_cli(str(src), "-o", str(tmp_path / "memo.md"), "--max-rows", "10", "--fail-on", "xlsx.*")
    assert done.returncode == 3, done.stderr
    verify = run_cli("verify", str(tmp_path / "memo.md.manifest.json"))
    assert verify.returncode == 0, verify.stdout


def test_one_signature_covers_the_family_in_a_conversion_and_a_batch(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "memo.docx").write_bytes(fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())]))
    assert run_cli("keygen", str(tmp_path / "k")).returncode == 0
    out = tmp_path / "out"
    assert run_cli(str(folder), "-o", str(out), "-q", "--sign-key", str(tmp_path / "k")).returncode == 0
    audit = run_cli("audit", str(out), "--key", str(tmp_path / "k.pub"), "--format", "json")
    assert audit.returncode == 0, audit.stdout
    data = json.loads(audit.stdout)
    child = "memo.docx.md.embedded/1-book.xlsx.md.manifest.json"
    assert data["signatures"]["verified"] == 2 and data["signatures"]["unsigned"] == []
    assert {d["manifest"].replace("\\", "/").split("out/", 1)[1]: d["signature"] for d in data["per_document"]} \
        == {"memo.docx.md.manifest.json": "verified", child: "verified"}
    statement = (out / "zenconv-index.intoto.jsonl").read_text()
    assert child in json.loads(__import__("base64").b64decode(json.loads(statement)["payload"]))["subject"][1]["name"]

    # a child's output changed: the parent's signature no longer holds, nor the batch's audit
    output = out / "memo.docx.md.embedded" / "1-book.xlsx.md"
    output.write_text(output.read_text() + "edited\n")
    verify = run_cli("verify", str(out / "memo.docx.md.manifest.json"), "--key", str(tmp_path / "k.pub"))
    assert verify.returncode == 1 and b"signature: memo.docx.md.embedded/1-book.xlsx.md is not the file signed" \
        in verify.stderr, verify.stderr
    assert run_cli("audit", str(out), "--key", str(tmp_path / "k.pub")).returncode == 1


def test_a_batch_summary_and_index_count_the_embedded_documents(tmp_path):
    """The summary says how many embedded documents were converted, at every depth, as the audit counts
    them; each record of a converted document carries its family's count (absent when it has none)."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "memo.docx").write_bytes(fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())]))
    (folder / "nested.docx").write_bytes(fx.nested_docx(2))
    (folder / "plain.docx").write_bytes(fx.docx_bytes("No family."))
    out = tmp_path / "out"
    done = run_cli(str(folder), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert b"3 files: converted 3 (+3 embedded), unchanged 0" in done.stderr, done.stderr
    records = {r["source"]: r for r in map(json.loads, (out / "zenconv-index.jsonl").read_text().splitlines())}
    assert records["memo.docx"]["embedded"] == 1 and records["nested.docx"]["embedded"] == 2
    assert "embedded" not in records["plain.docx"]
    audit = json.loads(run_cli("audit", str(out), "--format", "json").stdout)
    assert audit["documents"] == 3 + 3
    again = run_cli(str(folder), "-o", str(out))
    assert b"converted 0, unchanged 3" in again.stderr, again.stderr  # a rerun converted nothing new
