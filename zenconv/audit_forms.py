"""The audit's forms: the terminal table, the CSV, the JSON and the HTML page, printed or written to a file.

Every form is made from :meth:`zenconv.audit.Audit.to_json`, so they carry the same content; the table
shows a summary of it, and every line of it passes through :func:`zenconv.terminal.safe`.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from .reports import Kind, content_first
from .terminal import safe

CSV_COLUMNS = ("manifest", "source", "outcome", "verified", "code", "severity", "count", "kind",
               "meaning", "first_locator", "detail", "signature", "html_output", "locators")
TABLE_DOCUMENTS_PER_CODE = 5


def formatted(data: dict, fmt: str, output: Path | None) -> str:
    if fmt == "json":
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        write_csv(data, out)
        return out.getvalue()
    from .audit_html import render

    # links into the documents' HTML outputs are relative to where the page is read from
    return render(data, base=(output.parent if output is not None else Path.cwd()).resolve())


def emit(text: str, output: Path | None) -> str | None:
    """Print ``text``, or write it to ``output`` whole (a partial file renamed): None, or why it could not."""
    if output is None:
        click.echo(text, nl=False)
        return None
    partial = output.with_name(f".{output.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8", newline="")
        partial.replace(output)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        return exc.strerror or type(exc).__name__
    return None


def write_csv(data: dict, out) -> None:
    """One row per document and code (a document with no code has one row with an empty code)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    verified = {True: "yes", False: "no", None: ""}
    for doc in data["per_document"]:
        head = [doc["manifest"], doc["source"] or "", doc["outcome"], verified[doc["verified"]]]
        tail = [doc.get("signature") or "", doc["html_output"] or ""]
        if not doc["reports"]:
            writer.writerow([*head, "", "", 0, "", "", "", "", *tail, "[]"])
        for code, count in doc["reports"].items():
            entry = data["codes"][code]
            first = doc["first"].get(code, {})
            locators = [{"citation": r["citation"], "anchor": r["anchor"]} for r in doc["located"] if r["code"] == code]
            writer.writerow([*head, code, entry["severity"], count, entry["kind"], entry["meaning"],
                             first.get("citation", ""), first.get("detail", ""), *tail,
                             json.dumps(locators, sort_keys=True, ensure_ascii=False)])


def table(data: dict) -> None:
    _echo(f"{data['documents']} documents: "
               + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()))
    digests = data["digests"]
    _echo(f"digests: {digests['verified']} verified, {len(digests['failed'])} failed, "
               f"{digests['not_checked']} not checked")
    for doc in data["per_document"]:
        if doc["verified"] is False:
            _echo(f"  {doc['manifest']}: {doc['problems'][0] if doc['problems'] else 'does not verify'}")
    for path in data["no_such_path"]:
        _echo(f"  no such path: {path}")
    sig = data["signatures"]
    if sig is not None:
        _echo(f"signatures (key {sig['keyid'][:16]}…): {sig['verified']} verified, {len(sig['unsigned'])} unsigned, "
              f"{len(sig['badly_signed'])} badly signed, {len(sig['missing'])} missing")
        for folder, batch in sig["batches"].items():
            _echo(f"  batch {folder}: {batch['status']}")
            for line in batch["index"]:
                _echo(f"    index: {line}")
        for name in sig["unsigned"]:
            _echo(f"  unsigned: {name}")
        for bad in sig["badly_signed"]:
            _echo(f"  badly signed: {bad['manifest']}: {bad['problem']}")
        for name in sig["missing"]:
            _echo(f"  missing (signed, gone): {name}")
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
        if entry["meaning"]:
            _echo(f"    meaning: {entry['meaning']}")
        for first in entry["first_locators"]:
            _echo(f"    at {first['citation']} in {first['source']}")
        for first in entry["details"]:
            _echo(f"    detail: {first['detail']} ({first['source']})")


def _echo(line: str) -> None:
    """A table line: manifests' paths, sources and codes are files' text, shown and never obeyed."""
    click.echo(safe(line))
