"""``zenconv audit``: what a set of conversions lost, by code and by document, digests verified.

Reads manifests given directly, found in folders (``*.manifest.json``), or named by a batch index
(``zenconv-index.jsonl``). Totals are sums over the manifests themselves, never over the index's
copy of them, so an edited index cannot change what the audit says. A manifest an index names but
that is gone or unreadable is a document of its own, ``manifest-unreadable``, and fails the digests.

A document's codes are its reports with their counts, plus the reason of an ``unreadable`` outcome
(counted once) when no report carries it. The JSON and CSV forms are for pipelines: their fields and
order are fixed (``audit_version`` names the JSON layout), and every list is sorted.

Each code has a kind (``content`` or ``presentation``, from the manifest's report; a code a manifest
states without one, an outcome's reason among them, is content), its meaning, and the first locators
and details the manifests give it, each with the document it is in. The table lists the content codes
first and the presentation ones after, under a line that counts them, so noise never hides a loss.
A document's ``source`` is its path relative to the batch's root (the index's name for it; under a
folder without an index, the manifest's folder below the one given, then the source's name).

With a public key (``--key``) every document's signature is checked (:mod:`zenconv.attestation`), and
a batch folder's signed list against the documents its index and folder hold: ``unsigned``,
``badly_signed`` and ``missing`` members each make the audit exit 1. A path given that does not exist is
``no_such_path``, never a document whose digests fail.

Each document also lists every located report its manifest holds, each with its anchor in the
document's HTML output when it has one (:mod:`zenconv.audit_anchors`), so the page
(:mod:`zenconv.audit_html`) links each citation to the element it cites. The forms, the table, the CSV,
the JSON and the page, are :mod:`zenconv.audit_forms`'; all are made from :meth:`Audit.to_json`.
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import field
from pathlib import Path

import click

from .audit_forms import CSV_COLUMNS, emit, formatted, table, write_csv  # noqa: F401 (CSV_COLUMNS, write_csv: API)
from .family import EMBEDDED_SUFFIX, family_files, family_manifests
from .manifest import Manifest, verify
from .reports import Kind
from .terminal import safe
from .records import dataclass

INDEX_NAME = "zenconv-index.jsonl"
BATCH_SIGNATURE = "zenconv-index.intoto.jsonl"  # zenconv.attestation's, named here so an unsigned audit never imports it
# 2: each code's kind, the totals per kind, a kind column last in the CSV
# 3: a batch folder is checked against its index: ``missing`` inputs, ``stray`` files, ``failed`` (the run's)
# 4: each code's meaning, first locators and details; ``source`` relative to the batch root; a document's
#    ``problems``; ``no_such_path``; ``signatures`` (null without --key); the CSV's last three columns
# 5: a document's ``html_output``, ``located`` (every located report, with its anchor in that output) and
#    ``details``; the CSV's ``signature``, ``html_output`` and ``locators`` columns; ``--format html``
AUDIT_VERSION = 5
BATCH_OWN = (INDEX_NAME, ".zenconv-lock", BATCH_SIGNATURE)
EXIT_DIGEST, EXIT_USAGE, EXIT_POLICY = 1, 2, 3
FIRST_PER_CODE = 5  # locators and details kept per code, over all documents, in manifest order
MANIFEST_SUFFIX = ".manifest.json"


@dataclass
class Audit:
    documents: list[dict] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    codes: dict[str, dict] = field(default_factory=dict)  # code -> {severity, kind, count, documents, manifests}
    skipped: list[dict] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)   # inputs the index names whose manifest is not there
    failed: list[str] = field(default_factory=list)    # inputs the index says the run failed to convert
    stray: list[str] = field(default_factory=list)     # files in a batch folder that no record accounts for
    no_such_path: list[str] = field(default_factory=list)  # paths given that do not exist
    signatures: dict | None = None                     # with a key: what the signatures say
    sources: dict[Path, str | Path] = field(default_factory=dict)  # manifest -> its source's rel, or the root given
    batches: list[Path] = field(default_factory=list)  # the batch folders read (their signed lists checked)

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
            "no_such_path": self.no_such_path,
            "signatures": self.signatures,
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
        if not path.exists() and not path.is_symlink():
            result.no_such_path.append(str(path))
        elif path.is_dir() and (path / INDEX_NAME).is_file():
            named = _read_index(path / INDEX_NAME, found, skipped, result)
            result.stray += _strays(path, named, found)
            result.batches.append(path)
        elif path.is_dir():
            for manifest in path.rglob("*" + MANIFEST_SUFFIX):
                found.append(manifest)
                result.sources.setdefault(manifest, path)
        elif path.name.endswith(".jsonl"):
            _read_index(path, found, skipped, result)
        else:
            found.append(path)
    result.missing.sort()
    result.failed.sort()
    result.stray.sort()
    result.no_such_path.sort()
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
                found.append(manifest)  # one that is gone is a document of its own: manifest-missing
                result.sources[manifest] = source
                named.add(manifest)
                found += family_manifests(manifest)  # its embedded documents are documents too
                named.add(_signature_of(manifest))
                if not manifest.is_file():
                    result.missing.append(source)
    return named


def _strays(folder: Path, named: set[Path], manifests: list[Path]) -> list[str]:
    """Files in a batch folder that neither the index nor a manifest's resources or children account for."""
    for path in manifests:
        try:
            manifest = Manifest.model_validate_json(path.read_bytes())
        except (OSError, ValueError):
            continue
        named.add(_signature_of(path))
        for res in manifest.resources:
            if res.written and res.path:
                named.add(path.parent / res.path)
        named.update(family_files(path, manifest))
    named = {p.resolve() for p in named}
    strays = []
    for path in folder.rglob("*"):
        if path.is_file() and path.name not in BATCH_OWN and path.resolve() not in named:
            strays.append(path.relative_to(folder).as_posix())
    return strays


def _family_head(manifest: Path) -> Path:
    """The manifest of the document at the top of ``manifest``'s family: a child's lives in its parent's
    ``OUTPUT.embedded/`` folder beside the parent's ``OUTPUT.manifest.json``; ``manifest`` itself when it
    is no child (or its parent's manifest is not where a batch writes it)."""
    head = manifest
    while head.parent.name.endswith(EMBEDDED_SUFFIX):
        parent = head.parent.parent / (head.parent.name[: -len(EMBEDDED_SUFFIX)] + MANIFEST_SUFFIX)
        if not parent.is_file():
            break
        head = parent
    return head


def _signature_of(manifest: Path) -> Path:
    name = manifest.name
    stem = name[: -len(MANIFEST_SUFFIX)] if name.endswith(MANIFEST_SUFFIX) else name
    return manifest.with_name(stem + ".intoto.jsonl")


def _source_of(result: Audit, path: Path, name: str | None) -> str | None:
    """The source's path relative to the batch root: the index's, else below the folder given."""
    where = result.sources.get(path)
    if isinstance(where, str):
        return where
    if isinstance(where, Path) and name is not None:
        folder = path.parent.relative_to(where).as_posix()
        return name if folder == "." else f"{folder}/{name}"
    return name


def audit(paths, verify_digests: bool = True, key=None, anchors: bool = True) -> Audit:
    """The audit of ``paths``; ``anchors=False`` leaves every located report's anchor None, the HTML
    outputs unread (the terminal table, which shows none, skips that pass)."""
    result = Audit()
    manifests, result.skipped = find_manifests(paths, result)
    firsts: dict[str, dict] = {}
    for path in manifests:
        try:
            manifest = Manifest.model_validate_json(path.read_bytes())
        except (OSError, ValueError) as exc:
            gone = isinstance(exc, FileNotFoundError)
            outcome = "manifest-missing" if gone else "manifest-unreadable"
            result.documents.append({"manifest": str(path), "source": _source_of(result, path, None),
                                     "source_sha256": None, "outcome": outcome, "reasons": [],
                                     "verified": None if gone else False, "reports": {},
                                     "problems": ["manifest: no such file" if gone else
                                                  f"manifest: cannot be read ({type(exc).__name__})"],
                                     "html_output": None, "located": [], "details": []})
            result.outcomes[outcome] = result.outcomes.get(outcome, 0) + 1
            continue
        problems = verify(path) if verify_digests else []
        verified = (not problems) if verify_digests else None
        source = _source_of(result, path, manifest.source.name)
        reports = {r.code: r.count for r in manifest.reports}
        severities = {r.code: r.severity for r in manifest.reports}
        kinds = {r.code: r.kind or str(Kind.CONTENT) for r in manifest.reports}
        meanings = {r.code: r.meaning for r in manifest.reports}
        for code in manifest.reasons:
            reports.setdefault(code, 1)
        reports = dict(sorted(reports.items()))
        html, located = _located(path, manifest, anchors)
        result.documents.append({"manifest": str(path), "source": source,
                                 "source_sha256": manifest.source.sha256, "outcome": manifest.outcome,
                                 "reasons": list(manifest.reasons), "verified": verified, "reports": reports,
                                 "problems": problems, "html_output": html, "located": located,
                                 "details": [{"code": r.code, "detail": d} for r in sorted(
                                     manifest.reports, key=lambda r: r.code) for d in r.details]})
        result.outcomes[manifest.outcome] = result.outcomes.get(manifest.outcome, 0) + 1
        by_code = {r.code: r for r in manifest.reports}
        for code, count in reports.items():
            entry = result.codes.setdefault(code, {"severity": severities.get(code, "refused"),
                                                   "kind": kinds.get(code, str(Kind.CONTENT)),
                                                   "meaning": meanings.get(code) or _host_meaning(code),
                                                   "count": 0, "documents": 0, "manifests": [],
                                                   "first_locators": [], "details": []})
            entry["count"] += count
            entry["documents"] += 1
            entry["manifests"].append(str(path))
            report = by_code.get(code)
            first = firsts.setdefault(str(path), {})
            if report is not None:
                first[code] = _first(entry, source, report.first_locators, report.details)
            else:  # an outcome's reason no report carries: the manifest's message is its detail
                first[code] = _first(entry, source, [], [manifest.message] if manifest.message else [])
    for doc in result.documents:
        doc["first"] = firsts.get(doc["manifest"], {})
    if key is not None:
        result.signatures = _signatures(result, key)
    return result


def _located(path: Path, manifest: Manifest, find: bool) -> tuple[str | None, list[dict]]:
    """The document's HTML output (when it has one) and every located report, in code order, each with
    its citation and the anchor in that output that cites it (None when none does)."""
    from .audit_anchors import anchors, html_output

    html = html_output(path, manifest.output)
    located = [(r.code, loc) for r in sorted(manifest.reports, key=lambda r: r.code) for loc in r.first_locators]
    found = anchors(html, [loc for _, loc in located]) if find and html is not None and located else None
    found = found or [None] * len(located)
    return (str(html) if html is not None else None,
            [{"code": code, "citation": _citation(loc), "locator": loc, "anchor": anchor}
             for (code, loc), anchor in zip(located, found)])


def _first(entry: dict, source: str | None, locators: list[dict], details: list[str]) -> dict:
    """Keep the code's first locators and details (over the whole audit); return this document's first."""
    citations = [_citation(loc) for loc in locators]
    for loc, citation in zip(locators, citations):
        if len(entry["first_locators"]) < FIRST_PER_CODE:
            entry["first_locators"].append({"source": source, "locator": loc, "citation": citation})
    for detail in details:
        if len(entry["details"]) < FIRST_PER_CODE:
            entry["details"].append({"source": source, "detail": detail})
    return {"citation": citations[0] if citations else "", "detail": details[0] if details else ""}


def _citation(locator: dict) -> str:
    from .ir.locator import Locator

    if isinstance(locator.get("citation"), str):  # the reporter states it beside the fields
        return locator["citation"]
    try:
        return Locator.from_json(locator).citation()
    except (TypeError, ValueError, AttributeError):  # a manifest from elsewhere: shown as it is
        return json.dumps(locator, sort_keys=True, ensure_ascii=False)


def _host_meaning(code: str) -> str:
    from .reports import HOST_CODES

    return next((c.meaning for c in HOST_CODES if c.code == code), "")


def _signatures(result: Audit, key) -> dict:
    """Each document's signature, and each batch folder's signed membership."""
    from .attestation import check_batch, check_conversion
    from .signing import keyid

    verified, unsigned, badly, missing, batches = 0, [], [], [], {}
    checked: dict[Path, list[str]] = {}
    for doc in result.documents:
        if doc["outcome"] == "manifest-missing":
            doc["signature"] = None
            continue
        signer = _family_head(Path(doc["manifest"]))  # an embedded document is signed with its family
        if signer not in checked:
            checked[signer] = check_conversion(signer, key)
        problems = checked[signer]
        if not problems:
            doc["signature"] = "verified"
            verified += 1
        elif "unsigned: no signature file" in problems[0]:
            doc["signature"] = "unsigned"
            unsigned.append(doc["manifest"])
        else:
            doc["signature"] = "badly signed"
            badly.append({"manifest": doc["manifest"], "problem": problems[0]})
    for folder in sorted(set(result.batches)):
        check = check_batch(folder, key)
        batches[str(folder)] = check.to_json()
        missing += [str(folder / name) for name in check.missing]
        unsigned += [str(folder / name) for name in check.unsigned if str(folder / name) not in unsigned]
        badly += [{"manifest": str(folder / b["manifest"]), "problem": b["problem"]} for b in check.badly_signed]
    return {"keyid": keyid(key), "verified": verified, "unsigned": sorted(set(unsigned)),
            "badly_signed": sorted(badly, key=lambda b: (b["manifest"], b["problem"])), "missing": sorted(missing),
            "batches": batches}


def signatures_fail(data: dict) -> bool:
    sig = data.get("signatures")
    if not sig:
        return False
    return bool(sig["unsigned"] or sig["badly_signed"] or sig["missing"]
                or any(b["status"] != "verified" or b["index"] for b in sig["batches"].values()))


def run_audit(paths, *, fmt: str = "table", fail_on: tuple[str, ...] = (), verify_digests: bool = True,
              key=None, known_codes=None, output: Path | None = None) -> int:
    """Print the audit (or write it to ``output``); exit 3 when a --fail-on pattern matches a code, else 1
    when a digest or a signature fails or anything is missing, failed, stray or no such path, else 0.

    With ``known_codes`` (the installed plugins'), a pattern that matches none of them nor any code the
    manifests hold is a usage error (exit 2), before anything is printed: a typo is not a passed gate.
    An ``output`` that is a file the audit reads (a manifest, an index, an output) is a usage error too.
    """
    result = audit(paths, verify_digests, key, anchors=fmt != "table")
    if output is not None:
        clash = _reads(result, paths) & {output.resolve()}
        if clash or output.is_dir():
            what = "a folder" if output.is_dir() else "a file the audit reads"
            click.echo(safe(f"zenconv audit: -o {output}: {what}; refusing to write over it"), err=True)
            return EXIT_USAGE
    if fail_on and known_codes is not None:
        from .catalogue import check_patterns
        from .errors import UsageError

        try:
            check_patterns(fail_on, [*known_codes, *result.codes])
        except UsageError as exc:
            click.echo(safe(f"zenconv audit: {exc}"), err=True)
            return EXIT_USAGE
    data = result.to_json()
    if fmt == "table":
        table(data)
    else:
        problem = emit(formatted(data, fmt, output), output)
        if problem is not None:
            click.echo(safe(f"zenconv audit: -o {output}: cannot write it ({problem})"), err=True)
            return EXIT_USAGE
    matched = sorted(code for code in result.codes if any(fnmatch.fnmatchcase(code, p) for p in fail_on))
    if matched:
        click.echo(safe(f"zenconv audit: --fail-on matched {', '.join(matched)}"), err=True)
        return EXIT_POLICY
    unaccounted = data["missing"] or data["failed"] or data["stray"] or data["no_such_path"]
    return EXIT_DIGEST if data["digests"]["failed"] or unaccounted or signatures_fail(data) else 0


def _reads(result: Audit, paths) -> set[Path]:
    """Every file the audit read: the paths given, the indexes, the manifests, their outputs and signatures."""
    files = {Path(p) for p in paths} | {folder / INDEX_NAME for folder in result.batches}
    for doc in result.documents:
        manifest = Path(doc["manifest"])
        files |= {manifest, _signature_of(manifest)}
        if doc["html_output"]:
            files.add(Path(doc["html_output"]))
        try:
            recorded = Manifest.model_validate_json(manifest.read_bytes()).output
        except (OSError, ValueError):
            continue
        if recorded is not None and recorded.path:
            files.add(manifest.parent / recorded.path)
    return {f.resolve() for f in files}
