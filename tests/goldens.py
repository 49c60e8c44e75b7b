"""Golden files: compare, or rewrite under ZENCONV_REGEN_GOLDEN=1 (never in CI; read the diff after)."""

from __future__ import annotations

import json
import os
from pathlib import Path

REGEN = os.environ.get("ZENCONV_REGEN_GOLDEN") == "1"


def check_golden(path: Path, text: str) -> None:
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden {path.name}: run with ZENCONV_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


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
