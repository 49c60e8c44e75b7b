"""Golden files: compare, or rewrite under ZENCONV_REGEN_GOLDEN=1 (never in CI; read the diff after)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
# The HTML page's own stylesheet and script, the same in every page: a golden holds a marker in their
# place (and in place of their hashes in the Content-Security-Policy), so a change of style is not a
# change of every HTML golden; tests/writers/test_html_styled.py checks the page's style, script and hashes.
_PAGE_PARTS = re.compile(r"(<style>)(.*?)(</style>)|(<script>)(.*?)(</script>)", re.S)
_HASHES = re.compile(r"'sha256-[A-Za-z0-9+/=]+'")


def _builtin(name: str) -> str:
    from importlib.resources import files

    return files("zenconv.writers.html").joinpath("templates", name).read_text(encoding="utf-8")


def _page_parts_marked(text: str) -> str:
    if not text.startswith("<!doctype html>"):
        return text
    style, script = _builtin("page.css").strip(), _builtin("page.js").strip()

    def mark(match: re.Match) -> str:
        if match.group(1) and match.group(2).strip() == style:
            return "<style>/* templates/page.css */</style>"
        if match.group(4) and match.group(5).strip() == script:
            return "<script>/* templates/page.js */</script>"
        return match.group(0)

    head, sep, rest = text.partition("</head>")
    head = _HASHES.sub("'sha256-…'", _PAGE_PARTS.sub(mark, head))
    return head + sep + rest


def check_golden(path: Path, text: str) -> None:
    text = _page_parts_marked(text)
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_bytes().decode("utf-8")


def ir_record(result) -> str:
    """A reader's result (zenconv.testing.ReadResult) as golden JSON: the IR, the flags, the reports."""
    from zenconv.ir.serialize import document_to_data

    record = {
        "document": document_to_data(result.document),
        "flags": result.context.flags,
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators], r.details]
                    for r in result.reporter.reports},
    }
    return json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
