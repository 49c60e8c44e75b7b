"""Golden pairs: fixture PDFs (written by make_fixtures.py) -> IR JSON with reports, and -> Markdown.

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

from .conftest import READER

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
NAMES = ["structure", "tables", "continued", "columns"]


def check(path: Path, text: str) -> None:
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_bytes().decode("utf-8")


def test_the_regeneration_flag_is_off():
    assert not REGEN or os.environ.get("CI") is None


@pytest.mark.parametrize("name", NAMES)
def test_ir_golden(name, fixtures):
    got = read(fixtures[f"{name}.pdf"], READER)
    record = {
        "document": document_to_data(got.document),
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators]] for r in got.reporter.reports},
    }
    check(GOLDEN / f"{name}.json", json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", NAMES)
def test_markdown_golden(name, fixtures):
    result = zenconv.convert(fixtures[f"{name}.pdf"], to="markdown")
    check(GOLDEN / f"{name}.md", result.output.decode("utf-8"))
