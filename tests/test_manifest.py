"""The manifest is canonical, digest-bound, and verify names each digest that does not match."""

from __future__ import annotations

import json

from zenconv.manifest import canonical, digest_of

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


def convert(tmp_path, *extra):
    out = tmp_path / "d.md"
    done = run_cli(str(SAMPLE), "-o", str(out), *extra)
    assert done.returncode == 0, done.stderr
    return out, tmp_path / "d.md.manifest.json"


def test_digest_is_over_the_canonical_json_of_the_rest(tmp_path):
    _, path = convert(tmp_path)
    data = json.loads(path.read_text())
    stated = data.pop("digest")
    assert stated == digest_of(data)
    assert canonical(data) == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_manifest_fields(tmp_path):
    out, path = convert(tmp_path)
    data = json.loads(path.read_text())
    import hashlib

    assert data["source"]["sha256"] == hashlib.sha256(SAMPLE.read_bytes()).hexdigest()
    assert data["source"]["size"] == SAMPLE.stat().st_size
    assert data["output"]["sha256"] == hashlib.sha256(out.read_bytes()).hexdigest()
    assert data["reader"]["id"] == "ai.insan.zenfmt.csv" and data["reader"]["library"]
    assert data["writer"]["id"] == "ai.insan.zenconv.markdown"
    assert data["generator"]["name"] == "zenconv"
    assert data["limits"]["timeout"] == 20
    assert data["flags"]["encoding"] == "utf-8"


def test_verify_passes_then_fails_on_a_one_byte_edit(tmp_path):
    out, path = convert(tmp_path)
    assert run_cli("verify", str(path)).returncode == 0
    assert run_cli("verify", str(path), "--source", str(SAMPLE)).returncode == 0
    data = bytearray(out.read_bytes())
    data[0] ^= 0x01
    out.write_bytes(bytes(data))
    done = run_cli("verify", str(path))
    assert done.returncode == 1
    assert b"output" in done.stderr


def test_verify_names_an_edited_manifest(tmp_path):
    _, path = convert(tmp_path)
    data = json.loads(path.read_text())
    data["outcome"] = "converted " if data["outcome"] == "converted" else "converted"
    path.write_text(json.dumps(data))
    done = run_cli("verify", str(path))
    assert done.returncode == 1 and b"manifest" in done.stderr


def test_verify_names_a_different_source(tmp_path):
    _, path = convert(tmp_path)
    other = tmp_path / "other.csv"
    other.write_bytes(SAMPLE.read_bytes() + b"x")
    done = run_cli("verify", str(path), "--source", str(other))
    assert done.returncode == 1 and b"source" in done.stderr


def test_preserve_facets_lists_rows(tmp_path):
    from zenconv import convert as api_convert

    text = b"a,b\n1,2\n"
    plain = api_convert(text, name="x.csv")
    assert plain.manifest["facets"] == {"counts": {}}
    kept = api_convert(text, name="x.csv", preserve_facets=True)
    assert kept.manifest["facets"]["rows"] == []
