"""Signed manifests: each forgery a plain manifest cannot see (an output, a manifest, a report list edited
and every digest recomputed) is caught by the signature, and the envelope verifies with a second
implementation (a few lines of ``cryptography``, as docs/architecture.md shows)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from zenconv.attestation import check_conversion, sign_conversion, signature_path_for
from zenconv.manifest import Manifest, verify
from zenconv.reconversion import reconvert
from zenconv.signing import generate, load_private, load_public

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> tuple[Path, Path]:
    return generate(tmp_path_factory.mktemp("keys") / "signer")


@pytest.fixture(scope="module")
def signed(tmp_path_factory, keys) -> Path:
    """A conversion signed through the command line: out/damages.md, its manifest and its envelope."""
    root = tmp_path_factory.mktemp("signed")
    done = run_cli(str(SAMPLE), "-o", str(root / "damages.md"), "--max-rows", "2", "--sign-key", str(keys[0]))
    assert done.returncode == 0, done.stderr
    return root


@pytest.fixture
def copy(signed, tmp_path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(signed, out)
    return out / "damages.md.manifest.json"


def reseal(manifest_path: Path, **changes) -> None:
    """What the forger's short script does: edit the manifest and recompute its digest."""
    data = json.loads(manifest_path.read_bytes())
    data.pop("digest")
    data.update(changes)
    manifest_path.write_bytes(Manifest.model_validate(data).sealed().to_bytes())


def test_the_envelope_is_beside_the_manifest_and_names_every_file(signed):
    manifest = signed / "damages.md.manifest.json"
    envelope = json.loads((signed / "damages.md.intoto.jsonl").read_bytes())
    assert signature_path_for(manifest) == signed / "damages.md.intoto.jsonl"
    statement = json.loads(base64.b64decode(envelope["payload"]))
    assert statement["_type"] == "https://in-toto.io/Statement/v1"
    assert statement["subject"] == [
        {"name": "damages.md.manifest.json", "digest": {"sha256": hashlib.sha256(manifest.read_bytes()).hexdigest()}},
        {"name": "damages.md", "digest": {"sha256": hashlib.sha256((signed / "damages.md").read_bytes()).hexdigest()}},
    ]
    stated = Manifest.model_validate_json(manifest.read_bytes())
    assert statement["predicate"]["manifest"] == {"name": manifest.name, "digest": stated.digest}
    assert statement["predicate"]["generator"]["version"] == stated.generator.version
    assert {d["name"] for d in statement["predicate"]["distributions"]} == {d.name for d in stated.distributions}
    assert statement["predicate"]["reader"]["library"] == stated.reader.library


def test_a_second_implementation_verifies_the_envelope(signed, keys):
    """Exactly the snippet of docs/architecture.md: DSSE's PAE, Ed25519, then the subjects by SHA-256."""
    from cryptography.hazmat.primitives.serialization import load_pem_public_key

    public = load_pem_public_key(keys[1].read_bytes())
    envelope = json.loads((signed / "damages.md.intoto.jsonl").read_text().splitlines()[0])
    payload = base64.b64decode(envelope["payload"])
    kind = envelope["payloadType"].encode()
    pae = b"DSSEv1 %d %s %d %s" % (len(kind), kind, len(payload), payload)
    public.verify(base64.b64decode(envelope["signatures"][0]["sig"]), pae)  # raises InvalidSignature
    statement = json.loads(payload)
    for subject in statement["subject"]:
        data = (signed / subject["name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == subject["digest"]["sha256"]


def test_signed_verifies_on_the_command_line_and_unsigned_with_a_key_fails(signed, keys, tmp_path):
    manifest = signed / "damages.md.manifest.json"
    done = run_cli("verify", str(manifest), "--key", str(keys[1]))
    assert done.returncode == 0 and b"signed by the key" in done.stdout
    plain = tmp_path / "plain.md"
    assert run_cli(str(SAMPLE), "-o", str(plain)).returncode == 0
    assert run_cli("verify", str(plain) + ".manifest.json").returncode == 0
    done = run_cli("verify", str(plain) + ".manifest.json", "--key", str(keys[1]))
    assert done.returncode == 1 and b"unsigned: no signature file" in done.stderr


def test_a_forged_output_passes_the_self_hash_and_fails_the_signature(copy, keys):
    output = copy.parent / "damages.md"
    output.write_bytes(output.read_bytes().replace(b"Rent", b"Tent"))
    stated = json.loads(copy.read_bytes())["output"]
    reseal(copy, output=dict(stated, size=output.stat().st_size,
                             sha256=hashlib.sha256(output.read_bytes()).hexdigest()))
    assert verify(copy) == []  # the threat: consistent, so the self-hash is satisfied
    problems = check_conversion(copy, load_public(keys[1]))
    assert "signature: damages.md is not the file signed (its SHA-256 differs)" in problems
    assert "signature: the manifest is not the one signed (its digest differs)" in problems


def test_a_forged_report_list_fails_the_signature_and_the_reconversion(copy, keys):
    reports = json.loads(copy.read_bytes())["reports"]
    assert "csv.rows-truncated" in {r["code"] for r in reports}
    reseal(copy, reports=[r for r in reports if r["code"] != "csv.rows-truncated"], outcome="converted", reasons=[])
    assert verify(copy) == []
    problems = check_conversion(copy, load_public(keys[1]))
    assert problems and all("manifest" in p for p in problems)
    again = reconvert(copy, SAMPLE, _plugins())
    assert "manifest: the re-conversion reports csv.rows-truncated ×1, the manifest does not" in again
    assert any(line.startswith("manifest: outcome differs") for line in again)
    assert not any(line.startswith("version:") for line in again)


def test_a_forged_manifest_field_fails_the_signature(copy, keys):
    reseal(copy, source=dict(json.loads(copy.read_bytes())["source"], name="other.csv"))
    assert verify(copy) == []
    assert check_conversion(copy, load_public(keys[1])) == [
        "signature: the manifest is not the one signed (its digest differs)",
        "signature: the manifest is not the file signed (its SHA-256 differs)"]


def test_a_forger_who_signs_with_their_own_key_is_badly_signed(copy, keys, tmp_path):
    reseal(copy, reports=[])
    forger, _ = generate(tmp_path / "forger")
    sign_conversion(copy, load_private(forger))
    problems = check_conversion(copy, load_public(keys[1]))
    assert len(problems) == 1 and "badly signed: no signature by this key" in problems[0]


def test_a_signature_moved_or_stripped_is_caught(copy, keys):
    envelope = signature_path_for(copy)
    data = json.loads(envelope.read_bytes())
    data["payloadType"] = "text/plain"  # the PAE binds the type: changing it breaks the signature
    envelope.write_text(json.dumps(data))
    assert "payload type" in check_conversion(copy, load_public(keys[1]))[0]
    envelope.unlink()
    assert "unsigned" in check_conversion(copy, load_public(keys[1]))[0]


def test_signing_is_deterministic(signed, keys, tmp_path):
    out = tmp_path / "again"
    assert run_cli(str(SAMPLE), "-o", str(out / "damages.md"), "--max-rows", "2",
                   env={"ZENCONV_SIGN_KEY": str(keys[0])}).returncode == 0  # the environment variable names it
    for name in ("damages.md", "damages.md.manifest.json", "damages.md.intoto.jsonl"):
        assert (out / name).read_bytes() == (signed / name).read_bytes()


def test_stdout_output_is_checked_only_where_given(keys, tmp_path):
    manifest = tmp_path / "m.json"
    done = run_cli(str(SAMPLE), "--manifest", str(manifest), "--sign-key", str(keys[0]))
    assert done.returncode == 0
    saved = tmp_path / "saved.md"
    saved.write_bytes(done.stdout)
    assert signature_path_for(manifest) == tmp_path / "m.json.intoto.jsonl"
    (tmp_path / "m.md").write_bytes(b"whatever sits beside it")
    done = run_cli("verify", str(manifest))
    assert done.returncode == 1 and b"went to stdout" in done.stderr and b"--output" in done.stderr
    assert run_cli("verify", str(manifest), "--output", str(saved), "--key", str(keys[1])).returncode == 0
    saved.write_bytes(done.stdout + b"x")
    done = run_cli("verify", str(manifest), "--output", str(saved), "--key", str(keys[1]))
    assert done.returncode == 1 and b"signature: - is not the file signed" in done.stderr


def test_keygen_never_overwrites_and_a_bad_key_is_a_usage_error(tmp_path):
    done = run_cli("keygen", str(tmp_path / "k"))
    assert done.returncode == 0 and b"keyid" in done.stdout
    assert (tmp_path / "k").stat().st_mode & 0o777 == 0o600
    before = (tmp_path / "k").read_bytes()
    assert run_cli("keygen", str(tmp_path / "k")).returncode == 2
    assert (tmp_path / "k").read_bytes() == before
    (tmp_path / "bad").write_text("not a key")
    done = run_cli(str(SAMPLE), "-o", str(tmp_path / "o.md"), "--sign-key", str(tmp_path / "bad"))
    assert done.returncode == 2 and not (tmp_path / "o.md").exists()
    done = run_cli("verify", "x.manifest.json", "--key", str(tmp_path / "missing.pub"))
    assert done.returncode == 2 and b"Traceback" not in done.stderr


def test_an_unsigned_conversion_never_imports_cryptography(tmp_path):
    code = ("import sys\nfrom zenconv.cli import main\n"
            f"sys.argv = ['zenconv', {str(SAMPLE)!r}, '-o', {str(tmp_path / 'o.md')!r}, '-q']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'cryptography'))")
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_SIGN_KEY"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120)
    assert done.stdout.decode().strip().splitlines()[-1] == "[]", done.stderr
    assert (tmp_path / "o.md").is_file()


def _plugins():
    from zenconv.plugins import build_plugins

    return build_plugins(third_party=False)


def test_the_api_signs_what_it_writes(tmp_path):
    import zenconv
    from zenconv.attestation import check_conversion
    from zenconv.signing import generate, load_public

    private, public = generate(tmp_path / "k")
    manifest = tmp_path / "ledger.md.manifest.json"
    result = zenconv.convert(b"Item,Amount\nRent,1000\n", name="ledger.csv", manifest=manifest, sign_key=private)
    saved = tmp_path / "ledger.md"
    saved.write_text(result.text, encoding="utf-8", newline="")
    assert (tmp_path / "ledger.md.intoto.jsonl").is_file()
    assert check_conversion(manifest, load_public(public), saved) == []
    saved.write_text(result.text + "edited\n", encoding="utf-8", newline="")
    assert check_conversion(manifest, load_public(public), saved)
    with pytest.raises(zenconv.UsageError, match="manifest"):
        zenconv.convert(b"a,b\n", name="x.csv", sign_key=private)
