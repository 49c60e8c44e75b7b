"""Golden pairs: each source in golden/ -> IR JSON (with flags and reports) and -> Markdown.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import zenconv
from zenconv.ir.serialize import document_to_data
from zenconv.testing import read

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
SOURCES = sorted(GOLDEN.glob("*.html"))


def check(path: Path, text: str) -> None:
    if REGEN:
        path.write_bytes(text.encode("utf-8"))
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_bytes().decode("utf-8")


def golden_record(result) -> str:
    record = {
        "document": document_to_data(result.document),
        "flags": result.context.flags,
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators]] for r in result.reporter.reports},
    }
    return json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def test_regeneration_is_off():
    assert not REGEN or os.environ.get("CI") is None


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_ir_golden(source):
    check(source.with_name(source.name + ".json"), golden_record(read(source, "ai.insan.zenfmt.html")))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_markdown_golden(source):
    check(source.with_name(source.name + ".md"), zenconv.convert(source, to="markdown").output.decode("utf-8"))
