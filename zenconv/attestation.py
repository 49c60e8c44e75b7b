"""Signed statements about conversions and batches: what they say, how they are written and checked.

A conversion's statement (in-toto Statement v1, in a DSSE envelope: :mod:`zenconv.signing`) sits beside
its manifest (``out.md.manifest.json`` → ``out.md.intoto.jsonl``). Its subjects are the manifest file,
the output (``-`` when it went to stdout) and every written resource, each by SHA-256, named relative to
the manifest's folder; its predicate names the manifest's own digest, the generator, the source, the
reader and writer and the distributions whose code ran. A batch's statement
(``zenconv-index.intoto.jsonl`` at the batch's top) has every document's manifest as a subject and the
list of every input with its manifest digest as predicate, so a document removed, added or swapped
breaks it even when each document's own signature holds.

The signature vouches for what the signer's zenconv wrote: a conversion is signed from the digests its
manifest states (just computed while writing); a batch re-verifies each document's digests first and
signs none that fail.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import field
from pathlib import Path
from typing import Any

from .family import family_files, family_manifests
from .files import atomic_write
from .manifest import Manifest, contained, load, sha256_file, verify
from .signing import BadEnvelope, opened, seal
from .records import dataclass

STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
CONVERSION_TYPE = "https://zenconv.insan.ai/attestation/conversion/v1"
BATCH_TYPE = "https://zenconv.insan.ai/attestation/batch/v1"
SIGNATURE_SUFFIX = ".intoto.jsonl"
MANIFEST_SUFFIX = ".manifest.json"
STDOUT = "-"  # the subject name of an output that went to stdout: ``verify --output PATH`` says where it is now
INDEX_NAME = "zenconv-index.jsonl"
BATCH_SIGNATURE = "zenconv-index" + SIGNATURE_SUFFIX


def signature_path_for(manifest_path: Path) -> Path:
    name = Path(manifest_path).name
    stem = name[: -len(MANIFEST_SUFFIX)] if name.endswith(MANIFEST_SUFFIX) and name != MANIFEST_SUFFIX else name
    return Path(manifest_path).with_name(stem + SIGNATURE_SUFFIX)


# -- one conversion -----------------------------------------------------------------------------------
def conversion_statement(manifest_path: Path, manifest: Manifest, manifest_bytes: bytes, *,
                         hash_family: bool = True) -> dict[str, Any]:
    """``hash_family=False``: the family's subjects named, not hashed (a check that hashes each signed
    subject itself needs only the names it should find)."""
    name = Path(manifest_path).name
    subjects = [_subject(name, hashlib.sha256(manifest_bytes).hexdigest())]
    if manifest.output is not None:
        subjects.append(_subject(manifest.output.path or STDOUT, manifest.output.sha256))
    subjects += [_subject(r.path, r.sha256) for r in manifest.resources if r.written and r.path]
    subjects += family_subjects(manifest_path, hash_family)
    predicate = {
        "manifest": {"name": name, "digest": manifest.digest},
        "generator": manifest.generator.model_dump(mode="json"),
        "source": {"name": manifest.source.name, "size": manifest.source.size,
                   "digest": {"sha256": manifest.source.sha256}},
        "reader": manifest.reader.model_dump(mode="json", exclude_none=True) if manifest.reader else None,
        "writer": manifest.writer.model_dump(mode="json", exclude_none=True) if manifest.writer else None,
        "distributions": [d.model_dump(mode="json") for d in manifest.distributions],
        "outcome": manifest.outcome,
    }
    return {"_type": STATEMENT_TYPE, "subject": subjects, "predicateType": CONVERSION_TYPE, "predicate": predicate}


def family_subjects(manifest_path: Path, hashed: bool = True) -> list[dict[str, Any]]:
    """The files of the conversion's embedded documents, at every level (their outputs, manifests and
    extracted bytes), named relative to the parent's folder: one signature covers the whole family, so a
    child's file changed or removed fails the parent's check as the parent's own output would. ``hashed``
    False: the names alone (their digests empty)."""
    base = Path(manifest_path).parent
    found: dict[str, str] = {}
    for member in (Path(manifest_path), *family_manifests(manifest_path)):
        try:
            stated = load(member)
        except (OSError, ValueError):  # the parent's digests name it: verify reports it
            continue
        for path in family_files(member, stated):
            name = Path(posixpath.normpath(path.relative_to(base).as_posix())).as_posix()
            if contained(base, name) is not None and path.is_file():
                found[name] = sha256_file(path) if hashed else ""
    return [_subject(name, sha256) for name, sha256 in sorted(found.items())]


def sign_conversion(manifest_path: Path, key) -> Path:
    """Write the envelope beside the manifest at ``manifest_path``; return its path."""
    data = Path(manifest_path).read_bytes()
    manifest = Manifest.model_validate_json(data)
    target = signature_path_for(manifest_path)
    atomic_write(target, seal(conversion_statement(manifest_path, manifest, data), key))
    return target


def check_conversion(manifest_path: Path, key, output: Path | None = None) -> list[str]:
    """One line per problem with the conversion's signature (empty: signed by ``key``, every subject matches).

    ``output``: where an output that went to stdout (subject ``-``) was saved, or where a moved output is.
    """
    manifest_path = Path(manifest_path)
    envelope = signature_path_for(manifest_path)
    try:
        statement = opened(envelope, key)
    except BadEnvelope as exc:
        return [f"signature: {envelope.name}: {exc}"]
    if statement.get("_type") != STATEMENT_TYPE or statement.get("predicateType") != CONVERSION_TYPE:
        return [f"signature: {envelope.name}: not a zenconv conversion statement"]
    try:
        data = manifest_path.read_bytes()
        manifest = Manifest.model_validate_json(data)
        subjects = _subjects(statement)
        signed_name = statement["predicate"]["manifest"]["name"]
        signed_digest = statement["predicate"]["manifest"]["digest"]
    except (OSError, ValueError, KeyError, TypeError):
        return [f"signature: {envelope.name}: the statement or the manifest cannot be read"]
    problems = []
    if signed_digest != manifest.digest:
        problems.append("signature: the manifest is not the one signed (its digest differs)")
    stated_output = manifest.output.path if manifest.output is not None else None
    for name, sha256 in sorted(subjects.items()):
        if name == signed_name:
            path = manifest_path
        elif output is not None and name in (STDOUT, stated_output):
            path = Path(output)
        elif name == STDOUT:
            problems.append("signature: the output went to stdout: give --output PATH to check it")
            continue
        else:
            path = contained(manifest_path.parent, name)
            if path is None:
                problems.append(f"signature: subject {name!r} leaves the manifest's folder: refused, not opened")
                continue
        label = "the manifest" if path == manifest_path else name
        if not path.is_file():
            problems.append(f"signature: {label}: no such file")
        elif sha256_file(path) != sha256:
            problems.append(f"signature: {label} is not the file signed (its SHA-256 differs)")
    expected = conversion_statement(manifest_path, manifest, data, hash_family=False)["subject"]
    for name in sorted({s["name"] for s in expected} - set(subjects) - {manifest_path.name}):
        problems.append(f"signature: {name} is named by the manifest but not signed")
    return problems


# -- a batch ------------------------------------------------------------------------------------------
def latest_records(index: Path) -> dict[str, dict]:
    """The index's latest record of each input, by source (a torn or foreign line skipped)."""
    latest: dict[str, dict] = {}
    try:
        text = index.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return latest
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("source"), str) and entry.get("status") != "gone":
            latest[entry["source"]] = entry
    return latest


def member_of(source: str, entry: dict) -> dict[str, Any]:
    """What the batch statement says of one input: its status, and its manifest with the digest it states."""
    member: dict[str, Any] = {"source": source, "status": entry.get("status")}
    for key in ("outcome", "reason"):
        if entry.get(key) is not None:
            member[key] = entry[key]
    if entry.get("manifest") and entry.get("status") not in ("failed", "skipped"):
        member["manifest"] = posixpath.join(posixpath.dirname(source), entry["manifest"])
        member["manifest_digest"] = entry.get("manifest_digest")
    return member


def sign_batch(out_dir: Path, key) -> list[str]:
    """Sign every document of the batch at ``out_dir`` and then the batch; return the documents left
    unsigned because their files do not verify (each with why)."""
    from . import __version__

    out_dir = Path(out_dir)
    members, subjects, refused = [], [], []
    for source, entry in sorted(latest_records(out_dir / INDEX_NAME).items()):
        member = member_of(source, entry)
        members.append(member)
        if "manifest" not in member:
            continue
        path = contained(out_dir, member["manifest"])
        if path is None:  # an index edited to name a file elsewhere: never read, never signed beside
            refused.append(f"{member['manifest']}: leaves the batch folder")
            continue
        problems = verify(path)
        if problems:
            refused.append(f"{member['manifest']}: {problems[0]}")
            continue
        sign_conversion(path, key)
        subjects.append(_subject(member["manifest"], sha256_file(path)))
        for child in family_manifests(path):  # each embedded document's manifest is the batch's too
            name = posixpath.normpath(posixpath.join(posixpath.dirname(member["manifest"]),
                                                     child.relative_to(path.parent).as_posix()))
            subjects.append(_subject(name, sha256_file(child)))
    statement = {"_type": STATEMENT_TYPE, "subject": subjects, "predicateType": BATCH_TYPE,
                 "predicate": {"generator": {"name": "zenconv", "version": __version__}, "index": INDEX_NAME,
                               "members": members}}
    target = out_dir / BATCH_SIGNATURE
    data = seal(statement, key)
    if not target.is_file() or target.read_bytes() != data:  # a rerun that changes nothing writes nothing
        atomic_write(target, data)
    return refused


@dataclass
class BatchCheck:
    status: str = "verified"  # verified | unsigned | badly signed: why
    missing: list[str] = field(default_factory=list)       # signed members whose manifest is gone
    unsigned: list[str] = field(default_factory=list)      # manifests the signed list does not name
    badly_signed: list[dict] = field(default_factory=list)  # {manifest, problem}: not the file signed
    index: list[str] = field(default_factory=list)         # index records that differ from the signed list

    def ok(self) -> bool:
        return self.status == "verified" and not (self.missing or self.unsigned or self.badly_signed or self.index)

    def to_json(self) -> dict:
        return {"status": self.status, "missing": self.missing, "unsigned": self.unsigned,
                "badly_signed": self.badly_signed, "index": self.index}


def check_batch(out_dir: Path, key) -> BatchCheck:
    """The batch's signature, and its membership: every manifest the folder or the index holds, against
    the list signed."""
    out_dir = Path(out_dir)
    result = BatchCheck()
    try:
        statement = opened(out_dir / BATCH_SIGNATURE, key)
        if statement.get("_type") != STATEMENT_TYPE or statement.get("predicateType") != BATCH_TYPE:
            raise BadEnvelope("badly signed: not a zenconv batch statement")
        signed = _subjects(statement)
        members = {m["source"]: m for m in statement["predicate"]["members"]}
    except BadEnvelope as exc:
        result.status = str(exc)
        return result
    except (KeyError, TypeError, ValueError):
        result.status = "badly signed: the statement cannot be read"
        return result
    records = latest_records(out_dir / INDEX_NAME)
    for source in sorted(set(records) | set(members)):
        now = member_of(source, records[source]) if source in records else None
        if now != members.get(source):
            said = "not in the signed list" if source not in members else (
                "gone from the index" if now is None else "differs from the signed list")
            result.index.append(f"{source}: {said}")
    present = {p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*" + MANIFEST_SUFFIX) if p.is_file()}
    for member in map(member_of, records, records.values()):
        if "manifest" not in member:
            continue
        inside = contained(out_dir, member["manifest"])
        if inside is None:  # never opened: the index was edited to point elsewhere
            result.index.append(f"{member['source']}: its manifest leaves the batch folder")
        elif inside.is_file():
            present.add(member["manifest"])
    for name in sorted(set(signed) - present):
        result.missing.append(name)
    for name in sorted(present - set(signed)):
        result.unsigned.append(name)
    for name in sorted(present & set(signed)):
        if sha256_file(out_dir / name) != signed[name]:
            result.badly_signed.append({"manifest": name, "problem": "not the manifest the batch signed"})
    return result


def _subject(name: str, sha256: str) -> dict[str, Any]:
    return {"name": name, "digest": {"sha256": sha256}}


def _subjects(statement: dict) -> dict[str, str]:
    found = {}
    for subject in statement["subject"]:
        found[str(subject["name"])] = str(subject["digest"]["sha256"])
    return found
