"""The manifest: what was read, what was written, what was lost; canonical JSON, digest last.

The digest is the SHA-256 of the canonical JSON (sorted keys, no insignificant whitespace, UTF-8)
of every field but ``digest`` itself. The file is written indented for people; :func:`verify`
re-canonicalises what it reads, so only content counts.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import sys
from datetime import date, datetime, time
from pathlib import Path, PurePath
from typing import Any, Literal

from . import records
from .digest import sha256

MANIFEST_VERSION = 1


class _Record:
    """A manifest part: a frozen dataclass, dumped to plain JSON data by hand, validated by pydantic.

    Every conversion builds and writes a manifest, so building one must cost nothing at start-up:
    pydantic's import and its model building were a third of ``zenconv``'s. The parts are plain
    dataclasses; pydantic is imported only where a manifest comes from outside (``model_validate``,
    ``load``, ``verify``) or its schema is asked for, and it validates these same classes (a
    ``TypeAdapter``), so there is one definition of the manifest. ``model_dump(mode="json")`` gives
    the data pydantic's would (tuples as lists, enums as their values, paths as strings, a float
    that is not finite as null), ``exclude_none`` leaves out a part's unset fields and not a dict's
    None values, as pydantic's does.
    """

    __slots__ = ()
    __pydantic_config__ = {"extra": "forbid"}

    def model_dump(self, *, mode: str = "json", exclude: set[str] | None = None,
                   exclude_none: bool = False) -> dict[str, Any]:
        return _dump_record(self, exclude or (), exclude_none)

    def model_copy(self, *, update: dict[str, Any] | None = None):
        return dataclasses.replace(self, **(update or {}))

    @classmethod
    def model_validate(cls, data: Any):
        """``data`` (what a JSON file holds) as this part, or a ValueError (pydantic's ValidationError)."""
        return _adapter(cls).validate_python(data)

    @classmethod
    def model_validate_json(cls, data: bytes | str):
        return _adapter(cls).validate_json(data)

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        return _adapter(cls).json_schema()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = object.__hash__


_ADAPTERS: dict[type, Any] = {}


def _adapter(cls: type):
    found = _ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter

        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def _dump_record(record: _Record, exclude, exclude_none: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        if f.name in exclude:
            continue
        value = getattr(record, f.name)
        if value is None and exclude_none:
            continue
        out[f.name] = _dump_value(value, exclude_none)
    return out


def _dump_value(value: Any, exclude_none: bool) -> Any:
    if value is None or type(value) in (str, int, bool):
        return value
    if isinstance(value, _Record):
        return _dump_record(value, (), exclude_none)
    if isinstance(value, dict):
        return {_dump_key(k): _dump_value(v, exclude_none) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_dump_value(v, exclude_none) for v in value]
    if isinstance(value, enum.Enum):
        return _dump_value(value.value, exclude_none)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8")
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    decimal = sys.modules.get("decimal")  # no Decimal can exist before its module is imported: not imported here
    if decimal is not None and isinstance(value, decimal.Decimal):
        return str(value)
    raise TypeError(f"the manifest cannot hold a {type(value).__name__}")


def _dump_key(key: Any) -> Any:
    if isinstance(key, enum.Enum):
        key = key.value
    return str(key) if isinstance(key, str) else key


_record = records.dataclass(frozen=True, kw_only=True, eq=False)  # repr shared, not compiled per class


def _list():
    return dataclasses.field(default_factory=list)


def _dict():
    return dataclasses.field(default_factory=dict)


@_record
class Generator(_Record):
    name: str = "zenconv"
    version: str


@_record
class SourceInfo(_Record):
    name: str
    size: int
    sha256: str
    format: str | None = None
    media_type: str | None = None
    # How the reader was chosen: from (--from), magic, zip-parts, extension, media-type, or
    # "sniffed: <why>"; absent from a manifest written before detection was recorded.
    detection: str | None = None


@_record
class Component(_Record):
    id: str
    version: str
    distribution: str
    library: str | None = None


@_record
class Distribution(_Record):
    name: str
    version: str


@_record
class OutputInfo(_Record):
    path: str | None = None  # relative to the manifest's folder; None when written to stdout
    size: int
    sha256: str
    media_type: str


@_record
class ResourceInfo(_Record):
    name: str
    size: int
    sha256: str
    media_type: str
    written: bool
    path: str | None = None  # relative to the manifest's folder when written


@_record
class ChildInfo(_Record):
    """An embedded document of this one (``zenconv.family``): converted as a child, or listed and why not."""

    ordinal: int
    name: str                       # as the parent names it, made a plain file name
    size: int
    sha256: str
    format: str | None = None       # the reader that handles it; None when none does
    outcome: str                    # converted | needs_review | unreadable, or not-converted (see reasons)
    reasons: list[str] = _list()
    origin: str | None = None       # where in the parent it was found (a package part, an attachment's name)
    citation: str | None = None     # the place of embedding, as a person cites it
    output: str | None = None       # the child's output, relative to this manifest's folder
    manifest: str | None = None     # the child's manifest, relative to this manifest's folder
    manifest_digest: str | None = None  # that manifest's own digest
    extracted: str | None = None    # --embedded extract: the bytes written, under a neutral .bin name


@_record
class ReportInfo(_Record):
    code: str
    severity: str
    # content | presentation (zenconv.reports.Kind); absent from a manifest written before reports had one
    kind: Literal["content", "presentation"] | None = None
    meaning: str
    count: int
    first_locators: list[dict[str, Any]] = _list()
    details: list[str] = _list()
    # Only on a report that took text: its characters, all told, and the first words of the first few.
    chars: int | None = None
    quotes: list[str] | None = None


@_record
class FacetSummary(_Record):
    counts: dict[str, int] = _dict()
    rows: list[dict[str, Any]] | None = None


@_record
class Manifest(_Record):
    manifest_version: int = MANIFEST_VERSION
    generator: Generator
    source: SourceInfo
    reader: Component | None = None
    writer: Component | None = None
    distributions: list[Distribution] = _list()
    options: dict[str, Any] = _dict()
    output: OutputInfo | None = None
    resources: list[ResourceInfo] = _list()
    outcome: str
    reasons: list[str] = _list()
    message: str | None = None
    reports: list[ReportInfo] = _list()
    flags: dict[str, Any] = _dict()
    metadata: dict[str, Any] = _dict()
    facets: FacetSummary = dataclasses.field(default_factory=FacetSummary)
    preservation: dict[str, dict[str, Any]] = _dict()
    limits: dict[str, Any] = _dict()
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
    return sha256(canonical(body)).hexdigest()


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
    digest = sha256()
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
