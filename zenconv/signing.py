"""Ed25519 keys and DSSE envelopes: the primitives of a signed manifest (see :mod:`zenconv.attestation`).

A signature file holds one DSSE envelope (https://github.com/secure-systems-lab/dsse) on one line, the
in-toto attestation-bundle form (``.intoto.jsonl``). Its payload is an in-toto Statement v1; the
signature is over DSSE's pre-authentication encoding of the payload type and the payload, so neither
can be swapped without breaking it.

The primitives are ``cryptography``'s (a maintained binding to OpenSSL, with wheels everywhere).
``securesystemslib`` wraps the same ``cryptography`` calls behind its own key format and signer
registry; we need three of them (generate, sign, verify), and keys as plain PEM files that any tool
reads (``openssl pkey -in key -pubout`` gives the public half), so the dependency is the library
underneath, not the wrapper. This module is imported only when a key is given or checked: an
unsigned conversion never loads ``cryptography``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

KEY_ENV = "ZENCONV_SIGN_KEY"  # names the private key file when --sign-key is not given
PAYLOAD_TYPE = "application/vnd.in-toto+json"
MAX_ENVELOPE_BYTES = 64 << 20  # a batch of a million documents signs about 200 MB of names; the audit reads less


class KeyProblem(ValueError):
    """A key file that cannot be used (missing, not PEM, not Ed25519): a usage error, the user's to fix."""


class BadEnvelope(ValueError):
    """A signature file that is not a DSSE envelope signed by the key (the reason in the message)."""


def keyid(public: Ed25519PublicKey) -> str:
    """SHA-256 of the raw 32-byte public key, hex: a hint in the envelope, never trusted for anything."""
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()


def generate(path: Path) -> tuple[Path, Path]:
    """Write a new private key at ``path`` (PKCS#8 PEM, mode 0600, never over an existing file) and its
    public key at ``path.pub``; return both paths."""
    path = Path(path)
    public_path = path.with_name(path.name + ".pub")
    private = Ed25519PrivateKey.generate()
    pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    pub = private.public_key().public_bytes(serialization.Encoding.PEM,
                                            serialization.PublicFormat.SubjectPublicKeyInfo)
    for target in (path, public_path):
        if target.exists() or target.is_symlink():
            raise KeyProblem(f"{target} exists: keygen never overwrites a key")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        fd = os.open(public_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pub)
    except OSError as exc:
        raise KeyProblem(f"cannot write the key: {exc.strerror or exc}") from None
    return path, public_path


def _read_pem(path: Path) -> bytes:
    try:
        with open(path, "rb") as fh:
            data = fh.read(1 << 16)  # a PEM key is a few hundred bytes; a huge file is not one
    except OSError as exc:
        raise KeyProblem(f"{path}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    return data


def load_private(path: Path) -> Ed25519PrivateKey:
    data = _read_pem(path)
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise KeyProblem(f"{path}: not an unencrypted PEM private key ({exc})"[:300]) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyProblem(f"{path}: not an Ed25519 key")
    return key


def load_public(path: Path) -> Ed25519PublicKey:
    """A public key file, or (for convenience on the signing machine) the private key it belongs to."""
    data = _read_pem(path)
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError):
        key = load_private(path).public_key()
    if not isinstance(key, Ed25519PublicKey):
        raise KeyProblem(f"{path}: not an Ed25519 key")
    return key


def pae(payload_type: str, payload: bytes) -> bytes:
    """DSSE v1's pre-authentication encoding: what is signed."""
    kind = payload_type.encode("utf-8")
    return b"DSSEv1 %d %s %d %s" % (len(kind), kind, len(payload), payload)


def canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def seal(statement: dict[str, Any], key: Ed25519PrivateKey) -> bytes:
    """The envelope's line: deterministic, since the payload is canonical JSON and Ed25519 signatures are
    (same statement and key, same bytes: a rerun rewrites nothing)."""
    payload = canonical(statement)
    signature = key.sign(pae(PAYLOAD_TYPE, payload))
    envelope = {"payload": base64.b64encode(payload).decode("ascii"), "payloadType": PAYLOAD_TYPE,
                "signatures": [{"keyid": keyid(key.public_key()), "sig": base64.b64encode(signature).decode("ascii")}]}
    return canonical(envelope) + b"\n"


def opened(path: Path, key: Ed25519PublicKey) -> dict[str, Any]:
    """The statement of the envelope at ``path`` when one of its signatures is ``key``'s; BadEnvelope else."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_ENVELOPE_BYTES + 1)
    except FileNotFoundError:
        raise BadEnvelope("unsigned: no signature file") from None
    except OSError as exc:
        raise BadEnvelope(f"the signature file cannot be read ({exc.strerror or type(exc).__name__})") from None
    if len(data) > MAX_ENVELOPE_BYTES:
        raise BadEnvelope(f"the signature file is over {MAX_ENVELOPE_BYTES} bytes")
    try:
        envelope = json.loads(data.strip().split(b"\n")[0])
        payload_type = envelope["payloadType"]
        payload = base64.b64decode(envelope["payload"], validate=True)
        signatures = [base64.b64decode(s["sig"], validate=True) for s in envelope["signatures"]]
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):
        raise BadEnvelope("the signature file is not a DSSE envelope") from None
    if payload_type != PAYLOAD_TYPE:
        raise BadEnvelope(f"payload type {payload_type!r}, not {PAYLOAD_TYPE}")
    message = pae(payload_type, payload)
    for signature in signatures:
        try:
            key.verify(signature, message)
            break
        except InvalidSignature:
            continue
    else:
        raise BadEnvelope(f"badly signed: no signature by this key (keyid {keyid(key)[:16]}…) verifies")
    try:
        statement = json.loads(payload)
    except (ValueError, RecursionError):
        raise BadEnvelope("the signed payload is not JSON") from None
    if not isinstance(statement, dict):
        raise BadEnvelope("the signed payload is not a statement")
    return statement
