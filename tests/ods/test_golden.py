"""Golden pairs: each fixture of make_fixtures.py -> IR JSON with its reports and flags.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zenconv.ir.serialize import document_to_data

from .conftest import FX, read_ods

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
NAMES = sorted(FX.FIXTURES)


def test_regeneration_is_off():
    assert not REGEN, "ZENCONV_REGEN_GOLDEN=1 rewrites the goldens: never leave it set"


@pytest.mark.parametrize("name", NAMES)
def test_ir_golden(name):
    result = read_ods(FX.FIXTURES[name]())
    record = {
        "document": document_to_data(result.document),
        "flags": result.context.flags,
        "reports": {r.code.code: [r.count, [loc.citation() for loc in r.locators], r.details]
                    for r in result.reporter.reports},
    }
    text = json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path = GOLDEN / f"{name}.json"
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")
