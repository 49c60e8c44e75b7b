"""Golden pairs: source bytes (built here) -> IR JSON with the flags and reports, and -> Markdown.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import zenconv
from zenconv.ir.serialize import document_to_data

from .test_delimiter import LISTINO

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"

SOURCES: dict[str, tuple[bytes, dict]] = {
    "listino": (LISTINO, {}),
    "multiline": (b'id,note,amount\r\n1,"first\r\nsecond",10\r\n2,"say ""hi""",20\r\n3,plain,30\r\n', {}),
    "ragged": (b"a\tb\tc\n1\n\n1\t2\t3\t4\n", {}),
    "truncated": (b"h1,h2,h3\n1,2,3\n4,5,6\n7,8,9\n", {"max_rows": 3, "max_cols": 2}),
    "stray-byte": ("name,city\nRenée,Zürich\n".encode() + b"Ana,S\xe3o Paulo\n", {}),
}


def check(path: Path, text: str) -> None:
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_bytes().decode("utf-8")


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_ir_golden(name, read_csv):
    data, options = SOURCES[name]
    got = read_csv(data, name=f"{name}.csv", **options)
    record = {
        "document": document_to_data(got.result.document),
        "flags": got.flags,
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators]] for r in got.result.reporter.reports},
    }
    check(GOLDEN / f"{name}.json", json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_markdown_golden(name):
    data, options = SOURCES[name]
    result = zenconv.convert(data, to="markdown", name=f"{name}.csv", **options)
    check(GOLDEN / f"{name}.md", result.output.decode("utf-8"))
