"""The manifest: what was read, what was written, what was lost; canonical JSON, digest last.

The digest is the SHA-256 of the canonical JSON (sorted keys, no insignificant whitespace, UTF-8)
of every field but ``digest`` itself. The file is written indented for people; :func:`verify`
re-canonicalises what it reads, so only content counts.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MANIFEST_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Generator(_Model):
    name: str = "zenconv"
    version: str


class SourceInfo(_Model):
    name: str
    size: int
    sha256: str
    format: str | None = None
    media_type: str | None = None
    # How the reader was chosen: from (--from), magic, zip-parts, extension, media-type, or
    # "sniffed: <why>"; absent from a manifest written before detection was recorded.
    detection: str | None = None


class Component(_Model):
    id: str
    version: str
    distribution: str
    library: str | None = None


class Distribution(_Model):
    name: str
    version: str


class OutputInfo(_Model):
    path: str | None = None  # relative to the manifest's folder; None when written to stdout
    size: int
    sha256: str
    media_type: str


class ResourceInfo(_Model):
    name: str
    size: int
    sha256: str
    media_type: str
    written: bool
    path: str | None = None  # relative to the manifest's folder when written


class ChildInfo(_Model):
    """An embedded document of this one (``zenconv.family``): converted as a child, or listed and why not."""

    ordinal: int
    name: str                       # as the parent names it, made a plain file name
    size: int
    sha256: str
    format: str | None = None       # the reader that handles it; None when none does
    outcome: str                    # converted | needs_review | unreadable, or not-converted (see reasons)
    reasons: list[str] = Field(default_factory=list)
    origin: str | None = None       # where in the parent it was found (a package part, an attachment's name)
    citation: str | None = None     # the place of embedding, as a person cites it
    output: str | None = None       # the child's output, relative to this manifest's folder
    manifest: str | None = None     # the child's manifest, relative to this manifest's folder
    manifest_digest: str | None = None  # that manifest's own digest
    extracted: str | None = None    # --embedded extract: the bytes written, under a neutral .bin name


class ReportInfo(_Model):
    code: str
    severity: str
    # content | presentation (zenconv.reports.Kind); absent from a manifest written before reports had one
    kind: Literal["content", "presentation"] | None = None
    meaning: str
    count: int
    first_locators: list[dict[str, Any]] = Field(default_factory=list)
    details: list[str] = Field(default_factory=list)
    # Only on a report that took text: its characters, all told, and the first words of the first few.
    chars: int | None = None
    quotes: list[str] | None = None


class FacetSummary(_Model):
    counts: dict[str, int] = Field(default_factory=dict)
    rows: list[dict[str, Any]] | None = None


class Manifest(_Model):
    manifest_version: int = MANIFEST_VERSION
    generator: Generator
    source: SourceInfo
    reader: Component | None = None
    writer: Component | None = None
    distributions: list[Distribution] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    output: OutputInfo | None = None
    resources: list[ResourceInfo] = Field(default_factory=list)
    outcome: str
    reasons: list[str] = Field(default_factory=list)
    message: str | None = None
    reports: list[ReportInfo] = Field(default_factory=list)
    flags: dict[str, Any] = Field(default_factory=dict)
    metadata: dict[str, Any] = Field(default_factory=dict)
    facets: FacetSummary = Field(default_factory=FacetSummary)
    preservation: dict[str, dict[str, Any]] = Field(default_factory=dict)
    limits: dict[str, Any] = Field(default_factory=dict)
    # The embedded documents (zenconv.family); absent when there are none, so other manifests are unchanged.
    children: list[ChildInfo] | None = None
    digest: str | None = None

    def body(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude={"digest"}, exclude_none=True)

    def sealed(self) -> Manifest:
        """This manifest with its digest computed."""
        return self.model_copy(update={"digest": digest_of(self.body())})

    def to_dict(self) -> dict[str, Any]:
        """The manifest as its JSON file reads, digest included."""
        data = self.body()
        data["digest"] = self.digest
        return data

    # A field as the JSON reads it, ``manifest["reasons"]``: what the API returned before it was typed.
    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.to_dict().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.to_dict()

    def to_bytes(self) -> bytes:
        data = self.to_dict()
        return (json.dumps(data, sort_keys=True, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def digest_of(body: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(body)).hexdigest()


def manifest_path_for(output: Path) -> Path:
    return output.with_name(output.name + ".manifest.json")


def redacted(found: dict[str, Any], secrets) -> dict[str, Any]:
    """``found`` with each secret's value cut out of the message and the reports' details that quote it.

    The options record already says only that a secret was set; this is for the text a library wrote
    around it (an exception's message that repeats the password it was given).
    """
    values = [s for s in secrets if isinstance(s, str) and s]
    if not values:
        return found

    def cut(text: str) -> str:
        for value in values:
            text = text.replace(value, "(secret)")
        return text

    found = dict(found)
    if found.get("message"):
        found["message"] = cut(found["message"])
    if found.get("reports"):
        found["reports"] = [r.model_copy(update={"details": [cut(d) for d in r.details]}) for r in found["reports"]]
    return found


def load(path: Path) -> Manifest:
    return Manifest.model_validate_json(Path(path).read_bytes())


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def verify(path: Path, source: Path | None = None, output: Path | None = None, *, _depth: int = 0) -> list[str]:
    """Recompute every digest the manifest states, its children's too (``zenconv.family``); return one
    line per mismatch (empty: all match).

    ``output``: the file to check as the output instead of the one the manifest names (a moved output),
    and the only way to check one that went to stdout: such a manifest names no file, and without
    ``output`` its output is reported as unchecked rather than passed.
    """
    path = Path(path)
    problems: list[str] = []
    try:
        raw = json.loads(path.read_bytes())
        manifest = Manifest.model_validate(raw)
    except (OSError, ValueError) as exc:
        return [f"manifest: cannot be read ({type(exc).__name__})"]
    body = dict(raw)
    stated = body.pop("digest", None)
    if stated != digest_of(manifest.body()) or stated != digest_of(body):
        problems.append("manifest: its digest does not match its content")
    base = path.parent
    if manifest.output is not None and output is not None:
        problems += _check_file("output", Path(output), manifest.output.sha256, manifest.output.size)
    elif manifest.output is not None and manifest.output.path is not None:
        problems += _check_stated("output", base, manifest.output.path, manifest.output.sha256, manifest.output.size)
    elif manifest.output is not None:
        problems.append("output: went to stdout, so the manifest names no file: give --output PATH to check it")
    for res in manifest.resources:
        if res.written and res.path:
            problems += _check_stated(f"resource {res.name}", base, res.path, res.sha256, res.size)
    if source is not None:
        problems += _check_file("source", Path(source), manifest.source.sha256, manifest.source.size)
    problems += _check_children(manifest, base, _depth)
    return problems


MAX_FAMILY_DEPTH = 32  # verify follows a family this deep at most: a manifest naming itself stops here


def _check_children(manifest: Manifest, base: Path, depth: int) -> list[str]:
    """Each converted child: its manifest is the one the parent sealed, its source the bytes the parent
    embedded, and (verified in turn) its own output and children match."""
    problems: list[str] = []
    for child in manifest.children or ():
        label = f"child {child.ordinal} ({child.name})"
        if child.manifest is None:
            if child.extracted:
                problems += _check_stated(f"{label} extracted", base, child.extracted, child.sha256, child.size)
            continue
        path = contained(base, child.manifest)
        if path is None:
            problems.append(f"{label}: {child.manifest!r} leaves the manifest's folder: refused, not opened")
            continue
        if depth >= MAX_FAMILY_DEPTH:
            problems.append(f"{label}: the family is deeper than {MAX_FAMILY_DEPTH}: not followed")
            continue
        try:
            stated = load(path)
        except (OSError, ValueError):
            problems.append(f"{label}: its manifest {path} is missing or cannot be read")
            continue
        if stated.digest != child.manifest_digest:
            problems.append(f"{label}: its manifest's digest is not the one the parent lists")
        if stated.source.sha256 != child.sha256 or stated.source.size != child.size:
            problems.append(f"{label}: its manifest's source is not the bytes the parent embedded")
        problems += [f"{label}: {line}" for line in verify(path, _depth=depth + 1)]
    return problems


def _check_stated(label: str, base: Path, stated: str, sha256: str, size: int) -> list[str]:
    """Check a file the manifest names, never opening one outside the manifest's folder."""
    inside = contained(base, stated)
    if inside is None:
        return [f"{label}: {stated!r} leaves the manifest's folder: refused, not opened"]
    return _check_file(label, inside, sha256, size)


def contained(base: Path, stated: str) -> Path | None:
    """``base / stated`` when that names a file under ``base`` (through every symlink), else None.

    A manifest is a file anyone can write, and verify reads what it names: an absolute path, a ``..``
    that climbs out, a NUL, or a symlink inside that points outside (``/proc/self/environ``) would make
    verify a reader of files the manifest's author could not read themselves.
    """
    if not stated or "\0" in stated or Path(stated).is_absolute():
        return None
    root = base.resolve()
    try:
        target = (root / stated).resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return None
    if target == root or not target.is_relative_to(root):
        return None
    return target


def _check_file(label: str, path: Path, sha256: str, size: int) -> list[str]:
    if not path.is_file():
        return [f"{label}: {path}: no such file"]
    if path.stat().st_size != size:
        return [f"{label}: {path} has {path.stat().st_size} bytes, the manifest says {size}"]
    if sha256_file(path) != sha256:
        return [f"{label}: {path} does not match its SHA-256"]
    return []
