"""Golden pairs: each fixture of make_fixtures.py -> IR JSON (with reports and preservation), -> Markdown, -> HTML.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import zenconv
from zenconv.ir.serialize import document_to_data

from ..goldens import check_golden as check
from .conftest import FX, read_docx

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
NAMES = sorted(FX.FIXTURES)


def test_regeneration_is_off():
    assert not REGEN, "ZENCONV_REGEN_GOLDEN=1 rewrites the goldens: never leave it set"


@pytest.mark.parametrize("name", NAMES)
def test_ir_golden(name):
    result = read_docx(FX.FIXTURES[name]())
    record = {
        "document": document_to_data(result.document),
        "preservation": result.context.preservation,
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators], r.details]
                    for r in result.reporter.reports},
        "resources": [[r.name, r.media_type, r.sha256] for r in result.document.resources],
    }
    check(GOLDEN / f"{name}.json", json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


@pytest.mark.parametrize("to, ext", [("markdown", "md"), ("html", "html")])
@pytest.mark.parametrize("name", NAMES)
def test_writer_golden(name, to, ext):
    result = zenconv.convert(FX.FIXTURES[name](), to=to, name=f"{name}.docx")
    check(GOLDEN / f"{name}.{ext}", result.output.decode("utf-8"))
