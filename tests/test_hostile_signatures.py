"""Hostile signature files and manifests: verify, the audit and a re-conversion read what anyone can
write. Each gets a named problem line, never a traceback, a read outside the manifest's folder, or a
write outside a temporary one."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pytest

from zenconv.attestation import check_batch, check_conversion, sign_batch, signature_path_for
from zenconv.manifest import Manifest
from zenconv.reconversion import reconvert
from zenconv.signing import MAX_ENVELOPE_BYTES, PAYLOAD_TYPE, generate, load_private, load_public, pae

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    private, public = generate(tmp_path_factory.mktemp("keys") / "k")
    return load_private(private), load_public(public)


@pytest.fixture
def converted(tmp_path) -> Path:
    assert run_cli(str(SAMPLE), "-o", str(tmp_path / "d.md")).returncode == 0
    return tmp_path / "d.md.manifest.json"


def signed_statement(statement: dict, private) -> bytes:
    payload = json.dumps(statement).encode()
    sig = private.sign(pae(PAYLOAD_TYPE, payload))
    return json.dumps({"payloadType": PAYLOAD_TYPE, "payload": base64.b64encode(payload).decode(),
                       "signatures": [{"keyid": "", "sig": base64.b64encode(sig).decode()}]}).encode()


HOSTILE_ENVELOPES = {
    "empty": b"",
    "not-json": b"\xff\xfe{",
    "a list": b"[1, 2]",
    "no signatures": json.dumps({"payloadType": PAYLOAD_TYPE, "payload": ""}).encode(),
    "bad base64": json.dumps({"payloadType": PAYLOAD_TYPE, "payload": "!!", "signatures": [{"sig": "!!"}]}).encode(),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "signatures not a list": json.dumps({"payloadType": PAYLOAD_TYPE, "payload": "", "signatures": 3}).encode(),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_ENVELOPES))
def test_a_broken_envelope_is_a_named_problem(converted, key, name):
    signature_path_for(converted).write_bytes(HOSTILE_ENVELOPES[name])
    problems = check_conversion(converted, key[1])
    assert len(problems) == 1 and problems[0].startswith("signature: d.md.intoto.jsonl: ")


def test_an_envelope_past_the_limit_is_not_read(converted, key):
    with open(signature_path_for(converted), "wb") as fh:
        fh.truncate(MAX_ENVELOPE_BYTES + 1)
    assert f"over {MAX_ENVELOPE_BYTES} bytes" in check_conversion(converted, key[1])[0]


@pytest.mark.parametrize("statement", [
    {"_type": "https://in-toto.io/Statement/v1", "predicateType": "https://zenconv.insan.ai/attestation/conversion/v1",
     "subject": "not a list", "predicate": {}},
    {"_type": "https://in-toto.io/Statement/v1", "predicateType": "https://zenconv.insan.ai/attestation/conversion/v1",
     "subject": [{"name": "x"}], "predicate": {"manifest": {"name": "d.md.manifest.json", "digest": "0"}}},
    {"_type": "something else", "subject": [], "predicate": {}},
    [1, 2, 3],
])
def test_a_validly_signed_but_malformed_statement_is_a_named_problem(converted, key, statement):
    signature_path_for(converted).write_bytes(signed_statement(statement, key[0]))
    problems = check_conversion(converted, key[1])
    assert problems and all(p.startswith("signature: ") for p in problems)


@pytest.mark.parametrize("name", ["/etc/passwd", "../outside.txt", "sub/../../outside.txt", "a\0b"])
def test_a_signed_subject_outside_the_folder_is_never_opened(converted, key, name, monkeypatch):
    manifest = Manifest.model_validate_json(converted.read_bytes())
    statement = {"_type": "https://in-toto.io/Statement/v1",
                 "predicateType": "https://zenconv.insan.ai/attestation/conversion/v1",
                 "subject": [{"name": name, "digest": {"sha256": "0" * 64}}],
                 "predicate": {"manifest": {"name": converted.name, "digest": manifest.digest}}}
    signature_path_for(converted).write_bytes(signed_statement(statement, key[0]))
    (converted.parent.parent / "outside.txt").write_text("secret")
    opened = []
    real_open = open

    def spy(path, *args, **kwargs):
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    problems = check_conversion(converted, key[1])
    assert any("leaves the manifest's folder" in p for p in problems)
    assert not any("outside.txt" in p or p == "/etc/passwd" for p in opened)


def test_an_index_naming_a_manifest_outside_the_batch_is_neither_read_nor_signed_beside(tmp_path, key):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "victim.manifest.json").write_text("{}")
    (out / "zenconv-index.jsonl").write_text(json.dumps(
        {"source": "../victim", "status": "converted", "manifest": "victim.manifest.json"}) + "\n")
    refused = sign_batch(out, key[0])
    assert refused == ["../victim.manifest.json: leaves the batch folder"]
    assert not (tmp_path / "victim.intoto.jsonl").exists()
    check = check_batch(out, key[1])
    assert check.index == ["../victim: its manifest leaves the batch folder"] and check.unsigned == []


def test_a_hostile_manifest_never_makes_the_reconversion_write_outside(converted, tmp_path):
    from zenconv.plugins import build_plugins

    plugins = build_plugins(third_party=False)
    data = json.loads(converted.read_bytes())
    data.pop("digest")
    target = tmp_path / "elsewhere.md"
    data["output"]["path"] = str(target)
    converted.write_bytes(Manifest.model_validate(data).sealed().to_bytes())
    assert reconvert(converted, SAMPLE, plugins)[0].startswith("re-conversion: not possible: the output path")
    assert not target.exists()
    data["output"]["path"] = "d.md"
    data["options"] = {"password": "(set)"}
    converted.write_bytes(Manifest.model_validate(data).sealed().to_bytes())
    assert "--password" in reconvert(converted, SAMPLE, plugins)[0]
    data["options"] = {"max-rows": "not a number"}
    converted.write_bytes(Manifest.model_validate(data).sealed().to_bytes())
    assert reconvert(converted, SAMPLE, plugins)[0].startswith("re-conversion: the manifest's options")


def test_the_command_line_never_shows_a_traceback(converted, key, tmp_path):
    shutil.copy(converted, tmp_path / "x.manifest.json")
    signature_path_for(tmp_path / "x.manifest.json").write_bytes(HOSTILE_ENVELOPES["deep nesting"])
    pub = tmp_path / "k.pub"
    from cryptography.hazmat.primitives import serialization

    pub.write_bytes(key[1].public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    for args in (["verify", str(tmp_path / "x.manifest.json"), "--key", str(pub)],
                 ["audit", str(tmp_path), "--key", str(pub)],
                 ["verify", str(tmp_path / "x.manifest.json"), "--source", str(tmp_path / "x.manifest.json"),
                  "--reconvert"]):
        done = run_cli(*args)
        assert b"Traceback" not in done.stderr, args
        assert done.returncode == 1, (args, done.stderr)
    done = run_cli("audit", str(tmp_path / "no-such-folder"))  # a path that is not there: usage, as for convert
    assert done.returncode == 2 and b"no such file or folder" in done.stderr and b"Traceback" not in done.stderr
    assert b"digest" not in done.stdout + done.stderr
