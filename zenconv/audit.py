"""``zenconv audit``: what a set of conversions lost, by code and by document, digests verified.

Reads manifests given directly, found in folders (``*.manifest.json``), or named by a batch index
(``zenconv-index.jsonl``). Totals are sums over the manifests themselves, never over the index's
copy of them, so an edited index cannot change what the audit says. A manifest an index names but
that is gone or unreadable is a document of its own, ``manifest-unreadable``, and fails the digests.

A document's codes are its reports with their counts, plus the reason of an ``unreadable`` outcome
(counted once) when no report carries it. The JSON and CSV forms are for pipelines: their fields and
order are fixed (``audit_version`` names the JSON layout), and every list is sorted.

Each code has a kind (``content`` or ``presentation``, from the manifest's report; a code a manifest
states without one, an outcome's reason among them, is content). The table lists the content codes
first and the presentation ones after, under a line that counts them, so noise never hides a loss.
"""

from __future__ import annotations

import csv
import fnmatch
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click

from .manifest import Manifest, verify
from .reports import Kind, content_first
from .terminal import safe

INDEX_NAME = "zenconv-index.jsonl"
# 2: each code's kind, the totals per kind, a kind column last in the CSV
# 3: a batch folder is checked against its index: ``missing`` inputs, ``stray`` files, ``failed`` (the run's)
AUDIT_VERSION = 3
BATCH_OWN = (INDEX_NAME, ".zenconv-lock")
EXIT_DIGEST, EXIT_USAGE, EXIT_POLICY = 1, 2, 3
CSV_COLUMNS = ("manifest", "source", "outcome", "verified", "code", "severity", "count", "kind")
TABLE_DOCUMENTS_PER_CODE = 5


@dataclass
class Audit:
    documents: list[dict] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    codes: dict[str, dict] = field(default_factory=dict)  # code -> {severity, kind, count, documents, manifests}
    skipped: list[dict] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)   # inputs the index names whose manifest is not there
    failed: list[str] = field(default_factory=list)    # inputs the index says the run failed to convert
    stray: list[str] = field(default_factory=list)     # files in a batch folder that no record accounts for

    def to_json(self) -> dict:
        return {
            "audit_version": AUDIT_VERSION,
            "documents": len(self.documents),
            "outcomes": dict(sorted(self.outcomes.items())),
            "codes": {k: self.codes[k] for k in sorted(self.codes)},
            "kinds": {kind: sum(e["count"] for e in self.codes.values() if e["kind"] == kind)
                      for kind in map(str, Kind)},
            "digests": {"verified": sum(1 for d in self.documents if d["verified"] is True),
                        "failed": [d["manifest"] for d in self.documents if d["verified"] is False],
                        "not_checked": sum(1 for d in self.documents if d["verified"] is None)},
            "skipped": self.skipped,
            "missing": self.missing,
            "failed": self.failed,
            "stray": self.stray,
            "per_document": self.documents,
        }


def find_manifests(paths, result: Audit | None = None) -> tuple[list[Path], list[dict]]:
    """The manifests the paths name, and the files a batch index lists as skipped.

    A batch folder (one with an index at its top) is read through its index, and checked against it:
    an input whose manifest is gone is ``missing``, one the run failed to convert ``failed``, and a
    file in the folder no record accounts for ``stray`` (into ``result``).
    """
    result = result if result is not None else Audit()
    found: list[Path] = []
    skipped: dict[str, dict] = {}
    for path in map(Path, paths):
        if path.is_dir() and (path / INDEX_NAME).is_file():
            named = _read_index(path / INDEX_NAME, found, skipped, result)
            result.stray += _strays(path, named, found)
        elif path.is_dir():
            found += path.rglob("*.manifest.json")
        elif path.name.endswith(".jsonl"):
            _read_index(path, found, skipped, result)
        else:
            found.append(path)
    result.missing.sort()
    result.failed.sort()
    result.stray.sort()
    return sorted(set(found)), [skipped[k] for k in sorted(skipped)]


def _read_index(index: Path, found: list[Path], skipped: dict[str, dict], result: Audit) -> set[Path]:
    """Read a batch index (its latest record of each input); return the files its records name."""
    latest: dict[str, dict] = {}
    for line in index.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("source"), str):
            latest[entry["source"]] = entry
    named: set[Path] = set()
    for source, entry in sorted(latest.items()):
        status = entry.get("status")
        folder = (index.parent / source).parent
        if status == "skipped":
            skipped[source] = {"source": source, "reason": entry.get("reason")}
        elif status == "failed":
            result.failed.append(source)
        else:
            if entry.get("output"):
                named.add(folder / entry["output"])
            if entry.get("manifest"):
                manifest = folder / entry["manifest"]
                found.append(manifest)  # one that is gone counts as a document whose manifest cannot be read
                named.add(manifest)
                if not manifest.is_file():
                    result.missing.append(source)
    return named


def _strays(folder: Path, named: set[Path], manifests: list[Path]) -> list[str]:
    """Files in a batch folder that neither the index nor a manifest's resources account for."""
    for path in manifests:
        try:
            manifest = Manifest.model_validate_json(path.read_bytes())
        except (OSError, ValueError):
            continue
        for res in manifest.resources:
            if res.written and res.path:
                named.add(path.parent / res.path)
    named = {p.resolve() for p in named}
    strays = []
    for path in folder.rglob("*"):
        if path.is_file() and path.name not in BATCH_OWN and path.resolve() not in named:
            strays.append(path.relative_to(folder).as_posix())
    return strays


def audit(paths, verify_digests: bool = True) -> Audit:
    result = Audit()
    manifests, result.skipped = find_manifests(paths, result)
    for path in manifests:
        try:
            manifest = Manifest.model_validate_json(path.read_bytes())
        except (OSError, ValueError):
            result.documents.append({"manifest": str(path), "source": None, "source_sha256": None,
                                     "outcome": "manifest-unreadable", "reasons": [], "verified": False,
                                     "reports": {}})
            result.outcomes["manifest-unreadable"] = result.outcomes.get("manifest-unreadable", 0) + 1
            continue
        verified = (not verify(path)) if verify_digests else None
        reports = {r.code: r.count for r in manifest.reports}
        severities = {r.code: r.severity for r in manifest.reports}
        kinds = {r.code: r.kind or str(Kind.CONTENT) for r in manifest.reports}
        for code in manifest.reasons:
            reports.setdefault(code, 1)
        reports = dict(sorted(reports.items()))
        result.documents.append({"manifest": str(path), "source": manifest.source.name,
                                 "source_sha256": manifest.source.sha256, "outcome": manifest.outcome,
                                 "reasons": list(manifest.reasons), "verified": verified, "reports": reports})
        result.outcomes[manifest.outcome] = result.outcomes.get(manifest.outcome, 0) + 1
        for code, count in reports.items():
            entry = result.codes.setdefault(code, {"severity": severities.get(code, "refused"),
                                                   "kind": kinds.get(code, str(Kind.CONTENT)), "count": 0,
                                                   "documents": 0, "manifests": []})
            entry["count"] += count
            entry["documents"] += 1
            entry["manifests"].append(str(path))
    return result


def run_audit(paths, *, fmt: str = "table", fail_on: tuple[str, ...] = (), verify_digests: bool = True,
              known_codes=None) -> int:
    """Print the audit; exit 3 when a --fail-on pattern matches a code, else 1 when a digest fails, else 0.

    With ``known_codes`` (the installed plugins'), a pattern that matches none of them nor any code the
    manifests hold is a usage error (exit 2), before anything is printed: a typo is not a passed gate.
    """
    result = audit(paths, verify_digests)
    if fail_on and known_codes is not None:
        from .catalogue import check_patterns
        from .errors import UsageError

        try:
            check_patterns(fail_on, [*known_codes, *result.codes])
        except UsageError as exc:
            click.echo(safe(f"zenconv audit: {exc}"), err=True)
            return EXIT_USAGE
    data = result.to_json()
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
    elif fmt == "csv":
        write_csv(data, sys.stdout)
    else:
        _table(data)
    matched = sorted(code for code in result.codes if any(fnmatch.fnmatchcase(code, p) for p in fail_on))
    if matched:
        click.echo(safe(f"zenconv audit: --fail-on matched {', '.join(matched)}"), err=True)
        return EXIT_POLICY
    unaccounted = data["missing"] or data["failed"] or data["stray"]
    return EXIT_DIGEST if data["digests"]["failed"] or unaccounted else 0


def write_csv(data: dict, out) -> None:
    """One row per document and code (a document with no code has one row with an empty code)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    verified = {True: "yes", False: "no", None: ""}
    for doc in data["per_document"]:
        head = [doc["manifest"], doc["source"] or "", doc["outcome"], verified[doc["verified"]]]
        if not doc["reports"]:
            writer.writerow([*head, "", "", 0, ""])
        for code, count in doc["reports"].items():
            entry = data["codes"][code]
            writer.writerow([*head, code, entry["severity"], count, entry["kind"]])


def _table(data: dict) -> None:
    _echo(f"{data['documents']} documents: "
               + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()))
    digests = data["digests"]
    _echo(f"digests: {digests['verified']} verified, {len(digests['failed'])} failed, "
               f"{digests['not_checked']} not checked")
    for failed in digests["failed"]:
        _echo(f"  digest mismatch: {failed}")
    if data["skipped"]:
        _echo(f"{len(data['skipped'])} files not converted (listed with why in the index)")
    for label, key in (("missing (its manifest is gone)", "missing"), ("failed for the run's reasons", "failed"),
                       ("stray (no record accounts for it)", "stray")):
        for name in data[key]:
            _echo(f"  {label}: {name}")
    if not data["codes"]:
        return
    codes = content_first(data["codes"].items(), lambda item: item[1]["kind"])
    _echo("")
    _echo(f"{'code':44} {'severity':10} {'count':>8} {'documents':>9}")
    heading = None
    for code, entry in codes:
        if entry["kind"] != heading:  # a line counting each kind above its codes
            heading = entry["kind"]
            shown = sum(1 for _, e in codes if e["kind"] == heading)
            title = "content lost" if heading == Kind.CONTENT else "presentation only (every character kept)"
            _echo(f"{title}: {shown} code{'' if shown == 1 else 's'}, ×{data['kinds'].get(heading, 0)}")
        _echo(f"{code:44} {entry['severity']:10} {entry['count']:>8} {entry['documents']:>9}")
    _echo("")
    click.echo("documents behind each code:")
    for code, entry in codes:
        shown = entry["manifests"][:TABLE_DOCUMENTS_PER_CODE]
        more = entry["documents"] - len(shown)
        _echo(f"  {code}: " + ", ".join(shown) + (f" and {more} more" if more else ""))


def _echo(line: str) -> None:
    """A table line: manifests' paths, sources and codes are files' text, shown and never obeyed."""
    click.echo(safe(line))
