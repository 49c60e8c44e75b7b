"""Golden pairs: golden/rich.ir.json (every node type, facets, notes, hostile text) -> each writer's output.

The IR file is the input; rich_document.py builds it. Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in
CI), then read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zenconv.ir.serialize import document_from_data, document_to_data

from ..goldens import check_golden as check
from .conftest import write_with
from .rich_document import resources, rich_document

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"
OUTPUTS = [("markdown", "rich.md", {}), ("markdown", "rich.html-tables.md", {"html_tables": True}),
           ("html", "rich.html", {}), ("html", "rich.embedded.html", {"embed_media": True}),
           ("json", "rich.json", {}), ("segments", "rich.segments.jsonl", {})]


def test_regeneration_is_off_in_ci():
    assert not (REGEN and os.environ.get("CI")), "ZENCONV_REGEN_GOLDEN=1 rewrites the goldens: never in CI"


def test_the_ir_golden_is_the_rich_document():
    data = document_to_data(rich_document().materialize())
    check(GOLDEN / "rich.ir.json", json.dumps(data, indent=1, ensure_ascii=False) + "\n")


@pytest.mark.parametrize("writer, name, options", OUTPUTS, ids=[name for _, name, _ in OUTPUTS])
def test_writer_golden(writer, name, options):
    data = json.loads((GOLDEN / "rich.ir.json").read_text(encoding="utf-8"))
    doc = document_from_data(data)
    store = resources()
    doc.resources = store
    written = write_with(writer, doc, store, **options)
    check(GOLDEN / name, written.text)
    reports = {code: count for code, count in sorted(written.codes.items())}
    check(GOLDEN / f"{name}.reports.json", json.dumps(reports, indent=1) + "\n")
