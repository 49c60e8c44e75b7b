"""A batch signed as a whole: a document removed, added or swapped is caught by the batch's signed list
even when every document's own signature and digests hold; the audit names each as missing, unsigned
or badly signed and exits 1. A signed batch of a sample of the shared corpus verifies, and every document
of it re-converts to the same bytes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from zenconv.attestation import BATCH_SIGNATURE, check_batch, sign_batch
from zenconv.audit import audit, run_audit
from zenconv.batch import INDEX_NAME, run_batch
from zenconv.plugins import build_plugins
from zenconv.reconversion import reconvert
from zenconv.signing import generate, load_private, load_public

from .conftest import SHARED, run_cli

CORPUS = SHARED / "corpus"


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    private, public = generate(tmp_path_factory.mktemp("keys") / "signer")
    return load_private(private), load_public(public), private, public


@pytest.fixture(scope="module")
def signed(tmp_path_factory, keys) -> Path:
    root = tmp_path_factory.mktemp("batch")
    inbox = root / "in"
    (inbox / "sub").mkdir(parents=True)
    (inbox / "a.csv").write_text("k,v\nrent,1000\n")
    (inbox / "b.csv").write_text("k,v\nfee,20\n")
    (inbox / "sub" / "c.csv").write_text("k,v\n" + "".join(f"{n},{n}\n" for n in range(5)))
    (inbox / "notes.unknownext").write_bytes(b"\x00\x01")
    out = root / "out"
    assert run_batch([str(inbox)], out, build_plugins(third_party=False), options={"max-rows": 2}, quiet=True,
                     sign_key=keys[0]) == 0
    # another signed batch by the same key: the forger's source of validly signed documents
    other_in = root / "other"
    other_in.mkdir()
    (other_in / "z.csv").write_text("k,v\nbonus,5\n")
    assert run_batch([str(other_in)], root / "other-out", build_plugins(third_party=False), quiet=True,
                     sign_key=keys[0]) == 0
    return out


@pytest.fixture
def copy(signed, tmp_path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(signed, out)
    return out


def index_lines(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / INDEX_NAME).read_text().splitlines()]


def write_index(out: Path, entries: list[dict]) -> None:
    (out / INDEX_NAME).write_text("".join(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in entries))


def document_files(out: Path, name: str) -> list[Path]:
    stem = name + ".md"
    return [out / stem, out / (stem + ".manifest.json"), out / (stem + ".intoto.jsonl")]


def test_a_signed_batch_verifies_and_every_document_is_signed(signed, keys):
    assert (signed / BATCH_SIGNATURE).is_file()
    assert check_batch(signed, keys[1]).ok()
    data = audit([signed], key=keys[1]).to_json()
    assert data["signatures"]["verified"] == 3 and data["signatures"]["unsigned"] == []
    assert data["signatures"]["batches"][str(signed)]["status"] == "verified"
    assert run_audit([signed], key=keys[1]) == 0
    done = run_cli("audit", str(signed), "--key", str(keys[3]))
    assert done.returncode == 0 and b"3 verified, 0 unsigned, 0 badly signed, 0 missing" in done.stdout


def test_a_rerun_that_changes_nothing_rewrites_no_signature(signed, keys, tmp_path):
    before = {p.name: p.read_bytes() for p in signed.rglob("*.intoto.jsonl")}
    assert sign_batch(signed, keys[0]) == []
    assert {p.name: p.read_bytes() for p in signed.rglob("*.intoto.jsonl")} == before


def test_a_removed_document_is_missing(copy, keys):
    for path in document_files(copy, "b.csv"):
        path.unlink()
    write_index(copy, [e for e in index_lines(copy) if e["source"] != "b.csv"])
    assert run_audit([copy]) == 0  # the threat: without the key, a consistent index and folder pass
    data = audit([copy], key=keys[1]).to_json()["signatures"]
    assert data["missing"] == [str(copy / "b.csv.md.manifest.json")]
    assert data["batches"][str(copy)]["index"] == ["b.csv: gone from the index"]
    assert run_audit([copy], key=keys[1]) == 1


def test_an_added_document_is_unsigned_though_its_own_signature_holds(signed, copy, keys):
    other = signed.parent / "other-out"  # the module's second batch, signed by the same key
    for path in document_files(other, "z.csv"):
        shutil.copy(path, copy / path.name)
    record = next(e for e in index_lines(other) if e["source"] == "z.csv")
    write_index(copy, sorted(index_lines(copy) + [record], key=lambda e: e["source"]))
    assert run_audit([copy]) == 0
    data = audit([copy], key=keys[1]).to_json()
    per_doc = {Path(d["manifest"]).name: d for d in data["per_document"]}
    assert per_doc["z.csv.md.manifest.json"]["signature"] == "verified"  # validly signed, by this key
    assert data["signatures"]["unsigned"] == [str(copy / "z.csv.md.manifest.json")]  # not a member
    assert data["signatures"]["batches"][str(copy)]["index"] == ["z.csv: not in the signed list"]
    assert run_audit([copy], key=keys[1]) == 1


def test_swapped_documents_are_badly_signed(copy, keys):
    """a.csv's output and manifest exchanged with b.csv's, the index made to agree: each manifest still
    verifies and its envelope still holds, but neither is the manifest the batch signed under its name."""
    a, b = document_files(copy, "a.csv"), document_files(copy, "b.csv")
    held = [p.read_bytes() for p in a]
    for src, dst in zip(b, a):
        dst.write_bytes(src.read_bytes())
    for data, dst in zip(held, b):
        dst.write_bytes(data)
    entries = {e["source"]: e for e in index_lines(copy)}
    entries["a.csv"]["manifest_digest"], entries["b.csv"]["manifest_digest"] = (
        entries["b.csv"]["manifest_digest"], entries["a.csv"]["manifest_digest"])
    write_index(copy, list(entries.values()))
    data = audit([copy], key=keys[1]).to_json()["signatures"]
    assert {b["manifest"] for b in data["badly_signed"]} == {str(copy / "a.csv.md.manifest.json"),
                                                           str(copy / "b.csv.md.manifest.json")}
    assert sorted(data["batches"][str(copy)]["index"]) == ["a.csv: differs from the signed list",
                                                           "b.csv: differs from the signed list"]
    assert run_audit([copy], key=keys[1]) == 1


def test_an_unsigned_batch_and_a_foreign_key(copy, keys, tmp_path):
    (copy / BATCH_SIGNATURE).unlink()
    data = audit([copy], key=keys[1]).to_json()["signatures"]
    assert data["batches"][str(copy)]["status"] == "unsigned: no signature file"
    assert run_audit([copy], key=keys[1]) == 1
    _, other = generate(tmp_path / "other")
    data = audit([copy], key=load_public(other)).to_json()["signatures"]
    assert len(data["badly_signed"]) == 3
    assert (copy / "a.csv.intoto.jsonl").exists() is False  # the envelope is named after the output
    assert data["unsigned"] == []


def test_signatures_are_not_strays(signed):
    data = audit([signed]).to_json()
    assert data["stray"] == []


# -- the shared corpus ----------------------------------------------------------------------------------
SAMPLE_SIZE = 12


@pytest.fixture(scope="module")
def corpus_batch(tmp_path_factory, keys):
    if not (CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    from .test_batch_corpus import sample

    chosen = sample()
    step = max(1, len(chosen) // SAMPLE_SIZE)
    documents = chosen[::step][:SAMPLE_SIZE]  # by rule: every n-th of the rule-chosen sample
    root = tmp_path_factory.mktemp("corpus-signed")
    inbox = root / "in"
    for rel in documents:
        (inbox / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORPUS / rel, inbox / rel)
    out = root / "out"
    run_batch([str(inbox)], out, build_plugins(third_party=False), quiet=True, jobs=2, sign_key=keys[0])
    return inbox, out, documents


def test_a_signed_batch_of_the_corpus_verifies(corpus_batch, keys):
    inbox, out, documents = corpus_batch
    data = audit([out], key=keys[1]).to_json()
    sig = data["signatures"]
    assert sig["batches"][str(out)] == {"status": "verified", "missing": [], "unsigned": [], "badly_signed": [],
                                        "index": []}
    assert sig["unsigned"] == sig["badly_signed"] == sig["missing"] == []
    assert sig["verified"] == data["documents"] >= len(documents) - 2  # a skipped file has no manifest
    print(f"{data['documents']} documents signed and verified")


def test_every_document_of_the_corpus_sample_reconverts_to_the_same_bytes(corpus_batch):
    inbox, out, _ = corpus_batch
    plugins = build_plugins(third_party=False)
    checked = 0
    for entry in map(json.loads, (out / INDEX_NAME).read_text().splitlines()):
        if not entry.get("manifest"):
            continue
        manifest = (out / entry["source"]).parent / entry["manifest"]
        assert reconvert(manifest, inbox / entry["source"], plugins) == [], entry["source"]
        checked += 1
    assert checked >= SAMPLE_SIZE // 2
