"""``zenconv audit``: what a set of conversions lost, by code and by document, digests verified.

Reads manifests given directly, found in folders (``*.manifest.json``), or named by a batch index
(``zenconv-index.jsonl``). Totals are sums over the manifests themselves, never over the index's
copy of them, so an edited index cannot change what the audit says.
"""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click

from .manifest import Manifest, verify

INDEX_NAME = "zenconv-index.jsonl"


@dataclass
class Audit:
    documents: list[dict] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    codes: dict[str, dict] = field(default_factory=dict)  # code -> {severity, count, documents: [...]}
    unverified: list[dict] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "documents": len(self.documents),
            "outcomes": dict(sorted(self.outcomes.items())),
            "codes": {k: self.codes[k] for k in sorted(self.codes)},
            "digests": {"verified": sum(1 for d in self.documents if d["verified"] is True),
                        "failed": [d["manifest"] for d in self.documents if d["verified"] is False],
                        "not_checked": sum(1 for d in self.documents if d["verified"] is None)},
            "skipped": self.skipped,
            "per_document": self.documents,
        }


def find_manifests(paths) -> tuple[list[Path], list[dict]]:
    found: list[Path] = []
    skipped: list[dict] = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(path.rglob("*.manifest.json"))
        elif path.name.endswith(".jsonl"):
            for line in path.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                entry = json.loads(line)
                if entry.get("manifest"):
                    output_dir = (path.parent / entry["source"]).parent
                    found.append(output_dir / entry["manifest"])
                elif entry.get("status") == "skipped":
                    skipped.append({"source": entry["source"], "reason": entry.get("reason")})
        else:
            found.append(path)
    unique = sorted(set(found))
    return unique, skipped


def audit(paths, verify_digests: bool = True) -> Audit:
    manifests, skipped = find_manifests(paths)
    result = Audit(skipped=skipped)
    for path in manifests:
        try:
            manifest = Manifest.model_validate_json(path.read_bytes())
        except (OSError, ValueError):
            result.documents.append({"manifest": str(path), "source": None, "outcome": "manifest-unreadable",
                                     "verified": False, "reports": {}})
            result.outcomes["manifest-unreadable"] = result.outcomes.get("manifest-unreadable", 0) + 1
            continue
        verified = (not verify(path)) if verify_digests else None
        reports = {r.code: r.count for r in manifest.reports}
        for code in manifest.reasons:
            reports.setdefault(code, 1)
        doc = {"manifest": str(path), "source": manifest.source.name, "source_sha256": manifest.source.sha256,
               "outcome": manifest.outcome, "verified": verified, "reports": reports}
        result.documents.append(doc)
        result.outcomes[manifest.outcome] = result.outcomes.get(manifest.outcome, 0) + 1
        severities = {r.code: r.severity for r in manifest.reports}
        for code, count in reports.items():
            entry = result.codes.setdefault(code, {"severity": severities.get(code, "refused"), "count": 0,
                                                   "documents": []})
            entry["count"] += count
            entry["documents"].append(str(path))
    return result


def run_audit(paths, *, fmt: str = "table", fail_on: tuple[str, ...] = (), verify_digests: bool = True) -> int:
    result = audit(paths, verify_digests)
    data = result.to_json()
    if fmt == "json":
        click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
    elif fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["code", "severity", "count", "documents", "manifest"])
        for code, entry in data["codes"].items():
            for manifest in entry["documents"]:
                writer.writerow([code, entry["severity"], entry["count"], len(entry["documents"]), manifest])
        sys.stdout.write(buf.getvalue())
    else:
        _table(data)
    if any(fnmatch.fnmatchcase(code, p) for code in result.codes for p in fail_on):
        return 3
    return 1 if data["digests"]["failed"] else 0


def _table(data: dict) -> None:
    click.echo(f"{data['documents']} documents: "
               + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()))
    digests = data["digests"]
    click.echo(f"digests: {digests['verified']} verified, {len(digests['failed'])} failed, "
               f"{digests['not_checked']} not checked")
    for failed in digests["failed"]:
        click.echo(f"  digest mismatch: {failed}")
    if data["skipped"]:
        click.echo(f"{len(data['skipped'])} files skipped (no reader)")
    if data["codes"]:
        click.echo("")
        click.echo(f"{'code':44} {'severity':10} {'count':>8} {'documents':>9}")
        for code, entry in data["codes"].items():
            click.echo(f"{code:44} {entry['severity']:10} {entry['count']:>8} {len(entry['documents']):>9}")
